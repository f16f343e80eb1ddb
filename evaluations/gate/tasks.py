"""django-q2 entry points for the gate: one call each, ids only."""

from evaluations.gate import services


def false_block_rate_simulate(baseline_run_id: int, runs_per_scenario: int) -> None:
    """A large suite's expected false-block rate, simulated off the request (``services.false_block_rate_request``)."""
    services.false_block_rate_simulate(baseline_run_id=baseline_run_id, runs_per_scenario=runs_per_scenario)


def verdict_record_finish(run_id: int) -> None:
    """Revision 1 of a run's verdict record, once it has ended (``core.verdicts.verdict_record_later``)."""
    services.verdict_record_finish(run_id=run_id)


def verdict_records_refresh(
    cause: str,
    summary: str,
    account_id: int,
    actor_id: int | None,
    agent_id: int | None,
    suite_id: int | None,
    run_ids: list[int],
) -> None:
    """A revision for each recorded run whose verdict a pin, version, overrule or re-judge changed."""
    services.verdict_records_refresh(
        cause=cause, summary=summary, account_id=account_id, actor_id=actor_id, agent_id=agent_id,
        suite_id=suite_id, run_ids=run_ids,
    )  # fmt: skip


def power_plan_compute(
    runs: int, baseline_runs: int | None, kinds: str, shape: str, size: int, confirmation: int = 0
) -> None:
    """The power planner's figures for one setting (``services.power_plan_request``)."""
    services.power_plan_compute(
        runs=runs, baseline_runs=baseline_runs, kinds=kinds, shape=shape, size=size, confirmation=confirmation
    )
