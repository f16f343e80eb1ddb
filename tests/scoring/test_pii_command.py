"""``manage.py scan_pii``: a text on stdin → JSON lines of findings; ``--jsonl`` → one JSON array per input line."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

ROOT = Path(__file__).resolve().parents[2]

TEXT = "Call 617-555-0115 or mail jordan.rivera84@example.com; card 4111 1111 1111 1111, ticket TKT-2024-004417."


def scan(stdin: str, *args: str) -> list[str]:
    out = io.StringIO()
    call_command("scan_pii", *args, stdin=io.StringIO(stdin), stdout=out)
    return out.getvalue().splitlines()


def test_plain_text_prints_one_json_line_per_finding_in_order() -> None:
    lines = [json.loads(line) for line in scan(TEXT)]
    assert lines == [
        {"entity": "PHONE_NUMBER", "value": "617-555-0115", "start": 5, "end": 17},
        {"entity": "EMAIL_ADDRESS", "value": "jordan.rivera84@example.com", "start": 26, "end": 53},
        {"entity": "CREDIT_CARD", "value": "4111 1111 1111 1111", "start": 60, "end": 79},
    ]
    for line in lines:
        assert TEXT[line["start"] : line["end"]] == line["value"]


def test_an_encoded_value_says_how_and_spans_the_encoded_run() -> None:
    text = "Here: NDExMSAxMTExIDExMTEgMTExMQ== ok"  # base64 of 4111 1111 1111 1111
    assert [json.loads(line) for line in scan(text)] == [
        {"entity": "CREDIT_CARD", "value": "4111 1111 1111 1111", "start": 6, "end": 34, "encoding": "base64"}
    ]


def test_a_text_without_pii_prints_nothing() -> None:
    assert scan("Your order #4155550123 ships on 2024-05-06 for $89.50.") == []
    assert scan("") == []


def test_contacts_are_on_by_default_and_can_be_switched_off() -> None:
    entities = [json.loads(line)["entity"] for line in scan(TEXT, "--no-withhold-contacts")]
    assert entities == ["CREDIT_CARD"]
    assert len(scan(TEXT, "--withhold-contacts")) == 3


def test_allowed_contacts_knowledge_and_user_text(tmp_path: Path) -> None:
    knowledge = tmp_path / "kb.txt"
    knowledge.write_text("Support line: (617) 555-0115.", encoding="utf-8")
    args = ["--knowledge", str(knowledge), "--allowed-contact", "example.com"]
    assert [json.loads(line)["entity"] for line in scan(TEXT, *args)] == ["CREDIT_CARD"]
    assert scan(TEXT, *args, "--user-text", "my card is 4111-1111-1111-1111") == []


def test_jsonl_prints_one_array_per_input_line() -> None:
    stdin = "\n".join(
        json.dumps({"text": text})
        for text in ["IBAN ES29 6232 0592 5973 4104 3860", "Nothing here.", "Call +44 7700 900697 or 1 (800) 555-0130."]
    )
    rows = [json.loads(line) for line in scan(stdin, "--jsonl")]
    assert rows == [
        [{"entity": "IBAN_CODE", "value": "ES29 6232 0592 5973 4104 3860", "start": 5, "end": 34}],
        [],
        [
            {"entity": "PHONE_NUMBER", "value": "+44 7700 900697", "start": 5, "end": 20},
            {"entity": "PHONE_NUMBER", "value": "1 (800) 555-0130", "start": 24, "end": 40},
        ],
    ]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("not json", "line 2: not JSON"),
        ('["text"]', 'line 2: expected an object with a "text" key'),
        ('{"body": "hi"}', 'line 2: expected an object with a "text" key'),
        ('{"text": 42}', 'line 2: "text" must be a string, not int'),
        ("", "line 2: not JSON"),
    ],
)
def test_a_bad_jsonl_line_is_named_and_nothing_is_scanned(line: str, message: str) -> None:
    out = io.StringIO()
    stdin = io.StringIO(f'{{"text": "card 4111 1111 1111 1111"}}\n{line}\n{{"text": "ok"}}\n')
    with pytest.raises(CommandError) as raised:
        call_command("scan_pii", "--jsonl", stdin=stdin, stdout=out)
    assert message in str(raised.value)
    assert "Nothing scanned" in str(raised.value)
    assert out.getvalue() == ""  # no half output: the findings of line 1 are not printed either


def test_every_bad_line_is_listed() -> None:
    with pytest.raises(CommandError) as raised:
        scan('{}\nnope\n{"text": "fine"}\n[]\n', "--jsonl")
    assert [line.split(":")[0] for line in str(raised.value).splitlines()[1:]] == ["line 1", "line 2", "line 4"]


def test_a_missing_knowledge_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="Cannot read the knowledge file"):
        scan(TEXT, "--knowledge", str(tmp_path / "missing.txt"))


def test_the_command_reads_real_stdin_and_rejects_bytes_that_are_not_utf8() -> None:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "evalsite.settings", "TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS": ""}
    env.pop("DATABASE_URL", None)
    run = [sys.executable, "manage.py", "scan_pii", "--jsonl"]
    done = subprocess.run(
        run, input='{"text": "SSN 078-05-1120"}\n'.encode(), capture_output=True, cwd=ROOT, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr.decode()
    assert json.loads(done.stdout) == [{"entity": "US_SSN", "value": "078-05-1120", "start": 4, "end": 15}]
    bad = subprocess.run(run, input=b"\xff\xfe{}", capture_output=True, cwd=ROOT, env=env, timeout=120)
    assert bad.returncode == 1 and b"The input is not UTF-8 text" in bad.stderr and bad.stdout == b""
