"""The one door to jsonschema: JSON Schemas checked and applied without ever reaching the network.

Left to itself, jsonschema resolves a ``$ref`` it does not hold by fetching the URL with urllib, outside the
outbound guard: a monitor rule ``json_schema: {$ref: "http://169.254.169.254/..."}`` made the worker send that
request. Here every validator is given an empty ``referencing.Registry`` with no ``retrieve`` function, so a
reference that points outside the schema is unresolvable, never fetched (the draft meta-schemas ship with
jsonschema and resolve offline). ``schema_check`` refuses such references when a schema is saved, saying where
they are; ``first_violation`` raises ``SchemaUnresolvable`` for any that still reach it (rules saved earlier).

Patterns a member writes (``pattern``, the keys of ``patternProperties``, and the ``additionalProperties`` and
``unevaluatedProperties`` that depend on them) never reach jsonschema's own ``re.search``: the validator here
replaces those keywords with ones that run on the bounded pattern runner (``evaluations.core.patterns``), one time
limit shared by the whole schema on one instance, so ``first_violation`` raises ``PatternTimeout`` instead of
holding the worker. ``schema_check`` compiles patterns with the same runner, and refuses a reference that leads
back to itself without checking anything in between (``{$anchor: me, $ref: "#me"}``), which would loop on every
instance.

A leaf (no models). jsonschema is imported on first use: it costs about 0.1 s at start-up.
"""

from __future__ import annotations

import contextvars
import dataclasses
import functools
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from evaluations.core import patterns

if TYPE_CHECKING:
    from referencing import Registry
    from referencing._core import Resolver

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


class SchemaLoops(SchemaRefused):
    """A reference in the schema leads back to itself without checking anything in between."""


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
    """Raise SchemaRefersOutside when ``schema`` refers outside itself, SchemaLoops when a reference leads back to
    itself, SchemaRefused when it is not a valid Draft 2020-12 schema (a pattern that does not compile included)."""
    from jsonschema import Draft202012Validator

    for path, ref in sorted(non_local_refs(schema), key=lambda found: _where(found[0])):
        raise SchemaRefersOutside(
            f"{_where(path)} points outside the schema ({ref[:200]}); schemas are never fetched: {_KEEP_LOCAL}.",
            path=path,
        )
    # The same check as Draft202012Validator.check_schema (first error, formats checked), on the offline registry.
    meta = Draft202012Validator(
        Draft202012Validator.META_SCHEMA, registry=_offline_registry(), format_checker=_format_checker()
    )
    error = next(iter(meta.iter_errors(schema)), None)
    if error is not None:
        raise SchemaRefused(error.message, path=tuple(error.path))
    loop = _reference_loop(schema)
    if loop is not None:
        path, ref = loop
        raise SchemaLoops(
            f"{_where(path)} ({ref[:200]}) leads back to itself without checking anything in between, so no answer "
            "could ever be checked; refer to a schema that checks something first, or remove the reference.",
            path=path,
        )


_BUDGET: contextvars.ContextVar[patterns.PatternBudget] = contextvars.ContextVar("jsonsafe_pattern_budget")


def first_violation(schema: Mapping[str, Any], instance: Any) -> Violation | None:
    """The first way ``instance`` fails ``schema`` (by path), or None when it fits. Raises SchemaUnresolvable
    for a reference that does not resolve inside the schema (nothing is fetched), ``patterns.PatternTimeout``
    when the schema's patterns ran out of their time limit on this instance."""
    from referencing.exceptions import NoSuchAnchor, PointerToNowhere, Unresolvable

    validator = _bounded_validator_class()(schema, registry=_offline_registry())
    token = _BUDGET.set(patterns.PatternBudget())
    try:
        errors = sorted(validator.iter_errors(instance), key=lambda e: e.path)
    except Unresolvable as exc:
        cause = getattr(exc, "_wrapped", exc)  # jsonschema wraps referencing's own error class
        if isinstance(cause, PointerToNowhere | NoSuchAnchor):
            raise SchemaUnresolvable(f"The schema's reference {exc.ref[:200]} points nowhere inside it.") from None
        raise SchemaUnresolvable(
            f"The schema refers to {exc.ref[:200]}, outside itself, which is not fetched: {_KEEP_LOCAL}."
        ) from None
    except RecursionError:
        # Rules saved before schema_check refused reference loops, or an answer nested deeper than Python recurses.
        raise SchemaUnresolvable(
            "The schema could not be applied: a reference in it leads back to itself without end, or the answer "
            "is nested too deeply; edit the rule."
        ) from None
    finally:
        _BUDGET.reset(token)
    if not errors:
        return None
    return Violation(json_path=errors[0].json_path, keyword=str(errors[0].validator))


