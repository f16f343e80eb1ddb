"""The one safe YAML loader for text people upload: suite import, monitor import and a monitor's rule lines.

A leaf (no models). Uploads are read with PyYAML's safe constructors only (on libyaml when it is there: the
same events, nodes and line marks, about ten times faster), after a scan of the parser's events that refuses
what could hurt the server or surprise the reader, each in well under a second of CPU:

* more than ``MAX_YAML_BYTES`` (256 KB, the stricter of the two caps the importers had; suites allowed 1 MB)
  or more than ``MAX_NODES`` values;
* characters a database cannot store or YAML does not allow: NUL, lone surrogates (written raw, or as the
  escapes ``"\\0"`` and ``"\\ud800"``), control characters;
* anchors and aliases (``&a`` / ``*a``): a small file could expand into a huge one ("billion laughs");
* tags other than the standard safe ones (``!!python/object`` and friends, local ``!tags``);
* nesting deeper than ``MAX_DEPTH`` (PyYAML composes recursively: a deep file would hit the recursion limit);
* more than one document (``---`` twice);
* scalars that do not construct (``2024-13-45``), integers outside what a database column holds
  (``MAX_INTEGER``; a 5,000-digit number is refused before Python converts it) and ``.inf`` / ``.nan``.

Every refusal is a ``YamlRefused`` naming the line, and ``Document`` finds the line of any node or path, so
importers report problems by line.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import re
from collections.abc import Iterator
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

MAX_YAML_BYTES = 256 * 1024
MAX_DEPTH = 50  # far beyond any suite or monitor file
MAX_NODES = 50_000  # a 256 KB suite of 1,000 scenarios holds about 15,000
MAX_INTEGER = 2**63 - 1  # what a database integer column holds
_MAX_INTEGER_CHARS = 40  # a longer integer is out of range: refused before int() spends CPU on it
_INT_TAG = "tag:yaml.org,2002:int"
# YAML's own set of characters a file may hold (yaml.reader.Reader.NON_PRINTABLE), which also leaves out NUL
# and lone surrogates; found here first, so the refusal can name the line (the reader gives an offset only).
_NOT_ALLOWED = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_NOT_STORABLE = re.compile("[\x00\ud800-\udfff]")  # in a value, from an escape such as "\0" or "\ud800"
# libyaml, when PyYAML was built with it: the same events, nodes and marks as the pure-Python parser.
_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

Path = tuple[str | int, ...]


class Problem(enum.StrEnum):
    TOO_LARGE = "too_large"
    ALIAS = "alias"
    TAG = "tag"
    TOO_DEEP = "too_deep"
    SYNTAX = "syntax"
    CHARACTER = "character"  # NUL, a lone surrogate or a control character
    VALUE = "value"  # an integer out of range, .inf or .nan


class YamlRefused(Exception):
    """The text is not read. ``line`` is 1-based (None: the whole file); ``detail`` is the bare reason (for
    callers that word the sentence themselves); ``str(error)`` is a sentence for the user."""

    def __init__(
        self, problem: Problem, message: str, *, line: int | None = None, column: int | None = None, detail: str = ""
    ) -> None:
        super().__init__(message)
        self.problem = problem
        self.message = message
        self.line = line
        self.column = column
        self.detail = detail or message


def node_line(node: yaml.Node | yaml.Event) -> int:
    """The 1-based line a node or event starts on."""
    mark = node.start_mark  # the parser always sets it; the stubs allow None
    return int(mark.line) + 1 if mark is not None else 1


@dataclasses.dataclass(frozen=True)
class Document:
    """A loaded file: its node tree (for lines) and its plain Python data."""

    root: yaml.Node | None
    data: Any

    def value(self, node: yaml.Node) -> Any:
        """The plain Python value of one node (already known to construct)."""
        return _Constructor().construct_object(node, deep=True)

    def line_of(self, path: Path) -> int | None:
        """The line of the node at ``path`` (keys and 0-based list indexes), or of its closest existing parent;
        for a mapping entry, the key's line: "field:" is what people look for."""
        node = self.root
        best = node_line(node) if node is not None else None
        for part in path:
            child, line = None, None
            if isinstance(node, yaml.MappingNode) and isinstance(part, str):
                pair = next(((k, v) for k, v in node.value if getattr(k, "value", None) == part), None)
                if pair is not None:
                    child, line = pair[1], node_line(pair[0])
            elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
                child = node.value[part]
                line = node_line(child)
            if child is None:
                break
            node, best = child, line
        return best

    def duplicate_keys(self) -> list[tuple[Path, int]]:
        """Every key given twice in one mapping, as (path, line); PyYAML itself silently keeps the last."""
        return list(_duplicate_keys(self.root, ())) if self.root is not None else []


def _duplicate_keys(node: yaml.Node, path: Path) -> Iterator[tuple[Path, int]]:
    if isinstance(node, yaml.MappingNode):
        seen: set[Any] = set()
        for key, value in node.value:
            name = getattr(key, "value", None)
            if name in seen:
                yield (*path, str(name)), node_line(key)
            seen.add(name)
            yield from _duplicate_keys(value, (*path, str(name)))
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            yield from _duplicate_keys(item, (*path, index))


def _position(text: str, index: int) -> tuple[int, int]:
    """The 1-based (line, column) of ``text[index]``."""
    line_start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - line_start + 1


def _character_name(character: str) -> str:
    if character == "\x00":
        return "a NUL character (\\0)"
    if "\ud800" <= character <= "\udfff":
        return f"a lone surrogate (\\u{ord(character):04x})"
    return f"the control character U+{ord(character):04X}"


