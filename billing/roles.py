"""Workspace roles: a leaf every room may import for its access checks (no models, no queries)."""

from __future__ import annotations

from django.db import models


class Role(models.TextChoices):
    """Each role includes every right of the ones before it (docs/accounts.md)."""

    READ = "read", "Read"
    WRITE = "write", "Write"
    PUBLISH = "publish", "Publish"
    ADMIN = "admin", "Admin"

    @classmethod
    def rank(cls, role: str) -> int:
        return [cls.READ, cls.WRITE, cls.PUBLISH, cls.ADMIN].index(cls(role))


class ApiScope(models.TextChoices):
    """What a personal API key may do in its workspace (docs/accounts.md#api-key-scopes), besides what its user's
    role allows: every key reads; ``run`` launches and cancels runs; ``publish`` pins baselines."""

    READ = "read", "Read"
    RUN = "run", "Run"
    PUBLISH = "publish", "Publish"

    @classmethod
    def ordered(cls, scopes: object) -> list[str]:
        """The known scopes among ``scopes``, in the order above (how they are stored and shown)."""
        given = set(scopes) if isinstance(scopes, list | tuple | set | frozenset) else set()
        return [scope for scope in cls.values if scope in given]


# What a key made before scopes existed could do, and what a new key is offered first.
DEFAULT_API_SCOPES = (ApiScope.READ.value, ApiScope.RUN.value)
