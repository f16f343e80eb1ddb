"""Alert channels and deliveries: set or remove a monitor's channels (sealed), deliver an event's alert to every
channel once, and *Send a test alert*. Each delivery is a row (state, tries, last error) on the monitor's page."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django_q.tasks import async_task

from evaluations.core.sealed import SealBroken, seal
from evaluations.monitors.models import (
    SECRET_CHANNELS,
    AlertChannel,
    AlertDelivery,
    AlertState,
    ChannelKind,
    DeliveryState,
    EventKind,
    Monitor,
    MonitorEvent,
    MonitorStatus,
)
from evaluations.monitors.validators import CHANNEL_KEEP, channel_mask

KEEP = CHANNEL_KEEP


class ChannelMissing(Exception):
    """A test alert for a channel the monitor does not have; ``str(error)`` is a sentence for the user."""


def monitor_channels_set(*, monitor: Monitor, channels: dict[str, str]) -> None:
    """For each kind in ``channels``: a value sets it (sealed), "" removes it, ``KEEP`` leaves it. Values are
    checked by the caller (forms, YAML)."""
    for kind, value in channels.items():
        if kind not in SECRET_CHANNELS or value == KEEP:
            continue
        if not value:
            AlertChannel.objects.filter(monitor=monitor, kind=kind).delete()
            continue
        AlertChannel.objects.update_or_create(
            monitor=monitor, kind=kind, defaults={"sealed": seal(value), "masked": channel_mask(value)}
        )


def _pagerduty_action(event: MonitorEvent) -> str:
    """PagerDuty hears status changes only: trigger on down or degraded, resolve on recovery."""
    if event.kind != EventKind.STATUS or not (event.details or {}).get("dedup_key"):
        return ""
    return "trigger" if event.status in (MonitorStatus.DOWN, MonitorStatus.DEGRADED) else "resolve"


def _deliver(event: MonitorEvent, delivery: AlertDelivery, channel: AlertChannel | None, dedup_key: str) -> bool:
    # Imported here: only the alert task needs the mail backend and the outbound client.
    from evaluations.monitors import alerts

    if delivery.channel == ChannelKind.EMAIL:
        outcome = alerts.deliver_email(event)
    elif channel is None:
        outcome = alerts.Outcome(ok=False, attempts=0, error="The channel was removed before the alert was sent.")
    else:
        try:
            value = channel.value
        except SealBroken as error:
            outcome = alerts.Outcome(ok=False, attempts=0, error=str(error))
        else:
            outcome = alerts.deliver_channel(event, channel.kind, value, action=delivery.action, dedup_key=dedup_key)
    AlertDelivery.objects.filter(pk=delivery.pk).update(
        state=DeliveryState.SENT if outcome.ok else DeliveryState.FAILED,
        attempts=outcome.attempts,
        http_status=outcome.http_status,
        last_error=outcome.error,
        finished_at=timezone.now(),
    )
    return outcome.ok


def monitor_alert_send(*, event_id: int) -> None:
    """Deliver an event's alert once to each channel: the event is claimed pending -> sending, and each channel's
    delivery row is unique per event, so a redelivered task sends nothing twice. Network calls run outside any
    transaction."""
    if not MonitorEvent.objects.filter(pk=event_id, alert_state=AlertState.PENDING).update(
        alert_state=AlertState.SENDING
    ):
        return
    event = MonitorEvent.objects.select_related("monitor", "monitor__account", "monitor__agent").get(pk=event_id)
    monitor = event.monitor
    channels = {channel.kind: channel for channel in monitor.channels.all()}
    kinds = ([ChannelKind.EMAIL] if monitor.alert_email_list else []) + list(channels)
    pd_action = _pagerduty_action(event)
    all_ok, log = True, []
    for kind in kinds:
        action = pd_action if kind == ChannelKind.PAGERDUTY else ""
        if kind == ChannelKind.PAGERDUTY and not action:
            continue  # a pause or a first "up": nothing for on-call to open or close
        try:
            with transaction.atomic():  # a savepoint: the unique constraint may refuse it
                delivery = AlertDelivery.objects.create(monitor=monitor, event=event, channel=kind, action=action)
        except IntegrityError:
            continue  # delivered by an earlier attempt of this task
        ok = _deliver(event, delivery, channels.get(kind), (event.details or {}).get("dedup_key", ""))
        all_ok = all_ok and ok
        log.append(f"{ChannelKind(kind).label}: {'delivered' if ok else 'failed'}")
    MonitorEvent.objects.filter(pk=event_id).update(
        alert_state=AlertState.SENT if all_ok else AlertState.FAILED, alert_log="; ".join(log)
    )


@transaction.atomic
def monitor_alert_test(*, monitor: Monitor, kind: str) -> AlertDelivery:
    """Queue a test alert to one channel (recorded like any delivery, never in the status history). Raises
    ``ChannelMissing`` when the monitor has no such channel."""
    has = bool(monitor.alert_email_list) if kind == ChannelKind.EMAIL else monitor.channels.filter(kind=kind).exists()
    if not has:
        label = ChannelKind(kind).label if kind in ChannelKind.values else kind
        raise ChannelMissing(f"This monitor has no {label} channel; add it under Edit first.")
    delivery = AlertDelivery.objects.create(
        monitor=monitor, channel=kind, is_test=True, action="trigger" if kind == ChannelKind.PAGERDUTY else ""
    )
    delivery_id = delivery.pk
    transaction.on_commit(lambda: async_task("evaluations.monitors.tasks.monitor_alert_test_send", delivery_id))
    return delivery


def monitor_alert_test_send(*, delivery_id: int) -> None:
    """Send a queued test alert once. PagerDuty gets an ``info`` trigger and at once its resolve (same dedup key),
    so nobody is left with an open incident."""
    from evaluations.monitors import alerts

    # Claimed by its first try: a redelivered task finds attempts > 0 and sends nothing.
    if not AlertDelivery.objects.filter(pk=delivery_id, attempts=0, state=DeliveryState.SENDING).update(attempts=1):
        return
    delivery = AlertDelivery.objects.select_related("monitor").get(pk=delivery_id)
    monitor = delivery.monitor
    event = alerts.test_event(monitor)
    channel = monitor.channels.filter(kind=delivery.channel).first()
    dedup_key = f"trustgate-test-{monitor.pk}-{delivery_id}"
    if _deliver(event, delivery, channel, dedup_key) and delivery.channel == ChannelKind.PAGERDUTY:
        delivery.action = "resolve"
        AlertDelivery.objects.filter(pk=delivery_id).update(action="resolve")
        _deliver(event, delivery, channel, dedup_key)
