"""The tool-call rule: some call with the expected name must satisfy every argument matcher."""

from __future__ import annotations

from collections.abc import Sequence

from evaluations.connectors.base import ToolCall
from evaluations.scoring.rules.findings import RULE_TOOL_CALL, RuleFinding
from evaluations.scoring.rules.matchers import describe_matcher, matcher_holds, show, validate_matcher
from evaluations.specs import ScenarioSpec


def check_tool_call(scenario: ScenarioSpec, tool_calls: Sequence[ToolCall]) -> RuleFinding | None:
    """The finding for the expected tool call (None when there is none); raises ``MatcherError`` when malformed."""
    expected = scenario.expected_tool_call
    if expected is None:
        return None
    for matcher in expected.arguments.values():
        validate_matcher(matcher)
    wanted = ", ".join(f"{arg}={describe_matcher(m)}" for arg, m in expected.arguments.items())
    wanted = f"{expected.name}({wanted})"
    same_name = [call for call in tool_calls if call.name.strip() == expected.name.strip()]
    if not same_name:
        made = ", ".join(sorted({call.name for call in tool_calls})) or "none"
        return RuleFinding(
            RULE_TOOL_CALL,
            False,
            True,
            f"Expected tool call {wanted}; got no call to {expected.name} (tool calls made: {made}).",
        )
    best: tuple[int, ToolCall, list[str]] | None = None
    for call in same_name:
        arguments = call.arguments if isinstance(call.arguments, dict) else {}
        failures = []
        for arg, matcher in expected.arguments.items():
            if not matcher_holds(matcher, arguments, arg):
                got = show(arguments[arg]) if arg in arguments else "missing"
                failures.append(f"{arg}: expected {describe_matcher(matcher)}, got {got}")
        if not failures:
            actual = ", ".join(f"{k}={show(v)}" for k, v in arguments.items())
            return RuleFinding(RULE_TOOL_CALL, True, True, f"Tool call {expected.name}({actual}) matches {wanted}.")
        if best is None or len(failures) < best[0]:
            best = (len(failures), call, failures)
    assert best is not None
    _, call, failures = best
    actual = ", ".join(f"{k}={show(v)}" for k, v in (call.arguments or {}).items())
    return RuleFinding(
        RULE_TOOL_CALL,
        False,
        True,
        f"Expected tool call {wanted}; got {call.name}({actual}) - " + "; ".join(failures) + ".",
    )
