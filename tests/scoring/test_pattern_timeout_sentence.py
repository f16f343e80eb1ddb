"""A pattern that hits its time limit says so in the finding (docs/scoring.md#pattern-time-limit): every place a
``PatternTimeout`` is caught carries "the pattern took longer than 0.1 s on this reply"."""

from __future__ import annotations

from typing import Any

from evaluations.connectors.base import ToolCall
from evaluations.core.specs import ExpectedToolCall, ScenarioKind, ScenarioSpec
from evaluations.monitors.rules import AnswerContext, evaluate
from evaluations.scoring.rules.tools import check_tool_calls

SLOW = "^(a|aa)+$"
TEXT = "a" * 30 + "b"
SENTENCE = "the pattern took longer than 0.1 s on this reply"


def test_a_tool_call_matcher_that_times_out_says_so() -> None:
    scenario = ScenarioSpec(
        key="s1", kind=ScenarioKind.TOOL_CALLS, name="Lookup", turns=("Where is my order?",),
        expected_tool_calls=(ExpectedToolCall("lookup_order", {"order_id": {"kind": "regex", "pattern": SLOW}}),),
    )  # fmt: skip
    findings = check_tool_calls(scenario, [ToolCall(name="lookup_order", arguments={"order_id": TEXT})])
    (failed,) = [f for f in findings if not f.passed]
    assert failed.hard and SENTENCE in failed.message and SLOW in failed.message


def test_a_monitor_regex_rule_and_a_schema_pattern_that_time_out_say_so() -> None:
    context = AnswerContext(ask="?")
    rules: list[dict[str, Any]] = [
        {"rule": "regex", "pattern": SLOW},
        {"rule": "json_schema", "schema": {"type": "string", "pattern": SLOW}},
    ]
    for rule, answer in zip(rules, [TEXT, f'"{TEXT}"'], strict=True):
        (result,) = evaluate([rule], answer=answer, latency_ms=1, context=context).results
        assert not result.passed and SENTENCE in result.message, result.message
