"""Write tuned part 19 of the PII corpus, bench/data/pii_tuned19.jsonl (seed 84629): the eighteenth held-out part.

Tuned part 19 is the eighteenth held-out part: once its errors had been measured and used for the next round of rules
(docs/benchmarks.md, "PII accuracy: two parts") it could no longer be held out, so detector changes may now be
fitted to it. What follows describes how it was written, as a held-out part.

Its first line then: Write the held-out part of the PII corpus (bench/data/pii_heldout.jsonl), written blind.

Written without reading the detector, its benchmarks or scoring notes, its tests of other parts, the other corpus
parts or their generators: only the shared value rules (bench/pii_corpus_values.py: ``Line``, ``check_labels``,
``NETWORKS``, Luhn, SEPA IBAN layouts, mod-97), bench/pii_io.py, the metadata of the ``phonenumbers`` package and the
interface that tests/bench/test_pii_heldout.py asks of a part were read. Seed 84629.

It holds about 2,500 customer-support replies and the records they quote: phone numbers of 91 regions on five
continents, valid for their region as written and drawn at random in its ranges, in prose of 54 languages and in
JSON, YAML, CSV, HTML and Markdown tables, vCards, logs, INI, XML, chats, SMS, receipts, e-mails and forms, most
beside an order, ticket, booking or tracking reference (in both orders) and some named only by context; people's
e-mail addresses in signatures, forwarded headers, CRM exports, mailto links and more; cards of every network; SSNs
written many ways in 12 languages; SEPA and non-SEPA IBANs in print and electronic form; replies with several
kinds at once; and hard negatives of more than 50 kinds, among them replies with an "@" that is no one's address.
Every label is checked by ``check_labels`` (phones by ``pii_tuned19_phones.phone_is_valid``).

Usage: python bench/make_pii_tuned19.py [--check]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pii_io  # noqa: E402
from pii_corpus_values import check_labels  # noqa: E402
from pii_tuned19_at_signs import at_rows  # noqa: E402
from pii_tuned19_emails import email_rows  # noqa: E402
from pii_tuned19_mixed import mixed_rows  # noqa: E402
from pii_tuned19_negatives import negative_rows  # noqa: E402
from pii_tuned19_phone_rows import phone_rows  # noqa: E402
from pii_tuned19_phones import phone_is_valid  # noqa: E402
from pii_tuned19_values import card_rows, iban_rows, ssn_rows  # noqa: E402

SEED = 84629
OUT = Path(__file__).resolve().parent / "data" / "pii_tuned19.jsonl"


def build(seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    lines = [
        *phone_rows(rng),
        *email_rows(rng),
        *card_rows(rng),
        *ssn_rows(rng),
        *iban_rows(rng),
        *mixed_rows(rng),
        *negative_rows(rng),
        *at_rows(rng),
    ]
    rows: list[dict[str, object]] = []
    seen: set[str] = set()
    for line in lines:
        if line.text in seen:
            continue
        seen.add(line.text)
        check_labels(line, phone_is_valid)
        rows.append({"text": line.text, "entities": line.entities, "tags": line.tags})
    rng.shuffle(rows)
    return [{"id": f"heldout-{i:04d}", **row} for i, row in enumerate(rows, 1)]


def main() -> int:
    return pii_io.corpus_main(
        doc=__doc__ or "", build=build, out=OUT, part="tuned part 19", script="make_pii_tuned19.py"
    )


if __name__ == "__main__":
    raise SystemExit(main())
