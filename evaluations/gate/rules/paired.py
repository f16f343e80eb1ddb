"""Paired tests over scenarios (saved suites): every blocking rule tested together, the family-wise error held at 5 %.

A saved suite runs the same scenarios in the baseline and in the current run, so each scenario is a stratum. Under
"nothing changed" the attempts of a scenario are exchangeable between the two runs: given how many of its attempts
passed (and breached) in both runs together, which run they fell in is a random draw without replacement. That
conditional null needs no guess of any scenario's true pass rate, and scenarios that passed (or failed) every
attempt in both runs carry no noise at all: only the mixed ones do.

* Each metric (and the trust score) is tested on a score summed over its scenarios (``scores``: a scenario that
  flipped to failing weighs by how unlikely its split is, a slight drop by its standardised count), the breach rule
  on the same score of the current run's breaches, each scenario on its own table (Fisher's conditional test).
  Exact tails, by convolution.
* The gate blocks when any rule fires, so the rules are corrected together (weighted Westfall–Young min-p): the
  same draws are repeated ``PERMUTATIONS`` times, each draw's smallest p / weight over the rules that *could* have
  fired in it (a metric only when its drop is over the threshold, a floor only when newly broken) is recorded, and
  a rule's adjusted p is the share of draws whose smallest is at or under its own p / weight. Rules that overlap
  (the trust score and its metrics) cost little, rules that cannot reach a small p (a scenario with 3 runs) cost
  nothing, and the weights give the metrics most of the level. The draws are seeded from the counts, so a verdict
  is reproducible.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from evaluations.gate.rules.categories import category_pairs, category_rule, compared_per_scenario
from evaluations.gate.rules.counts import METRIC_KEY_BY_KIND, METRIC_WEIGHTS, TRUST_SCORE, RunCounts
from evaluations.gate.rules.draws import null_draws
from evaluations.gate.rules.scores import hypergeom_pmf, score_law, seen_flaky_scores, summed_scores, tail_at
from evaluations.gate.rules.stats import upper_bound

PERMUTATIONS = 2000
EXACT_LIMIT = 4096
# The comparison of a p-value with the draws' smallest ones allows for floating-point noise in the tails.
_TOLERANCE = 1e-9
BREACHES = "breaches"
# Each rule's share of the level, relative to a metric's (weighted Westfall–Young: in every draw the rules are
# compared on p / weight). The metrics carry the evidence of a drop; the trust score is their mix (a drop
# concentrated in one metric is that metric's), the breach rule repeats the guardrail, PII and red-team scenarios,
# and a scenario's own table names where a drop is. Chosen on bench/gate_simulation.py (docs/gate.md).
TRUST_SCORE_WEIGHT = 0.3
BREACH_WEIGHT = 0.2
SCENARIO_WEIGHT = 0.3

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


def _tail(pmf: Sequence[float]) -> Floats:
    """P(X ≥ x) for x = 0..len-1, clipped to [0, 1]."""
    return np.clip(np.cumsum(np.array(pmf)[::-1])[::-1], 0.0, 1.0)


@lru_cache(maxsize=1024)
def _shares(scored: int) -> Floats:
    """A metric's value (the share of its scenarios passed, rounded as the report rounds it) for 0..scored passed:
    the draws look their values up here rather than dividing and rounding thousands of times."""
    shares = np.round(100.0 * np.arange(scored + 1) / scored, 1)
    shares.flags.writeable = False  # shared by every caller of the cache
    return shares


@lru_cache(maxsize=4096)
def _scenario_tail(total: int, passes: int, base_n: int) -> Floats:
    """A scenario's own p of every count of its baseline passes (Fisher's conditional test), and 0 past the last."""
    tail = np.append(_tail(hypergeom_pmf(total, passes, base_n)), 0.0)
    tail.flags.writeable = False  # shared by every caller of the cache
    return tail


def rule_weight(name: str) -> float:
    """A rule's share of the level relative to a metric's: in every draw the rules are compared on p / weight."""
    if name == BREACHES:
        return BREACH_WEIGHT
    if name == TRUST_SCORE:
        return TRUST_SCORE_WEIGHT
    # A red-team category is tested as a scenario is (its pooled table), so it weighs as one.
    return SCENARIO_WEIGHT if name.startswith(("scenario:", "category:")) else 1.0


class Stratum(NamedTuple):
    """One scenario scored in both runs: its attempts, and how they split between the baseline and this run. (A
    named tuple: a gate builds one per scenario, and a frozen dataclass is several times slower to build.)"""

    key: str
    metric: str
    base_n: int
    cur_n: int
    passes: int  # in both runs together
    breached: int  # in both runs together, all of them failed attempts
    base_passes: int
    cur_breaches: int

    @property
    def total(self) -> int:
        return self.base_n + self.cur_n


@dataclasses.dataclass(frozen=True)
class RuleResult:
    p_value: float  # the rule's own exact p
    adjusted_p: float  # corrected for every rule of the gate (Westfall–Young min-p)


@dataclasses.dataclass(frozen=True)
class MetricSide:
    """What a metric's value is made of in one run, apart from the paired scenarios that the draws move."""

    scored: int  # scenarios of the metric with a scored attempt
    fixed_passed: int  # of those not paired, how many passed every attempt
    value: float | None
    attempts: int  # scored attempts
    fixed_attempts_passed: int  # passed attempts of the scenarios not paired


