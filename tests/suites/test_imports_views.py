"""The import page's cases section (docs/imports.md, On the web): Preview as an htmx fragment (a whole page without
JavaScript), the mapping step, Import writing every case or none; another workspace's suite is out of reach."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from billing.roles import Role
from suites.models import Suite
from suites.services import suite_create

pytestmark = pytest.mark.django_db
SAMPLES = Path(__file__).parent / "import_samples"


def upload(name: str) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, (SAMPLES / name).read_bytes())


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_import_page_offers_the_formats(client, alice) -> None:
    client.force_login(alice)
    page = client.get("/suites/import/").content.decode()
    assert "Import cases from conversations or another tool" in page
    for label in ("OpenTelemetry GenAI traces (OTLP JSON)", "promptfoo tests (YAML or CSV)", "DeepEval goldens"):
        assert label in page


def test_preview_fragment_shows_masked_cases_counts_and_the_mapping(client, alice) -> None:
    client.force_login(alice)
    response = client.post("/suites/import/cases/preview/", {"source_format": "csv",
                           "upload": upload("conversations.csv")}, headers={"HX-Request": "true"})  # fmt: skip
    html = response.content.decode()
    assert response.status_code == 200 and html.startswith('<div id="import-preview"')
    shown = text(html)
    assert "2 cases found · 1 duplicate removed · 2 personal values masked" in shown
    assert "Where is my order {{order_id}}? Email me at [EMAIL]" in shown and "sam.lee" not in html
    assert 'name="map_col_4" value="order_id"' in html
    remapped = client.post("/suites/import/cases/preview/", {
        "source_format": "csv", "upload": upload("conversations.csv"),
        "map_col_1": "question", "map_to_1": "message", "map_col_2": "order_id", "map_to_2": "variable",
    }, headers={"HX-Request": "true"})  # fmt: skip
    assert "order_id=NW-12345" in text(remapped.content.decode())
    assert Suite.objects.count() == 0  # a preview writes nothing


def test_problems_are_listed_with_lines_and_import_is_not_offered(client, alice) -> None:
    client.force_login(alice)
    html = client.post("/suites/import/cases/preview/", {"source_format": "jsonl",
                       "upload": upload("conversations_bad.jsonl")}).content.decode()  # fmt: skip
    shown = text(html)
    assert "<h1>Import a suite from YAML</h1>" in html  # without htmx: the whole page
    assert "Line 2: This line is not valid JSON" in shown and "Line 5: A message of the messages" in shown
    assert 'id="import-button"' not in html
    assert "Fix the 4 problems listed (each with its line)" in shown


def test_import_writes_the_cases_and_goes_to_the_suite(client, alice) -> None:
    client.force_login(alice)
    response = client.post("/suites/import/cases/", {"source_format": "jsonl", "upload": upload("conversations.jsonl"),
                           "new_suite_name": "Imported chats"}, follow=True)  # fmt: skip
    suite = Suite.objects.get(name="Imported chats")
    assert response.redirect_chain[-1][0] == f"/suites/{suite.pk}/"
    page = text(response.content.decode())
    assert "Imported 3 cases into “Imported chats” (version 1); 1 duplicate left out, 2 personal values masked." in page
    assert "Starts from 2 earlier turns" in page and "Can you call me on [PHONE] about it?" in page


def test_import_refused_writes_nothing_and_says_why(client, alice) -> None:
    client.force_login(alice)
    bad = client.post("/suites/import/cases/", {"source_format": "jsonl", "upload": upload("conversations_bad.jsonl"),
                      "new_suite_name": "Half"})  # fmt: skip
    assert bad.status_code == 400 and "Nothing was imported. Fix the 4 problems" in text(bad.content.decode())
    no_target = client.post(
        "/suites/import/cases/", {"source_format": "jsonl", "upload": upload("conversations.jsonl")}
    )
    assert no_target.status_code == 400
    assert "Choose the saved suite to add the cases to, or name the new test set." in no_target.content.decode()
    assert Suite.objects.count() == 0


def test_another_workspaces_suite_cannot_be_a_target_and_readers_cannot_import(client, bob, alice, make_member) -> None:
    theirs = suite_create(account=bob.memberships.get().account, name="Globex suite", scenarios=[])
    client.force_login(alice)
    response = client.post("/suites/import/cases/", {"source_format": "jsonl", "upload": upload("conversations.jsonl"),
                           "suite": theirs.pk})  # fmt: skip
    assert response.status_code == 400 and "Select a valid choice" in response.content.decode()
    assert theirs.scenarios.count() == 0
    client.force_login(make_member("reader", Role.READ))
    denied = client.post("/suites/import/cases/", {"source_format": "jsonl", "upload": upload("conversations.jsonl"),
                         "new_suite_name": "Nope"})  # fmt: skip
    assert denied.status_code == 403 and not Suite.objects.filter(name="Nope").exists()
