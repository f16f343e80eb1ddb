"""The CI status poll of an active run: the lean path (one aggregate for progress and model usage, the body sent as
built) answers exactly what the serializer would, in a bounded number of queries."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.renderers import JSONRenderer

from billing.services import api_key_create
from evaluations.api.run_status import RunStatusSerializer
from evaluations.runs import selectors as run_selectors
from evaluations.runs.models import Attempt, EvaluationRun, RunStatus
from suites.services import suite_create
from tests.support.fixtures_api import Api

RUNS = "/api/v1/aiagent/runs"


def usage(model: str, calls: int, tokens: int, cached: int, written: int, output: int) -> dict[str, Any]:
    return {"model": model, "calls": calls, "input_tokens": tokens, "cached_input_tokens": cached,
            "cache_write_tokens": written, "output_tokens": output}  # fmt: skip


@pytest.fixture
def running(api, acme, agent) -> EvaluationRun:
    """A run in progress (launched, never executed: on_commit callbacks do not run) with three attempts done."""
    suite = suite_create(
        account=acme, agent=agent, name="Support suite",
        scenarios=[{"kind": "accuracy", "name": f"Q{i}", "turns": ["How long?"], "required_phrases": ["days"]} for i in range(3)],
    )  # fmt: skip
    response = api.post(RUNS, {"suite": suite.pk, "runs_per_scenario": 2})
    assert response.status_code == 202, response.content
    run_id = response.json()["id"]
    run = EvaluationRun.objects.get(pk=run_id)
    snapshot = {**run.settings_snapshot, "model_usage": {"generation": usage("sonnet", 2, 900, 0, 1500, 700)}}
    EvaluationRun.objects.filter(pk=run_id).update(
        status=RunStatus.RUNNING, stage="execute", started_at=timezone.now(), settings_snapshot=snapshot
    )
    now = timezone.now()
    usages = [
        {"judge": usage("sonnet", 1, 120, 4000, 0, 60)},
        {"judge": usage("sonnet", 2, 240, 8000, 0, 90), "simulated_user": usage("haiku", 3, 300, 0, 0, 150)},
        {},
    ]
    for i, (verdict, model_usage) in enumerate(zip(["pass", "fail", "not_scored"], usages, strict=True)):
        Attempt.objects.create(
            run=run, scenario_key=f"s{i}", repeat=0, transcript=[], verdict=verdict,
            started_at=now, finished_at=now, model_usage=model_usage,
        )  # fmt: skip
    return EvaluationRun.objects.get(pk=run_id)


def test_an_active_runs_status_is_what_the_serializer_would_answer(api, running) -> None:
    response = api.get(f"{RUNS}/{running.pk}")
    assert response.status_code == 200
    body = response.json()
    assert body["verdict"] == "pending" and body["reasons"] == ["The run is running: 3 of 6 conversations done."]
    assert body["progress"]["done"] == 3 and body["progress"]["passed"] == 1 and body["progress"]["failed"] == 1
    assert body["progress"]["not_scored"] == 1 and body["progress"]["total"] == 6 and "steps" not in body["progress"]
    assert json.loads(JSONRenderer().render(RunStatusSerializer(body).data)) == body
    assert list(body) == list(RunStatusSerializer().fields)


def test_usage_summed_by_the_database_equals_the_attempts_usage(api, running) -> None:
    body = api.get(f"{RUNS}/{running.pk}").json()
    in_python = run_selectors.run_model_usage(run=running, attempts=list(running.attempts.all()))
    assert body["model_usage"] == json.loads(json.dumps(in_python))
    assert body["model_usage"]["judge"]["calls"] == 3 and body["model_usage"]["judge"]["cached_input_tokens"] == 12000
    assert body["model_usage"]["simulated_user"]["model"] == "haiku"
    assert body["model_usage"]["generation"]["cache_write_tokens"] == 1500
    assert body["model_usage"]["total"]["calls"] == 8


def test_a_run_without_attempts_yet_counts_zero(api, running) -> None:
    running.attempts.all().delete()
    body = api.get(f"{RUNS}/{running.pk}").json()
    assert body["progress"]["done"] == 0 and body["model_usage"]["judge"]["calls"] == 0
    assert body["model_usage"]["generation"]["calls"] == 2  # the run's own scenario writing


def test_a_status_poll_reads_a_bounded_number_of_rows(api, running) -> None:
    api.get(f"{RUNS}/{running.pk}")  # the key's last use is written at most once a minute: not on the next poll
    with CaptureQueriesContext(connection) as queries:
        assert api.get(f"{RUNS}/{running.pk}").status_code == 200
    # The address's failed-key count (checked before the key: docs/configuration.md), the key and its membership,
    # the run, one aggregate over its attempts: not one query per attempt.
    assert len(queries) == 5, [query["sql"][:80] for query in queries]


def test_another_workspaces_key_gets_404_for_the_run(api, running, bob, client) -> None:
    _, token = api_key_create(user=bob, account=bob.memberships.get().account, name="bob")
    response = Api(client, token).get(f"{RUNS}/{running.pk}")
    assert response.status_code == 404 and response.json()["detail"] == "No such run."
