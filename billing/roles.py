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
