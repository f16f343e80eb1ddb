"""HTTP connectors: HTTP / JSON, webhook, OpenAI-compatible and simple chat (SPEC §1).

One request per turn, no retries (the executor backs off on 429/503), no redirects, a hard cap on the reply
size, and a connection pinned to the address the SSRF guard checked. The API key only ever appears in the
auth header; every error message and raw preview is passed through ``redact`` before it leaves this module.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import re
import time
import uuid
from datetime import UTC, datetime
from http.cookiejar import CookieJar, DefaultCookiePolicy
from http.cookies import CookieError, SimpleCookie
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
from django.conf import settings

from evaluations.connectors.base import (
    AgentConfig,
    AgentError,
    AgentReply,
    Conversation,
    ConversationIdSource,
    ErrorKind,
    Protocol,
    ToolCall,
    Turn,
)
from evaluations.connectors.paths import (
    PathNotFound,
    PathSyntaxError,
    describe_top_level,
    parse_path,
    resolve_path,
)
from evaluations.connectors.templates import DEFAULT_TEMPLATE, TemplateError, render_template
from evaluations.connectors.validation import check_extra_header_name, check_header_value, is_valid_header_name
from evaluations.outbound.guard import EndpointBlocked, EndpointUnresolvable, resolve_and_check, split_endpoint
from evaluations.outbound.masking import redact

PREVIEW_CHARS = 2000
SIMPLE_CHAT_KEYS = ("answer", "message", "reply", "response", "output", "text", "content")
OPENAI_CONTENT_PATH = "choices[0].message.content"
USER_AGENT = "Trustgate/1.0 (agent evaluation)"

_HEADER_PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
_STATUS_HINTS = {
    400: " The agent rejected the request: check the request template.",
    401: " Check the API key and the auth header name.",
    403: " Check the API key and the auth header name.",
    404: " Check the endpoint URL.",
    405: " Check the endpoint URL: the agent must accept POST.",
    429: " The agent is rate limiting Trustgate.",
    503: " The agent is unavailable.",
}


def make_client() -> httpx.AsyncClient:
    """The client every agent request goes through: no redirects, no proxies from the environment, no
    cookie jar shared between conversations (each ``Conversation`` carries its own cookies)."""
    return httpx.AsyncClient(
        follow_redirects=False,
        trust_env=False,
        cookies=CookieJar(policy=DefaultCookiePolicy(allowed_domains=[])),  # stores nothing
        limits=httpx.Limits(max_connections=100, max_keepalive_connections=20, keepalive_expiry=30),
        timeout=httpx.Timeout(30.0),
    )


def parse_retry_after(value: str | None) -> float | None:
    """Seconds to wait from a Retry-After header (delta seconds or an HTTP date); None if absent or bad."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


