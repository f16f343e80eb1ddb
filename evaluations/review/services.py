"""A person's word on a verdict: agree, overrule with a reason, withdraw an overrule (SPEC: human review).

Each is one append-only ``Review`` entry, written in the same transaction as its effects: the attempt's verdict
and breach flag (runs.services), the run's metrics and trust score, and the workspace's calibration set. Gate and
CI verdicts are computed from attempts when asked, so they follow. This is the only path by which a finished
run's numbers change.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from django.db import transaction

from evaluations.review.choices import ExampleSource, ReviewAction
from evaluations.review.models import CalibrationExample, CalibrationVerdict, Review
from evaluations.review.selectors import judge_config_of, overrule_count, review_state
from evaluations.review.transfer import ImportProblems, parse_lines
from evaluations.runs import selectors as run_selectors
from evaluations.runs import services as run_services
from evaluations.scoring.verdicts import Verdict
from evaluations.specs import BREACH_KINDS, ScenarioSpec

REASON_MAX = 500
FLIP = {Verdict.PASS: Verdict.FAIL, Verdict.FAIL: Verdict.PASS}


__all__ = [
    "ImportProblems",
    "ReviewError",
    "ReviewRequest",
    "RuleDisputeNeeded",
    "attempt_review",
    "calibration_import",
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
                human_verdict=item.human_verdict,
            )
            CalibrationVerdict.objects.bulk_create(
                CalibrationVerdict(example=example, config=config, verdict=verdict)
                for config, verdict in item.judge_verdicts.items()
            )
    return len(examples)
