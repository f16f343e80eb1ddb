"""WebSocket agents (docs/agents.md, WebSocket): one socket per conversation, opened at its first message with the
auth header, each message sent as the request template's text, and frames read until the reply is complete — the
end marker (a frame's text, or ``path=value`` on its JSON), silence for the set milliseconds once the reply has
begun, or, with neither set, the first frame that carries reply text. Frames are read with the agent's reply,
tool-call and conversation-id paths, as stream events are (``stream_events``)."""

from __future__ import annotations

import time

from django.conf import settings

from evaluations.connectors.base import AgentConfig, AgentError, AgentReply, Conversation, ErrorKind, Turn
from evaluations.connectors.request import build_body, build_headers
from evaluations.connectors.stream_events import StreamReader
from evaluations.outbound.client import Client, OutboundConnectError, OutboundError, OutboundTimeout
from evaluations.outbound.guard import EndpointBlocked, EndpointUnresolvable
from evaluations.outbound.masking import redact
from evaluations.outbound.websocket import Socket, SocketClosed, UpgradeRefused, open_websocket

UPGRADE_HEADERS = ("Content-Type", "Accept", "Content-Length")  # an upgrade request has no body


async def send_ws_message(
    config: AgentConfig, conversation: Conversation, message: str, *, api_key: str = "", client: Client | None = None
) -> AgentReply:
    try:
        return await _send(config, conversation, message, api_key, client)
    except AgentError as exc:
        await close_socket(conversation)  # a socket in an unknown state is not used again
        raise AgentError(
            redact(exc.message, api_key), kind=exc.kind, status_code=exc.status_code,
            raw_preview=redact(exc.raw_preview, api_key),
        ) from None  # fmt: skip


async def close_socket(conversation: Conversation) -> None:
    socket = conversation.transport
    conversation.transport = None
    if isinstance(socket, Socket):
        await socket.close()


async def _open(config: AgentConfig, conversation: Conversation, api_key: str, client: Client | None) -> Socket:
    headers = {k: v for k, v in build_headers(config, conversation, api_key).items() if k not in UPGRADE_HEADERS}
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


async def _send(
    config: AgentConfig, conversation: Conversation, message: str, api_key: str, client: Client | None
) -> AgentReply:
    socket = conversation.transport
    if not isinstance(socket, Socket) or socket.closed:
        socket = conversation.transport = await _open(config, conversation, api_key, client)
    frame = build_body(config, conversation, message).decode("utf-8")
    started = time.perf_counter()
    reader = StreamReader(config, started=started)
    reader.sent()
    await socket.send_text(frame)
    received = 0
    limit = int(settings.TRUSTGATE_MAX_REPLY_BYTES)
    silence = config.silence_ms / 1000 if config.silence_ms else None
    deadline = started + config.timeout_seconds
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
            raise AgentError(
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
        if reader.frame(text):
            break
        if not config.stream_done and silence is None and reader.chunks:
            break  # no end condition set: one frame is one reply
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
    )


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
