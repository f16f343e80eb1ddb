"""Storable text: the one check of what a member types or imports before it is saved (docs/configuration.md).

A leaf (no models). Text a database can store and a page can render has no NUL character and no lone surrogate
(half of a UTF-16 pair: SQLite keeps it, then encoding the page or the export fails); a JSON value is no deeper
than ``MAX_DEPTH`` (deeper values overflow the recursion of encoders and renderers), its numbers are finite
(``NaN`` and ``Infinity`` are not JSON other tools read) and its integers fit a database column. Single-line
names (agents, suites, monitors) hold no control characters: a CR or LF in a name breaks the e-mail headers it
is copied into.

``problem`` returns a sentence naming the field, or ``""``; ``loads`` reads JSON text with the same limits,
checking the nesting with a linear scan before the parser recurses. ``readable`` turns old text that slipped
past these checks into text a page can show (each lone surrogate becomes U+FFFD).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from django.core.exceptions import ValidationError

MAX_DEPTH = 32  # far beyond any scenario, transcript or tool call; the parsers recurse about 1,000 deep
MAX_INTEGER = 2**63 - 1  # what a database integer column holds
_MAX_INTEGER_CHARS = 40  # a longer integer is out of range: refused before int() spends CPU on it
_NOT_STORABLE = re.compile("[\x00\ud800-\udfff]")
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_SURROGATE = re.compile("[\x00\ud800-\udfff]")


class NotStorable(ValueError):
    """The value is refused; ``str(error)`` is a sentence for the user."""


def _character_problem(text: str, field: str) -> str:
    found = _NOT_STORABLE.search(text)
    if found is None:
        return ""
    character = found.group()
    what = "a NUL character (\\0)" if character == "\x00" else f"a lone surrogate (\\u{ord(character):04x})"
    return f"{field} contains {what}, which cannot be stored; remove it."


def text_problem(text: str, *, field: str, max_length: int | None = None, single_line: bool = False) -> str:
    """A sentence for what is wrong with one text, or ``""``."""
    if max_length is not None and len(text) > max_length:
        return f"{field} is {len(text):,} characters long; at most {max_length:,}."
    if found := _character_problem(text, field):
        return found
    if single_line and (control := _CONTROL.search(text)):
        return (
            f"{field} contains the control character U+{ord(control.group()):04X} (a line break or tab); use one line."
        )
    return ""


def name_problem(text: str, *, field: str = "The name", max_length: int | None = None) -> str:
    """A single-line name (agent, suite, monitor): storable and without control characters."""
    return text_problem(text, field=field, max_length=max_length, single_line=True)


def validate_single_line(value: str) -> None:
    """The Django form validator of single-line names: every form of a name uses this one."""
    if found := name_problem(value):
        raise ValidationError(found, code="not_single_line")


def one_line(text: str) -> str:
    """Old text shown where one line is required (an e-mail subject): each control character becomes a space."""
    return _CONTROL.sub(" ", readable(text))


def problem(value: Any, *, field: str, max_depth: int = MAX_DEPTH, max_length: int | None = None) -> str:
    """A sentence for the first thing in ``value`` (text, numbers, lists and objects of them) that cannot be
    stored, or ``""``. ``max_length`` bounds each text. Walks without recursion, so any depth is safe to ask."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > max_depth:
            return f"{field} is nested more than {max_depth} levels deep."
        if isinstance(item, str):
            if found := text_problem(item, field=field, max_length=max_length):
                return found
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if abs(item) > MAX_INTEGER:
                return f"{field} holds an integer beyond ±{MAX_INTEGER:,}."
        elif isinstance(item, float):
            if not math.isfinite(item):
                return f"{field} holds {item!r}, which is not a finite number."
        elif isinstance(item, dict):
            for key, child in item.items():
                if not isinstance(key, str):
                    return f"{field} has a key that is not text."
                if found := _character_problem(key, f"a key of {field}"):
                    return found
                stack.append((child, depth + 1))
        elif isinstance(item, list | tuple):
            stack.extend((child, depth + 1) for child in item)
        else:
            return f"{field} holds a {type(item).__name__}, which is not JSON."
    return ""


def check(value: Any, *, field: str, max_depth: int = MAX_DEPTH, max_length: int | None = None) -> Any:
    """``value`` itself, or NotStorable with the sentence."""
    if found := problem(value, field=field, max_depth=max_depth, max_length=max_length):
        raise NotStorable(found)
    return value


def json_depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON text, in one linear pass (strings skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for character in text:
        if in_string:
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
        elif character in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif character in "]}":
            depth -= 1
    return deepest


def _refuse_constant(name: str) -> Any:
    raise NotStorable(f"{name} is not a finite number")


def _bounded_int(digits: str) -> int:
    if len(digits) > _MAX_INTEGER_CHARS:
        raise NotStorable(f"an integer of {len(digits):,} digits is out of range")
    return int(digits)


def loads(text: str, *, field: str, max_depth: int = MAX_DEPTH, repair: bool = False) -> Any:
    """JSON text parsed and checked: NotStorable (a sentence naming ``field``) or json.JSONDecodeError for text
    that is not JSON. The depth is checked before the parser recurses. ``repair`` (an agent's reply, which the
    member does not write): NUL and lone surrogates become U+FFFD instead of a refusal."""
    if json_depth(text) > max_depth:
        raise NotStorable(f"{field} is nested more than {max_depth} levels deep.")
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_int=_bounded_int)
    except NotStorable as exc:
        raise NotStorable(f"{field}: {exc}.") from None
    return check(readable_value(value) if repair else value, field=field, max_depth=max_depth)


def parse_id(text: object) -> int | None:
    """A query-string id parsed bounded: the integer, or None for anything that is not one a database column holds
    (a 5,000-digit number is refused by its length, before int() spends CPU on it)."""
    if not isinstance(text, str) or not text.isascii() or not text.isdigit() or len(text) > _MAX_INTEGER_CHARS:
        return None
    number = int(text)
    return number if number <= MAX_INTEGER else None


def readable(text: str) -> str:
    """Old text a page can render: each lone surrogate (and NUL) replaced by U+FFFD."""
    return _SURROGATE.sub("\ufffd", text)


def readable_value(value: Any) -> Any:
    """``readable`` through lists and objects (keys too); other values unchanged."""
    if isinstance(value, str):
        return readable(value)
    if isinstance(value, list):
        return [readable_value(item) for item in value]
    if isinstance(value, dict):
        return {readable(str(key)): readable_value(item) for key, item in value.items()}
    return value
