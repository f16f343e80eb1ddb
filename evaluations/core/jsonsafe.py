"""The one door to jsonschema: JSON Schemas checked and applied without ever reaching the network.

Left to itself, jsonschema resolves a ``$ref`` it does not hold by fetching the URL with urllib, outside the
outbound guard: a monitor rule ``json_schema: {$ref: "http://169.254.169.254/..."}`` made the worker send that
request. Here every validator is given an empty ``referencing.Registry`` with no ``retrieve`` function, so a
reference that points outside the schema is unresolvable, never fetched (the draft meta-schemas ship with
jsonschema and resolve offline). ``schema_check`` refuses such references when a schema is saved, saying where
they are; ``first_violation`` raises ``SchemaUnresolvable`` for any that still reach it (rules saved earlier).

A leaf (no models). jsonschema is imported on first use: it costs about 0.1 s at start-up.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referencing import Registry

Path = tuple[str | int, ...]
REF_KEYWORDS = ("$ref", "$dynamicRef", "$recursiveRef")
# Under these keywords a schema holds data, not subschemas: a "$ref" key there is a value, not a reference.
_DATA_KEYWORDS = frozenset({"const", "enum", "default", "examples"})
_KEEP_LOCAL = "put the definition under $defs and refer to it as #/$defs/NAME"


class SchemaRefused(ValueError):
    """A schema that cannot be saved; ``path`` is where inside it (keys and list indexes), ``str(error)`` a
    sentence for the user."""

    def __init__(self, message: str, *, path: Path = ()) -> None:
        super().__init__(message)
        self.path = path


class SchemaRefersOutside(SchemaRefused):
    """The schema has a reference to something outside it (a URL, another file)."""


class SchemaUnresolvable(Exception):
    """A ``$ref`` that does not resolve inside the schema (it is never fetched); ``str(error)`` says so."""


@dataclasses.dataclass(frozen=True)
class Violation:
    """Where an instance fails a schema, without its value (messages must not quote the data)."""

    json_path: str
    keyword: str


def _offline_registry() -> Registry:
    from referencing import Registry

    # No ``retrieve``: an unknown URI raises NoSuchResource instead of being fetched.
    return Registry()


def non_local_refs(schema: Any) -> Iterator[tuple[Path, str]]:
    """Every reference in ``schema`` that points outside it (anything but ``#...``), as (path, reference)."""
    stack: list[tuple[Path, Any]] = [((), schema)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, Mapping):
            for key, value in node.items():
                if key in REF_KEYWORDS and isinstance(value, str) and not value.startswith("#"):
                    yield (*path, key), value
                elif key not in _DATA_KEYWORDS:
                    stack.append(((*path, str(key)), value))
        elif isinstance(node, list):
            stack.extend(((*path, index), item) for index, item in enumerate(node))


def _where(path: Path) -> str:
    return ".".join(str(part) for part in path)


def schema_check(schema: Mapping[str, Any]) -> None:
    """Raise SchemaRefersOutside when ``schema`` refers outside itself, SchemaRefused when it is not a valid
    Draft 2020-12 schema."""
    from jsonschema import Draft202012Validator

    for path, ref in sorted(non_local_refs(schema), key=lambda found: _where(found[0])):
        raise SchemaRefersOutside(
            f"{_where(path)} points outside the schema ({ref[:200]}); schemas are never fetched: {_KEEP_LOCAL}.",
            path=path,
        )
    # The same check as Draft202012Validator.check_schema (first error, formats checked), on the offline registry.
    meta = Draft202012Validator(
        Draft202012Validator.META_SCHEMA,
        registry=_offline_registry(),
        format_checker=Draft202012Validator.FORMAT_CHECKER,
    )
    error = next(iter(meta.iter_errors(schema)), None)
    if error is not None:
        raise SchemaRefused(error.message, path=tuple(error.path))


def first_violation(schema: Mapping[str, Any], instance: Any) -> Violation | None:
    """The first way ``instance`` fails ``schema`` (by path), or None when it fits. Raises SchemaUnresolvable
    for a reference that does not resolve inside the schema: nothing is fetched."""
    from jsonschema import Draft202012Validator
    from referencing.exceptions import NoSuchAnchor, PointerToNowhere, Unresolvable

    validator = Draft202012Validator(schema, registry=_offline_registry())
    try:
        errors = sorted(validator.iter_errors(instance), key=lambda e: e.path)
    except Unresolvable as exc:
        cause = getattr(exc, "_wrapped", exc)  # jsonschema wraps referencing's own error class
        if isinstance(cause, PointerToNowhere | NoSuchAnchor):
            raise SchemaUnresolvable(f"The schema's reference {exc.ref[:200]} points nowhere inside it.") from None
        raise SchemaUnresolvable(
            f"The schema refers to {exc.ref[:200]}, outside itself, which is not fetched: {_KEEP_LOCAL}."
        ) from None
    if not errors:
        return None
    return Violation(json_path=errors[0].json_path, keyword=str(errors[0].validator))
