"""The power planner (docs/gate.md, "The power planner"): how often the gate catches a given drop with given
settings, estimated on the bench's model (``bench/gate_simulation.py``) with the real gate.

The model: each scenario of the suite (its kinds as given) passes every attempt with probability 0.75, fails
every attempt with 0.08, and is flaky — failing 10–50 % of the time — otherwise; one earlier run of the unchanged
suite is seen by the gate (its flaky scenarios weigh less). The drops are the bench's: one always-passing scenario
failing every attempt; whole scenarios of the drop's kind flipping to failing, most reliable first; or the kind's
mean pass rate lower by some points, spread over its scenarios. With confirmation runs (``Setting.confirmation``) the
gate is the run's two looks: the scenarios its first pass leaves open are drawn that many more times
(``simulation.confirm_simulated``, the bench's own).

Speed. A small Monte Carlo (``PAIRS`` pairs, a fixed seed, the correction with ``PERMUTATIONS`` draws) with common
random numbers: every figure of one setting draws the same suites and attempts, so the figures of two drops differ
by the drop, not by noise, and a search over drop sizes is monotone. Each figure is kept in the process.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable, Sequence

from evaluations.gate.rules.comparison import compare
from evaluations.gate.rules.counts import SAVED, Profile
from evaluations.gate.rules.simulation import SimScenario, confirm_simulated, simulate_run

P_ALWAYS_PASS, P_ALWAYS_FAIL = 0.75, 0.08  # bench/gate_simulation.py's model; the rest (0.17) is flaky
PAIRS = 150
PERMUTATIONS = 100
SEED = 20261202
TARGETS = (0.80, 0.95)
RUNS_GRID = (1, 2, 3, 4, 5, 6, 8, 10, 15, 20)
SPREAD_GRID = (5, 10, 15, 20, 25, 30, 40, 50, 60, 80)
# The bench's default suite: 8 accuracy, 6 guardrails, 5 tool calls, 4 PII and 30 red-team scenarios.
BENCH_KINDS = (("accuracy", 8), ("guardrails", 6), ("tool_calls", 5), ("pii", 4), ("red_team", 30))

ONE, FLIP, SPREAD = "one", "flip", "spread"
_PROFILE = Profile(mode=SAVED)


@dataclasses.dataclass(frozen=True)
class Setting:
    """What the gate's power depends on: runs per scenario of the run and of its baseline, the suite's kinds
    (``(kind, count)`` pairs, sorted), and the confirmation runs per open scenario (0: the first pass alone)."""

    runs: int
    baseline_runs: int
    kinds: tuple[tuple[str, int], ...]
    confirmation: int = 0

    @classmethod
    def of(cls, *, runs: int, baseline_runs: int | None, kinds: Sequence[str], confirmation_runs: int = 0) -> Setting:
        counts: dict[str, int] = {}
        for kind in kinds:
            counts[kind] = counts.get(kind, 0) + 1
        return cls(
            max(1, runs), max(1, baseline_runs or runs), tuple(sorted(counts.items())), max(0, confirmation_runs)
        )

    def with_runs(self, runs: int | None = None, baseline_runs: int | None = None) -> Setting:
        """The same setting with other runs per scenario (of the run, of the baseline)."""
        return dataclasses.replace(self, runs=runs or self.runs, baseline_runs=baseline_runs or self.baseline_runs)

    @property
    def scenarios(self) -> int:
        return sum(n for _, n in self.kinds)

    @property
    def drop_kind(self) -> str:
        """The kind a metric drop is modelled on: accuracy when the suite has it (the bench's), else its most
        numerous kind other than red team, else red team."""
        counts = dict(self.kinds)
        if counts.get("accuracy"):
            return "accuracy"
        others = [(n, kind) for kind, n in self.kinds if kind != "red_team"]
        return max(others)[1] if others else (self.kinds[0][0] if self.kinds else "accuracy")

    @property
    def drop_scenarios(self) -> int:
        return dict(self.kinds).get(self.drop_kind, 0)


@dataclasses.dataclass(frozen=True)
class Drop:
    """A change of the agent: ``ONE`` (one scenario stops passing), ``FLIP`` (``size`` scenarios of the drop kind
    flip to failing) or ``SPREAD`` (the drop kind's mean pass rate ``size`` points lower, spread)."""

    shape: str
    size: int = 0


def _draw_suite(rng: random.Random, setting: Setting) -> list[SimScenario]:
    scenarios = []
    for kind, count in setting.kinds:
        for i in range(count):
            u = rng.random()
            if u < 1 - P_ALWAYS_PASS - P_ALWAYS_FAIL:
                p = 1 - rng.uniform(0.10, 0.50)
            elif u < 1 - P_ALWAYS_PASS:
                p = 0.0
            else:
                p = 1.0
            scenarios.append(SimScenario(f"{kind}{i}", kind, p))
    return scenarios


def _dropped(suite: list[SimScenario], drop: Drop, kind: str, pick: float) -> list[SimScenario]:
    """The suite after ``drop`` (the bench's ``accuracy_drop`` and ``one_always_failing``). ``pick``: a uniform
    draw choosing the scenario that stops passing."""
    probs = {s.key: s.pass_probability for s in suite}
    if drop.shape == ONE:
        candidates = [s.key for s in suite if s.pass_probability == 1.0]
        candidates = candidates or [max(suite, key=lambda s: s.pass_probability).key]
        probs[candidates[int(pick * len(candidates))]] = 0.0
    elif drop.shape == FLIP:
        for key in sorted((s.key for s in suite if s.kind == kind), key=lambda k: -probs[k])[: drop.size]:
            probs[key] = 0.0
    else:
        keys = [s.key for s in suite if s.kind == kind]
        remaining = drop.size / 100 * len(keys)
        while remaining > 1e-12:
            open_keys = [k for k in keys if probs[k] > 1e-12]
            if not open_keys:
                break
            share = remaining / len(open_keys)
            for k in open_keys:
                cut = min(share, probs[k])
                probs[k] -= cut
                remaining -= cut
    return [SimScenario(s.key, s.kind, probs[s.key]) for s in suite]


@functools.lru_cache(maxsize=4096)
def power(setting: Setting, drop: Drop, *, pairs: int = PAIRS, seed: int = SEED) -> float:
    """The share of simulated pairs the gate blocks after ``drop`` (0–1), or when nothing changed (``size`` 0 of
    ``FLIP``: the false-block rate). The same suites and attempts for every drop of one setting."""
    if not setting.kinds:
        return 0.0
    rng = random.Random(f"{seed}:{setting}")
    kind = setting.drop_kind
    blocked = 0
    for _ in range(pairs):
        suite = _draw_suite(rng, setting)
        pick = rng.random()
        pair_rng = random.Random(rng.random())
        earlier = simulate_run(suite, runs=setting.baseline_runs, rng=pair_rng, profile=_PROFILE)
        base = simulate_run(suite, runs=setting.baseline_runs, rng=pair_rng, profile=_PROFILE)
        current = _dropped(suite, drop, kind, pick)
        cur = simulate_run(current, runs=setting.runs, rng=pair_rng, profile=_PROFILE)
        seen = frozenset(k for k, s in earlier.scenarios.items() if s.attempts.passed and s.attempts.failed)
        verdict = compare(base, cur, seen_flaky=seen, permutations=PERMUTATIONS)
        blocked += confirm_simulated(
            verdict, base, cur, current, seen=seen, confirmation_runs=setting.confirmation, rng=pair_rng,
            profile=_PROFILE, permutations=PERMUTATIONS,
        )[0]  # fmt: skip
    return blocked / pairs


def _smallest(values: Sequence[int], caught: Callable[[int], bool]) -> int | None:
    """The smallest of the increasing ``values`` for which ``caught(value)`` holds (bisection: the figures are
    monotone by construction up to simulation noise), or None when even the largest does not."""
    lo, hi = 0, len(values) - 1
    if not values or not caught(values[hi]):
        return None
    while lo < hi:
        mid = (lo + hi) // 2
        if caught(values[mid]):
            hi = mid
        else:
            lo = mid + 1
    return values[lo]


Figure = Callable[[Setting, Drop], float]  # ``power``, or a cached wrapper of it


def flips_caught(setting: Setting, target: float, *, figure: Figure = power) -> int | None:
    """The fewest scenarios of the drop kind flipping to failing that the gate catches ``target`` of the time."""
    flips = list(range(1, setting.drop_scenarios + 1))
    return _smallest(flips, lambda k: figure(setting, Drop(FLIP, k)) >= target)


def spread_caught(setting: Setting, target: float, *, figure: Figure = power) -> int | None:
    """The smallest drop of the drop kind's mean, in points spread over its scenarios, caught ``target`` of the
    time (of ``SPREAD_GRID``)."""
    return _smallest(SPREAD_GRID, lambda points: figure(setting, Drop(SPREAD, points)) >= target)


def runs_needed(
    setting: Setting,
    drop: Drop,
    target: float,
    *,
    vary: str = "both",
    grid: Sequence[int] = RUNS_GRID,
    figure: Figure = power,
) -> int | None:
    """The fewest runs per scenario (of ``RUNS_GRID``) at which ``drop`` is caught ``target`` of the time: of the
    run and its baseline alike (``vary="both"``), of the run only (``"runs"``) or of the baseline only
    (``"baseline"``). None: not even at the grid's largest."""

    def at(n: int) -> Setting:
        runs = n if vary in ("both", "runs") else setting.runs
        baseline = n if vary in ("both", "baseline") else setting.baseline_runs
        return setting.with_runs(runs, baseline)

    return _smallest(grid, lambda n: figure(at(n), drop) >= target)
