"""Write tuned part 14 of the PII corpus, bench/data/pii_tuned14.jsonl (seed 83257): the thirteenth held-out part.

Tuned part 14 is the thirteenth held-out part: once its errors had been measured and used for the next round of rules
(docs/benchmarks.md, "PII accuracy: two parts") it could no longer be held out, so detector changes may now be
fitted to it. What follows describes how it was written, as a held-out part.

Its first line then: Write the held-out part of the PII corpus (bench/data/pii_heldout.jsonl), written blind.

Written without reading the detector, its scoring, its benchmarks or any other part of the corpus: only the shared
value rules (bench/pii_corpus_values.py), the writer (bench/pii_io.py), the phonenumbers metadata and the interface
the tests ask of a held-out part (tests/bench/test_pii_heldout.py) were read. Seed 83257.

It holds customer-support bot replies and the records they quote: phone numbers from 96 regions on five continents
in their own languages (54 of them) and national/international/E.164 writings, beside order, booking and ticket ids
in both orders, in records (JSON, YAML, CSV, TSV, HTML and Markdown tables, vCards, logs, emails, key=value, INI, XML,
SQL inserts, SMS, receipts, forms) and named only by an earlier turn of a conversation; card numbers of every network;
US Social Security numbers in nine languages; SEPA and non-SEPA IBANs printed and electronic; people's email
addresses (plus tags, upper case, hyphens, digits); replies with several kinds at once; and replies with no PII made
of hard negatives of 37 kinds (ids, dates, amounts, versions, hashes, network addresses, masked values, device and
bank codes, file names...).

Usage: python bench/make_pii_tuned14.py [--check]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pii_corpus_values import Line, check_labels  # noqa: E402
from pii_io import corpus_main  # noqa: E402
from pii_tuned14_mixed import mixed_rows  # noqa: E402
from pii_tuned14_negatives import negative_texts  # noqa: E402
from pii_tuned14_phone_rows import phone_rows  # noqa: E402
from pii_tuned14_phones import phone_is_valid  # noqa: E402
from pii_tuned14_values import card_rows, email_rows, iban_rows, ssn_rows  # noqa: E402

SEED = 83257
OUT = Path(__file__).resolve().parent / "data" / "pii_tuned14.jsonl"


def build(seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    lines: list[Line] = []
    for make in (phone_rows, email_rows, card_rows, ssn_rows, iban_rows, mixed_rows):
        lines.extend(make(rng))
    for kind, text in negative_texts(rng):
        lines.append(Line("negative", kind).add(text))
    rng.shuffle(lines)
    rows, seen = [], set()
    for line in lines:
        if line.text in seen:
            continue
        seen.add(line.text)
        check_labels(line, phone_is_valid)
        rows.append(
            {"id": f"heldout-{len(rows) + 1:04d}", "text": line.text, "entities": line.entities, "tags": line.tags}
        )
    return rows


def main() -> int:
    return corpus_main(doc=__doc__, build=build, out=OUT, part="tuned part 14", script="make_pii_tuned14.py")


if __name__ == "__main__":
    raise SystemExit(main())
