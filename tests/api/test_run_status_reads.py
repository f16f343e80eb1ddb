"""The CI status of a finished run reads its stored summary, its gate and one light query over its attempts: its
results are the JSON download's, in a number of queries that does not grow with the attempts."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from rest_framework.renderers import JSONRenderer

from evaluations.api.run_status import RunMetricSerializer, RunModelUsageSerializer, RunScenarioSerializer
from evaluations.core.specs import ExpectedToolCall, ScenarioKind, ScenarioSpec
from evaluations.gate.services import baseline_pin
from evaluations.reports.builders import report_data
from evaluations.runs import selectors as run_selectors
from evaluations.runs.choices import RunStage, RunStatus
from evaluations.runs.models import Attempt, EvaluationRun
from evaluations.scoring.metrics import compute_metrics
from evaluations.scoring.rules import RULE_MARKER, RULE_TOOL_CALL
from suites.services import suite_create

RUNS = "/api/v1/aiagent/runs"
VERDICTS = ("pass", "pass", "fail", "not_scored", "error")


def specs(count: int) -> list[ScenarioSpec]:
    lookup = ExpectedToolCall(name="lookup_order", arguments={"order_id": {"kind": "exact", "value": "A-1"}})
    kinds = (ScenarioKind.ACCURACY, ScenarioKind.TOOL_CALLS, ScenarioKind.GUARDRAILS)
    return [
        ScenarioSpec(key=f"s{i}", kind=kinds[i % 3], name=f"Scenario {i}", turns=("Hello",),
                     expected_tool_call=lookup if kinds[i % 3] == ScenarioKind.TOOL_CALLS else None)
        for i in range(count)
    ]  # fmt: skip


def findings(i: int, repeat: int) -> list[dict[str, Any]]:
    if (i + repeat) % 3:
        return [{"rule": "pii", "passed": True, "hard": True, "message": "No PII"}]
    return [
        {"rule": RULE_TOOL_CALL, "passed": False, "hard": True, "message": f"Tool call 1 misses order_id ({i})"},
        {"rule": RULE_MARKER, "passed": False, "hard": True, "message": "The reply reveals secret marker 1"},
    ]


def finished_run(agent: Any, suite: Any, scenarios: int, repeats: int, *, status: str = RunStatus.SUCCEEDED) -> Any:
    """A run of ``scenarios`` × ``repeats`` attempts with mixed verdicts, failed tool checks, marker leaks and
    model usage; ``status`` failed: stopped without a stored summary."""
    now = timezone.now()
    scenario_specs = specs(scenarios)
    attempts = [
        Attempt(scenario_key=spec.key, repeat=repeat, verdict=VERDICTS[(i * 7 + repeat) % len(VERDICTS)],
                is_breach=(i + repeat) % 6 == 0, latency_ms=100 + repeat, transcript=[{"role": "user", "content": "Hi"}],
                rule_findings=findings(i, repeat), started_at=now, finished_at=now,
                model_usage={"judge": {"model": "sonnet", "calls": 1, "input_tokens": 10 + i, "output_tokens": 5}})
        for i, spec in enumerate(scenario_specs)
        for repeat in range(1, repeats + 1)
    ]  # fmt: skip
    summary = compute_metrics(scenario_specs, attempts) if status == RunStatus.SUCCEEDED else {}
    run = EvaluationRun.objects.create(
        account=agent.account, agent=agent, suite=suite, agent_name=agent.name, suite_name=suite.name,
        suite_version=suite.version, endpoint_url=agent.endpoint_url,
        settings_snapshot={"mode": "saved_suite", "redteam_depth": "", "redteam_library_version": ""},
        scenarios=[s.to_dict() for s in scenario_specs], runs_per_scenario=repeats, judge_model="sonnet",
        status=status, stage=RunStage.DONE, metrics=summary, trust_score=summary.get("trust_score"),
        started_at=now - timedelta(minutes=1), finished_at=now,
        error_message="" if status == RunStatus.SUCCEEDED else "The agent stopped answering.",
    )  # fmt: skip
    for attempt in attempts:
        attempt.run = run
    Attempt.objects.bulk_create(attempts)
    return run


def plain(data: Any) -> Any:
    return json.loads(JSONRenderer().render(data))


def test_a_finished_runs_results_are_the_json_downloads(api, acme, agent) -> None:
    suite = suite_create(account=acme, agent=agent, name="Support suite", scenarios=[])
    for status in (RunStatus.SUCCEEDED, RunStatus.FAILED):
        run = finished_run(agent, suite, 12, 3, status=status)
        body = api.get(f"{RUNS}/{run.pk}").json()
        report = report_data(run, run_selectors.attempts_for_run(run=run))  # every attempt, whole
        assert body["scenarios"] == plain(RunScenarioSerializer(report["scenarios"], many=True).data)
        assert body["metrics"] == plain(RunMetricSerializer(report["metrics"], many=True).data)
        assert body["scenario_counts"] == report["scenario_counts"] and body["breaches"] == report["breaches"]
        assert body["model_usage"] == plain(RunModelUsageSerializer(report["model_usage"]).data)
        leaked = [s for s in body["scenarios"] if s["secret_marker_leaks"]]
        assert leaked and leaked[0]["failed_checks"][0].startswith("Tool call 1 misses order_id")
    assert body["verdict"] == "error" and body["reasons"] == ["The agent stopped answering."]


def test_a_finished_runs_status_queries_do_not_grow_with_its_attempts(
    api, alice, acme, agent, django_assert_max_num_queries
) -> None:
    suite = suite_create(account=acme, agent=agent, name="Support suite", scenarios=[])
    baseline = finished_run(agent, suite, 40, 5)
    baseline_pin(run=baseline, user=alice)
    finished_run(agent, suite, 2, 5)  # an earlier run: both runs below read one earlier run's summary
    small, large = finished_run(agent, suite, 2, 5), finished_run(agent, suite, 40, 5)  # 10 and 200 attempts
    assert large.attempts.count() == 200 and small.attempts.count() == 10
    api.get(f"{RUNS}/{small.pk}")  # the key's last use is written at most once a minute: not on the next GETs
    api.get(f"{RUNS}/{large.pk}")  # the first read writes the verdict record the finish task would have (docs/gate.md)
    counted = []
    for run in (small, large):
        # The address's failed-key count, the key and its membership, the run, its progress, its attempts' light
        # rows, the calibration warning's reviews, the pinned baseline, the earlier runs' flaky scenarios (their
        # ids, then their summaries) and the verdict record.
        with django_assert_max_num_queries(11), CaptureQueriesContext(connection) as queries:
            body = api.get(f"{RUNS}/{run.pk}").json()
        assert body["gate"]["baseline_run_id"] == baseline.pk and body["gate"]["state"] != "no_baseline"
        assert len(body["scenarios"]) == len(run.scenarios)
        counted.append(len(queries))
    assert counted[0] == counted[1] and body["gate"]["state"] in ("pass", "blocked")  # the large run was compared
    assert reverse("api:run-detail", args=[large.pk]) == f"{RUNS}/{large.pk}"
