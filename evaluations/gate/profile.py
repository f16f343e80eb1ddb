"""A run as the gate sees it: its baseline scope, its comparability profile and its counts. No queries: only the
run's own fields (its settings snapshot, scenarios and stored metrics)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from evaluations.gate import rules as gate
from evaluations.runs.snapshot import LaunchSettings

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun


_DEPTH_LABELS = {"quick": "Quick", "standard": "Standard", "deep": "Deep"}


def scope_for(
    *,
    mode: str | None,
    suite_id: int | None,
    suite_kinds: Iterable[Any] | None,
    suite_version: int | None = None,
    redteam_depth: str | None = "",
    redteam_library_version: str | None = "",
) -> str | None:
    """The baseline scope: ``suite:<id>``, ``generated:<kinds>``, ``redteam:<depth>:<library version>`` for a
    red-team-only run (no suite and never had one: a deleted suite leaves its version behind), or None when the
    suite was deleted."""
    if mode == gate.GENERATED:
        return "generated:" + "+".join(sorted(str(k) for k in suite_kinds or []))
    if suite_id:
        return f"suite:{suite_id}"
    if suite_version is None and redteam_depth:
        return redteam_scope(depth=str(redteam_depth), library_version=str(redteam_library_version or ""))
    return None


def redteam_scope(*, depth: str, library_version: str) -> str:
    """The library's own version, without a workspace's ``+custom.<digest>`` (docs/redteam.md, Custom attacks):
    changing a custom attack keeps the baseline, and the launch says the attacks differ."""
    return f"redteam:{depth}:{library_version.partition('+')[0]}"


def run_mode(run: EvaluationRun) -> str:
    return run.settings.mode


def run_scope(run: EvaluationRun) -> str | None:
    """The baseline scope of a run: ``suite:<id>``, ``generated:<kinds>``, ``redteam:<depth>:<library version>``,
    or None when its suite was deleted."""
    settings = run.settings
    return scope_for(
        mode=settings.mode,
        suite_id=run.suite_id,
        suite_kinds=settings.suite_kinds,
        suite_version=run.suite_version,
        redteam_depth=settings.redteam_depth,
        redteam_library_version=settings.redteam_library_version,
    )


def gate_endpoint(run: EvaluationRun) -> str:
    """The endpoint whose baseline the run is gated against: its own, or the one it asked to be compared with
    (``compare_with_endpoint``: staging gated against production's baseline)."""
    return run.settings.compare_with_endpoint or run.endpoint_url


def is_redteam_only(run: EvaluationRun) -> bool:
    return (run_scope(run) or "").startswith("redteam:")


def scope_label(run: EvaluationRun) -> str:
    settings = run.settings
    if settings.mode == gate.GENERATED:
        return "generated scenarios (" + (", ".join(sorted(settings.suite_kinds)) or "no kinds") + ")"
    if is_redteam_only(run):
        depth = settings.redteam_depth
        return (
            f"red-team attacks only ({_DEPTH_LABELS.get(depth, depth)}, library "
            f"{settings.redteam_library_version or 'unknown'})"
        )
    return f"suite “{run.suite_name}”" if run.suite_name else "this suite"


def run_profile(run: EvaluationRun) -> gate.Profile:
    settings = run.settings
    return gate.Profile(
        mode=settings.mode,
        suite_id=run.suite_id,
        suite_version=run.suite_version,
        suite_kinds=tuple(sorted(settings.suite_kinds)),
        scenario_keys=frozenset(str(s.get("key", "")) for s in run.scenarios or []),
        judge_model=run.judge_model,
        judge_provider=settings.judge_provider,
        judge_prompt_version=run.judge_prompt_version,
        judge_strictness=run.judge_strictness,
        redteam_library_version=settings.redteam_library_version,
        redteam_depth=settings.redteam_depth,
        redteam_strategies=settings.redteam_strategies,
        redteam_attacker_model=settings.redteam_attacker_model,
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


def baseline_pinned_sentences(*, run: EvaluationRun) -> tuple[str, tuple[str, ...]]:
    """What the report page (and the CI API) says once ``run`` is pinned: the sentence, and a warning when the
    baseline is under a floor (docs/gate.md)."""
    said = f"Run #{run.pk} is now the baseline for {run.agent_name} with {scope_label(run)}; later runs are gated against it."
    under = floors_under_for_run(run=run)
    warnings = (
        (
            "This baseline is under a floor: " + "; ".join(under) + ". Runs compared with it show this as a warning "
            "instead of blocking on it; fix it and pin a better run.",
        )
        if under
        else ()
    )
    return said, warnings


def launch_settings_of_run(run: EvaluationRun) -> LaunchSettings:
    """The launch settings that reproduce ``run`` (the judge and strictness it was scored with, not "the agent's
    setting", so a later change of the agent does not silently change the comparison)."""
    settings = run.settings
    return LaunchSettings(
        runs_per_scenario=run.runs_per_scenario,
        parallel=run.parallel,
        redteam_depth=settings.redteam_depth,
        redteam_strategies=settings.redteam_strategies,
        redteam_seed=settings.redteam_seed,
        judge_model=run.judge_model or None,
        judge_strictness=run.judge_strictness or None,
        allowed_contacts=settings.allowed_contacts,
    )
