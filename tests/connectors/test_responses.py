"""The OpenAI Responses API against a real loopback fake (docs/agents.md, OpenAI Responses API): multi-turn by
previous_response_id or by input items, function_call items as tool calls, whole and streamed replies. The stream
faults (malformed, stalled, oversized, redirect, private address) run for it in test_streaming.py."""

from __future__ import annotations

import json
from typing import Any

import pytest

from evaluations.connectors import AgentConfig, AgentError, Conversation, ErrorKind, Protocol, send_message_sync
from evaluations.connectors.base import StreamFormat
from tests.support.stream_server import Request, Stream, StreamServer, sse


@pytest.fixture(autouse=True)
def allow_private(settings: Any) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True


def responses(server: StreamServer, **overrides: Any) -> AgentConfig:
    values: dict[str, Any] = {
        "protocol": Protocol.OPENAI_RESPONSES, "endpoint_url": server.url("/v1"), "model_name": "gpt-x",
        "timeout_seconds": 5,
    }  # fmt: skip
    return AgentConfig(**{**values, **overrides})


CALL = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "lookup_order",
        "arguments": '{"order_id": "A1"}', "status": "completed"}  # fmt: skip


def message(text: str) -> dict[str, Any]:
    return {"type": "message", "id": "msg", "role": "assistant", "status": "completed",
            "content": [{"type": "output_text", "text": text, "annotations": []}]}  # fmt: skip


def whole(request: Request) -> Stream:
    number = len(request.body["input"]) if not request.body.get("previous_response_id") else 2
    output = [CALL, message("Looking it up.")] if number == 1 else [message(f"Turn {number}: shipped.")]
    body = {"id": f"resp_{number}", "object": "response", "status": "completed", "model": "gpt-x", "output": output}
    return Stream([json.dumps(body)], content_type="application/json")


@pytest.mark.parametrize("stateful", [True, False])
def test_whole_replies_over_two_turns_with_a_function_call(stream_server: StreamServer, stateful: bool) -> None:
    stream_server.handle = whole
    conversation = Conversation()
    first = send_message_sync(responses(stream_server, stateful=stateful), conversation, "Where is A1?")
    second = send_message_sync(responses(stream_server, stateful=stateful), conversation, "Thanks")
    assert first.text == "Looking it up." and first.conversation_id == "resp_1"
    assert [(c.name, c.arguments) for c in first.tool_calls] == [("lookup_order", {"order_id": "A1"})]
    assert first.tool_calls_path == "output[type=function_call]"
    sent = stream_server.requests[1]
    assert sent.path == "/v1/responses" and sent.body["model"] == "gpt-x"
    if stateful:
        assert sent.body["previous_response_id"] == "resp_1"
        assert sent.body["input"] == [{"role": "user", "content": "Thanks"}]
        assert second.text == "Turn 2: shipped."
    else:
        assert "previous_response_id" not in sent.body
        assert [i["content"] for i in sent.body["input"]] == ["Where is A1?", "Looking it up.", "Thanks"]
        assert second.text == "Turn 3: shipped."


def streamed(request: Request) -> Stream:
    first = len(request.body["input"]) == 1 and not request.body.get("previous_response_id")
    rid = "resp_a" if first else "resp_b"
    events: list[dict[str, Any]] = [{"type": "response.created", "response": {"id": rid, "status": "in_progress"}}]
    if first:
        events += [
            {"type": "response.output_item.added", "output_index": 0, "item": {**CALL, "arguments": ""}},
            {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "delta": '{"order_id": '},
            {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "delta": '"A1"}'},
            {"type": "response.output_item.done", "output_index": 0, "item": CALL},
        ]
    events += [
        {"type": "response.output_text.delta", "item_id": "msg", "delta": "It "},
        {"type": "response.output_text.delta", "item_id": "msg", "delta": "shipped."},
        {"type": "response.output_item.done", "output_index": 1, "item": message("It shipped.")},
        {"type": "response.completed", "response": {"id": rid, "status": "completed"}},
    ]
    return Stream([f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in events])


def test_streamed_replies_over_two_turns_with_a_function_call(stream_server: StreamServer) -> None:
    stream_server.handle = streamed
    config = responses(stream_server, stream=StreamFormat.SSE, stateful=True)
    conversation = Conversation()
    first = send_message_sync(config, conversation, "Where is A1?")
    second = send_message_sync(config, conversation, "And now?")
    assert first.text == "It shipped." and first.conversation_id == "resp_a"
    assert [(c.name, c.arguments) for c in first.tool_calls] == [("lookup_order", {"order_id": "A1"})]
    assert first.chunks == 5 and first.ttft_ms is not None
    assert stream_server.requests[0].body["stream"] is True
    assert stream_server.requests[1].body["previous_response_id"] == "resp_a"
    assert second.tool_calls == () and second.conversation_id == "resp_b"


def test_failed_response_is_reported(stream_server: StreamServer) -> None:
    body = {"id": "r", "status": "failed", "output": [], "error": {"code": "server_error", "message": "overloaded"}}
    stream_server.handle = lambda r: Stream([json.dumps(body)], content_type="application/json")
    with pytest.raises(AgentError, match="The agent's response failed: overloaded"):
        send_message_sync(responses(stream_server), Conversation(), "hi")


def test_streamed_failure_event_is_reported(stream_server: StreamServer) -> None:
    failed = {"type": "response.failed", "response": {"id": "r", "error": {"message": "rate limited"}}}
    stream_server.handle = lambda r: Stream(sse(failed))
    with pytest.raises(AgentError, match=r"failed \(response.failed\): rate limited"):
        send_message_sync(responses(stream_server, stream=StreamFormat.SSE), Conversation(), "hi")


def test_a_chat_completions_reply_is_not_taken_for_a_response(stream_server: StreamServer) -> None:
    body = {"choices": [{"message": {"content": "hi"}}]}
    stream_server.handle = lambda r: Stream([json.dumps(body)], content_type="application/json")
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(responses(stream_server), Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.PATH_MISSING
    assert "not a Responses API response: it has no output list" in excinfo.value.message


def test_whole_reply_redirect_and_private_address_are_refused(stream_server: StreamServer, settings: Any) -> None:
    stream_server.handle = lambda r: Stream(status=307, headers={"Location": "http://10.0.0.1/v1/responses"})
    with pytest.raises(AgentError, match="Trustgate does not follow redirects"):
        send_message_sync(responses(stream_server), Conversation(), "hi")
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = False
    with pytest.raises(AgentError) as excinfo:
        send_message_sync(responses(stream_server), Conversation(), "hi")
    assert excinfo.value.kind == ErrorKind.BLOCKED and len(stream_server.requests) == 1
