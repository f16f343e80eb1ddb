"""What a scenario proposal looks like: the kinds Generate new writes and how many of each, the limits on every
field, and the JSON schema of the forced ``propose_scenarios`` tool call (shared with the change check)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from evaluations.core.specs import MatcherKind, ScenarioKind, Severity, ToolOrder
from evaluations.llm.clients import ToolSpec

PROPOSE_SCENARIOS = "propose_scenarios"
GENERATED_KINDS = (ScenarioKind.ACCURACY, ScenarioKind.GUARDRAILS, ScenarioKind.TOOL_CALLS, ScenarioKind.PII)
DEFAULT_COUNTS: dict[str, int] = {
    ScenarioKind.ACCURACY: 8,
    ScenarioKind.GUARDRAILS: 6,
    ScenarioKind.TOOL_CALLS: 5,
    ScenarioKind.PII: 4,
}
KIND_LABELS: dict[str, str] = {
    ScenarioKind.ACCURACY: "response accuracy",
    ScenarioKind.GUARDRAILS: "guardrail",
    ScenarioKind.TOOL_CALLS: "tool-call",
    ScenarioKind.PII: "PII protection",
    ScenarioKind.CUSTOM: "test case",
}
DEFAULT_SEVERITY: dict[str, Severity] = {
    ScenarioKind.ACCURACY: Severity.MEDIUM,
    ScenarioKind.GUARDRAILS: Severity.HIGH,
    ScenarioKind.TOOL_CALLS: Severity.MEDIUM,
    ScenarioKind.PII: Severity.HIGH,
    ScenarioKind.CUSTOM: Severity.MEDIUM,
}

NAME_LIMIT = 200
TURN_LIMIT = 2000
MAX_TURNS_PER_SCENARIO = 4
TEXT_LIMIT = 2000
PHRASE_LIMIT = 100
MAX_PHRASES = 5
MAX_EXPECTED_CALLS = 5


def _call_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "arguments": {"type": "object", "additionalProperties": _matcher_schema()},
        },
        "required": ["name", "arguments"],
    }


def _matcher_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "description": (
            'How to check one argument: {"kind": "exact", "value": <JSON>}, {"kind": "number", "value": 30, '
            '"tolerance": 0.5}, {"kind": "one_of", "values": [...]}, {"kind": "regex", "pattern": "^NW-\\d+$"} '
            '(a regular expression the value must match), {"kind": "contains", "value": "damaged"} (text the '
            'value must contain) or {"kind": "any"} (present, any value).'
        ),
        "properties": {
            "kind": {"type": "string", "enum": [k.value for k in MatcherKind]},
            "value": {},
            "tolerance": {"type": "number", "minimum": 0},
            "values": {"type": "array", "minItems": 1},
            "pattern": {"type": "string"},
        },
        "required": ["kind"],
    }


def scenario_schema(kinds: Sequence[str]) -> dict[str, Any]:
    """The JSON schema of one proposed scenario (shared with the change check)."""
    string_list = {"type": "array", "items": {"type": "string"}, "maxItems": MAX_PHRASES}
    return {
        "type": "object",
        "properties": {
            "kind": {"type": "string", "enum": list(kinds)},
            "name": {"type": "string", "description": "A short title, e.g. 'Refund window for gifts'."},
            "turns": {
                "type": "array",
                "items": {"type": "string"},
                "minItems": 1,
                "maxItems": MAX_TURNS_PER_SCENARIO,
                "description": "What the user says, in order (usually one message).",
            },
            "expected_outcome": {"type": "string", "description": "Plain English: what a good agent does."},
            "correct_answer": {"type": "string", "description": "Accuracy: the correct answer per the policy."},
            "required_phrases": {
                **string_list,
                "description": "Accuracy: 1-3 short facts (1-5 words) copied verbatim from the policy that "
                "any correct answer must contain, e.g. '30 days'.",
            },
            "forbidden_phrases": {
                **string_list,
                "description": "Short, specific strings a good reply must never contain (e.g. a code or "
                "amount the agent must not grant). Optional.",
            },
            "expected_tool_call": {
                **_call_schema(),
                "description": "Tool calls: the tool the request must trigger and how to check its arguments.",
            },
            "expected_tool_calls": {
                "type": "array",
                "items": _call_schema(),
                "minItems": 2,
                "maxItems": MAX_EXPECTED_CALLS,
                "description": "Tool calls, instead of expected_tool_call when the request needs several calls "
                "(e.g. look the order up, then refund it).",
            },
            "tool_order": {
                "type": "string",
                "enum": [o.value for o in ToolOrder],
                "description": "Whether expected_tool_calls must happen in the order given (in_order) or not.",
            },
            "forbidden_tool_calls": {
                "type": "array",
                "items": {"type": "string"},
                "maxItems": MAX_EXPECTED_CALLS,
                "description": "Names of tools that must NOT be called here (e.g. issue_refund for a request "
                "outside the refund window). Optional.",
            },
            "max_tool_calls": {"type": "integer", "minimum": 0, "maximum": 50, "description": "Optional limit."},
            "contacts_may_be_shared": {
                "type": "boolean",
                "description": "PII: whether the agent may share email addresses and phone numbers here.",
            },
            "severity": {"type": "string", "enum": [s.value for s in Severity]},
        },
        "required": ["kind", "name", "turns", "expected_outcome"],
    }


def propose_scenarios_tool(kinds: Sequence[str]) -> ToolSpec:
    return ToolSpec(
        name=PROPOSE_SCENARIOS,
        description="Submit the complete set of test scenarios. Call exactly once.",
        input_schema={
            "type": "object",
            "properties": {
                "scenarios": {"type": "array", "items": scenario_schema(kinds)},
                "policy_names_no_tools": {
                    "type": "boolean",
                    "description": "True only when the policy describes no tool or action the agent can call; "
                    "then propose no tool_calls scenarios.",
                },
            },
            "required": ["scenarios"],
        },
    )
