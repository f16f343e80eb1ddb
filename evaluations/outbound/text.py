"""How words from outside (a reply body, a provider's error text) are quoted inside our own sentences."""

from __future__ import annotations

EXCERPT_CHARS = 300


def excerpt(text: object, limit: int = EXCERPT_CHARS) -> str:
    """``text`` on one line, cut to ``limit`` characters with "…" when longer."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[:limit] + "…"
