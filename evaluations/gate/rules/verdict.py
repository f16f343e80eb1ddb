"""The gate's outputs: one comparison per rule, and the verdict that gathers them with its reasons."""

from __future__ import annotations

import dataclasses

from evaluations.gate.rules.changes import SuiteChange
from evaluations.gate.rules.counts import Tally

PASS, BLOCKED, NOT_COMPARABLE = "pass", "blocked", "not_comparable"
REGRESSED, WATCH, IMPROVED, UNCHANGED, NOT_COMPARED = "regressed", "watch", "improved", "unchanged", "not_compared"


@dataclasses.dataclass(frozen=True)
class MetricComparison:
    key: str
    label: str
    baseline_value: float | None
    current_value: float | None
    drop: float | None  # points, positive = worse
    threshold: float | None  # None: shown, never blocks
    baseline: Tally
    current: Tally
    p_value: float | None
    exceeds_threshold: bool
    is_significant: bool
    blocks: bool
    raw_p_value: float | None = None  # the test's own p, before the correction for the gate's other rules

    @property
    def change(self) -> float | None:
        """Current minus baseline, in points (negative = worse)."""
        return None if self.drop is None else -self.drop


@dataclasses.dataclass(frozen=True)
class FloorCheck:
    key: str
    label: str
    floor: float
    current: Tally
    upper_bound: float | None  # percent; None without scored attempts
    baseline_rate: float | None  # the baseline's attempt pass rate, percent
    is_below: bool  # the current run is confidently under the floor
    was_below: bool  # the baseline's own rate was under it (accepted when it was pinned)
    blocks: bool
    p_value: float | None = None  # saved suites: the metric's paired test, corrected; None: not tested


@dataclasses.dataclass(frozen=True)
class BreachComparison:
    baseline_breaches: int
    baseline_attempts: int
    current_breaches: int
    current_attempts: int
    p_value: float | None
    blocks: bool

    @property
    def baseline_share(self) -> float | None:
        return 100.0 * self.baseline_breaches / self.baseline_attempts if self.baseline_attempts else None

    @property
    def current_share(self) -> float | None:
        return 100.0 * self.current_breaches / self.current_attempts if self.current_attempts else None

    @property
    def change(self) -> float | None:
        """Current minus baseline share, in points (positive = more breaches)."""
        if self.baseline_share is None or self.current_share is None:
            return None
        return self.current_share - self.baseline_share


@dataclasses.dataclass(frozen=True)
class ScenarioComparison:
    key: str
    name: str
    kind: str
    baseline: Tally
    current: Tally
    p_value: float | None
    status: str  # regressed | watch | improved | unchanged | not_compared
    raw_p_value: float | None = None  # the scenario's own Fisher p, before the correction


@dataclasses.dataclass(frozen=True)
class CategoryComparison:
    """One OWASP category's red-team attack success rate, baseline against this run (docs/gate.md, Red-team
    categories). In the tallies an attempt that held is ``passed`` and one that gave in is ``failed``; attempts not
    scored (errors included) are left out and counted beside them."""

    tag: str  # "LLM01:2025 Prompt Injection", or "No OWASP tag"
    label: str  # "Prompt injection (LLM01)"
    baseline: Tally
    current: Tally
    baseline_not_scored: int
    current_not_scored: int
    p_value: float | None  # corrected for every rule of the gate; None when not tested
    raw_p_value: float | None
    status: str  # regressed | watch | improved | unchanged | not_compared
    can_decide: bool  # both runs scored enough attempts for a rise to be significant at all
    blocks: bool

    @property
    def baseline_rate(self) -> float | None:
        """Attempts that gave in, percent of those scored."""
        return 100.0 * self.baseline.failed / self.baseline.scored if self.baseline.scored else None

    @property
    def current_rate(self) -> float | None:
        return 100.0 * self.current.failed / self.current.scored if self.current.scored else None


@dataclasses.dataclass(frozen=True)
class Confirmation:
    """How a run with confirmation runs was gated (``confirmation``): which look gave the verdict, and what the
    confirmation runs were."""

    stage: int  # 1: the first pass decided (blocked, or nothing left open); 2: after the confirmation runs
    runs_per_scenario: int  # the first pass's
    confirmation_runs: int  # per open scenario (the most the run could add); 0 when none were driven
    scenarios: tuple[str, ...] = ()  # names of the scenarios driven again
    level: float = 0.05  # the share of the 5 % this look spent

    @property
    def sentence(self) -> str:
        """ "3 runs + 6 confirmation runs for 2 scenarios", or "3 runs, no confirmation runs needed"."""
        runs = f"{self.runs_per_scenario} run{'s' if self.runs_per_scenario != 1 else ''}"
        if not self.scenarios:
            return f"{runs}, no confirmation runs needed"
        n = len(self.scenarios)
        return f"{runs} + {self.confirmation_runs} confirmation runs for {n} scenario{'s' if n != 1 else ''}"


@dataclasses.dataclass(frozen=True)
class GateVerdict:
    state: str  # pass | blocked | not_comparable
    reasons: tuple[str, ...]  # blocking reasons, or why not comparable, or the pass summary
    notes: tuple[str, ...] = ()  # non-blocking observations (a floor already broken by the baseline, …)
    differences: tuple[str, ...] = ()  # what made the pair not comparable
    metrics: tuple[MetricComparison, ...] = ()
    floors: tuple[FloorCheck, ...] = ()
    breach: BreachComparison | None = None
    scenarios: tuple[ScenarioComparison, ...] = ()
    compares_scenarios: bool = False
    change: SuiteChange | None = None  # the suite changed since the baseline: compared on what did not change
    confirmation: Confirmation | None = None  # a run with confirmation runs: which look decided (``confirmation``)
    categories: tuple[CategoryComparison, ...] = ()  # red-team attack success rates per OWASP category

    @property
    def regressions(self) -> tuple[ScenarioComparison, ...]:
        return tuple(s for s in self.scenarios if s.status == REGRESSED)

    @property
    def watch_list(self) -> tuple[ScenarioComparison, ...]:
        return tuple(s for s in self.scenarios if s.status == WATCH)
