"""Reads of what changed against the baseline, scenario by scenario (docs/gate.md, "What changed, scenario by
scenario"): the states of ``rules.states`` for a run and a baseline run it is compared with, from both runs' stored
summaries (no query), as the verdict record stores them and as the JSON report and the CI API give them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from evaluations.gate import rules as gate
from evaluations.gate.profile import run_counts
from evaluations.runs.choices import RunStatus

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun


def run_changes(*, run: EvaluationRun, baseline_run: EvaluationRun | None) -> gate.ChangeSet | None:
    """Each scenario of ``run`` against ``baseline_run``; None when the gate would not compare them: no baseline,
    the run is its own baseline, either has no stored summary, or a setting makes them not comparable (another
    judge, strictness, suite, ...) or no scenario is held unchanged by both."""
    if baseline_run is None or baseline_run.pk == run.pk or run.status != RunStatus.SUCCEEDED:
        return None
    if not run.metrics or not baseline_run.metrics:
        return None
    baseline, current = run_counts(baseline_run), run_counts(run)
    if gate.setting_differences(baseline.profile, current.profile):
        return None
    changes = gate.scenario_changes(baseline, current)
    if all(s.state in (gate.Change.NO_BASELINE, gate.Change.GONE) for s in changes.scenarios):
        return None
    return changes


def changes_record(changes: gate.ChangeSet | None, *, baseline_run_id: int | None) -> dict[str, Any]:
    """What a verdict record's revision keeps of ``changes`` ({} without them): the baseline run, each scenario's
    state by this run's key, and the keys gone since the baseline."""
    if changes is None:
        return {}
    return {
        "baseline_run_id": baseline_run_id,
        "scenarios": {s.key: str(s.state) for s in changes.scenarios if s.state != gate.Change.GONE},
        "gone": [s.key for s in changes.of(gate.Change.GONE)],
    }


def changes_fields(record: Mapping[str, Any] | None, *, scenarios: Mapping[str, str]) -> dict[str, Any]:
    """The JSON report's and the CI API's ``new_failures`` and ``fixed`` (``{"key", "name"}`` in run order) from a
    revision's ``changes`` (``changes_record``); both null when it holds none. ``scenarios``: the run's names by
    key."""
    states = (record or {}).get("scenarios")
    if not isinstance(states, Mapping):
        return {"new_failures": None, "fixed": None}

    def listed(state: str) -> list[dict[str, str]]:
        return [{"key": key, "name": name} for key, name in scenarios.items() if states.get(key) == state]

    return {"new_failures": listed(gate.Change.NEW_FAILURE), "fixed": listed(gate.Change.FIXED)}


def change_of(record: Mapping[str, Any] | None, key: str) -> str | None:
    """One scenario's state in a revision's ``changes``; None when it holds none."""
    states = (record or {}).get("scenarios")
    return str(states[key]) if isinstance(states, Mapping) and key in states else None
