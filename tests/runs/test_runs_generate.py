"""Generate new: the model writes scenarios from the agent's knowledge at the Generate stage, or the run stops
before any message is sent, refundable."""

from __future__ import annotations

import pytest
from django.urls import reverse

from billing.selectors import run_credits
from evaluations.agents.services import agent_create
from evaluations.demo.services import DEMO_AGENT_SETTINGS
from evaluations.launches.request import LaunchError
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import EvaluationRun
from tests.support.launching import launch_run
from tests.support.suite_proposals import POLICY, good_proposal, proposal_with

KINDS = ["accuracy", "guardrails", "tool_calls", "pii"]


@pytest.fixture
def policy_agent(acme, demo_agent, private_endpoints):
    return agent_create(
        account=acme,
        data={
            **DEMO_AGENT_SETTINGS,
            "name": "Policy bot",
            "endpoint_url": f"{demo_agent}/api/json",
            "knowledge": POLICY,
        },
    )


def generate(launch, agent, **options) -> EvaluationRun:
    return launch(
        agent=agent, suite=None, generate_kinds=KINDS, runs_per_scenario=1, judge_model="rules_only", **options
    )


def test_generated_run_writes_and_drives_23_scenarios(launch, policy_agent, anthropic_judge_env) -> None:
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", good_proposal())])
    run = generate(launch, policy_agent)
    assert run.status == RunStatus.SUCCEEDED, run.error_message
    assert [s["key"] for s in run.scenarios] == [f"g{n}" for n in range(1, 24)]
    assert run.settings_snapshot["mode"] == "generated" and run.settings_snapshot["generation_calls"] == 1
    assert run.attempts.count() == 23
    assert run.metrics["metrics"]["tool_call_precision"]["scenarios"] == 5


def test_generation_failure_stops_before_any_message_and_refunds(launch, policy_agent, anthropic_judge_env) -> None:
    bad = proposal_with(lambda p: p["scenarios"].pop())  # one short: malformed
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", bad)])
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", bad)])  # the retry is malformed too
    run = generate(launch, policy_agent)
    assert run.status == RunStatus.FAILED and run.refund_reason == "generation failed"
    assert "could not write scenarios" in run.error_message and "refunded" in run.error_message
    assert not run.attempts.exists() and run.scenarios == []
    credits = run_credits(run_id=run.pk)
    assert credits.charged == credits.refunded == 2 * 5  # two generation calls, given back
    assert credits.held == credits.charged + credits.released


def test_generation_outage_is_a_clear_error(launch, policy_agent, anthropic_judge_env) -> None:
    for _ in range(4):
        anthropic_judge_env.overloaded()
    run = generate(launch, policy_agent)
    assert run.status == RunStatus.FAILED and run.refund_reason == "generation failed"
    assert not run.attempts.exists()


def test_generate_needs_a_model(alice, policy_agent, settings, monkeypatch) -> None:
    settings.ANTHROPIC_API_KEY = settings.ANTHROPIC_BASE_URL = ""
    settings.TRUSTGATE_JUDGE_PROVIDER = ""
    with pytest.raises(LaunchError, match="need a model"):
        launch_run(user=alice, agent=policy_agent, suite=None, generate_kinds=KINDS)
    assert not EvaluationRun.objects.exists()


def test_launch_form_generate_mode(
    client, alice, policy_agent, anthropic_judge_env, django_capture_on_commit_callbacks
) -> None:
    client.force_login(alice)
    data = {"mode": "generate", "agent": policy_agent.pk, "generate_kinds": ["accuracy", "pii"], "runs_per_scenario": 2,
            "parallel": 4, "judge_model": "rules_only"}  # fmt: skip
    estimate = client.get(reverse("evaluations:run-estimate"), data, headers={"HX-Request": "true"}).content.decode()
    assert "12 scenarios × 2 runs = 24 conversations" in estimate
    response = client.post(reverse("evaluations:run-new"), {**data, "generate_kinds": []})
    assert "Choose at least one kind" in response.content.decode() and not EvaluationRun.objects.exists()
    anthropic_judge_env.reply_tool_uses(
        [("propose_scenarios", {"scenarios": good_proposal()["scenarios"][:8] + good_proposal()["scenarios"][19:]})]
    )
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("evaluations:run-new"), data)
    run = EvaluationRun.objects.get()
    assert response.status_code == 302, response.content.decode()[:3000]
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED, run.error_message
    assert run.attempts.count() == 24 and run.suite is None
