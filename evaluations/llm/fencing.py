"""Fencing untrusted text for a model prompt: each piece of data sits between markers with a fresh random boundary,
and fence-like runs inside the text are neutralised first, so what an agent or a user wrote stays data, never
instructions (used by the judge, scenario generation, the change check and simulated users)."""

from __future__ import annotations

import re
import secrets

_OPEN_RUN = re.compile(r"<{2,}")


_CLOSE_RUN = re.compile(r">{2,}")


_MARKER_WORD = re.compile(r"\b(DATA|END)-", re.IGNORECASE)


def neutralise(text: str, boundary: str) -> str:
    """Make fence-like markers inside untrusted text harmless: none can open or close a real fence.

    The boundary itself is removed, runs of ``<``/``>`` become single guillemets, and ``DATA-``/``END-``
    lose their hyphen. Everything else is kept, so the judge still sees what the agent said.
    """
    if boundary:
        text = re.sub(re.escape(boundary), "[boundary removed]", text, flags=re.IGNORECASE)
    text = _OPEN_RUN.sub(lambda m: "‹" * len(m.group()), text)
    text = _CLOSE_RUN.sub(lambda m: "›" * len(m.group()), text)
    return _MARKER_WORD.sub(lambda m: f"{m.group(1)}_", text)


def fence(label: str, text: str, boundary: str) -> str:
    body = neutralise(text, boundary) if text.strip() else "(empty)"
    return f"<<<DATA-{boundary} {label}>>>\n{body}\n<<<END-{boundary}>>>"


def new_boundary() -> str:
    """A fresh, unguessable fence token for one judge call (16 hex characters)."""
    return secrets.token_hex(8)
