"""The gate bench's explaining lines (``bench/gate_simulation.py``): the ceiling of any valid test told the true
rates, the ceiling of this gate, and the limit of any gate that guards more than accuracy."""

from __future__ import annotations

import math
from collections.abc import Sequence

from evaluations.gate import rules as gate
from evaluations.gate.rules.scores import SCORE_UNIT, hypergeom_pmf

ALPHA = 0.05


def _logit(p: float) -> float:
    p = min(max(p, 1e-3), 1 - 1e-3)  # a scenario that never fails is given odds of 999 to 1
    return math.log(p / (1 - p))


def ceiling_power(
    base: gate.RunCounts, cur: gate.RunCounts, before: Sequence[gate.SimScenario], after: Sequence[gate.SimScenario]
) -> float:
    """The rejection probability of the best test that is valid whatever the baseline's rates are, told the true
    rates before and after the change: the Neyman–Pearson test given each scenario's margins (every similar test
    conditions on them), randomised to exactly 5 %. Its statistic weighs each scenario's baseline passes by the
    log odds ratio of the change; the exact null is the convolution of the scenarios' hypergeometric laws."""
    weights = {
        b.key: _logit(b.pass_probability) - _logit(a.pass_probability) for b, a in zip(before, after, strict=True)
    }
    null: dict[float, float] = {0.0: 1.0}
    observed = 0.0
    for key, weight in weights.items():
        b, c = base.scenarios[key].attempts, cur.scenarios[key].attempts
        passes, total = b.passed + c.passed, b.scored + c.scored
        if abs(weight) < 1e-12 or passes in (0, total):
            continue
        observed += weight * b.passed
        pmf = hypergeom_pmf(total, passes, b.scored)
        merged: dict[float, float] = {}
        for value, prob in null.items():
            for x, px in enumerate(pmf):
                if px:
                    at = round(value + weight * x, 9)
                    merged[at] = merged.get(at, 0.0) + prob * px
        null = merged
    observed = round(observed, 9)
    above = sum(p for v, p in null.items() if v > observed + 1e-9)
    at = sum(p for v, p in null.items() if abs(v - observed) <= 1e-9)
    if above >= ALPHA:
        return 0.0
    return 1.0 if above + at <= ALPHA else (ALPHA - above) / at


def known_scores(
    base: gate.RunCounts, before: Sequence[gate.SimScenario], after: Sequence[gate.SimScenario]
) -> dict[str, tuple[int, ...]]:
    """The ceiling of this gate: the scores of a gate told the true change — each accuracy scenario's baseline passes
    weighed by the log odds ratio of the change (0 for one that did not change), as in ``ceiling_power`` — while
    every other rule, and the correction over all of them, stays as it is."""
    out = {}
    for b, a in zip(before, after, strict=True):
        if b.kind == "accuracy":
            weight = round(SCORE_UNIT * (_logit(b.pass_probability) - _logit(a.pass_probability)))
            out[b.key] = tuple(weight * x for x in range(base.scenarios[b.key].attempts.scored + 1))
    return out


def limits(
    accuracy: gate.MetricComparison, base: gate.RunCounts, cur: gate.RunCounts, suite: Sequence[gate.SimScenario]
) -> set[str]:
    """Why no gate could block this pair, whatever its test: ``unblockable`` — a run at least as bad as this one in
    every accuracy scenario is itself at least 5 % likely given each scenario's totals (the product of the scenarios'
    one-sided Fisher p; one 3/3 → 0/3 scenario is exactly 1/20), so a gate that blocks it (and, being monotone, every
    run worse in every scenario) spends its whole level there and guards nothing else; ``under_threshold`` — the
    metric did not fall by more than its threshold (the product's rule: no block without a visible drop)."""
    out = set()
    if accuracy.raw_p_value is not None and accuracy.raw_p_value <= ALPHA and accuracy.exceeds_threshold:
        out.add("accuracy_alone_threshold")
    chance = 1.0
    for s in suite:
        if s.kind != "accuracy":
            continue
        b, c = base.scenarios[s.key].attempts, cur.scenarios[s.key].attempts
        chance *= sum(hypergeom_pmf(b.scored + c.scored, b.passed + c.passed, b.scored)[b.passed :])
    if chance >= ALPHA - 1e-12:
        out.add("unblockable")
    if not accuracy.exceeds_threshold:
        out.add("under_threshold")
    if out & {"unblockable", "under_threshold"}:
        out.add("beyond_any_gate")
    return out
