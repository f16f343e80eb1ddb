"""Simple chat reads tool calls where agents commonly put them, beside the reply text: an OpenAI-style
``tool_calls`` list (arguments possibly a JSON string) or ``{name, arguments}`` items, at the top level or in the
message object the text came from (docs/agents.md, Simple chat tool calls)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pytest_httpserver import HTTPServer

from evaluations.connectors import AgentConfig, Conversation, Protocol, send_message_sync

OPENAI_STYLE = [
    {
        "id": "call_1",
        "type": "function",
        "function": {"name": "lookup_order", "arguments": json.dumps({"order_id": "NW-12345"})},
    }
]
PLAIN = [{"name": "lookup_order", "arguments": {"order_id": "NW-12345"}}]


@pytest.fixture(autouse=True)
def allow_private(settings: Any) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True  # the agent below runs on 127.0.0.1


@pytest.mark.parametrize(
    ("reply", "text_path", "calls_path"),
    [
        ({"answer": "Looking it up.", "tool_calls": OPENAI_STYLE}, "answer", "tool_calls"),
        ({"reply": "Looking it up.", "tool_calls": PLAIN}, "reply", "tool_calls"),
        ({"output": "Looking it up.", "toolCalls": PLAIN}, "output", "toolCalls"),
        (
            {"message": {"role": "assistant", "content": "Looking it up.", "tool_calls": OPENAI_STYLE}},
            "message.content",
            "message.tool_calls",
        ),
        ({"response": {"text": "Looking it up."}, "function_calls": PLAIN}, "response.text", "function_calls"),
    ],
    ids=["openai-top", "plain-top", "camel-case", "beside-in-message", "nested-text-top-calls"],
)
def test_simple_chat_reads_the_tool_calls_beside_the_reply(
    httpserver: HTTPServer, reply: dict[str, Any], text_path: str, calls_path: str
) -> None:
    httpserver.expect_request("/chat").respond_with_json(reply)
    config = AgentConfig(protocol=Protocol.SIMPLE_CHAT, endpoint_url=httpserver.url_for("/chat"))

    result = send_message_sync(config, Conversation(), "Where is my order NW-12345?")

    assert result.text == "Looking it up." and result.reply_path == text_path
    assert [(c.name, c.arguments) for c in result.tool_calls] == [("lookup_order", {"order_id": "NW-12345"})]
    assert result.tool_calls_path == calls_path


def test_a_reply_without_tool_calls_has_none(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/chat").respond_with_json({"answer": "Hello!", "tool_calls": []})
    config = AgentConfig(protocol=Protocol.SIMPLE_CHAT, endpoint_url=httpserver.url_for("/chat"))
    result = send_message_sync(config, Conversation(), "Hi")
    assert result.tool_calls == () and result.tool_calls_path == ""


def test_malformed_json_arguments_are_kept_raw(httpserver: HTTPServer) -> None:
    calls = [{"function": {"name": "issue_refund", "arguments": "{not json"}}]
    httpserver.expect_request("/chat").respond_with_json({"answer": "Done.", "tool_calls": calls})
    config = AgentConfig(protocol=Protocol.SIMPLE_CHAT, endpoint_url=httpserver.url_for("/chat"))
    result = send_message_sync(config, Conversation(), "Refund it")
    assert [(c.name, c.arguments) for c in result.tool_calls] == [("issue_refund", {"_raw": "{not json"})]
