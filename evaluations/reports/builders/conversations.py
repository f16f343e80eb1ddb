"""One scenario's conversations, loaded when its row is opened in the report: what it expected, each run with
its verdict, review, findings and transcript. Identical runs (same conversation, tool calls and verdict) are shown
once with how many there were; red-team attacks keep every run apart, since each is evidence of its own."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from evaluations.core.specs import ScenarioKind, ScenarioSpec
from evaluations.reports.builders.data import add_reviews, scenario_detail
from evaluations.reports.builders.summary import scenario_row
from evaluations.scoring.metrics import compute_metrics

if TYPE_CHECKING:
    from evaluations.runs.models import Attempt, EvaluationRun


def scenario_conversations(run: EvaluationRun, spec: ScenarioSpec, attempts: Iterable[Attempt]) -> dict[str, Any]:
    """The scenario as the downloads show it (``data.scenario_detail``) plus ``groups``: its runs, identical
    ones together. Counts come from these attempts' current verdicts, as the stored summary's do."""
    runs = sorted(attempts, key=lambda a: a.repeat)
    counts = compute_metrics([spec], runs)["scenario_results"][spec.key]
    scenario = scenario_detail(spec, scenario_row(spec, counts, runs_per_scenario=run.runs_per_scenario), runs)
    add_reviews(run, runs, [scenario])
    for shown, attempt in zip(scenario["attempts"], runs, strict=True):
        shown["attempt_id"] = attempt.pk  # the page's Add to suite names the conversation; downloads leave it out
    scenario["is_red_team"] = spec.kind == ScenarioKind.RED_TEAM
    scenario["groups"] = group_runs(scenario["attempts"], apart=scenario["is_red_team"])
    return scenario


def group_runs(shown: Sequence[dict[str, Any]], *, apart: bool = False) -> list[dict[str, Any]]:
    """Runs with the same verdict, conversation, tool calls, findings and review, in the order first seen:
    ``{"attempt", "repeats", "count", "label"}``. With ``apart`` every run is its own group."""
    groups: dict[str, dict[str, Any]] = {}
    for index, attempt in enumerate(shown):
        key = str(index) if apart else _identity(attempt)
        group = groups.setdefault(key, {"attempt": attempt, "repeats": []})
        group["repeats"].append(attempt["repeat"])
    for group in groups.values():
        group["count"] = len(group["repeats"])
        group["label"] = _label(group["repeats"])
    return list(groups.values())


def _identity(attempt: dict[str, Any]) -> str:
    fields = ("verdict", "transcript", "tool_calls", "rule_findings", "is_breach", "error_message", "review")
    return json.dumps([attempt.get(name) for name in fields], sort_keys=True, default=str)


def _label(repeats: list[int]) -> str:
    if len(repeats) == 1:
        return f"Run {repeats[0]}"
    numbers = ", ".join(str(r) for r in repeats[:-1]) + f" and {repeats[-1]}"
    return f"Runs {numbers}: {len(repeats)} identical runs"
