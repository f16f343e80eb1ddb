"""Reads of the gate (docs/gate.md): the pins of a run's agent endpoint + scope (and of suites, for the CI API), the
trust-score trend, the scenarios the endpoint's earlier runs saw flaky, the verdict of a run against its pinned
baseline as the report, the dashboard, the JSON and the CI API show it, the report's drift section with the expected
false-block rate, and the settings a launch starts from. The writes (pinning, the false-block-rate task) are in
``services.py``, the statistics in ``rules/`` (pure), what the gate reads off a run in ``profile.py``."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import threading
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.core.cache import BaseCache, caches
from django.db import models
from django.db.models import Exists, OuterRef, Q

from evaluations.gate import rules as gate
from evaluations.gate.confirmation import run_verdict
from evaluations.gate.models import Baseline
from evaluations.gate.profile import (
    gate_endpoint,
    launch_settings_of_run,
    redteam_scope,
    run_counts,
    run_mode,
    run_scope,
    scope_for,
    scope_label,
)
from evaluations.gate.results import (
    BLOCKED,
    NO_BASELINE,
    NOT_COMPARABLE,
    PASS,
    STATE_BADGES,
    STATE_LABELS,
    GateResult,
)
from evaluations.gate.topups import Topups, topped_up, topups_for_baselines
from evaluations.runs.choices import RunStatus
from evaluations.runs.selectors import run_list_by_ids, runs_scored_for_agent, runs_scored_for_agents
from evaluations.runs.snapshot import LaunchSettings, settings_lookup
from redteam.library import LIBRARY_VERSION

_SCOPE_FIELDS = ("mode", "suite_kinds", "redteam_depth", "redteam_library_version")  # what a run's scope reads

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun

TREND_RUNS = 20


def baseline_for_run(*, run: EvaluationRun) -> Baseline | None:
    """The current baseline of the run's agent endpoint + suite (or generated kinds), with its run."""
    return current_baselines_for_runs(runs=[run]).get(run.pk)


def current_baselines_for_runs(*, runs: Iterable[EvaluationRun]) -> dict[int, Baseline]:
    """``baseline_for_run`` of each run, by run id (runs without one left out), in one query."""
    wanted = {run.pk: (run.agent_id, gate_endpoint(run), scope) for run in runs
              if run.agent_id is not None and (scope := run_scope(run)) is not None}  # fmt: skip
    if not wanted:
        return {}
    match = Q()
    for agent_id, endpoint_url, scope in set(wanted.values()):
        match |= Q(agent_id=agent_id, endpoint_url=endpoint_url, scope=scope)
    pins = (
        Baseline.objects.select_related("run", "pinned_by")
        .filter(match, is_current=True)
        .annotate(has_topups=topped_up())
    )
    current = {(pin.agent_id, pin.endpoint_url, pin.scope): pin for pin in pins}
    return {run_id: current[key] for run_id, key in wanted.items() if key in current}


def baseline_history(*, run: EvaluationRun, limit: int = 10) -> list[Baseline]:
    """The current and earlier pins of the run's agent endpoint + scope, newest first, with their runs."""
    scope = run_scope(run)
    if run.agent_id is None or scope is None:
        return []
    return list(
        Baseline.objects.select_related("run", "pinned_by")
        .annotate(has_topups=topped_up())
        .filter(agent_id=run.agent_id, endpoint_url=gate_endpoint(run), scope=scope)
        .order_by("-is_current", "-pinned_at", "-pk")[:limit]
    )


EARLIER_RUNS = 5


def seen_flaky_scenarios(*, baseline_run: EvaluationRun, run: EvaluationRun) -> frozenset[str]:
    """Keys of the scenarios that passed some attempts and failed others in any of the ``EARLIER_RUNS`` latest
    finished runs of the baseline's agent endpoint + saved suite before ``run`` (the two compared left out). The gate
    weighs them less (``gate.rules.scores.SEEN_FLAKY_WEIGHT``); one indexed query, the summaries only."""
    return seen_flaky_for_pairs(pairs=[(baseline_run, run)])[0]


_History = tuple[Any, str, Any]  # agent id, endpoint, suite id: the earlier runs of a baseline's endpoint + suite


