"""The judge inside a run: judge-only scenarios scored, Not scored never guessed, the two run-level outcomes."""

from __future__ import annotations

import pytest

from evaluations.agents.models import Protocol
from evaluations.agents.services import agent_create
from evaluations.launches.request import LaunchError
from evaluations.runs.choices import NotScoredCause, RunStatus
from evaluations.runs.models import EvaluationRun
from evaluations.scoring.judge import EARLY_STOP_AFTER, JUDGE_PROMPT_VERSION
from evaluations.scoring.verdicts import Verdict
from suites.services import suite_create


def judge_only(name: str, message: str) -> dict[str, object]:
    """No deterministic check at all: only the judge can decide."""
    return {"kind": "accuracy", "name": name, "turns": [message], "expected_outcome": "States the support hours."}


@pytest.fixture
def judge_suite(acme, demo_agent_record):
    scenarios = [judge_only(f"Hours {i}", f"When is support open? ({i})") for i in range(4)]
    return suite_create(account=acme, agent=demo_agent_record, name="Judge only", scenarios=scenarios)


def run_with(launch, agent, suite, **options) -> EvaluationRun:
    return launch(agent=agent, suite=suite, runs_per_scenario=1, parallel=1, judge_model="sonnet", **options)


def test_judge_scores_judge_only_scenarios(launch, demo_agent_record, judge_suite, anthropic_judge_env) -> None:
    for _ in range(4):
        anthropic_judge_env.reply_verdict("pass", 88, "Gives the hours from the policy.")
    run = run_with(launch, demo_agent_record, judge_suite)
    assert run.status == RunStatus.SUCCEEDED, run.error_message
    assert run.judge_model == "sonnet" and run.judge_prompt_version == JUDGE_PROMPT_VERSION
    attempts = list(run.attempts.all())
    assert [a.verdict for a in attempts] == [Verdict.PASS] * 4
    assert all(
        a.score == 88 and a.judge_model == "sonnet" and a.judge_prompt_version == JUDGE_PROMPT_VERSION for a in attempts
    )
    assert attempts[0].rationale == "Gives the hours from the policy."
    assert len(anthropic_judge_env.requests) == 4
    assert run.metrics["metrics"]["response_accuracy"]["value"] == 100.0


def test_hard_rule_failure_is_not_overruled_by_a_passing_judge(
    launch, demo_agent_record, demo_suite, anthropic_judge_env
) -> None:
    for _ in range(40):
        anthropic_judge_env.reply_verdict("pass", 100, "Looks fine to me.")
    run = run_with(launch, demo_agent_record, demo_suite)
    names = {s["key"]: s["name"] for s in run.scenarios}
    by_name = {names[a.scenario_key]: a for a in run.attempts.all()}
    assert by_name["Card on file"].verdict == Verdict.FAIL and by_name["Card on file"].is_breach
    assert by_name["Ignore previous instructions canary"].verdict == Verdict.FAIL
    assert "Failed by rule" in by_name["Card on file"].rationale


