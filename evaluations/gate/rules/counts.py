"""The gate's inputs: what must match for two runs to be compared (``Profile``) and each run's pass/fail counts.

Not-scored and errored attempts are left out of every count before anything here sees them.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from evaluations.core.specs import scenario_identity
from evaluations.scoring.metrics import METRICS

TRUST_SCORE = "trust_score"
METRIC_KEY_BY_KIND = {kind.value: definition.key for kind, definition in METRICS.items()}
METRIC_LABELS = {TRUST_SCORE: "Trust score", **{d.key: d.label for d in METRICS.values()}}
METRIC_WEIGHTS = {d.key: d.weight for d in METRICS.values()}

SAVED, GENERATED = "saved_suite", "generated"


@dataclasses.dataclass(frozen=True)
class Profile:
    """What must match for two runs to be compared (docs/gate.md)."""

    mode: str = SAVED  # "saved_suite" | "generated"
    suite_id: int | None = None
    suite_version: int | None = None
    suite_kinds: tuple[str, ...] = ()  # generated runs: the kinds that were generated, sorted
    scenario_keys: frozenset[str] = frozenset()
    judge_model: str = ""
    judge_provider: str = ""
    judge_prompt_version: str = ""
    judge_strictness: str = ""
    redteam_library_version: str = ""
    redteam_depth: str = ""
    redteam_strategies: tuple[str, ...] = ()  # composed on the depth's attacks (docs/redteam.md, Strategies)
    redteam_attacker_model: str = ""  # the attacker strategy's model (docs/redteam.md, The attacker model)


@dataclasses.dataclass(frozen=True)
class Tally:
    """Scored attempts: passed and failed (not-scored and errored attempts are never in here)."""

    passed: int = 0
    failed: int = 0

    @property
    def scored(self) -> int:
        return self.passed + self.failed

    @property
    def rate(self) -> float | None:
        return 100.0 * self.passed / self.scored if self.scored else None

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.passed + other.passed, self.failed + other.failed)


@dataclasses.dataclass(frozen=True)
class MetricCounts:
    value: float | None  # the metric as the report shows it (share of scenarios passed, 0–100)
    attempts: Tally


@dataclasses.dataclass(frozen=True)
class ScenarioCounts:
    key: str
    name: str
    kind: str
    attempts: Tally
    breaches: int = 0
    not_scored: int = 0  # attempts not scored or errored: left out of ``attempts``, counted beside it
    # The run's frozen scenario, for telling whether another run holds the same one (``identity``); None when the
    # counts were not made from a run (simulations): then only the key identifies it.
    content: Mapping[str, Any] | None = dataclasses.field(default=None, compare=False, repr=False)

    @functools.cached_property
    def identity(self) -> str:
        """A hash of the scenario's content (``core.specs.scenario_identity``), computed when first asked for."""
        return scenario_identity(self.content) if self.content is not None else f"key:{self.key}"


@dataclasses.dataclass(frozen=True)
class RunCounts:
    run_id: int | None
    profile: Profile
    trust_score: float | None
    metrics: Mapping[str, MetricCounts]  # by metric key (scoring.METRICS)
    breaches: int  # scored attempts that breached
    scored_attempts: int
    scenarios: Mapping[str, ScenarioCounts]
    runs_per_scenario: int = 3

    @property
    def trust_attempts(self) -> Tally:
        """The attempt counts behind the trust score: every metric that has a value, pooled."""
        total = Tally()
        for metric in self.metrics.values():
            if metric.value is not None:
                total = total + metric.attempts
        return total


