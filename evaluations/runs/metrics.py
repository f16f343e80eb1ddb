"""A run's metrics from its attempts' current verdicts: when the run ends (``services.run_score``) and when a
reviewer changes a verdict (review.services, through ``services``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from evaluations.core.specs import ScenarioSpec
from evaluations.runs.models import Attempt, EvaluationRun
from evaluations.scoring.metrics import compute_metrics

# What compute_metrics reads.
METRIC_COLUMNS = ("scenario_key", "verdict", "is_refusal", "is_breach", "latency_ms", "reply_timings")


def run_metrics(*, run: EvaluationRun, fields: Sequence[str] = ()) -> tuple[dict[str, Any], list[Attempt]]:
    """The run's metrics and its attempts (one query; ``fields`` read besides those the metrics need). A run with
    confirmation attempts (repeats after its runs per scenario, docs/gate.md) is measured on all of them, and keeps
    the metrics of its first pass alone under ``first_pass``, which the gate's first look reads."""
    attempts = list(run.attempts.only("run_id", "repeat", *METRIC_COLUMNS, *fields))
    specs = [ScenarioSpec.from_dict(data) for data in run.scenarios]
    summary = compute_metrics(specs, attempts)
    first = [a for a in attempts if a.repeat <= run.runs_per_scenario]
    if len(first) < len(attempts):
        summary["first_pass"] = compute_metrics(specs, first)
        summary["confirmation_attempts"] = len(attempts) - len(first)
    return summary, attempts


def first_pass_metrics(*, run: EvaluationRun) -> dict[str, Any]:
    """The metrics of the run's first pass (its runs per scenario), before any confirmation attempt."""
    attempts = list(run.attempts.filter(repeat__lte=run.runs_per_scenario).only("run_id", "repeat", *METRIC_COLUMNS))
    return compute_metrics([ScenarioSpec.from_dict(data) for data in run.scenarios], attempts)


def attempt_verdict_set(*, attempt_id: int, verdict: str, is_breach: bool) -> None:
    """A reviewer's verdict replaces the attempt's (review.services keeps what the judge said, in its ledger)."""
    Attempt.objects.filter(pk=attempt_id).update(verdict=verdict, is_breach=is_breach)


def run_metrics_refresh(*, run: EvaluationRun, overruled: int) -> None:
    """Recompute a finished run's metrics and trust score from its attempts' current verdicts (after a review);
    ``overruled`` (verdicts a reviewer changed) is kept with them, so every reader can say the figures use it.
    Status, message and credits are the run's own and stay as they were."""
    summary = {**run_metrics(run=run)[0], "overruled": overruled}
    EvaluationRun.objects.filter(pk=run.pk).update(metrics=summary, trust_score=summary["trust_score"])
