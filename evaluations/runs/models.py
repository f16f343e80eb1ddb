from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from evaluations.core.jobs import LeasedJob
from evaluations.runs.choices import ACTIVE_STATUSES, NotScoredCause, RunStage, RunStatus
from evaluations.runs.snapshot import RunSettings
from evaluations.scoring.choices import JudgeModel, Strictness
from evaluations.scoring.verdicts import Verdict

__all__ = [
    "ACTIVE_STATUSES", "Attempt", "EvaluationRun", "RunLaunchKey", "RunSecret", "RunStage", "RunStatus", "Verdict",
]  # fmt: skip


class EvaluationRun(LeasedJob):
    """One evaluation: a frozen snapshot of every setting and scenario, and the attempts it produced.

    Editing or deleting the agent or suite never changes a past run: everything a run needs is in
    ``agent_snapshot``, ``settings_snapshot`` and ``scenarios``.
    """

    execute_task = "evaluations.runs.tasks.run_execute"
    give_up_task = "evaluations.runs.tasks.run_give_up"

    account = models.ForeignKey("billing.Account", on_delete=models.CASCADE, related_name="runs")
    agent = models.ForeignKey("agents.Agent", on_delete=models.SET_NULL, null=True, blank=True, related_name="runs")
    suite = models.ForeignKey("suites.Suite", on_delete=models.SET_NULL, null=True, blank=True, related_name="runs")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)

    agent_name = models.CharField(max_length=120)
    suite_name = models.CharField(max_length=200, blank=True)
    suite_version = models.PositiveIntegerField(null=True, blank=True)
    endpoint_url = models.CharField(max_length=2000, blank=True)
    api_key_masked = models.CharField(max_length=40, blank=True)
    agent_snapshot = models.JSONField(default=dict)  # AgentConfig.to_dict(); never holds the key
    settings_snapshot = models.JSONField(default=dict)  # RunSettings.to_json(): read it through ``settings``
    scenarios = models.JSONField(default=list)  # [ScenarioSpec.to_dict(), ...] in run order
    runs_per_scenario = models.PositiveSmallIntegerField(default=3)
    parallel = models.PositiveSmallIntegerField(default=4)
    judge_model = models.CharField(max_length=12, choices=JudgeModel.choices, default=JudgeModel.RULES_ONLY)
    judge_prompt_version = models.CharField(max_length=20, blank=True)
    judge_strictness = models.CharField(max_length=10, choices=Strictness.choices, default=Strictness.BALANCED)

    stage = models.CharField(max_length=10, choices=RunStage.choices, default=RunStage.CONNECT)
    is_agent_down = models.BooleanField(default=False)
    refund_reason = models.CharField(max_length=100, blank=True)  # set when the run's charge is to be refunded
    metrics = models.JSONField(default=dict, blank=True)
    trust_score = models.FloatField(null=True, blank=True)
    # Status, times and the worker's lease are those of every leased job (evaluations/core/jobs.py).

    class Meta(LeasedJob.Meta):
        indexes = [models.Index(fields=["account", "status"])]

    def __str__(self) -> str:
        return f"Run {self.pk} of {self.agent_name}"

    @property
    def settings(self) -> RunSettings:
        """The settings the run froze at launch (typed; the JSON column's one reader is ``RunSettings``)."""
        return RunSettings.from_json(self.settings_snapshot)

    @settings.setter
    def settings(self, value: RunSettings) -> None:
        self.settings_snapshot = value.to_json()

    @property
    def is_refundable(self) -> bool:
        return bool(self.refund_reason)

    @property
    def is_rules_only(self) -> bool:
        return self.judge_model == JudgeModel.RULES_ONLY

    @property
    def badge_class(self) -> str:
        """The one CSS class of this run's status badge (status colours live in trustgate.css)."""
        return {
            RunStatus.SUCCEEDED: "pass",
            RunStatus.FAILED: "fail",
            RunStatus.CANCELLED: "not_scored",
        }.get(RunStatus(self.status), "running")

    @property
    def total_attempts(self) -> int:
        """The first pass, and once decided the confirmation attempts (docs/gate.md, *Confirmation runs*)."""
        settings = self.settings
        return len(self.scenarios) * self.runs_per_scenario + len(settings.confirmation_open or ()) * (
            settings.confirmation_runs
        )


