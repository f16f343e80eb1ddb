"""Start the whole product: web server, one django-q2 worker and the demo agent. Ctrl-C stops all three."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Run the web server, a django-q2 worker and the bundled demo agent until Ctrl-C."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--addr", default="127.0.0.1:8000")

    def handle(self, *args: Any, addr: str, **options: Any) -> None:
        call_command("schedules", stdout=self.stdout)  # the lease sweeps: a killed worker's runs resume
        manage = [sys.executable, str(settings.BASE_DIR / "manage.py")]
        commands = {
            "demo agent": [*manage, "demo_agent", "--port", str(settings.TRUSTGATE_DEMO_AGENT_PORT)],
            "worker": [*manage, "qcluster"],
            "web": [*manage, "runserver", "--noreload", "--insecure", addr],
        }
        children = {name: subprocess.Popen(cmd, env=os.environ.copy()) for name, cmd in commands.items()}
        self.stdout.write(self.style.SUCCESS(f"Trustgate is up on http://{addr}/  (Ctrl-C stops everything)"))
        stopping = False

        def stop(*_: Any) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        try:
            while not stopping:
                for name, child in children.items():
                    if child.poll() is not None:
                        self.stderr.write(f"The {name} stopped (exit {child.returncode}); stopping the rest.")
                        stopping = True
                time.sleep(0.5)
        finally:
            for child in children.values():
                if child.poll() is None:
                    child.send_signal(signal.SIGTERM)  # qcluster finishes running tasks on SIGTERM
            deadline = time.time() + 30
            for child in children.values():
                try:
                    child.wait(timeout=max(0.1, deadline - time.time()))
                except subprocess.TimeoutExpired:
                    child.kill()