async def send_http_message(
    config: AgentConfig,
    conversation: Conversation,
    message: str,
    *,
    api_key: str = "",
    client: httpx.AsyncClient | None = None,
) -> AgentReply:
    try:
        if client is None:
            async with make_client() as own_client:
                return await _send(config, conversation, message, api_key, own_client)
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
    config: AgentConfig, conversation: Conversation, message: str, api_key: str, client: httpx.AsyncClient
) -> AgentReply:
    if config.conversation_id_source == ConversationIdSource.GENERATED and conversation.conversation_id is None:
        conversation.conversation_id = uuid.uuid4().hex
    url = _endpoint_url(config)
    try:
        scheme, host, port = split_endpoint(url)
    except EndpointBlocked as exc:
        raise AgentError(str(exc), kind=ErrorKind.BLOCKED) from None
    body = _build_body(config, conversation, message)
    headers = _build_headers(config, conversation, api_key)

    started = time.perf_counter()
    try:
        async with asyncio.timeout(config.timeout_seconds):
            address = await resolve_and_check(host, port)
            status, response_headers, raw, truncated = await _post(
                client, url, scheme, host, address, body, headers, config.timeout_seconds
            )
    except EndpointUnresolvable as exc:
        raise AgentError(f"{exc} Check the endpoint URL.", kind=ErrorKind.CONNECTION) from None
    except EndpointBlocked as exc:
        raise AgentError(str(exc), kind=ErrorKind.BLOCKED) from None
    except (TimeoutError, httpx.TimeoutException):
        raise AgentError(
            f"The agent did not answer within {config.timeout_seconds:g} s (the agent's timeout setting).",
            kind=ErrorKind.TIMEOUT,
        ) from None
    except httpx.ConnectError as exc:
        if "CERTIFICATE_VERIFY_FAILED" in str(exc):
            raise AgentError(
                f"The agent's TLS certificate could not be verified for {host} ({_reason(exc)}).",
                kind=ErrorKind.CONNECTION,
            ) from None
        raise AgentError(
            f"Could not connect to the agent at {host}:{port} ({_reason(exc)}). "
            "Check that it is running and reachable from Trustgate.",
            kind=ErrorKind.CONNECTION,
        ) from None
    except httpx.RemoteProtocolError as exc:
        raise AgentError(
            f"The agent closed the connection without a complete HTTP reply ({_reason(exc)}).",
            kind=ErrorKind.CONNECTION,
        ) from None
    except httpx.HTTPError as exc:
        raise AgentError(f"The request to the agent failed ({_reason(exc)}).", kind=ErrorKind.CONNECTION) from None
    latency_ms = round((time.perf_counter() - started) * 1000)

    text = raw.decode("utf-8", errors="replace")
    preview = redact(text, api_key)[:PREVIEW_CHARS]
    if 300 <= status < 400:
        location = response_headers.get("location") or "(no Location header)"
        raise AgentError(
            f"The agent answered with a redirect to {location}; Trustgate does not follow redirects — "
            "use the final URL as the endpoint.",
            kind=ErrorKind.HTTP_STATUS,
            status_code=status,
            raw_preview=preview,
        )
    if status >= 400 or status < 200:
        retry_after = parse_retry_after(response_headers.get("retry-after")) if status in (429, 503) else None
        phrase = httpx.codes.get_reason_phrase(status)
        message_text = f"The agent answered HTTP {status}{' ' + phrase if phrase else ''}."
        message_text += _STATUS_HINTS.get(status, "")
        if retry_after is not None:
            message_text += f" It asked to retry after {retry_after:.0f} s."
        if preview.strip():
            message_text += f" Reply: {_snippet(preview)}"
        raise AgentError(
            message_text,
            kind=ErrorKind.HTTP_STATUS,
            status_code=status,
            retry_after=retry_after,
            raw_preview=preview,
        )
    if truncated:
        limit_kb = settings.TRUSTGATE_MAX_REPLY_BYTES // 1024
        raise AgentError(
            f"The agent's reply was larger than {limit_kb} KB; Trustgate reads at most {limit_kb} KB.",
            kind=ErrorKind.OVERSIZED,
            status_code=status,
            raw_preview=preview,
        )

    data = _decode_json(raw, preview, status)
    reply_text, tool_calls, reply_path = _extract(config, data, preview, status)

    cookies = dict(conversation.cookies)
    _merge_cookies(cookies, response_headers)
    conversation_id = _read_conversation_id(config, data, response_headers, cookies, conversation.conversation_id)

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
    )


async def _post(
    client: httpx.AsyncClient,
    url: str,
    scheme: str,
    host: str,
    address: str,
    body: bytes,
    headers: dict[str, str],
    timeout: float,
) -> tuple[int, httpx.Headers, bytes, bool]:
    """POST to the checked address; return (status, headers, body up to the cap, whether it was cut)."""
    parts = urlsplit(url)
    address_host = f"[{address}]" if ":" in address else address
    netloc = f"{address_host}:{parts.port}" if parts.port else address_host
    pinned_url = urlunsplit((scheme, netloc, parts.path or "/", parts.query, ""))
    host_for_header = f"[{host}]" if ":" in host else host
    headers = {**headers, "Host": f"{host_for_header}:{parts.port}" if parts.port else host_for_header}
    extensions: dict[str, Any] = {"timeout": httpx.Timeout(timeout).as_dict()}
    if scheme == "https" and host != address:
        extensions["sni_hostname"] = host  # TLS verifies the certificate against the name, not the IP
    # A bare Request (not client.build_request) so the client's cookie jar never adds anything.
    request = httpx.Request("POST", pinned_url, headers=headers, content=body, extensions=extensions)

    cap = int(settings.TRUSTGATE_MAX_REPLY_BYTES)
    response = await client.send(request, stream=True, follow_redirects=False)
    try:
        declared = response.headers.get("content-length", "")
        if response.is_success and declared.isdigit() and int(declared) > cap:
            return response.status_code, response.headers, b"", True
        received = bytearray()
        truncated = False
        async for chunk in response.aiter_bytes():
            received.extend(chunk)
            if len(received) > cap:
                truncated = True
                break
        return response.status_code, response.headers, bytes(received[:cap]), truncated
    finally:
        await response.aclose()


