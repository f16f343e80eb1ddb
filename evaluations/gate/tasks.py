"""django-q2 entry points for the gate: one call each, ids only."""

from evaluations.gate import services


def false_block_rate_simulate(baseline_run_id: int, runs_per_scenario: int) -> None:
    """A large suite's expected false-block rate, simulated off the request (``services.false_block_rate_request``)."""
    services.false_block_rate_simulate(baseline_run_id=baseline_run_id, runs_per_scenario=runs_per_scenario)
