"""``manage.py schedules``: create or repair every django-q2 schedule row Trustgate needs (idempotent).

The daily monitor retention (docs/monitors.md#retention), the lease sweep (every minute: a run, monitor run or calibration re-judge job whose worker died is enqueued
again; it replaces the former one-row-per-kind sweeps) and one row per monitor. ``manage.py up`` runs it; run it
once after deploying when the worker is started another way (docs/deployment.md).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from evaluations.core.jobs import jobs_sweep_schedule_sync
from evaluations.monitors.scheduling import monitor_schedules_sync
from evaluations.monitors.services import monitors_prune_schedule_sync


class Command(BaseCommand):
    help = "Create or repair the django-q2 schedules: the lease sweep, the monitor retention and one row per monitor."

    def handle(self, *args: Any, **options: Any) -> None:
        jobs_sweep_schedule_sync()
        monitors, removed = monitor_schedules_sync()
        monitors_prune_schedule_sync()
        self.stdout.write(
            f"Schedules ready: the lease sweep of runs, monitor runs and re-judge jobs, the daily monitor retention, "
            f"{monitors} monitor(s)" + (f", {removed} stale row(s) removed." if removed else ".")
        )
