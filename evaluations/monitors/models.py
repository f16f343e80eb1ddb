"""Monitors: scheduled agent tests with alerts (docs/monitors.md).

A ``Monitor`` asks an agent its cases (a question plus rules) every N minutes, ``samples_per_case`` times
each; a case passes when at least ``min_passing_samples`` samples pass. The health (up / degraded / down) is
decided after each run by ``evaluations.monitors.status``; every change is a ``MonitorEvent`` (the status
history) and, when it matters, one alert. Its own Django app (label ``monitors``); other rooms' models are
referred to by string ("billing.Account", "agents.Agent").
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q

from evaluations.core.jobs import JobStatus, LeasedJob
from evaluations.core.sealed import seal, unseal
from evaluations.outbound.masking import mask_key
from evaluations.scoring.choices import Strictness

__all__ = [
    "StatusPage",
    "AlertChannel",
    "AlertDelivery",
    "AlertState",
    "ChannelKind",
    "DeliveryState",
    "EventKind",
    "Monitor",
    "MonitorCase",
    "MonitorEvent",
    "MonitorJudgeModel",
    "MonitorProtocol",
    "MonitorRun",
    "MonitorSample",
    "MonitorStatus",
    "MonitorUsage",
    "PauseReason",
    "RunTrigger",
    "SampleVerdict",
    "StorageMode",
]


class MonitorStatus(models.TextChoices):
    PENDING = "pending", "No runs yet"
    UP = "up", "Up"
    DEGRADED = "degraded", "Degraded"
    DOWN = "down", "Down"
    PAUSED = "paused", "Paused"  # shown while ``paused_reason`` is set; never the stored health


class PauseReason(models.TextChoices):
    NONE = "", "Not paused"
    USER = "user", "Paused by a user"
    BUDGET = "budget", "Paused: this month's token budget is used up"


class StorageMode(models.TextChoices):
    ANSWERS = "answers", "Answers, with personal data removed and cut to 2 KB"
    RESULTS_ONLY = "results_only", "Results only (no answer text)"


class MonitorProtocol(models.TextChoices):
    """For monitors declared with a bare endpoint (YAML) instead of a saved agent."""

    CHAT = "chat", 'Chat endpoint (POST {"message": ...})'
    OPENAI = "openai", "OpenAI-compatible /chat/completions"
    RESPONSES = "responses", "OpenAI Responses API /responses"
    A2A = "a2a", "A2A (JSON-RPC message/send)"
    WEBSOCKET = "websocket", 'WebSocket (ws:// or wss://, a frame {"message": ...})'


class MonitorJudgeModel(models.TextChoices):
    SONNET = "sonnet", "Sonnet"
    HAIKU = "haiku", "Haiku"
    OPUS = "opus", "Opus"


def new_webhook_secret() -> str:
    return secrets.token_hex(24)


def new_sealed_webhook_secret() -> str:
    return seal(new_webhook_secret())


class Monitor(models.Model):
    """Either ``agent`` is set (its saved request format is used) or ``endpoint_url`` + ``protocol`` are.

    Keys are never stored: ``auth_secret`` is only the NAME of ``secret.NAME``; the worker reads the value
    from its environment variable ``TRUSTGATE_SECRET_NAME`` when it starts (``settings.TRUSTGATE_SECRETS``).
    """

    account = models.ForeignKey("billing.Account", on_delete=models.CASCADE, related_name="monitors")
    name = models.CharField(max_length=120)
    agent = models.ForeignKey("agents.Agent", on_delete=models.CASCADE, null=True, blank=True, related_name="monitors")
    endpoint_url = models.CharField(max_length=2000, blank=True)  # judged by the endpoint guard, not URLValidator
    protocol = models.CharField(max_length=10, choices=MonitorProtocol.choices, default=MonitorProtocol.CHAT)
    model_name = models.CharField(max_length=200, blank=True)
    auth_secret = models.CharField(max_length=64, blank=True)

    interval_minutes = models.PositiveIntegerField(default=60)
    samples_per_case = models.PositiveSmallIntegerField(default=3)
    min_passing_samples = models.PositiveSmallIntegerField(default=2)
    target_pass_rate = models.PositiveSmallIntegerField(default=90)  # percent
    alert_emails = models.TextField(blank=True)  # one address a line
    # The HMAC key the signed webhook is signed with, sealed (evaluations/core/sealed.py); read as ``webhook_secret``.
    webhook_secret_sealed = models.TextField(default=new_sealed_webhook_secret)
    # PagerDuty's dedup key of the open episode (down or degraded until recovered); "" while up.
    incident_key = models.CharField(max_length=120, blank=True)
    monthly_token_budget = models.PositiveIntegerField(default=200_000)
    # Scored as in runs (docs/scoring.md): contacts the agent may give (besides its saved agent's), one a line, and
    # strings that must never appear in an answer (masked wherever an answer is shown or stored), one a line.
    allowed_contacts = models.TextField(blank=True)
    secret_markers = models.TextField(blank=True)
    storage_mode = models.CharField(max_length=12, choices=StorageMode.choices, default=StorageMode.ANSWERS)
    judge_model = models.CharField(max_length=10, choices=MonitorJudgeModel.choices, default=MonitorJudgeModel.SONNET)
    judge_strictness = models.CharField(max_length=10, choices=Strictness.choices, default=Strictness.BALANCED)

    # The workspace's public status page (docs/monitors.md#public-status-page): shown there only when chosen, under
    # its public name ("" shows "Check N", never the internal name).
    on_status_page = models.BooleanField(default=False)
    public_name = models.CharField(max_length=120, blank=True)

    status = models.CharField(max_length=10, choices=MonitorStatus.choices, default=MonitorStatus.PENDING)
    paused_reason = models.CharField(max_length=10, choices=PauseReason.choices, default=PauseReason.NONE, blank=True)
    runs_below_target = models.PositiveIntegerField(default=0)  # consecutive scored runs under the target
    regressed_case_ids = models.JSONField(default=list, blank=True)  # cases that must pass again to recover
    last_error = models.TextField(blank=True)  # a monitor (configuration) error, e.g. a missing secret
    last_run_at = models.DateTimeField(null=True, blank=True)
    status_changed_at = models.DateTimeField(null=True, blank=True)

    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [models.UniqueConstraint(fields=["account", "name"], name="monitor_name_unique_in_account")]

    def __str__(self) -> str:
        return self.name

    @property
    def is_paused(self) -> bool:
        return bool(self.paused_reason)

    @property
    def display_status(self) -> str:
        return MonitorStatus.PAUSED if self.is_paused else self.status

    @property
    def display_status_label(self) -> str:
        return MonitorStatus(self.display_status).label

    @property
    def badge_class(self) -> str:
        return status_badge_class(self.display_status)

    @property
    def webhook_secret(self) -> str:
        return unseal(self.webhook_secret_sealed)

    @property
    def webhook_secret_masked(self) -> str:
        """How pages show the signing key: ``a3f…9c1e`` (never whole)."""
        return mask_key(self.webhook_secret)

    @property
    def allowed_contact_list(self) -> list[str]:
        return [line.strip() for line in self.allowed_contacts.splitlines() if line.strip()]

    @property
    def secret_marker_list(self) -> list[str]:
        return [line.strip() for line in self.secret_markers.splitlines() if line.strip()]

    @property
    def alert_email_list(self) -> list[str]:
        return [line.strip() for line in self.alert_emails.replace(",", "\n").splitlines() if line.strip()]

    @property
    def target_label(self) -> str:
        return f"{self.target_pass_rate}%"

    @property
    def every_label(self) -> str:
        minutes = self.interval_minutes
        if minutes % 60 == 0:
            hours = minutes // 60
            return "hour" if hours == 1 else f"{hours} hours"
        return f"{minutes} minutes"

    @property
    def every_yaml(self) -> str:
        return f"{self.interval_minutes // 60}h" if self.interval_minutes % 60 == 0 else f"{self.interval_minutes}m"

    @property
    def target_name(self) -> str:
        return self.agent.name if self.agent_id and self.agent else self.endpoint_url


def status_badge_class(status: str) -> str:
    """The CSS badge class of a status (colours live in trustgate.css)."""
    badges: dict[str, str] = {
        MonitorStatus.UP: "pass",
        MonitorStatus.DEGRADED: "error",
        MonitorStatus.DOWN: "fail",
        MonitorStatus.PAUSED: "not_scored",
        MonitorStatus.PENDING: "not_scored",
    }
    return badges.get(status, "not_scored")


class MonitorCase(models.Model):
    """A question and what a good answer looks like. ``expect`` holds normalised rules (monitors/rules.py)."""

    monitor = models.ForeignKey(Monitor, on_delete=models.CASCADE, related_name="cases")
    position = models.PositiveIntegerField(default=0)
    name = models.CharField(max_length=200)
    ask = models.TextField()
    expect = models.JSONField(default=list)

    class Meta:
        ordering = ["monitor", "position", "pk"]

    def __str__(self) -> str:
        return self.name


class MonitorUsage(models.Model):
    """Tokens a monitor used in one calendar month (UTC): agent tokens (estimated) plus judge tokens."""

    monitor = models.ForeignKey(Monitor, on_delete=models.CASCADE, related_name="usage")
    month = models.DateField()  # the first day of the month
    agent_tokens = models.PositiveBigIntegerField(default=0)
    judge_tokens = models.PositiveBigIntegerField(default=0)
    # The judge's calls and tokens by kind ({"judge": {...}}; evaluations/llm/usage.py), for the monthly cost.
    model_usage = models.JSONField(default=dict, blank=True)
    budget_alerted = models.BooleanField(default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["monitor", "month"], name="one_usage_row_per_month")]

    @property
    def tokens(self) -> int:
        return int(self.agent_tokens + self.judge_tokens)


class RunTrigger(models.TextChoices):
    SCHEDULE = "schedule", "Schedule"
    MANUAL = "manual", "Run now"
    DEPLOY = "deploy", "Deploy"


class MonitorRun(LeasedJob):
    """One run of a monitor's cases. Its status is the one job status (evaluations/core/jobs.py); a failed run is
    a monitor error: the monitor could not run (missing secret, blocked endpoint, budget) or its worker died."""

    execute_task = "evaluations.monitors.tasks.monitor_run_execute"
    give_up_task = "evaluations.monitors.tasks.monitor_run_give_up"
    status_labels = {JobStatus.FAILED: "Monitor error"}

    monitor = models.ForeignKey(Monitor, on_delete=models.CASCADE, related_name="runs")
    trigger = models.CharField(max_length=10, choices=RunTrigger.choices, default=RunTrigger.SCHEDULE)
    deploy_ref = models.CharField(max_length=200, blank=True)
    triggered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    outcome = models.CharField(max_length=10, choices=MonitorStatus.choices, blank=True)  # the health after it
    storage_mode = models.CharField(max_length=12, choices=StorageMode.choices, default=StorageMode.ANSWERS)
    target_pass_rate = models.PositiveSmallIntegerField(default=90)
    pass_rate = models.FloatField(null=True, blank=True)  # percent of scored samples that passed
    samples_total = models.PositiveIntegerField(default=0)
    samples_passed = models.PositiveIntegerField(default=0)
    samples_failed = models.PositiveIntegerField(default=0)
    samples_error = models.PositiveIntegerField(default=0)
    samples_not_judged = models.PositiveIntegerField(default=0)
    cases_passed = models.PositiveIntegerField(default=0)
    cases_failed = models.PositiveIntegerField(default=0)
    case_results = models.JSONField(default=dict, blank=True)  # {case id: {"verdict", "passed", "failed", ...}}
    agent_tokens = models.PositiveIntegerField(default=0)
    judge_tokens = models.PositiveIntegerField(default=0)
    judge_model = models.CharField(max_length=20, blank=True)
    judge_prompt_version = models.CharField(max_length=20, blank=True)

    class Meta(LeasedJob.Meta):
        constraints = [
            # A monitor runs one at a time: its status rules read the runs in order.
            models.UniqueConstraint(
                fields=["monitor"],
                condition=Q(status__in=["queued", "running"]),
                name="one_active_run_per_monitor",
            )
        ]

    def __str__(self) -> str:
        return f"Monitor run {self.pk} of {self.monitor_id}"

    @property
    def tokens(self) -> int:
        return self.agent_tokens + self.judge_tokens

    @property
    def badge_class(self) -> str:
        if self.status == JobStatus.FAILED:
            return "error"
        if self.is_active:
            return "running"
        return status_badge_class(self.outcome)


class SampleVerdict(models.TextChoices):
    PASS = "pass", "Pass"
    FAIL = "fail", "Fail"
    ERROR = "error", "No answer"
    NOT_JUDGED = "not_judged", "Not judged"


class MonitorSample(models.Model):
    """One question sent and checked. ``answer`` is PII-masked and at most 2 KB, or empty (results only)."""

    run = models.ForeignKey(MonitorRun, on_delete=models.CASCADE, related_name="samples")
    case = models.ForeignKey(MonitorCase, on_delete=models.SET_NULL, null=True, blank=True, related_name="samples")
    case_name = models.CharField(max_length=200)
    sample_index = models.PositiveSmallIntegerField()
    verdict = models.CharField(max_length=12, choices=SampleVerdict.choices)
    answer = models.TextField(blank=True)
    findings = models.JSONField(default=list)  # [{"rule", "passed", "message"}], no answer text
    latency_ms = models.PositiveIntegerField(null=True, blank=True)
    error_kind = models.CharField(max_length=20, blank=True)
    error_message = models.TextField(blank=True)
    judge_verdict = models.CharField(max_length=12, blank=True)  # pass / fail / not_judged; "" when not run
    judge_model = models.CharField(max_length=20, blank=True)
    judge_prompt_version = models.CharField(max_length=20, blank=True)
    judge_rationale = models.TextField(blank=True)
    tokens = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["run", "case_id", "sample_index"]
        constraints = [
            models.UniqueConstraint(fields=["run", "case", "sample_index"], name="one_sample_per_case_index")
        ]

    @property
    def badge_class(self) -> str:
        return {"pass": "pass", "fail": "fail", "error": "error"}.get(self.verdict, "not_scored")


class EventKind(models.TextChoices):
    STATUS = "status", "Status change"
    PAUSED = "paused", "Paused"
    RESUMED = "resumed", "Resumed"


class AlertState(models.TextChoices):
    NONE = "none", "No alert"
    PENDING = "pending", "Sending"
    SENDING = "sending", "Sending"
    SENT = "sent", "Sent"
    FAILED = "failed", "Failed"


class MonitorEvent(models.Model):
    """One entry of the status history. ``details`` is the alert's content, frozen when the event happened."""

    monitor = models.ForeignKey(Monitor, on_delete=models.CASCADE, related_name="events")
    run = models.ForeignKey(MonitorRun, on_delete=models.SET_NULL, null=True, blank=True, related_name="events")
    kind = models.CharField(max_length=10, choices=EventKind.choices)
    status = models.CharField(max_length=10, choices=MonitorStatus.choices)
    previous_status = models.CharField(max_length=10, choices=MonitorStatus.choices, blank=True)
    title = models.CharField(max_length=200)
    message = models.TextField(blank=True)
    details = models.JSONField(default=dict, blank=True)
    alert_state = models.CharField(max_length=10, choices=AlertState.choices, default=AlertState.NONE)
    alert_log = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return self.title

    @property
    def badge_class(self) -> str:
        return status_badge_class(self.status)