def strata(baseline: RunCounts, current: RunCounts) -> list[Stratum]:
    out = []
    for key, cur in current.scenarios.items():
        base = baseline.scenarios.get(key)
        if base is None or cur.kind not in METRIC_KEY_BY_KIND:
            continue
        b, c = base.attempts, cur.attempts
        base_n, cur_n = b.passed + b.failed, c.passed + c.failed
        if not base_n or not cur_n:
            continue
        breached = min(b.failed + c.failed, base.breaches + cur.breaches)
        out.append(
            Stratum(
                key,
                METRIC_KEY_BY_KIND[cur.kind],
                base_n,
                cur_n,
                b.passed + c.passed,
                breached,
                b.passed,
                min(c.failed, cur.breaches),
            )
        )
    return out


def is_paired(baseline: RunCounts, current: RunCounts) -> bool:
    """The per-scenario counts account for every attempt and breach of both runs (always so for a real saved-suite
    run; hand-made counts or runs without scenario rows fall back to the pooled tests)."""
    for run in (baseline, current):
        if not run.scenarios:
            return False
        by_metric: dict[str, tuple[int, int]] = {}
        for s in run.scenarios.values():
            if s.kind not in METRIC_KEY_BY_KIND:
                return False
            passed, failed = by_metric.get(METRIC_KEY_BY_KIND[s.kind], (0, 0))
            by_metric[METRIC_KEY_BY_KIND[s.kind]] = (passed + s.attempts.passed, failed + s.attempts.failed)
        for key, metric in run.metrics.items():
            if by_metric.get(key, (0, 0)) != (metric.attempts.passed, metric.attempts.failed):
                return False
        if sum(s.breaches for s in run.scenarios.values()) != run.breaches:
            return False
    return True


def metric_sides(run: RunCounts, paired_keys: set[str]) -> dict[str, MetricSide]:
    scored: dict[str, int] = {}
    fixed: dict[str, int] = {}
    fixed_attempts: dict[str, int] = {}
    for s in run.scenarios.values():
        if not s.attempts.scored or s.kind not in METRIC_KEY_BY_KIND:
            continue
        metric = METRIC_KEY_BY_KIND[s.kind]
        scored[metric] = scored.get(metric, 0) + 1
        if s.key not in paired_keys:
            fixed[metric] = fixed.get(metric, 0) + (s.attempts.failed == 0)
            fixed_attempts[metric] = fixed_attempts.get(metric, 0) + s.attempts.passed
    return {
        key: MetricSide(scored.get(key, 0), fixed.get(key, 0), m.value, m.attempts.scored, fixed_attempts.get(key, 0))
        for key, m in run.metrics.items()
    }


