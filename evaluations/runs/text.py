"""Text from agents and models as every database can store it."""

from __future__ import annotations

import re
from typing import Any

# PostgreSQL refuses NUL in text and JSON, and lone surrogates (which JSON "\ud800" escapes decode to) cannot
# be encoded as UTF-8 at all. Both become U+FFFD, so the reader still sees that something was there.
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def storable(value: Any) -> Any:
    """``value`` with every string (also inside lists and dicts) made storable."""
    if isinstance(value, str):
        return _UNSTORABLE.sub("\ufffd", value)
    if isinstance(value, list):
        return [storable(item) for item in value]
    if isinstance(value, tuple):
        return tuple(storable(item) for item in value)
    if isinstance(value, dict):
        return {storable(key): storable(item) for key, item in value.items()}
    return value
