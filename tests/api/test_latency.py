"""Reply latency of a run against a streaming agent: each reply's time, time to first token and chunks are kept;
the report, the JSON download and the CI API show p50 / p95 per run and per scenario; ``max_p95_latency_ms``
fails a run that is too slow and never moves the trust score (docs/ci.md, docs/agents.md)."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from evaluations.agents.services import agent_create
from evaluations.runs.models import Attempt, EvaluationRun
from suites.services import suite_create
from tests.support.fixtures_api import Api
from tests.support.stream_server import Request, Stream, StreamServer, sse

RUNS = "/api/v1/aiagent/runs"


@pytest.fixture
def streaming_suite(acme, stream_server: StreamServer, private_endpoints):
    def handle(request: Request) -> Stream:
        turns = len(request.body["history"]) // 2 + 1
        words = [f"Turn {turns}: ", "refunds ", "take ", "14 ", "days."]
        return Stream(sse(*({"delta": w} for w in words), "[DONE]"), delays=[0.06, 0.01, 0.01, 0.01, 0.01])

    stream_server.handle = handle
    agent = agent_create(account=acme, data={
        "name": "Streaming bot", "protocol": "http_json", "endpoint_url": stream_server.url(),
        "request_template": '{"message": {{message}}, "history": {{history}}}', "reply_path": "delta",
        "stream": "sse", "stream_done": "[DONE]",
    })  # fmt: skip
    return suite_create(account=acme, agent=agent, name="Streaming suite", scenarios=[
        {"kind": "accuracy", "name": "Refund window", "turns": ["How long?"], "required_phrases": ["14 days"]},
        {"kind": "accuracy", "name": "Two turns", "turns": ["Hi", "And refunds?"], "required_phrases": ["Turn 2"]},
    ])  # fmt: skip


def launch(api: Api, capture: Any, body: dict[str, Any]) -> dict[str, Any]:
    with capture(execute=True):
        response = api.post(RUNS, body)
    assert response.status_code == 202, response.content
    status = api.get(response.json()["status_url"].split("testserver", 1)[1])
    return status.json()


def test_streamed_run_keeps_each_replys_timing_and_the_api_reports_percentiles(
    api, streaming_suite, django_capture_on_commit_callbacks
) -> None:
    body = launch(api, django_capture_on_commit_callbacks, {"suite": streaming_suite.pk, "runs_per_scenario": 2})
    assert body["status"] == "succeeded" and body["scenario_counts"]["pass"] == 2, body["reasons"]
    latency = body["latency"]
    assert latency["replies"] == latency["streamed"] == 6  # 2 runs x (1 + 2 turns)
    assert 55 <= latency["ttft_p50_ms"] <= latency["ttft_p95_ms"] <= latency["p95_ms"]
    assert latency["p50_ms"] >= latency["ttft_p50_ms"] + 30
    two_turns = next(s for s in body["scenarios"] if s["name"] == "Two turns")
    assert two_turns["latency"]["replies"] == 4
    timings = Attempt.objects.filter(scenario_key=two_turns["key"]).first().reply_timings  # type: ignore[union-attr]
    assert [t["chunks"] for t in timings] == [5, 5] and all(t["ttft_ms"] < t["ms"] for t in timings)
    assert body["options"]["max_p95_latency_ms"] is None
    assert not any("latency" in reason for reason in body["reasons"])


def test_max_p95_latency_fails_a_slow_run_without_touching_the_trust_score(
    api, alice, client, streaming_suite, django_capture_on_commit_callbacks
) -> None:
    slow = launch(api, django_capture_on_commit_callbacks, {"suite": streaming_suite.pk, "max_p95_latency_ms": 20})
    assert slow["verdict"] == "fail" and slow["exit_code"] == 1
    p95 = slow["latency"]["p95_ms"]
    assert slow["reasons"][0].startswith(f"Reply latency p95 {p95:,} ms is above the limit of 20 ms")
    fast = launch(api, django_capture_on_commit_callbacks, {"suite": streaming_suite.pk, "max_p95_latency_ms": 60_000})
    assert fast["verdict"] == "pass"
    assert f"Reply latency p95 {fast['latency']['p95_ms']:,} ms is within the limit of 60,000 ms." in fast["reasons"]
    assert slow["trust_score"] == fast["trust_score"] == 100.0
    assert EvaluationRun.objects.get(pk=slow["id"]).settings_snapshot["ci"]["max_p95_latency_ms"] == 20

    client.force_login(alice)
    page = client.get(reverse("evaluations:run-report", args=[slow["id"]])).content.decode()
    assert 'id="run-latency"' in page and f"/ {p95:,} ms" in page and "never part of the trust score" in page
    assert "First token p50 / p95" in page
    download = api.get(slow["links"]["json_url"].split("testserver", 1)[1]).json()
    assert download["latency"]["p95_ms"] == p95
    assert download["scenarios"][0]["attempts"][0]["reply_timings"][0]["chunks"] == 5


@pytest.mark.parametrize("value", [0, -5, "fast", 1.5, True])
def test_max_p95_latency_must_be_a_positive_integer(api, streaming_suite, value) -> None:
    response = api.post(RUNS, {"suite": streaming_suite.pk, "max_p95_latency_ms": value})
    assert response.status_code == 400 and "max_p95_latency_ms" in response.json()
    assert not EvaluationRun.objects.exists()
