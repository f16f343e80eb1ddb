"""What every format's reader returns, and the helpers they share: the case drafted from a record, the problem
found on a line, turning a list of chat messages into a case (the last user turn is the message, the earlier turns
its ``start_from``), and reading JSON records with the line each starts on (docs/imports.md)."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol

MAX_IMPORT_BYTES = 32 * 1024 * 1024
MAX_IMPORT_MB = MAX_IMPORT_BYTES // (1024 * 1024)
MAX_CASES = 50_000

USER_ROLES = frozenset({"user", "human"})
ASSISTANT_ROLES = frozenset({"assistant", "ai", "model", "bot"})
SYSTEM_ROLES = frozenset({"system", "developer"})
TOOL_ROLES = frozenset({"tool", "function", "ipython"})

# What a key or column of a record can become (the mapping step; docs/imports.md, Mapping).
MAPPING_TARGETS = ("message", "messages", "expected_outcome", "name", "variable", "ignore")


@dataclasses.dataclass
class Draft:
    """One case read from a file, before PII masking and duplicate removal. ``became`` says what each field of the
    record became; ``dropped`` what was left out and why (never silently)."""

    message: str
    source: str  # "chats.jsonl:12", "traces.json span 5fb397be34d26b51"
    line: int | None = None
    name: str = ""
    start_from: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    expected_outcome: str = ""
    template_variables: list[list[str]] = dataclasses.field(default_factory=list)
    required_phrases: list[str] = dataclasses.field(default_factory=list)
    forbidden_phrases: list[str] = dataclasses.field(default_factory=list)
    expected_tool_calls: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    tool_order: str = "in_order"
    became: list[str] = dataclasses.field(default_factory=list)
    dropped: list[str] = dataclasses.field(default_factory=list)

    def add_outcome(self, sentence: str) -> None:
        sentence = sentence.strip()
        if sentence:
            self.expected_outcome = f"{self.expected_outcome}\n{sentence}".strip()


@dataclasses.dataclass(frozen=True)
class Problem:
    line: int | None
    message: str

    def __str__(self) -> str:
        return f"Line {self.line}: {self.message}" if self.line else self.message


@dataclasses.dataclass
class ReadResult:
    drafts: list[Draft] = dataclasses.field(default_factory=list)
    problems: list[Problem] = dataclasses.field(default_factory=list)
    columns: list[str] = dataclasses.field(default_factory=list)  # the keys the mapping step can map
    mapping: dict[str, str] = dataclasses.field(default_factory=dict)  # the mapping used (given or guessed)
    skipped: int = 0  # records that are not cases (a span that is no chat call), counted, not problems


class Reader(Protocol):
    def __call__(self, text: str, *, filename: str, mapping: Mapping[str, str]) -> ReadResult: ...


class FileRefused(Exception):
    """The whole file cannot be read (not the format chosen, not JSON at all): nothing was imported."""


# ---- chat messages -> one case --------------------------------------------------------------------------------


def content_text(value: Any) -> str:
    """The text of a message's content, whichever shape it has: a string, a list of parts (``{"type": "text",
    "text"|"content": ...}``), or a mapping holding ``content`` or ``text``."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "\n".join(t for t in (content_text(part) for part in value) if t)
    if isinstance(value, Mapping):
        if value.get("type") not in (None, "text", "input_text", "output_text"):
            return ""
        for key in ("text", "content", "value"):
            if key in value:
                return content_text(value[key])
        return ""
    return str(value)


def tool_calls_of(message: Mapping[str, Any]) -> list[dict[str, Any]]:
    """``{name, arguments}`` of each call an assistant message made: OpenAI's ``tool_calls`` (``function.name``,
    ``arguments`` as JSON text), plain ``{name, arguments}``, or OpenTelemetry ``tool_call`` parts."""
    found: list[dict[str, Any]] = []
    listed = message.get("tool_calls")
    parts = message.get("parts")
    calls: list[Any] = [*(listed if isinstance(listed, list) else [])]
    calls += [
        p for p in (parts if isinstance(parts, list) else []) if isinstance(p, Mapping) and p.get("type") == "tool_call"
    ]
    for call in calls:
        if not isinstance(call, Mapping):
            continue
        inner = call.get("function")
        function: Mapping[str, Any] = inner if isinstance(inner, Mapping) else call
        name = function.get("name")
        if not isinstance(name, str) or not name.strip():
            continue
        arguments = function.get("arguments", function.get("input", function.get("args", {})))
        if isinstance(arguments, str):
            try:
                arguments = json.loads(arguments) if arguments.strip() else {}
            except ValueError:
                arguments = {"arguments": arguments}
        found.append({"name": name.strip(), "arguments": dict(arguments) if isinstance(arguments, Mapping) else {}})
    return found


