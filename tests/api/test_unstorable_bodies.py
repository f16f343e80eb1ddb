"""API bodies meet the same storable-text check as forms and imports (docs/configuration.md): a lone surrogate
in a string, nesting beyond the bound or a 5,000-digit number is a JSON 400 with a sentence, never a 500 (the API's JSON
parser and strict fields are that door)."""

from __future__ import annotations

import json

import pytest

from evaluations.runs.models import EvaluationRun
from tests.api.test_errors import RUNS, assert_json_error


@pytest.mark.parametrize(
    ("raw", "sentence"),
    [
        ('{"suite": "S", "commit": "abc\\ud800"}', "Surrogate characters are not allowed"),
        ('{"suite": "S", "allowed_contacts": ' + "[" * 50_000 + "]" * 50_000 + "}", "nested too deeply"),
        ('{"suite": "S", "parallel": ' + "9" * 5_000 + "}", "5000 digits"),
        ('{"suite": "S", "min_coverage": NaN}', "NaN"),
    ],
)
def test_unstorable_bodies_are_a_400_with_a_sentence(api, raw: str, sentence: str) -> None:
    body = assert_json_error(api.post(RUNS, raw=raw), 400)
    assert sentence in json.dumps(body)
    assert not EvaluationRun.objects.exists()


def test_an_error_that_quotes_a_lone_surrogate_is_a_400_not_a_500(api) -> None:
    """Found by tests/fuzz: "\\uda24\\uda24" is not a valid choice; the message quoted it and could not be encoded."""
    body = assert_json_error(api.post(RUNS, raw='{"suite": 1, "judge_strictness": "\\uda24\\uda24"}'), 400)
    assert "\ufffd\ufffd" in body["judge_strictness"][0]
    assert not EvaluationRun.objects.exists()
