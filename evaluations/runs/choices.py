"""A run's status and stage: constants other rooms may read without touching the run models."""

from django.db import models


class RunStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    SUCCEEDED = "succeeded", "Finished"
    FAILED = "failed", "Failed"
    CANCELLED = "cancelled", "Cancelled"


class RunStage(models.TextChoices):
    CONNECT = "connect", "Connect"
    GENERATE = "generate", "Generate"
    EXECUTE = "execute", "Execute"
    JUDGE = "judge", "Judge"
    SCORE = "score", "Score"
    DONE = "done", "Done"


ACTIVE_STATUSES = (RunStatus.QUEUED, RunStatus.RUNNING)
