"""django-q2 entry points: one call each, ids only (the agent key never travels in task arguments)."""

from evaluations.services import runs


def run_execute(run_id: int) -> None:
    runs.run_execute(run_id=run_id)
