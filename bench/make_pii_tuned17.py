"""Write tuned part 17 of the PII corpus, bench/data/pii_tuned17.jsonl (seed 62483): the sixteenth held-out part.

Tuned part 17 is the sixteenth held-out part: once its errors had been measured and used for the next round of rules
(docs/benchmarks.md, "PII accuracy: two parts") it could no longer be held out, so detector changes may now be
fitted to it. What follows describes how it was written, as a held-out part.

Its first line then: Write the held-out part of the PII corpus (bench/data/pii_heldout.jsonl), written blind.

Written without reading the detector, its benchmarks, its scoring, the other corpus parts or their generators: only
bench/pii_corpus_values.py (shared value rules), bench/pii_io.py, the phonenumbers package's metadata and the
interface of tests/bench/test_pii_heldout.py were read. Seed 62483. It holds support-bot replies quoting phone
numbers of 88 regions on five continents in about 50 languages (beside order, ticket and booking references, in
prose and in document formats, and named only by context), people's email addresses in signatures, forwarded
headers, CRM exports, JSON, logs, mailto links, vCards and chat, cards of every network, SSNs in several languages,
SEPA and non-SEPA IBANs printed and electronic, mixed records, and hard negatives of many kinds (many with an "@"
that is no person's address).

Usage: python bench/make_pii_tuned17.py [--check]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pii_io  # noqa: E402
from pii_corpus_values import Line  # noqa: E402
from pii_tuned17_emails import email_rows  # noqa: E402
from pii_tuned17_mixed import mixed_rows  # noqa: E402
from pii_tuned17_negatives import at_negatives  # noqa: E402
from pii_tuned17_negatives2 import other_negatives  # noqa: E402
from pii_tuned17_phone_rows import phone_rows  # noqa: E402
from pii_tuned17_values import card_rows, iban_rows, ssn_rows  # noqa: E402

SEED = 62483
OUT = Path(__file__).resolve().parent / "data" / "pii_tuned17.jsonl"


def build(seed: int = SEED) -> pii_io.Rows:
    rng = random.Random(seed)
    lines: list[Line] = []
    for make in (phone_rows, email_rows, card_rows, ssn_rows, iban_rows, mixed_rows):
        lines.extend(make(rng))
    for kind, text in at_negatives(rng) + other_negatives(rng):
        tags = ["negative", kind, "at-sign"] if "@" in text else ["negative", kind]
        lines.append(Line(*tags).add(text))
    rng.shuffle(lines)
    rows: pii_io.Rows = []
    seen: set[str] = set()
    for line in lines:
        if line.text in seen:
            continue
        seen.add(line.text)
        rows.append(
            {"id": f"heldout-{len(rows) + 1:04d}", "text": line.text, "entities": line.entities, "tags": line.tags}
        )
    return rows


def main() -> int:
    return pii_io.corpus_main(doc=__doc__, build=build, out=OUT, part="tuned part 17", script="make_pii_tuned17.py")


if __name__ == "__main__":
    raise SystemExit(main())
