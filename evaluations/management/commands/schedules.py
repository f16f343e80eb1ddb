"""``manage.py schedules``: create or repair every django-q2 schedule row Trustgate needs (idempotent).

The lease sweeps of runs, monitor runs and calibration re-judge jobs (every minute: work whose worker died is enqueued again) and one row
per monitor. ``manage.py up`` runs it; run it once after deploying when the worker is started another way.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from evaluations.monitors.scheduling import monitor_runs_sweep_schedule_sync, monitor_schedules_sync
from evaluations.review.services import rejudge_sweep_schedule_sync
from evaluations.runs.services import runs_sweep_schedule_sync


class Command(BaseCommand):
    help = "Create or repair the django-q2 schedules: the lease sweeps and one row per monitor."

    def handle(self, *args: Any, **options: Any) -> None:
        runs_sweep_schedule_sync()
        monitor_runs_sweep_schedule_sync()
        rejudge_sweep_schedule_sync()
        monitors, removed = monitor_schedules_sync()
        self.stdout.write(
            f"Schedules ready: the lease sweeps of runs, monitor runs and re-judge jobs, {monitors} monitor(s)"
            + (f", {removed} stale row(s) removed." if removed else ".")
        )
