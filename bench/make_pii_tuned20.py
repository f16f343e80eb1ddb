"""Write tuned part 20 of the PII corpus, bench/data/pii_tuned20.jsonl (seed 93817): the nineteenth held-out part.

Tuned part 20 is the nineteenth held-out part: once its errors had been measured and used for the next round of rules
(docs/benchmarks.md, "PII accuracy: two parts") it could no longer be held out, so detector changes may now be
fitted to it. What follows describes how it was written, as a held-out part.

Its first line then: Write the held-out PII corpus (bench/data/pii_heldout.jsonl), written blind, seed 93817.

How it was written: blind to the detector. Its author read only bench/pii_corpus_values.py (the shared value rules:
Line, check_labels, NETWORKS, Luhn, SEPA IBAN layouts, mod-97), bench/pii_io.py (corpus_main), the metadata of the
phonenumbers package and the interface of tests/bench/test_pii_heldout.py; no detector code, no evaluation, no
benchmark notes and no other corpus part. The sentences and records are the author's own, from how customer-support
replies and the records they quote look in many languages and document formats.

What it holds (about 2,500 replies): phone rows in 96 regions on five continents and 54 languages, most beside an
order, ticket, booking or tracking id (tagged near-id with id-first or phone-first), some naming the number only by
context (context-only), set in chat, SMS, JSON, YAML, CSV, HTML, Markdown, e-mail, log, key=value, INI, XML, vCard and
form layouts (setting-...); e-mail addresses of people in signatures, forwarded headers, CRM exports, JSON, logs,
mailto: links, HTML, vCards and chat; cards of every network; SSNs in several languages; SEPA and non-SEPA IBANs
printed and electronic; mixed records; and replies without PII: hard negatives of many kinds, among them texts with
an "@" that is not a person's address. Every phone is valid for its row's region-XX tag by phonenumbers.

Usage: python bench/make_pii_tuned20.py [--check]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pii_io  # noqa: E402
from pii_corpus_values import check_labels  # noqa: E402
from pii_tuned20_at_signs import at_sign_lines  # noqa: E402
from pii_tuned20_emails import email_lines  # noqa: E402
from pii_tuned20_mixed import mixed_lines  # noqa: E402
from pii_tuned20_negatives import negative_lines  # noqa: E402
from pii_tuned20_phone_rows import phone_lines  # noqa: E402
from pii_tuned20_phones import phone_is_valid  # noqa: E402
from pii_tuned20_values import card_lines, iban_lines, ssn_lines  # noqa: E402

SEED = 93817
OUT = Path(__file__).resolve().parent / "data" / "pii_tuned20.jsonl"


def build(seed: int = SEED) -> pii_io.Rows:
    rng = random.Random(seed)
    lines = [
        *phone_lines(rng),
        *email_lines(rng, 420),
        *card_lines(rng),
        *ssn_lines(rng),
        *iban_lines(rng),
        *mixed_lines(rng, 105),
        *negative_lines(rng, 14),
        *at_sign_lines(rng, 14),
    ]
    rng.shuffle(lines)
    rows: pii_io.Rows = []
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
    return pii_io.corpus_main(doc=__doc__, build=build, out=OUT, part="tuned part 20", script="make_pii_tuned20.py")


if __name__ == "__main__":
    raise SystemExit(main())
