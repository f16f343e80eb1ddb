"""django-q2 entry points for runs: one call each, ids only (the agent key never travels in task arguments)."""

from evaluations.runs import services


def run_execute(run_id: int) -> None:
    services.run_execute(run_id=run_id)


def run_give_up(run_id: int, attempts: int, reason: str = "") -> None:
    """Called for a run that kept failing (evaluations/core/jobs.py): its workers died, or it raised."""
    services.run_give_up(run_id=run_id, attempts=attempts, reason=reason)
