"""``manage.py clock``: hand out due django-q2 schedule rows every ``TRUSTGATE_CLOCK_SECONDS`` (5 s).

django-q2's clusters look for due rows only every 30 s, so an hourly monitor would start up to 30 s late; this
process looks more often (docs/monitors.md#scheduling, docs/deployment.md). More than one clock, or the clusters'
own look, is harmless: django-q2's scheduler locks the rows it hands out (``select_for_update``) and moves their
next run on in the same transaction. SIGTERM or Ctrl-C stops it between looks.
"""

from __future__ import annotations

import signal
import threading
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from django_q.brokers import get_broker
from django_q.scheduler import scheduler


def clock_tick() -> None:
    """One look: every due schedule row becomes a task on the broker."""
    scheduler(broker=get_broker())


class Command(BaseCommand):
    help = "Hand out due schedule rows (monitors, the lease sweep, retention) every TRUSTGATE_CLOCK_SECONDS."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--once", action="store_true", help="Look once and exit.")

    def handle(self, *args: Any, once: bool = False, **options: Any) -> None:
        stop = threading.Event()
        if not once:
            signal.signal(signal.SIGTERM, lambda *_: stop.set())
            signal.signal(signal.SIGINT, lambda *_: stop.set())
        while True:
            clock_tick()
            if once or stop.wait(settings.TRUSTGATE_CLOCK_SECONDS):
                return
