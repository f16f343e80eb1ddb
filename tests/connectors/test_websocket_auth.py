"""WebSocket agents that want the API key in a first message, and retries on the conversation's socket, against the
loopback WebSocket server (docs/agents.md, WebSocket): its ``/ws-auth`` path asks for an auth frame first."""

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
    close_conversation,
    send_with_retry,
)
from evaluations.core.bridge import run_sync
from tests.connectors.test_websocket import ws
from tests.support.ws_server import AUTH_PATH, CLOSE, WsServer

API_KEY = "sk-ws-first-9f2c7e1d55aa"
AUTH_FRAME = '{"type": "auth", "token": "{{api_key}}"}'


@pytest.fixture(autouse=True)
def allow_private(settings: Any) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True


def play(config: AgentConfig, *messages: str, api_key: str = API_KEY) -> list[AgentReply]:
    """Every message on one conversation with the retries runs use, the socket closed at the end."""

    async def run() -> list[AgentReply]:
        conversation = Conversation()
        try:
            return [(await send_with_retry(config, conversation, m, api_key=api_key, client=None))[0] for m in messages]
        finally:
            await close_conversation(conversation)

    return run_sync(run())


def counting_turns(server: WsServer) -> Any:
    """The agent's conversation state: each connection counts its own turns."""

    def handle(text: str, number: int) -> list[tuple[float, Any]]:
        turn = sum(1 for n, _ in server.messages if n == number)
        return [(0.0, json.dumps({"text": f"turn {turn}: {json.loads(text)['text']}"}))]

    return handle


def test_first_message_carries_the_key_once_per_socket_and_the_conversation_works(ws_server: WsServer) -> None:
    ws_server.auth_token = API_KEY
    ws_server.handle = counting_turns(ws_server)
    config = ws(ws_server, endpoint_url=ws_server.url(AUTH_PATH), first_message=AUTH_FRAME,
                first_message_ack="type=auth_ok", key_in_header=False)  # fmt: skip
    first, second = play(config, "hello", "again")
    assert (first.text, second.text) == ("turn 1: hello", "turn 2: again")
    assert [json.loads(frame) for _, frame in ws_server.auth_frames] == [{"type": "auth", "token": API_KEY}]
    assert len({n for n, _ in ws_server.messages}) == 1
    assert "authorization" not in ws_server.upgrades[0]  # the key went in the first message only
    assert API_KEY not in first.raw_preview + second.raw_preview


def test_wrong_token_is_a_readable_fault_with_the_key_masked(ws_server: WsServer) -> None:
    ws_server.auth_token = "the-right-one"
    config = ws(ws_server, endpoint_url=ws_server.url(AUTH_PATH), first_message=AUTH_FRAME,
                first_message_ack="type=auth_ok")  # fmt: skip
    with pytest.raises(AgentError) as excinfo:
        play(config, "hello")
    assert excinfo.value.message == (
        "The agent sent an error frame after the first message (401): invalid token. Check the API key and the first "
        "message template."
    )
    assert not excinfo.value.is_retryable and ws_server.messages == []
    assert API_KEY not in excinfo.value.message + excinfo.value.raw_preview


def test_missing_first_message_is_a_readable_fault(ws_server: WsServer) -> None:
    ws_server.auth_token = API_KEY
    with pytest.raises(AgentError, match=r"^The agent sent an error frame \(401\): invalid token\.$"):
        play(ws(ws_server, endpoint_url=ws_server.url(AUTH_PATH)), "hello")


def test_agent_closing_instead_of_acknowledging_is_named(ws_server: WsServer) -> None:
    ws_server.auth_token = "the-right-one"
    config = ws(ws_server, endpoint_url=ws_server.url(AUTH_PATH), first_message='{"token": "{{api_key}}"}',
                first_message_ack="*")  # fmt: skip
    ws_server.handle = lambda text, n: [(0.0, CLOSE)]
    with pytest.raises(AgentError) as excinfo:
        play(config, "hello")
    assert "after the first message" in excinfo.value.message  # the error frame or the close, whichever came first


