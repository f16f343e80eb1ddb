"""Prompt caching for scenario writing: the fenced policy is the cacheable prefix, the request comes after it, so
the retry (the same system prompt, tool and policy, with the problems appended) reads the policy from the
provider's cache. Through the fake Messages API, which plays the prompt cache (tests/support/fake_anthropic.py)."""

from __future__ import annotations

import asyncio

from suites.generation import agenerate
from tests.support.suite_proposals import POLICY, good_proposal, proposal_with

ALL_KINDS = ["accuracy", "guardrails", "tool_calls", "pii"]


def test_the_retry_reads_the_policy_from_the_prompt_cache(anthropic_judge_env) -> None:
    anthropic_judge_env.count_tokens = True
    bad = proposal_with(lambda p: p["scenarios"].pop(0))
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", bad)])
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", good_proposal())])

    outcome = asyncio.run(agenerate(knowledge=POLICY, kinds=ALL_KINDS, model="sonnet"))

    assert len(outcome.scenarios) == 23 and outcome.calls == 2
    first, retry = anthropic_judge_env.requests
    prefix, request = first.body["messages"][0]["content"]
    assert prefix["cache_control"] == {"type": "ephemeral"}
    assert "<<<DATA-" in prefix["text"] and "Refunds: items can be returned within 30 days" in prefix["text"]
    assert "cache_control" not in request and request["text"].startswith("Write these scenarios")
    assert retry.body["messages"][0] == first.body["messages"][0]  # byte for byte: the cache can serve it
    assert "could not be used" in retry.user_text
    # The first call wrote system, tool and policy to the cache; the retry read all of it from there.
    assert outcome.cache_write_tokens > 1024
    assert outcome.cached_input_tokens == outcome.cache_write_tokens
    assert 0 < outcome.input_tokens < outcome.cached_input_tokens  # only the request and the problems were new


def test_one_good_proposal_writes_the_cache_once_and_reads_nothing(anthropic_judge_env) -> None:
    anthropic_judge_env.count_tokens = True
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", good_proposal())])

    outcome = asyncio.run(agenerate(knowledge=POLICY, kinds=ALL_KINDS, model="sonnet"))

    assert outcome.calls == 1 and outcome.cached_input_tokens == 0 and outcome.cache_write_tokens > 1024


def test_a_generated_runs_cost_counts_the_cache_reads(
    launch, acme, demo_agent, private_endpoints, anthropic_judge_env
) -> None:
    from evaluations.agents.services import agent_create
    from evaluations.demo.services import DEMO_AGENT_SETTINGS
    from evaluations.runs.choices import RunStatus
    from evaluations.runs.selectors import run_model_usage

    agent = agent_create(
        account=acme,
        data={
            **DEMO_AGENT_SETTINGS,
            "name": "Policy bot",
            "endpoint_url": f"{demo_agent}/api/json",
            "knowledge": POLICY,
        },
    )
    anthropic_judge_env.count_tokens = True
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", proposal_with(lambda p: p["scenarios"].pop(0)))])
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", good_proposal())])

    run = launch(agent=agent, suite=None, generate_kinds=ALL_KINDS, runs_per_scenario=1, judge_model="rules_only")

    assert run.status == RunStatus.SUCCEEDED, run.error_message
    generation = run_model_usage(run=run)["generation"]
    assert generation["calls"] == 2 and generation["cached_input_tokens"] == generation["cache_write_tokens"] > 1024
    assert generation["input_tokens"] < generation["cached_input_tokens"]