class PairedGate:
    """The exact conditional null of one baseline/current pair, and the rules' p-values under it."""

    def __init__(
        self,
        baseline: RunCounts,
        current: RunCounts,
        *,
        permutations: int = PERMUTATIONS,
        seen_flaky: frozenset[str] = frozenset(),
        known_scores: Mapping[str, tuple[int, ...]] | None = None,
        base_laws: Mapping[str, Sequence[float]] | None = None,
    ) -> None:
        """``seen_flaky``: keys of scenarios seen flaky in the endpoint's earlier runs; they weigh less in the pass
        rules (``scores.SEEN_FLAKY_WEIGHT``). ``known_scores``: by scenario key, the score of each count of its
        baseline passes, in place of the default — only for bench/gate_simulation.py's ceiling, a gate told the
        true change. ``base_laws``: by scenario key, the null law of its baseline passes (P(x), x = 0..baseline
        attempts) in place of the hypergeometric one — a confirmed run's second look (``confirmation``)."""
        self.strata = strata(baseline, current)
        # Red-team categories scored in both runs: their pooled table, and which strata the draws move in it.
        self.categories = {
            category_rule(tag): (b.attempts + c.attempts, b.attempts, c.keys)
            for tag, (b, c) in category_pairs(baseline, current).items()
            if b.attempts.scored and c.attempts.scored
        }
        self.known_scores = {
            s.key: seen_flaky_scores((s.total, s.passes, s.base_n)) for s in self.strata if s.key in seen_flaky
        }
        self.seen_flaky_weighed = len(self.known_scores)  # the paired scenarios weighed less, for the verdict's note
        self.known_scores.update(known_scores or {})
        keys = {s.key for s in self.strata}
        self.base_sides = metric_sides(baseline, keys)
        self.cur_sides = metric_sides(current, keys)
        signature = tuple((s.base_n, s.cur_n, s.passes, s.breached, s.base_passes, s.cur_breaches) for s in self.strata)
        own_laws = tuple(
            (i, tuple(float(x) for x in base_laws[s.key]))
            for i, s in enumerate(self.strata)
            if base_laws and s.key in base_laws
        )
        self.null = null_draws(signature, own_laws, permutations, EXACT_LIMIT)
        self.permutations = self.null.permutations
        self.weights = self.null.weights
        self._at = {i: j for j, i in enumerate(self.null.moving)}  # stratum index → its column of the draws
        self._by_metric: dict[str, list[int]] = {}
        for i, s in enumerate(self.strata):
            self._by_metric.setdefault(s.metric, []).append(i)
        self._parts: dict[tuple[int, ...], tuple[list[int], list[int], list[int]]] = {}

    # ------------------------------------------------------------------------------------------- statistics

    def _indices(self, metrics: Sequence[str] | None) -> list[int]:
        return [i for i, s in enumerate(self.strata) if metrics is None or s.metric in metrics]

    def _split(self, indices: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
        """The strata among ``indices`` that stay put in every draw, those that move, and the latter's columns (kept:
        every rule over a metric asks again)."""
        key = tuple(indices)
        if key not in self._parts:
            fixed = [i for i in indices if i not in self._at]
            moving = [i for i in indices if i in self._at]
            self._parts[key] = fixed, moving, [self._at[i] for i in moving]
        return self._parts[key]

    def passes_tables(self, indices: Sequence[int]) -> list[tuple[int, int, int]]:
        """The baseline's passes of each stratum as (total, passes, baseline attempts): large = the current run
        fails more."""
        return [(s.total, s.passes, s.base_n) for s in (self.strata[i] for i in indices)]

    def breaches_tables(self, indices: Sequence[int]) -> list[tuple[int, int, int]]:
        """The current run's breaches of each stratum as (total, breached, current attempts)."""
        return [(s.total, s.breached, s.cur_n) for s in (self.strata[i] for i in indices)]

    def metric_values(self, sides: Mapping[str, MetricSide], *, base: bool) -> dict[str, Floats]:
        """Each metric's value in every draw (the share of its scenarios that passed every attempt)."""
        out: dict[str, Floats] = {}
        for key, side in sides.items():
            if side.value is None or not side.scored:
                continue
            fixed, moving, columns = self._split(self._by_metric.get(key, []))
            passed_fixed = sum(
                1
                for s in (self.strata[i] for i in fixed)
                if (s.base_passes == s.base_n if base else s.passes - s.base_passes == s.cur_n)
            )
            draws = self.null.base_passes[:, columns]
            if base:
                all_passed = draws == np.array([self.strata[i].base_n for i in moving], dtype=np.int64)
            else:
                cur_passes = np.array([self.strata[i].passes for i in moving], dtype=np.int64) - draws
                all_passed = cur_passes == np.array([self.strata[i].cur_n for i in moving], dtype=np.int64)
            passed = side.fixed_passed + passed_fixed + all_passed.sum(axis=1)
            out[key] = _shares(side.scored)[passed]
        return out

    def trust_values(self, sides: Mapping[str, MetricSide], values: Mapping[str, Floats]) -> Floats:
        weighted = np.zeros(self.permutations)
        weights = 0.0
        for key, side in sides.items():
            if side.value is None:
                continue
            weight = METRIC_WEIGHTS.get(key, 0.0)
            value = values[key] if key in values else np.full(self.permutations, side.value)
            weighted = weighted + weight * value
            weights += weight
        return np.round(weighted / weights, 1) if weights else np.full(self.permutations, np.nan)

    # ------------------------------------------------------------------------------------------- the rules

    def evaluate(
        self,
        *,
        thresholds: Mapping[str, float | None],
        floors: Mapping[str, float],
        compare_scenarios: bool,
    ) -> dict[str, RuleResult]:
        """Every rule's exact p and its adjusted p. Rules are keyed by metric key, ``trust_score``, ``breaches``
        and ``scenario:<key>``; a floor newly broken is the metric's own test, able to fire without the drop
        being over the threshold (so it is in the correction too)."""
        n = self.permutations
        base_values = self.metric_values(self.base_sides, base=True)
        cur_values = self.metric_values(self.cur_sides, base=False)
        raw: dict[str, float] = {}
        null_p: dict[str, Floats] = {}
        eligible: dict[str, npt.NDArray[np.bool_] | None] = {}  # None: in every draw

        def add_passes_rule(name: str, metrics: Sequence[str] | None) -> Floats:
            idx = self._indices(metrics)
            tables = self.passes_tables(idx)
            known = [self.known_scores.get(self.strata[i].key, ()) for i in idx] if self.known_scores else []
            law = score_law(tables, known)
            # The scenarios that stay put add the same score to every draw; only the moving ones are summed per draw.
            known_of = dict(zip(idx, known, strict=True)) if known else {}
            fixed, moving, columns = self._split(idx)
            fixed_score = int(
                summed_scores(
                    self.passes_tables(fixed),
                    np.array([[self.strata[i].base_passes for i in fixed]], dtype=np.int64),
                    [known_of.get(i, ()) for i in fixed],
                )[0]
            )
            moving_tables, moving_known = self.passes_tables(moving), [known_of.get(i, ()) for i in moving]
            observed = np.array([[self.strata[i].base_passes for i in moving]], dtype=np.int64)
            raw[name] = float(tail_at(law, fixed_score + summed_scores(moving_tables, observed, moving_known))[0])
            draws = summed_scores(moving_tables, self.null.base_passes[:, columns], moving_known)
            null_p[name] = tail_at(law, fixed_score + draws)
            return null_p[name]

        for key, threshold in thresholds.items():
            if threshold is None:
                continue
            if key == TRUST_SCORE:
                valued = [k for k, side in self.base_sides.items() if side.value is not None]
                add_passes_rule(key, valued)
                drop = self.trust_values(self.base_sides, base_values) - self.trust_values(self.cur_sides, cur_values)
            elif key in base_values and key in cur_values:
                add_passes_rule(key, [key])
                drop = base_values[key] - cur_values[key]
            else:
                continue
            eligible[key] = np.round(drop, 1) > threshold
        for key, floor in floors.items():
            if key not in self.base_sides or key not in self.cur_sides or not self.cur_sides[key].attempts:
                continue
            if key not in null_p:
                add_passes_rule(key, [key])
            newly_broken = self.floor_newly_broken(key, floor)
            earlier = eligible.get(key)  # the threshold's, never None
            eligible[key] = newly_broken if earlier is None else earlier | newly_broken
        breach_idx = [i for i, s in enumerate(self.strata) if s.breached]
        if breach_idx:
            tables = self.breaches_tables(breach_idx)
            observed = np.array([[self.strata[i].cur_breaches for i in breach_idx]], dtype=np.int64)
            law = score_law(tables)
            raw[BREACHES] = float(tail_at(law, summed_scores(tables, observed))[0])
            null_p[BREACHES] = tail_at(law, summed_scores(tables, self.null.cur_breaches))  # the same columns
            eligible[BREACHES] = None
        for name, (both, base, keys) in self.categories.items():
            # Fisher's test on the category's pooled table; in each draw its baseline passes are those drawn in its
            # paired scenarios plus those of its scenarios not paired, which stay where they are.
            idx = [i for i, s in enumerate(self.strata) if s.key in keys]
            fixed = base.passed - sum(self.strata[i].base_passes for i in idx)
            if not 0 < both.passed < both.scored:
                raw[name] = 1.0
                continue
            tail = _scenario_tail(both.scored, both.passed, base.scored)
            raw[name] = float(tail[base.passed])
            still, _, columns = self._split(idx)
            drawn = sum(self.strata[i].base_passes for i in still) + self.null.base_passes[:, columns].sum(axis=1)
            null_p[name] = tail[fixed + drawn]
            eligible[name] = None
        if compare_scenarios:
            for i, s in enumerate(self.strata):
                name = f"scenario:{s.key}"
                if not compared_per_scenario(s.key):
                    continue  # an adaptive attack: compared within its red-team category only
                if not 0 < s.passes < s.total:
                    raw[name] = 1.0  # passed (or failed) every attempt in both runs: nothing moved
                    continue
                tail = _scenario_tail(s.total, s.passes, s.base_n)
                raw[name] = float(tail[s.base_passes])
                null_p[name] = tail[self.null.base_passes[:, self._at[i]]] if i in self._at else np.full(n, raw[name])
                eligible[name] = None
        smallest = np.full(n, np.inf)
        for name, ok in eligible.items():
            weighed = null_p[name] / rule_weight(name)
            smallest = np.minimum(smallest, weighed if ok is None else np.where(ok, weighed, np.inf))
        out = {}
        for name, p in raw.items():
            if p >= 1.0:  # nothing moved: its adjusted p is 1 whatever the draws
                out[name] = RuleResult(p_value=p, adjusted_p=1.0)
                continue
            at_or_under = smallest <= p / rule_weight(name) * (1 + _TOLERANCE) + 1e-15
            if self.weights is not None:
                share = float(self.weights[at_or_under].sum())
            else:
                # The observed pair counts as one more draw: what keeps a test on random draws exact.
                share = (1 + int(at_or_under.sum())) / (n + 1)
            # Never under the rule's own exact p: the draws estimate the correction, they cannot undo it.
            adjusted = min(1.0, max(p, share))
            out[name] = RuleResult(p_value=p, adjusted_p=adjusted)
        return out

    def floor_newly_broken(self, key: str, floor: float) -> npt.NDArray[np.bool_]:
        """In every draw: the current run confidently under the floor while the baseline was not under it."""
        base, cur = self.base_sides[key], self.cur_sides[key]
        fixed, moving, columns = self._split(self._indices([key]))
        draws = self.null.base_passes[:, columns]
        base_passed = base.fixed_attempts_passed + sum(self.strata[i].base_passes for i in fixed) + draws.sum(axis=1)
        moving_passes = np.array([self.strata[i].passes for i in moving], dtype=np.int64)
        fixed_cur = sum(self.strata[i].passes - self.strata[i].base_passes for i in fixed)
        cur_passed = cur.fixed_attempts_passed + fixed_cur + (moving_passes - draws).sum(axis=1)
        # A few distinct counts among the draws: each one's bound is computed once, then looked up.
        low = int(cur_passed.min())
        seen = np.flatnonzero(np.bincount(cur_passed - low)) + low
        under = np.zeros(int(seen[-1]) - low + 1, dtype=bool)
        for v in seen.tolist():
            under[v - low] = 100 * (upper_bound(v, cur.attempts) or 0.0) < floor
        cur_under = under[cur_passed - low]
        base_ok = 100.0 * base_passed >= floor * max(base.attempts, 1)
        return cur_under & base_ok
