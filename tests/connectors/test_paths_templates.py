"""Reply paths and request body templates (pure functions, no database)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from evaluations.connectors.paths import PathNotFound, PathSyntaxError, format_path, parse_path, resolve_path
from evaluations.connectors.templates import TemplateError, render_template, validate_template

# Paths ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "segments"),
    [
        ("data.reply.text", ["data", "reply", "text"]),
        ("choices[0].message.content", ["choices", 0, "message", "content"]),
        ("items[-1]", ["items", -1]),
        ('["a.b"].c', ["a.b", "c"]),
        ("outer['x[y]'][2]", ["outer", "x[y]", 2]),
        ('[0]["we\\"ird"]', [0, 'we"ird']),
        ("matrix[1][ 2 ]", ["matrix", 1, 2]),
        ("a-b.c_d", ["a-b", "c_d"]),
    ],
)
def test_parse_path_splits_keys_and_indexes(path: str, segments: list[str | int]) -> None:
    assert parse_path(path) == segments


@pytest.mark.parametrize(
    ("path", "fragment"),
    [
        ("", "empty"),
        ("a..b", "position 3"),
        ("a.", "ends with a dot"),
        (".a", "position 1"),
        ("a[1", "not closed"),
        ("a[x]", "not a list index"),
        ("a]", "without a matching"),
        ("a[0]b", "expected '.' or '['"),
        ('a["b]', "not closed"),
        ('a["b"x]', "expected ']'"),
        ("a.[0]", "must follow a dot"),
    ],
)
def test_parse_path_names_the_path_and_position(path: str, fragment: str) -> None:
    with pytest.raises(PathSyntaxError) as excinfo:
        parse_path(path)
    message = str(excinfo.value)
    assert fragment in message
    if path:
        assert repr(path) in message


def test_resolve_path_reads_nested_values() -> None:
    data = {"choices": [{"message": {"content": "hi"}}], "items": [1, 2, 3], "a.b": {"c": True}}
    assert resolve_path(data, "choices[0].message.content") == "hi"
    assert resolve_path(data, "items[-1]") == 3
    assert resolve_path(data, '["a.b"].c') is True
    assert resolve_path([{"text": "x"}], "[0].text") == "x"


def test_missing_key_message_names_path_segment_and_top_level_keys() -> None:
    with pytest.raises(PathNotFound) as excinfo:
        resolve_path({"data": {"text": "x"}, "status": "ok"}, "data.reply.text")
    assert str(excinfo.value) == (
        "Reply path 'data.reply.text' found nothing: 'reply' is missing under 'data'. "
        "Top-level keys in the reply: data, status."
    )
    assert excinfo.value.missing == "reply"


def test_missing_index_and_wrong_types_are_explained() -> None:
    with pytest.raises(PathNotFound, match=r"index \[2\] is out of range under 'choices' \(a list of 1 item\)"):
        resolve_path({"choices": [{}]}, "choices[2].message")
    with pytest.raises(PathNotFound, match="'text' needs an object under 'data', but found a string"):
        resolve_path({"data": "plain"}, "data.text")
    with pytest.raises(PathNotFound, match="The reply is a list of 2 items, not an object"):
        resolve_path([1, 2], "answer")
    with pytest.raises(PathNotFound, match="'answer' is missing at the top level"):
        resolve_path({"reply": "x"}, "answer")


def test_format_path_round_trips() -> None:
    for path in ["data.reply.text", "choices[0].message", '["a.b"][1]', "x[-1]"]:
        assert parse_path(format_path(parse_path(path))) == parse_path(path)


# Templates -----------------------------------------------------------------------------------------------


def _render(template: str, **overrides: Any) -> object:
    values: dict[str, Any] = {"message": "hello", "history": [], "conversation_id": None, "variables": ()}
    values.update(overrides)
    return json.loads(render_template(template, **values))


def test_message_with_quotes_and_newlines_stays_one_json_string() -> None:
    nasty = 'He said "hi"\nthen left\\ }, "admin": true, {'
    body = _render('{"q": {{message}}, "quoted": "{{message}}"}', message=nasty)
    assert body == {"q": nasty, "quoted": nasty}


def test_history_is_substituted_as_an_array() -> None:
    history = [{"role": "user", "content": 'a "b"'}, {"role": "assistant", "content": "c"}]
    body = _render('{"history": {{history}}, "also": "{{ history }}"}', history=history)
    assert body == {"history": history, "also": history}


def test_placeholder_inside_a_longer_string_is_text() -> None:
    body = _render(
        '{"prompt": "User says: {{message}} (conv {{conversation_id}}, {{tenant}})", "h": "h={{history}}"}',
        message='x"y',
        conversation_id="c-1",
        history=[{"role": "user", "content": "q"}],
        variables={"tenant": "acme"},
    )
    assert body == {
        "prompt": 'User says: x"y (conv c-1, acme)',
        "h": 'h=[{"role": "user", "content": "q"}]',
    }


def test_unknown_conversation_id_is_null_and_known_one_a_string() -> None:
    assert _render('{"id": {{conversation_id}}}') == {"id": None}
    assert _render('{"id": {{conversation_id}}}', conversation_id="") == {"id": None}
    assert _render('{"id": {{conversation_id}}}', conversation_id="abc") == {"id": "abc"}


def test_user_variables_and_nested_structures() -> None:
    body = _render(
        '{"meta": {"tenant": {{tenant}}, "tags": ["{{tenant}}", 1]}, "{{tenant}}_key": {{message}}}',
        variables=[("tenant", "acme")],
    )
    assert body == {"meta": {"tenant": "acme", "tags": ["acme", 1]}, "acme_key": "hello"}


def test_template_text_that_looks_like_a_sentinel_is_left_alone() -> None:
    body = _render('{"note": "__trustgate_x_0__", "m": {{message}}}')
    assert body == {"note": "__trustgate_x_0__", "m": "hello"}


def test_invalid_json_after_substitution_is_reported_with_position() -> None:
    with pytest.raises(TemplateError, match=r"not valid JSON.*line 1, column 18"):
        validate_template('{"m": {{message}}')
    with pytest.raises(TemplateError, match="not valid JSON"):
        validate_template('{"m": {{message}} {{history}}}')
    with pytest.raises(TemplateError, match="not valid JSON"):
        validate_template("message={{message}}")


def test_unknown_placeholder_is_named_with_the_known_ones() -> None:
    with pytest.raises(TemplateError) as excinfo:
        validate_template('{"m": {{mesage}}}', ["tenant"])
    assert str(excinfo.value) == (
        "Unknown placeholder {{mesage}} in the request template. "
        "Known placeholders: {{message}}, {{history}}, {{conversation_id}}, {{session_id}}, {{tenant}}."
    )


def test_variable_names_are_checked() -> None:
    with pytest.raises(TemplateError, match="reserved"):
        validate_template('{"m": {{message}}}', ["message"])
    with pytest.raises(TemplateError, match="not valid"):
        validate_template('{"m": {{message}}}', ["bad name"])


def test_empty_template_is_refused() -> None:
    with pytest.raises(TemplateError, match="empty"):
        validate_template("  ")


def test_valid_template_passes() -> None:
    validate_template('{"input": {{message}}, "history": {{history}}, "id": {{conversation_id}}, "t": {{t}}}', ["t"])
