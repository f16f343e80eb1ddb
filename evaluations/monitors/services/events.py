"""The status history and its alerts: record a MonitorEvent (queueing its alert), pause for the budget, and
deliver an alert once."""

from __future__ import annotations

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
    """One row of the status history. With ``alert`` and a channel set, the alert is sent after the commit."""
    has_channels = bool(monitor.alert_email_list or monitor.webhook_url)
    event = MonitorEvent.objects.create(
        monitor=monitor,
        run=run,
        kind=kind,
        status=status_value,
        previous_status=previous,
        title=title,
        message=message,
        details=details or {},
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


def monitor_alert_send(*, event_id: int) -> None:
    """Deliver an event's alert once: claimed pending -> sending, then sent or failed with a log."""
    # Imported here: only the alert task needs the mail and webhook client.
    from evaluations.monitors import alerts

    if not MonitorEvent.objects.filter(pk=event_id, alert_state=AlertState.PENDING).update(
        alert_state=AlertState.SENDING
    ):
        return
    event = MonitorEvent.objects.select_related("monitor", "monitor__account", "monitor__agent").get(pk=event_id)
    ok, log = alerts.alert_deliver(event)  # network: outside any transaction
    MonitorEvent.objects.filter(pk=event_id).update(
        alert_state=AlertState.SENT if ok else AlertState.FAILED, alert_log="\n".join(log)
    )
