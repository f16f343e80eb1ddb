"""A scenario's fields and the checks of their values, shared by the editor, the services and the YAML import:
the stored fields, the stored forms of the expected tool calls, template variables and the placeholders that use
them."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError

from evaluations.core.specs import clean_start_from

SCENARIO_FIELDS = (
    "kind name turns expected_outcome correct_answer required_phrases forbidden_phrases expected_tool_call "
    "expected_tool_calls tool_order forbidden_tool_calls max_tool_calls required_scope forbidden_scope "
    "template_variables severity owasp_tag contacts_may_be_shared tool_results_leak persona max_turns attack_id "
    "start_from"
).split()


def validate_start_from(value: Any) -> None:
    """The model's check of ``Scenario.start_from`` (docs/suites.md, Start from these turns)."""
    try:
        clean_start_from(value)
    except ValueError as exc:
        raise ValidationError(str(exc)) from None


def tool_call_fields(calls: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The two stored forms of the expected calls: the first alone (what older readers use) and the list."""
    listed = [{"name": c["name"], "arguments": dict(c.get("arguments") or {})} for c in calls]
    return {"expected_tool_call": listed[0] if listed else None, "expected_tool_calls": listed}


_VARIABLE_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
RESERVED_VARIABLES = ("message", "history", "conversation_id", "canary")
MAX_MESSAGE_CHARS = 4000
_PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


def undefined_variables(text: str, variables: Sequence[Sequence[str]]) -> list[str]:
    """The ``{{name}}`` placeholders in ``text`` that no template variable defines (nor Trustgate: canary and the
    request-format names), in order of appearance, each once."""
    defined = {str(pair[0]) for pair in variables} | set(RESERVED_VARIABLES)
    missing: list[str] = []
    for name in _PLACEHOLDER.findall(text):
        if name not in defined and name not in missing:
            missing.append(name)
    return missing


def variable_problems(
    initial_message: str, later_turns: Sequence[str], variables: Sequence[Sequence[str]]
) -> dict[str, str]:
    """The editor's sentence for each part of the turns that uses an undefined ``{{name}}`` (sent as written, it
    would reach the agent literally): ``{"initial_message": ..., "later_turns": ...}``, only the parts with one."""
    problems: dict[str, str] = {}
    missing = undefined_variables(initial_message, variables)
    if missing:
        names = ", ".join("{{" + name + "}}" for name in missing)
        problems["initial_message"] = (
            f"The message uses {names}, not defined: add it under Template variables, or remove it."
        )
    for turn in later_turns:
        missing = undefined_variables(turn, variables)
        if missing:
            names = ", ".join("{{" + name + "}}" for name in missing)
            problems["later_turns"] = f"A later turn uses {names}, not defined: add it under Template variables."
            break
    return problems


def clean_template_variables(pairs: Sequence[Sequence[str]]) -> list[list[str]]:
    """Key/value rows -> ``[[key, value], ...]``; blank rows are dropped. Raises ValidationError naming the row."""
    cleaned: list[list[str]] = []
    seen: set[str] = set()
    for number, pair in enumerate(pairs, start=1):
        key, value = (str(pair[0]).strip(), str(pair[1])) if len(pair) == 2 else ("", "")
        if not key and not value.strip():
            continue
        if not key:
            raise ValidationError(f"Variable {number}: give the name of the value “{value[:40]}”.")
        if not _VARIABLE_NAME.match(key):
            raise ValidationError(f"Variable {number}: “{key}” is not a valid name; use letters, digits and _.")
        if key in RESERVED_VARIABLES:
            raise ValidationError(f"Variable {number}: “{key}” is reserved by Trustgate; choose another name.")
        if key in seen:
            raise ValidationError(f"Variable {number}: “{key}” is given twice.")
        seen.add(key)
        cleaned.append([key, value])
    return cleaned


def clean_case_text(initial_message: str, expected_outcome: str) -> tuple[str, str]:
    """A case's initial message and expected outcome, stripped. Raises ValidationError with a sentence."""
    message = initial_message.strip()
    if not message:
        raise ValidationError("Write the initial message the simulated user sends.")
    if len(message) > MAX_MESSAGE_CHARS:
        raise ValidationError(f"Keep the initial message under {MAX_MESSAGE_CHARS:,} characters.")
    return message, expected_outcome.strip()


CASE_CHECK_FIELDS = (
    "required_phrases required_scope forbidden_phrases forbidden_scope expected_tool_call expected_tool_calls "
    "tool_order forbidden_tool_calls max_tool_calls"
).split()
# The editor's other scenario fields, as the YAML has them (``later_turns``: the scripted turns after the first).
CASE_MORE_FIELDS = (
    "kind later_turns correct_answer severity owasp_tag uses_canary contacts_may_be_shared tool_results_leak persona "
    "max_turns "
    "attack_id is_active stale_reason"
).split()


def case_fields(checks: Mapping[str, Any] | None, more: Mapping[str, Any] | None) -> dict[str, Any]:
    values = {field: checks[field] for field in CASE_CHECK_FIELDS if checks is not None and field in checks}
    values.update({field: more[field] for field in CASE_MORE_FIELDS if more is not None and field in more})
    return values


def with_turns(values: dict[str, Any], message: str, old_turns: Sequence[str]) -> dict[str, Any]:
    later = values.pop("later_turns", None)
    values["turns"] = [message, *(list(old_turns[1:]) if later is None else later)]
    if values.get("is_active"):
        values["stale_reason"] = ""  # made active by hand: it runs, so it is no longer stale
    return values
