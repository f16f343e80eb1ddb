"""A person's word on a verdict: agree, overrule with a reason, withdraw an overrule (docs/review.md).

Each is one append-only ``Review`` entry, written in the same transaction as its effects: the attempt's verdict
and breach flag (runs.services), the run's metrics and trust score, and the workspace's calibration set. Gate and
CI verdicts are computed from attempts when asked, so they follow. This is the only path by which a finished
run's numbers change.
"""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django_q.tasks import async_task

from billing.selectors import credits_for
from billing.services import InsufficientCredits, job_hold, job_settle
from evaluations.connectors.base import ToolCall, Turn
from evaluations.core.bridge import run_sync
from evaluations.core.jobs import JOB_ACTIVE, JobStatus, job_execute
from evaluations.core.lease import Lease, lease_deadline
from evaluations.core.specs import BREACH_KINDS, ScenarioSpec
from evaluations.llm.clients import close_clients, judge_provider
from evaluations.outbound.masking import redact
from evaluations.review.choices import ExampleSource, ReviewAction
from evaluations.review.models import CalibrationExample, CalibrationVerdict, RejudgeJob, Review
from evaluations.review.records import (
    calibration_example_deleted,
    rejudge_finished,
    rejudge_recorded,
    review_recorded,
)
from evaluations.review.selectors import (
    calibration_examples_pending,
    judge_config,
    judge_config_of,
    overrule_count,
    review_state,
)
from evaluations.review.transfer import ImportProblems, parse_lines
from evaluations.runs import selectors as run_selectors
from evaluations.runs import services as run_services
from evaluations.scoring.choices import JudgeModel, Strictness
from evaluations.scoring.judge import JUDGE_PROMPT_VERSION, judge_attempt, should_stop_early
from evaluations.scoring.verdicts import Verdict

REASON_MAX = 500
FLIP = {Verdict.PASS: Verdict.FAIL, Verdict.FAIL: Verdict.PASS}


__all__ = [
    "ImportProblems",
    "InsufficientCredits",
    "RejudgeEstimate",
    "ReviewError",
    "ReviewRequest",
    "RuleDisputeNeeded",
    "attempt_review",
    "calibration_example_delete",
    "calibration_import",
    "rejudge_estimate",
    "rejudge_execute",
    "rejudge_launch",
    "rejudge_give_up",
]


class ReviewError(Exception):
    """A review that cannot be taken, with a sentence the reviewer can act on. Nothing was written."""


class RuleDisputeNeeded(ReviewError):
    """Overruling a hard rule failure needs the reviewer to confirm the rule itself was wrong."""


@dataclasses.dataclass(frozen=True)
class ReviewRequest:
    action: str
    reason: str = ""
    rule_dispute_confirmed: bool = False


def attempt_review(*, user: Any, run: Any, attempt: Any, request: ReviewRequest) -> Review:
    """Record ``request`` on ``attempt`` of ``run`` (the caller checked the Publish role) and apply it.

    Raises ReviewError (or RuleDisputeNeeded) with the reason when it cannot be taken.
    """
    if run.is_active:
        raise ReviewError("This run is still in progress: review its verdicts once it has finished.")
    reason = request.reason.strip()
    if len(reason) > REASON_MAX:
        raise ReviewError(f"Keep the reason to {REASON_MAX} characters (this one has {len(reason)}).")
    with transaction.atomic():
        attempt = run_selectors.attempt_get_for_run(run=run, attempt_id=attempt.pk, lock=True)  # one reviewer at a time
        state = review_state(attempt=attempt)
        if state.judge_verdict not in FLIP:
            raise ReviewError("Only a pass or a fail can be reviewed; this conversation was not scored.")
        entry = _entry(user=user, run=run, attempt=attempt, state=state, request=request, reason=reason)
        entry.save()
        verdict, is_breach = _effect(entry, run=run, attempt=attempt, state=state)
        run_services.attempt_verdict_set(attempt_id=attempt.pk, verdict=verdict, is_breach=is_breach)
        run_services.run_metrics_refresh(run=run, overruled=overrule_count(run_id=run.pk))
        _calibration_update(run=run, attempt=attempt, entry=entry, judge_verdict=state.judge_verdict)
        review_recorded(entry=entry, run=run, attempt=attempt)  # the audit log and the verdict records
    return entry


