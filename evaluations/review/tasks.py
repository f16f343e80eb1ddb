"""django-q2 entry points of the review room: thin, the work is in services."""

from __future__ import annotations

from evaluations.review import services


def rejudge_execute(job_id: int) -> None:
    services.rejudge_execute(job_id=job_id)
