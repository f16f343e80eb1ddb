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
import hashlib
import math
from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

from evaluations.gate.rules.categories import category_pairs, category_rule, compared_per_scenario
from evaluations.gate.rules.counts import METRIC_KEY_BY_KIND, METRIC_WEIGHTS, TRUST_SCORE, RunCounts
from evaluations.gate.rules.scores import hypergeom_pmf, score_tail, seen_flaky_scores, summed_scores
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


def rule_weight(name: str) -> float:
    """A rule's share of the level relative to a metric's: in every draw the rules are compared on p / weight."""
    if name == BREACHES:
        return BREACH_WEIGHT
    if name == TRUST_SCORE:
        return TRUST_SCORE_WEIGHT
    # A red-team category is tested as a scenario is (its pooled table), so it weighs as one.
    return SCENARIO_WEIGHT if name.startswith(("scenario:", "category:")) else 1.0


@dataclasses.dataclass(frozen=True)
class Stratum:
    """One scenario scored in both runs: its attempts, and how they split between the baseline and this run."""

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
        if base is None or cur.kind not in METRIC_KEY_BY_KIND or not base.attempts.scored or not cur.attempts.scored:
            continue
        fails = base.attempts.failed + cur.attempts.failed
        out.append(
            Stratum(
                key=key,
                metric=METRIC_KEY_BY_KIND[cur.kind],
                base_n=base.attempts.scored,
                cur_n=cur.attempts.scored,
                passes=base.attempts.passed + cur.attempts.passed,
                breached=min(fails, base.breaches + cur.breaches),
                base_passes=base.attempts.passed,
                cur_breaches=min(cur.attempts.failed, cur.breaches),
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
        seed = hashlib.sha256(
            repr(
                [(s.base_n, s.cur_n, s.passes, s.breached, s.base_passes, s.cur_breaches) for s in self.strata]
            ).encode()
        ).digest()
        rng = np.random.default_rng(int.from_bytes(seed[:8], "big"))
        base_n = np.array([s.base_n for s in self.strata], dtype=np.int64)
        cur_n = np.array([s.cur_n for s in self.strata], dtype=np.int64)
        passes = np.array([s.passes for s in self.strata], dtype=np.int64)
        breached = np.array([s.breached for s in self.strata], dtype=np.int64)
        fails = base_n + cur_n - passes
        # Only mixed scenarios move between draws: one that passed (or failed) every attempt stays where it is.
        mixed = np.flatnonzero((passes > 0) & (fails > 0))
        split = np.flatnonzero((breached > 0) & (breached < fails))
        observed_base = np.array([s.base_passes for s in self.strata], dtype=np.int64)
        own_laws = {
            i: np.array(base_laws[s.key]) for i, s in enumerate(self.strata) if base_laws and s.key in base_laws
        }
        if own_laws:  # a law of its own may leave a mixed scenario a single possible split
            mixed = np.array(
                [i for i in mixed.tolist() if np.count_nonzero(own_laws.get(i, [1, 1])) > 1], dtype=np.int64
            )
        laws = {
            i: own_laws[i]
            if i in own_laws
            else np.array(hypergeom_pmf(int(base_n[i] + cur_n[i]), int(passes[i]), int(base_n[i])))
            for i in mixed.tolist()
        }
        supports = [np.flatnonzero(laws[i]).tolist() for i in mixed.tolist()]
        # Few enough possible splits (and no breach split to enumerate): the null is enumerated exactly, each split
        # weighted by its probability; otherwise it is drawn at random.
        self.weights: Floats | None = None
        if not split.size and math.prod(len(r) for r in supports) <= EXACT_LIMIT:
            grid = np.meshgrid(*[np.array(r, dtype=np.int64) for r in supports], indexing="ij")
            rows = np.stack([g.ravel() for g in grid], axis=1) if supports else np.zeros((1, 0), dtype=np.int64)
            permutations = len(rows)
            self.draw_base_passes: Ints = np.tile(observed_base, (permutations, 1))
            if mixed.size:
                self.draw_base_passes[:, mixed] = rows
            probabilities = np.ones(permutations)
            for i in mixed.tolist():
                probabilities *= laws[i][self.draw_base_passes[:, i]]
            self.weights = probabilities / probabilities.sum()
        else:
            self.draw_base_passes = np.tile(observed_base, (permutations, 1))
            hyper = [i for i in mixed.tolist() if i not in own_laws]
            own = [i for i in mixed.tolist() if i in own_laws]
            if hyper:
                self.draw_base_passes[:, hyper] = rng.hypergeometric(
                    passes[hyper], fails[hyper], base_n[hyper], size=(permutations, len(hyper))
                )
            for i in own:
                cdf = np.cumsum(laws[i] / laws[i].sum())
                picks = np.searchsorted(cdf, rng.random(permutations), side="right")
                self.draw_base_passes[:, i] = np.minimum(picks, len(cdf) - 1)
        self.permutations = permutations
        # The current run's breaches are among the failed attempts it drew.
        cur_fails = cur_n - (passes - self.draw_base_passes)
        self.draw_cur_breaches: Ints = np.tile(np.where(breached == fails, cur_n, 0), (permutations, 1))
        self.draw_cur_breaches = np.minimum(self.draw_cur_breaches, cur_fails)
        if split.size:
            self.draw_cur_breaches[:, split] = rng.hypergeometric(
                np.broadcast_to(breached[split], (permutations, split.size)),
                np.broadcast_to(fails[split] - breached[split], (permutations, split.size)),
                cur_fails[:, split],
            )
        self._base_n, self._cur_n, self._passes = base_n, cur_n, passes
        self._by_metric: dict[str, list[int]] = {}
        for i, s in enumerate(self.strata):
            self._by_metric.setdefault(s.metric, []).append(i)

    # ------------------------------------------------------------------------------------------- statistics

    def _indices(self, metrics: Sequence[str] | None) -> list[int]:
        return [i for i, s in enumerate(self.strata) if metrics is None or s.metric in metrics]

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
        draws = self.draw_base_passes if base else self._passes - self.draw_base_passes
        all_passed = draws == (self._base_n if base else self._cur_n)
        for key, side in sides.items():
            if side.value is None or not side.scored:
                continue
            passed = side.fixed_passed + all_passed[:, self._by_metric.get(key, [])].sum(axis=1)
            out[key] = np.round(100.0 * passed / side.scored, 1)
        return out

    def trust_values(self, sides: Mapping[str, MetricSide], values: Mapping[str, Floats]) -> Floats:
        weighted = np.zeros(self.permutations)
        weights = 0.0
        for key, side in sides.items():
            if side.value is None:
                continue
            weight = METRIC_WEIGHTS.get(key, 0.0)
            weighted = weighted + weight * values.get(key, np.full(self.permutations, side.value))
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
        eligible: dict[str, npt.NDArray[np.bool_]] = {}

        def add_passes_rule(name: str, metrics: Sequence[str] | None) -> Floats:
            idx = self._indices(metrics)
            tables = self.passes_tables(idx)
            known = [self.known_scores.get(self.strata[i].key, ()) for i in idx] if self.known_scores else []
            observed = np.array([[self.strata[i].base_passes for i in idx]], dtype=np.int64)
            raw[name] = float(score_tail(tables, summed_scores(tables, observed, known), known)[0])
            null_p[name] = score_tail(tables, summed_scores(tables, self.draw_base_passes[:, idx], known), known)
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
            eligible[key] = eligible[key] | newly_broken if key in eligible else newly_broken
        breach_idx = [i for i, s in enumerate(self.strata) if s.breached]
        if breach_idx:
            tables = self.breaches_tables(breach_idx)
            observed = np.array([[self.strata[i].cur_breaches for i in breach_idx]], dtype=np.int64)
            raw[BREACHES] = float(score_tail(tables, summed_scores(tables, observed))[0])
            null_p[BREACHES] = score_tail(tables, summed_scores(tables, self.draw_cur_breaches[:, breach_idx]))
            eligible[BREACHES] = np.ones(n, dtype=bool)
        for name, (both, base, keys) in self.categories.items():
            # Fisher's test on the category's pooled table; in each draw its baseline passes are those drawn in its
            # paired scenarios plus those of its scenarios not paired, which stay where they are.
            idx = [i for i, s in enumerate(self.strata) if s.key in keys]
            fixed = base.passed - sum(self.strata[i].base_passes for i in idx)
            if not 0 < both.passed < both.scored:
                raw[name] = 1.0
                continue
            tail = np.append(_tail(hypergeom_pmf(both.scored, both.passed, base.scored)), 0.0)
            raw[name] = float(tail[base.passed])
            null_p[name] = tail[fixed + self.draw_base_passes[:, idx].sum(axis=1)]
            eligible[name] = np.ones(n, dtype=bool)
        if compare_scenarios:
            for i, s in enumerate(self.strata):
                name = f"scenario:{s.key}"
                if not compared_per_scenario(s.key):
                    continue  # an adaptive attack: compared within its red-team category only
                if not 0 < s.passes < s.total:
                    raw[name] = 1.0  # passed (or failed) every attempt in both runs: nothing moved
                    continue
                tail = np.append(_tail(hypergeom_pmf(s.total, s.passes, s.base_n)), 0.0)
                raw[name] = float(tail[s.base_passes])
                null_p[name] = tail[self.draw_base_passes[:, i]]
                eligible[name] = np.ones(n, dtype=bool)
        smallest = np.full(n, np.inf)
        for name, ok in eligible.items():
            smallest = np.minimum(smallest, np.where(ok, null_p[name] / rule_weight(name), np.inf))
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
        idx = self._indices([key])
        base_passed = base.fixed_attempts_passed + self.draw_base_passes[:, idx].sum(axis=1)
        cur_passed = cur.fixed_attempts_passed + (self._passes[idx] - self.draw_base_passes[:, idx]).sum(axis=1)
        values, where = np.unique(cur_passed, return_inverse=True)
        under = np.array([100 * (upper_bound(int(v), cur.attempts) or 0.0) < floor for v in values], dtype=bool)
        cur_under = under[where]
        base_ok = 100.0 * base_passed >= floor * max(base.attempts, 1)
        return cur_under & base_ok
