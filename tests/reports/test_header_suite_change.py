"""After a new suite version the gate compares the scenarios that did not change (docs/gate.md#when-the-suite-changes),
and so does the report's "since the baseline": the trust score's change and each metric card's are over those
scenarios, and say so ("+38.5 since the baseline of run #1, over the 3 scenarios that did not change")."""

from __future__ import annotations

import html
import re
import types
from collections.abc import Mapping, Sequence
from typing import Any

from django.urls import reverse
from django.utils import timezone

from evaluations.gate.services import baseline_pin
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import EvaluationRun
from evaluations.scoring.metrics import compute_metrics
from suites.selectors import suite_current_scenarios
from suites.services import suite_revise
from tests.gate import conftest as gate_fixtures

suite = gate_fixtures.suite  # Refund window, Warranty (accuracy), Discount abuse (guardrails), Card on file (pii)


def finished_run(agent: Any, suite: Any, outcomes: Mapping[str, Sequence[str]]) -> EvaluationRun:
    """A finished rules-only run of the suite's current version, its attempts with the given verdicts (three passes
    for a scenario not named)."""
    specs = [row.to_spec() for row in suite_current_scenarios(suite=suite) if row.is_active]
    attempts = [
        types.SimpleNamespace(scenario_key=spec.key, verdict=verdict, is_refusal=False, is_breach=False, latency_ms=9)
        for spec in specs
        for verdict in outcomes.get(spec.name, ["pass"] * 3)
    ]
    summary = compute_metrics(specs, attempts)
    return EvaluationRun.objects.create(
        account=agent.account, agent=agent, suite=suite, agent_name=agent.name, suite_name=suite.name,
        suite_version=suite.version, endpoint_url=agent.endpoint_url,
        settings_snapshot={"mode": "saved_suite", "judge_provider": "rules_only", "redteam_depth": "",
                           "redteam_library_version": ""},
        scenarios=[s.to_dict() for s in specs], runs_per_scenario=3, judge_model="rules_only",
        status=RunStatus.SUCCEEDED, metrics=summary, trust_score=summary["trust_score"], finished_at=timezone.now(),
    )  # fmt: skip


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def test_the_change_since_the_baseline_is_over_the_unchanged_scenarios_after_a_suite_version(
    client, alice, agent, suite
) -> None:
    baseline = finished_run(agent, suite, {"Warranty": ["pass", "pass", "fail"]})
    baseline_pin(run=baseline, user=alice)
    refund = suite_current_scenarios(suite=suite).get(name="Refund window")
    suite_revise(
        suite=suite,
        note="Reworded the refund question; a returns question added.",
        user=alice,
        edits={refund.pk: {"turns": ["How many days do I have to ask for a refund?"]}},
        additions=[{"kind": "accuracy", "name": "Returns", "turns": ["Can I return it?"]}],
    )
    assert suite.version == 2
    run = finished_run(agent, suite, {"Returns": ["fail"] * 3})
    # Whole runs: 80.8 → 87.2 (+6.4). Over Warranty, Discount abuse and Card on file, the three in both versions
    # unchanged: accuracy 0 → 100, so 61.5 → 100 (+38.5).
    assert (baseline.trust_score, run.trust_score) == (80.8, 87.2)
    client.force_login(alice)
    page = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()

    header = text_of(page[page.index('id="verdict-header"') : page.index('id="report-downloads"')])
    assert (
        f"Trust score 87.2 / 100 , +38.5 since the baseline of run #{baseline.pk} , over the 3 scenarios that did not "
        "change (61.5 → 100)" in header
    )
    assert "+6.4" not in header
    cards = text_of(page[page.index('id="report-cards"') : page.index('aria-label="Run settings"')])
    assert "+38.5 since the baseline, over the 3 scenarios that did not change (61.5 → 100)" in cards
    accuracy = text_of(
        page[page.index('id="metric-response_accuracy"') : page.index('id="metric-guardrail_pass_rate"')]
    )
    assert "+100 points since the baseline, over the scenarios that did not change (0% → 100%)" in accuracy
    # The gate said the same: it compared those three (its note, in the drift section).
    assert "the gate compared the 3 scenarios that did not change" in text_of(page)


def test_without_a_suite_change_the_change_is_over_the_whole_runs(client, alice, agent, suite) -> None:
    baseline = finished_run(agent, suite, {"Warranty": ["pass", "pass", "fail"]})
    baseline_pin(run=baseline, user=alice)
    run = finished_run(agent, suite, {})
    client.force_login(alice)
    page = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    header = text_of(page[page.index('id="verdict-header"') : page.index('id="report-downloads"')])
    assert f"Trust score 100 / 100 , +19.2 since the baseline of run #{baseline.pk} (80.8)" in header
    assert "did not change" not in header
