"""Retention (docs/monitors.md#retention): monitor runs with their samples, status history and alert deliveries
older than ``TRUSTGATE_MONITOR_RETENTION_DAYS`` are deleted by a daily schedule, in small batches so no table is
locked for long. A monitor's current status and its open PagerDuty episode are on the monitor row, so they stay."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Model, QuerySet
from django.utils import timezone
from django_q.models import Schedule

from evaluations.core.jobs import JOB_ACTIVE
from evaluations.monitors.models import AlertDelivery, MonitorEvent, MonitorRun

PRUNE_SCHEDULE = "trustgate-retention-monitors"  # outside "trustgate-monitor-", which monitors sync owns
PRUNE_FUNC = "evaluations.monitors.tasks.monitors_prune"
BATCH = 500


@dataclasses.dataclass
class Pruned:
    runs: int = 0
    samples: int = 0
    events: int = 0
    deliveries: int = 0


def _delete_in_batches(queryset: QuerySet[Model]) -> dict[str, int]:
    counts: dict[str, int] = {}
    while True:
        ids = list(queryset.values_list("pk", flat=True)[:BATCH])
        if not ids:
            return counts
        with transaction.atomic():
            _, by_model = queryset.model._default_manager.filter(pk__in=ids).delete()
        for label, count in by_model.items():
            counts[label] = counts.get(label, 0) + count


def monitors_prune(*, now: datetime | None = None, days: int | None = None) -> Pruned:
    """Delete what is older than the retention. Safe to run again (it deletes only what is still there)."""
    cutoff = (now or timezone.now()) - timedelta(days=days or settings.TRUSTGATE_MONITOR_RETENTION_DAYS)
    pruned = Pruned()
    deliveries = _delete_in_batches(AlertDelivery.objects.filter(created_at__lt=cutoff))
    pruned.deliveries = deliveries.get("monitors.AlertDelivery", 0)
    events = _delete_in_batches(MonitorEvent.objects.filter(created_at__lt=cutoff))
    pruned.events = events.get("monitors.MonitorEvent", 0)
    pruned.deliveries += events.get("monitors.AlertDelivery", 0)
    runs = _delete_in_batches(MonitorRun.objects.filter(created_at__lt=cutoff).exclude(status__in=JOB_ACTIVE))
    pruned.runs = runs.get("monitors.MonitorRun", 0)
    pruned.samples = runs.get("monitors.MonitorSample", 0)
    return pruned


def monitors_prune_schedule_sync() -> Schedule:
    """The daily row that calls ``monitors_prune`` (``manage.py schedules`` creates it). Idempotent."""
    schedule, _ = Schedule.objects.update_or_create(
        name=PRUNE_SCHEDULE,
        defaults={"func": PRUNE_FUNC, "schedule_type": Schedule.DAILY, "repeats": -1},
    )
    return schedule
