"""The one reading of a Bedrock Converse reply, shared by Bedrock agents and the Bedrock judge."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from evaluations.connectors import AgentError, Conversation, ErrorKind, ToolCall, send_message_sync
from evaluations.connectors.base import AgentConfig, Protocol
from evaluations.llm.clients import BedrockClient, ModelError
from evaluations.outbound.bedrock_reply import ConverseReply, NoMessageContent, converse_reply
from tests.support.fake_bedrock import FakeBedrock

AGENT = AgentConfig(protocol=Protocol.BEDROCK, model_name="anthropic.claude-test", timeout_seconds=5)


def test_text_blocks_are_joined_and_tool_uses_kept_as_sent() -> None:
    reply = converse_reply(
        {
            "output": {
                "message": {
                    "content": [
                        {"text": "Let me "},
                        {"toolUse": {"toolUseId": "t1", "name": "refund", "input": {"amount": 20}}},
                        "not a block",
                        {"image": {}},
                        {"text": "check."},
                        {"toolUse": {"name": "lookup", "input": ["order", 7]}},
                    ]
                }
            },
            "usage": {"inputTokens": 10, "outputTokens": 5, "cacheReadInputTokens": 3, "cacheWriteInputTokens": 2},
        }
    )
    assert reply == ConverseReply(
        text="Let me check.",
        tool_uses=(("refund", {"amount": 20}), ("lookup", ["order", 7])),
        input_tokens=10,
        output_tokens=5,
        cached_input_tokens=3,
        cache_write_tokens=2,
    )


@pytest.mark.parametrize(
    "response",
    [{}, {"output": {}}, {"output": {"message": {}}}, {"output": {"message": {"content": "text"}}}, "html", None],
)
def test_a_reply_without_a_content_list_is_refused(response: Any) -> None:
    with pytest.raises(NoMessageContent, match="Bedrock sent a reply without message content."):
        converse_reply(response)


def test_an_agent_and_the_judge_read_a_reply_the_same_way(fake_bedrock: FakeBedrock, settings: Any) -> None:
    settings.TRUSTGATE_MODEL_MAX_RETRIES = 0
    for _ in range(2):
        fake_bedrock.reply_tool_use("lookup", {"order": 7}, text="One moment.")
    agent = send_message_sync(AGENT, Conversation(), "Where is my order?")
    judge = asyncio.run(
        BedrockClient("anthropic.claude-test").complete(system="Judge.", messages=[{"role": "user", "content": "?"}])
    )
    assert agent.text == judge.text == "One moment."
    assert agent.tool_calls == (ToolCall(name="lookup", arguments={"order": 7}),)
    assert judge.tool_calls == (("lookup", {"order": 7}),)


def test_a_reply_without_content_is_malformed_for_an_agent_as_for_the_judge(
    fake_bedrock: FakeBedrock, settings: Any
) -> None:
    settings.TRUSTGATE_MODEL_MAX_RETRIES = 0
    for _ in range(2):
        fake_bedrock.reply_json({"stopReason": "end_turn", "usage": {"inputTokens": 1, "outputTokens": 0}})
    with pytest.raises(AgentError) as agent:
        send_message_sync(AGENT, Conversation(), "Hi")
    with pytest.raises(ModelError) as judge:
        asyncio.run(
            BedrockClient("anthropic.claude-test").complete(system="J.", messages=[{"role": "user", "content": "?"}])
        )
    assert agent.value.kind == ErrorKind.MALFORMED and judge.value.kind == "malformed"
    assert agent.value.message == judge.value.message == "Bedrock sent a reply without message content."
