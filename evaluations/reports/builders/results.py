"""A finished run's results as the CI API shows them (docs/ci.md): breaches, the metric cards, the scenario counts
and one row per scenario with its tool checks. From the run's stored metrics summary and its attempts' light rows
(``runs.selectors.attempt_outcomes_for_run``: verdicts, rule findings, model usage), never their conversations or
reviews; the figures are those of ``data.report_data`` (the JSON download), which reads every attempt whole."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from evaluations.core.specs import ScenarioSpec
from evaluations.reports.builders.summary import (
    coverage_fields,
    latency_fields,
    metric_cards,
    scenario_counts,
    scenario_rows,
)
from evaluations.reports.builders.tool_checks import tool_check_fields
from evaluations.runs.selectors import run_model_usage
from evaluations.runs.unscored import UnscoredCounts
from evaluations.scoring.metrics import compute_metrics
from redteam.report import redteam_categories, redteam_findings_from_counts

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun


def run_results(run: EvaluationRun, attempts: Iterable[Any]) -> dict[str, Any]:
    """``breaches``, ``metrics``, ``scenario_counts``, ``scenarios`` (in run order) and ``model_usage``, under the
    keys of ``data.report_data``. ``attempts``: light rows by scenario key then repeat. A run that stopped without
    a stored summary is counted from them, as the report does."""
    specs = [ScenarioSpec.from_dict(data) for data in run.scenarios]
    rows = list(attempts)
    summary = run.metrics or compute_metrics(specs, rows)
    results = dict(summary.get("scenario_results", {}))
    if any(not results.get(spec.key) for spec in specs):  # a scenario the stored summary lacks: as the report does
        live = compute_metrics(specs, rows)["scenario_results"]
        results = {spec.key: results.get(spec.key) or live[spec.key] for spec in specs}
    by_scenario: dict[str, list[Any]] = defaultdict(list)
    for row in rows:
        by_scenario[row.scenario_key].append(row)
    scenarios = [
        {**row, **tool_check_fields(spec, by_scenario.get(spec.key, []))}
        for spec, row in zip(specs, scenario_rows(run, {"scenario_results": results}, specs), strict=True)
    ]
    unscored = UnscoredCounts.of_rows(rows)
    return {
        **coverage_fields(run, summary, unscored=unscored),
        "unscored_counts": unscored,  # not scored by cause, errored by kind (the CI verdict counts them by cause)
        "breaches": summary.get("breaches", 0),
        "latency": latency_fields(summary.get("latency")),
        "metrics": metric_cards(summary),
        "scenario_counts": scenario_counts(scenarios),
        "scenarios": scenarios,
        # attack success rate per OWASP category (docs/redteam.md); empty without red-team attacks
        "redteam_categories": redteam_categories(redteam_findings_from_counts(run, results)),
        "model_usage": run_model_usage(run=run, attempts=rows),
    }