def seen_flaky_for_pairs(*, pairs: Sequence[tuple[EvaluationRun, EvaluationRun]]) -> list[frozenset[str]]:
    """``seen_flaky_scenarios`` of each (baseline run, run) pair, in order, in two queries however many pairs
    share an agent endpoint + suite (a run list's gates): the ids of the histories' earlier scored runs, then the
    summaries of only those each pair reads."""
    seen: list[frozenset[str]] = [frozenset()] * len(pairs)
    wanted = [i for i, (baseline_run, _) in enumerate(pairs) if run_mode(baseline_run) == gate.SAVED
              and baseline_run.suite_id is not None and baseline_run.agent_id is not None]  # fmt: skip
    if not wanted:
        return seen
    newest: dict[_History, int] = {}  # per history, the newest run a pair reads the earlier runs of
    for i in wanted:
        history = _history(pairs[i][0])
        newest[history] = max(newest.get(history, 0), pairs[i][1].pk)
    match = Q()
    for (agent_id, endpoint_url, suite_id), top in newest.items():
        match |= Q(agent_id=agent_id, endpoint_url=endpoint_url, suite_id=suite_id, pk__lt=top)
    earlier: dict[_History, list[int]] = {}  # newest first, as the runs are ordered
    for agent_id, endpoint_url, suite_id, pk in (
        runs_scored_for_agents(agent_ids={history[0] for history in newest})
        .filter(match)
        .exclude(topup_of__isnull=False)  # a baseline's top-up is the baseline's data, not an earlier run
        .values_list("agent_id", "endpoint_url", "suite_id", "pk")
    ):
        earlier.setdefault((agent_id, endpoint_url, suite_id), []).append(pk)
    picks = {}
    for i in wanted:
        baseline_run, run = pairs[i]
        candidates = earlier.get(_history(baseline_run), [])
        picks[i] = [pk for pk in candidates if pk < run.pk and pk != baseline_run.pk][:EARLIER_RUNS]
    ids = {pk for chosen in picks.values() for pk in chosen}
    flaky = _flaky_in_summaries(run_list_by_ids(run_ids=ids).values_list("pk", "metrics")) if ids else {}
    for i, chosen in picks.items():
        seen[i] = frozenset().union(*(flaky.get(pk, frozenset()) for pk in chosen))
    return seen


def _history(baseline_run: EvaluationRun) -> _History:
    return (baseline_run.agent_id, baseline_run.endpoint_url, baseline_run.suite_id)


def _flaky_in_summaries(rows: Iterable[tuple[int, Any]]) -> dict[int, frozenset[str]]:
    """Per run id, the scenarios that passed some runs and failed others in its stored summary."""
    flaky: dict[int, frozenset[str]] = {}
    for pk, metrics in rows:
        results = (metrics or {}).get("scenario_results") or {}
        flaky[pk] = frozenset(str(key) for key, row in results.items()
                              if int(row.get("pass", 0)) and int(row.get("fail", 0)))  # fmt: skip
    return flaky


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


def trust_trends(*, agent_id: int, limit: int = TREND_RUNS) -> list[dict[str, Any]]:
    """The agent's trend as one line per suite (or generated kinds, or red-team depth) and endpoint, so two suites
    never share a line: ``{"label", "points"}`` per line, the line of the newest run first, each line's points
    (``trust_trend``'s, with ``suite_name`` and ``endpoint_url``) oldest first. Two queries: the finished runs
    and the current pins."""
    rows = list(
        runs_scored_for_agent(agent_id=agent_id)
        .values("pk", "trust_score", "created_at", "suite_id", "suite_name", "endpoint_url", "suite_version",
                *map(settings_lookup, _SCOPE_FIELDS))[: limit * 5]
    )  # fmt: skip
    pinned = set(Baseline.objects.filter(agent_id=agent_id, is_current=True).values_list("run_id", flat=True))
    lines: dict[tuple[str, str], dict[str, Any]] = {}
    for r in rows:  # newest first
        key = (_row_scope(r) or f"deleted:{r['suite_name']}", r["endpoint_url"])
        line = lines.setdefault(key, {"label": f"{r['suite_name'] or 'Run'} at {r['endpoint_url'] or 'its endpoint'}",
                                      "points": []})  # fmt: skip
        if len(line["points"]) < limit:
            line["points"].append({"run_id": r["pk"], "score": r["trust_score"], "is_baseline": r["pk"] in pinned,
                                   "created_at": r["created_at"], "suite_name": r["suite_name"],
                                   "endpoint_url": r["endpoint_url"]})  # fmt: skip
    return [{**line, "points": list(reversed(line["points"]))} for line in lines.values()]


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


