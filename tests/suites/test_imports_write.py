"""Writing an import (docs/imports.md): all the previewed cases or none, into a new test set or as the next version of
a saved suite; each case keeps where it came from; cases the suite already holds are left out and counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from suites.imports.services import ImportRefused, suite_import_cases, suite_import_preview
from suites.models import Suite, SuiteVersion
from suites.services import suite_create

pytestmark = pytest.mark.django_db
SAMPLES = Path(__file__).parent / "import_samples"


def data(name: str) -> bytes:
    return (SAMPLES / name).read_bytes()


def test_a_new_test_set_holds_the_masked_cases_with_their_sources(acme, alice) -> None:
    done = suite_import_cases(data("conversations.jsonl"), account=acme, source_format="jsonl",
                              filename="conversations.jsonl", new_suite_name="From chats", user=alice)  # fmt: skip
    suite = done.suite
    assert (suite.name, suite.kind, suite.version, done.added) == ("From chats", "test_set", 1, 3)
    rows = list(suite.scenarios.order_by("position"))
    assert [r.source for r in rows] == ["conversations.jsonl:1", "conversations.jsonl:2", "conversations.jsonl:4"]
    assert rows[0].turns == ["Can you call me on [PHONE] about it?"]
    assert rows[0].start_from[0]["content"] == "Hi, my order NW-12345 has not arrived. Reach me at [EMAIL]."
    assert rows[0].name == "conv-1"
    assert SuiteVersion.objects.get(suite=suite).note == "Imported 3 cases from conversations.jsonl"
    assert "jane.doe@gmail.com" not in str(list(suite.scenarios.values()))


def test_into_a_saved_suite_it_is_the_next_version_without_the_cases_it_holds(acme, alice) -> None:
    suite = suite_create(account=acme, name="Support", kind="test_set", scenarios=[
        {"kind": "custom", "name": "Refunds", "turns": ["What is your refund window?"],
         "expected_outcome": "Says refunds are accepted within 30 days of delivery."},
    ])  # fmt: skip
    preview = suite_import_preview(data("conversations.jsonl"), source_format="jsonl", filename="c.jsonl", suite=suite)
    assert (len(preview.cases), preview.duplicates, preview.already_in_suite) == (2, 2, 1)
    done = suite_import_cases(data("conversations.jsonl"), account=acme, source_format="jsonl", filename="c.jsonl",
                              suite=suite, user=alice)  # fmt: skip
    assert (done.version, done.added) == (2, 2)
    current = suite.scenarios.filter(retired_in__isnull=True).order_by("position")
    assert [r.name for r in current] == ["Refunds", "conv-1", "conv-3"]
    assert suite.scenarios.get(name="Refunds").introduced_in == 1  # kept: same row, same identity


def test_a_file_with_a_problem_writes_nothing(acme, alice) -> None:
    with pytest.raises(ImportRefused) as refused:
        suite_import_cases(data("conversations_bad.jsonl"), account=acme, source_format="jsonl",
                           filename="bad.jsonl", new_suite_name="Half", user=alice)  # fmt: skip
    assert str(refused.value).startswith("Fix the 4 problems listed (each with its line)")
    assert refused.value.preview is not None and len(refused.value.preview.problems) == 4
    assert not Suite.objects.filter(name="Half").exists()


def test_a_name_clash_writes_nothing_and_says_so(acme, alice) -> None:
    suite_create(account=acme, name="Taken", scenarios=[])
    with pytest.raises(ImportRefused, match="A suite named “Taken” already exists in this workspace"):
        suite_import_cases(data("langsmith_runs.jsonl"), account=acme,
                           source_format="langsmith", filename="runs.jsonl", new_suite_name="Taken")  # fmt: skip
    assert Suite.objects.filter(name="Taken").get().scenarios.count() == 0


def test_nothing_new_is_refused_and_one_target_is_required(acme) -> None:
    suite = suite_create(account=acme, name="Runs", kind="test_set", scenarios=[])
    suite_import_cases(data("langsmith_runs.jsonl"), account=acme, source_format="langsmith", filename="r.jsonl",
                       suite=suite)  # fmt: skip
    with pytest.raises(ImportRefused, match="The file holds no new case to import."):
        suite_import_cases(data("langsmith_runs.jsonl"), account=acme, source_format="langsmith",
                           filename="r.jsonl", suite=suite)  # fmt: skip
    with pytest.raises(ImportRefused, match="Import into one saved suite, or name a new test set"):
        suite_import_cases(b"", account=acme, source_format="jsonl", filename="x.jsonl")
