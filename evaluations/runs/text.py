"""Text from agents and models as every database can store it."""

from __future__ import annotations

import re
from typing import Any

from evaluations.outbound.masking import map_strings

# PostgreSQL refuses NUL in text and JSON, and lone surrogates (which JSON "\ud800" escapes decode to) cannot
# be encoded as UTF-8 at all. Both become U+FFFD, so the reader still sees that something was there.
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def storable(value: Any) -> Any:
    """``value`` with every string (also inside lists and dicts) made storable."""
    return map_strings(value, lambda text: _UNSTORABLE.sub("\ufffd", text))
