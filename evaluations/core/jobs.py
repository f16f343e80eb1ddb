"""Leased jobs: the one base of the work a worker executes in the background (evaluation runs, monitor runs and
calibration re-judge jobs), their one status, and the one lease sweep over all of them (docs/architecture.md).

A leaf: it imports no room. A concrete job names its two django-q2 tasks by dotted path, as every task is named,
so the sweep can hand out again, or end, a job of any kind without importing the room that owns it. How a worker
holds a job is in lease.py beside this module.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from threading import Event
from typing import ClassVar

from django.apps import apps
from django.conf import settings
from django.db import DatabaseError, models
from django.db.models import Case, F, Q, When
from django.utils import timezone
from django.utils.module_loading import import_string
from django_q.models import Schedule
from django_q.tasks import async_task

from evaluations.core.lease import Lease, lease_claim, lease_deadline, lease_expired, shutdown_requested

logger = logging.getLogger(__name__)

SWEEP_SCHEDULE = "trustgate-lease-sweep"
SWEEP_TASK = "evaluations.core.tasks.jobs_resume_stalled"
# The rows of the sweeps there were before, one per kind of job: the schedule sync deletes them.
FORMER_SWEEP_SCHEDULES = (
    "trustgate-lease-sweep-runs",
    "trustgate-lease-sweep-monitor-runs",
    "trustgate-lease-sweep-rejudge",
)


class JobStatus(models.TextChoices):
    """The status of every leased job. Pages and the CI API show these values and labels; a kind may relabel one
    (a monitor run that failed shows "Monitor error")."""

    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    SUCCEEDED = "succeeded", "Finished"
    FAILED = "failed", "Failed"
    CANCELLED = "cancelled", "Cancelled"  # stopped by a user (evaluation runs)


JOB_ACTIVE = (JobStatus.QUEUED, JobStatus.RUNNING)


class LeasedJob(models.Model):
    """A job a worker holds by a lease it renews (lease.py); while it is queued, the lease is the time its task has
    to start. Once the lease runs out, the lease sweep enqueues the job again, or gives it up when it was started
    again TRUSTGATE_LEASE_MAX_RESUMES times already (its worker died, or its task raised, each time)."""

    # The django-q2 task that executes a job, called with its id; safe to call again (it resumes).
    execute_task: ClassVar[str]
    # The django-q2 task that ends a job as failed, called with its id, how many attempts it had and the last
    # one's error ("" when its workers died holding it): it writes the sentence and releases the credit hold.
    give_up_task: ClassVar[str]
    # Where a kind shows a status under another name than the status's own label.
    status_labels: ClassVar[dict[str, str]] = {}

    status = models.CharField(max_length=10, choices=JobStatus.choices, default=JobStatus.QUEUED)
    error_message = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)  # when a worker last claimed it
    finished_at = models.DateTimeField(null=True, blank=True)
    lease_owner = models.CharField(max_length=32, blank=True)  # the holder's random token; "" when nobody holds it
    lease_expires_at = models.DateTimeField(null=True, blank=True)
    # Attempts after the first, counted when a worker claims it again (its worker died or its task raised)
    resume_count = models.PositiveSmallIntegerField(default=0)

    class Meta:
        abstract = True
        ordering = ["-created_at", "-pk"]

    @property
    def is_active(self) -> bool:
        return self.status in JOB_ACTIVE

    @property
    def is_succeeded(self) -> bool:
        return self.status == JobStatus.SUCCEEDED

    @property
    def status_label(self) -> str:
        """What pages show for the status: its label, or this kind's own name for it."""
        return self.status_labels.get(self.status) or JobStatus(self.status).label


def job_claim(model: type[LeasedJob], pk: int) -> Lease | None:
    """Take job ``pk`` to execute it: queued (or running with its worker dead) becomes running, held by this worker.
    None when it is finished, gone, held by a live worker, or out of attempts (the sweep then gives it up).

    Every claim after the first counts an attempt, in the same UPDATE, whatever ended the one before (a worker
    killed, a task that raised): so a job that fails every time is started at most 1 + TRUSTGATE_LEASE_MAX_RESUMES
    times."""
    first = Q(started_at__isnull=True)
    return lease_claim(
        model,
        pk,
        where=Q(status__in=JOB_ACTIVE) & (first | Q(resume_count__lt=settings.TRUSTGATE_LEASE_MAX_RESUMES)),
        status=JobStatus.RUNNING,
        started_at=timezone.now(),
        resume_count=Case(When(first, then=F("resume_count")), default=F("resume_count") + 1),
    )


