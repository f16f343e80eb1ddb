from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models


class Baseline(models.Model):
    """A run pinned as the baseline of an agent endpoint + suite (or + "generated" and its kinds).

    Re-pinning keeps the old row with ``is_current=False`` (the history); at most one current row per
    agent, endpoint and scope (a conditional unique constraint). ``scope`` is ``suite:<id>`` for a saved suite,
    ``generated:<kind>+<kind>…`` for generated runs and ``redteam:<depth>:<library version>`` for red-team-only
    runs, so it survives the suite being deleted.
    """

    account = models.ForeignKey("billing.Account", on_delete=models.CASCADE, related_name="baselines")
    agent = models.ForeignKey("agents.Agent", on_delete=models.CASCADE, related_name="baselines")
    endpoint_url = models.CharField(max_length=2000, blank=True)
    suite = models.ForeignKey(
        "suites.Suite", on_delete=models.SET_NULL, null=True, blank=True, related_name="baselines"
    )
    scope = models.CharField(max_length=200)
    run = models.ForeignKey("runs.EvaluationRun", on_delete=models.CASCADE, related_name="baseline_pins")
    pinned_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    pinned_at = models.DateTimeField()
    is_current = models.BooleanField(default=True)
    replaced_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-pinned_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["agent", "endpoint_url", "scope"],
                condition=models.Q(is_current=True),
                name="one_current_baseline_per_agent_endpoint_scope",
            )
        ]

    def __str__(self) -> str:
        return f"Baseline run {self.run_id} for {self.agent_id} {self.scope}"


class VerdictCause(models.TextChoices):
    """What made a revision of a run's verdict record (docs/gate.md)."""

    FINISH = "finish", "Run finished"
    PIN = "pin", "Baseline pinned"
    UNPIN = "unpin", "Baseline unpinned"
    SUITE_VERSION = "suite_version", "New suite version"
    OVERRULE = "overrule", "Review overrule"
    WITHDRAWAL = "withdrawal", "Overrule withdrawn"
    REJUDGE = "rejudge", "Re-judge"
    TOPUP = "topup", "Baseline topped up"


class BaselineTopUp(models.Model):
    """More runs of a pinned baseline's scenarios, launched from the pin confirmation (docs/gate.md, "Stronger
    baselines"): ``topup_run`` is an ordinary run (estimated, held, executed and settled like any) of exactly the
    scenarios ``run`` froze, and once it has succeeded the gate counts its attempts with ``run``'s whenever ``run``
    is the baseline. ``run`` itself, its report and its verdict record are never changed."""

    account = models.ForeignKey("billing.Account", on_delete=models.CASCADE, related_name="baseline_topups")
    run = models.ForeignKey("runs.EvaluationRun", on_delete=models.CASCADE, related_name="topups")
    topup_run = models.OneToOneField("runs.EvaluationRun", on_delete=models.CASCADE, related_name="topup_of")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    created_at = models.DateTimeField()
    counted_at = models.DateTimeField(null=True, blank=True)  # when the gate first counted it (it had succeeded)

    class Meta:
        ordering = ["run", "created_at", "pk"]

    def __str__(self) -> str:
        return f"Run {self.topup_run_id} tops up run {self.run_id}"


class GateVerdictRecord(models.Model):
    """One revision of a finished run's verdict, frozen (docs/gate.md): revision 1 is what the gate and the CI
    verdict said when the run finished; a later pin, suite version, overrule or re-judge that changes what they say
    adds revision N+1 with who, when and why. Append-only: never updated, never deleted (the run's deletion aside).

    ``gate`` and ``ci`` hold the payloads the gate and the CI verdict builders returned (``results.gate_payload``,
    ``ci.ci_verdict``) as they were, so whatever they carry is kept; the columns beside them are what the record is
    looked up and labelled by. ``baseline_run_id`` is a plain number so that it survives the baseline's deletion.
    """

    account = models.ForeignKey("billing.Account", on_delete=models.CASCADE, related_name="verdict_records")
    run = models.ForeignKey("runs.EvaluationRun", on_delete=models.CASCADE, related_name="verdict_records")
    revision = models.PositiveIntegerField()
    created_at = models.DateTimeField()
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    actor_name = models.CharField(max_length=150, blank=True)  # blank: the system
    cause = models.CharField(max_length=20, choices=VerdictCause.choices)
    summary = models.CharField(max_length=1000)
    state = models.CharField(max_length=20)  # the gate state: pass, blocked, no_baseline, not_comparable
    verdict = models.CharField(max_length=10)  # the CI verdict: pass, fail, error
    baseline_run_id = models.PositiveBigIntegerField(null=True, blank=True)
    scope = models.CharField(max_length=200, blank=True)
    endpoint_url = models.CharField(max_length=2000, blank=True)  # the endpoint whose baseline was compared
    compared_settings = models.JSONField(
        default=dict
    )  # the settings compared: {"run": {...}, "baseline": {...} | None}
    gate = models.JSONField(default=dict)
    ci = models.JSONField(default=dict)  # {"verdict", "reasons", "warnings"}
    # What changed against the baseline compared, scenario by scenario (``changes.changes_record``); {} when the gate
    # did not compare the run or the revision predates it. Not part of what makes a revision (docs/gate.md).
    changes = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["run", "revision"]
        constraints = [models.UniqueConstraint(fields=["run", "revision"], name="one_verdict_record_per_run_revision")]

    def __str__(self) -> str:
        return f"Run {self.run_id} verdict revision {self.revision} ({self.cause})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None and not self._state.adding:
            raise ValueError("A verdict record is append-only: add a revision instead of changing one.")
        super().save(*args, **kwargs)

    def delete(self, *args: object, **kwargs: object) -> tuple[int, dict[str, int]]:
        raise ValueError("A verdict record is append-only: its revisions cannot be deleted.")
