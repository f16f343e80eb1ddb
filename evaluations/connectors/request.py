"""Building an HTTP agent request: the endpoint URL, the JSON body per protocol and the headers (auth, extra
headers, the conversation id and cookies sent back)."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

from evaluations.connectors import a2a_versions
from evaluations.connectors.a2a import a2a_body
from evaluations.connectors.base import (
    AgentConfig,
    AgentError,
    Conversation,
    ConversationIdSource,
    ErrorKind,
    Protocol,
    StreamFormat,
)
from evaluations.connectors.responses import responses_body
from evaluations.connectors.seeded import openai_messages
from evaluations.connectors.session import cookie_header
from evaluations.connectors.templates import DEFAULT_TEMPLATE, TemplateError, render_template
from evaluations.connectors.validation import check_extra_header_name, check_header_value, is_valid_header_name

USER_AGENT = "Trustgate/1.0 (agent evaluation)"
ACCEPT = {
    StreamFormat.OFF: "application/json",
    StreamFormat.SSE: "text/event-stream",
    StreamFormat.AGUI: "text/event-stream",
    StreamFormat.NDJSON: "application/x-ndjson, application/json",
}

SESSION_ID = "session_id"  # Conversation.protocol_state key
_SESSION_PLACEHOLDER = re.compile(r"\{\{\s*session_id\s*\}\}")
_HEADER_PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


def with_session(url: str, conversation: Conversation) -> str:
    """``{{session_id}}`` in a URL filled (percent-encoded) with the conversation's session id."""
    session = conversation.protocol_state.get(SESSION_ID, "")
    return _SESSION_PLACEHOLDER.sub(lambda m: quote(session, safe=""), url)


def endpoint_url(config: AgentConfig, conversation: Conversation | None = None) -> str:
    """The URL to POST to: OpenAI-compatible agents get ``/chat/completions`` added to their base URL, Responses API
    agents ``/responses``."""
    url = config.endpoint_url.strip()
    if conversation is not None:
        url = with_session(url, conversation)
    suffix = {Protocol.OPENAI: "/chat/completions", Protocol.OPENAI_RESPONSES: "/responses"}.get(config.protocol)
    if suffix is None:
        return url
    parts = urlsplit(url)
    path = parts.path.rstrip("/")
    if not path.endswith(suffix):
        path += suffix
    return urlunsplit((parts.scheme, parts.netloc, path, parts.query, ""))


def _history(conversation: Conversation) -> list[dict[str, Any]]:
    """The earlier turns, after the tool calls the conversation was seeded with (none in most conversations)."""
    turns = [{"role": turn.role, "content": turn.content} for turn in conversation.turns]
    return [*openai_messages(conversation.tool_context), *turns]


def build_body(config: AgentConfig, conversation: Conversation, message: str) -> bytes:
    if config.protocol == Protocol.OPENAI_RESPONSES:
        return responses_body(config, conversation, message)
    if config.protocol == Protocol.A2A:
        return a2a_body(config, conversation, message)
    if config.protocol == Protocol.OPENAI:
        messages: list[dict[str, Any]] = []
        if config.system_prompt:
            messages.append({"role": "system", "content": config.system_prompt})
        messages += [*_history(conversation), {"role": "user", "content": message}]
        payload: dict[str, Any] = {"model": config.model_name} if config.model_name else {}
        payload["messages"] = messages
        if config.stream:
            payload["stream"] = True
        return json.dumps(payload, ensure_ascii=False).encode("utf-8")
    if config.protocol == Protocol.SIMPLE_CHAT:
        simple: dict[str, Any] = {"message": message}
        if config.send_history:  # off by default: a stateless simple-chat agent sees the earlier turns this way
            simple["history"] = [{"role": turn.role, "content": turn.content} for turn in conversation.turns]
        return json.dumps(simple, ensure_ascii=False).encode("utf-8")
    try:
        return render_template(
            config.request_template or DEFAULT_TEMPLATE,
            message=message,
            history=[] if config.stateful else _history(conversation),
            conversation_id=conversation.conversation_id,
            variables=config.template_variables,
            session_id=conversation.protocol_state.get(SESSION_ID),
        )
    except TemplateError as exc:
        raise AgentError(str(exc), kind=ErrorKind.CONFIG) from None


def _header_text(value: str, config: AgentConfig, conversation: Conversation) -> str:
    """Fill ``{{conversation_id}}`` and user variables in an extra header value (as text)."""
    values = {
        **dict(config.template_variables), "conversation_id": conversation.conversation_id or "",
        "session_id": conversation.protocol_state.get(SESSION_ID, ""),
    }  # fmt: skip
    return _HEADER_PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), value)


def build_headers(config: AgentConfig, conversation: Conversation, api_key: str) -> dict[str, str]:
    headers = {
        "Content-Type": "application/json",
        "Accept": ACCEPT[config.stream],
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
        _add_auth(headers, config, api_key)
    version = conversation.protocol_state.get(a2a_versions.VERSION, "")
    if config.protocol == Protocol.A2A and a2a_versions.is_v1(version):
        headers[a2a_versions.VERSION_HEADER] = version  # a 1.x server reads a request without it as 0.3
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
    cookies = cookie_header(conversation.cookies)
    if cookies:
        headers["Cookie"] = cookies
    return headers


def _add_auth(headers: dict[str, str], config: AgentConfig, api_key: str) -> None:
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
