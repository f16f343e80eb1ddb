"""Baselines and the release gate: pin a finished run, and gate any finished run against the pinned baseline of
its agent endpoint + suite (docs/gate.md). The statistics live in ``evaluations/gate/rules/`` (pure), what the gate reads
off a run in ``profile.py`` and the reads of pins and trends in ``selectors.py``; this module writes ``Baseline``
rows and turns the verdict into what the report, the JSON and the CI API show.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import threading
from typing import TYPE_CHECKING, Any

from django.core.cache import BaseCache, caches
from django.db import transaction
from django.utils import timezone
from django_q.tasks import async_task

from evaluations.agents.selectors import agent_get_locked
from evaluations.gate import rules as gate
from evaluations.gate.models import Baseline
from evaluations.gate.profile import gate_endpoint, launch_settings_of_run, run_counts, run_mode, run_scope, scope_label
from evaluations.gate.selectors import baseline_for_run, baseline_history, seen_flaky_scenarios, trust_trend
from evaluations.runs.choices import RunStatus
from evaluations.runs.selectors import run_list_by_ids
from suites.services import suite_run_profile_set

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun

NO_BASELINE, PASS, BLOCKED, NOT_COMPARABLE = "no_baseline", "pass", "blocked", "not_comparable"
STATE_LABELS = {PASS: "PASS", BLOCKED: "BLOCKED", NO_BASELINE: "NO BASELINE", NOT_COMPARABLE: "NOT COMPARABLE"}
STATE_BADGES = {PASS: "pass", BLOCKED: "blocked", NO_BASELINE: "not_scored", NOT_COMPARABLE: "error"}
_SIMULATED_PAIRS = 400
_VERDICTS: dict[str, gate.GateVerdict] = {}  # the latest gate verdicts computed in this process (``_compare``)
_VERDICTS_KEPT = 64
_VERDICTS_LOCK = threading.Lock()
FBR_INLINE_SCENARIOS = 200  # simulated in the request up to here (about 2 s); a task simulates larger suites


class BaselineError(Exception):
    """The run cannot be pinned; the message says why. Nothing was written."""


@dataclasses.dataclass(frozen=True)
class GateResult:
    state: str  # "pass" | "blocked" | "no_baseline" | "not_comparable"
    reasons: tuple[str, ...]  # plain sentences a user can act on
    baseline_run_id: int | None
    watch_list: tuple[str, ...] = ()  # scenario names that fail more often but not significantly
    comparison: Any = None  # the structured gate.GateVerdict for the report


# ---------------------------------------------------------------------------------------------- writes


def baseline_pin_refusal(*, run: EvaluationRun) -> str:
    """Why ``run`` cannot be pinned, in a sentence; "" when it can."""
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


def baseline_pin(*, run: EvaluationRun, user: Any) -> Baseline:
    """Pin ``run`` as the baseline of its agent endpoint + suite; the previous one is kept as history.

    The Publish role is checked by the caller. Pinning the current baseline again returns it unchanged.
    Raises BaselineError for a run that did not finish successfully or whose agent or suite was deleted.
    """
    refusal = baseline_pin_refusal(run=run)
    scope = run_scope(run)
    if refusal or scope is None or run.agent_id is None:  # the last two: the refusal says why
        raise BaselineError(refusal)
    with transaction.atomic():
        # Lock the agent row so two pins of the same agent at once take turns (SQLite serialises writes anyway).
        agent_get_locked(agent_id=run.agent_id)
        current = Baseline.objects.filter(
            agent_id=run.agent_id, endpoint_url=run.endpoint_url, scope=scope, is_current=True
        ).first()
        if current is not None and current.run_id == run.pk:
            return current
        now = timezone.now()
        if current is not None:
            Baseline.objects.filter(pk=current.pk).update(is_current=False, replaced_at=now)
        if run.suite is not None and run_mode(run) == gate.SAVED:
            # The suite's run profile follows its latest pin: endpoints without a baseline start from it.
            suite_run_profile_set(suite=run.suite, profile=launch_settings_of_run(run).to_dict())
        return Baseline.objects.create(
            account_id=run.account_id,
            agent_id=run.agent_id,
            endpoint_url=run.endpoint_url,
            suite_id=run.suite_id if run_mode(run) != gate.GENERATED else None,
            scope=scope,
            run=run,
            pinned_by=user if getattr(user, "is_authenticated", False) else None,
            pinned_at=now,
        )


# ---------------------------------------------------------------------------------------------- the gate


def run_gate(*, run: EvaluationRun) -> GateResult:
    """The gate for a finished run against the pinned baseline of its agent endpoint + suite. A read."""
    return _gate(run, baseline_for_run(run=run))


def _gate(run: EvaluationRun, baseline: Baseline | None) -> GateResult:
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
    verdict = _compare(baseline.run, run)
    watch = tuple(s.name for s in verdict.watch_list)
    return GateResult(verdict.state, verdict.reasons + verdict.notes, baseline.run_id, watch, verdict)


def _compare(baseline_run: EvaluationRun, run: EvaluationRun) -> gate.GateVerdict:
    """``gate.compare`` of the two runs' counts, with the scenarios seen flaky in the endpoint's earlier runs. Some
    hundred ms for 2,000 scenarios and read by every view of the report, so kept in the process (a verdict is
    immutable; unpickling it from a cache took as long as computing it), keyed by everything the counts are made of:
    a review that changes a verdict changes the key, and so does a new earlier run's flakiness."""
    seen_flaky = seen_flaky_scenarios(baseline_run=baseline_run, run=run)
    history = hashlib.sha256("\n".join(sorted(seen_flaky)).encode()).hexdigest()[:16]
    key = f"{_run_fingerprint(baseline_run)}:{_run_fingerprint(run)}:{history}"
    verdict = _VERDICTS.get(key)
    if verdict is None:
        verdict = gate.compare(run_counts(baseline_run), run_counts(run), seen_flaky=seen_flaky)
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


