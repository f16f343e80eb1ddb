"""The report with every conversation: ``report_data`` (what ``junit.py`` renders and the CI API reads),
``report_json`` (the JSON download) and ``attempt_view`` (one conversation as the page shows it on demand).

Pure apart from reading the run's own fields and its credit entries (one query): callers pass the run and its
attempts (fetched with one query by ``selectors.attempts_for_run``). Nothing here touches ``RunSecret`` or the agent snapshot (its extra headers may
carry credentials); transcripts and rationales were masked when the attempts were written.
"""

from __future__ import annotations

import datetime as dt
import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from evaluations.core.specs import ExpectedToolCall, ScenarioSpec
from evaluations.gate.changes import change_of, changes_fields
from evaluations.gate.labels import result_display, run_breaches
from evaluations.gate.records import verdict_record_json, verdict_records_for_run
from evaluations.gate.results import gate_json
from evaluations.gate.selectors import baseline_for_run, run_gate
from evaluations.reports.builders.flaky import flaky_drift
from evaluations.reports.builders.summary import (
    RULES_ONLY_NOTICE,
    coverage_fields,
    label,
    number,
    scenario_counts,
    scenario_rows,
    seconds_between,
    summary_fields,
)
from evaluations.reports.builders.tool_checks import matcher_text as _matcher_text
from evaluations.reports.builders.tool_checks import tool_call_view, tool_check_fields
from evaluations.review.selectors import review_states_for_run
from evaluations.runs.selectors import run_model_usage
from evaluations.runs.unscored import UnscoredCounts
from evaluations.scoring.metrics import compute_metrics
from evaluations.scoring.verdicts import Verdict
from redteam.report import redteam_categories, redteam_findings, redteam_summary

if TYPE_CHECKING:
    from evaluations.runs.models import Attempt, EvaluationRun

__all__ = [
    "RULES_ONLY_NOTICE",
    "add_reviews",
    "attempt_view",
    "report_data",
    "report_json",
    "scenario_detail",
    "seconds_between",
]

ROLE_LABELS = {"user": "User", "assistant": "Agent", "system": "System", "tool": "Tool"}


# ---------------------------------------------------------------------------------------------- report_data


def report_data(run: EvaluationRun, attempts: Iterable[Attempt]) -> dict[str, Any]:
    """Everything the JSON download, the JUnit XML and the CI API show, scenarios in run order, each with every
    attempt (the page reads the same figures from ``summary.py`` without the attempts: ``page.py``).

    While the run has no stored metrics (still active, or it stopped early) the metrics are computed live from
    the attempts so far and ``is_final`` is False.
    """
    specs = [ScenarioSpec.from_dict(data) for data in run.scenarios]
    attempt_list = list(attempts)
    live = compute_metrics(specs, attempt_list)
    summary = run.metrics or live
    stored = summary.get("scenario_results", {})
    results = {spec.key: stored.get(spec.key) or live["scenario_results"][spec.key] for spec in specs}
    by_scenario: dict[str, list[Attempt]] = defaultdict(list)
    for attempt in attempt_list:
        by_scenario[attempt.scenario_key].append(attempt)

    scenarios = []
    for spec, row in zip(specs, scenario_rows(run, {"scenario_results": results}, specs), strict=True):
        runs = sorted(by_scenario.get(spec.key, []), key=lambda a: a.repeat)
        scenarios.append(scenario_detail(spec, row, runs))

    add_reviews(run, attempt_list, scenarios)
    findings = redteam_findings(run, attempt_list)
    fields = summary_fields(run, summary, is_final=bool(run.metrics))
    # the conversations not scored by cause
    fields.update(coverage_fields(run, summary, unscored=UnscoredCounts.of_rows(attempt_list)))
    return {
        "run": fields.pop("run"),
        "redteam": {
            "findings": findings,
            "summary": redteam_summary(findings),
            "categories": redteam_categories(findings),
        }
        if findings
        else None,
        **fields,
        "scenario_counts": scenario_counts(scenarios),
        "scenarios": scenarios,
        "model_usage": run_model_usage(run=run, attempts=attempt_list),
    }


_ROW_HEAD = ("key", "kind", "kind_label", "name", "severity", "severity_label", "owasp_tag")


def scenario_detail(spec: ScenarioSpec, row: dict[str, Any], runs: Sequence[Attempt]) -> dict[str, Any]:
    """The summary's row with what the scenario expected and every attempt (keys in the download's order)."""
    return {
        **{key: row[key] for key in _ROW_HEAD},
        "expected_outcome": spec.expected_outcome,
        "correct_answer": spec.correct_answer,
        "expected_tool_call": _expected_tool_call(spec.expected_tool_call),
        "tool_context": seeded_tool_calls(spec.tool_context),
        **tool_check_fields(spec, runs),
        **{key: value for key, value in row.items() if key not in _ROW_HEAD},
        "attempts": [attempt_view(a) for a in runs],
    }


