"""Generate new: scenarios written by the generation model (the local fake Messages API), validated before use."""

from __future__ import annotations

import asyncio

import pytest

from evaluations.core.specs import ScenarioSpec
from suites.generation import GenerationError, agenerate, agenerate_scenarios, generate_scenarios
from tests.support.suite_proposals import POLICY, good_proposal, proposal_with

ALL_KINDS = ["accuracy", "guardrails", "tool_calls", "pii"]


def test_a_good_proposal_becomes_23_scenario_specs(anthropic_judge_env) -> None:
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", good_proposal())])

    scenarios = generate_scenarios(knowledge=POLICY, kinds=ALL_KINDS, model="sonnet")

    assert [s["kind"] for s in scenarios].count("accuracy") == 8
    assert [s["kind"] for s in scenarios].count("guardrails") == 6
    assert [s["kind"] for s in scenarios].count("tool_calls") == 5
    assert [s["kind"] for s in scenarios].count("pii") == 4
    assert [s["key"] for s in scenarios] == [f"g{n}" for n in range(1, 24)]
    specs = [ScenarioSpec.from_dict(s) for s in scenarios]  # the shape a run freezes
    assert specs[0].correct_answer == "30 days" and specs[0].required_phrases == ("30 days",)
    tool = next(s for s in specs if s.kind == "tool_calls").expected_tool_call
    assert tool is not None and tool.name == "lookup_order" and tool.arguments["order_id"]["kind"] == "exact"
    assert all(not s.contacts_may_be_shared for s in specs if s.kind == "pii")
    assert {s.severity for s in specs if s.kind == "guardrails"} == {"high"}
    [request] = anthropic_judge_env.requests
    assert request.body["tool_choice"] == {"type": "tool", "name": "propose_scenarios"}
    assert "Refunds: items can be returned within 30 days" in request.user_text
    assert "<<<DATA-" in request.user_text and "exactly 8" in request.user_text and "exactly 4" in request.user_text


def test_only_the_requested_kinds_are_asked_for_and_surplus_is_cut(anthropic_judge_env) -> None:
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", good_proposal())])

    scenarios = generate_scenarios(
        knowledge=POLICY, kinds=["guardrails", "accuracy"], model="haiku", counts={"accuracy": 2}
    )

    assert [s["kind"] for s in scenarios] == ["guardrails"] * 6 + ["accuracy"] * 2
    schema = anthropic_judge_env.requests[0].body["tools"][0]["input_schema"]
    assert schema["properties"]["scenarios"]["items"]["properties"]["kind"]["enum"] == ["guardrails", "accuracy"]


def test_a_malformed_proposal_is_retried_once_with_its_problems(anthropic_judge_env) -> None:
    bad = proposal_with(lambda p: p["scenarios"][16]["expected_tool_call"]["arguments"].update(
        order_id={"kind": "number", "value": "soon"}))  # fmt: skip
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", bad)])
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", good_proposal())])

    outcome = asyncio.run(agenerate(knowledge=POLICY, kinds=ALL_KINDS, model="sonnet"))

    assert len(outcome.scenarios) == 23 and outcome.calls == 2
    retry = anthropic_judge_env.requests[1]
    assert "could not be used" in retry.user_text and "numeric" in retry.user_text


@pytest.mark.parametrize(
    ("mutate", "problem"),
    [
        (lambda p: p["scenarios"].pop(0), "Only 7 usable response accuracy scenarios; 8 are needed"),
        (lambda p: p["scenarios"][0].update(required_phrases=["90 days"]), "does not appear verbatim in the policy"),
        (lambda p: p["scenarios"][0].update(correct_answer=""), "needs its correct answer"),
        (lambda p: p["scenarios"][14].pop("expected_tool_call"), "needs expected_tool_call"),
        (lambda p: p["scenarios"][14]["expected_tool_call"].update(name="look up"), "not a valid tool name"),
        (lambda p: p["scenarios"][19].pop("contacts_may_be_shared"), "whether contacts may be shared"),
        (lambda p: p["scenarios"][8].update(turns=[]), "turns must be a list"),
        (lambda p: p["scenarios"][9].update(name="Guardrail 1"), "used twice"),
    ],
)
def test_a_proposal_still_malformed_after_the_retry_stops_with_the_reason(anthropic_judge_env, mutate, problem) -> None:
    bad = proposal_with(mutate)
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", bad)])
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", bad)])

    with pytest.raises(GenerationError) as caught:
        generate_scenarios(knowledge=POLICY, kinds=ALL_KINDS, model="sonnet")

    assert caught.value.reason == "malformed" and caught.value.calls == 2
    assert "not usable, also after a retry" in caught.value.message and problem in caught.value.message
    assert len(anthropic_judge_env.requests) == 2


def test_a_reply_without_the_tool_call_is_malformed(anthropic_judge_env) -> None:
    anthropic_judge_env.reply_text("Here are some scenarios: ...")
    anthropic_judge_env.reply_text("Sorry.")

    with pytest.raises(GenerationError, match="did not call propose_scenarios"):
        generate_scenarios(knowledge=POLICY, kinds=["accuracy"], model="sonnet")


def test_an_outage_stops_generation_with_a_clear_reason(anthropic_judge_env) -> None:
    anthropic_judge_env.overloaded()
    anthropic_judge_env.overloaded()

    with pytest.raises(GenerationError) as caught:
        asyncio.run(agenerate_scenarios(knowledge=POLICY, kinds=ALL_KINDS, model="sonnet"))

    assert caught.value.reason == "outage"
    assert caught.value.message.startswith("The generation model is unavailable, so no scenarios were written")
    assert len(anthropic_judge_env.requests) == 2


def test_one_transient_failure_is_retried(anthropic_judge_env) -> None:
    anthropic_judge_env.server_error()
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", good_proposal())])

    assert len(generate_scenarios(knowledge=POLICY, kinds=ALL_KINDS, model="sonnet")) == 23


def test_a_policy_without_tools_may_have_no_tool_call_scenarios(anthropic_judge_env) -> None:
    proposal = proposal_with(lambda p: p.update(
        scenarios=[s for s in p["scenarios"] if s["kind"] != "tool_calls"], policy_names_no_tools=True))  # fmt: skip
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", proposal)])

    scenarios = generate_scenarios(knowledge=POLICY, kinds=ALL_KINDS, model="sonnet")

    assert len(scenarios) == 18 and "tool_calls" not in {s["kind"] for s in scenarios}


def test_no_model_or_no_policy_is_a_config_error_without_any_call(fake_anthropic, settings) -> None:
    settings.TRUSTGATE_JUDGE_PROVIDER = "rules_only"
    with pytest.raises(GenerationError, match="No model is configured") as caught:
        generate_scenarios(knowledge=POLICY, kinds=ALL_KINDS, model="sonnet")
    assert caught.value.reason == "config"
    with pytest.raises(GenerationError, match="no knowledge"):
        generate_scenarios(knowledge="  ", kinds=ALL_KINDS, model="sonnet")
    with pytest.raises(GenerationError, match="Choose scenario kinds"):
        generate_scenarios(knowledge=POLICY, kinds=["red_team"], model="sonnet")
    assert fake_anthropic.requests == []


def test_the_sync_wrapper_works_inside_a_running_event_loop(anthropic_judge_env) -> None:
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", good_proposal())])

    async def caller() -> int:
        return len(generate_scenarios(knowledge=POLICY, kinds=ALL_KINDS, model="sonnet"))

    assert asyncio.run(caller()) == 23
