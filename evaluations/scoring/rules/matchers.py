"""Tool-call argument matchers: the six shapes (exact, number, one_of, any, regex, contains), validation,
matching, wording.

``regex`` searches (Python ``re`` syntax, case-sensitive unless the pattern says ``(?i)``) the value as text: a
string as is, anything else as JSON, on the one pattern runner (``evaluations.core.patterns``): a pattern that
backtracks for longer than its time limit on a value raises ``PatternTimeout``, whose sentence the tool-call rule
reports as the failed check, instead of stalling the worker. ``contains`` finds a substring, case-insensitively, in a string value, or an equal
element in a list value.

Suites validate matchers with ``validate_matcher`` when one is written; the tool-call rule checks them again
and raises ``MatcherError`` for a malformed one.
"""

from __future__ import annotations

import json
import math
from typing import Any

from evaluations.core import patterns
from evaluations.core.specs import MatcherKind


class MatcherError(ValueError):
    """An argument matcher is malformed; ``str(error)`` says what to fix."""


_MATCHER_KEYS = {
    MatcherKind.EXACT: {"kind", "value"},
    MatcherKind.NUMBER: {"kind", "value", "tolerance"},
    MatcherKind.ONE_OF: {"kind", "values"},
    MatcherKind.ANY: {"kind"},
    MatcherKind.REGEX: {"kind", "pattern"},
    MatcherKind.CONTAINS: {"kind", "value"},
}
MAX_PATTERN_CHARS = 300
MAX_MATCHED_CHARS = 10_000  # a regex reads at most this much of a value: arguments can be long


def _as_number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value.strip().replace(",", ""))
        except ValueError:
            return None
    else:
        return None
    return number if math.isfinite(number) else None


def validate_matcher(matcher: Any) -> None:
    """Raise ``MatcherError`` when ``matcher`` is not one of the documented shapes."""
    if not isinstance(matcher, dict):
        raise MatcherError(f'A matcher must be an object with a "kind", not {type(matcher).__name__}.')
    kinds = ", ".join(k.value for k in MatcherKind)
    try:
        raw_kind: Any = matcher.get("kind")  # any JSON value: MatcherKind() rejects what is not a kind
        kind = MatcherKind(raw_kind)
    except ValueError:
        raise MatcherError(f"Unknown matcher kind {matcher.get('kind')!r}: use one of {kinds}.") from None
    unknown = set(matcher) - _MATCHER_KEYS[kind]
    if unknown:
        allowed = ", ".join(sorted(_MATCHER_KEYS[kind]))
        raise MatcherError(f"A {kind.value} matcher takes only {allowed}; remove {', '.join(sorted(unknown))}.")
    if kind == MatcherKind.EXACT and "value" not in matcher:
        raise MatcherError('An exact matcher needs a "value".')
    if kind == MatcherKind.NUMBER:
        if _as_number(matcher.get("value")) is None:
            raise MatcherError(f'A number matcher needs a numeric "value", not {matcher.get("value")!r}.')
        tolerance = matcher.get("tolerance", 0)
        tolerance_number = _as_number(tolerance)
        if tolerance_number is None or tolerance_number < 0:
            raise MatcherError(f'A number matcher\'s "tolerance" must be a number of 0 or more, not {tolerance!r}.')
    if kind == MatcherKind.ONE_OF:
        values = matcher.get("values")
        if not isinstance(values, list) or not values:
            raise MatcherError('A one_of matcher needs "values": a non-empty list.')
    if kind == MatcherKind.REGEX:
        _validate_pattern(matcher.get("pattern"))
    if kind == MatcherKind.CONTAINS:
        value = matcher.get("value")
        if isinstance(value, dict | list) or value is None or (isinstance(value, str) and not value.strip()):
            raise MatcherError('A contains matcher needs a "value": the text (or number) to look for.')


def _validate_pattern(pattern: Any) -> None:
    if not isinstance(pattern, str) or not pattern:
        raise MatcherError('A regex matcher needs a "pattern": a regular expression as text.')
    if len(pattern) > MAX_PATTERN_CHARS:
        raise MatcherError(f"Keep a regex pattern under {MAX_PATTERN_CHARS} characters.")
    try:
        patterns.pattern_check(pattern)
    except patterns.PatternError as exc:
        raise MatcherError(f"The regex pattern {pattern!r} is not valid: {exc.reason}.") from None


def _as_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _json_norm(value: Any) -> Any:
    """JSON equality, with strings compared case-insensitively after strip and bools kept apart from numbers."""
    if isinstance(value, str):
        return ("s", value.strip().casefold())
    if isinstance(value, bool) or value is None:
        return ("b", value)
    if isinstance(value, int | float):
        return ("n", float(value))
    if isinstance(value, dict):
        return ("d", tuple(sorted((str(k), _json_norm(v)) for k, v in value.items())))
    if isinstance(value, list | tuple):
        return ("l", tuple(_json_norm(v) for v in value))
    return ("o", repr(value))


def matcher_holds(
    matcher: dict[str, Any], arguments: dict[str, Any], name: str, *, budget: patterns.PatternBudget | None = None
) -> bool:
    """Whether argument ``name`` fits ``matcher``. Raises MatcherError for a malformed matcher and
    ``patterns.PatternTimeout`` for a regex that ran out of time on the value (or of what is left of ``budget``)."""
    validate_matcher(matcher)
    if name not in arguments:
        return False
    value = arguments[name]
    kind = MatcherKind(matcher["kind"])
    if kind == MatcherKind.ANY:
        return True
    if kind == MatcherKind.EXACT:
        return _json_norm(value) == _json_norm(matcher["value"])
    if kind == MatcherKind.ONE_OF:
        return any(_json_norm(value) == _json_norm(option) for option in matcher["values"])
    if kind == MatcherKind.REGEX:
        return patterns.pattern_search(matcher["pattern"], _as_text(value)[:MAX_MATCHED_CHARS], budget=budget)
    if kind == MatcherKind.CONTAINS:
        wanted = matcher["value"]
        if isinstance(value, list):
            return any(_json_norm(item) == _json_norm(wanted) for item in value)
        return _as_text(wanted).strip().casefold() in _as_text(value).casefold()
    actual = _as_number(value)
    expected = _as_number(matcher["value"])
    tolerance = _as_number(matcher.get("tolerance", 0)) or 0.0
    return actual is not None and expected is not None and abs(actual - expected) <= tolerance + 1e-9


def show(value: Any, limit: int = 80) -> str:
    """``value`` as JSON for a finding's message, cut to ``limit`` characters."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def describe_matcher(matcher: dict[str, Any]) -> str:
    kind = matcher.get("kind")
    if kind == MatcherKind.EXACT:
        return show(matcher.get("value"))
    if kind == MatcherKind.NUMBER:
        tolerance = matcher.get("tolerance", 0)
        return f"{show(matcher.get('value'))} ± {show(tolerance)}" if tolerance else show(matcher.get("value"))
    if kind == MatcherKind.ONE_OF:
        return "one of " + ", ".join(show(v) for v in matcher.get("values", []))
    if kind == MatcherKind.REGEX:
        return f"matching /{matcher.get('pattern', '')}/"
    if kind == MatcherKind.CONTAINS:
        return f"containing {show(matcher.get('value'))}"
    return "any value"
