"""Ask the cases and check the answers: network and scoring only, no database.

The service builds a ``RunPlan`` (plain values), calls ``execute_plan`` outside any transaction, and writes the
``SampleResult``s it gets back. Samples run concurrently on an event loop of their own (the one async bridge,
evaluations/core/bridge.py), so this works from a django-q2 worker, a management command and a test alike.
"""

from __future__ import annotations

import asyncio
import dataclasses
import math
from collections.abc import Sequence
from typing import Any

from evaluations.connectors import close_conversation, send_with_retry
from evaluations.connectors.base import AgentConfig, AgentError, Conversation, ErrorKind, Turn
from evaluations.core.bridge import run_sync
from evaluations.core.specs import ScenarioKind, ScenarioSpec
from evaluations.llm.clients import (
    CallWatch,
    ModelClient,
    ModelError,
    ModelReply,
    ToolSpec,
    close_clients,
    get_model_client,
)
from evaluations.llm.usage import usage_merge
from evaluations.monitors import rules as monitor_rules
from evaluations.monitors.models import SampleVerdict
from evaluations.outbound.client import Client, make_client
from evaluations.outbound.masking import masker
from evaluations.scoring.judge import JudgeVerdict, judge_attempt, judge_usage
from evaluations.scoring.rules.markers import check_markers, mask_markers

PARALLEL_SAMPLES = 4
CHARS_PER_TOKEN = 4  # agents rarely report usage: their tokens are estimated from characters


def estimate_tokens(*texts: str) -> int:
    return math.ceil(sum(len(t) for t in texts) / CHARS_PER_TOKEN)


@dataclasses.dataclass(frozen=True)
class CasePlan:
    case_id: int
    name: str
    ask: str
    rules: tuple[dict[str, Any], ...]


@dataclasses.dataclass(frozen=True)
class RunPlan:
    config: AgentConfig
    api_key: str
    cases: tuple[CasePlan, ...]
    samples: int
    judge_model: str
    judge_strictness: str
    knowledge: str = ""
    allowed_contacts: tuple[str, ...] = ()
    secret_markers: tuple[str, ...] = ()
    parallel: int = PARALLEL_SAMPLES


@dataclasses.dataclass(frozen=True)
class SampleResult:
    case_id: int
    index: int
    verdict: str
    answer: str  # secrets masked, in memory only: the service masks PII and cuts it before storing
    latency_ms: int | None
    findings: tuple[monitor_rules.RuleResult, ...] = ()
    error_kind: str = ""
    error_message: str = ""
    judge: JudgeVerdict | None = None
    agent_tokens: int = 0
    judge_tokens: int = 0
    judge_usage: dict[str, Any] = dataclasses.field(default_factory=dict)  # {"judge": Usage.to_dict()}


class CountingClient(ModelClient):
    """A model client that adds up the tokens its replies report (for the monthly budget)."""

    def __init__(self, inner: ModelClient) -> None:
        super().__init__(inner.model_id)
        self.inner = inner
        self.tokens = 0

    async def complete(
        self,
        *,
        system: str,
        messages: list[dict[str, Any]],
        tool: ToolSpec | None = None,
        max_tokens: int = 1024,
        temperature: float = 0.0,
        prefix: str = "",
        watch: CallWatch | None = None,
    ) -> ModelReply:
        reply = await self.inner.complete(
            system=system, messages=messages, tool=tool, max_tokens=max_tokens, temperature=temperature, prefix=prefix,
            watch=watch,
        )  # fmt: skip
        self.tokens += int(reply.all_input_tokens) + int(reply.output_tokens)
        return reply


def _judge_spec(case: CasePlan, rubric: str) -> ScenarioSpec:
    return ScenarioSpec(
        key=f"m{case.case_id}", kind=ScenarioKind.CUSTOM, name=case.name, turns=(case.ask,), expected_outcome=rubric
    )


async def _judge(
    plan: RunPlan, case: CasePlan, answer: str, tool_calls: Sequence[Any]
) -> tuple[JudgeVerdict, int, dict[str, Any]]:
    """Every rubric must pass; the first fail decides, any "not scored" makes the sample not judged."""
    try:
        client: CountingClient | None = CountingClient(get_model_client(plan.judge_model))
    except ModelError:
        client = None  # judge_attempt meets the same error and reports it as not scored
    verdicts: list[JudgeVerdict] = []
    for rubric in case_rubrics(case):
        verdict = await judge_attempt(
            spec=_judge_spec(case, rubric),
            turns=(Turn("user", case.ask), Turn("assistant", answer)),
            tool_calls=tuple(tool_calls),
            evidence=(),
            knowledge=plan.knowledge,
            strictness=plan.judge_strictness,
            model=plan.judge_model,
            client=client,
        )
        verdicts.append(verdict)
        if verdict.verdict != "pass":
            break
    tokens = client.tokens if client else 0
    usage: dict[str, Any] = {}
    for verdict in verdicts:
        usage_merge(usage, judge_usage(verdict))
    decisive = next((v for v in verdicts if v.verdict == "fail"), None) or next(
        (v for v in verdicts if v.verdict != "pass"), verdicts[-1]
    )
    return decisive, tokens, usage


