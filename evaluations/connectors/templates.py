"""Request body templates: JSON with ``{{message}}``, ``{{history}}``, ``{{conversation_id}}`` and user variables.

Placeholders are substituted as JSON values, never pasted as text: each placeholder becomes a unique sentinel
string, the template is parsed as JSON, and the parsed structure is walked to swap the sentinels for values.
So a message full of quotes or newlines can never break (or inject into) the JSON.

- ``"{{message}}"`` or a bare ``{{message}}`` as a whole value becomes the JSON value (a string, the history
  array, the id or null).
- A placeholder inside a longer string is substituted as text within that string (``history`` as JSON text).
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from evaluations.connectors.paths import as_text
from evaluations.core import storable

BUILTIN_PLACEHOLDERS = ("message", "history", "conversation_id", "session_id")
DEFAULT_TEMPLATE = '{"message": {{message}}, "history": {{history}}, "conversation_id": {{conversation_id}}}'

_PLACEHOLDER = re.compile(r"\{\{\s*([^{}]*?)\s*\}\}")
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class TemplateError(ValueError):
    """The template cannot be used; the message says what to fix."""


def _known_list(variables: Iterable[str]) -> str:
    return ", ".join("{{" + name + "}}" for name in (*BUILTIN_PLACEHOLDERS, *variables))


def _check_variable_names(variables: Iterable[str]) -> list[str]:
    names = list(variables)
    for name in names:
        if not _NAME.match(name):
            raise TemplateError(f"Template variable name {name!r} is not valid: use letters, digits and underscores.")
        if name in BUILTIN_PLACEHOLDERS:
            raise TemplateError(f"Template variable name {name!r} is reserved; choose another name.")
    return names


def _with_sentinels(template: str, known: list[str]) -> tuple[str, dict[str, str], list[int]]:
    """Replace each placeholder with a sentinel, quoted when it stands outside a JSON string.

    Also returns, for each character of the result, its position in ``template`` (for error messages).
    """
    nonce = secrets.token_hex(8)
    sentinels: dict[str, str] = {}  # sentinel -> placeholder name
    out: list[str] = []
    origin: list[int] = []
    in_string = False
    escaped = False
    pos = 0
    while pos < len(template):
        match = _PLACEHOLDER.match(template, pos) if template.startswith("{{", pos) else None
        if match:
            name = match.group(1)
            if name not in known:
                raise TemplateError(
                    f"Unknown placeholder {{{{{name}}}}} in the request template. "
                    f"Known placeholders: {_known_list(known[len(BUILTIN_PLACEHOLDERS) :])}."
                )
            sentinel = f"__trustgate_{nonce}_{len(sentinels)}__"
            sentinels[sentinel] = name
            replacement = sentinel if in_string else f'"{sentinel}"'
            out.append(replacement)
            origin.extend([pos] * len(replacement))
            pos = match.end()
            escaped = False
            continue
        char = template[pos]
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        out.append(char)
        origin.append(pos)
        pos += 1
    return "".join(out), sentinels, origin


def _substitute(node: Any, sentinels: dict[str, str], values: Mapping[str, Any]) -> Any:
    if isinstance(node, str):
        if node in sentinels:
            return values[sentinels[node]]
        if "__trustgate_" in node:
            for sentinel, name in sentinels.items():
                if sentinel in node:
                    node = node.replace(sentinel, as_text(values[name]))
        return node
    if isinstance(node, list):
        return [_substitute(item, sentinels, values) for item in node]
    if isinstance(node, dict):
        return {
            as_text(_substitute(key, sentinels, values)): _substitute(value, sentinels, values)
            for key, value in node.items()
        }
    return node


def _parse(template: str, variables: Iterable[str]) -> tuple[Any, dict[str, str]]:
    if not template.strip():
        raise TemplateError('The request template is empty; write a JSON body such as {"message": {{message}}}.')
    known = [*BUILTIN_PLACEHOLDERS, *_check_variable_names(variables)]
    prepared, sentinels, origin = _with_sentinels(template, known)
    if storable.json_depth(prepared) > storable.MAX_DEPTH:  # before the parser recurses (docs/configuration.md)
        raise TemplateError(f"The request template is nested more than {storable.MAX_DEPTH} levels deep.")
    try:
        parsed = json.loads(prepared)
    except json.JSONDecodeError as exc:
        pos = origin[exc.pos] if exc.pos < len(origin) else len(template)
        line = template.count("\n", 0, pos) + 1
        column = pos - (template.rfind("\n", 0, pos) + 1) + 1
        raise TemplateError(
            f"The request template is not valid JSON once placeholders are filled in: {exc.msg} "
            f"(line {line}, column {column})."
        ) from None
    return parsed, sentinels


def validate_template(template: str, variables: Iterable[str] = ()) -> None:
    """Raise ``TemplateError`` for an unknown placeholder, a bad variable name or invalid JSON.

    ``variables`` are the names of the user's template variables (a mapping works too: its keys are used).
    """
    _parse(template, variables)


def render_template(
    template: str,
    *,
    message: str,
    history: list[dict[str, str]],
    conversation_id: str | None,
    variables: Mapping[str, str] | Iterable[tuple[str, str]] = (),
    session_id: str | None = None,
) -> bytes:
    """The request body as UTF-8 JSON bytes. ``conversation_id`` None or "" becomes JSON null."""
    user_values = dict(variables)
    parsed, sentinels = _parse(template, user_values)
    values: dict[str, Any] = {
        **user_values,
        "message": message,
        "history": history,
        "conversation_id": conversation_id or None,
        "session_id": session_id or None,
    }
    body = _substitute(parsed, sentinels, values)
    return json.dumps(body, ensure_ascii=False).encode("utf-8")
