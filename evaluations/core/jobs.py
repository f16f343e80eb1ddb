"""Leased jobs: the one base of the work a worker executes in the background (evaluation runs, monitor runs and
calibration re-judge jobs), their one status, and the one lease sweep over all of them (docs/architecture.md).

A leaf: it imports no room. A concrete job names its two django-q2 tasks by dotted path, as every task is named,
so the sweep can hand out again, or end, a job of any kind without importing the room that owns it. How a worker
holds a job is in lease.py beside this module.
"""

from __future__ import annotations

import logging
from typing import ClassVar

from django.apps import apps
from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.module_loading import import_string
from django_q.models import Schedule
from django_q.tasks import async_task

from evaluations.core.lease import Lease, lease_claim, lease_deadline, lease_expired

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
    to start. Once the lease runs out, the lease sweep enqueues the job again, or gives it up when the workers that
    held it died more than TRUSTGATE_LEASE_MAX_RESUMES times."""

    # The django-q2 task that executes a job, called with its id; safe to call again (it resumes).
    execute_task: ClassVar[str]
    # The django-q2 task that ends a job as failed, called with its id and how many workers died holding it.
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
    resume_count = models.PositiveSmallIntegerField(default=0)  # workers that died holding it

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
    None when it is finished, gone, or held by a live worker."""
    return lease_claim(model, pk, where=Q(status__in=JOB_ACTIVE), status=JobStatus.RUNNING, started_at=timezone.now())


def leased_job_models() -> list[type[LeasedJob]]:
    """Every concrete kind of leased job, in the order of INSTALLED_APPS."""
    return [model for model in apps.get_models() if issubclass(model, LeasedJob)]


def jobs_resume_stalled() -> int:
    """The lease sweep (one django-q2 schedule, every minute): hand out again every active job of every kind whose
    lease ran out, and return how many were.

    Each such job is taken back from its holder, presumed dead (should it still be alive, its next heartbeat finds
    the lease gone and it stops), and its ``execute_task`` is enqueued, at most once per lease period per job. A
    job that no worker held (its queued task was lost in a killed cluster's local queue, or still waits behind
    other work) is enqueued again without counting a resume; a job whose holder died more than
    TRUSTGATE_LEASE_MAX_RESUMES times goes to its ``give_up_task`` instead. Safe to run twice, even at once.
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
        "pk", "lease_owner", "lease_expires_at", "resume_count"
    )
    requeued = 0
    for pk, owner, expires_at, resumes in rows:
        died = bool(owner)
        taken = active.filter(pk=pk, lease_owner=owner, lease_expires_at=expires_at).update(
            lease_owner="", lease_expires_at=lease_deadline(), resume_count=F("resume_count") + int(died)
        )
        if not taken:
            continue  # renewed, claimed or swept meanwhile
        if died and resumes >= settings.TRUSTGATE_LEASE_MAX_RESUMES:
            import_string(model.give_up_task)(pk, resumes + 1)  # now: a lost task would resume it once more
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
