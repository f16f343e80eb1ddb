"""A2A over JSON-RPC against a real ``a2a-sdk`` server (tests/support/a2a_server.py; docs/agents.md, A2A):
message/send and message/stream, contextId multi-turn, an input-required task as a turn, tool calls in data parts;
the faults against a loopback stream server."""

from __future__ import annotations

import json
from typing import Any

import pytest

from evaluations.connectors import (
    AgentConfig,
    AgentError,
    AgentReply,
    Conversation,
    ErrorKind,
    Protocol,
    send_message,
    send_message_sync,
)
from evaluations.connectors.base import StreamFormat
from evaluations.core.bridge import run_sync
from tests.support.a2a_server import A2AServer
from tests.support.stream_server import Stream, StreamServer, sse


@pytest.fixture(autouse=True)
def allow_private(settings: Any) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True


def a2a(url: str, **overrides: Any) -> AgentConfig:
    return AgentConfig(**{"protocol": Protocol.A2A, "endpoint_url": url, "timeout_seconds": 5, **overrides})


def play(config: AgentConfig, *messages: str) -> tuple[list[AgentReply], Conversation]:
    conversation = Conversation()

    async def run() -> list[AgentReply]:
        return [await send_message(config, conversation, m) for m in messages]

    return run_sync(run()), conversation


@pytest.mark.parametrize("stream", [StreamFormat.OFF, StreamFormat.SSE])
def test_multi_turn_with_a_tool_call_and_an_input_required_turn(a2a_agent: A2AServer, stream: StreamFormat) -> None:
    config = a2a(f"{a2a_agent.base}/a2a", stream=stream)
    (order, refund, number), conversation = play(config, "Where is my order?", "I want a refund", "A1")
    assert order.text == "You said: Where is my order?"
    assert [(c.name, c.arguments) for c in order.tool_calls] == [("lookup_order", {"order_id": "A1"})]
    assert refund.text == "Which order number?"  # the task waits for input: that question is the turn's reply
    assert number.text == "You said: A1"  # the next message went to the waiting task
    assert order.conversation_id and order.conversation_id == refund.conversation_id == number.conversation_id
    assert conversation.protocol_state == {"a2a_version": "0.3"}  # what the card declares; no task waits
    if stream:
        assert order.chunks >= 3 and order.ttft_ms is not None


def test_a2a_faults_read_as_sentences(stream_server: StreamServer) -> None:
    error = {"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found"}}
    stream_server.handle = lambda r: Stream([json.dumps(error)], content_type="application/json")
    with pytest.raises(AgentError, match="JSON-RPC error -32601: Method not found"):
        send_message_sync(a2a(stream_server.url()), Conversation(), "hi")
    failed = {
        "jsonrpc": "2.0",
        "id": 1,
        "result": {
            "kind": "task",
            "id": "t",
            "contextId": "c",
            "status": {
                "state": "failed",
                "message": {"kind": "message", "role": "agent", "parts": [{"kind": "text", "text": "boom"}]},
            },
        },
    }
    stream_server.handle = lambda r: Stream([json.dumps(failed)], content_type="application/json")
    with pytest.raises(AgentError, match="The A2A task ended failed: boom"):
        send_message_sync(a2a(stream_server.url()), Conversation(), "hi")


def update(text: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": 1, "result": {"kind": "artifact-update", "taskId": "t", "contextId": "c",
            "artifact": {"artifactId": "a", "parts": [{"kind": "text", "text": text}]}}}  # fmt: skip


def test_stream_faults(stream_server: StreamServer, settings: Any) -> None:
    config = a2a(stream_server.url(), stream=StreamFormat.SSE, timeout_seconds=0.5)
    stream_server.handle = lambda r: Stream([*sse(update("x")), "data: {broken\n\n"])
    with pytest.raises(AgentError, match="Event 2 of the agent's stream is not JSON"):
        send_message_sync(config, Conversation(), "hi")
    stream_server.handle = lambda r: Stream(sse(update("x")), hold=2.0)
    with pytest.raises(AgentError, match="The agent's stream stalled: 1 event arrived"):
        send_message_sync(config, Conversation(), "hi")
    stream_server.handle = lambda r: Stream(sse(update("x")))
    with pytest.raises(AgentError, match="ended before it was complete: no a final status update"):
        send_message_sync(config, Conversation(), "hi")
    stream_server.handle = lambda r: Stream(sse(update("x" * 1000)) * 100)
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(config, Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.OVERSIZED
    stream_server.handle = lambda r: Stream(status=302, headers={"Location": "http://10.1.1.1/"})
    with pytest.raises(AgentError, match="does not follow redirects"):
        send_message_sync(config, Conversation(), "hi")
    count = len(stream_server.requests)
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = False
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(config, Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.BLOCKED and len(stream_server.requests) == count
