"""The report as data: ``report_data`` (what the page shows and ``junit.py`` renders) and ``report_json`` (the
JSON download).

Pure apart from reading the run's own fields and its credit entries (one query): callers pass the run and its attempts (fetched with one query by
``selectors.attempts_for_run``). Nothing here touches ``RunSecret`` or the agent snapshot (its extra headers may
carry credentials); transcripts and rationales were masked when the attempts were written.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from billing.selectors import run_credits
from evaluations.reports.builders.flaky import flaky_drift
from evaluations.reports.builders.tool_checks import matcher_text as _matcher_text
from evaluations.reports.builders.tool_checks import tool_call_view, tool_check_fields
from evaluations.review.selectors import review_states_for_run
from evaluations.runs.choices import RunStage, RunStatus
from evaluations.scoring.choices import JudgeModel, Strictness
from evaluations.scoring.flakiness import FLAKY, scenario_flakiness
from evaluations.scoring.metrics import ERROR, FAIL, NOT_SCORED, PASS, compute_metrics
from evaluations.scoring.verdicts import Verdict
from evaluations.specs import ExpectedToolCall, ScenarioKind, ScenarioSpec
from redteam.report import redteam_findings, redteam_summary

if TYPE_CHECKING:
    from evaluations.runs.models import Attempt, EvaluationRun

RULES_ONLY_NOTICE = "Rules only: no LLM judge was configured, so replies that needed one are Not scored."
EMPTY = "—"

KIND_LABELS = {
    ScenarioKind.ACCURACY: "Accuracy",
    ScenarioKind.GUARDRAILS: "Guardrails",
    ScenarioKind.TOOL_CALLS: "Tool calls",
    ScenarioKind.RED_TEAM: "Red team",
    ScenarioKind.PII: "PII",
    ScenarioKind.CUSTOM: "Test case",
}
ROLE_LABELS = {"user": "User", "assistant": "Agent", "system": "System", "tool": "Tool"}


# ---------------------------------------------------------------------------------------------- report_data


def report_data(run: EvaluationRun, attempts: Iterable[Attempt]) -> dict[str, Any]:
    """Everything the report page and the JSON download show, scenarios in run order.

    While the run has no stored metrics (still active, or it stopped early) the metrics are computed live from
    the attempts so far and ``is_final`` is False.
    """
    specs = [ScenarioSpec.from_dict(data) for data in run.scenarios]
    attempt_list = list(attempts)
    live = compute_metrics(specs, attempt_list)
    summary = run.metrics or live
    by_scenario: dict[str, list[Attempt]] = defaultdict(list)
    for attempt in attempt_list:
        by_scenario[attempt.scenario_key].append(attempt)

    scenarios = []
    for spec in specs:
        counts = summary.get("scenario_results", {}).get(spec.key) or live["scenario_results"][spec.key]
        runs = sorted(by_scenario.get(spec.key, []), key=lambda a: a.repeat)
        scenarios.append(_scenario(spec, counts, runs, runs_per_scenario=run.runs_per_scenario))

    _add_reviews(run, attempt_list, scenarios)
    findings = redteam_findings(run, attempt_list)
    return {
        "run": _run_info(run),
        "redteam": {"findings": findings, "summary": redteam_summary(findings)} if findings else None,
        "is_final": bool(run.metrics),
        "trust_score": summary.get("trust_score"),
        "trust_score_display": _number(summary.get("trust_score")),
        "metrics": [_metric(key, metric) for key, metric in summary.get("metrics", {}).items()],
        "refusal_rate": summary.get("refusal_rate"),
        "refusal_rate_display": _number(summary.get("refusal_rate"), suffix="%"),
        "avg_latency_ms": summary.get("avg_latency_ms"),
        "avg_latency_display": _number(summary.get("avg_latency_ms"), suffix=" ms"),
        "breaches": summary.get("breaches", 0),
        "attempts": {v: summary.get("attempts", {}).get(v, 0) for v in (PASS, FAIL, NOT_SCORED, ERROR)},
        # "flaky" counts the failed scenarios that also passed some runs: fail = flaky + consistently failing.
        "scenario_counts": {
            **{
                status: sum(1 for s in scenarios if s["status"] == status) for status in (PASS, FAIL, NOT_SCORED, ERROR)
            },
            FLAKY: sum(1 for s in scenarios if s["is_flaky"]),
        },
        "scenarios": scenarios,
    }


def _run_info(run: EvaluationRun) -> dict[str, Any]:
    is_rules_only = run.judge_model == JudgeModel.RULES_ONLY
    return {
        "id": run.pk,
        "agent_id": run.agent_id,
        "agent_name": run.agent_name,
        "suite_name": run.suite_name,
        "suite_version": run.suite_version,
        "endpoint_url": run.endpoint_url,
        "api_key_masked": run.api_key_masked,
        "status": run.status,
        "status_label": RunStatus(run.status).label if run.status in RunStatus.values else run.status,
        "status_badge": run.badge_class,
        "refund_reason": run.refund_reason,
        "redteam_depth": run.settings_snapshot.get("redteam_depth", ""),
        "redteam_library_version": run.settings_snapshot.get("redteam_library_version", ""),
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
        "parallel": run.parallel,
        "judge_model": run.judge_model,
        "judge_model_label": _label(JudgeModel, run.judge_model),
        "judge_prompt_version": run.judge_prompt_version,
        "judge_strictness": run.judge_strictness,
        "judge_strictness_label": _label(Strictness, run.judge_strictness),
        "is_rules_only": is_rules_only,
        "rules_only_notice": RULES_ONLY_NOTICE if is_rules_only else "",
        "credits": dataclasses.asdict(run_credits(run_id=run.pk)),  # one query: the run's ledger entries
    }


def _metric(key: str, metric: dict[str, Any]) -> dict[str, Any]:
    return {
        "key": key,
        "label": metric.get("label", key),
        "kind": metric.get("kind", ""),
        "value": metric.get("value"),
        "display": _number(metric.get("value"), suffix="%"),
        "scenarios": metric.get("scenarios", 0),
        "scenarios_scored": metric.get("scenarios_scored", 0),
        "scenarios_passed": metric.get("scenarios_passed", 0),
        "attempts_passed": metric.get("attempts_passed", 0),
        "attempts_failed": metric.get("attempts_failed", 0),
        "attempts_not_scored": metric.get("attempts_not_scored", 0),
        "attempts_error": metric.get("attempts_error", 0),
    }


def _scenario(
    spec: ScenarioSpec, counts: dict[str, Any], runs: Sequence[Attempt], *, runs_per_scenario: int
) -> dict[str, Any]:
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
        "expected_outcome": spec.expected_outcome,
        "correct_answer": spec.correct_answer,
        "expected_tool_call": _expected_tool_call(spec.expected_tool_call),
        **tool_check_fields(spec, runs),
        "status": status,
        "status_label": _label(Verdict, status),
        "runs_passed": counts.get(PASS, 0),
        "runs_failed": counts.get(FAIL, 0),
        "runs_not_scored": counts.get(NOT_SCORED, 0),
        "runs_error": counts.get(ERROR, 0),
        "breaches": counts.get("breaches", 0),
        **flakiness.as_dict(),
        "pass_rate_display": _number(flakiness.pass_rate, suffix="%"),
        "pass_k_display": _number(flakiness.pass_k, suffix="%"),
        "flakiness_summary": flakiness.summary,
        "attempts": [_attempt(a) for a in runs],
    }


def _add_reviews(run: EvaluationRun, attempts: list[Attempt], scenarios: list[dict[str, Any]]) -> None:
    """Each attempt's ``review``: what the judge (or the rules) said and the reviewer's verdict when a person agreed
    or overruled (``verdict`` is then the reviewer's); None when nobody reviewed it. One query for the run."""
    states = review_states_for_run(run=run, attempts=attempts)
    by_key = {(a.scenario_key, a.repeat): states[a.pk] for a in attempts}
    for scenario in scenarios:
        for shown in scenario["attempts"]:
            state = by_key.get((scenario["key"], shown["repeat"]))
            last = state.last if state is not None and state.reviewed else None
            shown["review"] = None if last is None else {
                "judge_verdict": state.judge_verdict,  # type: ignore[union-attr]
                "reviewer_verdict": last.human_verdict,
                "action": last.action,
                "rule_dispute": last.is_rule_dispute,
                "reason": last.reason,
                "by": last.created_by_name,
                "at": last.created_at,
            }  # fmt: skip


def _attempt(attempt: Attempt) -> dict[str, Any]:
    return {
        "repeat": attempt.repeat,
        "verdict": attempt.verdict,
        "verdict_label": _label(Verdict, attempt.verdict),
        "score": attempt.score,
        "score_display": _number(attempt.score),
        "rationale": attempt.rationale,
        "transcript": [
            {
                "role": str(turn.get("role", "")),
                "role_label": ROLE_LABELS.get(str(turn.get("role", "")), str(turn.get("role", "")).title()),
                "content": str(turn.get("content", "")),
            }
            for turn in attempt.transcript or []
            if isinstance(turn, dict)
        ],
        "tool_calls": [
            {**_tool_call(call), **tool_call_view(call, number, attempt.rule_findings or [])}
            for number, call in enumerate((c for c in attempt.tool_calls or [] if isinstance(c, dict)), 1)
        ],
        "rule_findings": [
            {
                "rule": str(f.get("rule", "")),
                "passed": bool(f.get("passed")),
                "hard": bool(f.get("hard")),
                "message": str(f.get("message", "")),
            }
            for f in attempt.rule_findings or []
            if isinstance(f, dict)
        ],
        "latency_ms": attempt.latency_ms,
        "latency_display": _number(attempt.latency_ms, suffix=" ms"),
        "is_refusal": attempt.is_refusal,
        "is_breach": attempt.is_breach,
        "error_kind": attempt.error_kind,
        "error_message": attempt.error_message,
        "judge_model": attempt.judge_model,
        "judge_prompt_version": attempt.judge_prompt_version,
        "judge_strictness": attempt.judge_strictness,
        "judge_dimensions": [
            {"name": name.title(), "score": _number(value)} for name, value in (attempt.judge_dimensions or {}).items()
        ],
        "started_at": attempt.started_at,
        "finished_at": attempt.finished_at,
    }


def _tool_call(call: dict[str, Any]) -> dict[str, Any]:
    arguments = call.get("arguments")
    return {"name": str(call.get("name", "")), "arguments": arguments, "arguments_display": _json_text(arguments)}


def _expected_tool_call(expected: ExpectedToolCall | None) -> dict[str, Any] | None:
    if expected is None:
        return None
    return {
        "name": expected.name,
        "arguments": expected.arguments,
        "arguments_display": [
            {"name": name, "matcher": _matcher_text(matcher)} for name, matcher in sorted(expected.arguments.items())
        ],
    }


# ---------------------------------------------------------------------------------------------- JSON


def report_json(run: EvaluationRun, attempts: Iterable[Attempt]) -> dict[str, Any]:
    """The report as plain JSON types (datetimes become ISO 8601 strings). Holds no secret: only the masked key."""
    report = report_data(run, attempts)
    return {"format": "trustgate.run-report", "version": 1, **_jsonable(report), "gate": _gate_json(run, report)}


def _gate_json(run: EvaluationRun, report: dict[str, Any]) -> dict[str, Any] | None:
    """The release gate against the pinned baseline (SPEC §6) with the drift section's flaky scenarios; null while
    the run is still going."""
    if run.is_active:
        return None
    from evaluations.gate.selectors import baseline_for_run
    from evaluations.gate.services import gate_json, run_gate  # reads the baseline; scipy only when comparing

    data = gate_json(run_gate(run=run))
    data["flaky_scenarios"] = flaky_drift(run=run, report=report, baseline=baseline_for_run(run=run))
    return _jsonable(data)


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    return value


# ---------------------------------------------------------------------------------------------- helpers


def _number(value: float | int | None, *, suffix: str = "") -> str:
    if value is None:
        return EMPTY
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"{value}{suffix}"


def seconds_between(start: dt.datetime | None, end: dt.datetime | None) -> float | None:
    if start is None or end is None:
        return None
    return max((end - start).total_seconds(), 0.0)


def _label(choices: Any, value: str) -> str:
    return str(choices(value).label) if value in choices.values else value


def _json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
