"""The one safe YAML loader for text people upload: suite import, monitor import and a monitor's rule lines.

A leaf (no models). Uploads are read with PyYAML's safe constructors only, after a scan of the parser's
events that refuses what could hurt the server or surprise the reader:

* more than ``MAX_YAML_BYTES`` (256 KB, the stricter of the two caps the importers had; suites allowed 1 MB);
* anchors and aliases (``&a`` / ``*a``): a small file could expand into a huge one ("billion laughs");
* tags other than the standard safe ones (``!!python/object`` and friends, local ``!tags``);
* nesting deeper than ``MAX_DEPTH`` (PyYAML composes recursively: a deep file would hit the recursion limit);
* scalars that do not construct (``2024-13-45``, an integer of thousands of digits).

Every refusal is a ``YamlRefused`` naming the line, and ``Document`` finds the line of any node or path, so
importers report problems by line.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterator
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

MAX_YAML_BYTES = 256 * 1024
MAX_DEPTH = 50  # far beyond any suite or monitor file

Path = tuple[str | int, ...]


class Problem(enum.StrEnum):
    TOO_LARGE = "too_large"
    ALIAS = "alias"
    TAG = "tag"
    TOO_DEEP = "too_deep"
    SYNTAX = "syntax"


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
        return SafeConstructor().construct_object(node, deep=True)

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


def _scan(text: str) -> None:
    """Refuse aliases, unsafe tags and deep nesting from the event stream, before anything is built."""
    depth = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
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


def _check_scalars(root: yaml.Node) -> None:
    """Construct every scalar once, so a value that cannot be built is refused with its line."""
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.MappingNode):
            stack.extend(item for pair in node.value for item in pair)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
        else:
            try:
                SafeConstructor().construct_object(node)
            except (ValueError, OverflowError) as exc:  # yaml's own errors carry their mark: load reports them
                raise YamlRefused(
                    Problem.SYNTAX,
                    f"This is not valid YAML: {exc} (column {node.start_mark.column + 1}).",
                    line=node_line(node),
                    column=node.start_mark.column + 1,
                    detail=str(exc),
                ) from None


def load(text: str) -> Document:
    """Read ``text`` safely. Raises YamlRefused (with the line) for anything the module docstring lists and
    for text that is not YAML; an empty text is a Document with no root and data None."""
    if len(text) > MAX_YAML_BYTES or len(text.encode("utf-8")) > MAX_YAML_BYTES:
        raise YamlRefused(Problem.TOO_LARGE, f"The file is larger than {MAX_YAML_BYTES // 1024} KB.")
    try:
        _scan(text)
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        if root is None:
            return Document(None, None)
        _check_scalars(root)
        return Document(root, SafeConstructor().construct_document(root))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = str(exc.problem or exc.context or "not valid YAML")
        message = f"This is not valid YAML: {problem}"
        if mark is not None:
            message += f" (column {mark.column + 1})"
        raise YamlRefused(
            Problem.SYNTAX,
            message + ".",
            line=int(mark.line) + 1 if mark is not None else None,
            column=mark.column + 1 if mark is not None else None,
            detail=problem,
        ) from None
    except yaml.YAMLError as exc:
        raise YamlRefused(Problem.SYNTAX, f"This is not valid YAML: {exc}.", detail=str(exc)) from None
