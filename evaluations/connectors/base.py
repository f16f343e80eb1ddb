"""The one connector interface every agent protocol speaks.

A connector takes the conversation so far and returns the agent's reply. It never stores anything and never
logs the API key; every error it raises is an ``AgentError`` whose message is a sentence a user can act on.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any


class Protocol(enum.StrEnum):
    HTTP_JSON = "http_json"
    OPENAI = "openai"
    OPENAI_RESPONSES = "openai_responses"
    WEBHOOK = "webhook"
    SIMPLE_CHAT = "simple_chat"
    BEDROCK = "bedrock"
    WEBSOCKET = "websocket"
    A2A = "a2a"


class StreamFormat(enum.StrEnum):
    """How a streamed reply arrives (docs/agents.md, Streamed replies); OFF: one JSON body."""

    OFF = ""
    SSE = "sse"  # Server-Sent Events (OpenAI-compatible agents: chat-completion chunks)
    NDJSON = "ndjson"  # one JSON object a line
    AGUI = "agui"  # AG-UI events over Server-Sent Events


class ConversationIdSource(enum.StrEnum):
    BODY = "body"  # read from the reply body at ``conversation_id_path``
    HEADER = "header"  # read from the response header ``conversation_id_name``
    COOKIE = "cookie"  # read from the cookie ``conversation_id_name``
    GENERATED = "generated"  # a fresh UUID per conversation, made by Trustgate


class ErrorKind(enum.StrEnum):
    TIMEOUT = "timeout"
    CONNECTION = "connection"
    HTTP_STATUS = "http_status"
    MALFORMED = "malformed"
    OVERSIZED = "oversized"
    PATH_MISSING = "path_missing"
    CONFIG = "config"  # the agent's own settings are wrong (bad template, bad path syntax, ...)
    BLOCKED = "blocked"  # the SSRF guard refused the endpoint


class AgentError(Exception):
    """A reply could not be had. ``str(error)`` is a readable, key-masked sentence."""

    def __init__(
        self,
        message: str,
        *,
        kind: ErrorKind,
        status_code: int | None = None,
        retry_after: float | None = None,
        raw_preview: str = "",
    ) -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.status_code = status_code
        self.retry_after = retry_after
        self.raw_preview = raw_preview

    @property
    def is_retryable(self) -> bool:
        return self.kind == ErrorKind.HTTP_STATUS and self.status_code in (429, 503)


@dataclasses.dataclass(frozen=True)
class AgentConfig:
    """Everything needed to talk to one agent: a plain, picklable snapshot (a run freezes one of these)."""

    protocol: Protocol
    endpoint_url: str = ""
    request_template: str = ""
    reply_path: str = ""
    tool_calls_path: str = ""
    conversation_id_path: str = ""
    conversation_id_source: ConversationIdSource = ConversationIdSource.GENERATED
    conversation_id_name: str = ""  # header or cookie name when the id comes from one
    stateful: bool = False  # the agent keeps its own history: send only the latest turn
    send_history: bool = False  # simple chat: add "history", the earlier turns as role/content pairs
    auth_header_name: str = "Authorization"
    auth_value_prefix: str = "Bearer "
    extra_headers: tuple[tuple[str, str], ...] = ()
    timeout_seconds: float = 30.0
    model_name: str = ""  # OpenAI-compatible model, or Bedrock model id
    system_prompt: str = ""  # Bedrock: the agent's knowledge text
    template_variables: tuple[tuple[str, str], ...] = ()
    stream: StreamFormat = StreamFormat.OFF
    stream_event: str = ""  # SSE: read only events of this name ("": every event)
    stream_done: str = ""  # the end of a reply: a data value ([DONE]), an event name or path=value; "": stream end
    silence_ms: int = 0  # WebSocket: the reply is complete after this long without a frame (0: not used)
    # WebSocket first message (docs/agents.md, WebSocket): a frame sent once per socket before the first user message,
    # {{api_key}} filled on the wire only; the acknowledgement awaited ("": none, "*": any frame, or path=value)
    first_message: str = ""
    first_message_ack: str = ""
    key_in_header: bool = True  # WebSocket: also send the key in the auth header of the upgrade request
    # Sessions (docs/agents.md, Sessions): a request that starts one before the first message, and one that ends it
    session_start_url: str = ""
    session_start_body: str = ""  # a template like the request's; "": {}
    session_id_path: str = ""  # where the start request's reply holds the session id
    session_end_url: str = ""
    session_end_body: str = ""

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["extra_headers"] = [list(pair) for pair in self.extra_headers]
        data["template_variables"] = [list(pair) for pair in self.template_variables]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> AgentConfig:
        fields = {f.name for f in dataclasses.fields(cls)}
        values = {k: v for k, v in data.items() if k in fields}
        values["protocol"] = Protocol(values["protocol"])
        if "conversation_id_source" in values:
            values["conversation_id_source"] = ConversationIdSource(values["conversation_id_source"])
        values["stream"] = StreamFormat(values.get("stream") or "")
        values["extra_headers"] = tuple(tuple(p) for p in values.get("extra_headers", ()))
        values["template_variables"] = tuple(tuple(p) for p in values.get("template_variables", ()))
        return cls(**values)


@dataclasses.dataclass(frozen=True)
class Turn:
    role: str  # "user" or "assistant"
    content: str


@dataclasses.dataclass(frozen=True)
class ToolCall:
    name: str
    arguments: dict[str, Any]
    result: Any = None  # what the tool returned, when the agent reports it; None when it does not

    def to_dict(self) -> dict[str, Any]:
        data = {"name": self.name, "arguments": self.arguments}
        if self.result is not None:
            data["result"] = self.result
        return data


@dataclasses.dataclass
class Conversation:
    """The state of one conversation: earlier turns and the id the agent (or we) gave it."""

    turns: list[Turn] = dataclasses.field(default_factory=list)
    conversation_id: str | None = None
    cookies: dict[str, str] = dataclasses.field(default_factory=dict)
    # An open connection the conversation keeps (a WebSocket); close it with ``connectors.close_conversation``.
    transport: Any = dataclasses.field(default=None, repr=False, compare=False)
    protocol_state: dict[str, str] = dataclasses.field(default_factory=dict)  # A2A: the task awaiting input
    # Tool calls and results sent before the first user turn, each {"name", "arguments", "result"} (seeded.py).
    tool_context: tuple[dict[str, Any], ...] = ()


@dataclasses.dataclass(frozen=True)
class AgentReply:
    text: str
    tool_calls: tuple[ToolCall, ...]
    conversation_id: str | None
    raw_preview: str  # the start of the raw body, the key masked
    latency_ms: int
    reply_path: str  # where the text was found ("answer", "choices[0].message.content", ...)
    status_code: int | None = None
    tool_calls_path: str = ""  # where the tool calls were found ("tool_calls", "data.tool_calls"); "": none
    ttft_ms: int | None = None  # streamed replies: request sent -> first text or tool-call piece
    chunks: int = 0  # streamed replies: the events that carried a piece of the reply
    retries: int = 0  # 429 / 503 answers retried before this reply (``send_with_retry``)
    reconnected: bool = False  # WebSocket: the agent had closed the conversation's socket; a new one was opened

    def timing(self) -> dict[str, int | None]:
        """What a run keeps of this reply's timing (``Attempt.reply_timings``); retries and a reconnect only when
        there were any."""
        timing: dict[str, int | None] = {"ms": self.latency_ms, "ttft_ms": self.ttft_ms, "chunks": self.chunks}
        if self.retries:
            timing["retries"] = self.retries
        if self.reconnected:
            timing["reconnected"] = 1
        return timing