# Bounded patterns: the keywords of Draft 2020-12 that run a member's regular expression, on the pattern runner.


def _found(pattern: str, text: str) -> bool:
    return patterns.pattern_search(pattern, text, budget=_BUDGET.get(None) or patterns.PatternBudget())


def _pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[Any]:
    from jsonschema import ValidationError

    if validator.is_type(instance, "string") and not _found(pattern, instance):
        yield ValidationError("The string does not match the pattern.")


def _pattern_properties(validator: Any, by_pattern: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    for pattern, subschema in by_pattern.items():
        for key, value in instance.items():
            if _found(pattern, key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


def _additional(instance: Mapping[str, Any], schema: Any) -> set[str]:
    """The keys neither ``properties`` nor ``patternProperties`` cover."""
    named = schema.get("properties", {})
    by_pattern = list(schema.get("patternProperties", {}))
    return {key for key in instance if key not in named and not any(_found(p, key) for p in by_pattern)}


def _additional_properties(validator: Any, additional: Any, instance: Any, schema: Any) -> Iterator[Any]:
    from jsonschema import ValidationError

    if not validator.is_type(instance, "object"):
        return
    extras = _additional(instance, schema)
    if validator.is_type(additional, "object"):
        for extra in sorted(extras):
            yield from validator.descend(instance[extra], additional, path=extra)
    elif not additional and extras:
        yield ValidationError(f"Additional properties are not allowed ({len(extras)} unexpected).")


def _evaluated_keys(validator: Any, instance: Mapping[str, Any], schema: Any) -> set[str]:
    """The keys of ``instance`` that ``schema`` evaluates, for ``unevaluatedProperties`` (as jsonschema's own
    ``find_evaluated_property_keys_by_schema``, with patterns on the runner)."""
    if validator.is_type(schema, "boolean"):
        return set()
    keys: set[str] = set()
    for keyword in ("$ref", "$dynamicRef"):
        ref = schema.get(keyword)
        if ref is not None:
            resolved = validator._resolver.lookup(ref)
            inner = validator.evolve(schema=resolved.contents, _resolver=resolved.resolver)
            keys |= _evaluated_keys(inner, instance, resolved.contents)
    named = schema.get("properties")
    if validator.is_type(named, "object"):
        keys |= named.keys() & instance.keys()
    for keyword in ("additionalProperties", "unevaluatedProperties"):
        subschema = schema.get(keyword)
        if subschema is not None:
            keys |= {k for k, v in instance.items() if next(validator.descend(v, subschema), None) is None}
    for pattern in schema.get("patternProperties", {}):
        keys |= {key for key in instance if _found(pattern, key)}
    for key, subschema in schema.get("dependentSchemas", {}).items():
        if key in instance:
            keys |= _evaluated_keys(validator, instance, subschema)
    for keyword in ("allOf", "oneOf", "anyOf"):
        for subschema in schema.get(keyword, []):
            if next(validator.descend(instance, subschema), None) is None:
                keys |= _evaluated_keys(validator, instance, subschema)
    if "if" in schema:
        if validator.evolve(schema=schema["if"]).is_valid(instance):
            keys |= _evaluated_keys(validator, instance, schema["if"])
            if "then" in schema:
                keys |= _evaluated_keys(validator, instance, schema["then"])
        elif "else" in schema:
            keys |= _evaluated_keys(validator, instance, schema["else"])
    return keys


def _unevaluated_properties(validator: Any, unevaluated: Any, instance: Any, schema: Any) -> Iterator[Any]:
    from jsonschema import ValidationError

    if not validator.is_type(instance, "object"):
        return
    evaluated = _evaluated_keys(validator, instance, schema)
    failing = [
        key
        for key in instance
        if key not in evaluated and next(validator.descend(instance[key], unevaluated, path=key), None) is not None
    ]
    if failing:
        yield ValidationError(f"Unevaluated properties are not allowed or not valid ({len(failing)} unexpected).")


@functools.cache
def _bounded_validator_class() -> Any:
    from jsonschema import Draft202012Validator, validators

    return validators.extend(
        Draft202012Validator,
        {
            "pattern": _pattern,
            "patternProperties": _pattern_properties,
            "additionalProperties": _additional_properties,
            "unevaluatedProperties": _unevaluated_properties,
        },
    )


@functools.cache
def _format_checker() -> Any:
    """Draft 2020-12's format checks, with ``regex`` (a ``pattern`` or ``patternProperties`` key) compiled by the
    runner that will run it."""
    from jsonschema import Draft202012Validator, FormatChecker

    checker = FormatChecker()
    checker.checkers = {**Draft202012Validator.FORMAT_CHECKER.checkers}

    @checker.checks("regex", raises=patterns.PatternError)
    def _compiles(instance: object) -> bool:
        if isinstance(instance, str):
            patterns.pattern_check(instance)
        return True

    return checker


# Reference loops: a "$ref" that leads back to where it started through keywords that check the same value (allOf,
# not, if, another "$ref" ...) recurses without end on every instance; one that passes through "properties" or
# "items" first is fine (the instance gets smaller each time round).

_SCHEMA_ONE = ("not", "if", "then", "else", "items", "contains", "additionalProperties", "propertyNames")
_SCHEMA_ONE_MORE = ("unevaluatedItems", "unevaluatedProperties", "additionalItems")
_SCHEMA_LIST = ("allOf", "anyOf", "oneOf", "prefixItems")
_SCHEMA_MAP = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
_SAME_VALUE_ONE = ("not", "if", "then", "else")
_SAME_VALUE_LIST = ("allOf", "anyOf", "oneOf")


def _subschemas(node: Any, path: Path, same_value: bool) -> Iterator[tuple[Path, Any]]:
    """The schemas directly inside ``node``: those that check the same value when ``same_value``, else all."""
    if not isinstance(node, Mapping):
        return
    for key in _SAME_VALUE_ONE if same_value else (*_SCHEMA_ONE, *_SCHEMA_ONE_MORE):
        if isinstance(node.get(key), Mapping):
            yield (*path, key), node[key]
    for key in _SAME_VALUE_LIST if same_value else _SCHEMA_LIST:
        if isinstance(node.get(key), list):
            yield from (((*path, key, i), item) for i, item in enumerate(node[key]) if isinstance(item, Mapping))
    for key in ("dependentSchemas",) if same_value else _SCHEMA_MAP:
        if isinstance(node.get(key), Mapping):
            yield from (((*path, key, str(k)), v) for k, v in node[key].items() if isinstance(v, Mapping))


def _same_value_steps(node: Any, resolver: Resolver) -> Iterator[tuple[Path, Any, Resolver, str]]:
    """Where checking ``node`` goes next on the same value: its same-value subschemas and its references, each as
    (path from ``node``, schema, resolver, the reference or "")."""
    from referencing.exceptions import Unresolvable
    from referencing.jsonschema import DRAFT202012

    for sub_path, sub in _subschemas(node, (), same_value=True):
        inner = resolver.in_subresource(DRAFT202012.create_resource(sub)) if "$id" in sub else resolver
        yield sub_path, sub, inner, ""
    for keyword in ("$ref", "$dynamicRef"):
        ref = node.get(keyword)
        if isinstance(ref, str):
            try:
                resolved = resolver.lookup(ref)
            except Unresolvable:
                continue  # first_violation says so when it meets it
            if isinstance(resolved.contents, Mapping):
                yield (keyword,), resolved.contents, resolved.resolver, ref


def _reference_loop(schema: Any) -> tuple[Path, str] | None:
    """(path, reference) of a reference that leads back to itself on the same value, or None."""
    from referencing import Registry
    from referencing.jsonschema import DRAFT202012

    if not isinstance(schema, Mapping):
        return None
    root = Registry().with_resource("", DRAFT202012.create_resource(schema)).resolver()
    where: dict[int, Path] = {}  # each subschema's place in the document
    everywhere: list[tuple[Path, Any]] = [((), schema)]
    while everywhere:
        path, node = everywhere.pop()
        where.setdefault(id(node), path)
        everywhere.extend(_subschemas(node, path, same_value=False))
    cleared: set[int] = set()  # nodes from which no same-value path comes back
    for start_id, start_path in sorted(where.items(), key=lambda item: len(item[1])):
        if start_id in cleared:
            continue
        start = _at(schema, start_path)
        # Depth-first along same-value steps; a step onto a node on the current path closes a loop.
        on_path = {start_id}
        no_ref: tuple[Path, str] = ((), "")
        stack = [(start, _same_value_steps(start, root), no_ref)]
        while stack:
            node, steps, last_ref = stack[-1]
            step = next(steps, None)
            if step is None:
                stack.pop()
                on_path.discard(id(node))
                cleared.add(id(node))
                continue
            relative, target, resolver, ref = step
            here = (*where.get(id(node), ()), *relative)
            seen_ref = (here, ref) if ref else last_ref
            if id(target) in on_path:
                return seen_ref
            if id(target) not in cleared:
                on_path.add(id(target))
                stack.append((target, _same_value_steps(target, resolver), seen_ref))
    return None


def _at(schema: Any, path: Path) -> Any:
    node = schema
    for part in path:
        node = node[part]
    return node
