"""Write tuned part 9 of the PII corpus, bench/data/pii_tuned9.jsonl (seed 39119): the eighth held-out part.

Tuned part 9 is the eighth held-out part: once its errors had been measured and used for the next round of rules
(docs/benchmarks.md, "PII accuracy: two parts") it could no longer be held out, so detector changes may now be
fitted to it. What follows describes how it was written, as a held-out part.

Its first line then: Write the held-out part of the PII corpus: bench/data/pii_heldout.jsonl, support-bot replies with labelled personal
data, written blind.

Run: .venv/bin/python bench/make_pii_tuned9.py [--check]

How it was written: by someone who read neither the detector (evaluations/scoring/) nor any earlier corpus, its
generators, its data or the documents describing the detector and its past errors; only the shared value rules
(bench/pii_corpus_values.py), the shared writer (bench/pii_io.py), the shared integrity tests and the ``phonenumbers``
metadata were read. The templates and formats come from how real support replies and the data they quote look. The
detector was never run on this corpus while it was written, and no label was changed to agree with a detector: a
label is what a careful human reviewer marks as a person's card number, US SSN, IBAN, e-mail address or phone
number, and any sentence whose label could be argued either way was left out.

Seed 39119 (random.Random, so the file is the same whatever PYTHONHASHSEED). What it holds (bench/pii_tuned9_*.py):
- phones drawn per region from the ``phonenumbers`` metadata and kept only when valid for the region as written, in 61
  regions on six continents: contact sentences in thirty languages, the documents replies quote (JSON, CSV, YAML,
  XML, HTML ``tel:`` links, Markdown, vCards, signatures, SMS, logs, forms, shipping labels), numbers right before or
  after order, ticket, booking, parcel and claim references (``near-id``), numbers named only by context, extensions;
- people's e-mail addresses on real top-level domains, also against Chinese, Japanese, Thai and Korean text;
- card numbers of every network in ``NETWORKS`` (Luhn), US SSNs named as such, SEPA and non-SEPA IBANs (mod-97);
- replies with several kinds at once;
- hard negatives (tags ``["negative", kind]``): talk of phones without a number, ``@2x``/``@1.5x`` assets, packages,
  handles, localhost accounts, IMEIs, EINs, BICs, RF creditor references and 24 kinds of its own.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pii_io  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned9_cards import card_rows  # noqa: E402
from pii_tuned9_emails import email_rows  # noqa: E402
from pii_tuned9_mixed import mixed_rows  # noqa: E402
from pii_tuned9_negatives import negatives_one  # noqa: E402
from pii_tuned9_negatives2 import negatives_two  # noqa: E402
from pii_tuned9_phone_rows import phone_rows  # noqa: E402
from pii_tuned9_ssns_ibans import iban_rows, ssn_rows  # noqa: E402

SEED = 39119
OUT = Path(__file__).resolve().parent / "data" / "pii_tuned9.jsonl"


def build(seed: int = SEED) -> pii_io.Rows:
    rng = random.Random(seed)
    lines = []
    for make in (phone_rows, email_rows, card_rows, ssn_rows, iban_rows, mixed_rows, negatives_one, negatives_two):
        lines.extend(make(rng))
    rng.shuffle(lines)
    rows: pii_io.Rows = []
    seen: set[str] = set()
    for line in lines:
        if line.text in seen:  # a reply is written once
            continue
        seen.add(line.text)
        rows.append({"id": len(rows) + 1, "text": line.text, "entities": line.entities, "tags": line.tags})
    return rows


def main() -> int:
    return pii_io.corpus_main(doc=__doc__ or "", build=build, out=OUT, part="tuned part 9", script="make_pii_tuned9.py")


if __name__ == "__main__":
    raise SystemExit(main())
