"""The workspace's audit log (docs/accounts.md): every room that pins, versions, overrules, re-judges, deletes or
changes a key or a role writes one line here through ``audit_record``, and admins read it (``audit_events_for``)
on the audit page or as JSONL. Plain values only: billing imports nothing of the rooms that call it."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q, QuerySet
from django.http import Http404
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.timezone import localtime

from billing.models import AuditAction, AuditEvent, Membership
from billing.roles import Role
from billing.selectors import membership_get

__all__ = [
    "AuditAction",
    "audit_event_json",
    "audit_events_about",
    "audit_events_for",
    "audit_events_html",
    "audit_jsonl",
    "audit_log_for_admin",
    "audit_record",
]

_SUMMARY_MAX = AuditEvent._meta.get_field("summary").max_length or 1000
_TARGET_MAX = AuditEvent._meta.get_field("target").max_length or 300


def audit_record(*, account_id: int, actor: Any, action: str, target: str, summary: str) -> AuditEvent:
    """Append one event. ``actor``: the user who acted, or None for the system (a task, a command). The caller
    writes it in the transaction of the change it records, so an undone change leaves no line behind."""
    user = actor if getattr(actor, "is_authenticated", False) else None
    return AuditEvent.objects.create(
        account_id=account_id,
        actor=user,
        actor_name=user.get_username() if user is not None else "",
        action=AuditAction(action),
        target=_clip(target, _TARGET_MAX),
        summary=_clip(summary, _SUMMARY_MAX),
    )


def _clip(text: str, limit: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def audit_events_for(*, account_id: int) -> QuerySet[AuditEvent]:
    """The workspace's log, newest first, with its actors (no N+1 on the page)."""
    return AuditEvent.objects.filter(account_id=account_id).select_related("actor")


def audit_events_about(
    *, account_id: int, targets: tuple[str, ...] = (), prefixes: tuple[str, ...] = (), limit: int = 50
) -> list[AuditEvent]:
    """The newest ``limit`` events of the workspace whose target is one of ``targets`` or starts with one of
    ``prefixes`` (``suite “Refunds”`` finds every version of that suite), newest first. Django admin shows them
    on the page of the thing they are about."""
    query = Q(target__in=targets)
    for prefix in prefixes:
        query |= Q(target__startswith=prefix)
    return list(audit_events_for(account_id=account_id).filter(query)[:limit])


def audit_log_for_admin(
    *, user: User | AnonymousUser, account_id: int | None
) -> tuple[Membership, QuerySet[AuditEvent]]:
    """The user's membership and the workspace's log (the user's first workspace by default): 404 for a workspace
    they are not in, 403 with a sentence below the Admin role."""
    if account_id is None:
        first = Membership.objects.filter(user=user).order_by("pk").first() if user.is_authenticated else None
        if first is None:
            raise Http404("You are not a member of any workspace.")
        account_id = first.account_id
    membership = membership_get(user=user, account_id=account_id, role=Role.ADMIN)
    return membership, audit_events_for(account_id=account_id)


def audit_event_json(event: AuditEvent) -> dict[str, Any]:
    return {
        "id": event.pk,
        "time": event.created_at.astimezone(dt.UTC).isoformat(),
        "actor": event.actor_name or None,
        "action": event.action,
        "action_label": event.get_action_display(),
        "target": event.target,
        "summary": event.summary,
    }


def audit_jsonl(events: QuerySet[AuditEvent]) -> Iterator[str]:
    """One JSON object a line, oldest first (a log reads top to bottom), streamed in chunks."""
    for event in events.order_by("created_at", "pk").iterator(chunk_size=500):
        yield json.dumps(audit_event_json(event), ensure_ascii=False) + "\n"


def audit_events_html(events: list[AuditEvent]) -> SafeString:
    """The events as a small table for Django admin's read-only field ("Audit trail")."""
    if not events:
        return format_html("{}", "Nothing in the audit log yet.")
    rows = format_html_join(
        "",
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
        (
            (localtime(e.created_at).strftime("%Y-%m-%d %H:%M"), e.actor_name or "the system", e.get_action_display(),
             e.summary)
            for e in events
        ),
    )  # fmt: skip
    return format_html(
        '<table class="audit-trail"><thead><tr><th scope="col">When</th><th scope="col">Who</th>'
        '<th scope="col">What</th><th scope="col">Summary</th></tr></thead><tbody>{}</tbody></table>',
        rows,
    )
