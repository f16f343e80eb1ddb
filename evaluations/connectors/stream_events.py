"""Reading a streamed reply as it arrives (docs/agents.md, Streamed replies): Server-Sent Events or
newline-delimited JSON cut into events, and each event read as a piece of the reply — OpenAI chat-completion
chunks (tool-call deltas assembled into whole calls), AG-UI events, or any JSON at the agent's paths.

``StreamReader.feed`` is called with the bytes as they come (evaluations/outbound/client.py, ``post_stream``) and
says when the reply is complete; every problem is an ``AgentError`` naming the event it was found in.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

from evaluations.connectors.a2a import A2AEvents
from evaluations.connectors.base import (
    AgentConfig,
    AgentError,
    ConversationIdSource,
    ErrorKind,
    Protocol,
    StreamFormat,
    ToolCall,
)
from evaluations.connectors.paths import PathNotFound, PathSyntaxError, as_text, resolve_path
from evaluations.connectors.reply import MAX_REPLY_DEPTH, parse_tool_calls
from evaluations.connectors.responses import ResponsesEvents
from evaluations.core import storable
from evaluations.outbound.text import excerpt

OPENAI_DONE = "[DONE]"


class SseDecoder:
    """Server-Sent Events (the WHATWG rules): ``data:`` lines joined by line breaks, ``event:`` names the event,
    a blank line ends it, ``:`` lines are comments; CRLF, LF and CR all end a line."""

    def __init__(self) -> None:
        self._pending = b""
        self._event = ""
        self._data: list[str] = []

    def feed(self, data: bytes) -> Iterator[tuple[str, str]]:
        buffer = self._pending + data
        if buffer.endswith(b"\r"):  # maybe the first half of a CRLF: wait for the next piece
            buffer, self._pending = buffer[:-1], b"\r"
        else:
            self._pending = b""
        lines = buffer.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
        self._pending = lines.pop() + self._pending
        for raw in lines:
            yield from self._line(raw.decode("utf-8", errors="replace"))

    def close(self) -> Iterator[tuple[str, str]]:
        """The end of the stream: a last event not followed by a blank line still counts."""
        if self._pending.strip():
            yield from self._line(self._pending.decode("utf-8", errors="replace").rstrip("\r"))
        self._pending = b""
        yield from self._line("")

    def _line(self, line: str) -> Iterator[tuple[str, str]]:
        if not line:
            if self._data:
                yield self._event, "\n".join(self._data)
            self._event, self._data = "", []
            return
        if line.startswith(":"):
            return
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "data":
            self._data.append(value)
        elif name == "event":
            self._event = value


class NdjsonDecoder:
    """Newline-delimited JSON: each non-blank line is one event (without a name)."""

    def __init__(self) -> None:
        self._pending = b""

    def feed(self, data: bytes) -> Iterator[tuple[str, str]]:
        lines = (self._pending + data).split(b"\n")
        self._pending = lines.pop()
        for raw in lines:
            if raw.strip():
                yield "", raw.decode("utf-8", errors="replace").strip()

    def close(self) -> Iterator[tuple[str, str]]:
        if self._pending.strip():
            yield "", self._pending.decode("utf-8", errors="replace").strip()
        self._pending = b""


class StreamReader:
    """The reply being assembled from a stream: its text, tool calls, conversation id, and timing."""

    def __init__(self, config: AgentConfig, *, started: float) -> None:
        self.config = config
        self.started = started
        self.decoder = NdjsonDecoder() if config.stream == StreamFormat.NDJSON else SseDecoder()
        self.openai = config.protocol == Protocol.OPENAI
        self.responses = ResponsesEvents() if config.protocol == Protocol.OPENAI_RESPONSES else None
        self.a2a = A2AEvents() if config.protocol == Protocol.A2A else None
        self.agui = config.stream == StreamFormat.AGUI and config.protocol in (Protocol.HTTP_JSON, Protocol.WEBHOOK)
        self.events = 0  # every event read, pieces of the reply or not
        self.chunks = 0  # the events that carried a piece of the reply
        self.first_piece_at: float | None = None
        self.sent_at: float | None = None
        self.completed_at: float | None = None  # when the reply said it was complete (its total time ends there)
        self.done = False
        self.finish_seen = False  # OpenAI: a choice said why it finished (a server may end without [DONE])
        self.text: list[str] = []
        self.calls: list[ToolCall] = []
        self.partial_calls: dict[str, dict[str, str]] = {}  # OpenAI deltas / AG-UI calls by index or id
        self.results: dict[str, Any] = {}  # AG-UI tool results by call id
        self.conversation_id: str | None = None
        self.first_event = ""

    # The stream -------------------------------------------------------------------------------------------

    def feed(self, data: bytes) -> bool:
        """Read the next bytes; True once the reply is complete (the rest of the stream is not needed)."""
        for name, payload in self.decoder.feed(data):
            self._event(name, payload)
            if self.done:
                self.completed_at = time.perf_counter()
                return True
        return False

    def frame(self, text: str) -> bool:
        """One whole message (a WebSocket frame) as one event; True once the reply is complete."""
        self._event("", text)
        return self.done

    def close(self) -> None:
        """The stream ended: read what was left in the decoder."""
        for name, payload in self.decoder.close():
            if self.done:
                return
            self._event(name, payload)

    @property
    def needs_end_marker(self) -> bool:
        """Whether the stream must say it is complete (else an early close would pass as a whole reply)."""
        if self.openai:
            return not self.finish_seen
        return self.agui or self.responses is not None or self.a2a is not None or bool(self.config.stream_done)

    @property
    def end_marker(self) -> str:
        if self.openai:
            return "[DONE] or a finish_reason"
        if self.responses is not None:
            return "response.completed"
        if self.a2a is not None:
            return "a final status update"
        return "RUN_FINISHED" if self.agui else self.config.stream_done

    @property
    def reads_paths(self) -> bool:
        """Whether the agent's own reply and tool-call paths are read (not a protocol's fixed places)."""
        return not (self.openai or self.agui or self.responses is not None or self.a2a is not None)

    @property
    def reply_path(self) -> str:
        if self.openai:
            return "choices[0].delta.content"
        if self.responses is not None:
            return "response.output_text.delta"
        if self.a2a is not None:
            return "result.artifact.parts[].text"
        if self.agui:
            return "TEXT_MESSAGE_CONTENT"
        return self.config.reply_path or "(event data)"

    @property
    def tool_calls_path(self) -> str:
        if self.openai:
            return "choices[0].delta.tool_calls"
        if self.responses is not None:
            return "output[type=function_call]"
        if self.a2a is not None:
            return "result.artifact data parts: tool_calls"
        return "TOOL_CALL_START/ARGS" if self.agui else self.config.tool_calls_path

    def sent(self) -> None:
        """The request starts to leave on its connection: the time to first token counts from here, so that it is
        the agent's (a new connection's set-up is in the total time, not in this)."""
        self.sent_at = time.perf_counter()

    @property
    def ttft_ms(self) -> int | None:
        if self.first_piece_at is None:
            return None
        return round((self.first_piece_at - (self.sent_at or self.started)) * 1000)

    def tool_calls(self) -> tuple[ToolCall, ...]:
        assembled = [
            ToolCall(name=call["name"], arguments=_arguments(call["arguments"]), result=self.results.get(key))
            for key, call in self.partial_calls.items()
        ]
        finished = tuple(self.responses.calls) if self.responses is not None else ()
        finished += tuple(self.a2a.calls) if self.a2a is not None else ()
        return (*self.calls, *assembled, *finished)

    # One event --------------------------------------------------------------------------------------------

    def _event(self, name: str, payload: str) -> None:
        self.events += 1
        if not self.first_event:
            self.first_event = payload
        if self.openai:
            self._openai(payload)
        elif self.a2a is not None:
            text, call_piece, self.done = self.a2a.event(self._json(payload))
            self.conversation_id = self.a2a.context_id or self.conversation_id
            self._piece(text, call_delta=call_piece)
        elif self.responses is not None:
            text, call_piece, self.done = self.responses.event(self._json(payload))
            self.conversation_id = self.responses.response_id or self.conversation_id
            self._piece(text, call_delta=call_piece)
        elif self.agui:
            self._agui(payload)
        else:
            self._generic(name, payload)

    def _piece(self, text: str = "", calls: tuple[ToolCall, ...] = (), *, call_delta: bool = False) -> None:
        """One piece of the reply arrived: text, whole tool calls, or a part of a tool call being assembled."""
        if not text and not calls and not call_delta:
            return
        if self.first_piece_at is None:
            self.first_piece_at = time.perf_counter()
        self.chunks += 1
        if text:
            self.text.append(text)
        self.calls.extend(calls)

    def _json(self, payload: str) -> Any:
        try:
            return storable.loads(
                payload, field="An event of the agent's stream", max_depth=MAX_REPLY_DEPTH, repair=True
            )
        except storable.NotStorable as exc:
            raise AgentError(str(exc), kind=ErrorKind.MALFORMED, raw_preview=payload[:2000]) from None
        except json.JSONDecodeError:
            raise AgentError(
                f"Event {self.events} of the agent's stream is not JSON: {excerpt(payload, 200)}",
                kind=ErrorKind.MALFORMED,
                raw_preview=payload[:2000],
            ) from None

    def _openai(self, payload: str) -> None:
        if payload.strip() == OPENAI_DONE:
            self.done = True
            return
        data = self._json(payload)
        if not isinstance(data, dict):
            raise AgentError(
                f"Event {self.events} of the agent's stream is not a chat-completion chunk (a JSON object).",
                kind=ErrorKind.MALFORMED,
            )
        if isinstance(data.get("error"), dict | str):
            error = data["error"]
            said = error.get("message", "") if isinstance(error, dict) else error
            raise AgentError(f"The agent's stream reported an error: {excerpt(said, 300)}", kind=ErrorKind.MALFORMED)
        for choice in data.get("choices") or []:
            if not isinstance(choice, dict) or choice.get("index", 0) != 0:
                continue
            if choice.get("finish_reason"):
                self.finish_seen = True
            delta: dict[str, Any] = choice["delta"] if isinstance(choice.get("delta"), dict) else {}
            content = delta.get("content")
            text = content if isinstance(content, str) else ""
            pieces: list[Any] = delta["tool_calls"] if isinstance(delta.get("tool_calls"), list) else []
            for piece in pieces:
                if isinstance(piece, dict):
                    self._call_delta(piece)
            self._piece(text, call_delta=bool(pieces))

    def _call_delta(self, piece: dict[str, Any]) -> None:
        """One OpenAI tool-call delta: the first carries the id and name, later ones more of the arguments."""
        key = str(piece.get("index", piece.get("id", len(self.partial_calls))))
        call = self.partial_calls.setdefault(key, {"name": "", "arguments": ""})
        function: dict[str, Any] = piece["function"] if isinstance(piece.get("function"), dict) else {}
        if isinstance(function.get("name"), str):
            call["name"] += function["name"]
        if isinstance(function.get("arguments"), str):
            call["arguments"] += function["arguments"]

    def _agui(self, payload: str) -> None:
        data = self._json(payload)
        kind = data.get("type") if isinstance(data, dict) else None
        if not isinstance(kind, str):
            raise AgentError(
                f"Event {self.events} of the agent's stream is not an AG-UI event (a JSON object with a type).",
                kind=ErrorKind.MALFORMED,
                raw_preview=payload[:2000],
            )
        assert isinstance(data, dict)
        if kind in ("TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_CHUNK") and isinstance(data.get("delta"), str):
            self._piece(data["delta"])
        elif kind in ("TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_CHUNK"):
            key = str(data.get("toolCallId", ""))
            call = self.partial_calls.setdefault(key, {"name": "", "arguments": ""})
            call["name"] = call["name"] or str(data.get("toolCallName") or "")
            if isinstance(data.get("delta"), str):
                call["arguments"] += data["delta"]
            self._piece(call_delta=True)
        elif kind == "TOOL_CALL_RESULT":
            self.results[str(data.get("toolCallId", ""))] = data.get("content")
        elif kind == "RUN_STARTED" and isinstance(data.get("threadId"), str) and data["threadId"]:
            self.conversation_id = data["threadId"]
        elif kind == "RUN_FINISHED":
            self.done = True
        elif kind == "RUN_ERROR":
            said = data.get("message") if isinstance(data.get("message"), str) else "no message"
            raise AgentError(
                f"The agent's stream reported an error (RUN_ERROR): {excerpt(said, 300)}", kind=ErrorKind.MALFORMED
            )

    def _generic(self, name: str, payload: str) -> None:
        config = self.config
        done = config.stream_done
        if done and "=" not in done and (payload.strip() == done or (name and name == done)):
            self.done = True
            return
        if config.stream_event and name != config.stream_event:
            return
        if not config.reply_path and not (done and "=" in done):
            self._piece(payload)  # no path: the event's data is the text itself
            return
        data = self._json(payload)
        text = self._resolve_text(data)
        calls: tuple[ToolCall, ...] = ()
        if config.tool_calls_path:
            try:
                calls = parse_tool_calls(resolve_path(data, config.tool_calls_path))
            except PathNotFound:
                pass
            except PathSyntaxError as exc:
                raise AgentError(str(exc), kind=ErrorKind.CONFIG) from None
        if config.conversation_id_path and config.conversation_id_source == ConversationIdSource.BODY:
            try:
                found = resolve_path(data, config.conversation_id_path)
                if found not in (None, ""):
                    self.conversation_id = found if isinstance(found, str) else json.dumps(found)
            except (PathNotFound, PathSyntaxError):
                pass  # a bad syntax was refused by the form; an event without the id keeps the one before
        self._piece(text, calls)
        if done and "=" in done and frame_matches(data, done):
            self.done = True

    def _resolve_text(self, data: Any) -> str:
        if not self.config.reply_path:
            return ""
        try:
            value = resolve_path(data, self.config.reply_path)
        except PathNotFound:
            return ""  # an event without text (a tool call, a status): not an error
        except PathSyntaxError as exc:
            raise AgentError(str(exc), kind=ErrorKind.CONFIG) from None
        return "" if value is None else as_text(value)


def frame_matches(data: Any, condition: str) -> bool:
    """``path=value``: the value at the path, as text (true, 3, done), equals ``value``."""
    path, _, expected = condition.partition("=")
    try:
        found = resolve_path(data, path.strip())
    except (PathNotFound, PathSyntaxError):
        return False
    shown = json.dumps(found) if isinstance(found, bool | int | float) or found is None else str(found)
    return shown == expected.strip()


def _arguments(text: str) -> dict[str, Any]:
    calls = parse_tool_calls([{"name": "", "arguments": text}])
    return calls[0].arguments if calls else {}
