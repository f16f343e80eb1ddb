"""Scale-out, tested rather than assumed (SPEC §11): two django-q2 clusters, as on two machines, on one
PostgreSQL process several runs at once, and no run or attempt is handled twice."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from evaluations.runs import services as run_services
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import Attempt, EvaluationRun

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db(transaction=True)
def test_two_workers_on_postgresql_share_runs_without_doing_any_twice(
    alice, demo_agent_record, demo_suite, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    if connection.vendor != "postgresql":
        pytest.skip("Needs PostgreSQL: SQLite's test database lives in this process's memory. .ci/run runs it.")
    from django_q.conf import Conf
    from django_q.models import Task

    monkeypatch.setattr(Conf, "SYNC", False)  # enqueue into the ORM broker; the clusters pick the runs up
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "evalsite.settings",
        "DATABASE_URL": url,
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
        )
        for _ in range(2)
    ]
    try:
        runs = [
            run_services.run_launch(user=alice, agent=demo_agent_record, suite=demo_suite, runs_per_scenario=2)
            for _ in range(run_services.MAX_ACTIVE_RUNS_PER_ACCOUNT)  # as many as a workspace may have at once
        ]
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if not EvaluationRun.objects.filter(status__in=[RunStatus.QUEUED, RunStatus.RUNNING]).exists():
                break
            time.sleep(0.2)
    finally:
        for cluster in clusters:
            cluster.send_signal(signal.SIGTERM)
        for cluster in clusters:
            try:
                cluster.wait(timeout=30)
            except subprocess.TimeoutExpired:
                cluster.kill()

    expected = len(demo_suite.scenarios.all()) * 2
    for run in runs:
        run.refresh_from_db()
        assert run.status == RunStatus.SUCCEEDED, run.error_message
        keys = list(Attempt.objects.filter(run=run).values_list("scenario_key", "repeat"))
        assert len(keys) == len(set(keys)) == expected
        assert Task.objects.filter(name=f"run-{run.pk}").count() == 1  # each run's task ran once
