"""The one leased-job base: runs, monitor runs and re-judge jobs share its status, its lease and the one sweep."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from django_q.models import Schedule

from evaluations.core import jobs
from evaluations.core.jobs import (
    FORMER_SWEEP_SCHEDULES,
    JobStatus,
    LeasedJob,
    job_claim,
    jobs_resume_stalled,
    leased_job_models,
)
from evaluations.core.lease import lease_deadline
from evaluations.monitors.models import Monitor, MonitorRun
from evaluations.review.models import RejudgeJob
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import EvaluationRun


@pytest.fixture
def one_of_each(acme: Any) -> list[LeasedJob]:
    """A queued job of each kind, with the lease its task has to start within, as launching gives it; made with
    the ORM, so nothing enqueues them and no worker takes them."""
    lease = {"lease_expires_at": lease_deadline()}
    return [
        EvaluationRun.objects.create(account=acme, agent_name="Support bot", **lease),
        MonitorRun.objects.create(monitor=Monitor.objects.create(account=acme, name="Shipping"), **lease),
        RejudgeJob.objects.create(
            account=acme, judge_model="haiku", strictness="strict", config="c", up_to_example=1, total=1, **lease
        ),
    ]


def left_by(job: LeasedJob, owner: str, *, seconds: float, status: str = JobStatus.RUNNING) -> None:
    """The job as worker ``owner`` left it: its lease runs out in ``seconds`` (in the past when negative). A job
    a worker held was claimed: it has a start."""
    type(job)._default_manager.filter(pk=job.pk).update(
        status=status, lease_owner=owner, lease_expires_at=timezone.now() + timedelta(seconds=seconds),
        started_at=timezone.now() if owner else None,
    )  # fmt: skip


@pytest.fixture
def enqueued(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """What the sweep enqueues, recorded instead of run."""
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(jobs, "async_task", lambda *args, **kwargs: calls.append(args))
    return calls


def test_the_three_kinds_share_one_base_and_one_status() -> None:
    assert set(leased_job_models()) == {EvaluationRun, MonitorRun, RejudgeJob}
    assert RunStatus is JobStatus  # the runs room's name for it
    for model in leased_job_models():
        field = model._meta.get_field("status")
        assert field.choices == JobStatus.choices and field.default == JobStatus.QUEUED
        assert {"lease_owner", "lease_expires_at", "resume_count", "started_at", "finished_at"} <= {
            f.name for f in model._meta.get_fields()
        }


def test_is_active_and_status_labels_are_those_the_pages_showed(one_of_each: list[LeasedJob]) -> None:
    run, monitor_run, rejudge = one_of_each
    assert all(job.is_active and job.status_label == "Queued" for job in one_of_each)
    for job in one_of_each:
        job.status = JobStatus.SUCCEEDED
    assert [job.status_label for job in one_of_each] == ["Finished"] * 3
    assert not any(job.is_active for job in one_of_each) and all(job.is_succeeded for job in one_of_each)
    for job in one_of_each:
        job.status = JobStatus.FAILED
    assert [job.status_label for job in one_of_each] == ["Failed", "Monitor error", "Failed"]
    assert run.get_status_display() == "Failed"


def test_a_job_is_claimed_once_and_again_only_when_its_holder_is_gone(one_of_each: list[LeasedJob]) -> None:
    for job in one_of_each:
        model = type(job)
        assert job_claim(model, job.pk) is not None
        assert job_claim(model, job.pk) is None  # held by a live worker
        fresh = model._default_manager.get(pk=job.pk)
        assert fresh.status == JobStatus.RUNNING and fresh.started_at is not None
        left_by(job, fresh.lease_owner, seconds=-1)
        assert job_claim(model, job.pk) is not None  # its lease ran out: the holder is presumed dead


def test_the_one_sweep_enqueues_a_dead_workers_job_of_each_kind_and_is_safe_to_run_twice(
    one_of_each: list[LeasedJob], enqueued: list[tuple[Any, ...]]
) -> None:
    for job in one_of_each:
        left_by(job, "killed-worker", seconds=-1)
    assert jobs_resume_stalled() == 3
    assert jobs_resume_stalled() == 0  # not again before another lease period
    assert sorted(enqueued) == sorted(
        [
            ("evaluations.runs.tasks.run_execute", one_of_each[0].pk),
            ("evaluations.monitors.tasks.monitor_run_execute", one_of_each[1].pk),
            ("evaluations.review.tasks.rejudge_execute", one_of_each[2].pk),
        ]
    )
    for job in one_of_each:
        fresh = type(job)._default_manager.get(pk=job.pk)
        # the attempt is counted when a worker claims it, not by the sweep
        assert (fresh.status, fresh.lease_owner, fresh.resume_count) == (JobStatus.RUNNING, "", 0)
        assert fresh.lease_expires_at is not None and fresh.lease_expires_at > timezone.now()  # a period to start


def test_the_sweep_leaves_waiting_and_live_jobs_and_finished_ones_alone(
    one_of_each: list[LeasedJob], enqueued: list[tuple[Any, ...]]
) -> None:
    assert jobs_resume_stalled() == 0  # queued: their tasks may still be waiting behind other work
    run, monitor_run, rejudge = one_of_each
    left_by(run, "live-worker", seconds=60)
    left_by(monitor_run, "", seconds=-1, status=JobStatus.SUCCEEDED)
    left_by(rejudge, "", seconds=-1, status=JobStatus.FAILED)
    assert jobs_resume_stalled() == 0 and enqueued == []
    assert EvaluationRun.objects.get(pk=run.pk).lease_owner == "live-worker"


def test_a_job_of_each_kind_whose_workers_keep_dying_is_ended_with_a_sentence_not_resumed(
    one_of_each: list[LeasedJob], enqueued: list[tuple[Any, ...]], settings: Any
) -> None:
    for job in one_of_each:
        type(job)._default_manager.filter(pk=job.pk).update(resume_count=settings.TRUSTGATE_LEASE_MAX_RESUMES)
        left_by(job, "killed-again", seconds=-1)
    assert jobs_resume_stalled() == 0 and enqueued == []
    deaths = settings.TRUSTGATE_LEASE_MAX_RESUMES + 1
    for job in one_of_each:
        fresh = type(job)._default_manager.get(pk=job.pk)
        assert fresh.status == JobStatus.FAILED and f"stopped {deaths} times" in fresh.error_message
        assert fresh.finished_at is not None
    assert jobs_resume_stalled() == 0  # ended: never swept again


def test_one_kind_failing_does_not_keep_the_others_from_resuming(
    one_of_each: list[LeasedJob], enqueued: list[tuple[Any, ...]], monkeypatch: pytest.MonkeyPatch
) -> None:
    for job in one_of_each:
        left_by(job, "killed-worker", seconds=-1)
    monkeypatch.setattr(EvaluationRun, "execute_task", "evaluations.runs.tasks.no_such_task")

    def broken(func: str, *args: Any, **kwargs: Any) -> None:
        if func.endswith("no_such_task"):
            raise RuntimeError("the broker is down")
        enqueued.append((func, *args))

    monkeypatch.setattr(jobs, "async_task", broken)
    assert jobs_resume_stalled() == 2
    assert {func for func, _ in enqueued} == {
        "evaluations.monitors.tasks.monitor_run_execute",
        "evaluations.review.tasks.rejudge_execute",
    }


def test_schedules_replaces_the_former_sweep_rows_with_the_one_sweep(db: Any) -> None:
    for name in FORMER_SWEEP_SCHEDULES:
        Schedule.objects.create(name=name, func="evaluations.runs.tasks.gone", schedule_type=Schedule.MINUTES)
    call_command("schedules")
    call_command("schedules")
    assert list(Schedule.objects.order_by("name").values_list("name", "func", "minutes", "repeats")) == [
        ("trustgate-lease-sweep", "evaluations.core.tasks.jobs_resume_stalled", 1, -1),
        ("trustgate-retention-monitors", "evaluations.monitors.tasks.monitors_prune", None, -1),  # daily
    ]


def test_the_sweeps_task_runs_the_sweep(one_of_each: list[LeasedJob], enqueued: list[tuple[Any, ...]]) -> None:
    from evaluations.core.tasks import jobs_resume_stalled as task

    left_by(one_of_each[1], "killed-worker", seconds=-1)
    task()
    task()  # a redelivered tick
    assert enqueued == [("evaluations.monitors.tasks.monitor_run_execute", one_of_each[1].pk)]


def test_a_failed_monitor_run_still_shows_as_a_monitor_error(client: Any, alice: Any, acme: Any) -> None:
    monitor = Monitor.objects.create(account=acme, name="Shipping")
    run = MonitorRun.objects.create(monitor=monitor, status=JobStatus.FAILED, error_message="Missing secret.")
    client.force_login(alice)
    page = client.get(reverse("monitors:run-detail", args=[run.pk])).content.decode()
    assert "Monitor error" in page and "Missing secret." in page


def test_every_claim_after_the_first_counts_an_attempt_and_a_job_out_of_attempts_is_not_claimed(
    one_of_each: list[LeasedJob], settings: Any
) -> None:
    settings.TRUSTGATE_LEASE_MAX_RESUMES = 1  # two attempts
    for job in one_of_each:
        model = type(job)
        counts = []
        for _ in range(3):
            lease = job_claim(model, job.pk)
            counts.append(None if lease is None else model._default_manager.get(pk=job.pk).resume_count)
            model._default_manager.filter(pk=job.pk).update(lease_owner="")  # its task raised: the lease given up
        assert counts == [0, 1, None]  # the third attempt is the sweep's to refuse: it ends the job instead
