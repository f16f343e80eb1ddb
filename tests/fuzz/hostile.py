"""Hostile input for the fuzz tests, the fixed budget they run under, and the checks every example makes
(docs/architecture.md, "Fuzzing"; the limits themselves are in docs/configuration.md).

The strategies draw what a member, a CI job or an agent could send: lone surrogates, NUL, line breaks,
invisible characters, very long text, numbers of 5,000 digits, NaN and Infinity, deep nesting, YAML anchors and
tags, values of the wrong type where a parser expects another.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from typing import Any

import yaml
from django.db import models, transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from evaluations.core import storable

# One profile for the whole directory: reproducible in CI (derandomize), nothing written into the repository
# (no example database), and each example bounded (deadline). The function-scoped fixtures (a user, a workspace,
# a client) are safe to share between examples because every example that writes runs in a savepoint that is
# rolled back (``rolled_back``).
settings.register_profile(
    "fuzz",
    derandomize=True,
    database=None,
    deadline=2000,  # ms: one example may not take longer (docs: each input costs well under a second)
    max_examples=60,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
FUZZ = settings.get_profile("fuzz")
SECONDS_PER_EXAMPLE = 2.0

# Characters that have broken parsers and databases before: NUL, the line breaks Python's splitlines() knows
# (and JSON does not), invisible and direction marks, a BOM, the replacement character, lone surrogates.
SPECIAL_CHARACTERS = (
    "\x00", "\r", "\n", "\r\n", "\t", "\x0b", "\x0c", "\x1c", "\x1e", "\x7f", "\x85", "\u2028", "\u2029", "\u200b",
    "\u200d", "\u202e", "\u2066", "\ufeff", "\ufffd", "\ufffe", "\ud800", "\udbff", "\udc00", "\udfff",
    "\U0001f600", "\U000e0041", "'", '"', "\\", "{{", "}}", "{{message}}", "${x}", "%s", "&", "*", "!", "#", ":",
    "- ", "? ", "|", ">", "---", "...", "<script>", "\u0130", "ß",
)  # fmt: skip
HUGE_DIGITS = "9" * 5000


def _surrogate() -> st.SearchStrategy[str]:
    return st.integers(0xD800, 0xDFFF).map(chr)


def characters() -> st.SearchStrategy[str]:
    return st.one_of(
        st.characters(codec=None),
        st.sampled_from(SPECIAL_CHARACTERS),
        _surrogate(),
        st.characters(max_codepoint=0x7F),
    )


def hostile_text(*, max_size: int = 40) -> st.SearchStrategy[str]:
    """Short text from every corner of Unicode, or one of the long ones (100,000 characters, 5,000 digits)."""
    short = st.lists(characters(), max_size=max_size).map("".join)
    # Built when drawn (as piece × times), so that hypothesis's reports do not print 100,000 characters.
    long = st.sampled_from([("x", 100_000), ("9", 5000), ("\u200b", 5000), ("a\n", 3000), ("\ud800", 300)])
    return st.one_of(short, short, short, long.map(lambda pair: pair[0] * pair[1]), st.sampled_from(SPECIAL_CHARACTERS))


def odd_value(*, max_leaves: int = 8) -> st.SearchStrategy[Any]:
    """A value every loader reads (storable text, numbers in range) but of any type and shape: what reaches the
    checks behind the loader, where a parser that expects text meets a list."""
    text = st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), max_size=20)
    scalar = st.one_of(
        text,
        st.none(),
        st.booleans(),
        st.integers(-(2**63), 2**63 - 1),
        st.floats(allow_nan=False, allow_infinity=False),
    )
    return st.recursive(
        scalar,
        lambda children: st.one_of(st.lists(children, max_size=3), st.dictionaries(text, children, max_size=3)),
        max_leaves=max_leaves,
    )


def hostile_scalar() -> st.SearchStrategy[Any]:
    return st.one_of(
        hostile_text(),
        st.none(),
        st.booleans(),
        st.integers(),
        st.sampled_from([0, -1, 2**63 - 1, 2**63, -(2**63) - 1, 10**40, 10**100]),
        st.floats(allow_nan=True, allow_infinity=True),
    )


def hostile_value(*, max_leaves: int = 12) -> st.SearchStrategy[Any]:
    """Any JSON-ish value (NaN and Infinity included), nested a little (``deep_json_text`` nests a lot)."""
    return st.recursive(
        hostile_scalar(),
        lambda children: st.one_of(
            st.lists(children, max_size=4), st.dictionaries(hostile_text(max_size=10), children, max_size=4)
        ),
        max_leaves=max_leaves,
    )


def _nested(depth: int, shape: str) -> str:
    return {"lists": "[" * depth + "]" * depth, "objects": '{"a":' * depth + "1" + "}" * depth, "open": "[" * depth}[
        shape
    ]


def deep_json_text() -> st.SearchStrategy[str]:
    """JSON nested past every limit (33 levels, 65, then far past Python's recursion limit)."""
    depths = st.sampled_from([33, 65, 1000, 100_000])
    return st.tuples(depths, st.sampled_from(["lists", "objects", "open"])).map(lambda pair: _nested(*pair))


RAW_JSON = (
    "NaN", "Infinity", "-Infinity", "[NaN]", '{"a": Infinity}', "1e999",
    "-1e999", "1" + "0" * 39, "1" + "0" * 41, '"\\ud800"', '"\\udfff\\ud800"', '"\\u0000"', '{"\\u0000": 1}',
    '{"\\ud800": "x"}', "\ufeff{}", "", " ", "\x00", "{", '{"a": 1,}', "[1, 2", '"unterminated', "null", "true",
    '{"a": 1, "a": 2}', "{}", "[]", '"\u2028"',
)  # fmt: skip


def json_text() -> st.SearchStrategy[str]:
    """JSON text: valid JSON of hostile values (written with NaN, escaped or raw), nesting past the limits, the
    classic broken documents."""
    dumped = st.builds(
        lambda value, ascii_only: json.dumps(value, ensure_ascii=ascii_only, allow_nan=True),
        hostile_value(),
        st.booleans(),
    )
    huge = st.sampled_from(["@", "[@]", '{"a": @}']).map(lambda shape: shape.replace("@", HUGE_DIGITS))
    return st.one_of(dumped, dumped, deep_json_text(), st.sampled_from(RAW_JSON), huge, hostile_text())


def json_bytes() -> st.SearchStrategy[bytes]:
    """What a server may send: JSON text as UTF-8 (lone surrogates written as their three bytes), or any bytes."""
    encoded = json_text().map(lambda text: text.encode("utf-8", errors="surrogatepass"))
    return st.one_of(encoded, encoded, st.binary(max_size=64), st.sampled_from([b"\xff\xfe", b'{"a": "\xff"}']))


# ---------------------------------------------------------------------------------------------- YAML

# Documents no dumper writes: aliases (a billion laughs), unsafe and local tags, a second document, numbers
# past a database column, .inf and .nan, dates that are not, keys that are lists, nesting past 50 levels.
RAW_YAML = (
    "a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n",
    "name: &n Suite\nother: *n\n",
    "!!python/object/apply:os.system [echo hi]\n",
    "name: !local x\n",
    "name: !!binary aGVsbG8=\n",
    "name: a\n---\nname: b\n",
    "version: {huge}\n",
    "version: 0x7fffffffffffffffff\n",
    "max_turns: .inf\nversion: .nan\n",
    "version: 2024-13-45\n",
    "? [a, b]\n: c\n",
    "? {a: b}\n: c\n",
    "[" * 60 + "]" * 60,
    "a:\n" + "".join("  " * i + "- \n" for i in range(1, 60)),
    'name: "\\0"\n',
    'name: "\\ud800"\n',
    "name: \x00\n",
    "name: \ud800\n",
    "name: a\x85b\n",
    "\ufeffname: a\n",
    "name: [unclosed\n",
    "\t- tab\n",
    "",
    "~",
    "- just\n- a list\n",
    "'just a string'",
    "monitors:\n",
    "monitors: {}\n",
)


def yaml_dump(value: Any) -> str:
    return yaml.safe_dump(value, allow_unicode=True, sort_keys=False)


def mutated(base: dict[str, Any], *, nested: dict[str, dict[str, Any]] | None = None) -> st.SearchStrategy[Any]:
    """``base`` with some of its fields (and of the mappings in its lists, per ``nested``) replaced by hostile
    values, dropped, or joined by an unknown field: valid enough to reach the checks behind the first one."""
    nested = nested or {}

    def change(draw: Any, data: dict[str, Any], keys: list[str]) -> dict[str, Any]:
        data = dict(data)
        for key in draw(st.lists(st.sampled_from(keys), max_size=3, unique=True)):
            action = draw(st.sampled_from(["replace", "replace", "drop"]))
            if action == "drop":
                data.pop(key, None)
            else:
                data[key] = draw(st.one_of(odd_value(), odd_value(), hostile_value()))
        if draw(st.booleans()) and draw(st.integers(0, 9)) == 0:
            data[draw(hostile_text(max_size=8))] = draw(hostile_value())
        return data

    @st.composite
    def build(draw: Any) -> Any:
        data = change(draw, base, list(base))
        for key, item in nested.items():
            if isinstance(data.get(key), list):
                data[key] = [change(draw, item, list(item)) for _ in range(draw(st.integers(1, 3)))]
        return data

    return build()


def yaml_text(base: dict[str, Any], *, nested: dict[str, dict[str, Any]] | None = None) -> st.SearchStrategy[str]:
    """YAML text: a mutated valid document, the raw documents above (alone or after it), or any text."""
    documents = mutated(base, nested=nested).map(yaml_dump)
    raw = st.sampled_from(RAW_YAML).map(lambda text: text.replace("{huge}", HUGE_DIGITS))
    return st.one_of(documents, documents, documents, raw, st.tuples(documents, raw).map("".join), hostile_text())


# ---------------------------------------------------------------------------------------------- the checks


def is_human_sentence(message: object) -> bool:
    """A refusal a person can read: some words, not a traceback or an exception's repr."""
    text = str(message)
    return bool(text.strip()) and "Traceback" not in text and not text.startswith(("<", "{'", "['"))


def unstorable(*model_classes: type[models.Model]) -> list[str]:
    """Every text or JSON value saved in these models that the one check (evaluations/core/storable.py) refuses:
    a NUL, a lone surrogate, NaN, an integer past a column, nesting past its limit."""
    found = []
    for model in model_classes:
        fields = [
            f.name
            for f in model._meta.concrete_fields
            if isinstance(f, models.CharField | models.TextField | models.JSONField)
        ]
        for row in model._default_manager.values("pk", *fields):
            for name in fields:
                problem = storable.problem(row[name], field=f"{model.__name__}.{name}", max_depth=64)
                if problem:
                    found.append(f"row {row['pk']}: {problem}")
    return found


def counts(*model_classes: type[models.Model]) -> dict[str, int]:
    return {model.__name__: model._default_manager.count() for model in model_classes}


@contextlib.contextmanager
def rolled_back() -> Iterator[None]:
    """The example's writes undone when it ends, so the next example starts from the fixtures' state."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


@contextlib.contextmanager
def bounded(seconds: float = SECONDS_PER_EXAMPLE) -> Iterator[None]:
    """Fails when the block took longer than ``seconds`` of wall time (the deadline's twin for code that hypothesis
    does not time, such as work done in a fixture's server thread)."""
    started = time.perf_counter()
    yield
    took = time.perf_counter() - started
    assert took < seconds, f"one input took {took:.2f} s (at most {seconds} s)"
