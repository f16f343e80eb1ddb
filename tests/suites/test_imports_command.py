"""``manage.py suites import --format …`` (docs/imports.md, From the shell): the preview as JSON with --dry-run,
an import into a new test set or a saved suite, and a refusal that writes nothing and names the lines."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from suites.models import Suite
from suites.services import suite_create

pytestmark = pytest.mark.django_db
SAMPLES = Path(__file__).parent / "import_samples"


def run(*args: str) -> str:
    out = StringIO()
    call_command("suites", "import", *args, stdout=out)
    return out.getvalue()


def test_dry_run_prints_the_preview_and_writes_nothing(acme) -> None:
    report = json.loads(run("--format", "otel", str(SAMPLES / "otel_traces.json"), "--dry-run"))
    assert (report["cases_found"], report["skipped"], report["pii_masked"], report["can_import"]) == (3, 1, 2, True)
    assert report["cases"][0]["message"] == "Should I take an umbrella?"
    assert report["cases"][0]["source"].endswith("otel_traces.json span eee19b7ec3c1b174")
    assert Suite.objects.count() == 0


def test_import_into_a_new_test_set_then_into_the_same_suite(acme) -> None:
    path = str(SAMPLES / "conversations.csv")
    said = run("--format", "csv", path, "--new-suite", "CSV cases", "--map", "question=message",
               "--map", "order_id=variable", "--map", "expected outcome=expected_outcome")  # fmt: skip
    suite = Suite.objects.get(name="CSV cases")
    assert said.startswith(f"Imported 2 cases into “CSV cases” v1 (id {suite.pk}); 1 duplicate removed, 2 personal")
    assert suite.scenarios.get(turns__0__startswith="I want a refund").template_variables == [["order_id", "NW-20001"]]
    other = suite_create(account=acme, name="Shipping", kind="test_set", scenarios=[])
    with pytest.raises(CommandError) as refused:
        run("--format", "deepeval", str(SAMPLES / "deepeval_goldens.json"), "--suite", str(other.pk))
    assert "Nothing was imported: Fix the 1 problem listed" in str(refused.value)
    assert "Line 22: This golden's input is blank or missing" in str(refused.value)
    assert other.scenarios.count() == 0


def test_bad_arguments_get_a_sentence(acme) -> None:
    with pytest.raises(CommandError, match="Write each --map as COLUMN=TARGET"):
        run("--format", "csv", str(SAMPLES / "conversations.csv"), "--new-suite", "X", "--map", "question")
    with pytest.raises(CommandError, match="Cannot read /nope.jsonl"):
        run("--format", "jsonl", "/nope.jsonl", "--dry-run")
    with pytest.raises(CommandError, match="Import into one saved suite, or name a new test set"):
        run("--format", "jsonl", str(SAMPLES / "conversations.jsonl"))
