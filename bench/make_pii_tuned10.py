"""Write tuned part 10 of the PII corpus, bench/data/pii_tuned10.jsonl (seed 31337): the ninth held-out part.

Tuned part 10 is the ninth held-out part: once its errors had been measured and used for the next round of rules
(docs/benchmarks.md, "PII accuracy: two parts") it could no longer be held out, so detector changes may now be
fitted to it. What follows describes how it was written, as a held-out part.

Its first line then: Write the held-out PII corpus (bench/data/pii_heldout.jsonl): support-bot replies with and without personal data.

How it was written: blind. Its author read neither the detector (evaluations/) nor any earlier corpus, their
generators or the documents that describe the detector and its past errors; the templates, formats and value rules
here come from the author's own knowledge of how support replies and the records they quote look, in many languages
and document formats. Only the shared value rules (bench/pii_corpus_values.py: Luhn, SEPA IBAN layouts, mod-97,
``Line``, ``check_labels``) and the ``phonenumbers`` metadata were used. The detector was never run on this corpus
and no label was ever changed to agree with a detector.

Seed 31337. What it holds (about 2,500 replies):
- phones in 53 regions over every continent, drawn from ``phonenumbers`` metadata and kept only when valid for their
  region exactly as written; contact sentences in 31 languages (some name the number only by context), sentences
  with an order, ticket, booking, claim, tracking or reference id beside the number in both orders, and documents;
- people's email addresses on real providers' and firms' domains (dots, hyphens, digits, plus-tags, upper case);
- card numbers of every network in ``NETWORKS`` (Luhn), grouped, compact, dashed, in receipts, payloads and forms;
- US SSNs (possible areas, groups and serials), always named as an SSN, in ten languages;
- IBANs of SEPA and non-SEPA layouts with mod-97 check digits, compact and in fours;
- replies with several kinds at once; and over 600 hard negatives of 32 kinds.
Each line's labels are checked by ``pii_corpus_values.check_labels`` (phones against their ``region-XX`` tag).
Usage: python bench/make_pii_tuned10.py [--check]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pii_io  # noqa: E402 - bench scripts run with bench/ on the path
from pii_corpus_values import Line, check_labels  # noqa: E402
from pii_tuned10_cards import card_rows  # noqa: E402
from pii_tuned10_emails import email_rows  # noqa: E402
from pii_tuned10_mixed import mixed_rows  # noqa: E402
from pii_tuned10_negatives import negative_rows  # noqa: E402
from pii_tuned10_negatives2 import negative_rows2  # noqa: E402
from pii_tuned10_phone_rows import phone_rows  # noqa: E402
from pii_tuned10_phones import phone_is_valid  # noqa: E402
from pii_tuned10_ssns_ibans import iban_rows, ssn_rows  # noqa: E402

SEED = 31337
OUT = Path(__file__).resolve().parent / "data" / "pii_tuned10.jsonl"


def build(seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    parts: list[list[Line]] = [
        phone_rows(random.Random(rng.random())),
        email_rows(random.Random(rng.random())),
        card_rows(random.Random(rng.random())),
        ssn_rows(random.Random(rng.random())),
        iban_rows(random.Random(rng.random())),
        mixed_rows(random.Random(rng.random())),
        negative_rows(random.Random(rng.random())),
        negative_rows2(random.Random(rng.random())),
    ]
    lines = [line for part in parts for line in part]
    rng.shuffle(lines)
    rows: list[dict[str, object]] = []
    seen: set[str] = set()
    for line in lines:
        if line.text in seen:  # a reply is in the corpus once
            continue
        seen.add(line.text)
        check_labels(line, phone_is_valid)
        rows.append({"id": len(rows) + 1, "text": line.text, "entities": line.entities, "tags": line.tags})
    return rows


def main() -> int:
    return pii_io.corpus_main(doc=__doc__, build=build, out=OUT, part="tuned part 10", script="make_pii_tuned10.py")


if __name__ == "__main__":
    raise SystemExit(main())
