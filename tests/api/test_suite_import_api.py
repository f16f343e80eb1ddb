"""``POST /api/v1/aiagent/suites/import`` (docs/imports.md, The CI API): the preview report as JSON, a dry run that
writes nothing, an import into a new test set or a saved suite of the key's workspace (another's is a 404), and a
file with a problem answered 409 with every line."""

from __future__ import annotations

from pathlib import Path

import pytest

from billing.roles import Role
from billing.services import api_key_create
from suites.models import Suite
from suites.services import suite_create

pytestmark = pytest.mark.django_db
URL = "/api/v1/aiagent/suites/import"
SAMPLES = Path(__file__).parents[1] / "suites" / "import_samples"


def body(name: str, source_format: str, **more: object) -> dict[str, object]:
    return {"format": source_format, "content": (SAMPLES / name).read_text(encoding="utf-8"), "filename": name, **more}


def test_dry_run_answers_the_preview_and_writes_nothing(api) -> None:
    response = api.post(URL, body("promptfoo_tests.csv", "promptfoo", dry_run=True))
    assert response.status_code == 200
    report = response.json()
    assert (report["cases_found"], report["can_import"], report["imported"]) == (2, True, None)
    hours = report["cases"][0]
    assert hours["name"] == "Hours" and "assert icontains 9am → required phrase" in hours["became"]
    assert Suite.objects.count() == 0


def test_import_into_a_new_test_set_and_then_a_saved_suite(api, acme) -> None:
    created = api.post(URL, body("conversations.jsonl", "jsonl", new_suite="From CI"))
    assert created.status_code == 201
    report = created.json()
    suite = Suite.objects.get(name="From CI")
    assert report["imported"] == {"suite": suite.pk, "name": "From CI", "version": 1, "added": 3}
    assert (report["duplicates_removed"], report["pii_masked"]) == (1, 2)
    assert report["cases"][0]["message"] == "Can you call me on [PHONE] about it?"
    again = api.post(URL, body("conversations.jsonl", "jsonl", suite=suite.pk))
    assert again.status_code == 409
    assert again.json()["why_not"] == "The file holds no new case to import."
    assert (again.json()["already_in_suite"], again.json()["duplicates_removed"]) == (4, 4)  # the repeat too


def test_a_file_with_problems_is_409_with_every_line(api) -> None:
    response = api.post(URL, body("conversations_bad.jsonl", "jsonl", new_suite="Half"))
    assert response.status_code == 409
    report = response.json()
    assert [p["line"] for p in report["problems"]] == [2, 3, 4, 5]
    assert report["why_not"].startswith("Fix the 4 problems listed") and report["imported"] is None
    assert not Suite.objects.filter(name="Half").exists()


def test_bad_input_gets_sentences(api, acme) -> None:
    no_target = api.post(URL, body("conversations.jsonl", "jsonl"))  # the preview: nothing to write into
    assert no_target.status_code == 200 and no_target.json()["imported"] is None
    other = suite_create(account=acme, name="Other", scenarios=[])
    both = api.post(URL, body("conversations.jsonl", "jsonl", suite=other.pk, new_suite="T"))
    assert (
        both.status_code == 409 and both.json()["why_not"] == "Give suite or new_suite, not both: nothing was written."
    )
    wrong = api.post(URL, {"format": "xml", "content": "x", "mapping": {"q": "answer"}})
    assert wrong.status_code == 400
    assert wrong.json()["mapping"] == [
        "Give an object mapping each column or key to one of message, messages, expected_outcome, name, variable, ignore."
    ]
    assert wrong.json()["format"] == ['"xml" is not a valid choice.']
    refused = api.post(URL, {"format": "otel", "content": "hello", "dry_run": True})
    assert refused.status_code == 200 and refused.json()["why_not"].startswith("This is not an OTLP JSON trace export")
    suite_create(account=acme, name="Taken", scenarios=[])
    taken = api.post(URL, body("langsmith_runs.jsonl", "langsmith", new_suite="Taken"))
    assert taken.status_code == 409 and "A suite named “Taken” already exists" in taken.json()["why_not"]


def test_another_workspaces_suite_is_404_and_readers_only_preview(api, bob, client, make_member, acme) -> None:
    theirs = suite_create(account=bob.memberships.get().account, name="Globex", scenarios=[])
    assert api.post(URL, body("conversations.jsonl", "jsonl", suite=theirs.pk)).status_code == 404
    reader_key = api_key_create(user=make_member("reader", Role.READ), account=acme, name="read")[1]
    denied = api.post(URL, body("conversations.jsonl", "jsonl", new_suite="Nope"), key=reader_key)
    assert denied.status_code == 403 and not Suite.objects.filter(name="Nope").exists()
    assert api.post(URL, body("conversations.jsonl", "jsonl", dry_run=True), key=reader_key).status_code == 200