# ---------------------------------------------------------------------------------------------- the gate's verdict

_VERDICTS: dict[str, gate.GateVerdict] = {}  # the latest gate verdicts computed in this process (``_compare``)
_VERDICTS_KEPT = 64
_VERDICTS_LOCK = threading.Lock()


def run_gate(*, run: EvaluationRun) -> GateResult:
    """The gate for a finished run against the pinned baseline of its agent endpoint + suite."""
    return _gate(run, baseline_for_run(run=run))


def run_gates(*, runs: Sequence[EvaluationRun]) -> dict[int, GateResult]:
    """``run_gate`` of each run, by run id: one query for the pins and one for the earlier runs' flaky scenarios
    when the runs are of distinct agent endpoints + suites, such as the dashboard's latest run of each agent."""
    baselines = current_baselines_for_runs(runs=runs)
    compared = [run for run in runs if _is_compared(run, baselines.get(run.pk))]
    seen = seen_flaky_for_pairs(pairs=[(baselines[run.pk].run, run) for run in compared])
    seen_by_run = {run.pk: flaky for run, flaky in zip(compared, seen, strict=True)}
    topups = topups_for_baselines(baselines[run.pk] for run in compared)
    return {run.pk: _gate(run, baselines.get(run.pk), seen_flaky=seen_by_run.get(run.pk), topups=topups)
            for run in runs}  # fmt: skip


def _is_compared(run: EvaluationRun, baseline: Baseline | None) -> bool:
    """Whether ``_gate`` compares the counts (rather than saying why it does not)."""
    return (
        baseline is not None and baseline.run_id != run.pk and run.status == RunStatus.SUCCEEDED and bool(run.metrics)
    )


def _gate(run: EvaluationRun, baseline: Baseline | None, *, seen_flaky: frozenset[str] | None = None,
          topups: Topups | None = None) -> GateResult:  # fmt: skip
    if baseline is None:
        return GateResult(NO_BASELINE, (_no_baseline_reason(run),), None)
    if baseline.run_id == run.pk:
        return GateResult(PASS, ("This run is the pinned baseline: later runs are compared with it.",), run.pk)
    if run.status != RunStatus.SUCCEEDED or not run.metrics:
        reason = (
            f"This run did not finish successfully ({RunStatus(run.status).label.lower()}), so it is not compared "
            "with the baseline."
        )
        return GateResult(NOT_COMPARABLE, (reason,), baseline.run_id)
    if seen_flaky is None:
        seen_flaky = seen_flaky_scenarios(baseline_run=baseline.run, run=run)
    if topups is None:
        topups = topups_for_baselines([baseline])
    verdict = _compare(baseline.run, run, seen_flaky, topups.get(baseline.run_id, []))
    watch = tuple(s.name for s in verdict.watch_list)
    return GateResult(verdict.state, verdict.reasons + verdict.notes, baseline.run_id, watch, verdict)


def _compare(
    baseline_run: EvaluationRun, run: EvaluationRun, seen_flaky: frozenset[str], topups: Sequence[EvaluationRun] = ()
) -> gate.GateVerdict:
    """``gate.compare`` of the two runs' counts, with the scenarios seen flaky in the endpoint's earlier runs. Some
    hundred ms for 2,000 scenarios and read by every view of the report, so kept in the process (a verdict is
    immutable; unpickling it from a cache took as long as computing it), keyed by everything the counts are made of:
    a review that changes a verdict changes the key, and so does a new earlier run's flakiness."""
    history = hashlib.sha256("\n".join(sorted(seen_flaky)).encode()).hexdigest()[:16]
    topped = "+".join(_run_fingerprint(topup) for topup in topups)
    key = f"{_run_fingerprint(baseline_run)}{topped}:{_run_fingerprint(run)}:{history}"
    verdict = _VERDICTS.get(key)
    if verdict is None:
        verdict = run_verdict(baseline_run=baseline_run, run=run, seen_flaky=seen_flaky, topups=topups)
        with _VERDICTS_LOCK:  # gunicorn serves with threads: one of them trims the dict at a time
            while len(_VERDICTS) >= _VERDICTS_KEPT:
                _VERDICTS.pop(next(iter(_VERDICTS)), None)  # the oldest first
            _VERDICTS[key] = verdict
    return verdict


