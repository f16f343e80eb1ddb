"""django-q2 entry points of the review room: thin, the work is in services."""

from __future__ import annotations

from evaluations.review import services


def rejudge_execute(job_id: int) -> None:
    services.rejudge_execute(job_id=job_id)


def rejudge_resume_stalled() -> None:
    """The lease sweep's schedule (``manage.py schedules`` creates it): jobs whose worker died start again."""
    services.rejudge_resume_stalled()