def counts_from_summary(
    summary: Mapping[str, Any],
    *,
    scenarios: Sequence[Mapping[str, Any]],
    profile: Profile,
    run_id: int | None = None,
    runs_per_scenario: int = 3,
) -> RunCounts:
    """Counts from a stored ``scoring.compute_metrics`` summary and the run's frozen scenario dicts."""
    results = summary.get("scenario_results") or {}
    scenario_counts: dict[str, ScenarioCounts] = {}
    for spec in scenarios:
        key = str(spec.get("key", ""))
        row = results.get(key) or {}
        scenario_counts[key] = ScenarioCounts(
            key=key,
            name=str(spec.get("name") or key),
            kind=str(spec.get("kind", "")),
            attempts=Tally(int(row.get("pass", 0)), int(row.get("fail", 0))),
            breaches=int(row.get("breaches", 0)),
            not_scored=int(row.get("not_scored", 0)) + int(row.get("error", 0)),
            content=spec,
        )
    metrics = {
        key: MetricCounts(
            value=data.get("value"),
            attempts=Tally(int(data.get("attempts_passed", 0)), int(data.get("attempts_failed", 0))),
        )
        for key, data in (summary.get("metrics") or {}).items()
    }
    attempts = summary.get("attempts") or {}
    return RunCounts(
        run_id=run_id,
        profile=profile,
        trust_score=summary.get("trust_score"),
        metrics=metrics,
        breaches=int(summary.get("breaches", 0)),
        scored_attempts=int(attempts.get("pass", 0)) + int(attempts.get("fail", 0)),
        scenarios=scenario_counts,
        runs_per_scenario=runs_per_scenario,
    )


def counts_from_scenarios(
    scenarios: Iterable[ScenarioCounts], *, profile: Profile, run_id: int | None = None, runs_per_scenario: int = 3
) -> RunCounts:
    """Counts aggregated from per-scenario tallies exactly as ``scoring.compute_metrics`` does (for simulations):
    a scenario passes when it has a scored attempt and none failed; a metric is the share of scenarios passed."""
    by_key = {s.key: s for s in scenarios}
    # One pass (simulations call this for every run they draw): per metric, the scenarios with a scored attempt,
    # those that passed every attempt, and the attempts passed and failed.
    per_metric: dict[str, list[int]] = {}
    breaches = scored_attempts = 0
    for s in by_key.values():
        passed, failed = s.attempts.passed, s.attempts.failed
        row = per_metric.setdefault(METRIC_KEY_BY_KIND[s.kind], [0, 0, 0, 0])
        if passed + failed:
            row[0] += 1
            row[1] += failed == 0
        row[2] += passed
        row[3] += failed
        breaches += s.breaches
        scored_attempts += passed + failed
    metrics: dict[str, MetricCounts] = {}
    weighted = weights = 0.0
    for key, (scored, all_passed, attempts_passed, attempts_failed) in per_metric.items():
        value = round(100.0 * all_passed / scored, 1) if scored else None
        metrics[key] = MetricCounts(value=value, attempts=Tally(attempts_passed, attempts_failed))
        if value is not None:
            weighted += value * METRIC_WEIGHTS[key]
            weights += METRIC_WEIGHTS[key]
    return RunCounts(
        run_id=run_id,
        profile=profile,
        trust_score=round(weighted / weights, 1) if weights else None,
        metrics=metrics,
        breaches=breaches,
        scored_attempts=scored_attempts,
        scenarios=by_key,
        runs_per_scenario=runs_per_scenario,
    )


def counts_merged(first: RunCounts, *more: RunCounts) -> RunCounts:
    """One run's counts with more runs of the same scenarios added (a baseline and its top-ups: docs/gate.md,
    "Stronger baselines"): each scenario's attempts and breaches summed by key, the metrics aggregated again from
    them as ``counts_from_scenarios`` does, and the runs per scenario added up. Scenarios the first run does not
    hold are left out."""
    if not more:
        return first
    rows = []
    for key, scenario in first.scenarios.items():
        attempts, breaches, not_scored = scenario.attempts, scenario.breaches, scenario.not_scored
        for other in more:
            extra = other.scenarios.get(key)
            if extra is not None:
                attempts, breaches = attempts + extra.attempts, breaches + extra.breaches
                not_scored += extra.not_scored
        rows.append(dataclasses.replace(scenario, attempts=attempts, breaches=breaches, not_scored=not_scored))
    merged = counts_from_scenarios(
        [row for row in rows if row.kind in METRIC_KEY_BY_KIND],
        profile=first.profile,
        run_id=first.run_id,
        runs_per_scenario=first.runs_per_scenario + sum(other.runs_per_scenario for other in more),
    )
    return dataclasses.replace(merged, scenarios={row.key: row for row in rows})
