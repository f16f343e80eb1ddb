"""Printing what the server says: member text (reasons, warnings, scenario names) becomes one line of plain text,
so no name can start a line with a CI workflow command of its own (docs/ci.md)."""

from __future__ import annotations

import os
import sys
import unicodedata
from typing import Any

EXIT_PASS, EXIT_FAIL, EXIT_NOT_GATED, EXIT_ERROR, EXIT_INTERRUPTED = 0, 1, 2, 3, 4


def one_line(value: Any) -> str:
    """Control characters, line and paragraph separators become spaces."""
    return "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in str(value))


def say(text: str, *, err: bool = False) -> None:
    print(f"trustgate: {one_line(text)}", file=sys.stderr if err else sys.stdout, flush=True)


def line(text: str) -> None:
    print(one_line(text), flush=True)


def in_github_actions() -> bool:
    return os.environ.get("GITHUB_ACTIONS") == "true"


def annotate(kind: str, text: str) -> None:
    """A GitHub Actions annotation (shown on the run's summary); nothing elsewhere."""
    if in_github_actions():
        print(f"::{kind} title=Trustgate::{one_line(text)}", flush=True)


class Stop(Exception):
    """Ends the command with ``code`` after saying ``message`` (on stderr for an error); ``said`` is what was
    already printed instead (for the job summary)."""

    def __init__(self, code: int, message: str = "", *, said: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.said = said or message