def test_silent_agent_times_out_waiting_for_the_acknowledgement(ws_server: WsServer) -> None:
    config = ws(ws_server, first_message='{"token": "{{api_key}}"}', first_message_ack="type=auth_ok",
                timeout_seconds=0.5)  # fmt: skip
    ws_server.handle = lambda text, n: [(0.0, json.dumps({"type": "hello"}))]
    with pytest.raises(AgentError) as excinfo:
        play(config, "hello")
    assert excinfo.value.kind == ErrorKind.TIMEOUT
    assert excinfo.value.message.startswith(
        "The agent did not acknowledge the first message (type=auth_ok) within 0.5 s (1 other frame arrived)."
    )


def test_a_rate_limited_turn_is_retried_on_the_same_socket(ws_server: WsServer) -> None:
    ws_server.auth_token = API_KEY
    answered = counting_turns(ws_server)
    refused: list[str] = []

    def handle(text: str, number: int) -> list[tuple[float, Any]]:
        if "again" in text and not refused:
            refused.append(text)
            ws_server.messages.pop()  # the agent did not take the refused message into its conversation
            return [
                (0.0, json.dumps({"type": "error", "error": {"message": "slow down", "status": 429}, "retry_after": 0}))
            ]
        return answered(text, number)

    ws_server.handle = handle
    before = ws_server.connections
    config = ws(ws_server, endpoint_url=ws_server.url(AUTH_PATH), first_message=AUTH_FRAME,
                first_message_ack="type=auth_ok")  # fmt: skip
    first, second = play(config, "hello", "again")
    assert second.text == "turn 2: again"  # the agent kept the conversation: same socket, same state
    assert ws_server.connections - before == 1 and len(ws_server.auth_frames) == 1
    assert (second.retries, second.reconnected) == (1, False)
    assert second.timing() == {"ms": second.latency_ms, "ttft_ms": second.ttft_ms, "chunks": 1, "retries": 1}
    assert set(first.timing()) == {"ms", "ttft_ms", "chunks"}


def test_a_retry_after_the_agent_closed_reconnects_and_says_so(ws_server: WsServer) -> None:
    answered = counting_turns(ws_server)
    refused: list[str] = []

    def handle(text: str, number: int) -> list[tuple[float, Any]]:
        if "again" in text and not refused:
            refused.append(text)
            return [(0.0, json.dumps({"type": "error", "status": 503, "retry_after": 0})), (0.0, CLOSE)]
        return answered(text, number)

    ws_server.handle = handle
    before = ws_server.connections
    _first, second = play(ws(ws_server), "hello", "again")
    assert ws_server.connections - before == 2
    assert second.text == "turn 1: again"  # a new socket: the agent started over
    assert second.reconnected and second.timing()["reconnected"] == 1 and second.retries == 1


def test_an_error_frame_that_is_not_a_rate_limit_is_not_retried(ws_server: WsServer) -> None:
    ws_server.handle = lambda text, n: [(0.0, json.dumps({"type": "error", "message": "unknown intent", "code": 400}))]
    with pytest.raises(AgentError) as excinfo:
        play(ws(ws_server), "hello")
    assert excinfo.value.message == "The agent sent an error frame (400): unknown intent."
    assert len(ws_server.messages) == 1


def test_a_rate_limited_first_message_is_retried_on_a_new_socket(ws_server: WsServer) -> None:
    answered = counting_turns(ws_server)
    firsts: list[int] = []

    def handle(text: str, number: int) -> list[tuple[float, Any]]:
        if "token" in text:  # the first message of each socket
            firsts.append(number)
            ws_server.messages.pop()
            if len(firsts) == 1:
                return [(0.0, json.dumps({"type": "error", "status": 429, "retry_after": 0}))]
            return [(0.0, json.dumps({"type": "ready"}))]
        return answered(text, number)

    ws_server.handle = handle
    [reply] = play(ws(ws_server, first_message='{"token": "{{api_key}}"}', first_message_ack="type=ready"), "hello")
    assert reply.text == "turn 1: hello" and reply.retries == 1
    assert len(set(firsts)) == 2 and {n for n, _ in ws_server.messages} == {firsts[1]}  # never on the refused one
