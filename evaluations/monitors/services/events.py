"""The status history: record a MonitorEvent (queueing its alert, keeping the PagerDuty episode's dedup key) and
pause for the budget. Delivery is in services/alerting.py."""

from __future__ import annotations

import uuid
from typing import Any

from django.db import transaction
from django_q.tasks import async_task

from evaluations.monitors.models import (
    AlertState,
    EventKind,
    Monitor,
    MonitorEvent,
    MonitorRun,
    MonitorStatus,
    MonitorUsage,
    PauseReason,
)
from evaluations.monitors.selectors import month_start


def event_record(
    *,
    monitor: Monitor,
    kind: str,
    status_value: str,
    previous: str,
    title: str,
    message: str = "",
    run: MonitorRun | None = None,
    details: dict[str, Any] | None = None,
    alert: bool = False,
) -> MonitorEvent:
    """One row of the status history. With ``alert`` and a channel set, the alert is sent after the commit.

    A status change into down or degraded opens an episode (its ``dedup_key``, kept on the monitor until the
    recovery); the recovery carries the same key, so PagerDuty resolves the incident the trigger opened."""
    has_channels = bool(monitor.alert_email_list) or monitor.channels.exists()
    details = dict(details or {})
    if kind == EventKind.STATUS and alert:
        if status_value in (MonitorStatus.DOWN, MonitorStatus.DEGRADED):
            if not monitor.incident_key:
                monitor.incident_key = f"trustgate-monitor-{monitor.pk}-{uuid.uuid4().hex[:12]}"
                Monitor.objects.filter(pk=monitor.pk).update(incident_key=monitor.incident_key)
            details["dedup_key"] = monitor.incident_key
        elif status_value == MonitorStatus.UP and monitor.incident_key:
            details["dedup_key"] = monitor.incident_key
            monitor.incident_key = ""
            Monitor.objects.filter(pk=monitor.pk).update(incident_key="")
    event = MonitorEvent.objects.create(
        monitor=monitor,
        run=run,
        kind=kind,
        status=status_value,
        previous_status=previous,
        title=title,
        message=message,
        details=details,
        alert_state=AlertState.PENDING if alert and has_channels else AlertState.NONE,
        alert_log="" if has_channels or not alert else "No alert channels are set for this monitor.",
    )
    if event.alert_state == AlertState.PENDING:
        event_id = event.pk
        transaction.on_commit(lambda: async_task("evaluations.monitors.tasks.monitor_alert_send", event_id))
    return event


def monitor_budget_pause(*, monitor: Monitor, run: MonitorRun | None) -> None:
    """Inside a transaction with ``monitor`` locked. Alerts once per month."""
    if monitor.paused_reason == PauseReason.BUDGET:
        return
    previous = monitor.display_status
    monitor.paused_reason = PauseReason.BUDGET
    monitor.save(update_fields=["paused_reason", "updated_at"])
    usage, _ = MonitorUsage.objects.get_or_create(monitor=monitor, month=month_start())
    first = not usage.budget_alerted
    if first:
        MonitorUsage.objects.filter(pk=usage.pk).update(budget_alerted=True)
    event_record(
        monitor=monitor,
        kind=EventKind.PAUSED,
        status_value=MonitorStatus.PAUSED,
        previous=previous,
        title="Paused: token budget used up",
        message=(
            f"The monitor used {usage.tokens:,} of its {monitor.monthly_token_budget:,} tokens this month and is "
            "paused until the month ends or the budget is raised."
        ),
        run=run,
        details={"budget": monitor.monthly_token_budget, "used": usage.tokens},
        alert=first,
    )
