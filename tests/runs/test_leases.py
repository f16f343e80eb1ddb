"""Run leases: a worker holds the run it executes; the lease sweep enqueues a run whose worker is gone.

The real kill -9 is in test_resume_after_kill.py; here a dead worker is a lease nobody renews any more."""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from typing import Any

import pytest
from django.core.management import call_command
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django_q.models import Schedule

from billing.models import CreditEntry, EntryKind
from billing.selectors import run_credits
from evaluations.core import jobs
from evaluations.core.jobs import jobs_resume_stalled
from evaluations.core.lease import lease_claim
from evaluations.monitors.scheduling import monitor_schedules_sync
from evaluations.runs import services as run_services
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import EvaluationRun, RunSecret
from evaluations.runs.selectors import run_usage
from tests.support.launching import launch_run


def held_by(run: EvaluationRun, owner: str, *, seconds: float) -> None:
    """The run as a worker ``owner`` left it: its lease runs out in ``seconds`` (in the past when negative)."""
    EvaluationRun.objects.filter(pk=run.pk).update(
        lease_owner=owner, lease_expires_at=timezone.now() + timedelta(seconds=seconds),
        started_at=timezone.now() if owner else None,  # a run a worker held was claimed
    )  # fmt: skip


def assert_finished_once(run: EvaluationRun) -> None:
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED, run.error_message
    keys = list(run.attempts.values_list("scenario_key", "repeat"))
    assert len(keys) == len(set(keys)) == run.total_attempts
    kinds = list(CreditEntry.objects.filter(run_ref=run.pk).values_list("kind", flat=True))
    assert kinds.count(EntryKind.HOLD) == kinds.count(EntryKind.CHARGE) == 1 and len(kinds) == len(set(kinds))
    assert run_credits(run_id=run.pk).charged == run_usage(run_id=run.pk).credits
    assert (run.lease_owner, run.lease_expires_at) == ("", None)  # given up when the run ended


def test_a_launched_run_gets_a_lease_that_its_task_has_to_start_within(
    launch, demo_agent_record, demo_suite, monkeypatch, settings
) -> None:
    monkeypatch.setattr(run_services, "async_task", lambda *args, **kwargs: None)  # launch only
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    assert run.status == RunStatus.QUEUED and run.lease_owner == ""
    left = (run.lease_expires_at - timezone.now()).total_seconds()
    assert settings.TRUSTGATE_LEASE_SECONDS - 5 < left <= settings.TRUSTGATE_LEASE_SECONDS


def test_a_run_held_by_a_live_worker_is_left_to_it(interrupted_run) -> None:
    run = interrupted_run
    held_by(run, "live-worker", seconds=60)
    run_services.run_execute(run_id=run.pk)  # a redelivered task, or the sweep's, while the worker still works
    assert run.attempts.count() == 5
    assert jobs_resume_stalled() == 0
    run.refresh_from_db()
    assert (run.status, run.lease_owner, run.resume_count) == (RunStatus.RUNNING, "live-worker", 0)


def test_the_sweep_resumes_a_run_whose_worker_was_killed_with_one_attempt_each_and_one_charge(interrupted_run) -> None:
    run = interrupted_run
    held_by(run, "killed-worker", seconds=-1)  # kill -9: no finally ran, the lease just ran out
    assert jobs_resume_stalled() == 1  # its task runs at once (django-q2 is synchronous in tests)
    assert_finished_once(run)
    assert run.resume_count == 1
    assert jobs_resume_stalled() == 0  # a finished run is never swept


def test_a_queued_run_whose_task_was_lost_is_enqueued_again_once_per_lease_period(
    launch, demo_agent_record, demo_suite, monkeypatch
) -> None:
    queued: list[Any] = []
    monkeypatch.setattr(run_services, "async_task", lambda *args, **kwargs: queued.append(args))
    monkeypatch.setattr(jobs, "async_task", lambda *args, **kwargs: queued.append(args))  # the sweep's
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    assert jobs_resume_stalled() == 0  # its task may still be waiting behind other work
    held_by(run, "", seconds=-1)  # lost with a killed cluster's local queue, or still waiting
    assert jobs_resume_stalled() == 1
    assert jobs_resume_stalled() == 0  # not again before another lease period
    assert queued == [("evaluations.runs.tasks.run_execute", run.pk)] * 2  # the launch's task, then the sweep's
    run_services.run_execute(run_id=run.pk)
    assert_finished_once(run)
    assert run.resume_count == 0  # no worker died holding it


