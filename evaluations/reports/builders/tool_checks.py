"""The report's tool-call and secret-marker view of a scenario: what was expected (several calls, their order,
calls that must not happen, the call limit, phrase scopes) and, per run, each actual call with its result and the
findings about it. Read by ``data`` for the page, the JSON download and the CI API's scenario results."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol

from evaluations.core.specs import ExpectedToolCall, PhraseScope, ScenarioSpec, ToolOrder
from evaluations.scoring.rules import RULE_MARKER, RULE_TOOL_CALL, describe_matcher

ORDER_LABELS = {ToolOrder.IN_ORDER: "in this order", ToolOrder.ANY_ORDER: "in any order"}
SCOPE_LABELS = {PhraseScope.ANY_REPLY: "any reply", PhraseScope.FINAL_REPLY: "the final reply only"}


def _json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def matcher_text(matcher: Any) -> str:
    """How the report shows an argument matcher: ``= "A-1001"``, ``= 30 ± 0.5``, ``matching /^NW-/``."""
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
    if kind in ("regex", "contains"):
        return describe_matcher(matcher)
    return f"= {_json_text(matcher.get('value'))}"


def call_text(call: ExpectedToolCall) -> str:
    """``lookup_order(order_id = "A-1001")``: an expected (or forbidden) call as the report shows it."""
    return f"{call.name}(" + ", ".join(f"{a} {matcher_text(m)}" for a, m in sorted(call.arguments.items())) + ")"


class WithFindings(Protocol):
    rule_findings: Any


def tool_check_fields(spec: ScenarioSpec, runs: Sequence[WithFindings]) -> dict[str, Any]:
    """The scenario's expected-vs-actual fields (added to each scenario of ``report_data`` and ``run_results``),
    from its attempts' rule findings: an ``Attempt`` or a light row of one."""
    failed_checks: list[str] = []
    leaks = 0
    for attempt in runs:
        findings = [f for f in attempt.rule_findings or [] if isinstance(f, dict) and not f.get("passed")]
        leaks += any(f.get("rule") == RULE_MARKER for f in findings)
        for f in findings:
            message = str(f.get("message", ""))
            if f.get("rule") in (RULE_TOOL_CALL, RULE_MARKER) and message not in failed_checks:
                failed_checks.append(message)
    return {
        "tool_checks": {
            "expected": [call_text(call) for call in spec.expected_tool_calls],
            "order": spec.tool_order.value,
            "order_label": ORDER_LABELS[spec.tool_order],
            "forbidden": [call_text(c) if c.arguments else c.name for c in spec.forbidden_tool_calls],
            "max_calls": spec.max_tool_calls,
        },
        "required_scope_label": SCOPE_LABELS[spec.required_scope],
        "forbidden_scope_label": SCOPE_LABELS[spec.forbidden_scope],
        "has_tool_checks": spec.has_tool_checks,
        "secret_marker_leaks": leaks,
        "failed_checks": failed_checks,
    }


def tool_call_view(call: dict[str, Any], number: int, findings: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One actual call: its result when the agent reported one, and the findings that name it ("Tool call 2 …")."""
    result = call.get("result")
    own = [
        {"rule": str(f.get("rule", "")), "passed": bool(f.get("passed")), "message": str(f.get("message", ""))}
        for f in findings
        if isinstance(f, dict)
        and str(f.get("message", "")).startswith((f"Tool call {number} ", f"Tool call {number}'s "))
    ]
    return {
        "number": number,
        "result": result,
        "result_display": "" if result is None else json.dumps(result, ensure_ascii=False, default=str),
        "findings": own,
    }