def _entry(*, user: Any, run: Any, attempt: Any, state: Any, request: ReviewRequest, reason: str) -> Review:
    action = request.action
    base = {
        "account_id": run.account_id,
        "run": run,
        "attempt": attempt,
        "judge_verdict": state.judge_verdict,
        "judge_is_breach": state.judge_is_breach,
        "created_by": user,
        "created_by_name": user.get_username(),
        "reason": reason,
    }
    if action == ReviewAction.AGREE:
        if state.overruled:
            raise ReviewError("This verdict is overruled: withdraw the overrule first to agree with the judge.")
        return Review(action=action, human_verdict=state.judge_verdict, **base)
    if action == ReviewAction.OVERRULE:
        if state.overruled:
            raise ReviewError("This verdict is already overruled; withdraw that overrule to change it.")
        if not reason:
            raise ReviewError("Say in a sentence why the verdict is wrong: the reason is kept with the overrule.")
        dispute = state.judge_verdict == Verdict.FAIL and bool(state.hard_failures)
        if dispute and not request.rule_dispute_confirmed:
            raise RuleDisputeNeeded(
                "This fail comes from a rule (" + "; ".join(state.hard_failures) + "), which is evidence, not an "
                "opinion. Overrule it only if the rule itself was wrong, and confirm that you are disputing the rule."
            )
        return Review(action=action, human_verdict=FLIP[Verdict(state.judge_verdict)], is_rule_dispute=dispute, **base)
    if action == ReviewAction.WITHDRAW:
        if not state.overruled:
            raise ReviewError("There is no overrule to withdraw on this verdict.")
        return Review(action=action, human_verdict="", **base)
    raise ReviewError("Choose agree, overrule or withdraw.")


def _effect(entry: Review, *, run: Any, attempt: Any, state: Any) -> tuple[str, bool]:
    """(verdict, is_breach) of the attempt once ``entry`` is applied."""
    if entry.action != ReviewAction.OVERRULE:
        return state.judge_verdict, state.judge_is_breach  # agreed, or the overrule withdrawn: the judge's word
    if entry.human_verdict == Verdict.PASS:
        return Verdict.PASS, False  # a reviewer says it did not fail: nothing was breached
    spec = ScenarioSpec.from_dict(_scenario_data(run, attempt.scenario_key))
    return Verdict.FAIL, spec.kind in BREACH_KINDS


def _scenario_data(run: Any, key: str) -> dict[str, Any]:
    return next(data for data in run.scenarios if data.get("key") == key)


def _calibration_update(*, run: Any, attempt: Any, entry: Review, judge_verdict: str) -> None:
    """Every reviewed attempt is a labelled example; a withdrawn overrule leaves the set (nobody's label now)."""
    if entry.action == ReviewAction.WITHDRAW:
        CalibrationExample.objects.filter(attempt=attempt).update(is_active=False)
        return
    example, _ = CalibrationExample.objects.update_or_create(
        attempt=attempt,
        defaults={
            "account_id": run.account_id,
            "run_id_ref": run.pk,
            "scenario": _scenario_data(run, attempt.scenario_key),
            "transcript": attempt.transcript,
            "tool_calls": attempt.tool_calls,
            "rule_findings": attempt.rule_findings,
            "knowledge": run.settings.knowledge,
            "human_verdict": entry.human_verdict,
            "is_active": True,
        },
    )
    if attempt.judge_calls:  # the judge decided this one (not the rules): it is evidence about the judge
        CalibrationVerdict.objects.update_or_create(
            example=example,
            config=judge_config_of(run),
            defaults={"verdict": judge_verdict, "rationale": attempt.rationale},
        )


def calibration_import(*, account_id: int, raw: bytes) -> int:
    """Add every example of a JSON-lines file to the workspace's calibration set, or none: ImportProblems lists
    each bad line by number. Returns how many were added."""
    examples = parse_lines(raw)  # every line checked before anything is written
    with transaction.atomic():
        for item in examples:
            example = CalibrationExample.objects.create(
                account_id=account_id,
                source=ExampleSource.IMPORT,
                scenario=item.scenario,
                transcript=item.transcript,
                tool_calls=item.tool_calls,
                rule_findings=item.rule_findings,
                knowledge=item.knowledge,
                human_verdict=item.human_verdict,
            )
            CalibrationVerdict.objects.bulk_create(
                CalibrationVerdict(example=example, config=config, verdict=verdict)
                for config, verdict in item.judge_verdicts.items()
            )
    return len(examples)


