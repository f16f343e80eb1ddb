"""Write tuned part 15 of the PII corpus, bench/data/pii_tuned15.jsonl (seed 90731): the fourteenth held-out part.

Tuned part 15 is the fourteenth held-out part: once its errors had been measured and used for the next round of rules
(docs/benchmarks.md, "PII accuracy: two parts") it could no longer be held out, so detector changes may now be
fitted to it. What follows describes how it was written, as a held-out part.

Its first line then: Write the held-out PII corpus (bench/data/pii_heldout.jsonl), written blind.

Written without reading the detector, its benchmarks or scoring docs, the other corpus parts' generators, data or
tests of their errors: only the shared value rules (bench/pii_corpus_values.py), the writer (bench/pii_io.py), the
``phonenumbers`` metadata and the interface that tests/bench/test_pii_heldout.py asks of a part were read. Seed
90731. It holds about 2,900 customer-support replies and the records they quote: phone numbers of 96 regions on
all five continents in 53 languages, written the way people there write them (chats, receipts, forms, signatures,
JSON, YAML, CSV, HTML and Markdown tables, vCards, logs, emails, key=value, INI, XML, SMS), many beside an order,
ticket or booking id and some named only by the sentence's sense; cards of every network; SSNs in English, Spanish,
Hindi and more; SEPA and non-SEPA IBANs in print and electronic form; people's email addresses; mixed records; and
hard negatives of 32 kinds with no PII. Phones are checked valid for their region by ``phonenumbers``.

Usage: python bench/make_pii_tuned15.py [--check]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pii_corpus_values import Line, check_labels  # noqa: E402
from pii_io import corpus_main  # noqa: E402
from pii_tuned15_mixed import mixed_rows  # noqa: E402
from pii_tuned15_negatives import negative_rows  # noqa: E402
from pii_tuned15_phone_rows import phone_rows  # noqa: E402
from pii_tuned15_phones import phone_is_valid  # noqa: E402
from pii_tuned15_values import card_rows, email_rows, iban_rows, ssn_rows  # noqa: E402

SEED = 90731
OUT = Path(__file__).resolve().parent / "data" / "pii_tuned15.jsonl"


def build(seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    lines: list[Line] = []
    for make in (phone_rows, email_rows, card_rows, ssn_rows, iban_rows, mixed_rows, negative_rows):
        lines.extend(make(rng))
    rng.shuffle(lines)
    rows = []
    for i, line in enumerate(lines):
        check_labels(line, phone_is_valid)
        rows.append({"id": f"heldout-{i:05d}", "text": line.text, "entities": line.entities, "tags": line.tags})
    return rows


def main() -> int:
    return corpus_main(doc=__doc__, build=build, out=OUT, part="tuned part 15", script="make_pii_tuned15.py")


if __name__ == "__main__":
    raise SystemExit(main())
