"""Connectors against real local servers: every protocol, sessions, faults, masking (docs/agents.md, docs/scoring.md)."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from evaluations.connectors import (
    AgentConfig,
    AgentError,
    Conversation,
    ConversationIdSource,
    ErrorKind,
    Protocol,
    ToolCall,
    Turn,
    make_client,
    parse_retry_after,
    send_message,
    send_message_sync,
)
from evaluations.connectors.bedrock import get_client
from evaluations.connectors.validation import check_extra_header_name, check_header_value
from evaluations.outbound.masking import mask_key, redact
from tests.support.fake_bedrock import FakeBedrock, RecordedRequest, ScriptedReply, converse_reply

API_KEY = "sk-live-abcdef1234567890"


@pytest.fixture(autouse=True)
def allow_private(settings: Any) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True  # the agents below run on 127.0.0.1


def http_json(url: str, **overrides: Any) -> AgentConfig:
    values: dict[str, Any] = {"protocol": Protocol.HTTP_JSON, "endpoint_url": url, "timeout_seconds": 5}
    values.update(overrides)
    return AgentConfig(**values)


def bodies(httpserver: HTTPServer) -> list[Any]:
    return [json.loads(request.get_data()) for request, _ in httpserver.log]


class RawServer:
    """A threaded server whose handler writes raw responses (slow, huge or broken replies)."""

    def __init__(self) -> None:
        self.handle: Callable[[BaseHTTPRequestHandler], None] = lambda h: None
        raw = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                pass

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    raw.handle(self)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client stopped reading, as it should

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/agent"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def raw_server() -> Iterator[RawServer]:
    server = RawServer()
    yield server
    server.close()


def send_raw(handler: BaseHTTPRequestHandler, body: bytes, *, status: int = 200) -> None:
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


# HTTP / JSON ----------------------------------------------------------------------------------------------

TEMPLATE = '{"input": {"text": {{message}}}, "history": {{history}}, "session": {{conversation_id}}, "t": {{tenant}}}'


def test_http_json_nested_paths_tool_calls_and_body_conversation_id_over_two_turns(httpserver: HTTPServer) -> None:
    turn = {"n": 0}

    def agent(request: Request) -> Response:
        turn["n"] += 1
        reply = {
            "data": {
                "reply": {"text": f"answer {turn['n']}"},
                "session": {"id": "sess-42"},
                "actions": [{"name": "lookup_order", "arguments": {"order_id": "A1"}}] if turn["n"] == 1 else [],
            },
            "status": "ok",
        }
        return Response(json.dumps(reply), content_type="application/json")

    httpserver.expect_request("/agent", method="POST").respond_with_handler(agent)
    config = http_json(
        httpserver.url_for("/agent"),
        request_template=TEMPLATE,
        reply_path="data.reply.text",
        tool_calls_path="data.actions",
        conversation_id_source=ConversationIdSource.BODY,
        conversation_id_path="data.session.id",
        template_variables=(("tenant", "acme"),),
    )
    conversation = Conversation()

    first = send_message_sync(config, conversation, 'Where is my order "A1"?\nThanks')
    second = send_message_sync(config, conversation, "And the refund?")

    assert first.text == "answer 1"
    assert first.tool_calls == (ToolCall(name="lookup_order", arguments={"order_id": "A1"}),)
    assert first.reply_path == "data.reply.text"
    assert first.conversation_id == "sess-42"
    assert first.status_code == 200 and first.latency_ms >= 0
    assert '"answer 1"' in first.raw_preview
    assert second.text == "answer 2" and second.tool_calls == ()
    sent = bodies(httpserver)
    assert sent[0] == {
        "input": {"text": 'Where is my order "A1"?\nThanks'},
        "history": [],
        "session": None,
        "t": "acme",
    }
    assert sent[1]["session"] == "sess-42"
    assert sent[1]["history"] == [
        {"role": "user", "content": 'Where is my order "A1"?\nThanks'},
        {"role": "assistant", "content": "answer 1"},
    ]
    assert conversation.turns[-1] == Turn(role="assistant", content="answer 2")
    assert len(conversation.turns) == 4
    assert conversation.conversation_id == "sess-42"


def test_conversation_id_from_a_response_header_is_sent_back(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/agent").respond_with_json({"reply": "ok"}, headers={"X-Conversation-Id": "h-1"})
    config = http_json(
        httpserver.url_for("/agent"),
        request_template='{"q": {{message}}, "cid": {{conversation_id}}}',
        reply_path="reply",
        conversation_id_source=ConversationIdSource.HEADER,
        conversation_id_name="X-Conversation-Id",
    )
    conversation = Conversation()

    first = send_message_sync(config, conversation, "one")
    send_message_sync(config, conversation, "two")

    assert first.conversation_id == "h-1"
    assert bodies(httpserver) == [{"q": "one", "cid": None}, {"q": "two", "cid": "h-1"}]
    second_request = httpserver.log[1][0]
    assert second_request.headers["X-Conversation-Id"] == "h-1"
    assert "X-Conversation-Id" not in httpserver.log[0][0].headers


def test_conversation_id_from_a_cookie_is_sent_back_as_a_cookie(httpserver: HTTPServer) -> None:
    def agent(request: Request) -> Response:
        response = Response(json.dumps({"reply": "ok"}), content_type="application/json")
        if "sid" not in request.cookies:
            response.headers.add("Set-Cookie", "sid=c-1; Path=/; HttpOnly")
            response.headers.add("Set-Cookie", "lang=en; Path=/")
        return response

    httpserver.expect_request("/agent").respond_with_handler(agent)
    config = http_json(
        httpserver.url_for("/agent"),
        request_template='{"q": {{message}}, "cid": {{conversation_id}}}',
        reply_path="reply",
        conversation_id_source=ConversationIdSource.COOKIE,
        conversation_id_name="sid",
    )
    conversation = Conversation()

    send_message_sync(config, conversation, "one")
    second = send_message_sync(config, conversation, "two")

    assert second.conversation_id == "c-1"
    assert conversation.cookies == {"sid": "c-1", "lang": "en"}
    assert "Cookie" not in httpserver.log[0][0].headers
    assert dict(httpserver.log[1][0].cookies) == {"sid": "c-1", "lang": "en"}
    assert bodies(httpserver)[1]["cid"] == "c-1"


def test_generated_conversation_id_is_fixed_per_conversation(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/agent").respond_with_json({"reply": "ok"})
    config = http_json(
        httpserver.url_for("/agent"),
        request_template='{"q": {{message}}, "cid": {{conversation_id}}}',
        reply_path="reply",
        conversation_id_source=ConversationIdSource.GENERATED,
    )
    first_conversation, other_conversation = Conversation(), Conversation()

    reply = send_message_sync(config, first_conversation, "one")
    send_message_sync(config, first_conversation, "two")
    send_message_sync(config, other_conversation, "three")

    ids = [body["cid"] for body in bodies(httpserver)]
    assert len(ids[0]) == 32 and ids[0] == ids[1] == reply.conversation_id == first_conversation.conversation_id
    assert ids[2] != ids[0]


def test_stateful_agent_gets_only_the_latest_message(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/agent").respond_with_json({"reply": "ok"})
    config = http_json(
        httpserver.url_for("/agent"),
        request_template=TEMPLATE.replace(', "t": {{tenant}}', ""),
        reply_path="reply",
        stateful=True,
    )
    conversation = Conversation(turns=[Turn("user", "earlier"), Turn("assistant", "before")])

    send_message_sync(config, conversation, "latest")

    assert bodies(httpserver)[0]["history"] == []
    assert bodies(httpserver)[0]["input"] == {"text": "latest"}
    assert len(conversation.turns) == 4  # Trustgate still keeps the whole exchange for scoring


def test_default_template_and_auto_reply_key(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/agent").respond_with_json({"output": "fine"})

    reply = send_message_sync(http_json(httpserver.url_for("/agent")), Conversation(), "hi")

    assert reply.text == "fine" and reply.reply_path == "output"
    assert set(bodies(httpserver)[0]) == {"message", "history", "conversation_id"}


def test_auth_and_extra_headers(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/agent").respond_with_json({"reply": "ok"})
    url = httpserver.url_for("/agent")

    send_message_sync(
        http_json(
            url,
            reply_path="reply",
            extra_headers=(("X-Tenant", "{{tenant}}"),),
            template_variables=(("tenant", "acme"),),
        ),
        Conversation(),
        "a",
        api_key=API_KEY,
    )
    send_message_sync(
        http_json(url, reply_path="reply", auth_header_name="X-Agent-Auth", auth_value_prefix=""),
        Conversation(),
        "b",
        api_key=API_KEY,
    )
    send_message_sync(http_json(url, reply_path="reply"), Conversation(), "c")

    first, second, third = (request for request, _ in httpserver.log)
    assert first.headers["Authorization"] == f"Bearer {API_KEY}"
    assert first.headers["X-Tenant"] == "acme"
    assert first.headers["Content-Type"] == "application/json"
    assert second.headers["X-Agent-Auth"] == API_KEY and "Authorization" not in second.headers
    assert "Authorization" not in third.headers


def test_header_values_with_line_breaks_are_refused(httpserver: HTTPServer) -> None:
    config = http_json(
        httpserver.url_for("/agent"),
        extra_headers=(("X-Tenant", "{{tenant}}"),),
        template_variables=(("tenant", "acme\r\nX-Injected: 1"),),
    )
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(config, Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.CONFIG
    assert httpserver.log == []


def test_template_error_is_a_config_error(httpserver: HTTPServer) -> None:
    config = http_json(httpserver.url_for("/agent"), request_template='{"q": {{question}}}')
    with pytest.raises(AgentError, match=r"Unknown placeholder \{\{question\}\}") as excinfo:
        send_message_sync(config, Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.CONFIG


def test_webhook_uses_the_template_and_paths(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/hook").respond_with_json(
        {"result": [{"say": "hook reply"}], "tools": {"tool": "refund", "args": '{"amount": 5}'}}
    )
    config = AgentConfig(
        protocol=Protocol.WEBHOOK,
        endpoint_url=httpserver.url_for("/hook"),
        request_template='{"event": "message", "payload": {"text": {{message}}}}',
        reply_path="result[-1].say",
        tool_calls_path="tools",
    )

    reply = send_message_sync(config, Conversation(), "hi")

    assert reply.text == "hook reply"
    assert reply.tool_calls == (ToolCall(name="refund", arguments={"amount": 5}),)
    assert bodies(httpserver) == [{"event": "message", "payload": {"text": "hi"}}]


def test_missing_tool_call_path_means_no_tool_calls(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/agent").respond_with_json({"reply": "no tools"})
    config = http_json(httpserver.url_for("/agent"), reply_path="reply", tool_calls_path="data.tool_calls")
    assert send_message_sync(config, Conversation(), "hi").tool_calls == ()


# OpenAI-compatible -----------------------------------------------------------------------------------------


def test_openai_sends_full_history_and_reads_tool_calls(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/v1/chat/completions", method="POST").respond_with_json(
        {
            "id": "chatcmpl-1",
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "tool_calls",
                    "message": {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [
                            {
                                "id": "c1",
                                "type": "function",
                                "function": {"name": "get_balance", "arguments": '{"account": "123"}'},
                            },
                            {"id": "c2", "type": "function", "function": {"name": "broken", "arguments": "{not json"}},
                        ],
                    },
                }
            ],
        }
    )
    config = AgentConfig(
        protocol=Protocol.OPENAI,
        endpoint_url=httpserver.url_for("/v1/"),
        model_name="gpt-test",
        system_prompt="Be nice.",
    )
    conversation = Conversation(turns=[Turn("user", "hi"), Turn("assistant", "hello")])

    reply = send_message_sync(config, conversation, "my balance?", api_key=API_KEY)

    assert reply.text == ""
    assert reply.reply_path == "choices[0].message.content"
    assert reply.tool_calls == (
        ToolCall(name="get_balance", arguments={"account": "123"}),
        ToolCall(name="broken", arguments={"_raw": "{not json"}),
    )
    request = httpserver.log[0][0]
    assert request.headers["Authorization"] == f"Bearer {API_KEY}"
    assert json.loads(request.get_data()) == {
        "model": "gpt-test",
        "messages": [
            {"role": "system", "content": "Be nice."},
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": "hello"},
            {"role": "user", "content": "my balance?"},
        ],
    }


def test_openai_url_already_ending_in_chat_completions_is_used_as_is(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/v1/chat/completions").respond_with_json(
        {"choices": [{"message": {"role": "assistant", "content": "plain answer"}}]}
    )
    config = AgentConfig(protocol=Protocol.OPENAI, endpoint_url=httpserver.url_for("/v1/chat/completions"))

    reply = send_message_sync(config, Conversation(), "q")

    assert reply.text == "plain answer" and reply.tool_calls == ()
    assert "model" not in bodies(httpserver)[0]


def test_openai_reply_without_choices_is_path_missing(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/v1/chat/completions").respond_with_json({"object": "error"})
    config = AgentConfig(protocol=Protocol.OPENAI, endpoint_url=httpserver.url_for("/v1"))
    with pytest.raises(AgentError, match="'choices' is missing at the top level") as excinfo:
        send_message_sync(config, Conversation(), "q")
    assert excinfo.value.kind == ErrorKind.PATH_MISSING


# Simple chat ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reply", "text", "key"),
    [
        ({"text": "t", "answer": "a", "message": "m"}, "a", "answer"),
        ({"content": "c", "message": {"nested": 1}, "reply": "r"}, "r", "reply"),
        ({"output": "o", "content": "c"}, "o", "output"),
        ({"content": "only content", "meta": 1}, "only content", "content"),
    ],
)
def test_simple_chat_reads_the_first_text_key(
    httpserver: HTTPServer, reply: dict[str, Any], text: str, key: str
) -> None:
    httpserver.expect_request("/chat").respond_with_json(reply)
    config = AgentConfig(protocol=Protocol.SIMPLE_CHAT, endpoint_url=httpserver.url_for("/chat"))

    result = send_message_sync(config, Conversation(), "hello")

    assert (result.text, result.reply_path) == (text, key)
    assert bodies(httpserver) == [{"message": "hello"}]


def test_simple_chat_without_a_text_key_lists_what_was_there(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/chat").respond_with_json({"result": "x", "code": 1})
    config = AgentConfig(protocol=Protocol.SIMPLE_CHAT, endpoint_url=httpserver.url_for("/chat"))
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(config, Conversation(), "hello")
    assert excinfo.value.kind == ErrorKind.PATH_MISSING
    assert "answer, message, reply, response, output, text, content" in excinfo.value.message
    assert "Top-level keys in the reply: result, code." in excinfo.value.message


# Faults -------------------------------------------------------------------------------------------------------


def test_timeout(raw_server: RawServer) -> None:
    def slow(handler: BaseHTTPRequestHandler) -> None:
        time.sleep(1.5)
        send_raw(handler, b'{"reply": "late"}')

    raw_server.handle = slow
    started = time.monotonic()
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(http_json(raw_server.url, timeout_seconds=0.3), Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.TIMEOUT
    assert excinfo.value.message == "The agent did not answer within 0.3 s (the agent's timeout setting)."
    assert time.monotonic() - started < 1.2


def test_connection_refused() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # closed again before the request
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(http_json(f"http://127.0.0.1:{port}/agent"), Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.CONNECTION
    assert f"Could not connect to the agent at 127.0.0.1:{port}" in excinfo.value.message


def test_unresolvable_host_is_a_connection_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_dns(*args: Any, **kwargs: Any) -> Any:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", no_dns)
    with pytest.raises(AgentError, match="could not be resolved") as excinfo:
        send_message_sync(http_json("https://agent.invalid/agent"), Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.CONNECTION


def test_server_error_has_status_and_preview(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/agent").respond_with_data("upstream model crashed", status=500)
    conversation = Conversation()
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(http_json(httpserver.url_for("/agent")), conversation, "hi")
    error = excinfo.value
    assert (error.kind, error.status_code, error.is_retryable) == (ErrorKind.HTTP_STATUS, 500, False)
    assert error.message.startswith("The agent answered HTTP 500 Internal Server Error.")
    assert "upstream model crashed" in error.message and error.raw_preview == "upstream model crashed"
    assert conversation.turns == []


def test_429_with_retry_after_seconds_is_retryable(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/agent").respond_with_json(
        {"error": "slow down"}, status=429, headers={"Retry-After": "7"}
    )
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(http_json(httpserver.url_for("/agent")), Conversation(), "hi")
    error = excinfo.value
    assert (error.status_code, error.retry_after, error.is_retryable) == (429, 7.0, True)
    assert "retry after 7 s" in error.message


def test_503_with_retry_after_date(httpserver: HTTPServer) -> None:
    when = format_datetime(datetime.now(UTC) + timedelta(seconds=90), usegmt=True)
    httpserver.expect_request("/agent").respond_with_data("busy", status=503, headers={"Retry-After": when})
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(http_json(httpserver.url_for("/agent")), Conversation(), "hi")
    assert excinfo.value.is_retryable
    assert excinfo.value.retry_after is not None and 80 <= excinfo.value.retry_after <= 91


def test_parse_retry_after() -> None:
    assert parse_retry_after("12") == 12.0
    assert parse_retry_after("  0 ") == 0.0
    assert parse_retry_after("soon") is None
    assert parse_retry_after(None) is None
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0  # in the past


def test_non_json_reply_is_malformed(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/agent").respond_with_data("<html>Hello</html>", content_type="text/html")
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(http_json(httpserver.url_for("/agent")), Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.MALFORMED
    assert "is not JSON; it starts with: <html>Hello</html>" in excinfo.value.message


def test_empty_reply_is_malformed(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/agent").respond_with_data("", status=200)
    with pytest.raises(AgentError, match="empty reply") as excinfo:
        send_message_sync(http_json(httpserver.url_for("/agent")), Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.MALFORMED


@pytest.mark.parametrize(
    ("protocol", "reply_path", "body", "expected"),
    [
        (Protocol.HTTP_JSON, "reply", '"just a string"', "The agent replied with a JSON string, not a JSON object"),
        (Protocol.HTTP_JSON, "reply", '["a", "b"]', "The agent replied with a JSON list, not a JSON object"),
        (Protocol.HTTP_JSON, "[0]", '{"a": 1}', "The agent replied with a JSON object, not a JSON list"),
        (Protocol.SIMPLE_CHAT, "", '"hello"', "The agent replied with a JSON string, not a JSON object"),
        (Protocol.OPENAI, "", "[1]", "The agent replied with a JSON list, not a JSON object"),
    ],
)
def test_json_of_the_wrong_shape_is_malformed(
    httpserver: HTTPServer, protocol: Protocol, reply_path: str, body: str, expected: str
) -> None:
    httpserver.expect_request("/agent/chat/completions" if protocol == Protocol.OPENAI else "/agent").respond_with_data(
        body, content_type="application/json"
    )
    config = AgentConfig(protocol=protocol, endpoint_url=httpserver.url_for("/agent"), reply_path=reply_path)
    with pytest.raises(AgentError, match=expected) as excinfo:
        send_message_sync(config, Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.MALFORMED


def test_invalid_utf8_is_replaced_when_the_json_still_parses(raw_server: RawServer) -> None:
    raw_server.handle = lambda h: send_raw(h, b'{"reply": "caf\xe9 ok"}')
    reply = send_message_sync(http_json(raw_server.url, reply_path="reply"), Conversation(), "hi")
    assert reply.text == "caf\ufffd ok"


def test_invalid_utf8_that_is_not_json_is_malformed(raw_server: RawServer) -> None:
    raw_server.handle = lambda h: send_raw(h, b"\xff\xfe\x00garbage")
    with pytest.raises(AgentError, match="not valid UTF-8 and not JSON") as excinfo:
        send_message_sync(http_json(raw_server.url, reply_path="reply"), Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.MALFORMED


@pytest.mark.parametrize("declare_length", [True, False])
def test_ten_megabyte_reply_is_cut_at_64_kb(raw_server: RawServer, declare_length: bool) -> None:
    chunk = b"x" * 65536
    total = 10 * 1024 * 1024

    def huge(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        if declare_length:
            handler.send_header("Content-Length", str(total + 13))
        else:
            handler.send_header("Connection", "close")
        handler.end_headers()
        handler.wfile.write(b'{"reply": "')
        for _ in range(total // len(chunk)):
            handler.wfile.write(chunk)
        handler.wfile.write(b'"}')

    raw_server.handle = huge
    started = time.monotonic()
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(http_json(raw_server.url, reply_path="reply"), Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.OVERSIZED
    assert excinfo.value.message == "The agent's reply was larger than 64 KB; Trustgate reads at most 64 KB."
    assert len(excinfo.value.raw_preview) <= 2000
    assert time.monotonic() - started < 2


def test_missing_reply_path_names_what_was_missing(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/agent").respond_with_json({"data": {"text": "hi"}, "status": "ok"})
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(http_json(httpserver.url_for("/agent"), reply_path="data.reply.text"), Conversation(), "x")
    assert excinfo.value.kind == ErrorKind.PATH_MISSING
    assert excinfo.value.message == (
        "Reply path 'data.reply.text' found nothing: 'reply' is missing under 'data'. "
        "Top-level keys in the reply: data, status."
    )


def test_bad_reply_path_syntax_is_a_config_error(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/agent").respond_with_json({"data": {}})
    with pytest.raises(AgentError, match="not valid at position") as excinfo:
        send_message_sync(http_json(httpserver.url_for("/agent"), reply_path="data..x"), Conversation(), "x")
    assert excinfo.value.kind == ErrorKind.CONFIG


def test_api_key_echoed_in_an_error_body_is_masked(httpserver: HTTPServer) -> None:
    echoed = (
        f'{{"error": "invalid key {API_KEY}", "auth": "Bearer {API_KEY}", '
        f'"url": "https://x/?k=sk-live-abcdef1234567890"}}'
    )
    httpserver.expect_request("/agent").respond_with_data(echoed, status=401)
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(http_json(httpserver.url_for("/agent")), Conversation(), "hi", api_key=API_KEY)
    error = excinfo.value
    assert API_KEY not in error.message and API_KEY not in error.raw_preview and API_KEY not in str(error)
    assert "invalid key sk-…7890" in error.raw_preview and "Bearer sk-…7890" in error.raw_preview
    assert "Check the API key and the auth header name." in error.message


def test_api_key_echoed_in_a_successful_reply_is_masked_in_the_preview(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/agent").respond_with_json({"reply": "ok", "debug": {"key": API_KEY}})
    reply = send_message_sync(
        http_json(httpserver.url_for("/agent"), reply_path="reply"), Conversation(), "hi", api_key=API_KEY
    )
    assert API_KEY not in reply.raw_preview and "sk-…7890" in reply.raw_preview


def test_concurrent_conversations_on_one_client_do_not_share_cookies(httpserver: HTTPServer) -> None:
    def agent(request: Request) -> Response:
        body = json.loads(request.get_data())
        response = Response(json.dumps({"reply": request.cookies.get("sid", "none")}), content_type="application/json")
        response.headers.add("Set-Cookie", f"sid={body['message']}; Path=/")
        return response

    httpserver.expect_request("/agent").respond_with_handler(agent)
    config = http_json(
        httpserver.url_for("/agent"),
        reply_path="reply",
        conversation_id_source=ConversationIdSource.COOKIE,
        conversation_id_name="sid",
    )

    async def run() -> list[str]:
        async with make_client() as client:
            conversations = [Conversation() for _ in range(5)]
            await asyncio.gather(
                *(send_message(config, c, f"u{i}", client=client) for i, c in enumerate(conversations))
            )
            replies = await asyncio.gather(*(send_message(config, c, "again", client=client) for c in conversations))
            return [reply.text for reply in replies]

    assert asyncio.run(run()) == [f"u{i}" for i in range(5)]


# Bedrock ----------------------------------------------------------------------------------------------------

MODEL_ID = "anthropic.claude-3-5-haiku-20241022-v1:0"


def bedrock_config(**overrides: Any) -> AgentConfig:
    values: dict[str, Any] = {
        "protocol": Protocol.BEDROCK,
        "model_name": MODEL_ID,
        "system_prompt": "Policy text.",
        "timeout_seconds": 5,
    }
    values.update(overrides)
    return AgentConfig(**values)


def test_bedrock_converse_with_history_and_system_prompt(fake_bedrock: FakeBedrock) -> None:
    fake_bedrock.reply_text("First answer.")
    fake_bedrock.reply_text("Second answer.")
    conversation = Conversation()

    first = send_message_sync(bedrock_config(), conversation, "Hi")
    second = send_message_sync(bedrock_config(), conversation, "More?")

    assert (first.text, second.text) == ("First answer.", "Second answer.")
    assert first.reply_path == "output.message.content[0].text"
    assert first.conversation_id and first.conversation_id == second.conversation_id
    assert '"First answer."' in first.raw_preview
    assert [r.model_id for r in fake_bedrock.requests] == [MODEL_ID, MODEL_ID]
    assert "%3A" in fake_bedrock.requests[0].path
    last = fake_bedrock.requests[1].body
    assert last["system"] == [{"text": "Policy text."}]
    assert last["messages"] == [
        {"role": "user", "content": [{"text": "Hi"}]},
        {"role": "assistant", "content": [{"text": "First answer."}]},
        {"role": "user", "content": [{"text": "More?"}]},
    ]


def test_bedrock_tool_use(fake_bedrock: FakeBedrock) -> None:
    fake_bedrock.reply_tool_use("refund", {"amount": 20}, text="Let me refund that.")
    reply = send_message_sync(bedrock_config(), Conversation(), "Refund me")
    assert reply.text == "Let me refund that."
    assert reply.tool_calls == (ToolCall(name="refund", arguments={"amount": 20}),)


def test_bedrock_throttling_is_retryable_and_not_retried_by_boto(fake_bedrock: FakeBedrock) -> None:
    fake_bedrock.fail(429, "ThrottlingException", "Too many requests, please wait before trying again.")
    conversation = Conversation()
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(bedrock_config(), conversation, "Hi")
    error = excinfo.value
    assert (error.kind, error.status_code, error.is_retryable) == (ErrorKind.HTTP_STATUS, 429, True)
    assert "throttling" in error.message and "Too many requests" in error.message
    assert len(fake_bedrock.requests) == 1
    assert conversation.turns == []


@pytest.mark.parametrize(
    ("status", "error_type", "fragment", "code"),
    [
        (403, "AccessDeniedException", "enable it in the Bedrock console", 403),
        (400, "ValidationException", "check the model id", 400),
        (404, "ResourceNotFoundException", "does not know this model id", 404),
        (503, "ServiceUnavailableException", "unavailable", 503),
        (500, "InternalServerException", "internal error", 500),
    ],
)
def test_bedrock_errors_are_readable(
    fake_bedrock: FakeBedrock, status: int, error_type: str, fragment: str, code: int
) -> None:
    fake_bedrock.fail(status, error_type, "AWS detail.")
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(bedrock_config(), Conversation(), "Hi")
    assert excinfo.value.kind == ErrorKind.HTTP_STATUS
    assert excinfo.value.status_code == code
    assert fragment in excinfo.value.message and "AWS said: AWS detail." in excinfo.value.message


def test_bedrock_timeout(fake_bedrock: FakeBedrock) -> None:
    fake_bedrock.reply_text("late", delay=0.6)
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(bedrock_config(timeout_seconds=0.3), Conversation(), "Hi")
    assert excinfo.value.kind == ErrorKind.TIMEOUT


def test_bedrock_dynamic_handler(fake_bedrock: FakeBedrock) -> None:
    def echo(request: RecordedRequest) -> ScriptedReply:
        said = request.body["messages"][-1]["content"][0]["text"]
        return ScriptedReply(200, converse_reply([{"text": f"echo: {said}"}]))

    fake_bedrock.handler = echo
    assert send_message_sync(bedrock_config(), Conversation(), "ping").text == "echo: ping"


def test_bedrock_client_is_built_once_and_reused(fake_bedrock: FakeBedrock) -> None:
    assert get_client() is get_client()


def test_bedrock_without_a_model_is_a_config_error() -> None:
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(bedrock_config(model_name=""), Conversation(), "Hi")
    assert excinfo.value.kind == ErrorKind.CONFIG


# Masking and header checks ----------------------------------------------------------------------------------


def test_mask_key() -> None:
    assert mask_key("sk-abcdefghijkl9f2c") == "sk-…9f2c"
    assert mask_key("short-key1") == "…y1"
    assert mask_key("abc") == "••••"
    assert mask_key("") == ""


def test_redact_masks_every_form_of_the_secret() -> None:
    key = "sk-live/abc+def=1234567890"
    import base64
    from urllib.parse import quote

    text = " | ".join(
        [
            key,
            f"Bearer {key}",
            quote(key, safe=""),
            quote(key, safe="").lower(),
            base64.b64encode(key.encode()).decode(),
            json.dumps({"k": key}),
        ]
    )
    redacted = redact(text, key)
    assert key not in redacted
    assert quote(key, safe="") not in redacted
    assert base64.b64encode(key.encode()).decode() not in redacted
    assert "Bearer sk-…7890" in redacted
    assert redact("nothing here", key, "") == "nothing here"


@pytest.mark.parametrize(
    "name",
    [
        "Authorization",
        "x-api-key",
        "Api-Key",
        "Cookie",
        "Proxy-Authorization",
        "X-Auth-Token",
        "X-Client-Secret",
        "X-Password",
        "X-Subscription-Key",
    ],
)
def test_credential_looking_extra_headers_point_to_the_api_key_field(name: str) -> None:
    with pytest.raises(ValueError, match="API key field") as excinfo:
        check_extra_header_name(name)
    assert "auth header name" in str(excinfo.value)


@pytest.mark.parametrize("name", ["X Tenant", "X-Tenant:", "", "Héader", "Host", "Content-Length"])
def test_invalid_or_reserved_header_names_are_refused(name: str) -> None:
    with pytest.raises(ValueError):
        check_extra_header_name(name)


def test_valid_extra_header_and_values() -> None:
    check_extra_header_name("X-Tenant")
    check_header_value("acme corp")
    for bad in ["a\rb", "a\nb", "a\x00b"]:
        with pytest.raises(ValueError, match="line breaks"):
            check_header_value(bad)


def test_openai_content_parts_whose_text_is_not_text_are_left_out() -> None:
    """Found by tests/fuzz: a content part with ``"text": []`` raised TypeError instead of being skipped."""
    from evaluations.connectors.reply import extract

    data = {"choices": [{"message": {"content": [{"type": "text", "text": []}, {"type": "text", "text": "Hi"}]}}]}
    text, *_ = extract(AgentConfig(protocol=Protocol.OPENAI), data, "", 200)
    assert text == "Hi"
