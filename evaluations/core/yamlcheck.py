"""Checking a YAML file field by field (docs/redteam.md, Custom attacks; suite YAML in docs/suites.md): every
problem a sentence with its line and field, collected rather than raised one at a time, so a file is refused
whole with all of them and nothing is written. A leaf: suites and the red team read their files with it."""

from __future__ import annotations

import dataclasses
import enum
import math
from typing import Any

from evaluations.core import storable, yamlsafe

MAX_SEEDED_TOOL_CALLS = 5

Path = yamlsafe.Path


@dataclasses.dataclass(frozen=True)
class ImportProblem:
    line: int | None
    field: str
    message: str

    def __str__(self) -> str:
        where = f"Line {self.line}" if self.line else "File"
        return f"{where}, {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class YamlProblems(Exception):
    """The YAML cannot be imported; ``problems`` lists every one. Nothing was written."""

    def __init__(self, problems: list[ImportProblem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems


def field_name(path: Path) -> str:
    text = ""
    for part in path:
        text += f"[{part + 1}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def load_document(text: str) -> yamlsafe.Document:
    """``yamlsafe.load`` with its refusal, and every key given twice, as YamlProblems."""
    try:
        document = yamlsafe.load(text)
    except yamlsafe.YamlRefused as refused:
        raise YamlProblems([ImportProblem(refused.line, "", refused.message)]) from None
    problems = [
        ImportProblem(line, field_name(path), f"“{path[-1]}” is given twice.")
        for path, line in document.duplicate_keys()
    ]
    if problems:
        raise YamlProblems(problems)
    return document


class Checker:
    """Reads fields of the document, adding a problem for each bad one and returning a safe default."""

    def __init__(self, document: yamlsafe.Document) -> None:
        self.document = document
        self.problems: list[ImportProblem] = []

    def add(self, path: Path, message: str) -> None:
        self.problems.append(ImportProblem(self.document.line_of(path), field_name(path), message))

    def text(self, data: dict[str, Any], key: str, path: Path, *, required: bool = False, limit: int = 20_000) -> str:
        value = data.get(key)
        if value is None:
            if required:
                self.add((*path, key), "This field is required.")
            return ""
        if not isinstance(value, str):
            self.add((*path, key), "Write this as text.")
            return ""
        if required and not value.strip():
            self.add((*path, key), "This field cannot be blank.")
        if len(value) > limit:
            self.add((*path, key), f"Keep this under {limit:,} characters.")
        return value

    def integer(self, data: dict[str, Any], key: str, path: Path, *, default: int, low: int, high: int) -> int:
        value = data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.add((*path, key), f"Give a whole number from {low} to {high}.")
            return default
        return value

    def boolean(self, data: dict[str, Any], key: str, path: Path, *, default: bool) -> bool:
        value = data.get(key, default)
        if not isinstance(value, bool):
            self.add((*path, key), "Write true or false.")
            return default
        return value

    def strings(self, data: dict[str, Any], key: str, path: Path) -> list[str]:
        value = data.get(key) or []
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.add((*path, key), "Give a list of text items.")
            return []
        return list(value)

    def choice(self, data: dict[str, Any], key: str, path: Path, kind: type[enum.StrEnum], default: str) -> str:
        value = data.get(key, default)
        if not isinstance(value, str) or value not in {member.value for member in kind}:  # a list is not hashable
            self.add((*path, key), f"Use {' or '.join(member.value for member in kind)}.")
            return default
        return str(value)

    def unknown(self, data: dict[str, Any], allowed: tuple[str, ...], path: Path) -> None:
        for key in data:
            if key not in allowed:
                self.add((*path, str(key)), f"Unknown field “{key}”; fields here are: {', '.join(allowed)}.")


def _plain_value(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, str | int | bool)


def tool_context(check: Checker, item: dict[str, Any], path: Path) -> list[dict[str, Any]]:
    """Tool calls and results to seed the conversation with (docs/redteam.md, Attacks through tool results): a
    list of ``{name, arguments, result}``, arguments a mapping of text, numbers or booleans, the result text."""
    raw = item.get("tool_context")
    if raw is None:
        return []
    here = (*path, "tool_context")
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_SEEDED_TOOL_CALLS:
        check.add(
            here, f"Give a list of 1 to {MAX_SEEDED_TOOL_CALLS} tool calls, each with a name, arguments and a result."
        )
        return []
    seeded = []
    for index, entry in enumerate(raw):
        where = (*here, index)
        if not isinstance(entry, dict) or set(entry) - {"name", "arguments", "result"}:
            check.add(where, "Give each tool call as name, arguments (a mapping) and result (text).")
            continue
        arguments = entry.get("arguments") or {}
        if not isinstance(arguments, dict) or not all(_plain_value(v) for v in arguments.values()):
            check.add((*where, "arguments"), "Write the arguments as a mapping of name: text, number or true/false.")
            continue
        name = check.text(entry, "name", where, required=True, limit=100).strip()
        result = check.text(entry, "result", where, required=True)
        call = {"name": name, "arguments": {str(k): v for k, v in arguments.items()}, "result": result}
        if found := storable.problem(call, field="This tool call"):
            check.add(where, found)
            continue
        seeded.append(call)
    return seeded
