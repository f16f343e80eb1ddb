"""A simulated user (persona) plays multi-turn conversations; what the agent says reaches it only as data."""

from __future__ import annotations

import pytest

from evaluations.runs.choices import NotScoredCause
from evaluations.scoring.verdicts import Verdict
from suites.services import suite_create


@pytest.fixture
def persona_suite(acme, demo_agent_record):
    scenario = {
        "kind": "custom",
        "name": "Impatient customer tracks an order",
        "turns": ["Hi, I need help with an order."],
        "persona": "An impatient customer who wants to know where order NW-12345 is.",
        "expected_outcome": "The agent looks up order NW-12345.",
        "max_turns": 4,
    }
    return suite_create(account=acme, agent=demo_agent_record, name="Persona", scenarios=[scenario])


def test_persona_plays_the_user_until_the_goal_is_met(
    launch, demo_agent_record, persona_suite, anthropic_judge_env
) -> None:
    fake = anthropic_judge_env
    fake.reply_tool_uses([("user_turn", {"message": "Where is my order NW-12345?", "done": False})])
    fake.reply_tool_uses([("user_turn", {"message": "", "done": True})])
    run = launch(agent=demo_agent_record, suite=persona_suite, runs_per_scenario=1, judge_model="rules_only")
    attempt = run.attempts.get()
    users = [t["content"] for t in attempt.transcript if t["role"] == "user"]
    assert users == ["Hi, I need help with an order.", "Where is my order NW-12345?"]
    assert [c["name"] for c in attempt.tool_calls] == ["lookup_order"]
    assert len(fake.requests) == 2
    first_prompt = fake.requests[0].user_text
    agent_reply = attempt.transcript[1]["content"]
    assert agent_reply[:40] in first_prompt and "<<<DATA-" in first_prompt  # the agent's words arrive fenced
    assert "impatient customer" in fake.requests[0].system


def test_turn_limit_ends_the_conversation(launch, demo_agent_record, persona_suite, anthropic_judge_env) -> None:
    for i in range(10):
        anthropic_judge_env.reply_tool_uses([("user_turn", {"message": f"And another thing #{i}?", "done": False})])
    run = launch(agent=demo_agent_record, suite=persona_suite, runs_per_scenario=1, judge_model="rules_only")
    attempt = run.attempts.get()
    assert sum(1 for t in attempt.transcript if t["role"] == "user") == 4  # max_turns
    assert len(anthropic_judge_env.requests) == 3  # no simulator call after the last allowed turn


def test_simulator_outage_is_not_scored_never_guessed(
    launch, demo_agent_record, persona_suite, anthropic_judge_env
) -> None:
    anthropic_judge_env.overloaded()
    run = launch(agent=demo_agent_record, suite=persona_suite, runs_per_scenario=1, judge_model="rules_only")
    attempt = run.attempts.get()
    assert attempt.verdict == Verdict.NOT_SCORED
    assert "simulated user" in attempt.rationale
    assert attempt.not_scored_cause == NotScoredCause.SIMULATOR
