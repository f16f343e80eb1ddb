"""A small path syntax for reading values out of JSON replies.

``data.reply.text``, ``choices[0].message.content``, ``items[-1]`` and quoted keys such as ``["a.b"]`` or
``['a.b']`` (for keys that contain dots or brackets).
"""

from __future__ import annotations

import json
from typing import Any

Segment = str | int


class PathSyntaxError(ValueError):
    """The path itself is malformed; the message names the path and the position."""


class PathNotFound(LookupError):
    """The path is well-formed but the data has nothing there; the message says what was missing."""

    def __init__(self, message: str, *, path: str, missing: str) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.missing = missing


_KEY_STOP = ".[]"


def _syntax_error(path: str, position: int, problem: str) -> PathSyntaxError:
    return PathSyntaxError(f"Path {path!r} is not valid at position {position + 1}: {problem}.")


def parse_path(path: str) -> list[Segment]:
    """Split ``path`` into keys (str) and list indexes (int). Raises ``PathSyntaxError``."""
    if not path or not path.strip():
        raise PathSyntaxError("The path is empty; write something like data.reply.text or choices[0].text.")
    segments: list[Segment] = []
    pos = 0
    expect_key = True  # at the start or right after a dot, a bare key must follow (or a bracket at the start)
    length = len(path)
    while pos < length:
        char = path[pos]
        if char == "[":
            if expect_key and segments:
                raise _syntax_error(path, pos, "a key must follow a dot, not '['")
            pos = _parse_bracket(path, pos, segments)
            expect_key = False
        elif char == ".":
            if expect_key:
                raise _syntax_error(path, pos, "a key is missing before this dot")
            expect_key = True
            pos += 1
        elif char == "]":
            raise _syntax_error(path, pos, "']' without a matching '['")
        else:
            if not expect_key:
                raise _syntax_error(path, pos, "expected '.' or '[' after ']'")
            start = pos
            while pos < length and path[pos] not in _KEY_STOP:
                pos += 1
            key = path[start:pos]
            if key != key.strip():
                raise _syntax_error(path, start, 'keys cannot start or end with spaces; quote them as [" key "]')
            segments.append(key)
            expect_key = False
    if expect_key:
        raise _syntax_error(path, length - 1, "the path ends with a dot")
    return segments


def _parse_bracket(path: str, pos: int, segments: list[Segment]) -> int:
    """Parse ``[...]`` starting at ``pos`` (the '['); append the segment; return the position after ']'."""
    end = len(path)
    inner = pos + 1
    if inner < end and path[inner] in "\"'":
        quote = path[inner]
        cursor = inner + 1
        while cursor < end and path[cursor] != quote:
            cursor += 2 if path[cursor] == "\\" else 1
        if cursor >= end:
            raise _syntax_error(path, inner, "the quoted key is not closed")
        raw = path[inner + 1 : cursor]
        if quote == "'":
            raw = raw.replace("\\'", "'").replace('"', '\\"')
        try:
            key = json.loads(f'"{raw}"')
        except json.JSONDecodeError:
            raise _syntax_error(path, inner, "the quoted key has an invalid escape") from None
        if cursor + 1 >= end or path[cursor + 1] != "]":
            raise _syntax_error(path, cursor + 1, "expected ']' after the quoted key")
        segments.append(key)
        return cursor + 2
    close = path.find("]", inner)
    if close == -1:
        raise _syntax_error(path, pos, "'[' is not closed")
    text = path[inner:close].strip()
    try:
        index = int(text)
    except ValueError:
        raise _syntax_error(path, inner, f'{text!r} is not a list index; quote keys as ["name"]') from None
    segments.append(index)
    return close + 1


def as_text(value: Any) -> str:
    """A JSON value as text: a string as it is, null as nothing, anything else as its JSON."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def format_path(segments: list[Segment]) -> str:
    parts: list[str] = []
    for segment in segments:
        if isinstance(segment, int):
            parts.append(f"[{segment}]")
        elif any(c in segment for c in _KEY_STOP) or segment != segment.strip() or not segment:
            parts.append(f"[{json.dumps(segment)}]")
        else:
            parts.append(f".{segment}" if parts else segment)
    return "".join(parts)


def describe_top_level(data: Any) -> str:
    """One sentence about the shape of a reply, for error messages."""
    if isinstance(data, dict):
        if not data:
            return "The reply is an empty object."
        keys = ", ".join(str(k) for k in list(data)[:20])
        more = ", …" if len(data) > 20 else ""
        return f"Top-level keys in the reply: {keys}{more}."
    return f"The reply is {_kind(data)}, not an object."


def _kind(value: Any) -> str:
    if isinstance(value, list):
        return f"a list of {len(value)} item{'s' if len(value) != 1 else ''}"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if value is None:
        return "null"
    return "an object"


def resolve_path(data: Any, path: str | list[Segment], *, label: str = "Reply path") -> Any:
    """Return the value at ``path``. Raises ``PathSyntaxError`` or ``PathNotFound`` (a readable message)."""
    segments = parse_path(path) if isinstance(path, str) else path
    text = path if isinstance(path, str) else format_path(segments)
    current = data
    for depth, segment in enumerate(segments):
        parent = format_path(segments[:depth])
        where = f"under {parent!r}" if parent else "at the top level"
        if isinstance(segment, int):
            shown = f"[{segment}]"
            if not isinstance(current, list):
                problem = f"{shown} needs a list {where}, but found {_kind(current)}"
            elif not -len(current) <= segment < len(current):
                problem = f"index {shown} is out of range {where} ({_kind(current)})"
            else:
                current = current[segment]
                continue
        else:
            shown = segment
            if not isinstance(current, dict):
                problem = f"{segment!r} needs an object {where}, but found {_kind(current)}"
            elif segment not in current:
                problem = f"{segment!r} is missing {where}"
            else:
                current = current[segment]
                continue
        message = f"{label} {text!r} found nothing: {problem}. {describe_top_level(data)}"
        raise PathNotFound(message, path=text, missing=str(shown))
    return current
