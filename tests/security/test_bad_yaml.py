"""Every pathological YAML file gets a clear refusal naming its line, never a 500 or a stall.

Each input goes through the one loader (evaluations.core.yamlsafe) and through every place a person hands Trustgate
YAML: suite import and monitor import (pasted and uploaded) and a monitor's rule lines. Each answer is a 400 (or
a field error) with the line, in well under a second of CPU (asserted loosely: these inputs burned 90-114 s
before).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from evaluations.core import yamlsafe
from evaluations.monitors.models import Monitor
from evaluations.monitors.rules import RuleError, parse_rule_lines
from suites import services as suite_services
from suites.models import Suite

# A billion-laughs file takes minutes; a sane 240 KB file about 0.5 s of CPU here, and up to 1.2 s while other
# processes share the 2 cores (cache and frequency), so the bound leaves room for that without letting a bomb pass.
CPU_LIMIT_S = 3.0


@contextmanager
def cpu_bound(limit: float = CPU_LIMIT_S) -> Iterator[None]:
    """The CPU this thread spent: a bound on the parser's work (a billion-laughs file would take minutes), not on
    the machine. The process's CPU also counted threads earlier tests left running (a server, an event loop)."""
    start = time.thread_time()
    yield
    spent = time.thread_time() - start
    assert spent < limit, f"{spent:.2f} s of CPU"


# (id, the text, the line it names, a fragment of the message)
BAD: list[tuple[str, str, int, str]] = [
    ("5000-digit integer", "name: A\nversion: " + "9" * 5000 + "\n", 2, "Whole numbers must be from"),
    ("integer above 2**63", "name: A\nversion: 9223372036854775808\n", 2, "Whole numbers must be from"),
    ("negative integer below -2**63", "name: A\nversion: -9223372036854775809\n", 2, "Whole numbers must be from"),
    ("sexagesimal integer", "name: A\nversion: " + "1:" * 40_000 + "1\n", 2, "Whole numbers must be from"),
    ("python tag", "name: A\nversion: !!python/object/apply:os.system [id]\n", 2, "tag !!python/object/apply"),
    ("python name tag", "name: !!python/name:os.system\n", 1, "tag !!python/name:os.system"),
    ("escaped NUL", 'name: A\ndescription: "x\\0y"\n', 2, "A NUL character (\\0) is not allowed"),
    ("NUL in a key", 'name: A\n"x\\0": 1\n', 2, "A NUL character (\\0) is not allowed"),
    ("escaped lone surrogate", 'name: A\ndescription: "\\ud800"\n', 2, "not valid YAML"),
    ("control character", "name: A\ndescription: x\x07y\n", 2, "control character U+0007 is not allowed"),
    ("deep flow nesting", "name: A\nversion: " + "[" * 100_000 + "\n", 2, "nest"),
    ("deep mapping nesting", "name: A\nversion: " + "{a: " * 60_000 + "\n", 2, "nested more than 50 levels"),
    ("deep block nesting", "name: A\n" + "".join("  " * i + "a:\n" for i in range(200)), 52, "nested more"),
    ("too many values", "name: A\nscenarios: [" + "0," * 60_000 + "0]\n", 2, "more than 50,000 values"),
    ("billion laughs", "name: A\na: &a [x, x]\nb: [*a, *a]\n", 2, "nchors and aliases"),
    ("infinity", "name: A\nversion: .inf\n", 2, "Numbers must be finite"),
    ("not a number", "name: A\nversion: .nan\n", 2, "Numbers must be finite"),
    ("a second document", "name: A\n---\nname: B\n" * 5_000, 2, "another document"),
]
IDS = [case[0] for case in BAD]


@pytest.mark.parametrize(("text", "line", "fragment"), [case[1:] for case in BAD], ids=IDS)
def test_the_loader_refuses_with_the_line(text: str, line: int, fragment: str) -> None:
    with cpu_bound(), pytest.raises(yamlsafe.YamlRefused) as refused:
        yamlsafe.load(text)
    assert refused.value.line == line and fragment in refused.value.message, refused.value.message


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("name: A\ndescription: x\ud800y\n", 2, "A lone surrogate (\\ud800) is not allowed (column 15)."),
        ("name: A\x00B\n", 1, "A NUL character (\\0) is not allowed (column 8)."),
    ],
    ids=["raw lone surrogate", "raw NUL"],
)
def test_characters_no_database_stores_are_refused_before_parsing(text: str, line: int, fragment: str) -> None:
    with pytest.raises(yamlsafe.YamlRefused) as refused:
        yamlsafe.load(text)
    assert (refused.value.line, refused.value.message) == (line, fragment)


def test_big_but_sane_files_still_load_quickly() -> None:
    text = "name: A\nscenarios:\n" + "".join(f"  - {{name: Case {i}, turns: [Hello {i}?]}}\n" for i in range(6000))
    assert len(text.encode()) < yamlsafe.MAX_YAML_BYTES
    with cpu_bound():
        document = yamlsafe.load(text)
    assert len(document.data["scenarios"]) == 6000
    assert yamlsafe.load("version: 9223372036854775807\n").data == {"version": 2**63 - 1}


# Every door. A suite file starts "name: A" on line 1; a monitors file gets the same lines under one monitor's
# "name:", so the refusal names the same line.


def as_monitors(text: str) -> str:
    return "monitors:\n" + text.replace("name: A\n", "  - name: A\n", 1) if text.startswith("name: A\n") else text


@pytest.fixture
def post_suite(client: Any, alice: Any) -> Callable[[dict[str, Any]], Any]:
    client.force_login(alice)
    return lambda data: client.post(reverse("suites:suite-import"), data)


