"""The verdict of one attempt, in the strings every part of scoring writes (runs store them as ``Verdict``)."""

PASS = "pass"
FAIL = "fail"
NOT_SCORED = "not_scored"  # the judge could not decide: left out of every score
ERROR = "error"  # the agent never answered: left out of every score
