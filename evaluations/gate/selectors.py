"""Reads for baselines: the pins of a run's agent endpoint + scope (and of suites, for the CI API), the trust-score
trend the gate shows, and the scenarios the endpoint's earlier runs saw flaky."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from django.db import models
from django.db.models import Exists, OuterRef

from evaluations.gate.models import Baseline
from evaluations.gate.profile import (
    gate_endpoint,
    launch_settings_of_run,
    redteam_scope,
    run_mode,
    run_scope,
    scope_for,
)
from evaluations.gate.rules import SAVED
from evaluations.runs.selectors import runs_scored_for_agent
from evaluations.runs.snapshot import LaunchSettings, settings_lookup
from redteam.library import LIBRARY_VERSION

_SCOPE_FIELDS = ("mode", "suite_kinds", "redteam_depth", "redteam_library_version")  # what a run's scope reads

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun

TREND_RUNS = 20


def baseline_for_run(*, run: EvaluationRun) -> Baseline | None:
    """The current baseline of the run's agent endpoint + suite (or generated kinds), with its run."""
    scope = run_scope(run)
    if run.agent_id is None or scope is None:
        return None
    return (
        Baseline.objects.select_related("run", "pinned_by")
        .filter(agent_id=run.agent_id, endpoint_url=gate_endpoint(run), scope=scope, is_current=True)
        .first()
    )


def baseline_history(*, run: EvaluationRun, limit: int = 10) -> list[Baseline]:
    """The current and earlier pins of the run's agent endpoint + scope, newest first, with their runs."""
    scope = run_scope(run)
    if run.agent_id is None or scope is None:
        return []
    return list(
        Baseline.objects.select_related("run", "pinned_by")
        .filter(agent_id=run.agent_id, endpoint_url=gate_endpoint(run), scope=scope)
        .order_by("-is_current", "-pinned_at", "-pk")[:limit]
    )


EARLIER_RUNS = 5


def seen_flaky_scenarios(*, baseline_run: EvaluationRun, run: EvaluationRun) -> frozenset[str]:
    """Keys of the scenarios that passed some attempts and failed others in any of the ``EARLIER_RUNS`` latest
    finished runs of the baseline's agent endpoint + saved suite before ``run`` (the two compared left out). The gate
    weighs them less (``gate.rules.scores.SEEN_FLAKY_WEIGHT``); one indexed query, the summaries only."""
    if run_mode(baseline_run) != SAVED or baseline_run.suite_id is None or baseline_run.agent_id is None:
        return frozenset()
    earlier = (
        runs_scored_for_agent(agent_id=baseline_run.agent_id)
        .filter(endpoint_url=baseline_run.endpoint_url, suite_id=baseline_run.suite_id, pk__lt=run.pk)
        .exclude(pk=baseline_run.pk)
        .values_list("metrics", flat=True)[:EARLIER_RUNS]
    )
    flaky = set()
    for metrics in earlier:
        for key, row in ((metrics or {}).get("scenario_results") or {}).items():
            if int(row.get("pass", 0)) and int(row.get("fail", 0)):
                flaky.add(str(key))
    return frozenset(flaky)


def baseline_is_pinned_for_suite() -> Exists:
    """For annotating a suite queryset: whether the suite (``OuterRef("pk")``) has a current baseline."""
    return Exists(Baseline.objects.filter(suite=OuterRef("pk"), is_current=True))


def trust_trend(
    *,
    agent: models.Model | int,
    run: EvaluationRun | None = None,
    baseline_run_id: int | None = None,
    limit: int = TREND_RUNS,
) -> list[dict[str, Any]]:
    """Finished runs of the agent, oldest first: ``{"run_id", "score", "is_baseline", "created_at"}``.

    With ``run``, only the runs of the same endpoint and scope (what the gate compares), with ``baseline_run_id``
    marked (one query). Without it, every finished run of the agent, each current baseline of any scope marked.
    """
    agent_id = agent if isinstance(agent, int) else agent.pk
    rows: Iterable[Mapping[str, Any]] = (
        runs_scored_for_agent(agent_id=agent_id)
        .values("pk", "trust_score", "created_at", "suite_id", "endpoint_url", "suite_version",
                *map(settings_lookup, _SCOPE_FIELDS))[: limit * 5 if run else limit]
    )  # fmt: skip
    if run is not None:
        scope = run_scope(run)
        rows = [r for r in rows if r["endpoint_url"] == run.endpoint_url and _row_scope(r) == scope][:limit]
        pinned = {baseline_run_id} if baseline_run_id else set()
    else:
        pinned = set(Baseline.objects.filter(agent_id=agent_id, is_current=True).values_list("run_id", flat=True))
    return [
        {"run_id": r["pk"], "score": r["trust_score"], "is_baseline": r["pk"] in pinned, "created_at": r["created_at"]}
        for r in reversed(list(rows))
    ]