@pytest.fixture
def post_monitors(client: Any, alice: Any, private_endpoints: None) -> Callable[[dict[str, Any]], Any]:
    client.force_login(alice)
    return lambda data: client.post(reverse("monitors:monitor-import"), data)


@pytest.mark.parametrize(("text", "line", "fragment"), [case[1:] for case in BAD], ids=IDS)
@pytest.mark.parametrize("how", ["pasted", "uploaded"])
def test_suite_import_answers_400_with_the_line(post_suite, text: str, line: int, fragment: str, how: str) -> None:
    data = {"yaml_text": text} if how == "pasted" else {"yaml_file": SimpleUploadedFile("s.yaml", text.encode())}
    with cpu_bound():
        response = post_suite(data)
    assert response.status_code == 400
    assert f"Line {line}: " in response.content.decode() and not Suite.objects.exists()


@pytest.mark.parametrize(("text", "line", "fragment"), [case[1:] for case in BAD], ids=IDS)
@pytest.mark.parametrize("how", ["pasted", "uploaded"])
def test_monitor_import_answers_400_with_the_line(post_monitors, text: str, line: int, fragment: str, how: str) -> None:
    text = "monitors:\n" + text if not text.startswith("name: A\n") else as_monitors(text)
    line += 1  # the "monitors:" line above
    data = {"yaml_text": text} if how == "pasted" else {"yaml_file": SimpleUploadedFile("m.yml", text.encode())}
    with cpu_bound():
        response = post_monitors(data)
    assert response.status_code == 400
    assert f"Line {line}: " in response.content.decode() and not Monitor.objects.exists()


@pytest.mark.parametrize(
    "rule",
    [
        "max_words: " + "9" * 5000,
        "max_words: 9223372036854775808",
        "contains: !!python/object/apply:os.system [id]",
        'contains: "a\\0b"',
        'contains: "\\ud800"',
        "contains: " + "[" * 100_000,
        "json_schema: {maximum: .inf}",
        "contains: &a x",
    ],
    ids=["5000 digits", "2**63", "python tag", "NUL", "surrogate", "deep", "infinity", "anchor"],
)
def test_a_rule_line_gets_a_field_error_with_its_line(rule: str) -> None:
    with cpu_bound(), pytest.raises(RuleError, match=r"^line 2: "):
        parse_rule_lines(f'contains: "ok"\n{rule}')


def test_a_monitor_upload_over_256_kb_of_multibyte_text_is_too_large_not_badly_encoded(post_monitors) -> None:
    text = "monitors:\n  - name: Ünïcödé\n" + "    # ééééééééééééééééééé\n" * 7000
    raw = text.encode()
    assert len(raw) > yamlsafe.MAX_YAML_BYTES and raw[: yamlsafe.MAX_YAML_BYTES + 1][-1] >= 0x80  # cut mid-character
    response = post_monitors({"yaml_file": SimpleUploadedFile("m.yml", raw)})
    page = response.content.decode()
    assert response.status_code == 400
    assert "The file is larger than 256 KB." in page and "not UTF-8" not in page


def test_a_suite_upload_over_256_kb_of_multibyte_text_is_too_large(post_suite) -> None:
    raw = ("name: Ünïcödé\n" + "# ééééééééééééééééééé\n" * 7000).encode()
    response = post_suite({"yaml_file": SimpleUploadedFile("s.yaml", raw)})
    assert response.status_code == 400 and "larger than 256 KB" in response.content.decode()


def test_an_upload_that_is_not_utf8_names_the_line(post_monitors) -> None:
    raw = b"monitors:\n  - name: \xed\xa0\x80\n"  # a lone surrogate, as CESU-8 writes it
    response = post_monitors({"yaml_file": SimpleUploadedFile("m.yml", raw)})
    assert response.status_code == 400 and "The file is not UTF-8 text (line 2)." in response.content.decode()


def test_monitor_import_reads_the_file_before_any_transaction_opens(post_monitors) -> None:
    """On SQLite an open write transaction holds the one write lock: a slow parse inside it stalled every
    workspace's writes. A refused file opens none; a good one opens it only for the writes."""
    bad = "monitors:\n  - name: A\n    every: often\n    endpoint: http://127.0.0.1:9/c\n    cases: [{ask: hi}]\n"
    with CaptureQueriesContext(connection) as queries:
        assert post_monitors({"yaml_text": bad}).status_code == 400
    assert not [q for q in queries.captured_queries if q["sql"].upper().startswith(("SAVEPOINT", "BEGIN"))]


def test_a_suite_name_with_nul_is_a_field_error(client, alice, acme) -> None:
    client.force_login(alice)
    response = client.post(reverse("suites:suite-create"), {"name": "Refunds\x00", "description": ""})
    assert response.status_code in (200, 400) and not Suite.objects.exists()
    assert "Null characters are not allowed." in response.content.decode()
    with pytest.raises(suite_services.SuiteError, match="Null characters are not allowed."):
        suite_services.suite_create(account=acme, name="Refunds\x00", scenarios=[])
    with pytest.raises(suite_services.SuiteError, match="Null characters are not allowed."):
        suite_services.persona_get_or_create(account=acme, name="Jo\x00", description="")
    assert not Suite.objects.exists()


def test_the_monitor_form_bounds_the_budget_to_what_the_column_holds(client, alice, private_endpoints) -> None:
    from tests.monitors.test_monitors_views import form_data

    client.force_login(alice)
    response = client.post(reverse("monitors:monitor-create"), form_data(monthly_token_budget=str(2**31)))
    assert response.status_code == 200 and not Monitor.objects.exists()
    assert "Ensure this value is less than or equal to 1000000000." in response.content.decode()
