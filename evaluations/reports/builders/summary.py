"""What every report reads off a run's metrics summary, without its conversations: the run's facts, the trust
score and metric cards, the counts and one row per scenario (counts by verdict, breaches, flakiness). The page
(``page.py``) and the downloads (``data.py``) both build their figures here, so they never disagree.

Reads the run's own fields and its credit entries (one query); nothing here touches ``RunSecret`` or the agent
snapshot (its extra headers may carry credentials).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from billing.selectors import run_credits
from evaluations.core.specs import KIND_LABELS, ScenarioSpec
from evaluations.runs.choices import RunStage, RunStatus
from evaluations.runs.unscored import UnscoredCounts, unscored_for_run
from evaluations.scoring.choices import JudgeModel, Strictness
from evaluations.scoring.coverage import coverage_of, metric_coverage_text, score_text
from evaluations.scoring.flakiness import FLAKY, scenario_flakiness
from evaluations.scoring.metrics import ERROR, FAIL, NOT_SCORED, PASS
from evaluations.scoring.verdicts import Verdict

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun

RULES_ONLY_NOTICE = "Rules only: no LLM judge was configured, so replies that needed one are Not scored."
EMPTY = "—"


def summary_fields(run: EvaluationRun, summary: Mapping[str, Any], *, is_final: bool) -> dict[str, Any]:
    """The report's figures from a ``scoring.compute_metrics`` summary (stored, or computed so far), each with
    what it is over (``coverage_fields``)."""
    return {
        **coverage_fields(run, summary),
        "run": run_info(run),
        "is_final": is_final,
        "trust_score": summary.get("trust_score"),
        "trust_score_display": number(summary.get("trust_score")),
        "metrics": metric_cards(summary),
        "refusal_rate": summary.get("refusal_rate"),
        "refusal_rate_display": number(summary.get("refusal_rate"), suffix="%"),
        "avg_latency_ms": summary.get("avg_latency_ms"),
        "avg_latency_display": number(summary.get("avg_latency_ms"), suffix=" ms"),
        "latency": latency_fields(summary.get("latency")),
        "breaches": summary.get("breaches", 0),
        "attempts": {v: summary.get("attempts", {}).get(v, 0) for v in (PASS, FAIL, NOT_SCORED, ERROR)},
    }


def coverage_fields(
    run: EvaluationRun, summary: Mapping[str, Any], *, unscored: UnscoredCounts | None = None
) -> dict[str, Any]:
    """How much the numbers are over (docs/runs.md#coverage): ``trust_score_text`` ("92 / 100 · 41 of 45
    scenarios scored", or below the minimum coverage "Not enough scored: ..."), ``coverage`` (the counts, the
    share, the minimum, whether it is met and, with ``unscored``, the conversations not scored by cause) and
    ``breaches_text`` ("0 breaches in 120 of 135 conversations scored")."""
    covered = coverage_of(summary)
    minimum = run.settings.gate_options.coverage_minimum
    shown = score_text(summary.get("trust_score"), covered, minimum=minimum)
    attempts = summary.get("attempts") or {}
    breaches = int(summary.get("breaches", 0))
    if unscored is None:  # only the totals: counted without their causes
        unscored = UnscoredCounts.of_totals(
            not_scored=int(attempts.get(NOT_SCORED, 0)), errors=int(attempts.get(ERROR, 0))
        )
    unscored_text = unscored_for_run(run=run, counts=unscored)
    return {
        "trust_score_text": shown["text"],
        "trust_score_number": shown["number"],
        "coverage": {**covered.to_dict(), "share": covered.share, "minimum": minimum, "enough": shown["enough"],
                     "text": covered.text, "conversations_text": covered.conversations_text, "unscored": unscored_text},
        "breaches_text": f"{breaches:,} breach{'es' if breaches != 1 else ''} in {covered.conversations_text}",
    }  # fmt: skip


def scenario_rows(
    run: EvaluationRun, summary: Mapping[str, Any], specs: Iterable[ScenarioSpec]
) -> list[dict[str, Any]]:
    """One row per scenario in run order, from the summary's per-scenario counts."""
    results = summary.get("scenario_results", {})
    return [scenario_row(spec, results.get(spec.key) or {}, runs_per_scenario=run.runs_per_scenario) for spec in specs]


def scenario_row(spec: ScenarioSpec, counts: Mapping[str, Any], *, runs_per_scenario: int) -> dict[str, Any]:
    status = counts.get("status", NOT_SCORED)
    flakiness = scenario_flakiness(
        passed=counts.get(PASS, 0), failed=counts.get(FAIL, 0), runs_per_scenario=runs_per_scenario
    )
    return {
        "key": spec.key,
        "kind": spec.kind.value,
        "kind_label": KIND_LABELS.get(spec.kind, spec.kind.value),
        "name": spec.name or spec.key,
        "severity": spec.severity.value,
        "severity_label": spec.severity.value.title(),
        "owasp_tag": spec.owasp_tag,
        "status": status,
        "status_label": label(Verdict, status),
        "runs_passed": counts.get(PASS, 0),
        "runs_failed": counts.get(FAIL, 0),
        "runs_not_scored": counts.get(NOT_SCORED, 0),
        "runs_error": counts.get(ERROR, 0),
        "breaches": counts.get("breaches", 0),
        **flakiness.as_dict(),
        "pass_rate_display": number(flakiness.pass_rate, suffix="%"),
        "pass_k_display": number(flakiness.pass_k, suffix="%"),
        "flakiness_summary": flakiness.summary,
        "latency": latency_fields(counts.get("latency")),
    }


