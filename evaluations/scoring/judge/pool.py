"""Judging a run: judgements alongside the conversations, as many at once as the provider's budget allows
(``evaluations.llm.ratelimit``), and the run-level rules on unscored replies."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from evaluations.connectors.base import ToolCall, Turn
from evaluations.core.specs import ScenarioSpec
from evaluations.llm.clients import ModelClient, ModelError, get_model_client
from evaluations.llm.fencing import new_boundary
from evaluations.llm.ratelimit import budget_for
from evaluations.scoring.judge.attempt import judge_attempt
from evaluations.scoring.judge.prompt import JUDGE_PROMPT_VERSION
from evaluations.scoring.judge.verdict import JudgeVerdict
from evaluations.scoring.verdicts import NOT_SCORED

EARLY_STOP_AFTER = 5

STOPPED_REASON = "The run stopped early, so this reply was never sent to the judge."


def should_stop_early(needed_judge: int, scored: int) -> bool:
    """True when ``EARLY_STOP_AFTER`` replies needed the judge and none of them could be scored."""
    return needed_judge >= EARLY_STOP_AFTER and scored == 0


def fails_for_unscored(scorable: int, unscored: int) -> bool:
    """True when half or more of the scorable replies went unscored (the run then fails and is refunded)."""
    return scorable > 0 and unscored * 2 >= scorable


class JudgePool:
    """Judging alongside the conversations.

    One pool per run (the run's model, strictness and knowledge are fixed, and so is the fenced policy, so every
    call repeats the same cacheable prefix). How many calls run at once is the provider budget's business: it
    starts at the run's ``parallel`` and finds the provider's limit. The pool counts finished judgements so the
    executor can apply ``should_stop_early`` as results arrive; once that is true, every queued or unfinished
    judgement is cancelled and no further call is made.
    """

    def __init__(
        self,
        *,
        model: str,
        strictness: str,
        knowledge: str,
        client: ModelClient | None = None,
        parallel: int = 1,
    ) -> None:
        self.model = model
        self.strictness = strictness
        self.knowledge = knowledge
        if client is None:
            try:
                client = get_model_client(model)
            except ModelError:
                client = None  # judge_attempt meets the same error and reports it as Not scored
        self.client = client
        if client is not None:
            budget_for(client.budget_key()).start_at(parallel)
        self.policy_boundary = new_boundary()  # one per run: the cached prefix must repeat byte for byte
        self.judged = 0  # judgements finished
        self.scored = 0  # of those, with a verdict
        self.stopped = False
        self._running: set[asyncio.Task[JudgeVerdict]] = set()

    async def submit(
        self,
        *,
        spec: ScenarioSpec,
        turns: Sequence[Turn],
        tool_calls: Sequence[ToolCall],
        evidence: Sequence[str],
    ) -> JudgeVerdict:
        if self.stopped:
            return self._never_sent()
        task = asyncio.ensure_future(
            judge_attempt(
                spec=spec,
                turns=turns,
                tool_calls=tool_calls,
                evidence=evidence,
                knowledge=self.knowledge,
                strictness=self.strictness,
                model=self.model,
                client=self.client,
                policy_boundary=self.policy_boundary,
            )
        )
        self._running.add(task)
        try:
            verdict = await task
        except asyncio.CancelledError:
            if not (self.stopped and task.cancelled()):
                raise  # the caller itself was cancelled
            return self._never_sent()
        finally:
            self._running.discard(task)
        self.judged += 1
        self.scored += verdict.is_scored
        if self.should_stop_early:
            self.stop()
        return verdict

    def stop(self) -> None:
        """Cancel every judgement still waiting or in flight; later submissions are not sent."""
        self.stopped = True
        for task in list(self._running):
            task.cancel()

    def _never_sent(self) -> JudgeVerdict:
        return JudgeVerdict(
            verdict=NOT_SCORED,
            score=None,
            rationale="",
            dimensions=None,
            model=self.model,
            prompt_version=JUDGE_PROMPT_VERSION,
            strictness=self.strictness,
            reason_not_scored=STOPPED_REASON,
        )

    @property
    def should_stop_early(self) -> bool:
        return should_stop_early(self.judged, self.scored)
