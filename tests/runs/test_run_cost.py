"""What a run cost: judge calls and tokens per attempt, and the estimated provider cost on the report and in the CI
API (``evaluations/llm/usage.py``, prices from TRUSTGATE_MODEL_PRICES)."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from evaluations.runs.choices import RunStatus
from suites.services import suite_create


@pytest.fixture
def judged_run(launch, acme, demo_agent_record, anthropic_judge_env):
    scenarios = [
        {
            "kind": "accuracy",
            "name": f"Hours {i}",
            "turns": [f"When is support open? ({i})"],
            "expected_outcome": "Hours.",
        }
        for i in range(4)
    ]
    suite = suite_create(account=acme, agent=demo_agent_record, name="Judge only", scenarios=scenarios)
    for _ in range(4):
        anthropic_judge_env.reply_verdict("pass", 88, "Gives the hours.")
    run = launch(agent=demo_agent_record, suite=suite, runs_per_scenario=1, parallel=2, judge_model="sonnet")
    assert run.status == RunStatus.SUCCEEDED, run.error_message
    return run


def test_each_attempt_records_its_judge_call_and_tokens(judged_run) -> None:
    usages = [attempt.model_usage for attempt in judged_run.attempts.all()]
    assert (
        usages
        == [
            {
                "judge": {
                    "model": "sonnet",
                    "calls": 1,
                    "input_tokens": 120,  # what the fake provider reports for each call
                    "cached_input_tokens": 0,
                    "cache_write_tokens": 0,
                    "output_tokens": 40,
                }
            }
        ]
        * 4
    )


def test_report_shows_calls_tokens_and_estimated_cost(client, alice, judged_run) -> None:
    client.force_login(alice)
    html = client.get(reverse("evaluations:run-report", args=[judged_run.pk])).content.decode()

    assert "Model calls and cost" in html
    # Sonnet at $3 / $15 a million input / output tokens: 4 x (120 x 3 + 40 x 15) / 1e6 = $0.00384.
    assert '<th id="run-cost">$0.0038</th>' in html
    assert "<td>Judge</td><td>4</td><td>480</td><td>0</td><td>0</td><td>160</td>" in html


def test_ci_api_gives_usage_and_cost(api, judged_run, settings: Any) -> None:
    usage = api.get(f"/api/v1/aiagent/runs/{judged_run.pk}").json()["model_usage"]

    assert usage["judge"] == {
        "model": "sonnet",
        "calls": 4,
        "input_tokens": 480,
        "cached_input_tokens": 0,
        "cache_write_tokens": 0,
        "output_tokens": 160,
        "cost_usd": 0.0038,
    }
    assert usage["generation"]["calls"] == usage["simulated_user"]["calls"] == 0
    assert usage["total"]["calls"] == 4 and usage["total"]["cost_usd"] == 0.0038


def test_prices_are_overridable(api, judged_run, settings: Any) -> None:
    settings.TRUSTGATE_MODEL_PRICES = {"sonnet": {"input": 1000.0, "output": 0.0}}

    usage = api.get(f"/api/v1/aiagent/runs/{judged_run.pk}").json()["model_usage"]

    assert usage["total"]["cost_usd"] == 0.48  # 480 input tokens at $1,000 a million
