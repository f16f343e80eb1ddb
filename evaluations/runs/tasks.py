"""django-q2 entry points for runs: one call each, ids only (the agent key never travels in task arguments)."""

from evaluations.runs import services


def run_execute(run_id: int) -> None:
    services.run_execute(run_id=run_id)


def run_give_up(run_id: int, deaths: int) -> None:
    """Called by the lease sweep (evaluations/core/jobs.py) for a run whose workers kept dying."""
    services.run_give_up(run_id=run_id, deaths=deaths)
