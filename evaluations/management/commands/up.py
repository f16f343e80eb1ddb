"""Start the whole product: web server, one django-q2 worker and the demo agent. Ctrl-C stops all three.

The web server listens on ``--addr`` and the demo agent on TRUSTGATE_DEMO_AGENT_PORT, the port the seeded demo
agent's endpoint uses (``make run PORT=... DEMO_AGENT_PORT=...`` sets both; docs/getting-started.md).
"""

from __future__ import annotations

import errno
import os
import signal
import socketserver
import subprocess
import sys
import time
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Run the web server, a django-q2 worker and the bundled demo agent until Ctrl-C."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--addr", default="127.0.0.1:8000")

    def handle(self, *args: Any, addr: str, **options: Any) -> None:
        host, _, port = addr.rpartition(":")
        if not port.isdigit():
            raise CommandError(f"--addr {addr} has no port: give host:port, as `make run PORT=9000` does.")
        demo_port = settings.TRUSTGATE_DEMO_AGENT_PORT
        if int(port) == demo_port:
            raise CommandError(f"The web server and the demo agent cannot share port {port}: give them two ports.")
        _refuse_busy(host.strip("[]") or "127.0.0.1", int(port), "the web server", "PORT", avoid=demo_port)
        _refuse_busy("127.0.0.1", demo_port, "the demo agent", "DEMO_AGENT_PORT", avoid=int(port))
        call_command("schedules", stdout=self.stdout)  # the lease sweep: a killed worker's jobs resume
        manage = [sys.executable, str(settings.BASE_DIR / "manage.py")]
        commands = {
            "demo agent": [*manage, "demo_agent", "--port", str(demo_port)],
            "worker": [*manage, "qcluster"],
            "clock": [*manage, "clock"],  # due schedules every 5 s, not django-q2's 30 (docs/deployment.md)
            "web": [*manage, "runserver", "--noreload", "--insecure", addr],
        }
        # The worker in its own process group: qcluster forks a sentinel and workers, and a worker still running
        # after the deadline below goes with all of them, never left behind as orphans. `up` forwards Ctrl-C.
        children = {
            name: subprocess.Popen(cmd, env=os.environ.copy(), start_new_session=name == "worker")
            for name, cmd in commands.items()
        }
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
                    # qcluster's workers stop within seconds and leave their jobs to be resumed (docs/runs.md)
                    child.send_signal(signal.SIGTERM)
            deadline = time.time() + 30
            for name, child in children.items():
                try:
                    child.wait(timeout=max(0.1, deadline - time.time()))
                except subprocess.TimeoutExpired:
                    if name == "worker":
                        os.killpg(child.pid, signal.SIGKILL)
                    else:
                        child.kill()


class _Probe(socketserver.TCPServer):
    allow_reuse_address = True  # as runserver and the demo agent bind (both are http.server.HTTPServers)


def _in_use(host: str, port: int) -> bool:
    """Whether something listens on host:port already, so that neither server could bind it."""
    try:
        _Probe((host, port), socketserver.BaseRequestHandler).server_close()
    except OSError as error:
        return error.errno == errno.EADDRINUSE  # any other error is the server's own to report
    return False


def _refuse_busy(host: str, port: int, server: str, variable: str, *, avoid: int) -> None:
    """A sentence the user can act on, with a free port to try, instead of a server's traceback."""
    if not _in_use(host, port):
        return
    free = next((p for p in range(port + 1, min(port + 100, 65536)) if p != avoid and not _in_use(host, p)), None)
    hint = f"`make run {variable}={free}`" if free else f"`make run {variable}=...` with a free port"
    raise CommandError(f"Cannot start {server}: port {port} is in use; run {hint}.")
