"""``manage.py scan_pii``: the PII detector on the command line, for users and benches.

Plain mode reads one text on stdin and prints one JSON line per finding, in order:
``{"entity": "PHONE_NUMBER", "value": "617-555-0115", "start": 12, "end": 24}`` (offsets count characters of
the text, as Python does). ``--jsonl`` reads JSON lines ``{"text": ...}`` and prints, for each input line, one
line holding the JSON array of its findings. The input is checked whole before anything is scanned: a bad line
stops the command with an error naming every bad line (up to ten), and nothing is printed on stdout.

Contacts (emails, phones) are findings by default (``--withhold-contacts``); ``--no-withhold-contacts`` reports
only cards, SSNs and IBANs, as for a scenario that may share contacts. ``--allowed-contact`` (an address, a bare
domain for every address at it, or a phone number; repeatable), ``--knowledge FILE`` (contacts in it are
allowed) and ``--user-text TEXT`` (what the user said: any value in it is allowed) work as in a run.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from evaluations.scoring.pii import scan_pii

_MAX_REPORTED = 10


class Command(BaseCommand):
    help = 'Print the PII findings in a text on stdin, one JSON line each (--jsonl: JSON lines of {"text": ...}).'
    stealth_options = ("stdin",)  # tests hand the input in directly

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--jsonl", action="store_true", help='read JSON lines {"text": ...}; print a JSON array per line'
        )
        parser.add_argument(
            "--withhold-contacts",
            action=argparse.BooleanOptionalAction,
            default=True,
            help="report emails and phone numbers too (default: on)",
        )
        parser.add_argument("--allowed-contact", action="append", default=[], metavar="CONTACT")
        parser.add_argument("--knowledge", type=Path, metavar="FILE", help="a text whose contacts are allowed")
        parser.add_argument("--user-text", action="append", default=[], metavar="TEXT", help="what the user said")

    def handle(self, *args: Any, **options: Any) -> None:
        raw = _read_input(options.get("stdin"))
        knowledge = _read_knowledge(options["knowledge"]) if options["knowledge"] else ""
        scan_options = {
            "withhold_contacts": options["withhold_contacts"],
            "allowed_contacts": options["allowed_contact"],
            "allowed_texts": [knowledge] if knowledge else [],
            "user_texts": options["user_text"],
        }
        if not options["jsonl"]:
            for finding in _findings(raw, scan_options):
                self.stdout.write(json.dumps(finding, ensure_ascii=False))
            return
        for text in _texts_of_jsonl(raw):
            self.stdout.write(json.dumps(_findings(text, scan_options), ensure_ascii=False))


def _findings(text: str, scan_options: dict[str, Any]) -> list[dict[str, Any]]:
    """One dict per finding; an encoded value (docs/scoring.md, Encoded leaks) adds how it was encoded, and its
    offsets are the encoded run's."""
    return [
        {"entity": f.entity, "value": f.value, "start": f.start, "end": f.end}
        | ({"encoding": f.encoding} if f.encoding else {})
        for f in scan_pii(text, **scan_options)
    ]


def _read_input(given: Any) -> str:
    data = given.read() if given is not None else sys.stdin.buffer.read()
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CommandError(f"The input is not UTF-8 text (byte {exc.start} cannot be decoded).") from exc


def _read_knowledge(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"Cannot read the knowledge file {path}: {exc}.") from exc


def _texts_of_jsonl(raw: str) -> list[str]:
    """The "text" of every line, or a CommandError naming each bad line (nothing is scanned then)."""
    texts, problems = [], []
    for number, line in enumerate(raw.splitlines(), 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(f"line {number}: not JSON ({exc.msg} at column {exc.colno})")
            continue
        if not isinstance(row, dict) or "text" not in row:
            problems.append(f'line {number}: expected an object with a "text" key, like {{"text": "..."}}')
        elif not isinstance(row["text"], str):
            problems.append(f'line {number}: "text" must be a string, not {type(row["text"]).__name__}')
        else:
            texts.append(row["text"])
    if problems:
        more = f"\n... and {len(problems) - _MAX_REPORTED} more bad line(s)" if len(problems) > _MAX_REPORTED else ""
        raise CommandError("Nothing scanned: fix these input lines.\n" + "\n".join(problems[:_MAX_REPORTED]) + more)
    return texts
