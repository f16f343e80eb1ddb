"""Write tuned part 18 of the PII corpus, bench/data/pii_tuned18.jsonl (seed 73591): the seventeenth held-out part.

Tuned part 18 is the seventeenth held-out part: once its errors had been measured and used for the next round of rules
(docs/benchmarks.md, "PII accuracy: two parts") it could no longer be held out, so detector changes may now be
fitted to it. What follows describes how it was written, as a held-out part.

Its first line then: Write the held-out part of the PII corpus (bench/data/pii_heldout.jsonl), written blind.

How it was written: from general knowledge of how customer-support bot replies and the records they quote look in
many languages and document formats, without reading the detector, its benchmarks or scoring notes, any other corpus
part or its generator, or any account of past errors. Read were only the shared value rules
(bench/pii_corpus_values.py: ``Line``, ``check_labels``, ``NETWORKS``, Luhn, SEPA layouts, mod-97), the writer
(bench/pii_io.py), the ``phonenumbers`` metadata, and the interface that tests/bench/test_pii_heldout.py asks of a part.
Seed 73591.

What it holds (about 2,800 replies): phone numbers of 96 regions on five continents, drawn at random within each
numbering plan and valid for their region as written, in prose in the region's language (54 languages) with an order,
ticket or booking id before or after the number, named only by context, and in records (JSON, YAML, CSV, HTML,
Markdown, vCard, logs, receipts, mail headers, key=value, INI, XML, chat, SMS, forms); personal email addresses in
signatures, forwarded headers, CRM exports, JSON, logs, mailto: links, HTML, vCards, chat and prose; cards of every
network; SSNs in replies in English, Spanish, Hindi and other languages of US residents; SEPA and non-SEPA IBANs,
printed and electronic; replies mixing them; and hard negatives without PII: 31 kinds of look-alike numbers and
codes, and 19 kinds of "@" that is not a person's address.

Usage: python bench/make_pii_tuned18.py [--check]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pii_io  # noqa: E402
from pii_corpus_values import Line, check_labels  # noqa: E402
from pii_tuned18_at_signs import at_sign_rows  # noqa: E402
from pii_tuned18_emails import email_rows  # noqa: E402
from pii_tuned18_mixed import mixed_rows  # noqa: E402
from pii_tuned18_negatives import negative_rows  # noqa: E402
from pii_tuned18_phone_rows import phone_rows  # noqa: E402
from pii_tuned18_phones import phone_is_valid  # noqa: E402
from pii_tuned18_values import card_rows, iban_rows, ssn_rows  # noqa: E402

SEED = 73591
OUT = Path(__file__).resolve().parent / "data" / "pii_tuned18.jsonl"


def build(seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    lines: list[Line] = []
    for part in (phone_rows, email_rows, card_rows, ssn_rows, iban_rows, mixed_rows, negative_rows, at_sign_rows):
        lines.extend(part(rng))
    seen: set[str] = set()
    unique = []
    for line in lines:
        check_labels(line, phone_is_valid)
        if line.text not in seen:
            seen.add(line.text)
            unique.append(line)
    rng.shuffle(unique)
    return [
        {"id": f"heldout-{n:04d}", "text": line.text, "entities": line.entities, "tags": line.tags}
        for n, line in enumerate(unique, 1)
    ]


def main() -> int:
    return pii_io.corpus_main(doc=__doc__, build=build, out=OUT, part="tuned part 18", script="make_pii_tuned18.py")


if __name__ == "__main__":
    raise SystemExit(main())