def expected_false_block_rate(*, baseline_run: EvaluationRun, runs_per_scenario: int) -> float | None:
    """How often the gate would block a run of this suite when nothing changed, simulated from the baseline's
    per-scenario pass rates. About 0.5 s for 53 scenarios but a minute for 2,000, so cached, keyed by what it is
    computed from: in the process, or for a large suite (simulated by a task) in the database cache, where every
    web process reads it."""
    job = _false_block_job(baseline_run=baseline_run, runs_per_scenario=runs_per_scenario)
    if job is None:
        return None
    key, scenarios, compare_scenarios = job
    cache = _fbr_cache(baseline_run)
    cached = cache.get(key)
    if cached is not None:
        return float(cached)
    rate = gate.expected_false_block_rate(
        scenarios,
        runs_baseline=baseline_run.runs_per_scenario,
        runs_current=runs_per_scenario,
        compare_scenarios=compare_scenarios,
        pairs=_SIMULATED_PAIRS,
    )
    cache.set(key, rate, 7 * 24 * 3600)
    return rate


def false_block_rate_for_page(*, baseline_run: EvaluationRun, runs_per_scenario: int) -> tuple[float | None, bool]:
    """The expected false-block rate for the report, and whether it is still being simulated. A suite of more than
    ``FBR_INLINE_SCENARIOS`` scenarios is simulated by a task (once; the page says so and shows it when done)
    rather than in the request, which it would hold for a minute."""
    if len(baseline_run.scenarios or []) <= FBR_INLINE_SCENARIOS:
        return expected_false_block_rate(baseline_run=baseline_run, runs_per_scenario=runs_per_scenario), False
    job = _false_block_job(baseline_run=baseline_run, runs_per_scenario=runs_per_scenario)
    if job is None:
        return None, False
    cache = _fbr_cache(baseline_run)
    cached = cache.get(job[0])
    if cached is not None:
        return float(cached), False
    if cache.add(f"{job[0]}:pending", 1, 15 * 60):  # one task per figure, again if it never finished
        args = (baseline_run.pk, runs_per_scenario)
        transaction.on_commit(lambda: async_task("evaluations.gate.tasks.false_block_rate_simulate", *args))
    return None, True


def false_block_rate_simulate(*, baseline_run_id: int, runs_per_scenario: int) -> None:
    """The task behind ``false_block_rate_for_page``: simulate and cache the figure."""
    baseline_run = run_list_by_ids(run_ids=[baseline_run_id]).first()
    if baseline_run is not None:
        expected_false_block_rate(baseline_run=baseline_run, runs_per_scenario=runs_per_scenario)


def _fbr_cache(baseline_run: EvaluationRun) -> BaseCache:
    return caches["default" if len(baseline_run.scenarios or []) <= FBR_INLINE_SCENARIOS else "limits"]


def _false_block_job(*, baseline_run: EvaluationRun, runs_per_scenario: int) -> tuple[str, list[Any], bool] | None:
    counts = run_counts(baseline_run)
    scenarios = gate.sim_scenarios_from_counts(counts)
    if not scenarios:
        return None
    compare_scenarios = counts.profile.mode == gate.SAVED
    fingerprint = hashlib.sha256(
        repr((sorted(dataclasses.astuple(s) for s in scenarios), baseline_run.runs_per_scenario, runs_per_scenario,
              compare_scenarios, _SIMULATED_PAIRS)).encode()
    ).hexdigest()[:32]  # fmt: skip
    return (
        f"trustgate:gate-fbr:v3:{fingerprint}",
        scenarios,
        compare_scenarios,
    )  # v3: the score and weights of docs/gate.md (How the gate decides, point 2)


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
    return data


def drift_context(*, run: EvaluationRun) -> dict[str, Any]:
    """Everything the report's drift section shows for a finished run, in two queries (the pins of the run's
    scope, with the current baseline's run, and the trend); the view adds ``can_publish``."""
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
