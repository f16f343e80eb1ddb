"""Simple chat can send the earlier turns as ``history`` (an agent setting, off by default), so multi-turn
scenarios work against stateless simple-chat agents; and tool results an agent reports are kept."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pytest_httpserver import HTTPServer

from evaluations.connectors import AgentConfig, Conversation, Protocol, send_message_sync


@pytest.fixture(autouse=True)
def allow_private(settings: Any) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True  # the agent below runs on 127.0.0.1


def bodies(httpserver: HTTPServer) -> list[Any]:
    return [json.loads(request.get_data()) for request, _ in httpserver.log]


def test_simple_chat_sends_history_as_role_content_pairs_when_asked(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/chat").respond_with_json({"answer": "noted"})
    config = AgentConfig(protocol=Protocol.SIMPLE_CHAT, endpoint_url=httpserver.url_for("/chat"), send_history=True)
    conversation = Conversation()

    send_message_sync(config, conversation, "My order is NW-12345.")
    send_message_sync(config, conversation, "Where is it?")

    assert bodies(httpserver) == [
        {"message": "My order is NW-12345.", "history": []},
        {
            "message": "Where is it?",
            "history": [
                {"role": "user", "content": "My order is NW-12345."},
                {"role": "assistant", "content": "noted"},
            ],
        },
    ]


def test_simple_chat_sends_only_the_message_by_default(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/chat").respond_with_json({"answer": "ok"})
    config = AgentConfig(protocol=Protocol.SIMPLE_CHAT, endpoint_url=httpserver.url_for("/chat"))
    conversation = Conversation()
    send_message_sync(config, conversation, "one")
    send_message_sync(config, conversation, "two")
    assert bodies(httpserver) == [{"message": "one"}, {"message": "two"}]


def test_tool_results_the_agent_reports_are_kept(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/agent").respond_with_json(
        {"reply": "Found it.", "tools": [{"name": "lookup_order", "args": {"id": "NW-1"}, "output": "shipped"}]}
    )
    config = AgentConfig(
        protocol=Protocol.HTTP_JSON,
        endpoint_url=httpserver.url_for("/agent"),
        reply_path="reply",
        tool_calls_path="tools",
    )
    reply = send_message_sync(config, Conversation(), "where is NW-1?")
    assert [call.to_dict() for call in reply.tool_calls] == [
        {"name": "lookup_order", "arguments": {"id": "NW-1"}, "result": "shipped"}
    ]
