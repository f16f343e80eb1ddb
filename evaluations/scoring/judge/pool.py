"""Judging a run: a pool bounded by TRUSTGATE_JUDGE_CONCURRENCY, and the run-level rules on unscored replies."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from django.conf import settings

from evaluations.connectors.base import ToolCall, Turn
from evaluations.llm.clients import ModelClient
from evaluations.scoring.judge.attempt import judge_attempt
from evaluations.scoring.judge.verdict import JudgeVerdict
from evaluations.specs import ScenarioSpec

EARLY_STOP_AFTER = 5


def should_stop_early(needed_judge: int, scored: int) -> bool:
    """True when ``EARLY_STOP_AFTER`` replies needed the judge and none of them could be scored."""
    return needed_judge >= EARLY_STOP_AFTER and scored == 0


def fails_for_unscored(scorable: int, unscored: int) -> bool:
    """True when half or more of the scorable replies went unscored (the run then fails and is refunded)."""
    return scorable > 0 and unscored * 2 >= scorable


class JudgePool:
    """Judging alongside the conversations, at most TRUSTGATE_JUDGE_CONCURRENCY calls at once.

    One pool per run (the run's model, strictness and knowledge are fixed). It counts finished judgements so
    the executor can apply ``should_stop_early`` as results arrive.
    """

    def __init__(
        self,
        *,
        model: str,
        strictness: str,
        knowledge: str,
        client: ModelClient | None = None,
        concurrency: int | None = None,
    ) -> None:
        self.model = model
        self.strictness = strictness
        self.knowledge = knowledge
        self.client = client
        self.concurrency = max(1, concurrency or int(settings.TRUSTGATE_JUDGE_CONCURRENCY))
        self._semaphore = asyncio.Semaphore(self.concurrency)
        self.judged = 0  # judgements finished
        self.scored = 0  # of those, with a verdict

    async def submit(
        self,
        *,
        spec: ScenarioSpec,
        turns: Sequence[Turn],
        tool_calls: Sequence[ToolCall],
        evidence: Sequence[str],
    ) -> JudgeVerdict:
        async with self._semaphore:
            verdict = await judge_attempt(
                spec=spec,
                turns=turns,
                tool_calls=tool_calls,
                evidence=evidence,
                knowledge=self.knowledge,
                strictness=self.strictness,
                model=self.model,
                client=self.client,
            )
        self.judged += 1
        self.scored += verdict.is_scored
        return verdict

    @property
    def should_stop_early(self) -> bool:
        return should_stop_early(self.judged, self.scored)
