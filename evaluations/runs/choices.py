"""A run's status and stage: constants other rooms may read without touching the run models."""

from django.db import models

from evaluations.core.jobs import JOB_ACTIVE, JobStatus

RunStatus = JobStatus  # a run's status is the one status of every leased job (evaluations/core/jobs.py)
ACTIVE_STATUSES = JOB_ACTIVE


class RunStage(models.TextChoices):
    CONNECT = "connect", "Connect"
    GENERATE = "generate", "Generate"
    EXECUTE = "execute", "Execute"
    JUDGE = "judge", "Judge"
    SCORE = "score", "Score"
    DONE = "done", "Done"
