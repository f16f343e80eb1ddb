"""A streamed reply's connection after the reply is complete (evaluations/outbound/client.py): kept for the next
turn when the stream ends at once, closed when the agent keeps streaming, and the reply's time is the agent's."""

from __future__ import annotations

import time
from typing import Any

import pytest

from evaluations.connectors import AgentConfig, Conversation, Protocol, make_client, send_message
from evaluations.connectors.base import AgentReply, StreamFormat
from evaluations.core.bridge import run_sync
from tests.support.stream_server import Stream, StreamServer, sse


@pytest.fixture(autouse=True)
def allow_private(settings: Any) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True  # the agent below runs on 127.0.0.1


def sse_agent(server: StreamServer) -> AgentConfig:
    return AgentConfig(
        protocol=Protocol.HTTP_JSON, endpoint_url=server.url(), stream=StreamFormat.SSE, timeout_seconds=5,
        request_template='{"q": {{message}}}', reply_path="text", stream_done="[DONE]",
    )  # fmt: skip


def three_turns(config: AgentConfig) -> list[AgentReply]:
    async def turns() -> list[AgentReply]:
        async with make_client() as client:  # as a run holds it: one pool for its conversations
            conversation = Conversation()
            return [await send_message(config, conversation, text, client=client) for text in ("one", "two", "three")]

    return run_sync(turns())


def test_a_stream_that_ends_after_its_end_marker_leaves_the_connection_for_the_next_turn(
    stream_server: StreamServer,
) -> None:
    stream_server.handle = lambda r: Stream(sse({"text": f"Re: {r.body['q']}"}, "[DONE]"))

    replies = three_turns(sse_agent(stream_server))

    assert [reply.text for reply in replies] == ["Re: one", "Re: two", "Re: three"]
    ports = {request.client_port for request in stream_server.requests}
    assert len(stream_server.requests) == 3 and len(ports) == 1  # one connection, not one per turn


def test_a_stream_that_goes_on_after_its_end_marker_is_cut_and_not_waited_for(stream_server: StreamServer) -> None:
    stream_server.handle = lambda r: Stream(sse({"text": "Hello"}, "[DONE]", {"text": "never read"}), hold=1.0)

    started = time.monotonic()
    replies = three_turns(sse_agent(stream_server))

    assert [reply.text for reply in replies] == ["Hello"] * 3
    assert time.monotonic() - started < 1.0  # not the agent's hold after the end, turn after turn
    assert all(reply.latency_ms < 200 for reply in replies)
    assert len({request.client_port for request in stream_server.requests}) == 3  # each connection closed
