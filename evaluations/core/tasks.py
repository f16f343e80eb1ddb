"""django-q2 entry point of the shared leaves: the one lease sweep (``manage.py schedules`` creates its row)."""

from evaluations.core import jobs


def jobs_resume_stalled() -> None:
    """Jobs of every kind (runs, monitor runs, re-judge jobs) whose worker died start again (docs/architecture.md)."""
    jobs.jobs_resume_stalled()
