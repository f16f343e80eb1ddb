"""django-q2 schedules for monitors: one ``Schedule`` row per monitor, named ``trustgate-monitor-<id>``.

The row calls ``evaluations.monitors.tasks.monitor_run(<id>)`` every ``interval_minutes``. A monitor paused by a user
has no row; a monitor paused for its budget keeps its row, so the first tick of a new month resumes it.
The django-q2 cluster's scheduler (``qcluster``) turns due rows into tasks; ``monitor_schedules_sync`` (run
by ``manage.py monitors sync``) repairs the rows after a restore or a manual edit. The lease sweep's row, which
enqueues again the monitor runs whose worker died, is named outside SCHEDULE_PREFIX, so the sync keeps it
(evaluations/core/jobs.py).
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from django_q.models import Schedule

from evaluations.monitors.models import Monitor, PauseReason

SCHEDULE_FUNC = "evaluations.monitors.tasks.monitor_run"
SCHEDULE_PREFIX = "trustgate-monitor-"


def schedule_name(monitor_id: int) -> str:
    return f"{SCHEDULE_PREFIX}{monitor_id}"


def first_wait(monitor_id: int, interval_minutes: int) -> timedelta:
    """How long after saving a monitor its schedule first fires: a fraction of its interval fixed by its id (the
    golden-ratio sequence), so a fleet created at once (a YAML import of hundreds) is spread evenly over the interval
    instead of all falling due in the same minute (docs/monitors.md#scheduling; bench/monitor_fleet.py)."""
    fraction = (monitor_id * 0.6180339887498949) % 1.0
    return timedelta(seconds=60.0 + (interval_minutes * 60 - 60.0) * (1.0 - fraction))  # from 1 minute to the interval


def monitor_schedule_sync(*, monitor: Monitor) -> Schedule | None:
    """Create, update or delete the monitor's schedule row to match it. Idempotent."""
    name = schedule_name(monitor.pk)
    if monitor.paused_reason == PauseReason.USER:
        Schedule.objects.filter(name=name).delete()
        return None
    existing = Schedule.objects.filter(name=name).first()
    if (
        existing is not None
        and existing.minutes == monitor.interval_minutes
        and existing.func == SCHEDULE_FUNC
        and existing.args == str(monitor.pk)
        and existing.repeats < 0
    ):
        return existing
    schedule, _ = Schedule.objects.update_or_create(
        name=name,
        defaults={
            "func": SCHEDULE_FUNC,
            "args": str(monitor.pk),
            "schedule_type": Schedule.MINUTES,
            "minutes": monitor.interval_minutes,
            "repeats": -1,
            "next_run": timezone.now() + first_wait(monitor.pk, monitor.interval_minutes),
        },
    )
    return schedule


def monitor_schedule_delete(*, monitor_id: int) -> None:
    Schedule.objects.filter(name=schedule_name(monitor_id)).delete()


def monitor_schedules_sync() -> tuple[int, int]:
    """Bring every monitor's row in line and drop rows of monitors that no longer exist.
    Returns (monitors synced, orphan rows removed)."""
    ids = set()
    for monitor in Monitor.objects.all():
        monitor_schedule_sync(monitor=monitor)
        ids.add(schedule_name(monitor.pk))
    orphans = Schedule.objects.filter(name__startswith=SCHEDULE_PREFIX).exclude(name__in=ids)
    removed, _ = orphans.delete()
    return len(ids), removed
