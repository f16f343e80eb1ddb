"""Run reports: the page, the JSON download and the JUnit XML download, all built from one ``report_data``.

Pure apart from reading the run's own fields and its credit entries (one query): callers pass the run and its attempts (fetched with one query by
``selectors.attempts_for_run``). Nothing here touches ``RunSecret`` or the agent snapshot (its extra headers may
carry credentials); transcripts and rationales were masked when the attempts were written.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from billing.selectors import run_credits
from evaluations.agents.models import JudgeModel, Strictness
from evaluations.runs.models import Attempt, EvaluationRun, RunStage, RunStatus, Verdict
from evaluations.scoring.metrics import ERROR, FAIL, NOT_SCORED, PASS, compute_metrics
from evaluations.specs import ExpectedToolCall, ScenarioKind, ScenarioSpec
from redteam.report import redteam_findings, redteam_summary

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
# Badge class per run status, so the page reuses the verdict colours (the label is always shown as text too).
# Everything XML 1.0 allows is Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
_XML_FORBIDDEN = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_JUNIT_TEXT_LIMIT = 4000  # per transcript message in a failure body: CI logs, not an archive


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
        scenarios.append(_scenario(spec, counts, runs))

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
        "scenario_counts": {
            status: sum(1 for s in scenarios if s["status"] == status) for status in (PASS, FAIL, NOT_SCORED, ERROR)
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
        "duration_seconds": _seconds(run.started_at, run.finished_at),
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


def _scenario(spec: ScenarioSpec, counts: dict[str, Any], runs: Sequence[Attempt]) -> dict[str, Any]:
    status = counts.get("status", NOT_SCORED)
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
        "status": status,
        "status_label": _label(Verdict, status),
        "runs_passed": counts.get(PASS, 0),
        "runs_failed": counts.get(FAIL, 0),
        "runs_not_scored": counts.get(NOT_SCORED, 0),
        "runs_error": counts.get(ERROR, 0),
        "breaches": counts.get("breaches", 0),
        "attempts": [_attempt(a) for a in runs],
    }


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
        "tool_calls": [_tool_call(call) for call in attempt.tool_calls or [] if isinstance(call, dict)],
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


def _matcher_text(matcher: Any) -> str:
    if not isinstance(matcher, dict):
        return f"= {_json_text(matcher)}"
    kind = matcher.get("kind")
    if kind == "number":
        tolerance = matcher.get("tolerance")
        return f"= {_json_text(matcher.get('value'))}" + (f" ± {_json_text(tolerance)}" if tolerance else "")
    if kind == "one_of":
        return "one of " + ", ".join(_json_text(v) for v in matcher.get("values") or [])
    if kind == "any":
        return "present, any value"
    return f"= {_json_text(matcher.get('value'))}"


# ---------------------------------------------------------------------------------------------- JSON


def report_json(run: EvaluationRun, attempts: Iterable[Attempt]) -> dict[str, Any]:
    """The report as plain JSON types (datetimes become ISO 8601 strings). Holds no secret: only the masked key."""
    data = _jsonable(report_data(run, attempts))
    return {"format": "trustgate.run-report", "version": 1, **data, "gate": _gate_json(run)}


def _gate_json(run: EvaluationRun) -> dict[str, Any] | None:
    """The release gate against the pinned baseline (SPEC §6); null while the run is still going."""
    if run.is_active:
        return None
    from evaluations.gate.services import gate_json, run_gate  # reads the baseline; scipy only when comparing

    return _jsonable(gate_json(run_gate(run=run)))


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    return value


# ---------------------------------------------------------------------------------------------- JUnit XML


def report_junit_xml(run: EvaluationRun, attempts: Iterable[Attempt], *, report_url: str = "") -> bytes:
    """JUnit XML (Ant schema): one testsuite for the run, one testcase per scenario.

    A failed scenario has a ``<failure>`` with the failed runs' rationale and final exchange, a scenario whose
    every run errored an ``<error>``, and a scenario with no scored run a ``<skipped>``.
    """
    report = report_data(run, attempts)
    info = report["run"]
    counts = report["scenario_counts"]
    suite_label = info["suite_name"] + (f" v{info['suite_version']}" if info["suite_version"] else "")
    started = info["started_at"] or info["created_at"]
    testcases = [_testcase(s) for s in report["scenarios"]]
    total_time = info["duration_seconds"]
    if total_time is None:
        total_time = sum(float(tc.get("time", "0")) for tc in testcases)

    root = ET.Element(
        "testsuite",
        {
            "name": _xml_text(f"Trustgate · {info['agent_name']}" + (f" · {suite_label}" if suite_label else "")),
            "timestamp": started.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S"),
            "hostname": "trustgate",
            "tests": str(len(testcases)),
            "failures": str(counts[FAIL]),
            "errors": str(counts[ERROR]),
            "skipped": str(counts[NOT_SCORED]),
            "time": f"{total_time:.3f}",
        },
    )
    properties = ET.SubElement(root, "properties")
    props = {
        "run_id": str(info["id"]),
        "trust_score": "" if report["trust_score"] is None else str(report["trust_score"]),
        "status": info["status"],
        "agent": info["agent_name"],
        "suite": suite_label,
        "judge_model": info["judge_model"],
        "judge_strictness": info["judge_strictness"],
        "breaches": str(report["breaches"]),
        "report_url": report_url,
    }
    for name, value in props.items():
        ET.SubElement(properties, "property", {"name": name, "value": _xml_text(value)})
    root.extend(testcases)
    ET.SubElement(root, "system-out").text = _xml_text(_summary_text(report))
    ET.SubElement(root, "system-err").text = _xml_text(info["error_message"])
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def _testcase(scenario: dict[str, Any]) -> ET.Element:
    seconds = sum(_seconds(a["started_at"], a["finished_at"]) or 0.0 for a in scenario["attempts"])
    case = ET.Element(
        "testcase",
        {"classname": _xml_text(scenario["kind"]), "name": _xml_text(scenario["name"]), "time": f"{seconds:.3f}"},
    )
    status, attempts = scenario["status"], scenario["attempts"]
    if status == FAIL:
        failed = [a for a in attempts if a["verdict"] == FAIL]
        scored = scenario["runs_passed"] + scenario["runs_failed"]
        first = failed[0]["rationale"] if failed else ""
        message = f"{len(failed)} of {scored} scored runs failed" + (f": {first}" if first else ".")
        element = ET.SubElement(case, "failure", {"message": _xml_text(message), "type": "fail"})
        element.text = _xml_text("\n\n".join(_attempt_text(a) for a in failed))
    elif status == ERROR:
        first = attempts[0]["error_message"] if attempts else ""
        message = "Every run errored (the agent gave no reply)" + (f": {first}" if first else ".")
        element = ET.SubElement(case, "error", {"message": _xml_text(message), "type": "agent_error"})
        element.text = _xml_text(
            "\n".join(f"Run {a['repeat']}: {a['error_kind']} {a['error_message']}".strip() for a in attempts)
        )
    elif status == NOT_SCORED:
        reasons = sorted({a["rationale"] for a in attempts if a["verdict"] == NOT_SCORED and a["rationale"]})
        message = "Not scored: no run of this scenario could be scored" + (f". {reasons[0]}" if reasons else ".")
        element = ET.SubElement(case, "skipped", {"message": _xml_text(message)})
        element.text = _xml_text("\n".join(reasons))
    return case


def _attempt_text(attempt: dict[str, Any]) -> str:
    lines = [f"Run {attempt['repeat']}: {attempt['verdict_label']}", f"Rationale: {attempt['rationale']}"]
    for finding in attempt["rule_findings"]:
        if not finding["passed"]:
            lines.append(f"Rule {finding['rule']} failed: {finding['message']}")
    for turn in attempt["transcript"][-2:]:
        lines.append(f"{turn['role_label']}: {_clip(turn['content'])}")
    for call in attempt["tool_calls"]:
        lines.append(f"Tool call: {call['name']} {call['arguments_display']}")
    return "\n".join(lines)


def _summary_text(report: dict[str, Any]) -> str:
    counts = report["scenario_counts"]
    return (
        f"Trust score: {report['trust_score_display']}\n"
        f"Scenarios: {len(report['scenarios'])} ({counts[PASS]} passed, {counts[FAIL]} failed, "
        f"{counts[ERROR]} errored, {counts[NOT_SCORED]} not scored)\n"
        f"Breaches: {report['breaches']}\n"
        + (f"{report['run']['rules_only_notice']}\n" if report["run"]["rules_only_notice"] else "")
    )


# ---------------------------------------------------------------------------------------------- helpers


def _xml_text(value: Any) -> str:
    """Text XML 1.0 can carry: control characters and lone surrogates are dropped (ElementTree escapes the rest)."""
    return _XML_FORBIDDEN.sub("", "" if value is None else str(value))


def _clip(text: str) -> str:
    return text if len(text) <= _JUNIT_TEXT_LIMIT else text[:_JUNIT_TEXT_LIMIT] + " […]"


def _number(value: float | int | None, *, suffix: str = "") -> str:
    if value is None:
        return EMPTY
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"{value}{suffix}"


def _seconds(start: dt.datetime | None, end: dt.datetime | None) -> float | None:
    if start is None or end is None:
        return None
    return max((end - start).total_seconds(), 0.0)


def _label(choices: Any, value: str) -> str:
    return str(choices(value).label) if value in choices.values else value


def _json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