def test_a_run_whose_workers_keep_dying_is_failed_and_settled_not_resumed_for_ever(interrupted_run, settings) -> None:
    run = interrupted_run
    EvaluationRun.objects.filter(pk=run.pk).update(resume_count=settings.TRUSTGATE_LEASE_MAX_RESUMES)
    held_by(run, "killed-again", seconds=-1)
    assert jobs_resume_stalled() == 0
    run.refresh_from_db()
    deaths = settings.TRUSTGATE_LEASE_MAX_RESUMES + 1
    assert run.status == RunStatus.FAILED and f"stopped {deaths} times" in run.error_message
    assert run.attempts.count() == 5 and not RunSecret.objects.filter(run=run).exists()
    assert run_credits(run_id=run.pk).charged == run_usage(run_id=run.pk).credits  # what it used, once


@pytest.mark.django_db(transaction=True)
def test_the_heartbeat_renews_the_lease_and_a_worker_whose_lease_was_taken_over_stops(
    alice, demo_agent_record, demo_suite, monkeypatch, settings
) -> None:
    monkeypatch.setattr(run_services, "async_task", lambda *args, **kwargs: None)
    settings.TRUSTGATE_HEARTBEAT_SECONDS = 1
    run = launch_run(user=alice, agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    lease = lease_claim(EvaluationRun, run.pk, where=Q(status=RunStatus.QUEUED), status=RunStatus.RUNNING)
    assert lease is not None
    assert lease_claim(EvaluationRun, run.pk, where=Q()) is None  # held: nobody else can take it
    stop = threading.Event()
    with lease.kept_alive(stop=stop):
        first = EvaluationRun.objects.get(pk=run.pk).lease_expires_at
        assert first is not None
        time.sleep(1.6)
        renewed = EvaluationRun.objects.get(pk=run.pk).lease_expires_at
        assert renewed is not None and renewed > first  # renewed from the heartbeat thread
        EvaluationRun.objects.filter(pk=run.pk).update(lease_owner="the-sweep-gave-it-away")
        assert lease.lost.wait(3) and stop.is_set()  # this worker learns it and starts no new conversation
    assert EvaluationRun.objects.get(pk=run.pk).lease_owner == "the-sweep-gave-it-away"  # not given up: not ours


def test_schedules_command_creates_the_one_lease_sweep_once_and_the_monitor_sync_keeps_it(db) -> None:
    call_command("schedules")
    call_command("schedules")
    sweeps = dict(Schedule.objects.filter(name__startswith="trustgate-lease-sweep").values_list("name", "func"))
    assert sweeps == {"trustgate-lease-sweep": "evaluations.core.tasks.jobs_resume_stalled"}
    assert set(Schedule.objects.filter(name="trustgate-lease-sweep").values_list("minutes", "repeats")) == {(1, -1)}
    assert monitor_schedules_sync() == (0, 0)
    # The sync keeps the sweep and the daily monitor retention (named outside "trustgate-monitor-").
    assert sorted(Schedule.objects.values_list("name", flat=True)) == [
        "trustgate-lease-sweep",
        "trustgate-retention-monitors",
    ]


def test_a_run_that_raises_is_retried_a_bounded_number_of_times_then_fails_with_its_reason_and_is_settled(
    interrupted_run, client, alice, settings, monkeypatch
) -> None:
    settings.TRUSTGATE_LEASE_MAX_RESUMES = 2  # three attempts: the interrupted one and two more (docs/runs.md)
    run = interrupted_run

    def full_disk(**kwargs: Any) -> bool:  # no real disk to fill: every attempt raises where it writes
        raise OSError("No space left on device\nTraceback line that must not show")

    monkeypatch.setattr(run_services, "attempt_save", full_disk)
    assert jobs_resume_stalled() == 1  # the second attempt raises: left to the sweep again, still running
    run.refresh_from_db()
    assert (run.status, run.lease_owner, run.resume_count) == (RunStatus.RUNNING, "", 1)
    assert jobs_resume_stalled() == 1  # the third, the last
    assert jobs_resume_stalled() == 0  # ended: never retried again

    run.refresh_from_db()
    assert (run.status, run.resume_count) == (RunStatus.FAILED, 2) and run.finished_at is not None
    assert run.error_message == (
        "The run stopped on an error 3 times, so it was not started again: OSError: No space left on device. "
        "It was logged; launch the run again."
    )
    assert run.attempts.count() == 5 and not RunSecret.objects.filter(run=run).exists()
    credits = run_credits(run_id=run.pk)
    assert credits.is_settled and credits.charged == run_usage(run_id=run.pk).credits  # the rest released
    client.force_login(alice)
    page = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    assert "The run stopped on an error 3 times, so it was not started again: OSError: No space" in page
    assert "Traceback" not in page