def calibration_example_delete(*, user: Any, example: CalibrationExample) -> None:
    """Delete ``example`` and its judge verdicts (the caller checked the Publish role), with an audit line; safe to
    call again. Its reviews stay in the ledger and its attempt keeps its verdict: reviewing that conversation again
    adds it back.

    A re-judge job still running counts it until it has judged it: such a job's total drops by one, and the job
    skips the example (``_rejudge_held``), so no call for it is charged once it is gone (docs/review.md).
    """
    with transaction.atomic():
        # Locked first: a re-judge batch writing its verdict now commits before we read which jobs have judged it.
        locked = CalibrationExample.objects.select_for_update().filter(pk=example.pk).first()
        if locked is None:
            return  # deleted meanwhile
        judged_by = list(locked.verdicts.values_list("config", flat=True))
        RejudgeJob.objects.filter(
            account_id=locked.account_id, status__in=JOB_ACTIVE, up_to_example__gte=locked.pk
        ).exclude(config__in=judged_by).update(total=F("total") - 1)
        calibration_example_deleted(example=locked, user=user)
        locked.delete()


# Re-judging the calibration set ------------------------------------------------------------------------------

REJUDGE_BATCH = 8  # judged at once, then written: a resumed job loses at most one batch of calls


@dataclasses.dataclass(frozen=True)
class RejudgeEstimate:
    config: str
    examples: int
    credits: int

    def describe(self) -> str:
        if not self.examples:
            return "Every example already has a verdict from this configuration: nothing to re-judge."
        return (
            f"{self.examples:,} example{'s' if self.examples != 1 else ''} to judge: at most {self.credits:,} "
            f"credit{'s' if self.credits != 1 else ''} (one judge call each; a call that cannot score is not charged)."
        )


def rejudge_estimate(*, account_id: int, judge_model: str, strictness: str) -> RejudgeEstimate:
    provider = judge_provider()
    if provider == "rules_only":
        raise ReviewError(
            "No judge provider is configured, so there is nothing to re-judge with"
            " (see docs/configuration.md: Model provider)."
        )
    if judge_model not in JudgeModel.values or judge_model == JudgeModel.RULES_ONLY:
        raise ReviewError("Choose a judge model to re-judge with.")
    if strictness not in Strictness.values:
        raise ReviewError("Choose a strictness.")
    config = judge_config(provider, judge_model, JUDGE_PROMPT_VERSION, strictness)
    examples = calibration_examples_pending(account_id=account_id, config=config).count()
    return RejudgeEstimate(config=config, examples=examples, credits=credits_for({"judge_calls": examples}))


def rejudge_launch(*, account_id: int, user: Any, judge_model: str, strictness: str) -> RejudgeJob:
    """Hold the estimate's credits and queue the job; InsufficientCredits or ReviewError leave nothing behind."""
    estimate = rejudge_estimate(account_id=account_id, judge_model=judge_model, strictness=strictness)
    if not estimate.examples:
        raise ReviewError(estimate.describe())
    pending = calibration_examples_pending(account_id=account_id, config=estimate.config)
    with transaction.atomic():
        job = RejudgeJob.objects.create(
            account_id=account_id, created_by=user, judge_model=judge_model, strictness=strictness,
            config=estimate.config, up_to_example=pending.order_by("-pk").values_list("pk", flat=True)[0],
            total=estimate.examples, lease_expires_at=lease_deadline(),
        )  # fmt: skip
        job_hold(
            account_id=account_id, key=f"rejudge-{job.pk}", amount=estimate.credits, user=user,
            note=f"Re-judging {estimate.examples} calibration examples: the most it can cost",
        )  # fmt: skip
        rejudge_recorded(job=job, user=user, examples=estimate.examples)
        transaction.on_commit(lambda: async_task("evaluations.review.tasks.rejudge_execute", job.pk))
    return job


def rejudge_execute(*, job_id: int) -> None:
    """The whole job; safe to call again (resumes, never judges an example twice for the configuration). A job
    that raises is started again a bounded number of times, then fails with the error's sentence and its hold
    settled (``job_execute``, evaluations/core/jobs.py)."""
    job_execute(RejudgeJob, job_id, lambda lease: _rejudge_held(job_id, lease))