class ChannelKind(models.TextChoices):
    EMAIL = "email", "Email"
    WEBHOOK = "webhook", "Signed webhook"
    SLACK = "slack", "Slack"
    TEAMS = "teams", "Microsoft Teams"
    PAGERDUTY = "pagerduty", "PagerDuty"


# The channels whose address is a secret (a URL with its token in it, a routing key): sealed, shown masked.
SECRET_CHANNELS = (ChannelKind.WEBHOOK, ChannelKind.SLACK, ChannelKind.TEAMS, ChannelKind.PAGERDUTY)


class AlertChannel(models.Model):
    """Where a monitor's alerts go besides email: a webhook, Slack or Teams URL, or a PagerDuty routing key. The
    value is sealed (Fernet); pages, exports and logs only ever see ``masked``."""

    monitor = models.ForeignKey(Monitor, on_delete=models.CASCADE, related_name="channels")
    kind = models.CharField(max_length=12, choices=ChannelKind.choices)
    sealed = models.TextField()
    masked = models.CharField(max_length=80)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["monitor", "kind"]
        constraints = [models.UniqueConstraint(fields=["monitor", "kind"], name="one_channel_per_kind")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.masked}"

    @property
    def value(self) -> str:
        """The clear URL or key, for the one request that needs it. Raises ``SealBroken``."""
        return unseal(self.sealed)


