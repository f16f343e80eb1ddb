"""The gate simulated: how often it blocks when nothing changed, from per-scenario pass probabilities, and the gate
with its confirmation runs on simulated runs (the bench and the power planner share ``confirm_simulated``)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from evaluations.core.specs import BREACH_KINDS
from evaluations.gate.rules import confirmation
from evaluations.gate.rules.comparison import compare
from evaluations.gate.rules.counts import (
    GENERATED,
    METRIC_KEY_BY_KIND,
    SAVED,
    Profile,
    RunCounts,
    ScenarioCounts,
    Tally,
    counts_from_scenarios,
)
from evaluations.gate.rules.verdict import BLOCKED, GateVerdict

SIMULATED_PERMUTATIONS = 500


@dataclasses.dataclass(frozen=True)
class SimScenario:
    """A scenario in the simulation model: its kind and the true probability that one attempt passes."""

    key: str
    kind: str
    pass_probability: float


def simulate_run(
    scenarios: Sequence[SimScenario], *, runs: int, rng: random.Random, profile: Profile, run_id: int | None = None
) -> RunCounts:
    """One simulated run: every scenario × ``runs`` independent attempts; a failed attempt of a guardrail, PII or
    red-team scenario is a breach (as in the run engine)."""
    rows = []
    for s in scenarios:
        p = s.pass_probability
        # A scenario that always passes (or always fails) needs no draw (most of a suite: the simulation's speed).
        passed = runs if p >= 1.0 else 0 if p <= 0.0 else sum(1 for _ in range(runs) if rng.random() < p)
        failed = runs - passed
        rows.append(
            ScenarioCounts(s.key, s.key, s.kind, Tally(passed, failed), failed if s.kind in BREACH_KINDS else 0)
        )
    return counts_from_scenarios(rows, profile=profile, run_id=run_id, runs_per_scenario=runs)


def expected_false_block_rate(
    scenarios: Sequence[SimScenario],
    *,
    runs_baseline: int,
    runs_current: int,
    compare_scenarios: bool = True,
    pairs: int = 400,
    seed: int = 20260101,
) -> float:
    """The share of simulated baseline/current pairs the gate blocks when nothing changed: both runs drawn from
    the same per-scenario pass probabilities (e.g. a pinned baseline's observed ones)."""
    if not scenarios:
        return 0.0
    rng = random.Random(seed)
    profile = Profile(mode=SAVED if compare_scenarios else GENERATED)
    blocked = 0
    for _ in range(pairs):
        base = simulate_run(scenarios, runs=runs_baseline, rng=rng, profile=profile)
        cur = simulate_run(scenarios, runs=runs_current, rng=rng, profile=profile)
        # 500 draws for the correction, not 2,000: four times faster, and its p a little coarser (never smaller).
        blocked += compare(base, cur, permutations=SIMULATED_PERMUTATIONS).state == BLOCKED
    return blocked / pairs


def sim_scenarios_from_counts(counts: RunCounts) -> list[SimScenario]:
    """The simulation model of a real run: each scenario passes with its observed attempt pass rate."""
    return [
        SimScenario(s.key, s.kind, s.attempts.passed / s.attempts.scored)
        for s in counts.scenarios.values()
        if s.attempts.scored and s.kind in METRIC_KEY_BY_KIND
    ]


def confirm_simulated(
    verdict: GateVerdict,
    base: RunCounts,
    cur: RunCounts,
    current: Sequence[SimScenario],
    *,
    seen: frozenset[str],
    confirmation_runs: int,
    rng: random.Random,
    profile: Profile,
    permutations: int | None = None,
) -> tuple[bool, bool, int]:
    """The gate with confirmation runs (``confirmation``) on a simulated pair: (blocked, blocked at the first look,
    extra attempts). ``verdict`` is the ordinary gate on the first pass; the first look is read off it
    (``blocks_at``); the open scenarios are drawn again from the current suite's probabilities (``current``) and the
    second look compares the baseline with every attempt. No confirmation runs: the ordinary verdict."""
    if not confirmation_runs:
        return verdict.state == BLOCKED, verdict.state == BLOCKED, 0
    if confirmation.blocks_at(verdict, confirmation.FIRST_LOOK_LEVEL):
        return True, True, 0
    opened = confirmation.open_scenarios(base, cur, seen_flaky=seen)
    if not opened:
        return False, False, 0
    more = simulate_run([s for s in current if s.key in opened], runs=confirmation_runs, rng=rng, profile=profile)
    combined = confirmation.combine(cur, more.scenarios)
    extra = {} if permutations is None else {"permutations": permutations}
    second = confirmation.second_look(base, cur, combined, opened, seen_flaky=seen, **extra)
    return second.state == BLOCKED, False, len(opened) * confirmation_runs