def conversation(
    messages: Sequence[Any], *, source: str, line: int | None, what: str = "messages"
) -> tuple[Draft | None, Problem | None]:
    """A case from chat messages: the last user turn is its message, the turns before it its ``start_from``. A
    system prompt, tool results and the recorded reply after the last user turn are listed as dropped."""
    turns: list[dict[str, Any]] = []
    dropped: list[str] = []
    if messages and all(isinstance(m, list) for m in messages):  # LangChain's batch form: [[message, ...]]
        messages = [m for batch in messages for m in batch]
    for message in messages:
        message = _langchain_message(message)
        if not isinstance(message, Mapping):
            return None, Problem(line, f"Each entry of the {what} is a mapping with role and content.")
        role = str(message.get("role") or message.get("type") or "").lower()
        text = content_text(message.get("content", message.get("parts", message.get("text"))))
        if role in USER_ROLES:
            turns.append({"role": "user", "content": text})
        elif role in ASSISTANT_ROLES:
            calls = tool_calls_of(message)
            if text.strip() or calls:
                turns.append({"role": "assistant", "content": text, **({"tool_calls": calls} if calls else {})})
        elif role in SYSTEM_ROLES:
            dropped.append("the system prompt: the agent under test has its own")
        elif role in TOOL_ROLES:
            dropped.append("a tool result: earlier turns replay what was said, not what tools returned")
        else:
            return None, Problem(
                line, f"A message of the {what} has the role {role or 'none'!r}; use user or assistant."
            )
    last_user = max((i for i, t in enumerate(turns) if t["role"] == "user"), default=None)
    if last_user is None:
        return None, Problem(line, f"The {what} hold no user message to send.")
    message_text = turns[last_user]["content"]
    if not message_text.strip():
        return None, Problem(line, f"The last user message of the {what} is blank.")
    after = turns[last_user + 1 :]
    if after:
        dropped.append(
            "the recorded reply after the last user message: each run asks the agent afresh "
            "(write what it should do as the expected outcome)"
        )
    draft = Draft(message=message_text, source=source, line=line, start_from=[t for t in turns[:last_user]])
    draft.became.append(f"the last user message of the {what} → the message")
    if draft.start_from:
        draft.became.append(f"{len(draft.start_from)} earlier turns → start from these turns")
    draft.dropped.extend(dict.fromkeys(dropped))
    return draft, None


_LANGCHAIN_ROLES = {"HumanMessage": "user", "AIMessage": "assistant", "SystemMessage": "system", "ToolMessage": "tool",
                    "FunctionMessage": "tool", "ChatMessage": "user"}  # fmt: skip


def _langchain_message(message: Any) -> Any:
    """A LangChain-serialised message (``{"lc": 1, "id": [..., "HumanMessage"], "kwargs": {...}}``) as a plain one."""
    if not isinstance(message, Mapping) or "lc" not in message or not isinstance(message.get("kwargs"), Mapping):
        return message
    ids = message.get("id") if isinstance(message.get("id"), list) else []
    kwargs = message["kwargs"]
    role = kwargs.get("role") or _LANGCHAIN_ROLES.get(str(ids[-1]) if ids else "", "")
    return {"role": role, "content": kwargs.get("content"), "tool_calls": kwargs.get("tool_calls") or []}


# ---- JSON records with their lines ----------------------------------------------------------------------------


