"""Every blocking rule's p-value, raw and corrected for the other rules of the gate (the gate blocks when any fires).

Saved suites are paired scenario by scenario: ``paired`` tests them together (stratified exact tests, Westfall–Young
min-p). Without the pairing (generated runs, or counts without scenario rows) the rules fall back to Fisher's test
on pooled counts, corrected by Holm's step-down over the rules that can reach significance at all (Tarone: a
discrete test whose smallest attainable p, fixed by its table's margins, is over the level cannot fire, so it does
not dilute the others).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from evaluations.gate.rules.categories import category_tables, compared_per_scenario
from evaluations.gate.rules.counts import SAVED, TRUST_SCORE, RunCounts, Tally
from evaluations.gate.rules.paired import BREACHES, PERMUTATIONS, PairedGate, is_paired
from evaluations.gate.rules.stats import ALPHA, fisher_worse


@dataclasses.dataclass(frozen=True)
class RuleP:
    raw: float
    adjusted: float


@dataclasses.dataclass(frozen=True)
class RuleTests:
    paired: bool
    p: Mapping[str, RuleP]  # metric keys, trust_score, "breaches", "scenario:<key>", "category:<OWASP tag>"
    seen_flaky_weighed: int = 0  # paired scenarios weighed less for being seen flaky in earlier runs

    def get(self, name: str) -> RuleP | None:
        return self.p.get(name)


def scenario_rule(key: str) -> str:
    return f"scenario:{key}"


def rule_tests(
    baseline: RunCounts,
    current: RunCounts,
    *,
    thresholds: Mapping[str, float | None],
    floors: Mapping[str, float],
    compares_scenarios: bool,
    permutations: int = PERMUTATIONS,
    seen_flaky: frozenset[str] = frozenset(),
    known_scores: Mapping[str, tuple[int, ...]] | None = None,
    base_laws: Mapping[str, Sequence[float]] | None = None,
    level: float = ALPHA,
) -> RuleTests:
    """``level``: the share of the gate's α this test may spend (a confirmed run's looks split it: ``confirmation``);
    every corrected p is scaled by ``ALPHA / level``, so "p ≤ 0.05 blocks" holds for each look."""
    scale = ALPHA / level
    if current.profile.mode == SAVED and is_paired(baseline, current):
        gate = PairedGate(
            baseline,
            current,
            permutations=permutations,
            seen_flaky=seen_flaky,
            known_scores=known_scores,
            base_laws=base_laws,
        )
        results = gate.evaluate(thresholds=thresholds, floors=floors, compare_scenarios=compares_scenarios)
        p = {name: RuleP(r.p_value, min(1.0, r.adjusted_p * scale)) for name, r in results.items()}
        return RuleTests(True, p, gate.seen_flaky_weighed)
    pooled = _pooled(baseline, current, thresholds=thresholds, compares_scenarios=compares_scenarios)
    return RuleTests(False, {name: RuleP(r.raw, min(1.0, r.adjusted * scale)) for name, r in pooled.items()})


def _tallies(run: RunCounts) -> dict[str, Tally]:
    """The attempt counts of the metrics that have a value (a metric without one has no drop, so cannot block)."""
    out = {TRUST_SCORE: run.trust_attempts} if run.trust_score is not None else {}
    out.update({key: metric.attempts for key, metric in run.metrics.items() if metric.value is not None})
    return out


def _pooled(
    baseline: RunCounts, current: RunCounts, *, thresholds: Mapping[str, float | None], compares_scenarios: bool
) -> dict[str, RuleP]:
    tables: dict[str, tuple[int, int, int, int]] = {}
    base_tallies, cur_tallies = _tallies(baseline), _tallies(current)
    for key, threshold in thresholds.items():
        b, c = base_tallies.get(key), cur_tallies.get(key)
        if threshold is not None and b is not None and c is not None and b.scored and c.scored:
            tables[key] = (b.passed, b.failed, c.passed, c.failed)
    if baseline.scored_attempts and current.scored_attempts:
        tables[BREACHES] = (
            baseline.scored_attempts - baseline.breaches,
            baseline.breaches,
            current.scored_attempts - current.breaches,
            current.breaches,
        )
    if compares_scenarios:
        for key, cur in current.scenarios.items():
            base = baseline.scenarios.get(key)
            if base is not None and base.attempts.scored and cur.attempts.scored and compared_per_scenario(key):
                b, c = base.attempts, cur.attempts
                tables[scenario_rule(key)] = (b.passed, b.failed, c.passed, c.failed)
    tables.update(category_tables(baseline, current))  # red-team success rates per OWASP category
    raw = {name: fisher_worse(*table) for name, table in tables.items()}
    return {name: RuleP(raw[name], adjusted) for name, adjusted in holm_tarone(raw, tables).items()}


def _smallest_attainable(table: tuple[int, int, int, int]) -> float:
    """Fisher's p of the most extreme table with the same margins: every pass in the baseline that can be."""
    base_passed, base_failed, cur_passed, cur_failed = table
    passes, base_n = base_passed + cur_passed, base_passed + base_failed
    top = min(passes, base_n)
    return fisher_worse(top, base_n - top, passes - top, cur_passed + cur_failed - (passes - top))


def holm_tarone(raw: Mapping[str, float], tables: Mapping[str, tuple[int, int, int, int]]) -> dict[str, float]:
    """Holm-adjusted p over the rules that can reach significance (Tarone's count); the others keep a p ≥ ALPHA."""
    smallest = {name: _smallest_attainable(table) for name, table in tables.items()}
    count = 1
    while sum(1 for m in smallest.values() if m <= ALPHA / count) > count:
        count += 1
    testable = sorted((name for name, m in smallest.items() if m <= ALPHA / count), key=lambda n: raw[n])
    adjusted: dict[str, float] = {}
    running = 0.0
    for rank, name in enumerate(testable):
        running = max(running, min(1.0, (len(testable) - rank) * raw[name]))
        adjusted[name] = running
    for name in raw:
        adjusted.setdefault(name, min(1.0, raw[name] * count))  # over ALPHA: its smallest p is over ALPHA / count
    return adjusted