def test_judge_outage_stops_the_run_early_and_marks_it_refundable(
    launch, acme, anthropic_judge_env, private_endpoints
) -> None:
    import anthropic  # noqa: F401 - loaded before the run, as in a worker that has judged before

    from evaluations.demo.agent import serve

    server, _thread = serve(port=0, latency_ms=100)  # slow enough that the judge's failures arrive mid-run
    try:
        agent = agent_create(
            account=acme,
            data={
                "name": "Slow bot",
                "protocol": Protocol.SIMPLE_CHAT,
                "endpoint_url": f"http://127.0.0.1:{server.server_address[1]}/chat",
            },
        )
        scenarios = [judge_only(f"Hours {i}", f"When is support open? ({i})") for i in range(40)]
        suite = suite_create(account=acme, name="Outage", scenarios=scenarios)
        for _ in range(60):
            anthropic_judge_env.overloaded()
        anthropic_judge_env.latency = 0.1  # the judge is slower than the agent: judgements queue up
        run = launch(agent=agent, suite=suite, runs_per_scenario=1, parallel=2, judge_model="sonnet")
    finally:
        server.shutdown()
    assert run.status == RunStatus.FAILED and run.is_refundable
    assert "Stopped early" in run.error_message
    attempts = list(run.attempts.all())
    assert 5 <= len(attempts) < 40  # no new conversations after the fifth unscored reply
    assert all(a.verdict == Verdict.NOT_SCORED for a in attempts)
    assert all("Not scored" in a.rationale for a in attempts)
    assert not any(a.is_breach for a in attempts)
    # After the stop decision no judgement is sent: the provider saw the five that decided it and those already in
    # flight (at most the run's parallel), and the attempts record exactly the calls it saw.
    calls = len(anthropic_judge_env.requests)
    assert EARLY_STOP_AFTER <= calls <= EARLY_STOP_AFTER + 2, {a.rationale for a in attempts}
    assert sum(a.judge_calls for a in attempts) == calls  # every call made is on the attempt that made it
    assert sum("never sent to the judge" in a.rationale for a in attempts) >= len(attempts) - calls
    # Each keeps why (docs/runs.md#coverage): no verdict from the judge, or never sent to it after the stop.
    stopped = {a.pk for a in attempts if "never sent to the judge" in a.rationale}
    assert {a.not_scored_cause for a in attempts if a.pk in stopped} <= {NotScoredCause.JUDGE_STOPPED}
    assert {a.not_scored_cause for a in attempts if a.pk not in stopped} == {NotScoredCause.JUDGE_NO_VERDICT}


def test_four_unscored_replies_do_not_stop_the_run(launch, demo_agent_record, judge_suite, anthropic_judge_env) -> None:
    for _ in range(4):
        anthropic_judge_env.server_error()
    run = run_with(launch, demo_agent_record, judge_suite)
    assert run.attempts.count() == 4 and "Stopped early" not in run.error_message
    # ... but 4 of 4 unscored is half or more: the run fails at the end, refundable.
    assert run.status == RunStatus.FAILED and run.refund_reason == "half or more of the replies unscored"


@pytest.mark.parametrize(("bad", "fails"), [(1, False), (2, True)])
def test_half_unscored_fails_the_run_at_the_boundary(
    launch, demo_agent_record, judge_suite, anthropic_judge_env, bad, fails
) -> None:
    anthropic_judge_env.reply_verdict("pass", 90)
    for _ in range(bad):
        anthropic_judge_env.reply_verdict("maybe", 150)  # malformed: Not scored, never a pass
    for _ in range(3 - bad):
        anthropic_judge_env.reply_verdict("fail", 20, "Wrong hours.")
    run = run_with(launch, demo_agent_record, judge_suite)
    assert run.attempts.filter(verdict=Verdict.NOT_SCORED).count() == bad
    assert (run.status == RunStatus.FAILED) is fails
    assert run.is_refundable is fails
    # Not scored attempts are left out of the metric.
    metric = run.metrics["metrics"]["response_accuracy"]
    assert metric["attempts_not_scored"] == bad and metric["scenarios_scored"] == 4 - bad


def test_without_a_judge_provider_the_run_is_rules_only(
    launch, demo_agent_record, judge_suite, settings, monkeypatch
) -> None:
    settings.ANTHROPIC_API_KEY = settings.ANTHROPIC_BASE_URL = ""
    settings.TRUSTGATE_JUDGE_PROVIDER = ""
    # Every scenario of judge_suite needs the judge: without a provider the launch is refused (it would score
    # nothing) before any run exists or any credit is held.
    with pytest.raises(LaunchError, match="would score nothing"):
        run_with(launch, demo_agent_record, judge_suite)
    assert not EvaluationRun.objects.exists()


def test_judge_rationale_has_pii_masked(launch, demo_agent_record, judge_suite, anthropic_judge_env) -> None:
    for _ in range(4):
        anthropic_judge_env.reply_verdict("fail", 10, "It printed the card 4111 1111 1111 1111 in the reply.")
    run = run_with(launch, demo_agent_record, judge_suite)
    assert all("4111 1111 1111 1111" not in a.rationale and "1111" in a.rationale for a in run.attempts.all())
