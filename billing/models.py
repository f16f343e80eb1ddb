from __future__ import annotations

from django.conf import settings
from django.db import models


class Role(models.TextChoices):
    """Each role includes every right of the ones before it (SPEC §9)."""

    READ = "read", "Read"
    WRITE = "write", "Write"
    PUBLISH = "publish", "Publish"
    ADMIN = "admin", "Admin"

    @classmethod
    def rank(cls, role: str) -> int:
        return [cls.READ, cls.WRITE, cls.PUBLISH, cls.ADMIN].index(cls(role))


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
