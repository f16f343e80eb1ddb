"""A2A 0.3 and 1.x (docs/agents.md, A2A): the connector speaks the version the agent card declares — against the real
``a2a-sdk`` 1.3 server serving only 1.0 (``SendMessage`` / ``SendStreamingMessage``) — and, on "method not found",
the other naming once, remembered for the conversation (small JSON-RPC fakes on the loopback stream server)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from evaluations.connectors import AgentError, Conversation, make_client, send_message, send_message_sync
from evaluations.connectors.a2a_versions import as_legacy, card_version
from evaluations.connectors.base import AgentReply, StreamFormat
from evaluations.core.bridge import run_sync
from tests.connectors.test_a2a import a2a, play
from tests.support.a2a_server import A2AServer
from tests.support.stream_server import Request, Stream, StreamServer

CARD = "/.well-known/agent-card.json"


@pytest.fixture(autouse=True)
def allow_private(settings: Any) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True


@pytest.mark.parametrize("stream", [StreamFormat.OFF, StreamFormat.SSE])
def test_a_1_0_agent_is_spoken_to_with_the_1_x_methods(a2a_agent_v1: A2AServer, stream: StreamFormat) -> None:
    config = a2a(f"{a2a_agent_v1.base}/a2a", stream=stream)
    (order, refund, number), conversation = play(config, "Where is my order?", "I want a refund", "A1")
    assert order.text == "You said: Where is my order?"
    assert [(c.name, c.arguments) for c in order.tool_calls] == [("lookup_order", {"order_id": "A1"})]
    assert refund.text == "Which order number?"  # TASK_STATE_INPUT_REQUIRED: the question is the turn's reply
    assert number.text == "You said: A1"  # the next message went to the waiting task
    assert order.conversation_id and order.conversation_id == refund.conversation_id == number.conversation_id
    assert conversation.protocol_state == {"a2a_version": "1.0"}  # from the card, no fallback needed
    if stream:
        assert order.chunks >= 3


def rpc_result(request: Request, result: dict[str, Any]) -> Stream:
    reply = {"jsonrpc": "2.0", "id": request.body["id"], "result": result}
    return Stream([json.dumps(reply)], content_type="application/json")


def method_not_found(request: Request) -> Stream:
    error = {"jsonrpc": "2.0", "id": request.body["id"], "error": {"code": -32601, "message": "Method not found"}}
    return Stream([json.dumps(error)], content_type="application/json")


def legacy_agent(request: Request) -> Stream:
    """An agent of the 0.3 era: it knows only message/send."""
    if request.body["method"] != "message/send":
        return method_not_found(request)
    message = request.body["params"]["message"]
    said = message["parts"][0]["text"]
    return rpc_result(request, {"kind": "message", "role": "agent", "messageId": "m", "contextId": "ctx-1",
                                "parts": [{"kind": "text", "text": f"0.3 heard: {said}"}]})  # fmt: skip


def current_agent(request: Request) -> Stream:
    """An agent of 1.x: it knows only SendMessage and answers in the 1.x shape."""
    if request.body["method"] != "SendMessage":
        return method_not_found(request)
    message = request.body["params"]["message"]
    assert message["role"] == "ROLE_USER" and "kind" not in message["parts"][0]
    task = {
        "id": "t-1",
        "contextId": "ctx-2",
        "status": {"state": "TASK_STATE_COMPLETED"},
        "artifacts": [{"artifactId": "a", "parts": [{"text": f"1.x heard: {message['parts'][0]['text']}"}]}],
    }
    return rpc_result(request, {"task": task})  # fmt: skip


def test_a_card_that_claims_1_x_on_a_0_3_agent_falls_back_once_and_remembers(stream_server: StreamServer) -> None:
    stream_server.documents[CARD] = {"name": "Old desk", "supportedInterfaces": [
        {"url": stream_server.url(), "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]}  # fmt: skip
    stream_server.handle = legacy_agent
    (first, second), conversation = play(a2a(stream_server.url()), "hi", "again")
    assert (first.text, second.text) == ("0.3 heard: hi", "0.3 heard: again")
    assert [r.body["method"] for r in stream_server.requests] == ["SendMessage", "message/send", "message/send"]
    assert stream_server.requests[0].headers.get("A2A-Version") == "1.0"
    assert "A2A-Version" not in stream_server.requests[1].headers
    assert conversation.protocol_state["a2a_version"] == "0.3"


def test_an_agent_without_a_card_is_tried_with_0_3_then_1_x(stream_server: StreamServer) -> None:
    stream_server.handle = current_agent
    (first, second), conversation = play(a2a(stream_server.url()), "hi", "again")
    assert (first.text, second.text) == ("1.x heard: hi", "1.x heard: again")
    assert [r.body["method"] for r in stream_server.requests] == ["message/send", "SendMessage", "SendMessage"]
    assert conversation.conversation_id == "ctx-2"


def test_an_agent_that_knows_neither_naming_says_so(stream_server: StreamServer) -> None:
    stream_server.handle = method_not_found
    with pytest.raises(AgentError, match="JSON-RPC error -32601: Method not found"):
        send_message_sync(a2a(stream_server.url(), stream=StreamFormat.SSE), Conversation(), "hi")
    assert [r.body["method"] for r in stream_server.requests] == ["message/stream", "SendStreamingMessage"]


def test_card_version_prefers_the_interface_at_the_endpoint_and_the_newest() -> None:
    url = "https://a.example/a2a"
    both = {"supportedInterfaces": [{"url": url, "protocolBinding": "JSONRPC", "protocolVersion": "0.3"},
                                    {"url": url, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
                                    {"url": "https://a.example/grpc", "protocolBinding": "GRPC",
                                     "protocolVersion": "2.0"}]}  # fmt: skip
    assert card_version(both, url) == "1.0"
    assert card_version({"protocolVersion": "0.2.5"}, url) == "0.2.5"
    assert card_version({}, url) == "0.3"
    lying = {"supportedInterfaces": [{"url": url, "protocolVersion": "1.0\r\nX-Evil: 1"}], "protocolVersion": "x"}
    assert card_version(lying, url) == "0.3"  # a version is sent back as a header: only digits and dots are taken
    update = {"statusUpdate": {"taskId": "t", "status": {"state": "TASK_STATE_AUTH_REQUIRED"}}}
    assert as_legacy(update) == {"taskId": "t", "status": {"state": "auth-required"}, "kind": "status-update"}


def test_conversations_on_one_pool_read_the_card_once_and_a_missing_card_still_falls_back(
    a2a_agent_v1: A2AServer, stream_server: StreamServer
) -> None:
    """A run's conversations share its connection pool: the card is read once for all of them, those started
    together included; an agent without a card is still spoken to in 0.3, then 1.x, as a lone conversation is."""
    stream_server.handle = current_agent  # no card there

    async def conversations() -> tuple[list[AgentReply], list[Conversation]]:
        async with make_client() as client:
            talks = [Conversation() for _ in range(6)]
            replies = await asyncio.gather(
                *(
                    send_message(a2a(f"{a2a_agent_v1.base}/a2a"), c, f"hi {i}", client=client)
                    for i, c in enumerate(talks)
                )
            )
            for talk in (Conversation(), Conversation()):
                replies.append(await send_message(a2a(stream_server.url()), talk, "hi", client=client))
                talks.append(talk)
            return replies, talks

    before = a2a_agent_v1.card_reads
    replies, talks = run_sync(conversations())
    assert a2a_agent_v1.card_reads - before == 1
    assert [r.text for r in replies] == [f"You said: hi {i}" for i in range(6)] + ["1.x heard: hi"] * 2
    assert [t.protocol_state["a2a_version"] for t in talks] == ["1.0"] * 8  # the last two after "method not found"
    assert [r.body["method"] for r in stream_server.requests] == ["message/send", "SendMessage"] * 2