def _run_fingerprint(run: EvaluationRun) -> str:
    fields = (run.pk, run.status, run.metrics, run.scenarios, run.settings_snapshot, run.runs_per_scenario, run.suite_id,
              run.suite_version, run.judge_model, run.judge_prompt_version, run.judge_strictness)  # fmt: skip
    return hashlib.sha256(json.dumps(fields, sort_keys=True, default=str).encode()).hexdigest()[:32]


def _no_baseline_reason(run: EvaluationRun) -> str:
    if run.agent_id is None:
        return "The agent of this run was deleted, so there is no baseline to compare with."
    if run_scope(run) is None:
        return "The suite of this run was deleted, so there is no baseline to compare with."
    endpoint = gate_endpoint(run)
    where = f" at {endpoint}" if endpoint else ""
    return (
        f"No baseline is pinned for {run.agent_name}{where} with {scope_label(run)}. "
        "Pin a good finished run as the baseline to turn the release gate on."
    )


def baseline_pin_refusal(*, run: EvaluationRun) -> str:
    """Why ``run`` cannot be pinned, in a sentence; "" when it can (``services.baseline_pin`` refuses the same)."""
    if run.status != RunStatus.SUCCEEDED or not run.metrics:
        return "Only a finished run can be pinned as the baseline; this one is not finished successfully."
    if run.trust_score is None:
        return (
            "Nothing in this run was scored, so it cannot be a baseline: later runs would have nothing to be "
            "compared with. Pin a run whose replies were scored."
        )
    if run.agent_id is None:
        return "The agent of this run was deleted, so the run cannot be a baseline."
    if run_scope(run) is None:
        return "The suite of this run was deleted, so the run cannot be a baseline."
    return ""


def drift_context(*, run: EvaluationRun) -> dict[str, Any]:
    """Everything the report's drift section shows for a finished run, in two queries (the pins of the run's
    scope, with the current baseline's run, and the trend) and the earlier runs' flaky scenarios when it is
    compared; the report adds ``can_publish``. A large suite's false-block rate not simulated yet is
    ``false_block_rate_pending`` (``services.false_block_rate_request`` has a task simulate it)."""
    history = baseline_history(run=run)
    baseline = next((b for b in history if b.is_current), None)
    result = _gate(run, baseline)
    fbr, fbr_pending = None, False
    if baseline is not None and result.state in (PASS, BLOCKED) and baseline.run_id != run.pk:
        fbr, fbr_pending = false_block_rate_for_page(baseline_run=baseline.run, runs_per_scenario=run.runs_per_scenario)
    return {
        "gate": result,
        "gate_label": STATE_LABELS[result.state],
        "gate_badge": STATE_BADGES[result.state],
        "verdict": result.comparison,
        "baseline": baseline,
        "is_baseline": baseline is not None and baseline.run_id == run.pk,
        "can_pin": run.status == RunStatus.SUCCEEDED and bool(run.metrics) and run.agent_id is not None
        and run_scope(run) is not None and run.trust_score is not None,
        "nothing_scored": run.status == RunStatus.SUCCEEDED and run.trust_score is None,
        "history": history,
        "trend": trust_trend(agent=run.agent_id, run=run, baseline_run_id=baseline.run_id if baseline else None)
        if run.agent_id is not None else [],
        "expected_false_block_rate": fbr,
        "false_block_rate_pending": fbr_pending,
        "scope_label": scope_label(run),
        "compares_other_endpoint": gate_endpoint(run) != run.endpoint_url,
    }  # fmt: skip


# ---------------------------------------------------------------------------------------------- false-block rate

SIMULATED_PAIRS = 400
FBR_INLINE_SCENARIOS = 200  # simulated in the request up to here (about 2 s); a task simulates larger suites


