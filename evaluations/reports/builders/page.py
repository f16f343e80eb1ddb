"""The report page as data, built from the run's per-scenario aggregates and never from its conversations: the
stored metrics summary of a finished run (kept current after a review overrule) or one aggregate read of a run
still going, plus which scenarios a reviewer overruled. A constant number of queries whatever the run's size; a
scenario's conversations load on demand (``conversations.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from evaluations.core.specs import ScenarioSpec
from evaluations.reports.builders.summary import scenario_counts, scenario_rows, summary_fields
from evaluations.review.selectors import overruled_attempts
from evaluations.runs.selectors import run_model_usage, run_summary
from redteam.report import redteam_categories, redteam_findings_from_counts, redteam_summary

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun


def report_page(run: EvaluationRun) -> dict[str, Any]:
    """The report's figures (the same keys as ``data.report_data``) with one light row per scenario (no
    attempts): ``overruled`` says a reviewer changed one of its verdicts, ``search_text`` what a search matches."""
    specs = [ScenarioSpec.from_dict(data) for data in run.scenarios]
    summary, is_final = run_summary(run=run, specs=specs)
    rows = _rows(run, summary, specs)
    findings = redteam_findings_from_counts(run, summary.get("scenario_results", {}))
    fields = summary_fields(run, summary, is_final=is_final)
    return {
        "run": fields.pop("run"),
        "redteam": {
            "findings": findings,
            "summary": redteam_summary(findings),
            "categories": redteam_categories(findings),
        }
        if findings
        else None,
        **fields,
        "scenario_counts": scenario_counts(rows),
        "scenarios": rows,
        "model_usage": run_model_usage(run=run),
    }


def scenario_list(run: EvaluationRun) -> dict[str, Any]:
    """Only what the scenario results section reads (its own refresh): the rows, their counts by status and the
    runs per scenario, under the keys ``report_page`` uses."""
    specs = [ScenarioSpec.from_dict(data) for data in run.scenarios]
    rows = _rows(run, run_summary(run=run, specs=specs)[0], specs)
    return {
        "run": {"runs_per_scenario": run.runs_per_scenario},
        "scenario_counts": scenario_counts(rows),
        "scenarios": rows,
    }


def scenario_spec(run: EvaluationRun, key: str) -> ScenarioSpec | None:
    """The run's frozen scenario ``key``; None when the run has no such scenario."""
    data = next((d for d in run.scenarios if isinstance(d, dict) and d.get("key") == key), None)
    return ScenarioSpec.from_dict(data) if data is not None else None


def _rows(run: EvaluationRun, summary: dict[str, Any], specs: list[ScenarioSpec]) -> list[dict[str, Any]]:
    rows = scenario_rows(run, summary, specs)
    overruled = set(overruled_attempts(run_id=run.pk).values())
    for spec, row in zip(specs, rows, strict=True):
        row["overruled"] = spec.key in overruled
        row["search_text"] = " ".join((spec.key, spec.name, *spec.turns, spec.expected_outcome)).casefold()
    return rows
