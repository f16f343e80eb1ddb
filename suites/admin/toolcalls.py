"""The expected tool calls as a small structured editor (docs/suites.md, Django admin): each call a name and an
order, each argument a matcher (exact, number within tolerance, one of, any, regex, contains) and its value. The
field only turns the cells into the stored shape; the values are checked as a suite file's are
(``suites.yaml_io.parse.tool_checks_from_values``), so a bad value gets the same sentence."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from evaluations.core import yamlsafe
from evaluations.core.formfields import NO_NUL
from evaluations.core.specs import MatcherKind

MATCHER_LABELS = {
    MatcherKind.EXACT: "exact value",
    MatcherKind.NUMBER: "number ± tolerance",
    MatcherKind.ONE_OF: "one of",
    MatcherKind.ANY: "any value",
    MatcherKind.REGEX: "regex",
    MatcherKind.CONTAINS: "contains",
}
SPARE_ARGUMENTS = 2
MAX_ROWS = 200  # a post naming more calls or arguments than this is cut: no scenario has that many


def _is_json(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)  # .nan and .inf are YAML, not JSON (PostgreSQL refuses them)
    if value is None or isinstance(value, str | int | bool):
        return True
    if isinstance(value, list):
        return all(_is_json(item) for item in value)
    if isinstance(value, dict):
        return all(isinstance(key, str) and _is_json(item) for key, item in value.items())
    return False  # e.g. a date YAML would read from 2026-01-31: kept as the text written


def read_scalar(text: str) -> Any:
    """A cell as a suite file reads a value: ``30`` a number, ``true`` a boolean, ``'1042'`` text, ``[1, 2]`` a
    list; what is not a JSON value (a date) stays the text written."""
    if not text.strip():
        return text
    try:
        value = yamlsafe.load(text).data
    except yamlsafe.YamlRefused:
        return text
    return value if _is_json(value) else text


def scalar_text(value: Any) -> str:
    """The cell that reads back as ``value``."""
    if isinstance(value, str) and read_scalar(value) == value:
        return value
    return json.dumps(value, ensure_ascii=False)


def matcher_cells(matcher: Mapping[str, Any]) -> tuple[str, str, str]:
    """(kind, value, tolerance) of a stored matcher, as the editor shows them."""
    kind = str(matcher.get("kind", MatcherKind.EXACT))
    if kind == MatcherKind.REGEX:
        return kind, str(matcher.get("pattern", "")), ""
    if kind == MatcherKind.ONE_OF:
        values = list(matcher.get("values") or [])
        texts = [scalar_text(v) for v in values]
        if any("," in text for text in texts):
            return kind, json.dumps(values, ensure_ascii=False), ""
        return kind, ", ".join(texts), ""
    if kind == MatcherKind.ANY:
        return kind, "", ""
    if kind == MatcherKind.CONTAINS:
        value = matcher.get("value", "")
        return kind, value if isinstance(value, str) else scalar_text(value), ""
    tolerance = matcher.get("tolerance")
    return kind, scalar_text(matcher.get("value", "")), "" if tolerance is None else scalar_text(tolerance)


def matcher_text(matcher: Mapping[str, Any]) -> str:
    """A matcher in words, for a read-only page ("number 40 ± 0.01", "one of card, paypal")."""
    kind, value, tolerance = matcher_cells(matcher)
    if kind == MatcherKind.NUMBER and tolerance:
        return f"number {value} ± {tolerance}"
    words = {MatcherKind.EXACT: "=", MatcherKind.NUMBER: "number", MatcherKind.ONE_OF: "one of",
             MatcherKind.REGEX: "matches", MatcherKind.CONTAINS: "contains"}  # fmt: skip
    return "any value" if kind == MatcherKind.ANY else f"{words.get(MatcherKind(kind), kind)} {value}"


def matcher_from_cells(kind: str, value: str, tolerance: str) -> dict[str, Any]:
    """The stored matcher; a value of the wrong type is kept as written, so the check names it."""
    if kind == MatcherKind.ANY:
        return {"kind": kind}
    if kind == MatcherKind.REGEX:
        return {"kind": kind, "pattern": value.strip()}
    if kind == MatcherKind.CONTAINS:
        return {"kind": kind, "value": value.strip()}
    if kind == MatcherKind.ONE_OF:
        text = value.strip()
        if text.startswith("["):
            try:
                values = yamlsafe.load(text).data
            except yamlsafe.YamlRefused:
                values = text
        else:
            values = [read_scalar(item.strip()) for item in text.split(",") if item.strip()]
        return {"kind": kind, "values": values}
    matcher: dict[str, Any] = {"kind": kind, "value": read_scalar(value.strip())}
    if kind == MatcherKind.NUMBER and tolerance.strip():
        matcher["tolerance"] = read_scalar(tolerance.strip())
    return matcher


def _filled(item: Mapping[str, Any]) -> bool:
    """Whether a call or an argument row as posted has anything written in it."""
    if "arguments" in item:
        return bool(str(item.get("name", "")).strip()) or any(_filled(row) for row in item["arguments"] or [])
    return any(str(item.get(cell, "")).strip() for cell in ("arg", "value", "tolerance"))


class ToolCallsWidget(forms.Widget):
    """One fieldset per call (the calls given, then a blank one); in each, rows of argument, matcher, value and
    tolerance (the arguments given, then blank ones)."""

    def value_from_datadict(self, data: Mapping[str, Any], files: Any, name: str) -> list[dict[str, Any]]:
        calls = []
        for i in range(MAX_ROWS):
            if f"{name}-{i}-name" not in data:
                break
            arguments = []
            for j in range(MAX_ROWS):
                prefix = f"{name}-{i}-{j}"
                if f"{prefix}-arg" not in data:
                    break
                arguments.append({cell: str(data.get(f"{prefix}-{cell}", "")) for cell in ("arg", "kind", "value",
                                                                                          "tolerance")})  # fmt: skip
            calls.append({"name": str(data.get(f"{name}-{i}-name", "")), "order": str(data.get(f"{name}-{i}-order", "")),
                          "arguments": arguments})  # fmt: skip
        return calls

    def value_omitted_from_data(self, data: Mapping[str, Any], files: Any, name: str) -> bool:
        return f"{name}-0-name" not in data

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        calls = [call for call in value or [] if _filled(call)]
        calls.append({"name": "", "arguments": []})
        inner = "".join(self._call(name, i, call) for i, call in enumerate(calls))
        return mark_safe(f'<div class="tool-calls">{inner}</div>')  # noqa: S308 (each part built by format_html)

    def _call(self, name: str, i: int, call: Mapping[str, Any]) -> str:
        prefix = f"{name}-{i}"
        arguments = call.get("arguments") or {}
        if isinstance(arguments, list):  # as posted (a form shown again with its errors): the cells as written
            rows = [(r["arg"], r["kind"], r["value"], r["tolerance"]) for r in arguments if _filled(r)]
        else:
            rows = [(arg, *matcher_cells(m)) for arg, m in sorted(dict(arguments).items())]
        rows += [("", MatcherKind.EXACT.value, "", "")] * (SPARE_ARGUMENTS + (0 if call.get("name") else 1))
        body = format_html_join("", "{}", ((self._argument(prefix, j, row),) for j, row in enumerate(rows)))
        legend = f"Call {i + 1}" if call.get("name") else "Add a call"
        return format_html(
            '<fieldset class="tool-call"><legend>{}</legend>'
            '<p><label for="id_{}-name">Tool name</label> <input type="text" id="id_{}-name" name="{}-name" value="{}">'
            ' <label for="id_{}-order">Order</label> <input type="number" min="1" id="id_{}-order" name="{}-order" '
            'value="{}" class="vIntegerField"></p>'
            '<table><thead><tr><th scope="col">Argument</th><th scope="col">Matcher</th><th scope="col">Value</th>'
            '<th scope="col">Tolerance</th></tr></thead><tbody>{}</tbody></table></fieldset>',
            legend, prefix, prefix, prefix, call.get("name", ""), prefix, prefix, prefix, i + 1, body,
        )  # fmt: skip

    def _argument(self, prefix: str, j: int, row: tuple[str, str, str, str]) -> str:
        arg, kind, value, tolerance = row
        cell = f"{prefix}-{j}"
        options = format_html_join(
            "",
            '<option value="{}"{}>{}</option>',
            (
                (k.value, mark_safe(" selected") if k.value == kind else "", label)
                for k, label in MATCHER_LABELS.items()
            ),
        )
        return format_html(
            '<tr><td><input type="text" name="{}-arg" value="{}" aria-label="Argument {}" id="id_{}-arg"></td>'
            '<td><select name="{}-kind" aria-label="Matcher of argument {}" id="id_{}-kind">{}</select></td>'
            '<td><input type="text" name="{}-value" value="{}" aria-label="Value of argument {}" id="id_{}-value" '
            'class="matcher-value"></td>'
            '<td><input type="text" name="{}-tolerance" value="{}" aria-label="Tolerance of argument {}" '
            'id="id_{}-tolerance" class="matcher-tolerance"></td></tr>',
            cell, arg, j + 1, cell, cell, j + 1, cell, options, cell, value, j + 1, cell, cell, tolerance, j + 1, cell,
        )  # fmt: skip


class ToolCallsField(forms.Field):
    """``[{name, arguments: {argument: matcher}}]`` in the editor's order; blank calls and rows are dropped. An
    argument row without a name, or a call given twice the same argument, is refused here; every other check is
    ``tool_checks_from_values``'s."""

    widget = ToolCallsWidget

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def prepare_value(self, value: Any) -> Any:
        return value if isinstance(value, list) else []

    def to_python(self, value: Any) -> list[dict[str, Any]]:
        if not isinstance(value, list):
            return []
        if all("order" not in call for call in value):
            return value  # already stored calls (the initial value)
        for raw in value:
            for text in [raw["name"], raw["order"], *(cell for row in raw["arguments"] for cell in row.values())]:
                NO_NUL(text)  # PostgreSQL cannot store NUL in JSON text: a 500 there
        calls: list[tuple[int, int, dict[str, Any]]] = []
        for index, raw in enumerate(value):
            arguments: dict[str, Any] = {}
            for row in raw["arguments"]:
                arg = row["arg"].strip()
                if not arg:
                    if row["value"].strip() or row["tolerance"].strip():
                        raise forms.ValidationError(f"Call {index + 1}: give the argument's name for the value "
                                                    f"“{row['value'][:40]}”.")  # fmt: skip
                    continue
                if arg in arguments:
                    raise forms.ValidationError(f"Call {index + 1}: the argument “{arg}” is given twice.")
                arguments[arg] = matcher_from_cells(row["kind"], row["value"], row["tolerance"])
            name = raw["name"].strip()
            if not name and not arguments:
                continue
            order = raw["order"].strip()
            calls.append((int(order) if order.isdigit() else index + 1, index, {"name": name, "arguments": arguments}))
        return [call for _, _, call in sorted(calls, key=lambda item: item[:2])]

    def has_changed(self, initial: Any, data: Any) -> bool:
        try:
            return self.to_python(initial or []) != self.to_python(data)
        except forms.ValidationError:
            return True