def _line_at(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def json_records(text: str) -> Iterator[tuple[int, Any, str]]:
    """``(line, value, error)`` for each record of a JSON array, a single JSON value or JSON Lines; a record that
    does not parse has ``error`` set (JSON Lines go on with the next line; an array cannot, so it stops)."""
    stripped = text.lstrip()
    if stripped.startswith("["):
        yield from _array_records(text)
        return
    if stripped.startswith("{") and "\n" in stripped.rstrip():
        whole, error = _loads(text)
        if not error:
            yield _line_at(text, len(text) - len(stripped)), whole, ""
            return
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        value, error = _loads(raw)
        yield number, value, error


def _loads(raw: str) -> tuple[Any, str]:
    try:
        return json.loads(raw), ""
    except (ValueError, RecursionError) as exc:
        return None, _json_error(exc)


def _json_error(exc: Exception) -> str:
    if isinstance(exc, json.JSONDecodeError):
        return f"not valid JSON ({exc.msg}, column {exc.colno})."
    if isinstance(exc, RecursionError):
        return "nested too deeply to read."
    return "not valid JSON (a number too long to read)."


def _array_records(text: str) -> Iterator[tuple[int, Any, str]]:
    decoder = json.JSONDecoder()
    index = text.index("[") + 1
    length = len(text)
    while True:
        while index < length and text[index] in " \t\r\n,":
            index += 1
        if index >= length:
            yield _line_at(text, index), None, "the JSON array is not closed with ]."
            return
        if text[index] == "]":
            return
        try:
            value, end = decoder.raw_decode(text, index)
        except json.JSONDecodeError as exc:
            yield _line_at(text, exc.pos), None, _json_error(exc) + " Records after it were not read."
            return
        except (ValueError, RecursionError) as exc:
            yield _line_at(text, index), None, _json_error(exc) + " Records after it were not read."
            return
        yield _line_at(text, index), value, ""
        index = end


def guess_mapping(columns: Sequence[str], given: Mapping[str, str]) -> tuple[dict[str, str], list[Problem]]:
    """The mapping of each key to what it becomes: ``given`` where it says, else guessed from the key's name
    (``messages``, ``input``/``question``/``prompt``, ``expected_output``/``ideal``/``answer``, ``name``/``id``);
    other keys are ignored until mapped. A mapping naming a key the file lacks, or an unknown target, is a
    problem."""
    problems: list[Problem] = []
    for key, target in given.items():
        if target not in MAPPING_TARGETS:
            problems.append(Problem(None, f"Map “{key}” to one of {', '.join(MAPPING_TARGETS)}, not “{target}”."))
        elif key not in columns:
            shown = ", ".join(columns[:20]) or "none"
            problems.append(Problem(None, f"The mapping names “{key}”, which the file does not have (it has {shown})."))
    mapping: dict[str, str] = {}
    taken: set[str] = set()
    for column in columns:
        if given:  # the member's mapping: what it leaves out is ignored
            target = given.get(column, "ignore")
            mapping[column] = target if target in MAPPING_TARGETS else "ignore"
            continue
        guess = _GUESSES.get(re.sub(r"[\s-]+", "_", column.strip().lower()), "ignore")
        if guess in taken:  # the first column of a kind wins
            guess = "ignore"
        mapping[column] = guess
        if guess != "ignore":
            taken.add(guess)
    chosen = set(mapping.values())
    if "message" not in chosen and "messages" not in chosen and columns:
        problems.append(
            Problem(None, "Map a column to the message (or to messages, a list of {role, content}) to read cases.")
        )
    if list(mapping.values()).count("message") > 1 or list(mapping.values()).count("messages") > 1:
        problems.append(Problem(None, "Map only one column to the message and at most one to messages."))
    return mapping, problems


_GUESSES = {
    **dict.fromkeys(("messages", "conversation", "chat", "turns", "dialog", "dialogue"), "messages"),
    **dict.fromkeys(("input", "message", "question", "prompt", "query", "user", "user_message", "text"), "message"),
    **dict.fromkeys(
        (
            "expected_outcome",
            "expected",
            "expected_output",
            "expectedoutput",
            "ideal",
            "answer",
            "reference",
            "expected_answer",
            "ground_truth",
        ),
        "expected_outcome",
    ),  # fmt: skip
    **dict.fromkeys(("name", "id", "title", "description", "case", "case_name"), "name"),
}
