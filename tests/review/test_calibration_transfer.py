"""The calibration set leaves and enters as JSON lines: a round trip between workspaces, and every bad line named
by its number with nothing imported."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.urls import reverse

from billing.roles import Role
from billing.services import membership_set
from evaluations.review.models import CalibrationExample, CalibrationVerdict
from evaluations.review.services import ImportProblems, ReviewRequest, attempt_review, calibration_import
from evaluations.review.transfer import parse_lines
from tests.support.fixtures_accounts import user_with_credits

SCENARIO = {"key": "s1", "kind": "accuracy", "name": "Hours", "turns": ["When are you open?"]}
GOOD = {
    "scenario": SCENARIO,
    "transcript": [{"role": "user", "content": "When are you open?"}, {"role": "assistant", "content": "9 to 5."}],
    "human_verdict": "pass",
    "judge_verdicts": {"anthropic/sonnet/v3/balanced": "fail"},
}


def jsonl(*items: object) -> bytes:
    return "".join((item if isinstance(item, str) else json.dumps(item)) + "\n" for item in items).encode()


def test_export_then_import_into_another_workspace(client, alice, acme, judged_run) -> None:
    for attempt in judged_run.attempts.order_by("pk")[:2]:
        attempt_review(user=alice, run=judged_run, attempt=attempt, request=ReviewRequest("overrule", "No."))
    client.force_login(alice)
    exported = client.get(reverse("review:calibration-export", args=[acme.pk])).content
    lines = [json.loads(line) for line in exported.decode().splitlines()]
    assert len(lines) == 2 and {line["human_verdict"] for line in lines} == {"fail"}
    assert all(list(line["judge_verdicts"].values()) == ["pass"] for line in lines)

    other = user_with_credits(username="carol", password="pw-carol", account_name="Globex")
    globex = other.memberships.get().account
    assert calibration_import(account_id=globex.pk, raw=exported) == 2
    copies = CalibrationExample.objects.filter(account=globex)
    assert copies.count() == 2 and {c.human_verdict for c in copies} == {"fail"}
    assert [c.transcript for c in copies] == [line["transcript"] for line in lines]
    assert CalibrationVerdict.objects.filter(example__account=globex).count() == 2


def test_every_bad_line_is_named_and_nothing_is_imported(acme) -> None:
    raw = jsonl(
        GOOD,
        "{not json",
        {**GOOD, "human_verdict": "maybe"},
        {**GOOD, "transcript": [{"role": "system", "content": "x"}]},
        "",
        {**GOOD, "judge_verdicts": {"sonnet": "pass"}},
        {**GOOD, "scenario": {"kind": "nonsense"}},
        ["a list"],
        {**GOOD, "transcript": [{"role": "user", "content": "nul \u0000 here"}]},
    )
    with pytest.raises(ImportProblems) as caught:
        calibration_import(account_id=acme.pk, raw=raw)
    problems = caught.value.problems
    assert [p.split(":")[0] for p in problems] == ["Line 2", "Line 3", "Line 4", "Line 6", "Line 7", "Line 8", "Line 9"]
    assert "not valid JSON" in problems[0] and '"human_verdict" must be "pass" or "fail"' in problems[1]
    assert "must read provider/model/prompt/strictness" in problems[3]
    assert not CalibrationExample.objects.exists()


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"\xff\xfe", "Line 1: not UTF-8 text."),
        (b"\n\n", "The file has no examples."),
        (b"x" * (5 * 1024 * 1024 + 1), "too large"),
    ],
)
def test_whole_file_problems(raw: bytes, message: str) -> None:
    with pytest.raises(ImportProblems, match=message):
        parse_lines(raw)


def test_import_page_needs_publish_and_reports_problems(client, acme, make_member) -> None:
    url = reverse("review:calibration-import", args=[acme.pk])
    client.force_login(make_member("reader", Role.READ))
    assert client.post(url, {"file": SimpleUploadedFile("set.jsonl", jsonl(GOOD))}).status_code == 403
    publisher = make_member("publisher", Role.PUBLISH)
    client.force_login(publisher)
    page = client.post(url, {"file": SimpleUploadedFile("set.jsonl", jsonl(GOOD, "[]"))}, follow=True)
    assert "Nothing was imported. Line 2: each line must be a JSON object." in page.content.decode()
    page = client.post(url, {"file": SimpleUploadedFile("set.jsonl", jsonl(GOOD))}, follow=True)
    text = page.content.decode()
    assert "1 labelled example imported." in text and "Sonnet via anthropic" in text
    membership_set(account=acme, user=publisher, role=Role.READ)
    assert client.get(reverse("review:calibration-export", args=[acme.pk])).status_code == 200


def _deep(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.mark.parametrize(
    ("line", "sentence"),
    [
        ('{"scenario": {"key": "s1", "kind": "accuracy", "name": "H\\ud800", "turns": ["x"]}}', "lone surrogate"),
        ('{"tool_calls": ' + _deep(5_000) + "}", "nested more than 32 levels deep"),
        ('{"tool_calls": [{"\\udc00": 1}]}', "lone surrogate"),
        ('{"tool_calls": [NaN]}', "NaN is not a finite number"),
        ('{"tool_calls": [' + "9" * 5_000 + "]}", "out of range"),
    ],
)
def test_unstorable_lines_are_refused_at_the_import_page(client, acme, make_member, line: str, sentence: str) -> None:
    """Lone surrogates, deep nesting, NaN and huge integers: a sentence per line, nothing saved, never a 500."""
    good = json.dumps(GOOD)
    merged = (
        good[:-1] + ", " + line[1:]
        if "scenario" not in line
        else line[:-1] + ", " + good[1:].replace('"scenario": ', '"was": ', 1)
    )
    client.force_login(make_member("publisher", Role.PUBLISH))
    url = reverse("review:calibration-import", args=[acme.pk])
    page = client.post(url, {"file": SimpleUploadedFile("set.jsonl", (merged + "\n").encode())}, follow=True)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Nothing was imported. Line 1:" in text and sentence in text
    assert not CalibrationExample.objects.exists()


def test_old_examples_with_a_lone_surrogate_still_render_and_export(client, alice, acme) -> None:
    """A row saved before the check: the pages and the export show U+FFFD in its place. Only SQLite could ever
    have stored one: PostgreSQL's JSON type refuses a lone surrogate, so no such old row exists there."""
    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL cannot hold a lone surrogate in a JSON column, so no such old row can exist there.")
    example = CalibrationExample.objects.create(
        account=acme,
        scenario={**SCENARIO, "name": "Hours \ud800"},
        transcript=[{"role": "user", "content": "Hi \udfff"}],
        human_verdict="pass",
    )
    CalibrationVerdict.objects.create(example=example, config="anthropic/sonnet/v3/balanced", verdict="fail")
    client.force_login(alice)
    page = client.get(reverse("review:calibration-account", args=[acme.pk]))
    assert page.status_code == 200 and "Hours \ufffd: the judge said fail" in page.content.decode()
    exported = client.get(reverse("review:calibration-export", args=[acme.pk]))
    assert exported.status_code == 200
    line = json.loads(b"".join(exported.streaming_content if exported.streaming else [exported.content]))
    assert line["scenario"]["name"] == "Hours \ufffd" and line["transcript"][0]["content"] == "Hi \ufffd"


@pytest.mark.parametrize("separator", ["\x85", "\u2028", "\u2029"])
def test_text_with_a_unicode_line_separator_survives_export_and_import(acme, separator):
    """Found by tests/fuzz: the export writes these raw inside JSON strings; the import split lines at them."""
    raw = json.dumps({**GOOD, "knowledge": f"a{separator}b"}, ensure_ascii=False).encode() + b"\r\n"
    assert [example.knowledge for example in parse_lines(raw)] == [f"a{separator}b"]
