"""The report as JUnit XML (Ant schema) for CI: one testsuite for the run, a gate testcase and one testcase per
scenario, built from ``report_data`` like the page and the JSON (docs/ci.md#junit-xml)."""

from __future__ import annotations

import datetime as dt
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from evaluations.gate.changes import change_of
from evaluations.gate.records import verdict_records_for_run
from evaluations.gate.results import BLOCKED, NO_BASELINE, NOT_COMPARABLE, STATE_LABELS
from evaluations.gate.selectors import run_gate
from evaluations.reports.builders.changes import REGRESSIONS
from evaluations.reports.builders.data import report_data, seconds_between
from evaluations.runs.choices import RunStatus
from evaluations.scoring.flakiness import FLAKY
from evaluations.scoring.metrics import ERROR, FAIL, NOT_SCORED, PASS

if TYPE_CHECKING:
    from evaluations.gate.models import GateVerdictRecord
    from evaluations.runs.models import Attempt, EvaluationRun

# Everything XML 1.0 allows is Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
_XML_FORBIDDEN = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_JUNIT_TEXT_LIMIT = 4000  # per transcript message in a failure body: CI logs, not an archive


def report_junit_xml(run: EvaluationRun, attempts: Iterable[Attempt], *, report_url: str = "") -> bytes:
    """JUnit XML (Ant schema): one testsuite for the run, a ``gate`` testcase, then one testcase per scenario
    (docs/ci.md#junit-xml).

    The gate case fails with the gate's reasons when the gate at finish blocked, could not compare the run, or found
    no baseline under ``fail_on_no_baseline``. A failed scenario has a ``<failure>`` (type ``regression`` against
    the baseline, else ``fail``) with the failed runs' rationale and final exchange, a scenario whose every run
    errored an ``<error>``, and a scenario with no scored run a ``<skipped>``.
    """
    report = report_data(run, attempts)
    info = report["run"]
    counts = report["scenario_counts"]
    suite_label = info["suite_name"] + (f" v{info['suite_version']}" if info["suite_version"] else "")
    started = info["started_at"] or info["created_at"]
    records = verdict_records_for_run(run_id=run.pk)
    changes = records[0].changes if records else None  # against the baseline at finish, as the CI API says them
    gate_case = _gate_testcase(run, records[0] if records else None)
    testcases = [gate_case, *(_testcase(s, change_of(changes, str(s["key"]))) for s in report["scenarios"])]
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
            "failures": str(counts[FAIL] + (gate_case.find("failure") is not None)),
            "errors": str(counts[ERROR] + (gate_case.find("error") is not None)),
            "skipped": str(counts[NOT_SCORED] + (gate_case.find("skipped") is not None)),
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
        "runs_per_scenario": str(info["runs_per_scenario"]),
        "flaky_scenarios": str(counts[FLAKY]),
        "report_url": report_url,
    }
    for name, value in props.items():
        ET.SubElement(properties, "property", {"name": name, "value": _xml_text(value)})
    # A testcase may carry no properties in the Ant schema: each flaky scenario (some runs passed, some failed) is
    # named here; its <failure>, a failure whatever its flakiness, says so in its message.
    for scenario in report["scenarios"]:
        if scenario["is_flaky"]:
            ET.SubElement(properties, "property", {"name": "flaky", "value": _xml_text(scenario["name"])})
    root.extend(testcases)
    ET.SubElement(root, "system-out").text = _xml_text(_summary_text(report))
    ET.SubElement(root, "system-err").text = _xml_text(info["error_message"])
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def _gate_testcase(run: EvaluationRun, record: GateVerdictRecord | None) -> ET.Element:
    """The release gate as a test case: the gate at finish (revision 1 of the verdict record), as the CI API says it;
    the gate now for a finished run recorded before records existed."""
    case = ET.Element("testcase", {"classname": "trustgate", "name": "gate", "time": "0.000"})
    if run.is_active:
        ET.SubElement(case, "skipped", {"message": "The run has not finished: the gate decides when it does."})
        return case
    if run.status != RunStatus.SUCCEEDED:
        ended = "was cancelled" if run.status == RunStatus.CANCELLED else "failed"
        message = f"The run {ended}, so the gate could not decide: {run.error_message}".rstrip(": ")
        ET.SubElement(case, "error", {"message": _xml_text(message), "type": "run_error"})
        return case
    if record is not None:
        state, reasons = record.state, [str(r) for r in (record.gate or {}).get("reasons") or ()]
    else:
        result = run_gate(run=run)
        state, reasons = result.state, list(result.reasons)
    failing = state in (BLOCKED, NOT_COMPARABLE) or (
        state == NO_BASELINE and run.settings.gate_options.fail_on_no_baseline
    )
    if failing:  # a passing gate case has no child: the Ant schema allows no output in a test case
        label = STATE_LABELS.get(state, state)
        element = ET.SubElement(
            case, "failure", {"message": _xml_text(f"{label}: {' '.join(reasons)}".strip(": ")), "type": state}
        )
        element.text = _xml_text("\n".join(reasons))
    return case


def _testcase(scenario: dict[str, Any], change: str | None = None) -> ET.Element:
    seconds = sum(seconds_between(a["started_at"], a["finished_at"]) or 0.0 for a in scenario["attempts"])
    case = ET.Element(
        "testcase",
        {"classname": _xml_text(scenario["kind"]), "name": _xml_text(scenario["name"]), "time": f"{seconds:.3f}"},
    )
    status, attempts = scenario["status"], scenario["attempts"]
    if status == FAIL:
        failed = [a for a in attempts if a["verdict"] == FAIL]
        first = failed[0]["rationale"] if failed else ""
        # A regression against the baseline at finish is typed so; a flaky scenario is a failure all the same (a
        # tool that reads type="flaky" as a pass would hide it), named in the suite's properties.
        message = scenario["flakiness_summary"] + (f" First failure: {first}" if first else "")
        kind = "regression" if change in REGRESSIONS else "fail"
        element = ET.SubElement(case, "failure", {"message": _xml_text(message), "type": kind})
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
        f"Trust score: {report['trust_score_display']}{' / 100' if report['trust_score'] is not None else ''}\n"
        f"Scenarios: {len(report['scenarios'])} ({counts[PASS]} passed, {counts[FAIL]} failed, "
        f"{counts[ERROR]} errored, {counts[NOT_SCORED]} not scored)\n"
        f"Flaky scenarios (some runs passed, some failed): {counts[FLAKY]}\n"
        + "".join(f"  {s['name']}: {s['flakiness_summary']}\n" for s in report["scenarios"] if s["is_flaky"])
        + f"Breaches: {report['breaches']}\n"
        + (f"{report['run']['rules_only_notice']}\n" if report["run"]["rules_only_notice"] else "")
    )


def _xml_text(value: Any) -> str:
    """Text XML 1.0 can carry: control characters and lone surrogates are dropped (ElementTree escapes the rest)."""
    return _XML_FORBIDDEN.sub("", "" if value is None else str(value))


def _clip(text: str) -> str:
    return text if len(text) <= _JUNIT_TEXT_LIMIT else text[:_JUNIT_TEXT_LIMIT] + " […]"
