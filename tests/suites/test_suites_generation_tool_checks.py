"""Generated tool-call scenarios can hold several expected calls, an order, forbidden calls and a call limit; a
malformed one is retried with its problem."""

from __future__ import annotations

import pytest

from evaluations.core.specs import ScenarioSpec, ToolOrder
from suites.generation import GenerationError, generate_scenarios
from tests.support.suite_proposals import POLICY, proposal_with

FLOW = {
    "expected_tool_calls": [
        {"name": "lookup_order", "arguments": {"order_id": {"kind": "regex", "pattern": "^NW-\\d{5}$"}}},
        {"name": "issue_refund", "arguments": {"reason": {"kind": "contains", "value": "damaged"}}},
    ],
    "tool_order": "in_order",
    "forbidden_tool_calls": ["delete_account"],
    "max_tool_calls": 3,
}


def _flow(proposal):
    proposal["scenarios"][14].pop("expected_tool_call")
    proposal["scenarios"][14].update(FLOW)


def test_a_generated_flow_becomes_a_spec_with_every_check(anthropic_judge_env) -> None:
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", proposal_with(_flow))])

    scenarios = generate_scenarios(knowledge=POLICY, kinds=["tool_calls"], model="sonnet")

    spec = ScenarioSpec.from_dict(scenarios[0])
    assert [c.name for c in spec.expected_tool_calls] == ["lookup_order", "issue_refund"]
    assert spec.tool_order == ToolOrder.IN_ORDER and spec.max_tool_calls == 3
    assert [c.name for c in spec.forbidden_tool_calls] == ["delete_account"]
    schema = anthropic_judge_env.requests[0].body["tools"][0]["input_schema"]
    properties = schema["properties"]["scenarios"]["items"]["properties"]
    assert {"expected_tool_calls", "tool_order", "forbidden_tool_calls", "max_tool_calls"} <= set(properties)
    assert (
        "regex"
        in properties["expected_tool_call"]["properties"]["arguments"]["additionalProperties"]["properties"]["kind"][
            "enum"
        ]
    )


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"forbidden_tool_calls": ["not a tool"]}, "forbidden_tool_calls must be a list of tool names"),
        ({"max_tool_calls": -1}, "max_tool_calls must be a whole number"),
        ({"tool_order": "random"}, "tool_order must be in_order or any_order"),
        ({"expected_tool_call": {"name": "x", "arguments": {}}}, "not both"),
    ],
)
def test_a_malformed_flow_stops_with_the_reason(anthropic_judge_env, change, problem) -> None:
    bad = proposal_with(lambda p: (_flow(p), p["scenarios"][14].update(change)))
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", bad)])
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", bad)])
    with pytest.raises(GenerationError, match=problem):
        generate_scenarios(knowledge=POLICY, kinds=["tool_calls"], model="sonnet")
