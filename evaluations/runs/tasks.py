"""django-q2 entry points for runs: one call each, ids only (the agent key never travels in task arguments)."""

from evaluations.runs import services


def run_execute(run_id: int) -> None:
    services.run_execute(run_id=run_id)


def runs_resume_stalled() -> None:
    """The lease sweep's schedule (``manage.py schedules`` creates it): runs whose worker died start again."""
    services.runs_resume_stalled()