def _rejudge_held(job_id: int, lease: Lease) -> None:
    job = RejudgeJob.objects.get(pk=job_id)
    pending = calibration_examples_pending(account_id=job.account_id, config=job.config)
    examples = list(pending.filter(pk__lte=job.up_to_example))
    for start in range(0, len(examples), REJUDGE_BATCH):
        if lease.should_stop:
            return  # another worker took the job over, or this one is asked to stop (the sweep resumes it)
        batch = _still_there(examples[start : start + REJUDGE_BATCH])  # a deleted example is not judged
        if not batch:
            continue
        verdicts = run_sync(_judge_batch(job, batch), cleanup=close_clients)
        _save_batch(job, batch, verdicts)
        job.refresh_from_db()
        if should_stop_early(job.judged, job.judged - job.not_scored):
            _rejudge_end(
                job,
                JobStatus.FAILED,
                "The judge could not score any of the first examples, so the "
                "job stopped; check the judge settings and try again (calls that failed are free).",
            )
            return
    _rejudge_end(job, JobStatus.SUCCEEDED, "")


async def _judge_batch(job: RejudgeJob, batch: list[CalibrationExample]) -> list[Any]:
    return list(
        await asyncio.gather(
            *(
                judge_attempt(
                    spec=ScenarioSpec.from_dict(example.scenario),
                    turns=[Turn(t["role"], t["content"]) for t in example.transcript],
                    tool_calls=[
                        ToolCall(c.get("name", ""), dict(c.get("arguments") or {})) for c in example.tool_calls
                    ],
                    evidence=[f.get("message", "") for f in example.rule_findings if isinstance(f, dict)],
                    knowledge=example.knowledge,
                    strictness=job.strictness,
                    model=job.judge_model,
                )
                for example in batch
            )
        )
    )


def _still_there(batch: list[CalibrationExample], *, lock: bool = False) -> list[CalibrationExample]:
    """The examples of ``batch`` not deleted since the job listed them; ``lock`` holds them until the transaction
    ends, so a delete waits for the verdicts being written (``calibration_example_delete``)."""
    rows = CalibrationExample.objects.filter(pk__in=[example.pk for example in batch])
    present = set((rows.select_for_update() if lock else rows).values_list("pk", flat=True))
    return [example for example in batch if example.pk in present]


def _save_batch(job: RejudgeJob, batch: list[CalibrationExample], verdicts: list[Any]) -> None:
    with transaction.atomic():
        added = unscored = 0
        kept = {example.pk for example in _still_there(batch, lock=True)}
        for example, verdict in zip(batch, verdicts, strict=True):
            if example.pk not in kept:
                continue  # deleted while it was being judged: the call is not counted, so not charged
            text = verdict.rationale if verdict.is_scored else f"Not scored: {verdict.reason_not_scored}"
            _, created = CalibrationVerdict.objects.get_or_create(
                example=example, config=job.config, defaults={"verdict": verdict.verdict, "rationale": text}
            )
            added += created
            unscored += created and not verdict.is_scored
        RejudgeJob.objects.filter(pk=job.pk).update(judged=F("judged") + added, not_scored=F("not_scored") + unscored)


def _rejudge_end(job: RejudgeJob, status: str, message: str) -> None:
    with transaction.atomic():
        job.refresh_from_db()
        RejudgeJob.objects.filter(pk=job.pk).update(status=status, error_message=message, finished_at=timezone.now())
        scored = job.judged - job.not_scored  # only calls that gave a verdict are charged
        job_settle(
            account_id=job.account_id, key=f"rejudge-{job.pk}", used=credits_for({"judge_calls": scored}),
            note=f"Re-judged {scored} calibration examples",
        )  # fmt: skip
        rejudge_finished(job=job)


def rejudge_give_up(*, job_id: int, attempts: int, reason: str = "") -> None:
    """End a job that kept failing (the lease sweep or its last attempt, evaluations/core/jobs.py): failed with
    its sentence, and settled (only the calls that scored are charged, the rest of the hold is released).
    ``reason``: the last attempt's error; "" when its workers died holding it."""
    if reason:
        message = (
            f"The job stopped on an error {attempts} times, so it was not started again: "
            f"{redact(reason).rstrip('.')}. Only the calls that scored are charged; try again."
        )
    else:
        message = (
            f"The worker stopped {attempts} times during this job, so it was not started again; only the calls "
            "that scored are charged."
        )
    _rejudge_end(RejudgeJob.objects.get(pk=job_id), JobStatus.FAILED, message)