def latency_fields(latency: Mapping[str, Any] | None) -> dict[str, Any]:
    """A latency summary (``scoring.latency``) with what the pages show: "120 / 180 ms" (p50 / p95), and the same
    for the time to first token of streamed replies ("—" when none streamed)."""
    latency = dict(latency or {})

    def pair(low: str, high: str) -> str:
        if latency.get(low) is None:
            return EMPTY
        return f"{latency[low]:,} / {latency[high]:,} ms"

    return {
        **latency,
        "display": pair("p50_ms", "p95_ms"),
        "ttft_display": pair("ttft_p50_ms", "ttft_p95_ms"),
    }


def scenario_counts(rows: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """Scenarios per status; "flaky" counts the failed scenarios that also passed some runs (fail = flaky +
    consistently failing)."""
    counts = dict.fromkeys((PASS, FAIL, NOT_SCORED, ERROR, FLAKY), 0)
    for row in rows:
        counts[row["status"]] = counts.get(row["status"], 0) + 1
        counts[FLAKY] += bool(row["is_flaky"])
    return counts


def run_info(run: EvaluationRun) -> dict[str, Any]:
    is_rules_only = run.judge_model == JudgeModel.RULES_ONLY
    settings = run.settings
    return {
        "id": run.pk,
        "agent_id": run.agent_id,
        "agent_name": run.agent_name,
        "suite_name": run.suite_name,
        "suite_version": run.suite_version,
        "endpoint_url": run.endpoint_url,
        "api_key_masked": run.api_key_masked,
        # Where it was launched, and what a CI step sent (docs/ci.md#ci-metadata).
        "source": settings.source_label.lower(),
        "ci": settings.ci_source.to_dict(),
        "status": run.status,
        "status_label": RunStatus(run.status).label if run.status in RunStatus.values else run.status,
        "status_badge": run.badge_class,
        "refund_reason": run.refund_reason,
        "redteam_depth": settings.redteam_depth,
        "redteam_library_version": settings.redteam_library_version,
        "is_active": run.is_active,
        "stage": run.stage,
        "stage_label": RunStage(run.stage).label if run.stage in RunStage.values else run.stage,
        "error_message": run.error_message,
        "is_agent_down": run.is_agent_down,
        "created_at": run.created_at,
        "started_at": run.started_at,
        "finished_at": run.finished_at,
        "duration_seconds": seconds_between(run.started_at, run.finished_at),
        "runs_per_scenario": run.runs_per_scenario,
        "confirmation": confirmation_info(settings),
        "parallel": run.parallel,
        "judge_model": run.judge_model,
        "judge_model_label": label(JudgeModel, run.judge_model),
        "judge_prompt_version": run.judge_prompt_version,
        "judge_strictness": run.judge_strictness,
        "judge_strictness_label": label(Strictness, run.judge_strictness),
        "is_rules_only": is_rules_only,
        "rules_only_notice": RULES_ONLY_NOTICE if is_rules_only else "",
        "credits": dataclasses.asdict(run_credits(run_id=run.pk)),  # one query: the run's ledger entries
    }


def metric_cards(summary: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One card per metric of the summary, in its order."""
    return [_metric(key, metric) for key, metric in summary.get("metrics", {}).items()]


def _metric(key: str, metric: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "key": key,
        "label": metric.get("label", key),
        "kind": metric.get("kind", ""),
        "value": metric.get("value"),
        "display": number(metric.get("value"), suffix="%"),
        "scenarios": metric.get("scenarios", 0),
        "scenarios_scored": metric.get("scenarios_scored", 0),
        "scenarios_passed": metric.get("scenarios_passed", 0),
        "attempts_passed": metric.get("attempts_passed", 0),
        "attempts_failed": metric.get("attempts_failed", 0),
        "attempts_not_scored": metric.get("attempts_not_scored", 0),
        "attempts_error": metric.get("attempts_error", 0),
        "coverage": metric_coverage_text(metric),
    }


def number(value: float | int | None, *, suffix: str = "") -> str:
    if value is None:
        return EMPTY
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"{value}{suffix}"


def seconds_between(start: dt.datetime | None, end: dt.datetime | None) -> float | None:
    if start is None or end is None:
        return None
    return max((end - start).total_seconds(), 0.0)


def label(choices: Any, value: str) -> str:
    return _labels(choices).get(value, value)


@functools.cache
def _labels(choices: Any) -> dict[str, str]:
    """A choices class's labels by value, built once (looking one up the enum way is slow, 2,000 times a page)."""
    return {str(value): str(text) for value, text in choices.choices}


def confirmation_info(settings: Any) -> dict[str, Any] | None:
    """The run's confirmation runs (docs/gate.md, Confirmation runs), for the report's run facts: the most per open
    scenario, the scenarios driven again once decided, and a phrase; None when the run had none to drive."""
    most = settings.confirmation_runs
    if not most:
        return None
    opened = settings.confirmation_open
    if opened is None:
        text = f"up to {most} confirmation runs for the scenarios the first pass leaves open"
    elif not opened:
        text = "no confirmation runs needed"
    else:
        text = f"+ {most} confirmation runs for {len(opened)} scenario{'s' if len(opened) != 1 else ''}"
    return {"runs": most, "scenarios": None if opened is None else len(opened), "text": text}
