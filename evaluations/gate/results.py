"""A gate result (docs/gate.md): the state of a run against its pinned baseline, the reasons a user can act on and
the structured verdict, and how the pages and the JSON show it. Pure: ``selectors.run_gate`` computes one."""

from __future__ import annotations

import dataclasses
from typing import Any

from evaluations.gate import rules as gate

NO_BASELINE, PASS, BLOCKED, NOT_COMPARABLE = "no_baseline", "pass", "blocked", "not_comparable"
STATE_LABELS = {PASS: "PASS", BLOCKED: "BLOCKED", NO_BASELINE: "NO BASELINE", NOT_COMPARABLE: "NOT COMPARABLE"}
STATE_BADGES = {PASS: "pass", BLOCKED: "blocked", NO_BASELINE: "not_scored", NOT_COMPARABLE: "error"}


@dataclasses.dataclass(frozen=True)
class GateResult:
    state: str  # "pass" | "blocked" | "no_baseline" | "not_comparable"
    reasons: tuple[str, ...]  # plain sentences a user can act on
    baseline_run_id: int | None
    watch_list: tuple[str, ...] = ()  # scenario names that fail more often but not significantly
    comparison: Any = None  # the structured gate.GateVerdict for the report


def gate_json(result: GateResult, *, expected_false_block_rate: float | None = None) -> dict[str, Any]:
    """The gate as plain JSON types, for the run's JSON report."""
    verdict = result.comparison
    data: dict[str, Any] = {
        "state": result.state,
        "label": STATE_LABELS[result.state],
        "reasons": list(result.reasons),
        "baseline_run_id": result.baseline_run_id,
        "watch_list": list(result.watch_list),
    }
    if expected_false_block_rate is not None:
        data["expected_false_block_rate"] = expected_false_block_rate
    if isinstance(verdict, gate.GateVerdict) and verdict.change is not None:
        change = verdict.change  # the suite changed since the baseline: compared on what did not (docs/gate.md)
        data["suite_change"] = {
            "baseline_version": change.baseline_version,
            "version": change.current_version,
            "compared_scenarios": change.compared,
            "new_scenarios": list(change.new),
            "edited_scenarios": list(change.edited),
            "gone_scenarios": list(change.gone),
        }
    if isinstance(verdict, gate.GateVerdict) and verdict.confirmation is not None:
        c = verdict.confirmation  # confirmation runs: which look decided (docs/gate.md, Confirmation runs)
        data["confirmation"] = {
            "stage": c.stage,
            "runs_per_scenario": c.runs_per_scenario,
            "confirmation_runs": c.confirmation_runs,
            "scenarios": list(c.scenarios),
            "level": c.level,
            "summary": c.sentence,
        }
    if isinstance(verdict, gate.GateVerdict) and verdict.state != gate.NOT_COMPARABLE:
        data["metrics"] = [
            {
                "key": m.key,
                "label": m.label,
                "baseline": m.baseline_value,
                "current": m.current_value,
                "drop": m.drop,
                "threshold": m.threshold,
                "baseline_runs": {"passed": m.baseline.passed, "failed": m.baseline.failed},
                "current_runs": {"passed": m.current.passed, "failed": m.current.failed},
                "p_value": m.p_value,
                "blocks": m.blocks,
            }
            for m in verdict.metrics
        ]
        data["floors"] = [
            {
                "key": f.key,
                "floor": f.floor,
                "passed": f.current.passed,
                "failed": f.current.failed,
                "upper_bound": f.upper_bound,
                "baseline_rate": f.baseline_rate,
                "blocks": f.blocks,
            }
            for f in verdict.floors
        ]
        if verdict.breach is not None:
            b = verdict.breach
            data["breaches"] = {
                "baseline": b.baseline_breaches,
                "baseline_attempts": b.baseline_attempts,
                "current": b.current_breaches,
                "current_attempts": b.current_attempts,
                "p_value": b.p_value,
                "blocks": b.blocks,
            }
        data["scenario_regressions"] = [
            {"key": s.key, "name": s.name, "p_value": s.p_value} for s in verdict.regressions
        ]
        if verdict.categories:  # only when both runs ran attacks: records written before categories still match
            data["redteam_categories"] = [category_json(c) for c in verdict.categories]
    return data


def category_json(c: gate.CategoryComparison) -> dict[str, Any]:
    """One red-team category of the gate (docs/gate.md, Red-team categories): attempts that gave in over attempts
    scored in each run, the attempts not scored beside, the corrected p and whether it blocks."""
    return {
        "owasp_tag": c.tag,
        "label": c.label,
        "baseline": {"gave_in": c.baseline.failed, "scored": c.baseline.scored, "not_scored": c.baseline_not_scored},
        "current": {"gave_in": c.current.failed, "scored": c.current.scored, "not_scored": c.current_not_scored},
        "baseline_rate": c.baseline_rate,
        "current_rate": c.current_rate,
        "p_value": c.p_value,
        "status": c.status,
        "can_decide": c.can_decide,
        "blocks": c.blocks,
    }


def gate_payload(result: GateResult) -> dict[str, Any]:
    """The release gate as the CI verdict and the verdict record hold it: ``gate_json`` with the reasons (what
    decides the state) told apart from the notes (observations that do not block)."""
    comparison = result.comparison
    data = gate_json(result)
    if comparison is not None:  # GateResult.reasons joins both; the CI verdict must tell them apart
        data["reasons"] = [str(r) for r in getattr(comparison, "reasons", ())]
        data["notes"] = [str(n) for n in getattr(comparison, "notes", ())]
    else:
        data["notes"] = []
    return data
