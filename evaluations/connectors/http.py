"""HTTP connectors: HTTP / JSON, webhook, OpenAI-compatible and simple chat (docs/agents.md).

One request per turn through the guarded outbound client (evaluations/outbound/client.py: the endpoint guard,
the checked address pinned, no redirects, a deadline, a cap on the reply size), no retries (the executor backs
off on 429/503). The API key only ever appears in the auth header; every error message and raw preview is
passed through ``redact`` before it leaves this module.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable

from django.conf import settings

from evaluations.connectors.a2a import (
    PENDING_TASK,
    MethodNotFound,
    a2a_choose_version,
    a2a_rpc_error,
    a2a_session,
    a2a_switch_version,
)
from evaluations.connectors.base import (
    AgentConfig,
    AgentError,
    AgentReply,
    Conversation,
    ConversationIdSource,
    ErrorKind,
    Protocol,
    Turn,
)
from evaluations.connectors.paths import PathNotFound, PathSyntaxError, resolve_path
from evaluations.connectors.reply import decode_json, extract
from evaluations.connectors.request import SESSION_ID, build_body, build_headers, endpoint_url, with_session
from evaluations.connectors.session import merge_cookies, read_conversation_id
from evaluations.connectors.stream_events import StreamReader
from evaluations.connectors.templates import TemplateError, render_template
from evaluations.outbound.client import (
    Client,
    OutboundConnectError,
    OutboundError,
    OutboundProtocolError,
    OutboundTimeout,
    Reply,
    post,
    post_stream,
    reason_phrase,
)
from evaluations.outbound.guard import EndpointBlocked, EndpointUnresolvable, split_endpoint
from evaluations.outbound.masking import redact
from evaluations.outbound.text import excerpt
from evaluations.outbound.waits import parse_retry_after

PREVIEW_CHARS = 2000
OWN_IDS = (Protocol.OPENAI_RESPONSES, Protocol.A2A)  # the agent gives the conversation its id; none is made up
STREAM_NAMES = {"sse": "Server-Sent", "ndjson": "newline-delimited JSON", "agui": "AG-UI"}

_STATUS_HINTS = {
    400: " The agent rejected the request: check the request template.",
    401: " Check the API key and the auth header name.",
    403: " Check the API key and the auth header name.",
    404: " Check the endpoint URL.",
    405: " Check the endpoint URL: the agent must accept POST.",
    429: " The agent is rate limiting Trustgate.",
    503: " The agent is unavailable.",
}


async def send_http_message(
    config: AgentConfig,
    conversation: Conversation,
    message: str,
    *,
    api_key: str = "",
    client: Client | None = None,
) -> AgentReply:
    try:
        try:
            return await _send(config, conversation, message, api_key, client)
        except MethodNotFound:
            # An A2A agent that does not know this version's method names: the other naming, once per conversation.
            if config.protocol != Protocol.A2A or not a2a_switch_version(conversation):
                raise
            return await _send(config, conversation, message, api_key, client)
    except AgentError as exc:
        raise AgentError(
            redact(exc.message, api_key),
            kind=exc.kind,
            status_code=exc.status_code,
            retry_after=exc.retry_after,
            raw_preview=redact(exc.raw_preview, api_key),
        ) from None


async def _send(
    config: AgentConfig, conversation: Conversation, message: str, api_key: str, client: Client | None
) -> AgentReply:
    generates = config.conversation_id_source == ConversationIdSource.GENERATED
    if generates and conversation.conversation_id is None and config.protocol not in OWN_IDS:
        conversation.conversation_id = uuid.uuid4().hex
    try:
        _scheme, host, port = split_endpoint(endpoint_url(config))  # a blocked URL is reported before anything else
    except EndpointBlocked as exc:
        raise AgentError(str(exc), kind=ErrorKind.BLOCKED) from None
    if config.session_start_url and SESSION_ID not in conversation.protocol_state:
        await session_start(config, conversation, api_key, client)
    if config.protocol == Protocol.A2A:
        await a2a_choose_version(config, conversation, api_key, client)
    url = endpoint_url(config, conversation)
    body = build_body(config, conversation, message)
    headers = build_headers(config, conversation, api_key)
    if config.stream:
        return await _send_streamed(config, conversation, message, api_key, client, (url, host, port, body, headers))

    started = time.perf_counter()
    reply = await _post(url, host, port, body, headers, config.timeout_seconds, client)
    latency_ms = round((time.perf_counter() - started) * 1000)

    status = reply.status
    preview = redact(reply.text, api_key)[:PREVIEW_CHARS]
    if not 200 <= status < 300:
        raise _status_error(reply, preview)
    if reply.truncated:
        limit_kb = settings.TRUSTGATE_MAX_REPLY_BYTES // 1024
        raise AgentError(
            f"The agent's reply was larger than {limit_kb} KB; Trustgate reads at most {limit_kb} KB.",
            kind=ErrorKind.OVERSIZED,
            status_code=status,
            raw_preview=preview,
        )

    data = decode_json(reply.body, preview, status)
    reply_text, tool_calls, reply_path, tool_calls_path = extract(config, data, preview, status)

    cookies = dict(conversation.cookies)
    merge_cookies(cookies, reply.headers)
    conversation_id = read_conversation_id(config, data, reply.headers, cookies, conversation.conversation_id)
    if config.protocol == Protocol.OPENAI_RESPONSES and isinstance(data.get("id"), str):
        conversation_id = data["id"]  # the response id: sent back as previous_response_id by a stateful agent
    if config.protocol == Protocol.A2A:
        context_id, waiting = a2a_session(data)
        conversation_id = context_id or conversation_id
        _set_state(conversation, PENDING_TASK, waiting)

    conversation.turns.append(Turn(role="user", content=message))
    conversation.turns.append(Turn(role="assistant", content=reply_text))
    conversation.conversation_id = conversation_id
    conversation.cookies = cookies
    return AgentReply(
        text=reply_text,
        tool_calls=tool_calls,
        conversation_id=conversation_id,
        raw_preview=preview,
        latency_ms=latency_ms,
        reply_path=reply_path,
        status_code=status,
        tool_calls_path=tool_calls_path,
    )


async def _send_streamed(
    config: AgentConfig,
    conversation: Conversation,
    message: str,
    api_key: str,
    client: Client | None,
    request: tuple[str, str, int, bytes, dict[str, str]],
) -> AgentReply:
    """One turn whose reply streams: read event by event until the reply says it is complete."""
    url, host, port, body, headers = request
    started = time.perf_counter()
    reader = StreamReader(config, started=started)
    try:
        reply = await _post(
            url, host, port, body, headers, config.timeout_seconds, client, feed=reader.feed, on_sent=reader.sent
        )
    except AgentError as exc:
        if exc.kind == ErrorKind.TIMEOUT and reader.events:
            raise AgentError(
                f"The agent's stream stalled: {reader.events} event{'s' if reader.events != 1 else ''} arrived, "
                f"then no end within {config.timeout_seconds:g} s (the agent's timeout setting).",
                kind=ErrorKind.TIMEOUT,
            ) from None
        raise
    # up to the end of the reply, not of the connection's tidying that may follow it (outbound/client.py, _drain)
    latency_ms = round(((reader.completed_at or time.perf_counter()) - started) * 1000)
    status = reply.status
    preview = redact(reply.text, api_key)[:PREVIEW_CHARS]
    if not 200 <= status < 300:
        raise _status_error(reply, preview)
    if reply.truncated:
        limit_kb = settings.TRUSTGATE_MAX_REPLY_BYTES // 1024
        raise AgentError(
            f"The agent's streamed reply passed {limit_kb} KB after {reader.events} events; Trustgate reads at most "
            f"{limit_kb} KB of a reply.",
            kind=ErrorKind.OVERSIZED,
            status_code=status,
            raw_preview=preview,
        )
    if not reader.done:
        reader.close()
    if reader.a2a is not None and not reader.events:
        a2a_rpc_error(reply.text, preview, status)  # a JSON-RPC error comes as one JSON body, not as events
    _check_complete(config, reader, preview, status, reply.headers.get("content-type", ""))

    cookies = dict(conversation.cookies)
    merge_cookies(cookies, reply.headers)
    conversation_id = read_conversation_id(config, {}, reply.headers, cookies, conversation.conversation_id)
    conversation_id = reader.conversation_id or conversation_id
    if reader.a2a is not None:
        waiting = reader.a2a.pending_task
        _set_state(conversation, PENDING_TASK, waiting)
    reply_text = "".join(reader.text)
    conversation.turns.append(Turn(role="user", content=message))
    conversation.turns.append(Turn(role="assistant", content=reply_text))
    conversation.conversation_id = conversation_id
    conversation.cookies = cookies
    tool_calls = reader.tool_calls()
    return AgentReply(
        text=reply_text,
        tool_calls=tool_calls,
        conversation_id=conversation_id,
        raw_preview=preview,
        latency_ms=latency_ms,
        reply_path=reader.reply_path,
        status_code=status,
        tool_calls_path=reader.tool_calls_path if tool_calls else "",
        ttft_ms=reader.ttft_ms,
        chunks=reader.chunks,
    )


def _set_state(conversation: Conversation, key: str, value: str | None) -> None:
    state = dict(conversation.protocol_state)
    if value:
        state[key] = value
    else:
        state.pop(key, None)
    conversation.protocol_state = state


async def session_start(config: AgentConfig, conversation: Conversation, api_key: str, client: Client | None) -> None:
    """The session start request (docs/agents.md, Sessions): its reply's session id is kept for ``{{session_id}}``
    and its cookies are carried. Raises ``AgentError`` naming the start request."""
    url = with_session(config.session_start_url.strip(), conversation)
    try:
        _scheme, host, port = split_endpoint(url)
        body = render_template(
            config.session_start_body or "{}", message="", history=[], conversation_id=conversation.conversation_id,
            variables=config.template_variables,
        )  # fmt: skip
    except EndpointBlocked as exc:
        raise AgentError(f"Session start URL: {exc}", kind=ErrorKind.BLOCKED) from None
    except TemplateError as exc:
        raise AgentError(f"Session start body: {exc}", kind=ErrorKind.CONFIG) from None
    reply = await _post(
        url, host, port, body, build_headers(config, conversation, api_key), config.timeout_seconds, client
    )
    preview = redact(reply.text, api_key)[:PREVIEW_CHARS]
    if not 200 <= reply.status < 300 or reply.truncated:
        error = _status_error(reply, preview)
        raise AgentError(
            f"The session start request failed: {error.message}", kind=error.kind, status_code=reply.status
        )
    cookies = dict(conversation.cookies)
    merge_cookies(cookies, reply.headers)
    conversation.cookies = cookies
    data = decode_json(reply.body, preview, reply.status) if config.session_id_path else {}
    try:
        found = resolve_path(data, config.session_id_path) if config.session_id_path else ""
    except (PathNotFound, PathSyntaxError) as exc:
        raise AgentError(
            f"The session start reply has no session id: {exc}", kind=ErrorKind.PATH_MISSING, raw_preview=preview
        ) from None
    session = found if isinstance(found, str) else json.dumps(found)
    _set_state(conversation, SESSION_ID, session or "started")


async def session_end(config: AgentConfig, conversation: Conversation, api_key: str, client: Client | None) -> None:
    """The session end request, once, best effort: an agent that fails it does not fail the conversation."""
    session = conversation.protocol_state.get(SESSION_ID)
    if not config.session_end_url or session is None:
        return
    _set_state(conversation, SESSION_ID, None)
    url = with_session(config.session_end_url.strip(), Conversation(protocol_state={SESSION_ID: session}))
    try:
        _scheme, host, port = split_endpoint(url)
        body = render_template(
            config.session_end_body or "{}", message="", history=[], conversation_id=conversation.conversation_id,
            variables=config.template_variables, session_id=session,
        )  # fmt: skip
        ended = Conversation(conversation_id=conversation.conversation_id, cookies=conversation.cookies,
                             protocol_state={SESSION_ID: session})  # fmt: skip
        headers = build_headers(config, ended, api_key)
        await _post(url, host, port, body, headers, min(config.timeout_seconds, 10.0), client)
    except (AgentError, EndpointBlocked, TemplateError):
        return


def _check_complete(config: AgentConfig, reader: StreamReader, preview: str, status: int, content_type: str) -> None:
    """A stream that ended without events, before its end marker, or without any piece of a reply is refused."""
    if not reader.events:
        hint = " Turn streaming off if the agent answers one JSON body." if "json" in content_type else ""
        raise AgentError(
            f"The agent's reply had no {STREAM_NAMES[config.stream]} events (Content-Type {content_type or 'none'}); "
            f"it starts with: {excerpt(preview[:200]) or '(nothing)'}.{hint}",
            kind=ErrorKind.MALFORMED,
            status_code=status,
            raw_preview=preview,
        )
    if not reader.done and reader.needs_end_marker:
        marker = reader.end_marker
        raise AgentError(
            f"The agent's stream ended before it was complete: no {marker} after {reader.events} events.",
            kind=ErrorKind.MALFORMED,
            status_code=status,
            raw_preview=preview,
        )
    if not reader.chunks:
        where = f"at reply path {config.reply_path!r} " if reader.reads_paths and config.reply_path else ""
        raise AgentError(
            f"No event of the agent's stream had text {where}or tool calls ({reader.events} events; the first: "
            f"{excerpt(reader.first_event, 200)}).",
            kind=ErrorKind.PATH_MISSING,
            status_code=status,
            raw_preview=preview,
        )


async def _post(
    url: str,
    host: str,
    port: int,
    body: bytes,
    headers: dict[str, str],
    timeout: float,
    client: Client | None,
    *,
    feed: Callable[[bytes], bool] | None = None,
    on_sent: Callable[[], None] | None = None,
) -> Reply:
    """The request through the guarded client, its failures turned into sentences about the agent. With ``feed``
    the reply is streamed into it (``post_stream``)."""
    max_bytes = int(settings.TRUSTGATE_MAX_REPLY_BYTES)
    try:
        if feed is not None:
            return await post_stream(
                url, body=body, headers=headers, timeout=timeout, max_bytes=max_bytes, feed=feed, client=client,
                on_sent=on_sent,
            )  # fmt: skip
        return await post(url, body=body, headers=headers, timeout=timeout, max_bytes=max_bytes, client=client)
    except EndpointUnresolvable as exc:
        raise AgentError(f"{exc} Check the endpoint URL.", kind=ErrorKind.CONNECTION) from None
    except EndpointBlocked as exc:
        raise AgentError(str(exc), kind=ErrorKind.BLOCKED) from None
    except OutboundTimeout:
        raise AgentError(
            f"The agent did not answer within {timeout:g} s (the agent's timeout setting).",
            kind=ErrorKind.TIMEOUT,
        ) from None
    except OutboundConnectError as exc:
        if exc.is_certificate_error:
            raise AgentError(
                f"The agent's TLS certificate could not be verified for {host} ({exc.reason}).",
                kind=ErrorKind.CONNECTION,
            ) from None
        raise AgentError(
            f"Could not connect to the agent at {host}:{port} ({exc.reason}). "
            "Check that it is running and reachable from Trustgate.",
            kind=ErrorKind.CONNECTION,
        ) from None
    except OutboundProtocolError as exc:
        raise AgentError(
            f"The agent closed the connection without a complete HTTP reply ({exc.reason}).",
            kind=ErrorKind.CONNECTION,
        ) from None
    except OutboundError as exc:
        raise AgentError(f"The request to the agent failed ({exc.reason}).", kind=ErrorKind.CONNECTION) from None


def _status_error(reply: Reply, preview: str) -> AgentError:
    """The error for a reply that is not 2xx: a redirect (never followed) or an error status."""
    status = reply.status
    if 300 <= status < 400:
        location = reply.headers.get("location") or "(no Location header)"
        return AgentError(
            f"The agent answered with a redirect to {location}; Trustgate does not follow redirects — "
            "use the final URL as the endpoint.",
            kind=ErrorKind.HTTP_STATUS,
            status_code=status,
            raw_preview=preview,
        )
    retry_after = parse_retry_after(reply.headers.get("retry-after")) if status in (429, 503) else None
    phrase = reason_phrase(status)
    message_text = f"The agent answered HTTP {status}{' ' + phrase if phrase else ''}."
    message_text += _STATUS_HINTS.get(status, "")
    if retry_after is not None:
        message_text += f" It asked to retry after {retry_after:.0f} s."
    if preview.strip():
        message_text += f" Reply: {excerpt(preview)}"
    return AgentError(
        message_text,
        kind=ErrorKind.HTTP_STATUS,
        status_code=status,
        retry_after=retry_after,
        raw_preview=preview,
    )
