"""The one check of storable text (docs/configuration.md): each refusal is a sentence naming the field, any depth
is safe to ask about, and old text is made readable."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from evaluations.agents.models import Agent
from evaluations.core import storable
from tests.agents.test_agents import form_data as agent_form


def _deep(levels: int) -> list[object]:
    value: list[object] = []
    for _ in range(levels):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("value", "sentence"),
    [
        ("ok \x00", "The field contains a NUL character (\\0), which cannot be stored; remove it."),
        ({"a": ["\ud83d"]}, "The field contains a lone surrogate (\\ud83d), which cannot be stored; remove it."),
        ({"\udc00": 1}, "a key of The field contains a lone surrogate (\\udc00)"),
        ([float("nan")], "The field holds nan, which is not a finite number."),
        ([10**30], "The field holds an integer beyond"),
        (_deep(100_000), "The field is nested more than 32 levels deep."),
        ("x" * 11, "The field is 11 characters long; at most 10."),
    ],
)
def test_each_refusal_is_a_sentence(value: object, sentence: str) -> None:
    assert sentence in storable.problem(value, field="The field", max_length=10)


def test_storable_values_pass() -> None:
    assert storable.problem({"name": "Café 😀", "n": [1, 2.5, True, None]}, field="x") == ""


def test_loads_checks_depth_before_parsing_and_bounds_numbers() -> None:
    with pytest.raises(storable.NotStorable, match="nested more than 32"):
        storable.loads("[" * 200_000 + "]" * 200_000, field="The line")
    with pytest.raises(storable.NotStorable, match="out of range"):
        storable.loads("[" + "9" * 5_000 + "]", field="The line")
    with pytest.raises(storable.NotStorable, match="Infinity is not a finite number"):
        storable.loads("[Infinity]", field="The line")
    assert storable.loads('["a\\ud800"]', field="The reply", repair=True) == ["a\ufffd"]
    assert storable.json_depth('{"a": "[[[[", "b": [{"c": "\\"]]"}]}') == 3


def test_query_string_ids_are_parsed_bounded() -> None:
    assert storable.parse_id("42") == 42
    assert [storable.parse_id(v) for v in ("9" * 5_000, "9" * 20, "-1", "１２", "", None)] == [None] * 6


def test_readable_and_one_line() -> None:
    assert storable.readable_value({"k\ud800": ["x\udfff"]}) == {"k\ufffd": ["x\ufffd"]}
    assert storable.one_line("a\r\nb\u2028c") == "a  b c"
    assert json.dumps(storable.readable("\ud800"), ensure_ascii=False).encode()


def test_a_deeply_nested_request_template_is_a_form_error(client, alice) -> None:
    client.force_login(alice)
    template = '{"m": {{message}}, "x": ' + "[" * 5_000 + "]" * 5_000 + "}"
    response = client.post(
        reverse("evaluations:agent-create"), agent_form(request_template=template, protocol="http_json")
    )
    assert response.status_code == 200
    assert "The request template is nested more than 32 levels deep." in response.content.decode()
    assert not Agent.objects.exists()
