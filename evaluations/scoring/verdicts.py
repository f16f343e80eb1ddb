"""The verdict of one attempt: one set of strings that scoring writes, runs store and reports count."""

from django.db import models


class Verdict(models.TextChoices):
    PASS = "pass", "Pass"
    FAIL = "fail", "Fail"
    ERROR = "error", "Error"  # the agent never answered: left out of every score
    NOT_SCORED = "not_scored", "Not scored"  # the judge could not decide: left out of every score


PASS = Verdict.PASS.value
FAIL = Verdict.FAIL.value
NOT_SCORED = Verdict.NOT_SCORED.value
ERROR = Verdict.ERROR.value