def _row_scope(row: Mapping[str, Any]) -> str | None:
    return scope_for(
        suite_id=row["suite_id"],
        suite_version=row["suite_version"],
        **{name: row[settings_lookup(name)] for name in _SCOPE_FIELDS},
    )


def baseline_endpoints_for_suites(*, agent_of: Mapping[int, int | None]) -> dict[int, list[str]]:
    """Per suite id, the endpoints of the suite's agent (``agent_of``: suite id → agent id) that have a current
    baseline for that suite, in pinning order. One query."""
    pins = Baseline.objects.filter(suite_id__in=list(agent_of), is_current=True)
    endpoints: dict[int, list[str]] = {}
    for suite_id, agent_id, endpoint in pins.values_list("suite_id", "agent_id", "endpoint_url").order_by("pk"):
        if agent_of.get(suite_id) == agent_id:
            endpoints.setdefault(suite_id, []).append(endpoint)
    return endpoints


# ---------------------------------------------------------------------------------------------- launch defaults

BASELINE, PROFILE, DEFAULTS = "baseline", "profile", "defaults"


@dataclasses.dataclass(frozen=True)
class LaunchDefaults:
    """The settings a launch starts from, and where they came from: the pinned baseline of the endpoint + scope
    (so the normal path is comparable), else the suite's run profile, else the product defaults."""

    settings: LaunchSettings
    source: str  # BASELINE | PROFILE | DEFAULTS
    baseline: Baseline | None
    endpoint_url: str  # the endpoint whose baseline was looked up


def current_baseline(*, agent_id: int, endpoint_url: str, scope: str) -> Baseline | None:
    return (
        Baseline.objects.select_related("run")
        .filter(agent_id=agent_id, endpoint_url=endpoint_url, scope=scope, is_current=True)
        .first()
    )


def launch_defaults(
    *, agent: Any, suite: Any, endpoint_url: str = "", compare_with_endpoint: str = "", redteam_depth: str = ""
) -> LaunchDefaults:
    """What a run of ``suite`` (or, without one, a red-team-only run at ``redteam_depth``) on ``agent`` at
    ``endpoint_url`` (default: the agent's own) starts from. With ``compare_with_endpoint``, that endpoint's
    baseline is the one looked up."""
    endpoint = compare_with_endpoint or endpoint_url or agent.endpoint_url
    if suite is not None:
        scope = scope_for(mode=None, suite_id=suite.pk, suite_kinds=None)
    else:
        scope = redteam_scope(depth=redteam_depth, library_version=LIBRARY_VERSION) if redteam_depth else None
    baseline = current_baseline(agent_id=agent.pk, endpoint_url=endpoint, scope=scope) if scope else None
    if baseline is not None:
        return LaunchDefaults(launch_settings_of_run(baseline.run), BASELINE, baseline, endpoint)
    profile = dict(getattr(suite, "run_profile", None) or {})
    if profile:
        return LaunchDefaults(LaunchSettings.from_dict(profile), PROFILE, None, endpoint)
    return LaunchDefaults(LaunchSettings(), DEFAULTS, None, endpoint)


def baseline_endpoints_for_suite(*, agent_id: int, suite_id: int) -> list[str]:
    """The endpoints of the agent with a current baseline for the suite, in pinning order."""
    scope = scope_for(mode=None, suite_id=suite_id, suite_kinds=None)
    pins = Baseline.objects.filter(agent_id=agent_id, scope=scope, is_current=True).order_by("pk")
    return list(pins.values_list("endpoint_url", flat=True))
