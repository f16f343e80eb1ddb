"""Red-team reads: a workspace's custom attacks and the library version its runs freeze (docs/redteam.md,
Custom attacks)."""

from __future__ import annotations

import hashlib
import json

from django.db.models import QuerySet

from redteam.library import LIBRARY_VERSION
from redteam.models import CustomAttack

CUSTOM_MARK = "+custom."
_DIGESTED = ("attack_id", "name", "category", "owasp_tag", "severity", "turns", "language", "uses_canary",
             "forbidden_phrases", "expected_outcome", "tool_context")  # fmt: skip


def custom_attacks_for_account(*, account_id: int) -> QuerySet[CustomAttack]:
    """Every custom attack of the workspace, enabled or not, by id."""
    return CustomAttack.objects.filter(account_id=account_id).order_by("attack_id")


def custom_attacks_enabled(*, account_id: int | None) -> list[CustomAttack]:
    """The custom attacks a run of the workspace sends, in run order (by id); none without a workspace."""
    if account_id is None:
        return []
    return list(custom_attacks_for_account(account_id=account_id).filter(is_active=True))


def custom_attacks_digest(*, account_id: int | None) -> str:
    """12 hex digits naming the workspace's enabled custom attacks as they are now; "" when it has none."""
    rows = custom_attacks_enabled(account_id=account_id)
    if not rows:
        return ""
    data = [{field: getattr(row, field) for field in _DIGESTED} for row in rows]
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:12]


def redteam_library_version(*, account_id: int | None) -> str:
    """The library version a red-team run of the workspace freezes: ``LIBRARY_VERSION``, with
    ``+custom.<digest>`` when it has enabled custom attacks, so any change to them makes later runs not
    comparable with an earlier baseline."""
    digest = custom_attacks_digest(account_id=account_id)
    return f"{LIBRARY_VERSION}{CUSTOM_MARK}{digest}" if digest else LIBRARY_VERSION
