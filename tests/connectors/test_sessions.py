"""Sessions (docs/agents.md, Sessions): a start request before a conversation's first message, whose session id
fills {{session_id}} in the URL, headers and body and whose cookies are carried; an end request when it ends."""

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
    close_conversation,
    send_message,
)
from evaluations.core.bridge import run_sync
from tests.support.stream_server import Request, Stream, StreamServer


@pytest.fixture(autouse=True)
def allow_private(settings: Any) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True


def session_agent(server: StreamServer, **overrides: Any) -> AgentConfig:
    values: dict[str, Any] = {
        "protocol": Protocol.HTTP_JSON, "timeout_seconds": 5,
        "endpoint_url": server.url("/sessions/{{session_id}}/messages"),
        "request_template": '{"session": {{session_id}}, "text": {{message}}}', "reply_path": "reply",
        "tool_calls_path": "calls", "extra_headers": (("X-Session", "{{session_id}}"),),
        "session_start_url": server.url("/sessions"), "session_start_body": '{"user": "trustgate"}',
        "session_id_path": "session.id", "session_end_url": server.url("/sessions/{{session_id}}/end"),
    }  # fmt: skip
    return AgentConfig(**{**values, **overrides})


def handle(request: Request) -> Stream:
    if request.path == "/sessions":
        return Stream([json.dumps({"session": {"id": "s 1"}})], content_type="application/json",
                      headers={"Set-Cookie": "sticky=abc; Path=/"})  # fmt: skip
    if request.path.endswith("/end"):
        return Stream(["{}"], content_type="application/json")
    calls = [{"name": "lookup", "arguments": {"q": request.body["text"]}}] if "order" in request.body["text"] else []
    return Stream(
        [json.dumps({"reply": f"ok {request.body['text']}", "calls": calls})], content_type="application/json"
    )


def play(config: AgentConfig, *messages: str) -> list[AgentReply]:
    async def run() -> list[AgentReply]:
        conversation = Conversation()
        try:
            return [await send_message(config, conversation, m) for m in messages]
        finally:
            await close_conversation(conversation, config)

    return run_sync(run())


def test_session_start_fills_session_id_and_cookies_and_the_end_request_follows(stream_server: StreamServer) -> None:
    stream_server.handle = handle
    first, second = play(session_agent(stream_server), "my order", "thanks")
    assert first.text == "ok my order" and [c.name for c in first.tool_calls] == ["lookup"]
    assert second.text == "ok thanks"
    paths = [r.path for r in stream_server.requests]
    assert paths == ["/sessions", "/sessions/s%201/messages", "/sessions/s%201/messages", "/sessions/s%201/end"]
    start, message, _, end = stream_server.requests
    assert start.body == {"user": "trustgate"}
    assert message.body == {"session": "s 1", "text": "my order"}
    assert message.headers["X-Session"] == "s 1" and message.headers["Cookie"] == "sticky=abc"
    assert end.headers["Cookie"] == "sticky=abc"


def test_each_conversation_starts_its_own_session(stream_server: StreamServer) -> None:
    stream_server.handle = handle
    play(session_agent(stream_server), "a")
    play(session_agent(stream_server), "b")
    assert [r.path for r in stream_server.requests].count("/sessions") == 2


def test_a_failing_start_request_is_named(stream_server: StreamServer) -> None:
    stream_server.handle = lambda r: Stream(['{"error": "no"}'], status=500, content_type="application/json")
    with pytest.raises(AgentError) as excinfo:
        play(session_agent(stream_server), "hi")
    assert excinfo.value.message.startswith("The session start request failed: The agent answered HTTP 500")


def test_a_start_reply_without_the_session_id_is_named(stream_server: StreamServer) -> None:
    stream_server.handle = lambda r: Stream(['{"other": 1}'], content_type="application/json")
    with pytest.raises(AgentError) as excinfo:
        play(session_agent(stream_server), "hi")
    assert excinfo.value.kind == ErrorKind.PATH_MISSING and "has no session id" in excinfo.value.message


def test_a_failing_end_request_does_not_fail_the_conversation(stream_server: StreamServer) -> None:
    def failing_end(request: Request) -> Stream:
        return Stream(status=500) if request.path.endswith("/end") else handle(request)

    stream_server.handle = failing_end
    [reply] = play(session_agent(stream_server), "hi")
    assert reply.text == "ok hi"


def test_the_start_request_is_guarded(stream_server: StreamServer, settings: Any) -> None:
    stream_server.handle = lambda r: Stream(status=302, headers={"Location": "http://10.0.0.1/"})
    with pytest.raises(AgentError, match="The session start request failed: .*does not follow redirects"):
        play(session_agent(stream_server), "hi")
    config = session_agent(stream_server, session_start_url="http://10.0.0.9/sessions")
    with pytest.raises(AgentError):
        play(config, "hi")
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = False
    count = len(stream_server.requests)
    with pytest.raises(AgentError) as excinfo:
        play(session_agent(stream_server), "hi")
    assert excinfo.value.kind == ErrorKind.BLOCKED and len(stream_server.requests) == count
