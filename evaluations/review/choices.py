from django.db import models


class ReviewAction(models.TextChoices):
    AGREE = "agree", "Agreed with the verdict"
    OVERRULE = "overrule", "Overruled"
    WITHDRAW = "withdraw", "Overrule withdrawn"


class ExampleSource(models.TextChoices):
    REVIEW = "review", "Reviewed in this workspace"
    IMPORT = "import", "Imported"


class JobStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    SUCCEEDED = "succeeded", "Finished"
    FAILED = "failed", "Failed"


JOB_ACTIVE = (JobStatus.QUEUED, JobStatus.RUNNING)
