"""The report as JUnit XML (Ant schema) for CI: one testsuite for the run, one testcase per scenario, built from
``report_data`` like the page and the JSON."""

from __future__ import annotations

import datetime as dt
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from evaluations.reports.builders.data import report_data, seconds_between
from evaluations.scoring.flakiness import FLAKY
from evaluations.scoring.metrics import ERROR, FAIL, NOT_SCORED, PASS

if TYPE_CHECKING:
    from evaluations.runs.models import Attempt, EvaluationRun

# Everything XML 1.0 allows is Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
_XML_FORBIDDEN = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_JUNIT_TEXT_LIMIT = 4000  # per transcript message in a failure body: CI logs, not an archive


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
        "runs_per_scenario": str(info["runs_per_scenario"]),
        "flaky_scenarios": str(counts[FLAKY]),
        "report_url": report_url,
    }
    for name, value in props.items():
        ET.SubElement(properties, "property", {"name": name, "value": _xml_text(value)})
    # A testcase may carry no properties in the Ant schema: each flaky scenario is named here, and its
    # <failure type="flaky"> says the same in the test case itself.
    for scenario in report["scenarios"]:
        if scenario["is_flaky"]:
            ET.SubElement(properties, "property", {"name": "flaky", "value": _xml_text(scenario["name"])})
    root.extend(testcases)
    ET.SubElement(root, "system-out").text = _xml_text(_summary_text(report))
    ET.SubElement(root, "system-err").text = _xml_text(info["error_message"])
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def _testcase(scenario: dict[str, Any]) -> ET.Element:
    seconds = sum(seconds_between(a["started_at"], a["finished_at"]) or 0.0 for a in scenario["attempts"])
    case = ET.Element(
        "testcase",
        {"classname": _xml_text(scenario["kind"]), "name": _xml_text(scenario["name"]), "time": f"{seconds:.3f}"},
    )
    status, attempts = scenario["status"], scenario["attempts"]
    if status == FAIL:
        failed = [a for a in attempts if a["verdict"] == FAIL]
        first = failed[0]["rationale"] if failed else ""
        # The failure type tells a flaky scenario (some runs passed) from one that fails every time.
        message = scenario["flakiness_summary"] + (f" First failure: {first}" if first else "")
        kind = "flaky" if scenario["is_flaky"] else "fail"
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
