"""Retention: monitor runs, samples, status history and alert deliveries older than the setting go; newer ones,
an active run and the monitor itself stay; running it again is harmless; ``manage.py schedules`` makes the daily
row."""

from __future__ import annotations

from datetime import timedelta

from django.core.management import call_command
from django.utils import timezone
from django_q.models import Schedule

from evaluations.core.jobs import JobStatus
from evaluations.monitors import services
from evaluations.monitors.models import AlertDelivery, Monitor, MonitorEvent, MonitorRun, MonitorSample
from evaluations.monitors.services.retention import PRUNE_FUNC, PRUNE_SCHEDULE


def _monitor(acme) -> Monitor:
    return services.monitor_create(
        account=acme,
        data={"name": "Chat answers", "endpoint_url": "http://127.0.0.1:9/chat"},
        cases=[{"name": "Refund", "ask": "Refund?", "expect": []}],
    )


def _run(monitor: Monitor, age_days: int, status: str = JobStatus.SUCCEEDED) -> MonitorRun:
    run = MonitorRun.objects.create(monitor=monitor, status=status)
    for index in range(3):
        MonitorSample.objects.create(run=run, case_name="Refund", sample_index=index, verdict="pass")
    event = MonitorEvent.objects.create(monitor=monitor, run=run, kind="status", status="up", title="Recovered")
    AlertDelivery.objects.create(monitor=monitor, event=event, channel="slack", state="sent")
    when = timezone.now() - timedelta(days=age_days)
    MonitorRun.objects.filter(pk=run.pk).update(created_at=when)
    MonitorEvent.objects.filter(pk=event.pk).update(created_at=when)
    AlertDelivery.objects.filter(event=event).update(created_at=when)
    return run


def test_what_is_older_than_the_retention_goes_and_the_rest_stays(acme, settings, private_endpoints):
    settings.TRUSTGATE_MONITOR_RETENTION_DAYS = 90
    monitor = _monitor(acme)
    old = [_run(monitor, 120) for _ in range(2)]
    recent = _run(monitor, 10)
    MonitorRun.objects.filter(pk=old[1].pk).update(status=JobStatus.QUEUED)  # an active run is never pruned

    pruned = services.monitors_prune()
    assert (pruned.runs, pruned.samples, pruned.events, pruned.deliveries) == (1, 3, 2, 2)
    assert set(MonitorRun.objects.values_list("pk", flat=True)) == {old[1].pk, recent.pk}
    assert MonitorEvent.objects.count() == 1 and AlertDelivery.objects.count() == 1
    assert MonitorSample.objects.count() == 6 and Monitor.objects.filter(pk=monitor.pk).exists()

    again = services.monitors_prune()
    assert (again.runs, again.samples, again.events, again.deliveries) == (0, 0, 0, 0)


def test_the_schedules_command_makes_the_daily_retention_row(db):
    call_command("schedules")
    call_command("schedules")  # idempotent
    row = Schedule.objects.get(name=PRUNE_SCHEDULE)
    assert (row.func, row.schedule_type, row.repeats) == (PRUNE_FUNC, Schedule.DAILY, -1)
