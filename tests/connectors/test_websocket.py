"""WebSocket agents against a real loopback WebSocket server (docs/agents.md, WebSocket): one socket per
conversation, the auth header on the upgrade, end by marker, path=value or silence, tool calls, and the faults."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest

from evaluations.connectors import (
    AgentConfig,
    AgentError,
    AgentReply,
    Conversation,
    ErrorKind,
    Protocol,
    close_conversation,
    send_message,
    send_message_sync,
)
from evaluations.connectors.base import ConversationIdSource
from evaluations.core.bridge import run_sync
from tests.support.ws_server import CLOSE, WsServer

API_KEY = "sk-ws-abcdef1234567890"


@pytest.fixture(autouse=True)
def allow_private(settings: Any) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True


def ws(server: WsServer, **overrides: Any) -> AgentConfig:
    values: dict[str, Any] = {
        "protocol": Protocol.WEBSOCKET, "endpoint_url": server.url(), "timeout_seconds": 3,
        "request_template": '{"type": "user", "text": {{message}}}', "reply_path": "text",
    }  # fmt: skip
    return AgentConfig(**{**values, **overrides})


def conversation_of(config: AgentConfig, *messages: str, api_key: str = "") -> list[AgentReply]:
    """Every message on one conversation (one event loop), the socket closed at the end."""

    async def play() -> list[AgentReply]:
        conversation = Conversation()
        try:
            return [await send_message(config, conversation, m, api_key=api_key) for m in messages]
        finally:
            await close_conversation(conversation)

    return run_sync(play())


def test_two_turns_on_one_socket_with_a_tool_call_and_the_end_marker(ws_server: WsServer) -> None:
    def handle(text: str, number: int) -> list[tuple[float, Any]]:
        turn = sum(1 for n, _ in ws_server.messages if n == number)
        frames: list[tuple[float, Any]] = [
            (0.02, json.dumps({"type": "token", "text": f"Turn {turn}: ", "cid": "c-7"}))
        ]
        if turn == 1:
            frames.append((0.0, json.dumps({"type": "tool", "calls": [{"name": "lookup", "arguments": {"id": 1}}]})))
        frames += [(0.0, json.dumps({"type": "token", "text": "done."})), (0.0, json.dumps({"type": "end"}))]
        return frames

    ws_server.handle = handle
    config = ws(
        ws_server, tool_calls_path="calls", stream_done="type=end", conversation_id_path="cid",
        conversation_id_source=ConversationIdSource.BODY,
    )  # fmt: skip
    first, second = conversation_of(config, "hello", "again", api_key=API_KEY)
    assert first.text == "Turn 1: done." and [(c.name, c.arguments) for c in first.tool_calls] == [
        ("lookup", {"id": 1})
    ]
    assert second.text == "Turn 2: done." and second.conversation_id == "c-7"
    assert first.chunks == 3 and first.ttft_ms is not None and first.ttft_ms >= 15
    assert [json.loads(t)["text"] for _, t in ws_server.messages] == ["hello", "again"]
    assert len({n for n, _ in ws_server.messages}) == 1  # one socket for the conversation
    assert ws_server.upgrades[0]["authorization"] == f"Bearer {API_KEY}"
    assert ws_server.upgrades[0]["host"] == f"127.0.0.1:{ws_server.url().split(':')[2].split('/')[0]}"


def test_each_conversation_gets_its_own_socket(ws_server: WsServer) -> None:
    conversation_of(ws(ws_server, reply_path=""), "a")
    conversation_of(ws(ws_server, reply_path=""), "b")
    assert len({n for n, _ in ws_server.messages}) == 2


def test_one_frame_is_the_reply_without_an_end_condition(ws_server: WsServer) -> None:
    ws_server.handle = lambda text, n: [(0.0, "plain text reply"), (0.0, "a late second frame")]
    [reply] = conversation_of(ws(ws_server, reply_path=""), "hi")
    assert reply.text == "plain text reply" and reply.chunks == 1


def test_silence_ends_the_reply(ws_server: WsServer) -> None:
    ws_server.handle = lambda text, n: [(0.0, "Hel"), (0.02, "lo"), (1.0, "too late")]
    started = time.monotonic()
    [reply] = conversation_of(ws(ws_server, reply_path="", silence_ms=200), "hi")
    assert reply.text == "Hello" and time.monotonic() - started < 0.9


def test_malformed_frame_is_named(ws_server: WsServer) -> None:
    ws_server.handle = lambda text, n: [(0.0, json.dumps({"text": "ok"})), (0.0, "{oops")]
    with pytest.raises(AgentError, match="Event 2 of the agent's stream is not JSON: {oops"):
        conversation_of(ws(ws_server, stream_done="type=end"), "hi")


def test_stalled_reply_times_out_saying_so(ws_server: WsServer) -> None:
    ws_server.handle = lambda text, n: [(0.0, json.dumps({"text": "partial"})), (3.0, json.dumps({"type": "end"}))]
    with pytest.raises(AgentError) as excinfo:
        conversation_of(ws(ws_server, stream_done="type=end", timeout_seconds=0.5), "hi")
    assert excinfo.value.kind == ErrorKind.TIMEOUT
    assert "The agent's WebSocket reply stalled: 1 frame arrived, then no end within 0.5 s" in excinfo.value.message


def test_oversized_reply_is_cut(ws_server: WsServer) -> None:
    big = json.dumps({"text": "x" * 30_000})
    ws_server.handle = lambda text, n: [(0.0, big)] * 5
    with pytest.raises(AgentError) as excinfo:
        conversation_of(ws(ws_server, stream_done="type=end"), "hi")
    assert excinfo.value.kind == ErrorKind.OVERSIZED and "passed 64 KB after 2 frames" in excinfo.value.message


def test_one_frame_over_the_cap_is_refused(ws_server: WsServer) -> None:
    ws_server.handle = lambda text, n: [(0.0, "x" * 100_000)]
    with pytest.raises(AgentError) as excinfo:
        conversation_of(ws(ws_server, reply_path=""), "hi")
    assert excinfo.value.kind == ErrorKind.OVERSIZED and "passed 64 KB after 0 frames" in excinfo.value.message


def test_agent_closing_mid_reply_is_a_connection_error(ws_server: WsServer) -> None:
    ws_server.handle = lambda text, n: [(0.0, json.dumps({"text": "par"})), (0.0, CLOSE)]
    with pytest.raises(
        AgentError, match=r"closed the WebSocket \(code 1011\) after 1 frames of this reply: agent crashed"
    ):
        conversation_of(ws(ws_server, stream_done="type=end"), "hi")


def test_redirect_on_upgrade_is_refused(ws_server: WsServer) -> None:
    ws_server.reject = (302, {"Location": "ws://169.254.169.254/"})
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(ws(ws_server), Conversation(), "hi")
    assert excinfo.value.status_code == 302 and "Trustgate does not follow redirects" in excinfo.value.message
    assert ws_server.messages == []


def test_private_address_is_refused_before_connecting(ws_server: WsServer, settings: Any) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = False
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(ws(ws_server), Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.BLOCKED and "127.0.0.1 is a loopback address" in excinfo.value.message
    assert ws_server.upgrades == []


def test_http_scheme_is_refused_for_a_websocket_agent(ws_server: WsServer) -> None:
    with pytest.raises(AgentError, match="must start with ws:// or wss://"):
        send_message_sync(ws(ws_server, endpoint_url="http://127.0.0.1:9/ws"), Conversation(), "hi")


def test_the_key_echoed_in_a_frame_is_masked(ws_server: WsServer) -> None:
    ws_server.handle = lambda text, n: [(0.0, json.dumps({"text": f"your key is {API_KEY}"}))]
    reply = send_message_sync(ws(ws_server), Conversation(), "hi", api_key=API_KEY)
    assert API_KEY not in reply.raw_preview


def test_send_message_sync_closes_the_socket(ws_server: WsServer) -> None:
    conversation = Conversation()
    send_message_sync(ws(ws_server, reply_path=""), conversation, "hi")
    assert conversation.transport is None
    asyncio.run(asyncio.sleep(0))