def _reason(exc: Exception) -> str:
    reason = str(exc).strip() or type(exc).__name__
    return re.sub(r"^\[Errno -?\d+\]\s*", "", reason)


def _snippet(preview: str) -> str:
    flat = " ".join(preview.split())
    return flat if len(flat) <= 300 else flat[:300] + "…"


def _endpoint_url(config: AgentConfig) -> str:
    url = config.endpoint_url.strip()
    if config.protocol != Protocol.OPENAI:
        return url
    parts = urlsplit(url)
    path = parts.path.rstrip("/")
    if not path.endswith("/chat/completions"):
        path += "/chat/completions"
    return urlunsplit((parts.scheme, parts.netloc, path, parts.query, ""))


def _history(conversation: Conversation) -> list[dict[str, str]]:
    return [{"role": turn.role, "content": turn.content} for turn in conversation.turns]


def _build_body(config: AgentConfig, conversation: Conversation, message: str) -> bytes:
    if config.protocol == Protocol.OPENAI:
        messages: list[dict[str, str]] = []
        if config.system_prompt:
            messages.append({"role": "system", "content": config.system_prompt})
        messages += [*_history(conversation), {"role": "user", "content": message}]
        payload: dict[str, Any] = {"model": config.model_name} if config.model_name else {}
        payload["messages"] = messages
        return json.dumps(payload, ensure_ascii=False).encode("utf-8")
    if config.protocol == Protocol.SIMPLE_CHAT:
        return json.dumps({"message": message}, ensure_ascii=False).encode("utf-8")
    try:
        return render_template(
            config.request_template or DEFAULT_TEMPLATE,
            message=message,
            history=[] if config.stateful else _history(conversation),
            conversation_id=conversation.conversation_id,
            variables=config.template_variables,
        )
    except TemplateError as exc:
        raise AgentError(str(exc), kind=ErrorKind.CONFIG) from None


def _header_text(value: str, config: AgentConfig, conversation: Conversation) -> str:
    """Fill ``{{conversation_id}}`` and user variables in an extra header value (as text)."""
    values = {**dict(config.template_variables), "conversation_id": conversation.conversation_id or ""}
    return _HEADER_PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), value)


def _build_headers(config: AgentConfig, conversation: Conversation, api_key: str) -> dict[str, str]:
    headers = {
        "Content-Type": "application/json",
        "Accept": "application/json",
        "Accept-Encoding": "identity",  # the size cap counts wire bytes; no decompression bombs
        "User-Agent": USER_AGENT,
    }
    for name, raw_value in config.extra_headers:
        value = _header_text(raw_value, config, conversation)
        try:
            check_extra_header_name(name)
            check_header_value(value)
        except ValueError as exc:
            raise AgentError(f"Extra header {name!r}: {exc}", kind=ErrorKind.CONFIG) from None
        if not value.isascii():
            raise AgentError(f"Extra header {name!r}: header values must be plain ASCII.", kind=ErrorKind.CONFIG)
        headers[name] = value
    if api_key:
        auth_name = config.auth_header_name or "Authorization"
        if not is_valid_header_name(auth_name):
            raise AgentError(f"The auth header name {auth_name!r} is not a valid header name.", kind=ErrorKind.CONFIG)
        auth_value = config.auth_value_prefix + api_key
        try:
            check_header_value(auth_value)
        except ValueError:
            raise AgentError(
                "The API key or auth prefix contains a line break; re-enter the key.", kind=ErrorKind.CONFIG
            ) from None
        if not auth_value.isascii():
            raise AgentError("The API key and auth prefix must be plain ASCII.", kind=ErrorKind.CONFIG)
        headers[auth_name] = auth_value
    source = config.conversation_id_source
    if source == ConversationIdSource.HEADER and config.conversation_id_name and conversation.conversation_id:
        # Agents that hand out a session header usually expect it back.
        header_value = conversation.conversation_id
        if is_valid_header_name(config.conversation_id_name) and header_value.isascii():
            try:
                check_header_value(header_value)
            except ValueError:
                raise AgentError(
                    "The conversation id the agent returned contains a line break; it can't be sent back as a header.",
                    kind=ErrorKind.MALFORMED,
                ) from None
            headers.setdefault(config.conversation_id_name, header_value)
    if conversation.cookies:
        pairs = [
            f"{name}={value}"
            for name, value in conversation.cookies.items()
            if value.isascii() and not any(c in value for c in "\r\n\x00;")
        ]
        if pairs:
            headers["Cookie"] = "; ".join(pairs)
    return headers


