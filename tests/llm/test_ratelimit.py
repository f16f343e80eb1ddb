"""The provider budget (evaluations/llm/ratelimit.py) against the fake Messages API with a real requests-per-minute
limit: it reads the headers, backs off once honouring retry-after, then paces under the limit; it is shared by
the event loops of a process; and the judge's cacheable prefix is read from the cache as the real API does."""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

from evaluations.connectors.base import Turn
from evaluations.core.specs import ScenarioKind, ScenarioSpec
from evaluations.llm.clients import AnthropicClient
from evaluations.llm.ratelimit import ProviderBudget, RateInfo, budget_for, rate_info
from evaluations.scoring.judge import JudgePool
from tests.support.fake_anthropic import FakeAnthropic

MESSAGES = [{"role": "user", "content": "Grade this."}]


def test_rate_headers_of_anthropic_openai_and_retry_after_are_read() -> None:
    anthropic = rate_info(
        {
            "anthropic-ratelimit-requests-limit": "600",
            "anthropic-ratelimit-requests-remaining": "12",
            "anthropic-ratelimit-input-tokens-limit": "400000",
            "anthropic-ratelimit-input-tokens-remaining": "39000",
            "Retry-After": "2",
        }
    )
    assert anthropic is not None
    assert (anthropic.requests_limit, anthropic.requests_remaining, anthropic.retry_after) == (600, 12, 2.0)
    assert (anthropic.tokens_limit, anthropic.tokens_remaining) == (400000, 39000)
    openai = rate_info({"x-ratelimit-limit-requests": "60", "x-ratelimit-reset-requests": "1m30s"})
    assert openai is not None and openai.requests_limit == 60 and openai.reset_in == 90.0
    assert rate_info({"content-type": "application/json"}) is None


def test_one_back_off_at_the_limit_then_no_refusal(anthropic_judge_env: FakeAnthropic, settings: Any) -> None:
    settings.TRUSTGATE_MODEL_MAX_RETRIES = 3
    anthropic_judge_env.limit_rpm(240)  # 4 a second, a burst of 4
    client = AnthropicClient("claude-sonnet-4-6")

    async def run() -> list[str]:
        budget_for(client.budget_key()).start_at(8)
        replies = await asyncio.gather(*(client.complete(system="s", messages=MESSAGES) for _ in range(16)))
        return [reply.text for reply in replies]

    texts = asyncio.run(run())

    assert texts == ["Hello from the fake Anthropic API."] * 16  # every call got through in the end
    fake = anthropic_judge_env
    # The first burst (8 at once, and whatever starts before the first refusal is back) met a bucket of 4 ...
    assert 0 < fake.rejected <= 8
    # ... and nothing was refused after that back-off.
    assert max(fake.rejected_at) - min(fake.rejected_at) < 0.5, [t - min(fake.rejected_at) for t in fake.rejected_at]
    # The retried calls waited for the retry-after (1 s) before the provider saw them again.
    accepted = sorted(request.at for request in fake.requests)
    assert accepted[-1] - min(fake.rejected_at) >= 1.0


def test_the_budget_is_shared_by_the_event_loops_of_a_process(
    anthropic_judge_env: FakeAnthropic, settings: Any
) -> None:
    settings.TRUSTGATE_JUDGE_MAX_CONCURRENCY = 3
    anthropic_judge_env.latency = 0.1
    client = AnthropicClient("claude-sonnet-4-6")
    errors: list[BaseException] = []

    def one_run() -> None:  # a worker runs each run on its own loop in its own thread
        async def calls() -> None:
            budget_for(client.budget_key()).start_at(8)
            await asyncio.gather(*(client.complete(system="s", messages=MESSAGES) for _ in range(6)))

        try:
            asyncio.run(calls())
        except BaseException as error:  # surfaced below
            errors.append(error)

    threads = [threading.Thread(target=one_run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert errors == []
    assert len(anthropic_judge_env.requests) == 12
    assert anthropic_judge_env.most_in_flight == 3  # two runs, one budget: never above the cap together


def test_judge_prefix_is_identical_across_a_run_and_read_from_the_cache(anthropic_judge_env: FakeAnthropic) -> None:
    anthropic_judge_env.count_tokens = True
    anthropic_judge_env.default_text = '{"verdict": "pass", "score": 90, "rationale": "Helps."}'
    policy = " ".join(f"Rule {i}: refunds within {i % 30 + 1} days of delivery." for i in range(360))[:16_000]
    specs = [
        ScenarioSpec(key=f"s{i}", kind=kind, name=f"Case {i}", turns=("Hi",), expected_outcome="Helps.")
        for i, kind in enumerate([ScenarioKind.ACCURACY, ScenarioKind.GUARDRAILS, ScenarioKind.PII] * 4)
    ]

    async def run() -> list[Any]:
        pool = JudgePool(model="sonnet", strictness="balanced", knowledge=policy)
        results = []
        for spec in specs:  # one after another: the first call writes the cache, the rest read it
            turns = [Turn("user", "Hi"), Turn("assistant", f"Hello {spec.key}")]
            results.append(await pool.submit(spec=spec, turns=turns, tool_calls=[], evidence=[]))
        return results

    verdicts = asyncio.run(run())

    assert all(v.verdict == "pass" for v in verdicts)
    requests = anthropic_judge_env.requests
    first = requests[0].body
    prefix_block = first["messages"][0]["content"][0]
    assert prefix_block["cache_control"] == {"type": "ephemeral"} and policy[:200] in prefix_block["text"]
    for request in requests[1:]:  # byte-identical stable part: tools, system and the fenced policy
        body = request.body
        assert body["tools"] == first["tools"] and body["system"] == first["system"]
        assert body["messages"][0]["content"][0] == prefix_block
        assert "Hello" not in body["messages"][0]["content"][0]["text"]  # no agent text in the cached part
    read = sum(v.cached_input_tokens for v in verdicts)
    total = sum(v.input_tokens + v.cached_input_tokens + v.cache_write_tokens for v in verdicts)
    assert verdicts[0].cache_write_tokens > 4000 and verdicts[1].cached_input_tokens == verdicts[0].cache_write_tokens
    assert read / total >= 0.8, [(v.input_tokens, v.cached_input_tokens, v.cache_write_tokens) for v in verdicts]


def test_a_cap_below_what_the_provider_allows_is_named_once(settings: Any, caplog: Any) -> None:
    settings.TRUSTGATE_JUDGE_MAX_CONCURRENCY = 2
    paced = ProviderBudget("anthropic:paced")
    paced.succeeded(RateInfo(requests_limit=6000, requests_remaining=5999))  # the provider allows 100 a second
    unpaced = ProviderBudget("anthropic:unpaced")  # no limit known yet: the cap is only a ceiling
    unpaced.start_at(2)

    async def third_call_waits(budget: ProviderBudget) -> None:
        await budget.acquire()
        await budget.acquire()
        third = asyncio.ensure_future(budget.acquire())
        await asyncio.sleep(0.15)
        assert not third.done()  # two at once is the cap
        budget.release()
        await asyncio.wait_for(third, 1)

    with caplog.at_level(logging.WARNING, logger="evaluations.llm.ratelimit"):
        asyncio.run(third_call_waits(paced))
        asyncio.run(third_call_waits(unpaced))

    assert paced.cap_waits >= 1 and unpaced.cap_waits == 0
    [message] = [r.getMessage() for r in caplog.records if "TRUSTGATE_JUDGE_MAX_CONCURRENCY" in r.getMessage()]
    assert "anthropic:paced" in message and "(2 at once)" in message and "6000 requests a minute" in message
