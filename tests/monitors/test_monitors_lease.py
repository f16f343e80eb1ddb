"""Monitor-run leases: a monitor run whose worker died starts again from the lease sweep, once.

The real kill -9 is in tests/runs/test_resume_after_kill.py; here a dead worker is a lease nobody renews."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from evaluations.core import jobs
from evaluations.core.jobs import JobStatus, jobs_resume_stalled
from evaluations.monitors import services
from evaluations.monitors.models import Monitor, MonitorRun, MonitorSample
from evaluations.monitors.rules import parse_rules
from evaluations.monitors.services import runs as run_services


def queued_run(acme: Any, demo_agent: str, monkeypatch: Any) -> MonitorRun:
    monkeypatch.setattr(run_services, "async_task", lambda *args, **kwargs: None)  # queued; no worker takes it
    monitor: Monitor = services.monitor_create(
        account=acme,
        data={"name": "Shipping", "endpoint_url": f"{demo_agent}/chat"},
        cases=[
            {"name": "Free shipping", "ask": "Is standard shipping free?", "expect": parse_rules([{"contains": "$75"}])}
        ],
    )
    run, created = services.monitor_run_request(monitor=monitor)
    assert created and run.lease_expires_at is not None and run.lease_expires_at > timezone.now()
    return run


def left_by(run: MonitorRun, owner: str, *, seconds: float) -> None:
    MonitorRun.objects.filter(pk=run.pk).update(
        status=JobStatus.RUNNING, lease_owner=owner, lease_expires_at=timezone.now() + timedelta(seconds=seconds),
        started_at=timezone.now(),  # a run a worker held was claimed
    )  # fmt: skip


def test_a_monitor_run_held_by_a_live_worker_is_left_to_it(acme, demo_agent, private_endpoints, monkeypatch) -> None:
    run = queued_run(acme, demo_agent, monkeypatch)
    left_by(run, "live-worker", seconds=60)
    services.monitor_run_execute(run_id=run.pk)
    assert jobs_resume_stalled() == 0
    run.refresh_from_db()
    assert (run.status, run.lease_owner) == (JobStatus.RUNNING, "live-worker")
    assert not MonitorSample.objects.filter(run=run).exists()


def test_a_monitor_run_whose_worker_was_killed_is_run_again_by_the_sweep_once(
    acme, demo_agent, private_endpoints, monkeypatch
) -> None:
    run = queued_run(acme, demo_agent, monkeypatch)
    left_by(run, "killed-worker", seconds=-1)  # kill -9 mid-run: nothing was stored, the lease ran out
    monkeypatch.setattr(jobs, "async_task", lambda func, run_id, **kw: services.monitor_run_execute(run_id=run_id))
    assert jobs_resume_stalled() == 1
    assert jobs_resume_stalled() == 0
    run.refresh_from_db()
    assert run.status == JobStatus.SUCCEEDED and run.resume_count == 1 and run.lease_owner == ""
    samples = list(MonitorSample.objects.filter(run=run).values_list("case_id", "sample_index"))
    assert len(samples) == len(set(samples)) == 3
    assert MonitorRun.objects.count() == 1


def test_a_monitor_run_whose_workers_keep_dying_ends_as_a_monitor_error(
    acme, demo_agent, private_endpoints, monkeypatch, settings
) -> None:
    run = queued_run(acme, demo_agent, monkeypatch)
    MonitorRun.objects.filter(pk=run.pk).update(resume_count=settings.TRUSTGATE_LEASE_MAX_RESUMES)
    left_by(run, "killed-again", seconds=-1)
    assert jobs_resume_stalled() == 0
    run.refresh_from_db()
    assert run.status == JobStatus.FAILED and "stopped" in run.error_message
    run, created = services.monitor_run_request(monitor=run.monitor)  # Run now works again at once
    assert created
