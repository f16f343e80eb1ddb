"""Reading an HTTP agent's reply: the JSON body, the reply text at its path (or a simple-chat key, or the
OpenAI message) and the tool calls. Every failure is an ``AgentError`` that says what was found instead."""

from __future__ import annotations

import json
from typing import Any

from evaluations.connectors.base import AgentConfig, AgentError, ErrorKind, Protocol, ToolCall
from evaluations.connectors.paths import (
    PathNotFound,
    PathSyntaxError,
    as_text,
    describe_top_level,
    parse_path,
    resolve_path,
)
from evaluations.core import storable
from evaluations.outbound.text import excerpt

MAX_REPLY_DEPTH = 64  # docs/configuration.md: deeper replies are refused before the parser recurses
SIMPLE_CHAT_KEYS = ("answer", "message", "reply", "response", "output", "text", "content")
OPENAI_CONTENT_PATH = "choices[0].message.content"


def decode_json(raw: bytes, preview: str, status: int) -> Any:
    if not raw.strip():
        raise AgentError(
            f"The agent sent an empty reply (HTTP {status}); Trustgate expects a JSON body.",
            kind=ErrorKind.MALFORMED,
            status_code=status,
        )
    try:
        text = raw.decode("utf-8")
        valid_utf8 = True
    except UnicodeDecodeError:
        text = raw.decode("utf-8", errors="replace")
        valid_utf8 = False
    try:
        return storable.loads(
            text.removeprefix("\ufeff"), field="The agent's reply", max_depth=MAX_REPLY_DEPTH, repair=True
        )
    except storable.NotStorable as exc:
        raise AgentError(
            f"{exc} Trustgate reads replies up to {MAX_REPLY_DEPTH} levels of JSON nesting, with finite numbers.",
            kind=ErrorKind.MALFORMED,
            status_code=status,
            raw_preview=preview,
        ) from None
    except json.JSONDecodeError:
        problem = "is not valid UTF-8 and not JSON" if not valid_utf8 else "is not JSON"
        raise AgentError(
            f"The agent's reply {problem}; it starts with: {excerpt(preview[:200])}",
            kind=ErrorKind.MALFORMED,
            status_code=status,
            raw_preview=preview,
        ) from None


def _kind_name(data: Any) -> str:
    if isinstance(data, dict):
        return "a JSON object"
    if isinstance(data, list):
        return "a JSON list"
    if isinstance(data, str):
        return "a JSON string"
    if data is None:
        return "JSON null"
    return "a bare JSON number or boolean"