class DeliveryState(models.TextChoices):
    SENDING = "sending", "Sending"
    SENT = "sent", "Delivered"
    FAILED = "failed", "Failed"


class AlertDelivery(models.Model):
    """One alert to one channel (or one test alert): what happened, after how many tries, the last error."""

    monitor = models.ForeignKey(Monitor, on_delete=models.CASCADE, related_name="deliveries")
    event = models.ForeignKey(
        MonitorEvent, on_delete=models.CASCADE, null=True, blank=True, related_name="deliveries"
    )  # none for a test alert
    channel = models.CharField(max_length=12, choices=ChannelKind.choices)
    action = models.CharField(max_length=12, blank=True)  # PagerDuty: trigger / resolve
    is_test = models.BooleanField(default=False)
    state = models.CharField(max_length=10, choices=DeliveryState.choices, default=DeliveryState.SENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    http_status = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "channel"], condition=Q(event__isnull=False), name="one_delivery_per_event_channel"
            )
        ]

    @property
    def badge_class(self) -> str:
        return {"sent": "pass", "failed": "fail"}.get(self.state, "running")


def new_status_slug() -> str:
    return secrets.token_urlsafe(12)


class StatusPage(models.Model):
    """A workspace's public status page, off until enabled: the monitors chosen for it, their state and 90 days of
    up / degraded / down, at an unguessable address. No answers, no internal names."""

    account = models.OneToOneField("billing.Account", on_delete=models.CASCADE, related_name="status_page")
    is_enabled = models.BooleanField(default=False)
    title = models.CharField(max_length=120, blank=True)
    slug = models.CharField(max_length=40, unique=True, default=new_status_slug)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return self.title or "Status"
