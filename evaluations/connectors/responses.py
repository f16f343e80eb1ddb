"""The OpenAI Responses API (``POST /v1/responses``; docs/agents.md, OpenAI Responses API): the request body, the
reply's output items (``message`` text, ``function_call`` items as tool calls) and its stream events.

Multi-turn: a stateful agent (the server stores responses) gets ``previous_response_id``, the id of the last
response, and only the new message; otherwise every earlier turn is sent again as input items.
"""

from __future__ import annotations

import json
from typing import Any

from evaluations.connectors.base import AgentConfig, AgentError, Conversation, ErrorKind, ToolCall
from evaluations.connectors.reply import parse_tool_calls
from evaluations.connectors.seeded import responses_items
from evaluations.outbound.text import excerpt

OUTPUT_TEXT_PATH = "output[].content[].text"
OUTPUT_CALLS_PATH = "output[type=function_call]"


def responses_body(config: AgentConfig, conversation: Conversation, message: str) -> bytes:
    payload: dict[str, Any] = {"model": config.model_name} if config.model_name else {}
    if config.system_prompt:
        payload["instructions"] = config.system_prompt
    if config.stateful and conversation.conversation_id:
        payload["previous_response_id"] = conversation.conversation_id
        payload["input"] = [{"role": "user", "content": message}]
    else:
        earlier = [{"role": turn.role, "content": turn.content} for turn in conversation.turns]
        payload["input"] = [*responses_items(conversation.tool_context), *earlier, {"role": "user", "content": message}]
    if config.stream:
        payload["stream"] = True
    return json.dumps(payload, ensure_ascii=False).encode("utf-8")


def _failure(data: dict[str, Any]) -> str:
    error = data.get("error")
    if isinstance(error, dict):
        return str(error.get("message") or error.get("code") or "no message")
    return str(error or "no message")


def responses_extract(data: Any, preview: str, status: int) -> tuple[str, tuple[ToolCall, ...], str]:
    """(the reply text, the tool calls, the response id) of a whole Responses API reply."""
    if not isinstance(data, dict) or not isinstance(data.get("output"), list):
        raise AgentError(
            "The reply is not a Responses API response: it has no output list. Check that the endpoint is "
            "/v1/responses (or its base URL).",
            kind=ErrorKind.PATH_MISSING,
            status_code=status,
            raw_preview=preview,
        )
    if data.get("status") == "failed" or data.get("error"):
        raise AgentError(
            f"The agent's response failed: {excerpt(_failure(data), 300)}",
            kind=ErrorKind.MALFORMED,
            status_code=status,
            raw_preview=preview,
        )
    texts: list[str] = []
    calls: list[ToolCall] = []
    for item in data["output"]:
        text, item_calls = output_item(item)
        texts.append(text)
        calls.extend(item_calls)
    response_id = data.get("id") if isinstance(data.get("id"), str) else None
    return "".join(texts), tuple(calls), response_id or ""


def output_item(item: Any) -> tuple[str, tuple[ToolCall, ...]]:
    """One output item: a ``message``'s ``output_text`` parts, or a ``function_call`` as a tool call."""
    if not isinstance(item, dict):
        return "", ()
    if item.get("type") == "function_call":
        call = {"name": item.get("name"), "arguments": item.get("arguments")}
        return "", parse_tool_calls([call])
    if item.get("type") != "message":
        return "", ()
    parts: list[Any] = item["content"] if isinstance(item.get("content"), list) else []
    text = "".join(
        p["text"]
        for p in parts
        if isinstance(p, dict) and p.get("type") in ("output_text", "text") and isinstance(p.get("text"), str)
    )
    return text, ()


class ResponsesEvents:
    """The stream of a Responses API reply: ``response.output_text.delta`` pieces, function calls from their
    finished output items, the id from ``response.created``, the end at ``response.completed``."""

    def __init__(self) -> None:
        self.response_id: str | None = None
        self.calls: list[ToolCall] = []
        self.calls_started = 0

    def event(self, data: Any) -> tuple[str, bool, bool]:
        """(a text piece, whether a piece of a tool call arrived, whether the reply is complete)."""
        kind = data.get("type") if isinstance(data, dict) else None
        if not isinstance(kind, str):
            raise AgentError(
                "An event of the agent's stream is not a Responses API event (a JSON object with a type).",
                kind=ErrorKind.MALFORMED,
            )
        assert isinstance(data, dict)
        response: dict[str, Any] = data["response"] if isinstance(data.get("response"), dict) else {}
        if isinstance(response.get("id"), str):
            self.response_id = response["id"]
        if kind == "response.output_text.delta" and isinstance(data.get("delta"), str):
            return data["delta"], False, False
        if kind == "response.function_call_arguments.delta":
            return "", True, False
        if kind == "response.output_item.done":
            _text, calls = output_item(data.get("item"))
            self.calls.extend(calls)
            return "", bool(calls), False
        if kind == "response.completed":
            return "", False, True
        if kind in ("response.failed", "error", "response.incomplete"):
            said = _failure(response) if response else _failure({"error": data.get("message") or data})
            raise AgentError(f"The agent's response failed ({kind}): {excerpt(said, 300)}", kind=ErrorKind.MALFORMED)
        return "", False, False
