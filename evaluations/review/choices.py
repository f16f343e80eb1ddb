from django.db import models


class ReviewAction(models.TextChoices):
    AGREE = "agree", "Agreed with the verdict"
    OVERRULE = "overrule", "Overruled"
    WITHDRAW = "withdraw", "Overrule withdrawn"


class ExampleSource(models.TextChoices):
    REVIEW = "review", "Reviewed in this workspace"
    IMPORT = "import", "Imported"
