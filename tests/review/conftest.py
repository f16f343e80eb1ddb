"""Fixtures of the review tests: a finished run the judge decided."""

from __future__ import annotations

import pytest

from evaluations.runs.choices import RunStatus
from suites.services import suite_create


def judge_only(name: str) -> dict[str, object]:
    return {
        "kind": "accuracy",
        "name": name,
        "turns": [f"When is support open? ({name})"],
        "expected_outcome": "Hours.",
    }


@pytest.fixture
def judged_run(launch, acme, demo_agent_record, anthropic_judge_env, settings):
    """Four judge-only scenarios, one run each, parallel 1: the judge passes three and fails the last."""
    settings.TRUSTGATE_MODEL_TIMEOUT = 30  # the replies are scripted: no need to race a busy machine
    suite = suite_create(
        account=acme, agent=demo_agent_record, name="Judged", scenarios=[judge_only(f"Q{i}") for i in range(4)]
    )
    for verdict in ("pass", "pass", "pass", "fail"):
        anthropic_judge_env.reply_verdict(verdict, 90 if verdict == "pass" else 10, f"The judge says {verdict}.")
    run = launch(agent=demo_agent_record, suite=suite, runs_per_scenario=1, parallel=1, judge_model="sonnet")
    assert run.status == RunStatus.SUCCEEDED, run.error_message
    assert sorted(run.attempts.values_list("verdict", flat=True)) == ["fail", "pass", "pass", "pass"], [
        (a.verdict, a.rationale) for a in run.attempts.all()
    ]
    return run
