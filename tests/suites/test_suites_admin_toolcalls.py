"""The admin's tool-call editor (docs/suites.md, Django admin): every matcher a suite file can hold is shown in
cells that read back as the same matcher, so saving a scenario unchanged never changes its checks."""

from __future__ import annotations

from typing import Any

import pytest
from django import forms

from evaluations.core.formfields import KeyValueField, KeyValueWidget, LinesField, TurnsField
from suites.admin.forms import ForbiddenCallsField
from suites.admin.toolcalls import ToolCallsField, matcher_cells, matcher_from_cells

MATCHERS: list[dict[str, Any]] = [
    {"kind": "exact", "value": "NW-12345"},
    {"kind": "exact", "value": "1042"},
    {"kind": "exact", "value": 1042},
    {"kind": "exact", "value": True},
    {"kind": "exact", "value": "true"},
    {"kind": "exact", "value": ""},
    {"kind": "exact", "value": None},
    {"kind": "exact", "value": [1, "two"]},
    {"kind": "exact", "value": {"sku": "A-1", "qty": 2}},
    {"kind": "exact", "value": "2026-01-31"},
    {"kind": "exact", "value": "[not a list]"},
    {"kind": "number", "value": 40, "tolerance": 0.01},
    {"kind": "number", "value": 89.5},
    {"kind": "one_of", "values": ["card", "paypal"]},
    {"kind": "one_of", "values": [1, "2"]},
    {"kind": "one_of", "values": ["a, b", "c"]},
    {"kind": "any"},
    {"kind": "regex", "pattern": r"^NW-\d{5}$"},
    {"kind": "regex", "pattern": "[0-9]+"},
    {"kind": "contains", "value": "damaged"},
]


@pytest.mark.parametrize("matcher", MATCHERS, ids=[str(m) for m in MATCHERS])
def test_every_matcher_reads_back_from_its_cells(matcher: dict[str, Any]) -> None:
    assert matcher_from_cells(*matcher_cells(matcher)) == matcher


def _post(field: forms.Field, name: str, data: dict[str, Any]) -> Any:
    return field.clean(field.widget.value_from_datadict(data, {}, name))


def test_calls_are_read_in_their_order_and_blank_rows_are_dropped() -> None:
    field = ToolCallsField()
    data = {
        "c-0-name": "issue_refund", "c-0-order": "2", "c-0-0-arg": "amount", "c-0-0-kind": "number",
        "c-0-0-value": "40", "c-0-0-tolerance": "0.5", "c-0-1-arg": "", "c-0-1-kind": "exact", "c-0-1-value": "",
        "c-0-1-tolerance": "",
        "c-1-name": "lookup_order", "c-1-order": "1", "c-1-0-arg": "order_id", "c-1-0-kind": "exact",
        "c-1-0-value": "NW-1", "c-1-0-tolerance": "",
        "c-2-name": "", "c-2-order": "3",
    }  # fmt: skip
    assert _post(field, "c", data) == [
        {"name": "lookup_order", "arguments": {"order_id": {"kind": "exact", "value": "NW-1"}}},
        {"name": "issue_refund", "arguments": {"amount": {"kind": "number", "value": 40, "tolerance": 0.5}}},
    ]
    data["c-0-1-value"] = "stray"
    with pytest.raises(forms.ValidationError, match="Call 1: give the argument's name for the value “stray”."):
        _post(field, "c", data)


def test_the_text_fields_read_lists() -> None:
    assert LinesField().clean(" refund \n\n5 days\n") == ["refund", "5 days"]
    assert TurnsField().clean("Hi,\nI was charged twice.\n---\n\n---\nThanks.") == [
        "Hi,\nI was charged twice.",
        "Thanks.",
    ]
    assert TurnsField().prepare_value(["a", "b"]) == "a\n---\nb"
    rows = KeyValueField()
    assert rows.clean(KeyValueWidget().value_from_datadict({"v-key": ["order", ""], "v-value": ["NW-1", ""]}, {}, "v")) == [
        ["order", "NW-1"], ["", ""]]  # fmt: skip
    assert not rows.has_changed([["order", "NW-1"]], [["order", "NW-1"], ["", ""]])


def test_forbidden_calls_are_names_or_one_line_mappings() -> None:
    field = ForbiddenCallsField()
    calls = [{"name": "delete_account", "arguments": {}},
             {"name": "issue_refund", "arguments": {"amount": {"kind": "number", "value": 500, "tolerance": 1}}}]  # fmt: skip
    text = field.prepare_value(calls)
    assert text.splitlines()[0] == "delete_account" and text.splitlines()[1].startswith("{")
    assert field.clean(text) == ["delete_account", calls[1]]
    with pytest.raises(forms.ValidationError):
        field.clean("{name: [unclosed")


def test_a_value_json_cannot_hold_stays_text_so_the_check_names_it() -> None:
    assert matcher_from_cells("number", ".nan", "") == {"kind": "number", "value": ".nan"}
    assert matcher_from_cells("exact", "2026-01-31", "") == {"kind": "exact", "value": "2026-01-31"}
