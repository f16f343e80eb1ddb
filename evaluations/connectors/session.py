"""Conversation state an HTTP agent keeps on its side: cookies it sets and the conversation id it hands out
(in the body, a header or a cookie)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from http.cookies import CookieError, SimpleCookie
from typing import Any

from evaluations.connectors.base import AgentConfig, AgentError, ConversationIdSource, ErrorKind
from evaluations.connectors.paths import PathNotFound, PathSyntaxError, resolve_path
from evaluations.outbound.client import Headers


def cookie_header(cookies: Mapping[str, str]) -> str:
    """The ``Cookie`` header that sends the conversation's cookies back ("" for none); unsafe values are left out."""
    pairs = [
        f"{name}={value}"
        for name, value in cookies.items()
        if value.isascii() and not any(c in value for c in "\r\n\x00;")
    ]
    return "; ".join(pairs)


def merge_cookies(cookies: dict[str, str], headers: Headers) -> None:
    """Apply the reply's ``Set-Cookie`` headers to ``cookies`` (an expired or empty cookie is removed)."""
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


def read_conversation_id(
    config: AgentConfig,
    data: Any,
    headers: Headers,
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
