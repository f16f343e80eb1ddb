"""The one runner for patterns a member writes (docs/scoring.md#pattern-time-limit): monitor ``regex`` rules, JSON
Schema ``pattern`` and ``patternProperties``, tool-call ``regex`` matchers.

Every search runs on the ``regex`` package (Python ``re`` syntax) with a time limit, so a pattern that backtracks
catastrophically (``^(a|aa)+$`` against thirty ``a`` and a ``b`` takes minutes with ``re``) is stopped after
``PATTERN_TIME_LIMIT_S`` and raises ``PatternTimeout``, whose text is the sentence the member sees; the check that
ran it fails, and the worker moves on. A ``PatternBudget`` shares one limit between all the searches of one check
(a schema can hold many patterns, each met by many strings), so one check never runs patterns for longer than the
limit in total.

A leaf: no models, no rooms.
"""

from __future__ import annotations

import functools
import time

import regex

PATTERN_TIME_LIMIT_S = 0.1  # per check: every pattern of one rule, matcher or schema, on one reply, together
MAX_SEARCHED_CHARS = 100_000  # a pattern reads at most this much of a text


class PatternError(ValueError):
    """A pattern that does not compile; ``str(error)`` says why, as a sentence, ``reason`` the compiler's words."""

    def __init__(self, pattern: str, reason: str) -> None:
        super().__init__(f"The pattern {pattern[:60]} does not compile ({reason}).")
        self.reason = reason


class PatternTimeout(Exception):
    """A pattern ran out of time on a text; ``str(error)`` is the sentence for the member, ``reason`` its core
    ("the pattern took longer than 0.1 s on this reply (…)") for a finding that says more around it."""

    def __init__(self, pattern: str) -> None:
        shown = pattern if len(pattern) <= 60 else pattern[:59] + "…"
        self.reason = f"the pattern took longer than {PATTERN_TIME_LIMIT_S:g} s on this reply (“{shown}”)"
        super().__init__(f"Stopped: {self.reason}; simplify it.")
        self.pattern = pattern


@functools.lru_cache(maxsize=512)
def compiled(pattern: str) -> regex.Pattern[str]:
    """``pattern`` compiled (cached); raises PatternError with a sentence when it does not compile."""
    try:
        return regex.compile(pattern)
    except regex.error as exc:
        raise PatternError(pattern, str(exc)) from None


def pattern_check(pattern: str) -> None:
    """Raise PatternError when ``pattern`` does not compile."""
    compiled(pattern)


class PatternBudget:
    """The time left to one check's searches: started on first use, shared by every search passed it."""

    def __init__(self, limit_s: float = PATTERN_TIME_LIMIT_S) -> None:
        self.limit_s = limit_s
        self._deadline: float | None = None

    def remaining(self) -> float:
        if self._deadline is None:
            self._deadline = time.monotonic() + self.limit_s
        return self._deadline - time.monotonic()


def pattern_search(pattern: str, text: str, *, budget: PatternBudget | None = None) -> bool:
    """Whether ``pattern`` is found in ``text`` (``search``, as ``re.search``). Raises PatternTimeout when the
    search runs past the time limit (or past what is left of ``budget``), PatternError when it does not compile."""
    left = (budget or PatternBudget()).remaining()
    if left <= 0:
        raise PatternTimeout(pattern)
    try:
        return compiled(pattern).search(text[:MAX_SEARCHED_CHARS], timeout=left) is not None
    except TimeoutError:
        raise PatternTimeout(pattern) from None
