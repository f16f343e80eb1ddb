"""Scale-out, tested rather than assumed (docs/deployment.md): two django-q2 clusters, as on two machines, on one
PostgreSQL process several runs at once, and no run or attempt is handled twice."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from django.db import connection

from evaluations.launches.request import MAX_ACTIVE_RUNS_PER_ACCOUNT
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import Attempt, EvaluationRun
from tests.support.clusters import postgres_clusters
from tests.support.launching import launch_run

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db(transaction=True)
def test_two_workers_on_postgresql_share_runs_without_doing_any_twice(
    alice, demo_agent_record, demo_suite, monkeypatch
) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("Needs PostgreSQL: SQLite's test database lives in this process's memory. .ci/run runs it.")
    from django_q.conf import Conf
    from django_q.models import Task

    monkeypatch.setattr(Conf, "SYNC", False)  # enqueue into the ORM broker; the clusters pick the runs up
    with postgres_clusters(2):
        runs = [
            launch_run(user=alice, agent=demo_agent_record, suite=demo_suite, runs_per_scenario=2)
            for _ in range(MAX_ACTIVE_RUNS_PER_ACCOUNT)  # as many as a workspace may have at once
        ]
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if not EvaluationRun.objects.filter(status__in=[RunStatus.QUEUED, RunStatus.RUNNING]).exists():
                break
            time.sleep(0.2)

    expected = len(demo_suite.scenarios.all()) * 2
    for run in runs:
        run.refresh_from_db()
        assert run.status == RunStatus.SUCCEEDED, run.error_message
        keys = list(Attempt.objects.filter(run=run).values_list("scenario_key", "repeat"))
        assert len(keys) == len(set(keys)) == expected
        assert Task.objects.filter(name=f"run-{run.pk}").count() == 1  # each run's task ran once
