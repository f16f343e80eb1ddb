"""Judging a run: judgements alongside the conversations, as many at once as the provider's budget allows
(``evaluations.llm.ratelimit``), and the run-level rules on unscored replies."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Sequence

from evaluations.connectors.base import ToolCall, Turn
from evaluations.core.specs import ScenarioSpec
from evaluations.llm.clients import CallWatch, ModelClient, ModelError, ModelErrorKind, get_model_client
from evaluations.llm.fencing import new_boundary
from evaluations.llm.ratelimit import budget_for
from evaluations.scoring.judge.attempt import judge_attempt
from evaluations.scoring.judge.prompt import JUDGE_PROMPT_VERSION
from evaluations.scoring.judge.verdict import JudgeVerdict
from evaluations.scoring.verdicts import NOT_SCORED

EARLY_STOP_AFTER = 5

STOPPED_REASON = "The run stopped early, so this reply was never sent to the judge."
SENT_STOPPED_REASON = "Sent to the judge, which failed"  # how a reply whose call was made, then stopped, begins


def should_stop_early(needed_judge: int, scored: int) -> bool:
    """True when ``EARLY_STOP_AFTER`` replies needed the judge (or, in a pool, judge calls failed) and none of them
    could be scored."""
    return needed_judge >= EARLY_STOP_AFTER and scored == 0


def sent_stopped_reason(watch: CallWatch) -> str:
    """Why a reply whose judge call was made and failed is Not scored when the run stopped before its retry."""
    calls = f"{watch.calls} calls" if watch.calls > 1 else "1 call"
    failed = f"; {watch.last_error.message}" if watch.last_error is not None else ""
    return f"{SENT_STOPPED_REASON} ({calls}{failed}); the run then stopped early, so it was not tried again."


# Failed calls that count toward the early stop as they come back. A rate-limit refusal does not: the provider is
# up and the budget waits it out (docs/scoring.md#the-judge); a judgement that still ends unscored counts.
_OUTAGE_KINDS = frozenset(
    {
        ModelErrorKind.OVERLOADED,
        ModelErrorKind.SERVER_ERROR,
        ModelErrorKind.TIMEOUT,
        ModelErrorKind.CONNECTION,
        ModelErrorKind.AUTH,
        ModelErrorKind.BAD_REQUEST,
        ModelErrorKind.MALFORMED,
    }
)


def fails_for_unscored(scorable: int, unscored: int) -> bool:
    """True when half or more of the scorable replies went unscored (the run then fails and is refunded)."""
    return scorable > 0 and unscored * 2 >= scorable


class JudgePool:
    """Judging alongside the conversations.

    One pool per run (the run's model, strictness and knowledge are fixed, and so is the fenced policy, so every
    call repeats the same cacheable prefix). How many calls run at once is the provider budget's business: it
    starts at the run's ``parallel`` and finds the provider's limit. The pool counts finished judgements and,
    as each comes back, every failed provider call (retries included, rate-limit refusals aside), and applies
    ``should_stop_early`` to the larger count (docs/scoring.md#the-judge). Once that is true no further call
    starts (each call asks the pool right before it is made): waiting judgements are cancelled, calls in flight
    end with their answer. A judgement whose call was made says so and counts its calls; one that made none says
    it was never sent.
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
        self.failed_calls = 0  # provider calls that came back failed (rate-limit refusals aside)
        self.last_error = ""  # the last failed call's sentence, for the run's message
        self.stopped = False
        self._running: dict[asyncio.Task[JudgeVerdict], CallWatch] = {}

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
        watch = CallWatch(may_call=lambda: not self.stopped, on_failure=self._call_failed)
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
                watch=watch,
            )
        )
        self._running[task] = watch
        try:
            verdict = await task
        except asyncio.CancelledError:
            if not (self.stopped and task.cancelled()):
                raise  # the caller itself was cancelled
            return self._stopped(watch)
        finally:
            self._running.pop(task, None)
        if watch.stopped:  # its next call was due after the stop: not made
            return self._stopped(watch)
        self.judged += 1
        self.scored += verdict.is_scored
        if self.should_stop_early:
            self.stop()
        return verdict

    def stop(self) -> None:
        """No further call starts, and later submissions are not sent. A judgement waiting for a slot or a back-off
        is cancelled; one whose call is in flight keeps it to its answer (at most the calls at once, each within
        the model timeout), so what the provider received is what the attempts record, and is not tried again.
        The judgement whose failure decided the stop ends by itself, with its own reason."""
        self.stopped = True
        current = asyncio.current_task()
        for task, watch in list(self._running.items()):
            if task is not current and not watch.in_call:
                task.cancel()

    def _call_failed(self, error: ModelError) -> None:
        """A provider call came back failed: counted at once, while its judgement may still be retrying."""
        if error.kind not in _OUTAGE_KINDS:
            return
        self.failed_calls += 1
        self.last_error = error.message
        if not self.stopped and self.should_stop_early:
            self.stop()

    def _stopped(self, watch: CallWatch) -> JudgeVerdict:
        """A judgement the stop ended: never sent when it made no call, else sent and failed, its calls counted."""
        if not watch.calls:
            return self._never_sent()
        return dataclasses.replace(self._never_sent(), reason_not_scored=sent_stopped_reason(watch), calls=watch.calls)

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
        return should_stop_early(max(self.judged, self.failed_calls), self.scored)
