"""WebSocket agents (docs/agents.md, WebSocket): one socket per conversation, opened at its first message with the
auth header, each message sent as the request template's text, and frames read until the reply is complete — the
end marker (a frame's text, or ``path=value`` on its JSON), silence for the set milliseconds once the reply has
begun, or, with neither set, the first frame that carries reply text. Frames are read with the agent's reply,
tool-call and conversation-id paths, as stream events are (``stream_events``).

A first message (the API key in a frame) is sent on each new socket before anything else (``ws_frames``). When a
turn is answered with a 429 / 503 error frame, the socket stays open for the retry, so the agent keeps the
conversation; only if the agent closed it is a new one opened, and the reply says it was (``reconnected``)."""

from __future__ import annotations

import time

from django.conf import settings

from evaluations.connectors.base import AgentConfig, AgentError, AgentReply, Conversation, ErrorKind, Turn
from evaluations.connectors.request import build_body, build_headers
from evaluations.connectors.stream_events import StreamReader
from evaluations.connectors.ws_frames import error_frame, send_first_message
from evaluations.outbound.client import Client, OutboundConnectError, OutboundError, OutboundTimeout
from evaluations.outbound.guard import EndpointBlocked, EndpointUnresolvable
from evaluations.outbound.masking import redact
from evaluations.outbound.websocket import Socket, SocketClosed, UpgradeRefused, open_websocket

UPGRADE_HEADERS = ("Content-Type", "Accept", "Content-Length")  # an upgrade request has no body
SOCKETS_OPENED = "ws_sockets"  # Conversation.protocol_state key: sockets opened for the conversation so far


async def send_ws_message(
    config: AgentConfig, conversation: Conversation, message: str, *, api_key: str = "", client: Client | None = None
) -> AgentReply:
    try:
        return await _send(config, conversation, message, api_key, client)
    except AgentError as exc:
        socket = conversation.transport
        if not (exc.is_retryable and isinstance(socket, Socket) and not socket.closed):
            await close_socket(conversation)  # a socket in an unknown state is not used again
        raise AgentError(
            redact(exc.message, api_key), kind=exc.kind, status_code=exc.status_code, retry_after=exc.retry_after,
            raw_preview=redact(exc.raw_preview, api_key),
        ) from None  # fmt: skip


async def close_socket(conversation: Conversation) -> None:
    socket = conversation.transport
    conversation.transport = None
    if isinstance(socket, Socket):
        await socket.close()


async def _open(config: AgentConfig, conversation: Conversation, api_key: str, client: Client | None) -> Socket:
    """A new socket for the conversation, its first message sent (and acknowledged) when the agent has one."""
    header_key = api_key if config.key_in_header or not config.first_message else ""
    headers = {k: v for k, v in build_headers(config, conversation, header_key).items() if k not in UPGRADE_HEADERS}
    socket = await _connect(config, headers, client)
    conversation.transport = socket
    opened = int(conversation.protocol_state.get(SOCKETS_OPENED, "0")) + 1
    conversation.protocol_state = {**conversation.protocol_state, SOCKETS_OPENED: str(opened)}
    if config.first_message:
        try:
            await send_first_message(socket, config, api_key)
        except AgentError:
            await close_socket(conversation)  # not authenticated: a retry must start on a new socket
            raise
    return socket


async def _connect(config: AgentConfig, headers: dict[str, str], client: Client | None) -> Socket:
    try:
        return await open_websocket(
            config.endpoint_url, headers=headers, timeout=config.timeout_seconds,
            max_bytes=int(settings.TRUSTGATE_MAX_REPLY_BYTES), client=client,
        )  # fmt: skip
    except EndpointUnresolvable as exc:
        raise AgentError(f"{exc} Check the endpoint URL.", kind=ErrorKind.CONNECTION) from None
    except EndpointBlocked as exc:
        raise AgentError(str(exc), kind=ErrorKind.BLOCKED) from None
    except UpgradeRefused as exc:
        if 300 <= exc.status < 400:
            raise AgentError(
                f"The agent answered the WebSocket upgrade with a redirect to {exc.location or '(no Location)'}; "
                "Trustgate does not follow redirects — use the final URL as the endpoint.",
                kind=ErrorKind.HTTP_STATUS,
                status_code=exc.status,
            ) from None
        raise AgentError(
            f"The agent refused the WebSocket upgrade with HTTP {exc.status}; check the endpoint URL and the API key.",
            kind=ErrorKind.HTTP_STATUS,
            status_code=exc.status,
        ) from None
    except OutboundTimeout:
        raise AgentError(
            f"The agent's WebSocket did not open within {config.timeout_seconds:g} s (the agent's timeout setting).",
            kind=ErrorKind.TIMEOUT,
        ) from None
    except OutboundConnectError as exc:
        raise AgentError(
            f"Could not open a WebSocket to the agent ({exc.reason}). Check that it is running and reachable.",
            kind=ErrorKind.CONNECTION,
        ) from None
    except OutboundError as exc:
        raise AgentError(f"The WebSocket to the agent failed ({exc.reason}).", kind=ErrorKind.CONNECTION) from None


