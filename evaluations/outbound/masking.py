"""Masking of API keys: the only form of a key Trustgate ever shows or stores."""

from __future__ import annotations

import base64
import json
import re
from urllib.parse import quote, quote_plus

_SHORT_KEY = 12
_PERCENT = re.compile(r"%[0-9A-F]{2}")


def mask_key(key: str) -> str:
    """``sk-…9f2c`` for a normal key; short keys reveal at most their last 2 characters."""
    if not key:
        return ""
    if len(key) >= _SHORT_KEY:
        return f"{key[:3]}…{key[-4:]}"
    if len(key) >= 8:
        return f"…{key[-2:]}"
    return "••••"


def _forms(secret: str) -> set[str]:
    """The ways a secret tends to be echoed back: raw, URL-encoded, JSON-escaped, base64."""
    raw = secret.encode("utf-8")
    forms = {
        secret,
        quote(secret, safe=""),
        quote_plus(secret, safe=""),
        json.dumps(secret)[1:-1],
        json.dumps(secret, ensure_ascii=False)[1:-1],
        base64.b64encode(raw).decode("ascii"),
        base64.urlsafe_b64encode(raw).decode("ascii"),
    }
    forms |= {_PERCENT.sub(lambda m: m.group().lower(), form) for form in forms}
    forms |= {form.rstrip("=") for form in forms}
    return {form for form in forms if form}


def redact(text: str, *secrets: str) -> str:
    """Replace every occurrence of each secret (and its encoded forms) in ``text`` with its masked form.

    "Bearer <key>" becomes "Bearer sk-…9f2c" because the key inside it is replaced.
    """
    if not text:
        return text
    replacements: list[tuple[str, str]] = []
    for secret in secrets:
        if secret:
            masked = mask_key(secret)
            replacements.extend((form, masked) for form in _forms(secret))
    # Longest first, so a long encoded form isn't broken up by replacing a shorter one inside it.
    for form, masked in sorted(replacements, key=lambda pair: len(pair[0]), reverse=True):
        text = text.replace(form, masked)
    return text
