"""A judge outage stops at once (docs/scoring.md#the-judge): counted at a fake provider that fails every call,
through the real SDKs, with the product's retries on."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from evaluations.agents.models import Protocol
from evaluations.agents.services import agent_create
from evaluations.llm import clients as llm
from evaluations.runs.choices import NotScoredCause, RunStatus
from evaluations.runs.selectors import run_unscored_counts
from evaluations.runs.unscored import unscored_for_run
from evaluations.scoring.judge import EARLY_STOP_AFTER, SENT_STOPPED_REASON, STOPPED_REASON, JudgePool
from evaluations.scoring.verdicts import Verdict
from suites.services import suite_create
from tests.scoring.test_judge import GUARDRAIL, KNOWLEDGE, conversation
from tests.support.fake_anthropic import FakeAnthropic
from tests.support.fake_bedrock import FakeBedrock

CONCURRENCY = 4


def judge_only(i: int) -> dict[str, object]:
    return {"kind": "accuracy", "name": f"Hours {i}", "turns": [f"When is support open? ({i})"],
            "expected_outcome": "States the support hours."}  # fmt: skip


@pytest.fixture
def outage(anthropic_judge_env: FakeAnthropic, settings: Any) -> FakeAnthropic:
    """Every judge call answers 529, with the product's retries on and a small concurrency cap."""
    settings.TRUSTGATE_MODEL_MAX_RETRIES = 2  # the product's default: each judgement may make three calls
    settings.TRUSTGATE_JUDGE_MAX_CONCURRENCY = CONCURRENCY
    for _ in range(300):
        anthropic_judge_env.overloaded()
    anthropic_judge_env.latency = 0.05
    return anthropic_judge_env


def test_a_judge_outage_stops_the_run_after_the_threshold_and_the_calls_in_flight(
    launch, acme, outage: FakeAnthropic, private_endpoints, api
) -> None:
    import anthropic  # noqa: F401 - loaded before the run, as in a worker that has judged before

    from evaluations.demo.agent import serve

    server, _thread = serve(port=0, latency_ms=20)
    try:
        agent = agent_create(
            account=acme,
            data={"name": "Bot", "protocol": Protocol.SIMPLE_CHAT,
                  "endpoint_url": f"http://127.0.0.1:{server.server_address[1]}/chat"},
        )  # fmt: skip
        suite = suite_create(account=acme, name="Outage", scenarios=[judge_only(i) for i in range(40)])
        run = launch(agent=agent, suite=suite, runs_per_scenario=1, parallel=CONCURRENCY, judge_model="sonnet")
    finally:
        server.shutdown()

    calls = len(outage.requests)
    assert run.status == RunStatus.FAILED and run.refund_reason == "judge outage (early stop)"
    # The stop counts failed calls, retries included: the threshold, plus at most the calls already in flight.
    assert EARLY_STOP_AFTER <= calls <= EARLY_STOP_AFTER + CONCURRENCY, calls
    attempts = list(run.attempts.all())
    assert all(a.verdict == Verdict.NOT_SCORED for a in attempts)
    sent = [a for a in attempts if a.judge_calls]
    never = [a for a in attempts if not a.judge_calls]
    # Every call the provider saw is on the attempt that made it; those that made one say so, the rest say never.
    assert sum(a.judge_calls for a in attempts) == calls
    assert {a.not_scored_cause for a in sent} == {NotScoredCause.JUDGE_NO_VERDICT}
    assert all("never" not in a.rationale for a in sent)
    assert {a.not_scored_cause for a in never} <= {NotScoredCause.JUDGE_STOPPED}
    assert all("never sent to the judge" in a.rationale for a in never)
    # The run's sentence and the report's count by cause say how many were sent and failed, and never sent.
    assert "Stopped early: the judge failed" in run.error_message and "HTTP 529" in run.error_message, run.error_message
    text = unscored_for_run(run=run, counts=run_unscored_counts(run=run))
    body = json.dumps(api.get(f"/api/v1/aiagent/runs/{run.pk}").json())  # the CI API says the same
    for said in (text, body):
        assert f"{len(sent)} sent to the judge but given no verdict" in said, said
        if never:
            assert f"{len(never)} never sent to the judge" in said, said


def pool_outage(n: int) -> tuple[JudgePool, list[Any]]:
    async def go() -> tuple[JudgePool, list[Any]]:
        pool = JudgePool(model="sonnet", strictness="balanced", knowledge=KNOWLEDGE, parallel=CONCURRENCY)
        verdicts = await asyncio.gather(
            *(pool.submit(spec=GUARDRAIL, turns=conversation("No."), tool_calls=[], evidence=[]) for _ in range(n))
        )
        verdicts.append(await pool.submit(spec=GUARDRAIL, turns=conversation("No."), tool_calls=[], evidence=[]))
        return pool, verdicts

    return asyncio.run(go())


def test_calls_waiting_for_a_retry_or_a_slot_are_not_made_after_the_stop(outage: FakeAnthropic) -> None:
    pool, verdicts = pool_outage(30)

    calls = len(outage.requests)
    assert pool.stopped and pool.failed_calls >= EARLY_STOP_AFTER
    assert calls <= EARLY_STOP_AFTER + CONCURRENCY, calls
    assert sum(v.calls for v in verdicts) == calls
    assert all("never" not in v.reason_not_scored for v in verdicts if v.calls)
    assert any(v.reason_not_scored.startswith(SENT_STOPPED_REASON) for v in verdicts if v.calls)
    assert all(v.reason_not_scored == STOPPED_REASON for v in verdicts if not v.calls)
    assert verdicts[-1].reason_not_scored == STOPPED_REASON  # after the stop nothing more is sent


@pytest.mark.parametrize("fault", ["ServiceUnavailableException", "ThrottlingException"])
def test_a_bedrock_outage_stops_the_same_way_and_throttling_counts_by_judgement(
    fake_bedrock: FakeBedrock, settings: Any, fault: str
) -> None:
    settings.TRUSTGATE_JUDGE_PROVIDER = "bedrock"
    settings.TRUSTGATE_MODEL_TIMEOUT = 2
    settings.TRUSTGATE_MODEL_MAX_RETRIES = 2
    settings.TRUSTGATE_JUDGE_MAX_CONCURRENCY = CONCURRENCY
    llm.reset_clients()
    status = 503 if fault == "ServiceUnavailableException" else 429
    for _ in range(300):
        fake_bedrock.fail(status, fault, "Try again later.")
    try:
        pool, verdicts = pool_outage(30)
    finally:
        llm.reset_clients()

    calls = len(fake_bedrock.requests)
    assert pool.stopped and sum(v.calls for v in verdicts) == calls
    if fault == "ServiceUnavailableException":
        assert calls <= EARLY_STOP_AFTER + CONCURRENCY, calls
    else:  # throttling is a rate limit, waited out call by call: only judgements that end unscored count
        assert pool.failed_calls == 0 and pool.judged >= EARLY_STOP_AFTER
    assert verdicts[-1].reason_not_scored == STOPPED_REASON and len(fake_bedrock.requests) == calls
