"""WebSocket frames that are not reply text (docs/agents.md, WebSocket): the first message that carries the API key,
the acknowledgement awaited after it, and the agent's error frames — a rate-limit or overload answer (429 / 503) is
retried on the same socket, as an HTTP agent's 429 / 503 is retried."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from evaluations.connectors.base import AgentConfig, AgentError, ErrorKind
from evaluations.connectors.stream_events import frame_matches
from evaluations.outbound.text import excerpt
from evaluations.outbound.websocket import Socket, SocketClosed

API_KEY_PLACEHOLDER = re.compile(r"\{\{\s*api_key\s*\}\}")
ANY_FRAME = "*"  # first_message_ack: any frame acknowledges the first message
_STATUS_KEYS = ("status", "status_code", "statusCode", "code")
_RETRY_KEYS = ("retry_after", "retryAfter")
_HINTS = {429: " The agent is rate limiting Trustgate.", 503: " The agent is unavailable."}


def render_first_message(template: str, api_key: str) -> str:
    """The first message as sent: ``{{api_key}}`` filled with the key, JSON-escaped (the placeholder sits inside a
    JSON string, as in ``{"type": "auth", "token": "{{api_key}}"}``). Only ever built on the way to the socket."""
    escaped = json.dumps(api_key, ensure_ascii=False)[1:-1]
    return API_KEY_PLACEHOLDER.sub(lambda _m: escaped, template)


def error_frame(text: str, *, after: str = "") -> AgentError | None:
    """The error an agent's frame reports, or None for any other frame. An error frame is a JSON object whose
    ``type`` is ``error`` or that has a non-empty ``error`` member; its status (``status``, ``code``, ... on the
    frame or its error object) makes a 429 or 503 retryable, with ``retry_after`` seconds when it gives them.
    ``after`` names what the frame answered, for the message."""
    if not text.lstrip().startswith("{"):
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    error = data.get("error")
    if data.get("type") != "error" and not (isinstance(error, dict | str) and error):
        return None
    inner: dict[str, Any] = error if isinstance(error, dict) else {}
    said = error if isinstance(error, str) else inner.get("message") or data.get("message") or ""
    status = _first_int((inner, data), _STATUS_KEYS, 400, 599)
    retry_after = _first_int((inner, data), _RETRY_KEYS, 0, 3600)
    where = f" after {after}" if after else ""
    message = (
        f"The agent sent an error frame{where}{f' ({status})' if status else ''}: {excerpt(str(said) or text, 300)}."
    )
    message += _HINTS.get(status or 0, "")
    if after and status not in _HINTS:
        message += " Check the API key and the first message template."
    return AgentError(
        message,
        kind=ErrorKind.HTTP_STATUS if status else ErrorKind.MALFORMED,
        status_code=status,
        retry_after=float(retry_after) if retry_after is not None else None,
        raw_preview=text[:2000],
    )


def _first_int(sources: tuple[dict[str, Any], ...], keys: tuple[str, ...], low: int, high: int) -> int | None:
    for source in sources:
        for key in keys:
            value = source.get(key)
            if isinstance(value, str) and value.strip().isdigit():
                value = int(value)
            if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
                return value
    return None


async def send_first_message(socket: Socket, config: AgentConfig, api_key: str) -> None:
    """Send the first message on a new socket and, when an acknowledgement is set, wait for it. Raises
    ``AgentError`` (the key masked by the caller) when the agent closes the socket, answers with an error frame or
    stays silent instead."""
    await socket.send_text(render_first_message(config.first_message, api_key))
    ack = config.first_message_ack.strip()
    if not ack:
        return
    deadline = time.perf_counter() + config.timeout_seconds
    seen = 0
    while True:
        try:
            text = await socket.receive(max(deadline - time.perf_counter(), 0.0))
        except TimeoutError:
            wanted = "any frame" if ack == ANY_FRAME else ack
            raise AgentError(
                f"The agent did not acknowledge the first message ({wanted}) within {config.timeout_seconds:g} s "
                f"({seen} other frame{'s' if seen != 1 else ''} arrived). Check the first message template and the "
                "API key.",
                kind=ErrorKind.TIMEOUT,
            ) from None
        except SocketClosed as exc:
            code = f" (code {exc.code})" if exc.code else ""
            raise AgentError(
                f"The agent closed the WebSocket{code} after the first message: {exc.reason}. Check the API key and "
                "the first message template.",
                kind=ErrorKind.CONNECTION,
            ) from None
        refused = error_frame(text, after="the first message")
        if refused is not None:
            raise refused
        if ack == ANY_FRAME or _acknowledges(text, ack):
            return
        seen += 1


def _acknowledges(text: str, ack: str) -> bool:
    if "=" not in ack:
        return text.strip() == ack
    try:
        data = json.loads(text)
    except ValueError:
        return False
    return frame_matches(data, ack)
