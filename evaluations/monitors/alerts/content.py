"""What an alert says, the same in every channel: the event, the monitor, the run, and per case the failed rules
with the new answer beside the last good one — or no answer text at all when the monitor stores results only."""

from __future__ import annotations

import difflib
import hashlib
import hmac
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from evaluations.monitors.models import EventKind, Monitor, MonitorEvent, MonitorStatus, StorageMode
from evaluations.outbound.masking import redact_json


def base_url() -> str:
    return settings.TRUSTGATE_BASE_URL.rstrip("/")


def sign(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()


def event_name(event: MonitorEvent) -> str:
    if event.pk is None:
        return "monitor.test"
    title = event.title.lower()
    if title.startswith("recovered"):
        return "monitor.recovered"
    if title.startswith("paused"):
        return "monitor.paused"
    return f"monitor.{event.status}"


def test_event(monitor: Monitor) -> MonitorEvent:
    """An unsaved event for *Send a test alert*: it never enters the status history."""
    return MonitorEvent(
        monitor=monitor,
        kind=EventKind.STATUS,
        status=monitor.status,
        previous_status=monitor.status,
        title="Test alert",
        message="A test alert from Trustgate: this channel receives the monitor's alerts.",
        details={"answers_stored": monitor.storage_mode == StorageMode.ANSWERS, "cases": []},
    )


def answer_diff(old: str, new: str) -> str:
    """A unified, line-by-line diff of the last good answer and the new one ("" when either is missing)."""
    if not old or not new:
        return ""
    lines = difflib.unified_diff(
        old.splitlines(), new.splitlines(), fromfile="last good answer", tofile="new answer", lineterm="", n=2
    )
    return "\n".join(lines)


def answers_shown(event: MonitorEvent) -> bool:
    """Answers appear only when the event recorded them AND the monitor still stores answers: a monitor switched
    to results only sends no answer text, even for an event recorded before."""
    details = event.details or {}
    return bool(details.get("answers_stored", True)) and event.monitor.storage_mode == StorageMode.ANSWERS


def alert_content(event: MonitorEvent) -> dict[str, Any]:
    """The signed webhook's payload, which every other channel is built from, the monitor's credential masked
    (answers are stored masked; this also covers events recorded before they were). Results-only: the answer
    fields are null."""
    monitor = event.monitor
    details = event.details or {}
    run_id = details.get("run_id")
    shown = answers_shown(event)
    payload = {
        "event": event_name(event),
        "event_id": event.pk,
        "sent_at": timezone.now().isoformat(),
        "monitor": {
            "id": monitor.pk,
            "name": monitor.name,
            "agent": monitor.target_name,
            "url": base_url() + reverse("monitors:monitor-detail", args=[monitor.pk]),
        },
        "status": event.status,
        "previous_status": event.previous_status,
        "title": event.title,
        "message": event.message,
        "run": (
            {
                "id": run_id,
                "pass_rate": details.get("pass_rate"),
                "target_pass_rate": details.get("target"),
                "url": base_url() + reverse("monitors:run-detail", args=[run_id]),
            }
            if run_id
            else None
        ),
        "answers_stored": shown,
        "cases": [
            {
                "name": case.get("name", ""),
                "ask": case.get("ask", ""),
                "verdict": case.get("verdict", ""),
                "samples_passed": case.get("samples_passed"),
                "samples": case.get("samples"),
                "new_answer": case.get("new_answer", "") if shown else None,
                "last_good_answer": case.get("last_good_answer", "") if shown else None,
                "error": case.get("error", ""),
                "failed_rules": [_rule_line(rule, shown) for rule in case.get("failed_rules", [])],
            }
            for case in details.get("cases", [])
        ],
    }
    return redact_json(payload, settings.TRUSTGATE_SECRETS.get(monitor.auth_secret, ""))


def _rule_line(rule: str, shown: bool) -> str:
    # Rule messages never quote the answer, but the judge's rationale may: results only keeps just the verdict.
    if not shown and rule.startswith("Judge:"):
        return "Judge: the answer does not meet the rubric (the rationale is not kept: results only)."
    return rule


def is_problem(status: str) -> bool:
    return status in (MonitorStatus.DOWN, MonitorStatus.DEGRADED)
