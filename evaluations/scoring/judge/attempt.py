"""Judging one attempt: one model call (retried by the model client within the provider's budget).

``judge_attempt`` never raises: a model error, a timeout, or a missing or malformed verdict is Not scored,
never a pass, a fail or a breach. Rules run first and their hard failures have the last word; the judge only
weighs what rules hand it as evidence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from evaluations.connectors.base import ToolCall, Turn
from evaluations.core.specs import ScenarioSpec
from evaluations.llm.clients import CallWatch, ModelClient, ModelError, ModelReply, get_model_client
from evaluations.llm.fencing import new_boundary
from evaluations.scoring.choices import JudgeModel
from evaluations.scoring.judge.prompt import (
    JUDGE_PROMPT_VERSION,
    build_judge_messages,
    needs_dimensions,
    record_verdict_tool,
)
from evaluations.scoring.judge.verdict import JudgeVerdict, MalformedVerdict, read_verdict
from evaluations.scoring.verdicts import NOT_SCORED

_MAX_TOKENS = 1500


async def judge_attempt(
    *,
    spec: ScenarioSpec,
    turns: Sequence[Turn],
    tool_calls: Sequence[ToolCall],
    evidence: Sequence[str],
    knowledge: str,
    strictness: str,
    model: str,
    client: ModelClient | None = None,
    policy_boundary: str | None = None,
    watch: CallWatch | None = None,
) -> JudgeVerdict:
    """Judge one attempt. Never raises: anything short of a valid verdict is Not scored, with the reason.

    ``policy_boundary`` fences the policy; a pool passes one per run so the cached prefix repeats exactly.
    ``watch`` (a pool's) sees every provider call and may stop the next; the verdict then counts the calls made,
    retries included.
    """
    reply: ModelReply | None = None

    def calls() -> int:
        if watch is not None:
            return watch.calls
        return 1 if sent else 0

    def usage() -> dict[str, Any]:
        if reply is None:
            return {"calls": calls()}
        return {
            "calls": calls(),
            "input_tokens": reply.input_tokens,
            "cached_input_tokens": reply.cached_input_tokens,
            "cache_write_tokens": reply.cache_write_tokens,
            "output_tokens": reply.output_tokens,
        }

    def not_scored(reason: str) -> JudgeVerdict:
        return JudgeVerdict(
            verdict=NOT_SCORED,
            score=None,
            rationale="",
            dimensions=None,
            model=model,
            prompt_version=JUDGE_PROMPT_VERSION,
            strictness=strictness,
            reason_not_scored=reason,
            **usage(),
        )

    sent = False
    if model == JudgeModel.RULES_ONLY:
        return not_scored("No judge is configured (rules only).")
    with_dimensions = needs_dimensions(spec)
    try:
        if client is None:
            client = get_model_client(model)
        request = build_judge_messages(
            spec=spec,
            turns=turns,
            tool_calls=tool_calls,
            evidence=evidence,
            knowledge=knowledge,
            strictness=strictness,
            boundary=new_boundary(),
            policy_boundary=policy_boundary or new_boundary(),
        )
        sent = True
        reply = await client.complete(
            system=request.system,
            messages=request.messages,
            prefix=request.prefix,
            tool=record_verdict_tool(),
            max_tokens=_MAX_TOKENS,
            temperature=0.0,
            watch=watch,
        )
        verdict, score, rationale, dimensions = read_verdict(
            reply.tool_calls, reply.text, with_dimensions=with_dimensions
        )
    except ModelError as error:
        return not_scored(f"The judge could not be reached: {error.message}")
    except TimeoutError:
        return not_scored("The judge did not answer in time.")
    except MalformedVerdict as error:
        return not_scored(f"The judge's verdict could not be used: {error}.")
    except Exception as error:  # never let the judge fail a run or count as a breach
        return not_scored(f"The judge failed unexpectedly ({type(error).__name__}).")
    return JudgeVerdict(
        verdict=verdict,
        score=score,
        rationale=rationale,
        dimensions=dimensions,
        model=model,
        prompt_version=JUDGE_PROMPT_VERSION,
        strictness=strictness,
        **usage(),
    )
