"""Reviewers' word on verdicts (an append-only ledger) and the calibration set it builds.

An attempt's ``verdict`` is always its current verdict: the judge's (or the rules'), or a reviewer's where one
overruled it. The ledger keeps what the judge said, who overruled it, when and why; withdrawing an overrule is a
new entry that puts the judge's verdict back. Nothing in the ledger is ever updated or deleted.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

from evaluations.core.jobs import LeasedJob
from evaluations.core.storable import readable
from evaluations.review.choices import ExampleSource, ReviewAction
from evaluations.scoring.choices import JudgeModel, Strictness


class Review(models.Model):
    """One reviewer's word on one attempt: agree, overrule (with a reason) or withdraw an overrule."""

    account = models.ForeignKey("billing.Account", on_delete=models.CASCADE, related_name="reviews")
    run = models.ForeignKey("runs.EvaluationRun", on_delete=models.CASCADE, related_name="reviews")
    attempt = models.ForeignKey("runs.Attempt", on_delete=models.CASCADE, related_name="reviews")
    action = models.CharField(max_length=10, choices=ReviewAction.choices)
    judge_verdict = models.CharField(max_length=12)  # what the judge or the rules said: pass or fail
    human_verdict = models.CharField(max_length=12, blank=True)  # pass or fail; "" for a withdrawal
    judge_is_breach = models.BooleanField(default=False)  # the attempt's breach flag before any overrule
    is_rule_dispute = models.BooleanField(default=False)  # a hard rule failure overruled: the rule was wrong
    reason = models.CharField(max_length=500, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    created_by_name = models.CharField(max_length=150)  # kept when the user is deleted
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["attempt", "pk"]
        indexes = [models.Index(fields=["run", "attempt"])]

    def __str__(self) -> str:
        return f"{self.get_action_display()} on attempt {self.attempt_id}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None and not self._state.adding:
            raise ValueError("Reviews are append-only: write a new entry (e.g. a withdrawal) instead.")
        super().save(*args, **kwargs)

    def delete(self, *args: object, **kwargs: object) -> tuple[int, dict[str, int]]:
        raise ValueError("Reviews are append-only and cannot be deleted.")


class CalibrationExample(models.Model):
    """A labelled example of the workspace's calibration set: what the judge read and what a person decided.

    A reviewed attempt gives one (kept up to date with its latest review; removed from the set when its overrule
    is withdrawn and nobody agreed instead); an imported line gives one with no attempt. The conversation is a copy
    (already masked when the attempt was stored), so the set outlives the runs it came from. A Publish member may
    delete one (a wrong or unreadable label); the reviews that made it stay in the ledger (docs/review.md).
    """

    account = models.ForeignKey("billing.Account", on_delete=models.CASCADE, related_name="calibration_examples")
    attempt = models.OneToOneField(
        "runs.Attempt", on_delete=models.SET_NULL, null=True, blank=True, related_name="calibration_example"
    )
    run_id_ref = models.BigIntegerField(null=True, blank=True)  # the run it came from, kept after a delete
    source = models.CharField(max_length=10, choices=ExampleSource.choices, default=ExampleSource.REVIEW)
    scenario = models.JSONField()  # ScenarioSpec.to_dict()
    transcript = models.JSONField(default=list)
    tool_calls = models.JSONField(default=list)
    rule_findings = models.JSONField(default=list)
    human_verdict = models.CharField(max_length=12)  # pass or fail
    knowledge = models.TextField(blank=True)  # the policy the judge read with it
    is_active = models.BooleanField(default=True)  # False once its overrule is withdrawn with nothing in its place
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["pk"]

    @property
    def name(self) -> str:
        """The scenario's name (its key when unnamed), readable even from a row saved before text was checked
        (docs/configuration.md): the list, the delete button's label and the message all show it."""
        scenario = self.scenario if isinstance(self.scenario, dict) else {}
        return readable(str(scenario.get("name") or scenario.get("key") or "unnamed scenario"))


class CalibrationVerdict(models.Model):
    """What one judge configuration said of one calibration example: the run's own judge, or a re-judge."""

    example = models.ForeignKey(CalibrationExample, on_delete=models.CASCADE, related_name="verdicts")
    config = models.CharField(max_length=120)  # provider/model/prompt version/strictness (see review.configs)
    verdict = models.CharField(max_length=12)  # pass, fail or not_scored
    rationale = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["example", "config"]
        constraints = [models.UniqueConstraint(fields=["example", "config"], name="one_verdict_per_example_config")]


class RejudgeJob(LeasedJob):
    """Re-judging the calibration set with another judge configuration, in the background.

    The examples it covers are those without a verdict of its configuration when it starts; each verdict is
    written once (unique per example and configuration), so a redelivered task or a resumed worker carries on
    where it stopped. A worker holds it by a lease, like a run (evaluations/core/jobs.py).
    """

    execute_task = "evaluations.review.tasks.rejudge_execute"
    give_up_task = "evaluations.review.tasks.rejudge_give_up"

    account = models.ForeignKey("billing.Account", on_delete=models.CASCADE, related_name="rejudge_jobs")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    judge_model = models.CharField(max_length=12, choices=JudgeModel.choices)
    strictness = models.CharField(max_length=10, choices=Strictness.choices)
    config = models.CharField(max_length=120)
    up_to_example = models.BigIntegerField()  # the newest example when it was launched: later ones are not in it
    total = models.PositiveIntegerField()
    judged = models.PositiveIntegerField(default=0)
    not_scored = models.PositiveIntegerField(default=0)
