"""The tool-call rules: expected calls (in order or in any order), calls that must not happen, a call limit.

An expected call is met by a call with its name whose arguments satisfy every matcher (extra arguments are
fine). In order: the expected calls appear as a subsequence of the calls made (other calls may come between);
in any order: each expected call is met by a different call. A forbidden call is one with its name whose
arguments satisfy its matchers (no matchers: any call of that name). Each check is one hard finding.

The regex matchers of one scenario share one pattern time limit (docs/scoring.md#pattern-time-limit): a pattern
that runs out of it ends the tool-call checks with one failing finding that says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from evaluations.connectors.base import ToolCall
from evaluations.core.patterns import PatternBudget, PatternTimeout
from evaluations.core.specs import ExpectedToolCall, ScenarioSpec, ToolOrder
from evaluations.scoring.rules.findings import RULE_TOOL_CALL, RuleFinding
from evaluations.scoring.rules.matchers import describe_matcher, matcher_holds, show, validate_matcher


def describe_call(expected: ExpectedToolCall) -> str:
    """``issue_refund(amount=30 ± 0.5, reason=any value)``: how a check reads in messages and the report."""
    wanted = ", ".join(f"{arg}={describe_matcher(m)}" for arg, m in expected.arguments.items())
    return f"{expected.name}({wanted})"


def show_call(call: ToolCall) -> str:
    arguments = call.arguments if isinstance(call.arguments, dict) else {}
    return f"{call.name}(" + ", ".join(f"{k}={show(v)}" for k, v in arguments.items()) + ")"


def _failures(expected: ExpectedToolCall, call: ToolCall, budget: PatternBudget) -> list[str] | None:
    """None when ``call`` has another name; else the arguments that do not match (empty: it matches)."""
    if call.name.strip() != expected.name.strip():
        return None
    arguments: dict[str, Any] = call.arguments if isinstance(call.arguments, dict) else {}
    failures = []
    for arg, matcher in expected.arguments.items():
        if not matcher_holds(matcher, arguments, arg, budget=budget):
            got = show(arguments[arg]) if arg in arguments else "missing"
            failures.append(f"{arg}: expected {describe_matcher(matcher)}, got {got}")
    return failures


def _matches(expected: ExpectedToolCall, call: ToolCall, budget: PatternBudget) -> bool:
    return _failures(expected, call, budget) == []


def _miss(
    expected: ExpectedToolCall, calls: Sequence[ToolCall], budget: PatternBudget, prefix: str = ""
) -> RuleFinding:
    """The failing finding for an expected call nothing met, naming the nearest call of that name."""
    wanted = describe_call(expected)
    near = [(f, c) for c in calls if (f := _failures(expected, c, budget)) is not None]
    if not near:
        made = ", ".join(sorted({call.name for call in calls})) or "none"
        message = f"{prefix}Expected tool call {wanted}; got no call to {expected.name} (tool calls made: {made})."
        return RuleFinding(RULE_TOOL_CALL, False, True, message)
    failures, call = min(near, key=lambda pair: len(pair[0]))
    if not failures:  # a matching call exists, but it was used up by an earlier expected call or came too early
        message = f"{prefix}Expected tool call {wanted} after the calls before it; got {show_call(call)} too early."
        return RuleFinding(RULE_TOOL_CALL, False, True, message)
    detail = "; ".join(failures)
    message = f"{prefix}Expected tool call {wanted}; got {show_call(call)} - {detail}."
    return RuleFinding(RULE_TOOL_CALL, False, True, message)


def _assign_any_order(
    expected: Sequence[ExpectedToolCall], calls: Sequence[ToolCall], budget: PatternBudget
) -> list[int | None]:
    """For each expected call, the index of a distinct call meeting it (a maximum matching), or None."""
    owner: dict[int, int] = {}  # call index -> expected index

    def place(e: int, seen: set[int]) -> bool:
        for c, call in enumerate(calls):
            if c in seen or not _matches(expected[e], call, budget):
                continue
            seen.add(c)
            if c not in owner or place(owner[c], seen):
                owner[c] = e
                return True
        return False

    for e in range(len(expected)):
        place(e, set())
    chosen: list[int | None] = [None] * len(expected)
    for c, e in owner.items():
        chosen[e] = c
    return chosen


def _check_expected(scenario: ScenarioSpec, calls: Sequence[ToolCall], budget: PatternBudget) -> list[RuleFinding]:
    expected = scenario.expected_tool_calls
    several = len(expected) > 1
    findings: list[RuleFinding] = []
    if scenario.tool_order == ToolOrder.ANY_ORDER or not several:
        for number, (call_index, wanted) in enumerate(
            zip(_assign_any_order(expected, calls, budget), expected, strict=True), 1
        ):
            prefix = f"Expected call {number} of {len(expected)} (any order): " if several else ""
            if call_index is None:
                findings.append(_miss(wanted, calls, budget, prefix))
            else:
                message = f"{prefix}Tool call {show_call(calls[call_index])} matches {describe_call(wanted)}."
                findings.append(RuleFinding(RULE_TOOL_CALL, True, True, message))
        return findings
    position = 0
    for number, wanted in enumerate(expected, 1):
        prefix = f"Expected call {number} of {len(expected)} (in order): "
        found = next((i for i in range(position, len(calls)) if _matches(wanted, calls[i], budget)), None)
        if found is None:
            findings.append(_miss(wanted, calls, budget, prefix))
            continue
        message = f"{prefix}Tool call {show_call(calls[found])} matches {describe_call(wanted)}."
        findings.append(RuleFinding(RULE_TOOL_CALL, True, True, message))
        position = found + 1
    return findings


def _check_call_matchers(
    scenario: ScenarioSpec, tool_calls: Sequence[ToolCall], budget: PatternBudget
) -> list[RuleFinding]:
    findings = _check_expected(scenario, tool_calls, budget) if scenario.expected_tool_calls else []
    for forbidden in scenario.forbidden_tool_calls:
        hits = [call for call in tool_calls if _matches(forbidden, call, budget)]
        what = describe_call(forbidden) if forbidden.arguments else forbidden.name
        if hits:
            message = f"Forbidden tool call {what} was made: {show_call(hits[0])}."
            findings.append(RuleFinding(RULE_TOOL_CALL, False, True, message))
        else:
            findings.append(RuleFinding(RULE_TOOL_CALL, True, True, f"Forbidden tool call {what} was not made."))
    return findings


def check_tool_calls(scenario: ScenarioSpec, tool_calls: Sequence[ToolCall]) -> list[RuleFinding]:
    """The findings for the scenario's tool-call checks (none when it has none).

    Raises ``MatcherError`` when a matcher is malformed.
    """
    for check in (*scenario.expected_tool_calls, *scenario.forbidden_tool_calls):
        for matcher in check.arguments.values():
            validate_matcher(matcher)
    budget = PatternBudget()
    try:
        findings = _check_call_matchers(scenario, tool_calls, budget)
    except PatternTimeout as timeout:
        findings = [
            RuleFinding(
                RULE_TOOL_CALL, False, True, f"The tool-call checks were stopped: {timeout.reason}; simplify it."
            )
        ]
    limit = scenario.max_tool_calls
    if limit is not None:
        count = len(tool_calls)
        passed = count <= limit
        verb = "within" if passed else "over"
        message = f"{count} tool call{'s' if count != 1 else ''} made, {verb} the limit of {limit}."
        findings.append(RuleFinding(RULE_TOOL_CALL, passed, True, message))
    return findings
