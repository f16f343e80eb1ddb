"""Checks for user-entered request headers (agent form and connector)."""

from __future__ import annotations

import re

# RFC 9110 token characters.
_TOKEN = re.compile(r"^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$")
_CREDENTIAL_NAMES = frozenset({"authorization", "proxy-authorization", "x-api-key", "api-key", "cookie"})
_CREDENTIAL_WORDS = ("token", "secret", "password", "passwd", "key", "credential")
# Trustgate sets these itself: the Host header carries the pinned connection (see outbound/client.py).
_RESERVED_NAMES = frozenset(
    {"host", "content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "te", "trailer"}
)
_FORBIDDEN_VALUE_CHARS = re.compile(r"[\r\n\x00]")


def is_valid_header_name(name: str) -> bool:
    return bool(_TOKEN.match(name))


def check_extra_header_name(name: str) -> None:
    """Raise ``ValueError`` (a sentence for a form field) when ``name`` can't be an extra header."""
    if not name:
        raise ValueError("Enter a header name.")
    if not is_valid_header_name(name):
        raise ValueError(f"“{name}” is not a valid header name: use letters, digits and - only, no spaces.")
    lowered = name.lower()
    if lowered in _CREDENTIAL_NAMES or any(word in lowered for word in _CREDENTIAL_WORDS):
        raise ValueError(
            f"“{name}” looks like a credential, and extra headers are stored in clear. Put the secret in the "
            f"API key field and set the auth header name to “{name}” (clear the prefix if the agent wants the "
            "bare key)."
        )
    if lowered in _RESERVED_NAMES:
        raise ValueError(f"Trustgate sets the “{name}” header itself; remove it.")


def check_header_value(value: str) -> None:
    """Raise ``ValueError`` when ``value`` contains CR, LF or NUL (header injection)."""
    if _FORBIDDEN_VALUE_CHARS.search(value):
        raise ValueError("Header values cannot contain line breaks or NUL characters.")
