"""How long a server asked us to wait: one reader for ``retry-after`` and the rate-limit reset headers.

Agents (evaluations/connectors) and model providers (evaluations/llm) both send these, in every spelling the
standards and the providers use, so both read them here.
"""

from __future__ import annotations

import email.utils
from datetime import UTC, datetime

__all__ = ["parse_retry_after"]

_UNITS = {"h": 3600.0, "m": 60.0, "s": 1.0, "ms": 0.001}


def parse_retry_after(value: str | None) -> float | None:
    """Seconds to wait from a header; None if absent or unreadable.

    Accepts delta seconds (``12``, ``0.5``), an HTTP date (RFC 9110: ``Wed, 21 Oct 2015 07:28:00 GMT``), an
    RFC 3339 time (Anthropic's ``anthropic-ratelimit-*-reset``) and a Go-style duration (``6m0s``, ``250ms``:
    OpenAI-compatible ``x-ratelimit-reset-*``). A time in the past is 0."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    moment = _moment(value)
    if moment is not None:
        return max(0.0, (moment - datetime.now(UTC)).total_seconds())
    return _duration(value)


def _moment(value: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        try:
            moment = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _duration(value: str) -> float | None:
    total, number, index = 0.0, "", 0
    while index < len(value):
        char = value[index]
        if char.isdigit() or char == ".":
            number += char
            index += 1
            continue
        unit = "ms" if value[index : index + 2] == "ms" else char
        if unit not in _UNITS or not number:
            return None
        try:
            total += float(number) * _UNITS[unit]
        except ValueError:
            return None
        number = ""
        index += len(unit)
    return total if not number and index else None