def _require_object(data: Any, preview: str, status: int, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise AgentError(
            f"The agent replied with {_kind_name(data)}, not a JSON object, so {what} can't be read.",
            kind=ErrorKind.MALFORMED,
            status_code=status,
            raw_preview=preview,
        )
    return data


def _resolve(data: Any, path: str, preview: str, status: int, label: str = "Reply path") -> Any:
    try:
        segments = parse_path(path)
    except PathSyntaxError as exc:
        raise AgentError(str(exc), kind=ErrorKind.CONFIG) from None
    needed = "a JSON object" if isinstance(segments[0], str) else "a JSON list"
    if not isinstance(data, dict if isinstance(segments[0], str) else list):
        raise AgentError(
            f"The agent replied with {_kind_name(data)}, not {needed}, so {label.lower()} {path!r} can't be read.",
            kind=ErrorKind.MALFORMED,
            status_code=status,
            raw_preview=preview,
        )
    try:
        return resolve_path(data, path, label=label)
    except PathNotFound as exc:
        raise AgentError(str(exc), kind=ErrorKind.PATH_MISSING, status_code=status, raw_preview=preview) from None


def _simple_chat_text(data: Any, preview: str, status: int) -> tuple[str, str, str]:
    """(text, its path, the key of the message object it sits in or "" at the top level): the first text key at
    the top level, else the text of a message object under one (``{"message": {"content": ...}}``)."""
    obj = _require_object(data, preview, status, "the reply text")
    for key in SIMPLE_CHAT_KEYS:
        if isinstance(obj.get(key), str):
            return obj[key], key, ""
    for key in SIMPLE_CHAT_KEYS:
        inner = obj.get(key)
        if isinstance(inner, dict):
            for text_key in ("content", "text"):
                if isinstance(inner.get(text_key), str):
                    return inner[text_key], f"{key}.{text_key}", key
    raise AgentError(
        f"The reply has no text under any of {', '.join(SIMPLE_CHAT_KEYS)}. {describe_top_level(obj)}",
        kind=ErrorKind.PATH_MISSING,
        status_code=status,
        raw_preview=preview,
    )


# Where simple-chat agents commonly put their tool calls: beside the reply text (in the message object the text
# came from, or at the top level), as an OpenAI-style list or ``{name, arguments}`` items.
SIMPLE_CHAT_TOOL_KEYS = ("tool_calls", "toolCalls", "function_calls")


def _simple_chat_tool_calls(data: dict[str, Any], inner_key: str) -> tuple[tuple[ToolCall, ...], str]:
    """(the tool calls, the path they were found at; "" when there were none)."""
    places = [(data[inner_key], inner_key + ".")] if inner_key else []
    for holder, prefix in [*places, (data, "")]:
        for key in SIMPLE_CHAT_TOOL_KEYS:
            if holder.get(key) not in (None, "", [], {}):
                return parse_tool_calls(holder[key]), prefix + key
    return (), ""


def extract(config: AgentConfig, data: Any, preview: str, status: int) -> tuple[str, tuple[ToolCall, ...], str, str]:
    """(reply text, tool calls, the path the text came from, the path the tool calls came from or "")."""
    if config.protocol == Protocol.A2A:
        from evaluations.connectors.a2a import a2a_extract

        return a2a_extract(data, preview, status)
    if config.protocol == Protocol.OPENAI_RESPONSES:
        from evaluations.connectors.responses import OUTPUT_CALLS_PATH, OUTPUT_TEXT_PATH, responses_extract

        text, calls, _response_id = responses_extract(data, preview, status)
        return text, calls, OUTPUT_TEXT_PATH, OUTPUT_CALLS_PATH if calls else ""
    if config.protocol == Protocol.OPENAI:
        _require_object(data, preview, status, "choices[0].message")
        message = _resolve(data, "choices[0].message", preview, status)
        if not isinstance(message, dict):
            raise AgentError(
                "choices[0].message in the reply is not an object.",
                kind=ErrorKind.MALFORMED,
                status_code=status,
                raw_preview=preview,
            )
        content = message.get("content")
        if isinstance(content, list):  # content parts: keep the text ones
            content = "".join(p["text"] for p in content if isinstance(p, dict) and isinstance(p.get("text"), str))
        calls = parse_tool_calls(message.get("tool_calls"))
        return as_text(content), calls, OPENAI_CONTENT_PATH, "choices[0].message.tool_calls" if calls else ""
    if config.protocol == Protocol.SIMPLE_CHAT:
        text, reply_path, inner_key = _simple_chat_text(data, preview, status)
        calls, calls_path = _simple_chat_tool_calls(data, inner_key)
        return text, calls, reply_path, calls_path
    if not config.reply_path:
        text, reply_path, _inner = _simple_chat_text(data, preview, status)
    else:
        text = as_text(_resolve(data, config.reply_path, preview, status))
        reply_path = config.reply_path
    tool_calls: tuple[ToolCall, ...] = ()
    if config.tool_calls_path and config.protocol in (Protocol.HTTP_JSON, Protocol.WEBHOOK):
        try:
            tool_calls = parse_tool_calls(resolve_path(data, config.tool_calls_path))
        except PathNotFound:
            pass  # no tool calls this turn
        except PathSyntaxError as exc:
            raise AgentError(str(exc), kind=ErrorKind.CONFIG) from None
    return text, tool_calls, reply_path, config.tool_calls_path if tool_calls else ""


def _parse_arguments(value: Any) -> dict[str, Any]:
    if value is None or value == "":
        return {}
    if isinstance(value, dict):
        return value
    if isinstance(value, str):
        try:
            parsed = storable.loads(value, field="A tool call's arguments", max_depth=MAX_REPLY_DEPTH, repair=True)
        except storable.NotStorable as exc:
            raise AgentError(
                f"{exc} Trustgate reads tool-call arguments up to {MAX_REPLY_DEPTH} levels deep.",
                kind=ErrorKind.MALFORMED,
            ) from None
        except json.JSONDecodeError:
            return {"_raw": value}
        return parsed if isinstance(parsed, dict) else {"_raw": value}
    return {"_raw": json.dumps(value, ensure_ascii=False)}


TOOL_RESULT_KEYS = ("result", "output", "tool_result")


def parse_tool_calls(value: Any) -> tuple[ToolCall, ...]:
    """Tool calls from a reply: OpenAI ``{"function": {"name", "arguments"}}`` items or plain
    ``{"name", "arguments" | "args" | "input" | "parameters"}`` items. Malformed JSON arguments become
    ``{"_raw": "..."}``. The tool's result, when the agent reports it, is read from the first of
    ``result``, ``output``, ``tool_result`` on the item (it is scanned like a reply)."""
    if value is None:
        return ()
    items = value if isinstance(value, list) else [value]
    calls: list[ToolCall] = []
    for item in items:
        if isinstance(item, str):
            calls.append(ToolCall(name=item, arguments={}))
            continue
        if not isinstance(item, dict):
            continue
        function = item["function"] if isinstance(item.get("function"), dict) else item
        name = next(
            (v for v in (function.get("name"), item.get("tool"), item.get("tool_name")) if isinstance(v, str)),
            "",
        )
        arguments = next(
            (function[k] for k in ("arguments", "args", "input", "parameters") if k in function),
            None,
        )
        result = next((item[k] for k in TOOL_RESULT_KEYS if item.get(k) is not None), None)
        calls.append(ToolCall(name=name, arguments=_parse_arguments(arguments), result=result))
    return tuple(calls)
