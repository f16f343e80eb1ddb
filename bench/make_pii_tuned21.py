"""Write tuned part 21 of the PII corpus, bench/data/pii_tuned21.jsonl (seed 10429): the twentieth held-out part.

Tuned part 21 is the twentieth held-out part: once its errors had been measured and used for the next round of rules
(docs/benchmarks.md, "PII accuracy: two parts") it could no longer be held out, so detector changes may now be
fitted to it. One change to its labels since: the target of each tel: link (`href="tel:+…"`) is labelled too, as
every other part labels it (bench/pii_tuned21_phone_rows.py); it was measured as a held-out part without them.
What follows describes how it was written, as a held-out part.

Its first line then: Write the held-out part of the PII corpus (bench/data/pii_heldout.jsonl), written blind, apart from the detector.

How it was written: blind. Its author read neither the detector nor anything describing it or its past errors, nor
any other part's data or generator (save a handful of lines of older generators, their first docstring line and the
keys of a row, shown once by a search for the part's name); only the shared value rules (bench/pii_corpus_values.py:
``Line``, ``check_labels``, ``NETWORKS``, Luhn, SEPA IBAN layouts, mod-97), the writer (bench/pii_io.py), the
``phonenumbers`` package's metadata and the interface that tests/bench/test_pii_heldout.py asks of a part. The
sentences, records and values are the author's own, drawn with seed 10429.

What it holds (about 2,600 support-bot replies, one JSON object a line: id, text, entities, tags):
- phone replies: numbers valid for their region (digits drawn at random, checked by ``phonenumbers``) in 96 regions on
  five continents and 54 languages, beside an order, ticket, booking or claim reference (``near-id``, ``id-first`` or
  ``phone-first``) or named only by the context (``context-only``), in prose or quoted from 16 kinds of record
  (``setting-…``: JSON, YAML, CSV, HTML, Markdown, vCard, log, receipt, mail, key=value, INI, XML, chat, SMS, form);
- email replies: addresses of people (``+`` tags, upper case, hyphens, digits) in signatures, forwarded headers, CRM
  exports, JSON, logs, mailto: links, HTML, vCards, chat and prose in many languages;
- card replies of every network in ``NETWORKS`` (second tag the network), SSN replies in 11 languages, IBAN replies
  (``sepa``/``non-sepa``, ``print``/``electronic``);
- mixed replies holding several kinds at once (every one with a phone carries ``region-XX`` and ``lang-xx``);
- replies without PII: hard negatives of 46 kinds (``["negative", kind]``), of which 18 hold an "@" that is not a
  person's address.

Usage: python bench/make_pii_tuned21.py [--check]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pii_io
from pii_corpus_values import Line, check_labels
from pii_tuned21_emails import email_rows
from pii_tuned21_mixed import mixed_rows
from pii_tuned21_negatives import negatives
from pii_tuned21_negatives_at import at_negatives
from pii_tuned21_phone_rows import phone_rows
from pii_tuned21_phones import phone_is_valid
from pii_tuned21_values import card_rows, iban_rows, ssn_rows

SEED = 10429
OUT = Path(__file__).resolve().parent / "data" / "pii_tuned21.jsonl"


def build(seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    lines: list[Line] = []
    lines += phone_rows(rng)
    lines += email_rows(rng, 360)
    lines += card_rows(rng, 300)
    lines += ssn_rows(rng, 300)
    lines += iban_rows(rng, 300)
    lines += mixed_rows(rng, 154)
    for kind, text in negatives(rng, 16) + at_negatives(rng, 13):
        lines.append(Line("negative", kind).add(text))
    rng.shuffle(lines)
    rows: list[dict[str, object]] = []
    seen: set[str] = set()
    for line in lines:
        check_labels(line, phone_is_valid)
        if line.text in seen:
            continue
        seen.add(line.text)
        rows.append(
            {"id": f"heldout-{len(rows) + 1:04d}", "text": line.text, "entities": line.entities, "tags": line.tags}
        )
    return rows


def main() -> int:
    return pii_io.corpus_main(doc=__doc__, build=build, out=OUT, part="tuned part 21", script="make_pii_tuned21.py")


if __name__ == "__main__":
    sys.exit(main())
