"""Real django-q2 clusters (``manage.py qcluster``), as on separate machines, on the test's PostgreSQL database."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def postgres_clusters(count: int) -> Iterator[list[subprocess.Popen[bytes]]]:
    """Start ``count`` clusters on the test database (PostgreSQL: SQLite's lives in this process's memory); on
    exit, SIGTERM lets each finish its task, and one still running after 30 s is killed."""
    db = connection.settings_dict
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "evalsite.settings",
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS": "true",
        "TRUSTGATE_Q_SYNC": "false",
        "TRUSTGATE_LOG_LEVEL": "WARNING",
    }
    clusters = [
        subprocess.Popen(
            [sys.executable, "manage.py", "qcluster"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )  # fmt: skip
        for _ in range(count)
    ]
    try:
        yield clusters
    finally:
        for cluster in clusters:
            cluster.send_signal(signal.SIGTERM)
        for cluster in clusters:
            try:
                cluster.wait(timeout=30)
            except subprocess.TimeoutExpired:
                cluster.kill()