def case_rubrics(case: CasePlan) -> list[str]:
    return [r["rubric"] for r in case.rules if r["rule"] == "judge"]


async def _sample(plan: RunPlan, case: CasePlan, index: int, client: Client) -> SampleResult:
    within = monitor_rules.within_seconds(case.rules)
    # The monitor's secret (and the provider keys) are masked where the answer enters: the rules, the judge,
    # the stored sample and the alerts all get the masked text.
    mask = masker(plan.api_key)
    config = plan.config
    if within is not None and within > config.timeout_seconds:
        config = dataclasses.replace(config, timeout_seconds=within)
    try:
        conversation = Conversation()
        try:
            reply, latency = await send_with_retry(config, conversation, case.ask, api_key=plan.api_key, client=client)
        finally:
            await close_conversation(conversation, config, api_key=plan.api_key, client=client)
    except AgentError as error:
        return SampleResult(
            case.case_id,
            index,
            SampleVerdict.ERROR,
            "",
            None,
            error_kind=str(error.kind),
            error_message=mask.text(error.message),
            agent_tokens=estimate_tokens(case.ask),
        )
    except Exception as error:  # a connector bug must not crash the monitor: record it on the sample
        return SampleResult(
            case.case_id,
            index,
            SampleVerdict.ERROR,
            "",
            None,
            error_kind=str(ErrorKind.CONNECTION),
            error_message=f"Unexpected error talking to the agent: {type(error).__name__}.",
        )
    answer = mask.text(reply.text)
    outcome = monitor_rules.evaluate(
        case.rules,
        answer=answer,
        latency_ms=latency,
        context=monitor_rules.AnswerContext(case.ask, plan.knowledge, plan.allowed_contacts),
    )
    if plan.secret_markers:
        # As in runs (docs/scoring.md): a marker in the answer fails the sample whatever the other rules say, and
        # the answer is kept, shown and judged with every marker masked.
        leaks = [f for f in check_markers(plan.secret_markers, [answer], lambda _: "The answer") if not f.passed]
        answer = mask_markers(answer, plan.secret_markers)
        if leaks:
            marker_results = tuple(monitor_rules.RuleResult("secret_marker", False, f.message) for f in leaks)
            outcome = dataclasses.replace(outcome, results=marker_results + outcome.results, judge_rubrics=())
    agent_tokens = estimate_tokens(case.ask, reply.text)
    if outcome.error:  # a rule could not be checked: neither a pass nor the agent's fail
        return SampleResult(
            case.case_id, index, SampleVerdict.ERROR, answer, latency, outcome.results,
            error_kind=str(ErrorKind.CONFIG), error_message=outcome.error, agent_tokens=agent_tokens,
        )  # fmt: skip
    if outcome.failed:
        verdict = SampleVerdict.FAIL
        return SampleResult(case.case_id, index, verdict, answer, latency, outcome.results, agent_tokens=agent_tokens)
    if not outcome.judge_rubrics:
        return SampleResult(
            case.case_id, index, SampleVerdict.PASS, answer, latency, outcome.results, agent_tokens=agent_tokens
        )
    judged, judge_tokens, usage = await _judge(plan, case, answer, mask.json(reply.tool_calls))
    verdict = {"pass": SampleVerdict.PASS, "fail": SampleVerdict.FAIL}.get(judged.verdict, SampleVerdict.NOT_JUDGED)
    return SampleResult(
        case.case_id, index, verdict, answer, latency, outcome.results, judge=judged,
        agent_tokens=agent_tokens, judge_tokens=judge_tokens, judge_usage=usage,
    )  # fmt: skip


async def _run(plan: RunPlan) -> list[SampleResult]:
    semaphore = asyncio.Semaphore(max(1, plan.parallel))
    async with make_client() as client:

        async def bounded(case: CasePlan, index: int) -> SampleResult:
            async with semaphore:
                return await _sample(plan, case, index, client)

        jobs = [bounded(case, index) for case in plan.cases for index in range(plan.samples)]
        return list(await asyncio.gather(*jobs))


def execute_plan(plan: RunPlan) -> list[SampleResult]:
    """Ask every case ``plan.samples`` times; never raises for agent or judge faults."""
    # The judge's model clients belong to this run's loop: close them on it.
    return run_sync(_run(plan), cleanup=close_clients)
