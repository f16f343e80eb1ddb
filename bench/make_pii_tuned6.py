"""Generate tuned part 6 of the PII corpus, bench/data/pii_tuned6.jsonl (seed 73129): the fifth held-out part.

Tuned part 6 is the fifth held-out part: once its errors had been measured and used for the sixth round of rules
(docs/benchmarks.md, "PII accuracy: two parts") it could no longer be held out, so detector changes may now be
fitted to it. What follows describes how it was written, as a held-out part.

Run: .venv/bin/python bench/make_pii_tuned6.py [--check]

How it was written: blind. Its author read neither the PII detector (evaluations/) nor any earlier corpus, its
generators or its documentation, and never ran the detector on it; every template, language, format and value rule
here was written from the author's own knowledge of how support replies look, with the shared value rules of
bench/pii_corpus_values.py (Luhn cards per network, SEPA IBAN layouts, mod-97, SSN rules) and the ``phonenumbers``
metadata. No label was ever changed to agree with a detector.

What it holds (about 2,600 replies, one JSON object a line, labels as written in the text):

- phones (bench/pii_tuned6_phone_rows.py): numbers drawn per region from ``phonenumbers`` metadata and kept only
  when valid for that region exactly as written, in 69 regions on every continent, in the forms people use
  (national, run together, international, E.164, ``00``, dots, dashes, slashes, trunk prefix in brackets or as
  ``(0)``), in contact sentences in 28 languages, next to order, ticket, booking, claim and tracking ids (``near-id``),
  in lists of two and in records (JSON, CSV, YAML, XML, Markdown, ``tel:`` links, HTML, vCards, signatures, chats);
- people's email addresses (bench/pii_tuned6_emails.py), cards of every network and US SSNs named as such in eleven
  languages (bench/pii_tuned6_cards.py), SEPA and non-SEPA IBANs (bench/pii_tuned6_ibans.py), and replies
  that mix them (bench/pii_tuned6_mixed.py);
- hard negatives without personal data, 28 kinds (bench/pii_tuned6_negatives.py, pii_tuned6_negatives2.py).

Tags: the kind first (phone, email, card, ssn, iban, mixed, negative; a negative's second tag is its kind), then
``region-XX``, ``lang-xx``, ``setting-...``, ``near-id`` where they apply. The same seed writes the same file.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pii_io  # noqa: E402 - bench scripts run with bench/ on the path
from pii_corpus_values import Line, check_labels  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned6_cards import card_rows, ssn_rows  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned6_emails import email_rows  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned6_ibans import iban_rows  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned6_mixed import mixed_rows  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned6_negatives import KINDS_A  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned6_negatives2 import KINDS_B  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned6_phone_rows import phone_rows  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned6_phones import phone_is_valid  # noqa: E402 - bench scripts run with bench/ on the path

SEED = 73129
OUT = Path(__file__).resolve().parent / "data" / "pii_tuned6.jsonl"


def negative_rows(rng: random.Random) -> list[Line]:
    lines = []
    for kind, (make, count) in {**KINDS_A, **KINDS_B}.items():
        seen: set[str] = set()
        while len(seen) < count:
            text = make(rng)
            if text in seen:
                continue
            seen.add(text)
            line = Line("negative", kind).add(text)
            check_labels(line, phone_is_valid)
            lines.append(line)
    return lines


def build(seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    lines: list[Line] = []
    for part in (phone_rows, email_rows, card_rows, ssn_rows, iban_rows, mixed_rows, negative_rows):
        lines.extend(part(rng))
    rng.shuffle(lines)
    rows: list[dict[str, object]] = []
    seen: set[str] = set()
    for line in lines:
        if line.text in seen:  # the same reply twice would weigh twice
            continue
        seen.add(line.text)
        rows.append({"id": len(rows) + 1, "text": line.text, "entities": line.entities, "tags": line.tags})
    return rows


def main() -> int:
    return pii_io.corpus_main(doc=__doc__, build=build, out=OUT, part="tuned part 6", script="make_pii_tuned6.py")


if __name__ == "__main__":
    sys.exit(main())