def _decode_json(raw: bytes, preview: str, status: int) -> Any:
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
        return json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError:
        problem = "is not valid UTF-8 and not JSON" if not valid_utf8 else "is not JSON"
        raise AgentError(
            f"The agent's reply {problem}; it starts with: {_snippet(preview[:200])}",
            kind=ErrorKind.MALFORMED,
            status_code=status,
            raw_preview=preview,
        ) from None


def _as_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


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


def _simple_chat_text(data: Any, preview: str, status: int) -> tuple[str, str]:
    obj = _require_object(data, preview, status, "the reply text")
    for key in SIMPLE_CHAT_KEYS:
        if isinstance(obj.get(key), str):
            return obj[key], key
    raise AgentError(
        f"The reply has no text under any of {', '.join(SIMPLE_CHAT_KEYS)}. {describe_top_level(obj)}",
        kind=ErrorKind.PATH_MISSING,
        status_code=status,
        raw_preview=preview,
    )


def _extract(config: AgentConfig, data: Any, preview: str, status: int) -> tuple[str, tuple[ToolCall, ...], str]:
    """(reply text, tool calls, the path the text came from)."""
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
            content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
        return _as_text(content), parse_tool_calls(message.get("tool_calls")), OPENAI_CONTENT_PATH
    if config.protocol == Protocol.SIMPLE_CHAT or not config.reply_path:
        text, key = _simple_chat_text(data, preview, status)
        reply_path = key
    else:
        text = _as_text(_resolve(data, config.reply_path, preview, status))
        reply_path = config.reply_path
    tool_calls: tuple[ToolCall, ...] = ()
    if config.tool_calls_path and config.protocol in (Protocol.HTTP_JSON, Protocol.WEBHOOK):
        try:
            tool_calls = parse_tool_calls(resolve_path(data, config.tool_calls_path))
        except PathNotFound:
            pass  # no tool calls this turn
        except PathSyntaxError as exc:
            raise AgentError(str(exc), kind=ErrorKind.CONFIG) from None
    return text, tool_calls, reply_path


def _parse_arguments(value: Any) -> dict[str, Any]:
    if value is None or value == "":
        return {}
    if isinstance(value, dict):
        return value
    if isinstance(value, str):
        try:
            parsed = json.loads(value)
        except json.JSONDecodeError:
            return {"_raw": value}
        return parsed if isinstance(parsed, dict) else {"_raw": value}
    return {"_raw": json.dumps(value, ensure_ascii=False)}


def parse_tool_calls(value: Any) -> tuple[ToolCall, ...]:
    """Tool calls from a reply: OpenAI ``{"function": {"name", "arguments"}}`` items or plain
    ``{"name", "arguments" | "args" | "input" | "parameters"}`` items. Malformed JSON arguments become
    ``{"_raw": "..."}``."""
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
        calls.append(ToolCall(name=name, arguments=_parse_arguments(arguments)))
    return tuple(calls)


def _merge_cookies(cookies: dict[str, str], headers: httpx.Headers) -> None:
    for header in headers.get_list("set-cookie"):
        parsed: SimpleCookie = SimpleCookie()
        try:
            parsed.load(header)
        except CookieError:
            continue
        for name, morsel in parsed.items():
            if morsel["max-age"] in ("0", "-1") or not morsel.value:
                cookies.pop(name, None)
            else:
                cookies[name] = morsel.value


def _read_conversation_id(
    config: AgentConfig,
    data: Any,
    headers: httpx.Headers,
    cookies: dict[str, str],
    current: str | None,
) -> str | None:
    """The id after this turn. An agent that returns the id only on the first turn keeps it."""
    source = config.conversation_id_source
    found: Any = None
    if source == ConversationIdSource.BODY and config.conversation_id_path:
        try:
            found = resolve_path(data, config.conversation_id_path)
        except PathNotFound:
            found = None
        except PathSyntaxError as exc:
            raise AgentError(str(exc), kind=ErrorKind.CONFIG) from None
    elif source == ConversationIdSource.HEADER and config.conversation_id_name:
        found = headers.get(config.conversation_id_name)
    elif source == ConversationIdSource.COOKIE and config.conversation_id_name:
        found = cookies.get(config.conversation_id_name)
    if found is None or found == "":
        return current
    return found if isinstance(found, str) else json.dumps(found)