def job_execute(model: type[LeasedJob], pk: int, work: Callable[[Lease], None], *, stop: Event | None = None) -> None:
    """Claim job ``pk`` and run ``work`` while the lease is kept alive: the one way every kind executes.

    When ``work`` raises, the error is logged with its traceback and the lease given up: the sweep starts the job
    again within a minute, and the attempt that raises once the job is out of attempts ends it through the kind's
    ``give_up_task`` with the error's sentence (no traceback). When the worker is asked to stop (SIGTERM,
    lease.py), ``work`` is expected to return soon, writing no outcome; the attempt is given back and the sweep
    resumes the job on a live worker."""
    lease = job_claim(model, pk)
    if lease is None:
        return
    with lease.kept_alive(stop=stop):
        try:
            work(lease)
        except Exception as error:
            logger.exception("%s %s raised", model._meta.label, pk)
            if lease.lost.is_set():
                return  # another worker took it over: that one ends it
            _failed_attempt(model, pk, error)
            return
        if shutdown_requested() and not lease.lost.is_set():
            _give_back_attempt(model, pk)


def job_error_sentence(error: BaseException) -> str:
    """What a page shows of an error: its type and the first line of its message, bounded; never a traceback."""
    lines = str(error).strip().splitlines()
    text = f"{type(error).__name__}: {lines[0]}" if lines else type(error).__name__
    return text if len(text) <= 300 else text[:299] + "…"


def _failed_attempt(model: type[LeasedJob], pk: int, error: Exception) -> None:
    row = model._default_manager.filter(pk=pk, status__in=JOB_ACTIVE).values_list("resume_count", flat=True).first()
    if row is None or row < settings.TRUSTGATE_LEASE_MAX_RESUMES:
        return  # the lease is given up on the way out: the sweep starts the next attempt
    try:
        import_string(model.give_up_task)(pk, row + 1, job_error_sentence(error))
    except Exception:  # the sweep gives it up then, without the sentence
        logger.exception("Could not end %s %s", model._meta.label, pk)


def _give_back_attempt(model: type[LeasedJob], pk: int) -> None:
    """The attempt a stopping worker left was not a failure: the next claim must not count it."""
    try:
        model._default_manager.filter(pk=pk, status__in=JOB_ACTIVE).update(
            resume_count=Case(When(resume_count=0, then=0), default=F("resume_count") - 1),
            started_at=Case(When(resume_count=0, then=None), default=F("started_at")),
        )
    except DatabaseError:
        logger.warning("Could not give back the attempt of %s %s", model._meta.label, pk, exc_info=True)


def leased_job_models() -> list[type[LeasedJob]]:
    """Every concrete kind of leased job, in the order of INSTALLED_APPS."""
    return [model for model in apps.get_models() if issubclass(model, LeasedJob)]


def jobs_resume_stalled() -> int:
    """The lease sweep (one django-q2 schedule, every minute): hand out again every active job of every kind whose
    lease ran out, and return how many were.

    Each such job is taken back from its holder, presumed dead (should it still be alive, its next heartbeat finds
    the lease gone and it stops), or left by a task that raised, and its ``execute_task`` is enqueued, at most
    once per lease period per job; the claim of that task counts the attempt (``job_claim``). A job that was
    started 1 + TRUSTGATE_LEASE_MAX_RESUMES times already goes to its ``give_up_task`` instead. Safe to run twice,
    even at once.
    """
    requeued = 0
    for model in leased_job_models():
        try:
            requeued += _requeue_expired(model)
        except Exception:  # one kind's failure must not keep the others' jobs from resuming
            logger.exception("The lease sweep of %s failed", model._meta.label)
    return requeued


def _requeue_expired(model: type[LeasedJob]) -> int:
    active = model._default_manager.filter(status__in=JOB_ACTIVE)
    rows = active.filter(lease_expired(timezone.now())).values_list(
        "pk", "lease_owner", "lease_expires_at", "resume_count", "started_at"
    )
    requeued = 0
    for pk, owner, expires_at, resumes, started_at in rows:
        taken = active.filter(pk=pk, lease_owner=owner, lease_expires_at=expires_at).update(
            lease_owner="", lease_expires_at=lease_deadline()
        )
        if not taken:
            continue  # renewed, claimed or swept meanwhile
        if started_at is not None and resumes >= settings.TRUSTGATE_LEASE_MAX_RESUMES:
            import_string(model.give_up_task)(pk, resumes + 1, "")  # now: a lost task would resume it once more
            continue
        async_task(model.execute_task, pk, task_name=f"{model._meta.model_name}-{pk}-resumed")
        requeued += 1
    return requeued


def jobs_sweep_schedule_sync() -> Schedule:
    """Create or repair the lease sweep's schedule row, which runs every minute, first as soon as a cluster's
    scheduler wakes, and delete the former per-kind rows (``manage.py schedules``). Idempotent (matched by name)."""
    Schedule.objects.filter(name__in=FORMER_SWEEP_SCHEDULES).delete()
    schedule, _ = Schedule.objects.update_or_create(
        name=SWEEP_SCHEDULE,
        defaults={
            "func": SWEEP_TASK,
            "args": None,
            "schedule_type": Schedule.MINUTES,
            "minutes": 1,
            "repeats": -1,
            "next_run": timezone.now(),
        },
    )
    return schedule