def expected_false_block_rate(*, baseline_run: EvaluationRun, runs_per_scenario: int) -> float | None:
    """How often the gate would block a run of this suite when nothing changed, simulated from the baseline's
    per-scenario pass rates. About 0.5 s for 53 scenarios but a minute for 2,000, so cached, keyed by what it is
    computed from: in the process, or for a large suite (simulated by a task) in the database cache, where every
    web process reads it."""
    job = false_block_rate_job(baseline_run=baseline_run, runs_per_scenario=runs_per_scenario)
    if job is None:
        return None
    key, scenarios, compare_scenarios = job
    cache = false_block_rate_cache(baseline_run)
    cached = cache.get(key)
    if cached is not None:
        return float(cached)
    rate = gate.expected_false_block_rate(
        scenarios,
        runs_baseline=baseline_run.runs_per_scenario,
        runs_current=runs_per_scenario,
        compare_scenarios=compare_scenarios,
        pairs=SIMULATED_PAIRS,
    )
    cache.set(key, rate, 7 * 24 * 3600)
    return rate


def false_block_rate_for_page(*, baseline_run: EvaluationRun, runs_per_scenario: int) -> tuple[float | None, bool]:
    """The expected false-block rate for the report, and whether it is still to be simulated. A suite of more than
    ``FBR_INLINE_SCENARIOS`` scenarios is simulated by a task (``services.false_block_rate_request``; the page says
    so and shows it when done) rather than in the request, which it would hold for a minute."""
    if len(baseline_run.scenarios or []) <= FBR_INLINE_SCENARIOS:
        return expected_false_block_rate(baseline_run=baseline_run, runs_per_scenario=runs_per_scenario), False
    job = false_block_rate_job(baseline_run=baseline_run, runs_per_scenario=runs_per_scenario)
    if job is None:
        return None, False
    cached = false_block_rate_cache(baseline_run).get(job[0])
    return (float(cached), False) if cached is not None else (None, True)


def false_block_rate_cache(baseline_run: EvaluationRun) -> BaseCache:
    return caches["default" if len(baseline_run.scenarios or []) <= FBR_INLINE_SCENARIOS else "limits"]


def false_block_rate_job(*, baseline_run: EvaluationRun, runs_per_scenario: int) -> tuple[str, list[Any], bool] | None:
    """The cache key of the figure, the scenarios to simulate and whether scenarios are compared; None when the
    baseline has no scored scenario."""
    counts = run_counts(baseline_run)
    scenarios = gate.sim_scenarios_from_counts(counts)
    if not scenarios:
        return None
    compare_scenarios = counts.profile.mode == gate.SAVED
    fingerprint = hashlib.sha256(
        repr((sorted(dataclasses.astuple(s) for s in scenarios), baseline_run.runs_per_scenario, runs_per_scenario,
              compare_scenarios, SIMULATED_PAIRS)).encode()
    ).hexdigest()[:32]  # fmt: skip
    return (
        f"trustgate:gate-fbr:v3:{fingerprint}",
        scenarios,
        compare_scenarios,
    )  # v3: the score and weights of docs/gate.md


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


def launch_baselines(*, agent: Any, suite: Any, redteam_depth: str = "") -> list[Baseline]:
    """The current baselines of ``agent`` for what a launch runs (``suite``, else red-team attacks alone at
    ``redteam_depth``), at every endpoint, in pinning order, with their runs: what a launch at an endpoint without
    its own baseline could be compared with (``compare_with_endpoint``)."""
    if suite is not None:
        scope = scope_for(mode=None, suite_id=suite.pk, suite_kinds=None)
    elif redteam_depth:
        scope = redteam_scope(depth=redteam_depth, library_version=LIBRARY_VERSION)
    else:
        return []
    pins = Baseline.objects.select_related("run").filter(agent_id=agent.pk, scope=scope, is_current=True)
    return list(pins.order_by("pk"))


def baseline_endpoints_for_suite(*, agent_id: int, suite_id: int) -> list[str]:
    """The endpoints of the agent with a current baseline for the suite, in pinning order."""
    scope = scope_for(mode=None, suite_id=suite_id, suite_kinds=None)
    pins = Baseline.objects.filter(agent_id=agent_id, scope=scope, is_current=True).order_by("pk")
    return list(pins.values_list("endpoint_url", flat=True))
