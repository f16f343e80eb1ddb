"""What a review writes beyond itself (docs/accounts.md, docs/gate.md): the audit line of an overrule, a withdrawal,
a re-judge or a deleted calibration example, and the request that the gate add a revision to each recorded verdict it changes (the run's own
and those compared with it: the runs of its agent)."""

from __future__ import annotations

from typing import Any

from billing.audit import AuditAction, audit_record
from evaluations.core.verdicts import OVERRULE, REJUDGE, WITHDRAWAL, verdict_records_refresh_later
from evaluations.review.choices import ReviewAction


def review_recorded(*, entry: Any, run: Any, attempt: Any) -> None:
    """After an overrule or a withdrawal is saved (an agreement changes nothing): in the caller's transaction."""
    if entry.action not in (ReviewAction.OVERRULE, ReviewAction.WITHDRAW):
        return
    scenario = next((s.get("name") for s in run.scenarios or () if s.get("key") == attempt.scenario_key), None)
    where = f"run #{run.pk}, scenario “{scenario or attempt.scenario_key}”, repeat {attempt.repeat}"
    if entry.action == ReviewAction.OVERRULE:
        action, cause = AuditAction.OVERRULE, OVERRULE
        summary = (
            f"{entry.created_by_name} overruled the verdict of {where}: {entry.judge_verdict} → "
            f"{entry.human_verdict}{' (disputing the rule)' if entry.is_rule_dispute else ''}. Reason: {entry.reason}"
        )
    else:
        action, cause = AuditAction.WITHDRAWAL, WITHDRAWAL
        summary = f"{entry.created_by_name} withdrew the overrule of {where}: the verdict is the judge's again."
    audit_record(account_id=run.account_id, actor=entry.created_by, action=action, target=f"run #{run.pk}",
                 summary=summary)  # fmt: skip
    verdict_records_refresh_later(
        cause=cause, summary=summary, account_id=run.account_id, actor=entry.created_by, agent_id=run.agent_id
    )


def rejudge_recorded(*, job: Any, user: Any, examples: int) -> None:
    """A re-judge of the calibration set was launched: its audit line (in the caller's transaction)."""
    audit_record(
        account_id=job.account_id, actor=user, action=AuditAction.REJUDGE, target=f"re-judge job #{job.pk}",
        summary=f"{user.get_username()} started re-judging {examples} calibration example{'s' * (examples != 1)} "
        f"with {job.judge_model} ({job.strictness}).",
    )  # fmt: skip


def rejudge_finished(*, job: Any) -> None:
    """A re-judge ended: the calibration warnings of the CI verdicts may have changed, so the gate revisits the
    workspace's latest recorded runs."""
    verdict_records_refresh_later(
        cause=REJUDGE, summary=f"Re-judge job #{job.pk} of the calibration set ended ({job.judge_model}, "
        f"{job.strictness}).", account_id=job.account_id, actor=job.created_by,
    )  # fmt: skip


def calibration_example_deleted(*, example: Any, user: Any) -> None:
    """A calibration example is being deleted: its audit line (in the caller's transaction). No gate revision: only
    the calibration warnings move, and a change in warnings alone makes none (docs/gate.md)."""
    where = f"from run #{example.run_id_ref}" if example.run_id_ref else "imported"
    audit_record(
        account_id=example.account_id, actor=user, action=AuditAction.CALIBRATION_DELETE,
        target=f"calibration example #{example.pk}",
        summary=f"{user.get_username()} deleted the calibration example #{example.pk} “{example.name}” ({where}; "
        f"the reviewer said {example.human_verdict}) and its judge verdicts.",
    )  # fmt: skip
