from __future__ import annotations

import hashlib
from typing import Any

from django.conf import settings
from django.db import models

from billing.roles import DEFAULT_API_SCOPES, ApiScope, Role


class Account(models.Model):
    """A workspace. Every agent, suite, run and key belongs to exactly one."""

    name = models.CharField(max_length=120)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    account = models.ForeignKey(Account, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.WRITE)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["account", "user"], name="one_membership_per_user")]

    def __str__(self) -> str:
        return f"{self.user} in {self.account} ({self.get_role_display()})"

    def allows(self, role: str) -> bool:
        return Role.rank(self.role) >= Role.rank(role)


def default_api_scopes() -> list[str]:
    return list(DEFAULT_API_SCOPES)


class ApiKey(models.Model):
    """A personal API key for the CI API. It acts for its user, inside one account only.

    Only a SHA-256 of the token is kept (the token is 256 random bits, so a slow hash adds nothing); the
    first characters (``prefix``) are kept in clear to find the row and to show which key is which.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_keys")
    account = models.ForeignKey(Account, on_delete=models.CASCADE, related_name="api_keys")
    name = models.CharField(max_length=100)
    prefix = models.CharField(max_length=8, db_index=True)
    hashed_secret = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    # What the key may do (``ApiScope`` values, in their order); keys made before scopes read and run.
    scopes = models.JSONField(default=default_api_scopes)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = "API key"  # as people write it (Django would say "api key")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def is_revoked(self) -> bool:
        return self.revoked_at is not None

    def has_scope(self, scope: str) -> bool:
        return scope in ApiScope.ordered(self.scopes)

    @property
    def scope_list(self) -> list[str]:
        """The key's scopes, in order ("read", "run", "publish")."""
        return ApiScope.ordered(self.scopes)

    @staticmethod
    def hash_token(token: str) -> str:
        return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


# --- Credits (docs/credits.md) -------------------------------------------------------------------------------------


class EntryKind(models.TextChoices):
    GRANT = "grant", "Grant"
    HOLD = "hold", "Hold"
    CHARGE = "charge", "Charge"
    RELEASE = "release", "Release"
    REFUND = "refund", "Refund"


# What each kind does to the spendable balance. A hold takes a run's maximum at launch; at the end the charge
# turns the used part of that hold into spent credits (already taken, so it moves nothing), the release gives
# back the rest, and a refund gives back the charge.
BALANCE_SIGN: dict[str, int] = {
    EntryKind.GRANT: 1,
    EntryKind.HOLD: -1,
    EntryKind.CHARGE: 0,
    EntryKind.RELEASE: 1,
    EntryKind.REFUND: 1,
}
RUN_ENTRY_KINDS = (EntryKind.HOLD, EntryKind.CHARGE, EntryKind.RELEASE, EntryKind.REFUND)


class CreditEntry(models.Model):
    """One line of an account's append-only credit ledger: written once, never updated or deleted.

    The balance is derived from the entries (``BALANCE_SIGN``). A run has at most one entry of each kind: the
    constraint on (``run_ref``, ``kind``) makes a repeated hold, charge, release or refund impossible even when a
    task runs twice. ``run_ref`` keeps the run's id when the run itself is deleted. Entries not tied to an
    evaluation run (the demo grant, monitors) use ``key`` for the same guarantee.
    """

    account = models.ForeignKey(Account, on_delete=models.CASCADE, related_name="credit_entries")
    kind = models.CharField(max_length=10, choices=EntryKind.choices)
    amount = models.PositiveIntegerField()  # whole credits; the sign comes from the kind
    run = models.ForeignKey(
        "runs.EvaluationRun", on_delete=models.SET_NULL, null=True, blank=True, related_name="credit_entries"
    )
    run_ref = models.PositiveIntegerField(null=True, blank=True, editable=False)
    key = models.CharField(max_length=120, null=True, blank=True, unique=True, editable=False)
    note = models.CharField(max_length=300, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "credit entries"
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["account", "-created_at"])]
        constraints = [
            models.UniqueConstraint(
                fields=["run_ref", "kind"],
                condition=models.Q(run_ref__isnull=False),
                name="one_credit_entry_per_run_kind",
            ),
            # Every movement of a run's credits is idempotent: it names its run or carries a key.
            models.CheckConstraint(
                condition=models.Q(kind="grant") | models.Q(run_ref__isnull=False) | models.Q(key__isnull=False),
                name="run_credit_entries_are_keyed",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.signed_amount:+d} ({self.account})"

    @property
    def signed_amount(self) -> int:
        return BALANCE_SIGN[self.kind] * self.amount

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None and not self._state.adding:
            raise ValueError("Credit entries are append-only: write a new entry instead of changing one.")
        super().save(*args, **kwargs)

    def delete(self, *args: object, **kwargs: object) -> tuple[int, dict[str, int]]:
        raise ValueError("Credit entries are append-only and cannot be deleted.")


# --- Audit log (docs/accounts.md) ----------------------------------------------------------------------------------


class AuditAction(models.TextChoices):
    BASELINE_PIN = "baseline_pin", "Baseline pinned"
    BASELINE_UNPIN = "baseline_unpin", "Baseline unpinned"
    SUITE_VERSION = "suite_version", "Suite version"
    CHANGES_ACCEPTED = "changes_accepted", "Changes accepted"
    OVERRULE = "overrule", "Verdict overruled"
    WITHDRAWAL = "withdrawal", "Overrule withdrawn"
    API_KEY_CREATE = "api_key_create", "API key created"
    API_KEY_REVOKE = "api_key_revoke", "API key revoked"
    ROLE_CHANGE = "role_change", "Role changed"
    AGENT_DELETE = "agent_delete", "Agent deleted"
    SUITE_DELETE = "suite_delete", "Suite deleted"
    REJUDGE = "rejudge", "Re-judge"
    CALIBRATION_DELETE = "calibration_delete", "Calibration example deleted"
    RUN_LAUNCH = "run_launch", "Run launched from CI"
    CUSTOM_ATTACK = "custom_attack", "Custom attack"


class AuditEvent(models.Model):
    """One line of a workspace's append-only audit log: who did what to what, when, in a sentence. Written once by
    ``billing.audit.audit_record``, never updated or deleted (the workspace's deletion aside). ``actor_name`` keeps
    who it was when the user is deleted; no secret is ever written here (an API key is named by its prefix)."""

    account = models.ForeignKey(Account, on_delete=models.CASCADE, related_name="audit_events")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    actor_name = models.CharField(max_length=150, blank=True)  # blank: the system (a task, a command)
    action = models.CharField(max_length=20, choices=AuditAction.choices)
    target = models.CharField(max_length=300)
    summary = models.CharField(max_length=1000)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["account", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.get_action_display()}: {self.target} ({self.account})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None and not self._state.adding:
            raise ValueError("The audit log is append-only: write a new event instead of changing one.")
        super().save(*args, **kwargs)

    def delete(self, *args: object, **kwargs: object) -> tuple[int, dict[str, int]]:
        raise ValueError("The audit log is append-only: its events cannot be deleted.")
