"""Flaky scenarios for the drift section: each scenario that is flaky in this run or in its baseline, with its
pass rate and pass^k in both, so a user sees whether a swing is new or was already there when the baseline was
pinned. Reads only the two runs' stored scenario counts (no query)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from evaluations.scoring.flakiness import Flakiness, scenario_flakiness
from evaluations.scoring.metrics import FAIL, PASS

if TYPE_CHECKING:
    from evaluations.gate.models import Baseline
    from evaluations.runs.models import EvaluationRun


def flaky_drift(*, run: EvaluationRun, report: dict[str, Any], baseline: Baseline | None) -> list[dict[str, Any]]:
    """Rows in the report's scenario order: ``name``, ``current`` and ``baseline`` (flakiness dicts; ``baseline``
    is None without a baseline, for the baseline run itself, or when the scenario is not in it) and ``is_new``
    (flaky now, not in the baseline). ``baseline`` is the current pin with its run loaded."""
    baseline_run = baseline.run if baseline is not None and baseline.run_id != run.pk else None
    baseline_counts: dict[str, Any] = {}
    if baseline_run is not None:
        baseline_counts = (baseline_run.metrics or {}).get("scenario_results", {})
    rows = []
    for scenario in report["scenarios"]:
        current = _view(
            scenario_flakiness(
                passed=scenario["runs_passed"],
                failed=scenario["runs_failed"],
                runs_per_scenario=report["run"]["runs_per_scenario"],
            )
        )
        counts = baseline_counts.get(scenario["key"])
        before = None
        if baseline_run is not None and isinstance(counts, dict):
            before = _view(
                scenario_flakiness(
                    passed=int(counts.get(PASS, 0)),
                    failed=int(counts.get(FAIL, 0)),
                    runs_per_scenario=baseline_run.runs_per_scenario,
                )
            )
        if current["is_flaky"] or (before is not None and before["is_flaky"]):
            rows.append(
                {
                    "key": scenario["key"],
                    "name": scenario["name"],
                    "current": current,
                    "baseline": before,
                    "is_new": current["is_flaky"] and before is not None and not before["is_flaky"],
                }
            )
    return rows


def _view(flakiness: Flakiness) -> dict[str, Any]:
    return {**flakiness.as_dict(), "passed": flakiness.passed, "scored": flakiness.passed + flakiness.failed}


DRIFT_ROWS = 20  # rows each list of the drift section shows; the rest are a filter of the scenario results away
DRIFT_LIST_CONTEXT = {"drift_limit": DRIFT_ROWS, "drift_rows": f":{DRIFT_ROWS}", "drift_minus": -DRIFT_ROWS}


def newly_flaky_first(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The page lists newly flaky scenarios before those already flaky in the baseline (otherwise in run order),
    so the ones that deserve a look are among the first shown when the list is cut."""
    return sorted(rows, key=lambda row: not row["is_new"])
