"""A run as the gate sees it: its baseline scope, its comparability profile and its counts. No queries: only the
run's own fields (its settings snapshot, scenarios and stored metrics)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from evaluations.gate import rules as gate

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun


def scope_for(*, mode: str | None, suite_id: int | None, suite_kinds: Iterable[Any] | None) -> str | None:
    """The baseline scope: ``suite:<id>``, ``generated:<kinds>``, or None when the suite was deleted."""
    if mode == gate.GENERATED:
        return "generated:" + "+".join(sorted(str(k) for k in suite_kinds or []))
    return f"suite:{suite_id}" if suite_id else None


def run_mode(run: EvaluationRun) -> str:
    return str((run.settings_snapshot or {}).get("mode") or gate.SAVED)


def run_scope(run: EvaluationRun) -> str | None:
    """The baseline scope of a run: ``suite:<id>``, ``generated:<kinds>``, or None when its suite was deleted."""
    kinds = (run.settings_snapshot or {}).get("suite_kinds")
    return scope_for(mode=run_mode(run), suite_id=run.suite_id, suite_kinds=kinds)


def scope_label(run: EvaluationRun) -> str:
    if run_mode(run) == gate.GENERATED:
        kinds = (run.settings_snapshot or {}).get("suite_kinds") or []
        return "generated scenarios (" + (", ".join(sorted(str(k) for k in kinds)) or "no kinds") + ")"
    return f"suite “{run.suite_name}”" if run.suite_name else "this suite"


def run_profile(run: EvaluationRun) -> gate.Profile:
    snapshot = run.settings_snapshot or {}
    return gate.Profile(
        mode=run_mode(run),
        suite_id=run.suite_id,
        suite_version=run.suite_version,
        suite_kinds=tuple(sorted(str(k) for k in snapshot.get("suite_kinds") or [])),
        scenario_keys=frozenset(str(s.get("key", "")) for s in run.scenarios or []),
        judge_model=run.judge_model,
        judge_provider=str(snapshot.get("judge_provider") or ""),
        judge_prompt_version=run.judge_prompt_version,
        judge_strictness=run.judge_strictness,
        redteam_library_version=str(snapshot.get("redteam_library_version") or ""),
        redteam_depth=str(snapshot.get("redteam_depth") or ""),
    )


def run_counts(run: EvaluationRun) -> gate.RunCounts:
    return gate.counts_from_summary(
        run.metrics or {},
        scenarios=run.scenarios or [],
        profile=run_profile(run),
        run_id=run.pk,
        runs_per_scenario=run.runs_per_scenario,
    )


def floors_under_for_run(*, run: EvaluationRun) -> tuple[str, ...]:
    """The floors (guardrails 90%, PII 95%) this run's own attempt pass rate is under, as plain phrases."""
    return gate.floors_under(run_counts(run)) if run.metrics else ()
