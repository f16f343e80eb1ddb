"""``manage.py clock`` hands out due schedule rows (django-q2's clusters look only every 30 s), once per due row;
and a fleet created at once is spread over the interval (``first_wait``)."""

from __future__ import annotations

from datetime import timedelta

from django.core.management import call_command
from django.utils import timezone
from django_q.models import Schedule
from pytest_httpserver import HTTPServer

from evaluations.core.jobs import JobStatus
from evaluations.monitors.models import MonitorRun
from evaluations.monitors.scheduling import first_wait, schedule_name
from tests.monitors.test_monitors_runs import ScriptedAgent, make_monitor


def test_the_clock_runs_a_due_monitor_once(
    acme, httpserver: HTTPServer, private_endpoints, django_capture_on_commit_callbacks
):
    agent = ScriptedAgent(httpserver)
    monitor = make_monitor(acme, agent.url)
    call_command("clock", "--once")
    assert MonitorRun.objects.count() == 0  # not due yet

    Schedule.objects.filter(name=schedule_name(monitor.pk)).update(next_run=timezone.now() - timedelta(seconds=1))
    with django_capture_on_commit_callbacks(execute=True):
        call_command("clock", "--once")
        call_command("clock", "--once")  # a second look (or a second clock) finds nothing due
    run = MonitorRun.objects.get()
    assert run.trigger == "schedule" and run.status == JobStatus.SUCCEEDED
    assert Schedule.objects.get(name=schedule_name(monitor.pk)).next_run > timezone.now() + timedelta(minutes=50)


def test_a_fleet_created_at_once_is_spread_over_the_hour():
    waits = sorted(first_wait(monitor_id, 60).total_seconds() for monitor_id in range(1, 1001))
    assert 60 <= waits[0] and waits[-1] <= 3600
    gaps = [b - a for a, b in zip(waits, waits[1:], strict=False)]
    assert max(gaps) < 10  # 1,000 monitors: no two minutes with a crowd, no long empty stretch
    per_minute = [sum(1 for w in waits if m * 60 <= w < (m + 1) * 60) for m in range(60)]
    assert max(per_minute) <= 25  # evenly: about 17 a minute