class _ClosedBeforeReply(AgentError):
    """The agent had closed a socket kept from an earlier turn: nothing of this reply arrived on it."""


async def _send(
    config: AgentConfig, conversation: Conversation, message: str, api_key: str, client: Client | None
) -> AgentReply:
    socket = conversation.transport
    if isinstance(socket, Socket):
        socket.discard_pending()  # frames of a retried turn that came late are not this turn's reply
    fresh = not isinstance(socket, Socket) or socket.closed
    reconnected = fresh and SOCKETS_OPENED in conversation.protocol_state  # it had a socket: the agent closed it
    if fresh or not isinstance(socket, Socket):
        socket = await _open(config, conversation, api_key, client)
    frame = build_body(config, conversation, message).decode("utf-8")
    started = time.perf_counter()
    try:
        reader = await _exchange(config, socket, frame, started, kept=not fresh)
    except _ClosedBeforeReply:
        # The agent closed the socket between turns (or after a retried turn's error frame): a new one, said so.
        await close_socket(conversation)
        socket = await _open(config, conversation, api_key, client)
        reconnected = True
        reader = await _exchange(config, socket, frame, started, kept=False)
    if not reader.chunks:
        raise AgentError(
            f"No frame of the agent's WebSocket reply had text or tool calls ({reader.events} frames).",
            kind=ErrorKind.PATH_MISSING,
        )
    reply_text = "".join(reader.text)
    conversation.turns.append(Turn(role="user", content=message))
    conversation.turns.append(Turn(role="assistant", content=reply_text))
    conversation.conversation_id = reader.conversation_id or conversation.conversation_id
    tool_calls = reader.tool_calls()
    return AgentReply(
        text=reply_text,
        tool_calls=tool_calls,
        conversation_id=conversation.conversation_id,
        raw_preview=redact(reader.first_event, api_key)[:2000],
        latency_ms=round((time.perf_counter() - started) * 1000),
        reply_path=reader.reply_path,
        tool_calls_path=reader.tool_calls_path if tool_calls else "",
        ttft_ms=reader.ttft_ms,
        chunks=reader.chunks,
        reconnected=reconnected,
    )


async def _exchange(config: AgentConfig, socket: Socket, frame: str, started: float, *, kept: bool) -> StreamReader:
    """Send one message and read its reply's frames until the reply is complete. ``kept``: the socket served an
    earlier turn (``_ClosedBeforeReply`` when the agent had closed it)."""
    reader = StreamReader(config, started=started)
    reader.sent()
    received = 0
    limit = int(settings.TRUSTGATE_MAX_REPLY_BYTES)
    silence = config.silence_ms / 1000 if config.silence_ms else None
    deadline = started + config.timeout_seconds
    try:
        await socket.send_text(frame)
    except SocketClosed as exc:
        raise _ClosedBeforeReply(str(exc), kind=ErrorKind.CONNECTION) from None
    while True:
        left = deadline - time.perf_counter()
        wait = min(left, silence) if silence is not None and reader.chunks else left
        try:
            text = await socket.receive(max(wait, 0.0))
        except TimeoutError:
            if silence is not None and reader.chunks and time.perf_counter() < deadline:
                break  # the agent went quiet after it began: the reply is complete
            raise _stalled(config, reader) from None
        except SocketClosed as exc:
            code = f" (code {exc.code})" if exc.code else ""
            closed = _ClosedBeforeReply if kept and not reader.events else AgentError
            raise closed(
                f"The agent closed the WebSocket{code} after {reader.events} frames of this reply: {exc.reason}.",
                kind=ErrorKind.CONNECTION,
            ) from None
        received += len(text.encode("utf-8"))
        if received > limit:
            raise AgentError(
                f"The agent's WebSocket reply passed {limit // 1024} KB after {reader.events} frames; Trustgate reads "
                f"at most {limit // 1024} KB of a reply.",
                kind=ErrorKind.OVERSIZED,
            )
        if (refused := error_frame(text)) is not None:
            raise refused
        if reader.frame(text):
            break
        if not config.stream_done and silence is None and reader.chunks:
            break  # no end condition set: one frame is one reply
    return reader


def _stalled(config: AgentConfig, reader: StreamReader) -> AgentError:
    if not reader.events:
        return AgentError(
            f"The agent sent nothing on its WebSocket within {config.timeout_seconds:g} s (the agent's timeout "
            "setting).",
            kind=ErrorKind.TIMEOUT,
        )
    return AgentError(
        f"The agent's WebSocket reply stalled: {reader.events} frame{'s' if reader.events != 1 else ''} arrived, "
        f"then no end within {config.timeout_seconds:g} s (the agent's timeout setting).",
        kind=ErrorKind.TIMEOUT,
    )