class RunSecret(models.Model):
    """The agent key of an active run, Fernet-encrypted; deleted the moment the run ends, fails or is cancelled."""

    run = models.OneToOneField(EvaluationRun, on_delete=models.CASCADE, related_name="secret")
    ciphertext = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)


class RunLaunchKey(models.Model):
    """The idempotency key a run was launched with (the CI API's Idempotency-Key, the New evaluation form's
    one-time token): a launch with the same key in the same workspace within a day answers this run instead
    (docs/ci.md, Retrying a launch). One key per workspace, so of two launches at once only one can write it."""

    account = models.ForeignKey("billing.Account", on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    # A keyed hash (salted_hmac) of the launch as asked, never the agent key: a retry must ask the same launch.
    fingerprint = models.CharField(max_length=64)
    run = models.OneToOneField(EvaluationRun, on_delete=models.CASCADE, related_name="launch_key")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["account", "key"], name="one_launch_per_key")]

    def __str__(self) -> str:
        return f"Launch key of run {self.run_id}"


class Attempt(models.Model):
    """One conversation: a scenario × repeat. Written once, when the conversation ends."""

    run = models.ForeignKey(EvaluationRun, on_delete=models.CASCADE, related_name="attempts")
    scenario_key = models.CharField(max_length=40)
    repeat = models.PositiveSmallIntegerField()
    transcript = models.JSONField(default=list)  # [{"role", "content"}], PII values masked
    tool_calls = models.JSONField(default=list)
    latency_ms = models.PositiveIntegerField(null=True, blank=True)  # mean over the agent's replies
    # Per reply of the agent, in order: {"ms": total, "ttft_ms": first piece of a streamed reply or null, "chunks"},
    # plus "retries" and "reconnected" (a WebSocket's new socket) when there were any (AgentReply.timing).
    reply_timings = models.JSONField(default=list, blank=True)
    rule_findings = models.JSONField(default=list)
    verdict = models.CharField(max_length=12, choices=Verdict.choices)
    # Why a Not scored attempt was not scored (docs/runs.md#coverage); blank otherwise and on rows written before.
    not_scored_cause = models.CharField(max_length=20, choices=NotScoredCause.choices, blank=True, default="")
    score = models.FloatField(null=True, blank=True)
    rationale = models.TextField(blank=True)
    # A multi-turn red-team attack failed by rule: the first user turn whose reply gave in (docs/redteam.md).
    gave_in_turn = models.PositiveSmallIntegerField(null=True, blank=True)
    # An adaptive red-team attack (docs/redteam.md, The attacker model): why it ended, the turn it broke at, the
    # attacker calls, agent messages and the backtracked branches (evaluations/runs/attacker.py); {} otherwise.
    adaptive = models.JSONField(default=dict, blank=True)
    judge_dimensions = models.JSONField(null=True, blank=True)  # helpfulness, correctness, tone, efficiency
    is_refusal = models.BooleanField(default=False)
    is_breach = models.BooleanField(default=False)
    error_kind = models.CharField(max_length=20, blank=True)
    error_message = models.TextField(blank=True)
    judge_model = models.CharField(max_length=12, blank=True)
    judge_prompt_version = models.CharField(max_length=20, blank=True)
    judge_strictness = models.CharField(max_length=10, blank=True)
    judge_calls = models.PositiveSmallIntegerField(default=0)  # LLM judge calls made for it (billing counts them)
    # Model calls and tokens by purpose ({"judge": {...}, "simulated_user": {...}}; evaluations/llm/usage.py).
    model_usage = models.JSONField(default=dict, blank=True)
    started_at = models.DateTimeField()
    finished_at = models.DateTimeField()

    class Meta:
        ordering = ["run", "scenario_key", "repeat"]
        constraints = [
            models.UniqueConstraint(fields=["run", "scenario_key", "repeat"], name="one_attempt_per_scenario_repeat")
        ]

    def __str__(self) -> str:
        return f"{self.scenario_key} #{self.repeat}: {self.verdict}"
