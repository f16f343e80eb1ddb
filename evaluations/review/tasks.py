"""django-q2 entry points of the review room: thin, the work is in services."""

from __future__ import annotations

from evaluations.review import services


def rejudge_execute(job_id: int) -> None:
    services.rejudge_execute(job_id=job_id)


def rejudge_give_up(job_id: int, deaths: int) -> None:
    """Called by the lease sweep (evaluations/core/jobs.py) for a job whose workers kept dying."""
    services.rejudge_give_up(job_id=job_id, deaths=deaths)