def _refusal(problem: Problem, detail: str, line: int, column: int | None) -> YamlRefused:
    """A refusal of a character or value that is well-formed YAML: the sentence is the detail itself."""
    where = f" (column {column})" if column is not None else ""
    return YamlRefused(problem, f"{detail[0].upper()}{detail[1:]}{where}.", line=line, column=column, detail=detail)


def _refuse_character(character: str, line: int, column: int) -> YamlRefused:
    return _refusal(Problem.CHARACTER, f"{_character_name(character)} is not allowed", line, column)


def _check_text(text: str) -> None:
    """Size and characters, before the parser sees the text."""
    too_large = YamlRefused(Problem.TOO_LARGE, f"The file is larger than {MAX_YAML_BYTES // 1024} KB.")
    if len(text) > MAX_YAML_BYTES:
        raise too_large
    found = _NOT_ALLOWED.search(text)
    if found is not None:
        raise _refuse_character(found.group(), *_position(text, found.start()))
    if len(text.encode("utf-8")) > MAX_YAML_BYTES:  # no lone surrogate is left to make encode() fail
        raise too_large


def _scan(text: str) -> None:
    """Refuse aliases, unsafe tags, deep nesting, too many values and a second document from the event stream,
    before anything is built."""
    depth = nodes = documents = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise YamlRefused(
                Problem.ALIAS,
                "YAML anchors and aliases (&, *) are not supported here.",
                line=node_line(event),
                detail="anchors and aliases (&, *) are not supported",
            )
        tag = getattr(event, "tag", None)
        if tag not in (None, "!") and tag not in yaml.SafeLoader.yaml_constructors:
            shown = str(tag).replace("tag:yaml.org,2002:", "!!")
            raise YamlRefused(
                Problem.TAG,
                f"The YAML tag {shown} is not supported here; write plain values.",
                line=node_line(event),
                detail=f"the tag {shown} is not supported",
            )
        if isinstance(event, yaml.DocumentStartEvent):
            documents += 1
            if documents > 1:  # the composer would say so too, but only after reading every document
                raise _syntax_error("but found another document", event.start_mark)
        elif isinstance(event, yaml.NodeEvent):
            nodes += 1
            if nodes > MAX_NODES:
                raise YamlRefused(
                    Problem.TOO_LARGE,
                    f"The YAML holds more than {MAX_NODES:,} values; split it into smaller files.",
                    line=node_line(event),
                    detail=f"more than {MAX_NODES:,} values",
                )
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise YamlRefused(
                    Problem.TOO_DEEP,
                    f"The YAML is nested more than {MAX_DEPTH} levels deep.",
                    line=node_line(event),
                    detail=f"nested more than {MAX_DEPTH} levels deep",
                )
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _value_refused(node: yaml.Node, problem: Problem, detail: str) -> YamlRefused:
    column = node.start_mark.column + 1 if node.start_mark is not None else None
    if problem == Problem.SYNTAX:
        return YamlRefused(
            problem, f"This is not valid YAML: {detail} (column {column}).", line=node_line(node), column=column,
            detail=detail,
        )  # fmt: skip
    return _refusal(problem, detail, node_line(node), column)


class _Constructor(SafeConstructor):
    """PyYAML's safe constructor, with every scalar checked as it is built: a value that does not construct,
    an integer a database cannot hold, a number that is not finite, text a database cannot store."""

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            return super().construct_object(node, deep=deep)
        out_of_range = f"whole numbers must be from {-MAX_INTEGER - 1} to {MAX_INTEGER}"
        if node.tag == _INT_TAG and len(str(node.value)) > _MAX_INTEGER_CHARS:
            raise _value_refused(node, Problem.VALUE, out_of_range)
        try:
            value = super().construct_object(node, deep=deep)
        except (ValueError, OverflowError) as exc:  # yaml's own errors carry their mark: load reports them
            raise _value_refused(node, Problem.SYNTAX, str(exc)) from None
        if isinstance(value, int) and not isinstance(value, bool) and not -MAX_INTEGER - 1 <= value <= MAX_INTEGER:
            raise _value_refused(node, Problem.VALUE, out_of_range)
        if isinstance(value, float) and not math.isfinite(value):
            raise _value_refused(node, Problem.VALUE, "numbers must be finite (.inf and .nan are not supported)")
        if isinstance(value, str):
            found = _NOT_STORABLE.search(value)
            if found is not None:
                raise _value_refused(node, Problem.CHARACTER, f"{_character_name(found.group())} is not allowed")
        return value


def _syntax_error(problem: str, mark: Any) -> YamlRefused:
    """A refusal worded as before from a parser mark (PyYAML's or libyaml's: both have line and column)."""
    message = f"This is not valid YAML: {problem}"
    if mark is not None:
        message += f" (column {mark.column + 1})"
    return YamlRefused(
        Problem.SYNTAX,
        message + ".",
        line=int(mark.line) + 1 if mark is not None else None,
        column=mark.column + 1 if mark is not None else None,
        detail=problem,
    )


def load(text: str) -> Document:
    """Read ``text`` safely. Raises YamlRefused (with the line) for anything the module docstring lists and
    for text that is not YAML; an empty text is a Document with no root and data None."""
    _check_text(text)
    try:
        _scan(text)
        root = yaml.compose(text, Loader=_Loader)
        if root is None:
            return Document(None, None)
        return Document(root, _Constructor().construct_document(root))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise _syntax_error(str(exc.problem or exc.context or "not valid YAML"), mark) from None
    except yaml.YAMLError as exc:
        raise YamlRefused(Problem.SYNTAX, f"This is not valid YAML: {exc}.", detail=str(exc)) from None