def add_reviews(run: EvaluationRun, attempts: list[Attempt], scenarios: list[dict[str, Any]]) -> None:
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


_ADAPTIVE_ENDS = {
    "gave_in": "it gave in",
    "turns_bound": "the turn bound was reached without a give-in",
    "calls_bound": "the attacker-call bound was reached without a give-in",
    "messages_bound": "the agent-message bound was reached without a give-in",
    "gave_up": "the attacker gave up",
    "error": "the attacker failed",
}


def _adaptive_view(record: dict[str, Any]) -> dict[str, Any]:
    """An adaptive attack's loop as shown: how it ended, in words, and its branches' turns labelled."""
    branches = [
        {
            "after_turn": branch.get("after_turn"),
            "turns": [
                {
                    "role": str(t.get("role", "")),
                    "role_label": ROLE_LABELS.get(str(t.get("role", "")), ""),
                    "content": str(t.get("content", "")),
                }
                for t in branch.get("turns") or []
                if isinstance(t, dict)
            ],
        }  # fmt: skip
        for branch in record.get("branches") or []
        if isinstance(branch, dict)
    ]
    return {**record, "ended": _ADAPTIVE_ENDS.get(str(record.get("stop", "")), ""), "branches": branches}


def attempt_view(attempt: Attempt) -> dict[str, Any]:
    return {
        "repeat": attempt.repeat,
        "verdict": attempt.verdict,
        "verdict_label": label(Verdict, attempt.verdict),
        "not_scored_cause": attempt.not_scored_cause,  # why a Not scored one was not (docs/runs.md#coverage)
        "score": attempt.score,
        "score_display": number(attempt.score),
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
            {**_tool_call(call), **tool_call_view(call, n, attempt.rule_findings or [])}
            for n, call in enumerate((c for c in attempt.tool_calls or [] if isinstance(c, dict)), 1)
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
        # An adaptive attack: why it ended, the turn it broke at, attacker calls, branches (docs/redteam.md).
        **({"adaptive": _adaptive_view(attempt.adaptive)} if attempt.adaptive else {}),
        "latency_ms": attempt.latency_ms,
        "latency_display": number(attempt.latency_ms, suffix=" ms"),
        "reply_timings": [dict(t) for t in attempt.reply_timings or [] if isinstance(t, dict)],
        "is_refusal": attempt.is_refusal,
        "is_breach": attempt.is_breach,
        "error_kind": attempt.error_kind,
        "error_message": attempt.error_message,
        "judge_model": attempt.judge_model,
        "judge_prompt_version": attempt.judge_prompt_version,
        "judge_strictness": attempt.judge_strictness,
        "judge_dimensions": [
            {"name": name.title(), "score": number(value)} for name, value in (attempt.judge_dimensions or {}).items()
        ],
        "started_at": attempt.started_at,
        "finished_at": attempt.finished_at,
    }


def _tool_call(call: dict[str, Any]) -> dict[str, Any]:
    arguments = call.get("arguments")
    return {"name": str(call.get("name", "")), "arguments": arguments, "arguments_display": _json_text(arguments)}


def seeded_tool_calls(tool_context: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The tool calls and results a conversation was seeded with before its first message (docs/redteam.md, Attacks
    through tool results): what the agent was sent ahead of the transcript's turns."""
    return [
        {
            "name": str(item.get("name", "")),
            "arguments": item.get("arguments") or {},
            "arguments_display": _json_text(item.get("arguments") or {}),
            "result": item.get("result", ""),
            "result_display": item["result"] if isinstance(item.get("result"), str) else _json_text(item.get("result")),
        }
        for item in tool_context
    ]


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
    records = verdict_records_for_run(run_id=run.pk)
    changes = records[0].changes if records else None  # against the baseline at finish, as the CI API says them
    data = _jsonable(report)
    data["scenarios"] = [{**row, "change": change_of(changes, str(row["key"]))} for row in data["scenarios"]]
    names = {str(row["key"]): str(row["name"]) for row in data["scenarios"]}
    return {"format": "trustgate.run-report", "version": 1, **data, "gate": _gate_json(run, report),
            "verdict_record": verdict_record_json(records=records), **changes_fields(changes, scenarios=names)}  # fmt: skip


def _gate_json(run: EvaluationRun, report: dict[str, Any]) -> dict[str, Any] | None:
    """The release gate against the pinned baseline (docs/gate.md) with the drift section's flaky scenarios; null while
    the run is still going."""
    if run.is_active:
        return None
    result = run_gate(run=run)
    data = gate_json(result)
    total, critical = run_breaches(run.metrics, run.scenarios)
    data["display"] = result_display(result, run_id=run.pk, breaches=total, critical=critical)  # as the pages say it
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


def _json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
