"""Monitor runs stored with the former statuses ("done", "error") read as the one job status after migrating,
and the pages show what they showed before."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from evaluations.core.jobs import JobStatus
from evaluations.monitors.models import MonitorRun

BEFORE = [("monitors", "0003_monitorusage_model_usage")]
AFTER = [("monitors", "0004_monitorrun_job_status")]


def latest() -> list[tuple[str, str]]:
    """The app's newest migration: the models the pages use need every later migration applied."""
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes("monitors")


def migrate(target: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.mark.django_db(transaction=True)
def test_former_monitor_run_statuses_become_the_job_status_and_back(alice: Any, acme: Any, client: Any) -> None:
    old = migrate(BEFORE)
    monitor = old.get_model("monitors", "Monitor").objects.create(account_id=acme.pk, name="Shipping")
    runs = old.get_model("monitors", "MonitorRun").objects
    done = runs.create(monitor=monitor, status="done", outcome="up", cases_passed=1)
    error = runs.create(monitor=monitor, status="error", error_message="Missing secret.")
    queued = runs.create(monitor=monitor, status="queued")
    try:
        migrate(AFTER)
        assert dict(MonitorRun.objects.values_list("pk", "status")) == {
            done.pk: JobStatus.SUCCEEDED,
            error.pk: JobStatus.FAILED,
            queued.pk: JobStatus.QUEUED,
        }
        migrate(latest())
        client.force_login(alice)
        page = client.get(reverse("monitors:monitor-detail", args=[monitor.pk])).content.decode()
        assert "1 passed, 0 failed" in page and "Monitor error" in page and "Missing secret." in page

        migrate(BEFORE)  # and back: the former values return
        assert set(runs.values_list("status", flat=True)) == {"done", "error", "queued"}
    finally:
        migrate(latest())
