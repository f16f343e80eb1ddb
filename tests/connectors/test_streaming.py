"""Streamed replies against a real loopback server (docs/agents.md, Streamed replies): OpenAI chat-completion chunks,
generic SSE, NDJSON and AG-UI; multi-turn with tool calls, and every fault a stream can have."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from evaluations.connectors import AgentConfig, AgentError, Conversation, ErrorKind, Protocol, send_message_sync
from evaluations.connectors.base import ConversationIdSource, StreamFormat
from evaluations.connectors.stream_events import SseDecoder
from tests.support.stream_server import Request, Stream, StreamServer, ndjson, sse

API_KEY = "sk-stream-abcdef1234567890"


@pytest.fixture(autouse=True)
def allow_private(settings: Any) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True  # the agent below runs on 127.0.0.1


def openai(server: StreamServer, **overrides: Any) -> AgentConfig:
    values: dict[str, Any] = {
        "protocol": Protocol.OPENAI, "endpoint_url": server.url("/v1"), "model_name": "m",
        "stream": StreamFormat.SSE, "timeout_seconds": 5,
    }  # fmt: skip
    return AgentConfig(**{**values, **overrides})


def generic(server: StreamServer, stream: StreamFormat, **overrides: Any) -> AgentConfig:
    values: dict[str, Any] = {
        "protocol": Protocol.HTTP_JSON, "endpoint_url": server.url(), "stream": stream, "timeout_seconds": 5,
        "request_template": '{"q": {{message}}, "session": {{conversation_id}}}',
    }  # fmt: skip
    return AgentConfig(**{**values, **overrides})


def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


# OpenAI chat-completion chunks ------------------------------------------------------------------------------


def test_openai_stream_assembles_tool_call_deltas_over_a_multi_turn_conversation(stream_server: StreamServer) -> None:
    def handle(request: Request) -> Stream:
        if len(request.body["messages"]) == 1:
            call = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "lookup_", "arguments": ""}}
            return Stream(sse(
                chunk({"role": "assistant", "tool_calls": [call]}),
                chunk({"tool_calls": [{"index": 0, "function": {"name": "order", "arguments": '{"order'}}]}),
                chunk({"tool_calls": [{"index": 0, "function": {"arguments": '_id": "A1"}'}}]}),
                chunk({"content": "Looking it up."}, "tool_calls"),
                "[DONE]",
            ))  # fmt: skip
        return Stream(sse(chunk({"content": "It "}), chunk({"content": "shipped."}), chunk({}, "stop"), "[DONE]"))

    stream_server.handle = handle
    conversation = Conversation()
    first = send_message_sync(openai(stream_server), conversation, "Where is A1?", api_key=API_KEY)
    second = send_message_sync(openai(stream_server), conversation, "And now?", api_key=API_KEY)

    assert [(c.name, c.arguments) for c in first.tool_calls] == [("lookup_order", {"order_id": "A1"})]
    assert (
        first.text == "Looking it up." and first.chunks == 4 and first.tool_calls_path == "choices[0].delta.tool_calls"
    )
    assert second.text == "It shipped." and second.chunks == 2 and second.reply_path == "choices[0].delta.content"
    sent = stream_server.requests[1]
    assert sent.body["stream"] is True and sent.path == "/v1/chat/completions"
    assert sent.headers["Accept"] == "text/event-stream"
    assert [m["content"] for m in sent.body["messages"]] == ["Where is A1?", "Looking it up.", "And now?"]
    assert second.ttft_ms is not None and 0 <= second.ttft_ms <= second.latency_ms


def test_openai_stream_without_done_but_with_a_finish_reason_is_complete(stream_server: StreamServer) -> None:
    stream_server.handle = lambda r: Stream(sse(chunk({"content": "ok"}, "stop")))
    assert send_message_sync(openai(stream_server), Conversation(), "hi").text == "ok"


def test_openai_stream_error_event_is_reported(stream_server: StreamServer) -> None:
    stream_server.handle = lambda r: Stream(sse({"error": {"message": "model overloaded"}}))
    with pytest.raises(AgentError, match="The agent's stream reported an error: model overloaded"):
        send_message_sync(openai(stream_server), Conversation(), "hi")


def test_time_to_first_token_is_when_the_first_piece_arrives(stream_server: StreamServer) -> None:
    pieces = sse(*(chunk({"content": f"w{i} "}) for i in range(20)), "[DONE]")
    stream_server.handle = lambda r: Stream(pieces, delays=[0.15] + [0.005] * 20)
    reply = send_message_sync(openai(stream_server), Conversation(), "hi")
    assert reply.chunks == 20 and reply.text.startswith("w0 w1")
    assert reply.ttft_ms is not None and 140 <= reply.ttft_ms <= 200
    assert reply.latency_ms >= reply.ttft_ms + 90


# Generic SSE and NDJSON -------------------------------------------------------------------------------------


def test_sse_event_name_paths_done_marker_and_conversation_id_over_two_turns(stream_server: StreamServer) -> None:
    def handle(request: Request) -> Stream:
        turn = len(stream_server.requests)
        events = [
            "event: ping\ndata: {}\n\n",  # another event name: skipped
            *sse({"delta": {"text": f"Turn {turn} "}, "session": "s-42"}, event="token"),
            *sse({"delta": {}, "calls": [{"name": "refund", "arguments": '{"amount": 5}'}]}, event="token"),
            *sse({"delta": {"text": "done."}}, event="token"),
            "data: [DONE]\n\n",
            *sse({"delta": {"text": "after the end: never read"}}, event="token"),
        ]
        return Stream(events)

    stream_server.handle = handle
    config = generic(
        stream_server, StreamFormat.SSE, reply_path="delta.text", tool_calls_path="calls", stream_event="token",
        stream_done="[DONE]", conversation_id_path="session", conversation_id_source=ConversationIdSource.BODY,
    )  # fmt: skip
    conversation = Conversation()
    first = send_message_sync(config, conversation, "one")
    second = send_message_sync(config, conversation, "two")
    assert first.text == "Turn 1 done." and first.chunks == 3
    assert [(c.name, c.arguments) for c in first.tool_calls] == [("refund", {"amount": 5})]
    assert second.text == "Turn 2 done." and second.conversation_id == "s-42"
    assert stream_server.requests[1].body == {"q": "two", "session": "s-42"}


def test_sse_without_a_reply_path_reads_each_event_as_text(stream_server: StreamServer) -> None:
    stream_server.handle = lambda r: Stream(["data: Hel\n\n", "data: lo\r\n\r\n", ": comment\n\n", "data: [END]\n\n"])
    reply = send_message_sync(generic(stream_server, StreamFormat.SSE, stream_done="[END]"), Conversation(), "hi")
    assert reply.text == "Hello" and reply.chunks == 2


def test_ndjson_with_a_path_condition_as_the_end(stream_server: StreamServer) -> None:
    def handle(request: Request) -> Stream:
        lines = ndjson(
            {"message": {"content": "You said "}, "done": False},
            {"message": {"content": request.body["q"]}, "tool": {"name": "echo", "args": {}}, "done": False},
            {"message": {"content": ""}, "done": True},
        )
        return Stream(lines, content_type="application/x-ndjson")

    stream_server.handle = handle
    config = generic(
        stream_server,
        StreamFormat.NDJSON,
        reply_path="message.content",
        tool_calls_path="tool",
        stream_done="done=true",
    )
    conversation = Conversation()
    send_message_sync(config, conversation, "one")
    reply = send_message_sync(config, conversation, "two")
    assert reply.text == "You said two" and [c.name for c in reply.tool_calls] == ["echo"]
    assert stream_server.requests[-1].headers["Accept"].startswith("application/x-ndjson")
    assert len(conversation.turns) == 4


# AG-UI ------------------------------------------------------------------------------------------------------


def test_agui_events_text_tool_call_and_thread_over_two_turns(stream_server: StreamServer) -> None:
    def handle(request: Request) -> Stream:
        return Stream(sse(
            {"type": "RUN_STARTED", "threadId": "thread-9", "runId": "r"},
            {"type": "TEXT_MESSAGE_START", "messageId": "m", "role": "assistant"},
            {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "Checking "},
            {"type": "TOOL_CALL_START", "toolCallId": "t1", "toolCallName": "get_weather"},
            {"type": "TOOL_CALL_ARGS", "toolCallId": "t1", "delta": '{"city": '},
            {"type": "TOOL_CALL_ARGS", "toolCallId": "t1", "delta": '"Oslo"}'},
            {"type": "TOOL_CALL_END", "toolCallId": "t1"},
            {"type": "TOOL_CALL_RESULT", "toolCallId": "t1", "content": "4 C"},
            {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "it is 4 C."},
            {"type": "TEXT_MESSAGE_END", "messageId": "m"},
            {"type": "RUN_FINISHED", "threadId": "thread-9", "runId": "r"},
        ))  # fmt: skip

    stream_server.handle = handle
    template = '{"threadId": {{conversation_id}}, "messages": [{"id": "u", "role": "user", "content": {{message}}}]}'
    config = generic(
        stream_server, StreamFormat.AGUI, request_template=template,
        conversation_id_source=ConversationIdSource.BODY, conversation_id_path="threadId",
    )  # fmt: skip
    conversation = Conversation()
    first = send_message_sync(config, conversation, "Weather in Oslo?")
    send_message_sync(config, conversation, "Thanks")
    assert first.text == "Checking it is 4 C."
    assert [(c.name, c.arguments, c.result) for c in first.tool_calls] == [("get_weather", {"city": "Oslo"}, "4 C")]
    assert stream_server.requests[1].body["threadId"] == "thread-9"


def test_agui_run_error_is_reported(stream_server: StreamServer) -> None:
    stream_server.handle = lambda r: Stream(sse({"type": "RUN_STARTED"}, {"type": "RUN_ERROR", "message": "no quota"}))
    with pytest.raises(AgentError, match=r"reported an error \(RUN_ERROR\): no quota"):
        send_message_sync(generic(stream_server, StreamFormat.AGUI), Conversation(), "hi")


# Faults -----------------------------------------------------------------------------------------------------

FORMATS = {
    "openai": lambda s, **o: openai(s, **o),
    "sse": lambda s, **o: generic(s, StreamFormat.SSE, reply_path="t", stream_done="[DONE]", **o),
    "ndjson": lambda s, **o: generic(s, StreamFormat.NDJSON, reply_path="t", stream_done="end=true", **o),
    "agui": lambda s, **o: generic(s, StreamFormat.AGUI, **o),
    "responses": lambda s, **o: openai(s, protocol=Protocol.OPENAI_RESPONSES, **o),
}
GOOD = {
    "openai": sse(chunk({"content": "x"})),
    "sse": sse({"t": "x"}),
    "ndjson": ndjson({"t": "x"}),
    "agui": sse({"type": "TEXT_MESSAGE_CONTENT", "delta": "x"}),
    "responses": sse({"type": "response.output_text.delta", "delta": "x"}),
}


@pytest.mark.parametrize("name", FORMATS)
def test_malformed_event_is_named(stream_server: StreamServer, name: str) -> None:
    broken = "{not json\n" if name == "ndjson" else "data: {not json\n\n"
    stream_server.handle = lambda r: Stream([*GOOD[name], broken])
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(FORMATS[name](stream_server), Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.MALFORMED
    assert "Event 2 of the agent's stream is not JSON: {not json" in excinfo.value.message


@pytest.mark.parametrize("name", FORMATS)
def test_stream_that_stalls_times_out_saying_so(stream_server: StreamServer, name: str) -> None:
    stream_server.handle = lambda r: Stream(GOOD[name] * 2, hold=2.0)
    started = time.monotonic()
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(FORMATS[name](stream_server, timeout_seconds=0.5), Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.TIMEOUT
    assert excinfo.value.message == (
        "The agent's stream stalled: 2 events arrived, then no end within 0.5 s (the agent's timeout setting)."
    )
    assert time.monotonic() - started < 1.5


@pytest.mark.parametrize("name", FORMATS)
def test_stream_that_ends_before_its_end_marker_is_refused(stream_server: StreamServer, name: str) -> None:
    stream_server.handle = lambda r: Stream(GOOD[name])
    with pytest.raises(AgentError, match="The agent's stream ended before it was complete: no .* after 1 events"):
        send_message_sync(FORMATS[name](stream_server), Conversation(), "hi")


@pytest.mark.parametrize("name", FORMATS)
def test_oversized_stream_is_cut_at_the_cap(stream_server: StreamServer, name: str) -> None:
    stream_server.handle = lambda r: Stream(GOOD[name] * 20_000)  # about 400 KB, never an end marker
    started = time.monotonic()
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(FORMATS[name](stream_server), Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.OVERSIZED
    assert "The agent's streamed reply passed 64 KB after" in excinfo.value.message
    assert time.monotonic() - started < 3


@pytest.mark.parametrize("name", FORMATS)
def test_redirect_is_refused(stream_server: StreamServer, name: str) -> None:
    stream_server.handle = lambda r: Stream(status=302, headers={"Location": "http://169.254.169.254/"})
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(FORMATS[name](stream_server), Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.HTTP_STATUS and excinfo.value.status_code == 302
    assert "Trustgate does not follow redirects" in excinfo.value.message
    assert len(stream_server.requests) == 1


@pytest.mark.parametrize("name", FORMATS)
def test_private_address_is_refused_before_anything_is_sent(
    stream_server: StreamServer, name: str, settings: Any
) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = False
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(FORMATS[name](stream_server), Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.BLOCKED
    assert "127.0.0.1 is a loopback address" in excinfo.value.message
    assert stream_server.requests == []


def test_json_reply_to_a_streaming_agent_says_to_turn_streaming_off(stream_server: StreamServer) -> None:
    body = json.dumps({"choices": [{"message": {"content": "whole"}}]})
    stream_server.handle = lambda r: Stream([body], content_type="application/json")
    with pytest.raises(AgentError, match="had no Server-Sent events .* Turn streaming off"):
        send_message_sync(openai(stream_server), Conversation(), "hi")


def test_error_status_reads_the_body_and_masks_the_key(stream_server: StreamServer) -> None:
    stream_server.handle = lambda r: Stream([f'{{"error": "bad key {API_KEY}"}}'], status=401)
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(openai(stream_server), Conversation(), "hi", api_key=API_KEY)
    assert excinfo.value.status_code == 401 and API_KEY not in excinfo.value.message
    assert "Check the API key" in excinfo.value.message


def test_sse_decoder_handles_pieces_split_anywhere() -> None:
    text = b'event: a\r\ndata: {"x":\r\ndata: 1}\r\n\r\n: c\n\ndata: two\r\rdata: last'
    for size in (1, 2, 3, 7):
        decoder = SseDecoder()
        events = [e for i in range(0, len(text), size) for e in decoder.feed(text[i : i + size])]
        events += list(decoder.close())
        assert events == [("a", '{"x":\n1}'), ("", "two"), ("", "last")], size
