"""django-q2 entry points of the review room: thin, the work is in services."""

from __future__ import annotations

from evaluations.review import services


def rejudge_execute(job_id: int) -> None:
    services.rejudge_execute(job_id=job_id)


def rejudge_give_up(job_id: int, attempts: int, reason: str = "") -> None:
    """Called for a job that kept failing (evaluations/core/jobs.py): its workers died, or it raised."""
    services.rejudge_give_up(job_id=job_id, attempts=attempts, reason=reason)
