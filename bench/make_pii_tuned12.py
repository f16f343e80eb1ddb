"""Write tuned part 12 of the PII corpus, bench/data/pii_tuned12.jsonl (seed 64373): the eleventh held-out part.

Tuned part 12 is the eleventh held-out part: once its errors had been measured and used for the next round of rules
(docs/benchmarks.md, "PII accuracy: two parts") it could no longer be held out, so detector changes may now be
fitted to it. What follows describes how it was written, as a held-out part.

Its first line then: Write the held-out part of the PII corpus (bench/data/pii_heldout.jsonl), written blind.

This part was written without reading the detector, its documentation or tests of its scores, the earlier corpus
parts or their generators, or any record of the detector's errors; and the detector was never run on it. What was
read: bench/pii_corpus_values.py (the shared value rules: ``Line``, ``check_labels``, ``NETWORKS``, the Luhn and
mod-97 checks, the SEPA BBAN layouts), bench/pii_io.py (``corpus_main``), the ``phonenumbers`` metadata, and
tests/bench/test_pii_heldout.py for what a part must hold. The sentences, records and values are the writer's own,
from how support-bot replies and the records they quote look in many languages and document formats.

Seed 64373. The part holds about 2,700 replies: phones of 102 regions on five continents in 50 languages, most
beside an order, ticket, booking or tracking id (both orders) and some named only by context, in prose and in
records (vCards, tel: links, JSON, YAML, CSV/TSV, HTML and Markdown tables, INI, XML, logs, key=value dumps, mail
headers, chat, SMS, forms, SQL); e-mail addresses of people; cards of every network; US SSNs quoted in many
languages; SEPA and non-SEPA IBANs in print and electronic form; replies mixing several kinds; and hard negatives of
about 37 kinds (ids, dates, amounts, versions, hashes, device and tax ids, bank codes, masked values, assets and
packages with ``@``...). Every label is checked by ``check_labels`` (phones: valid for the row's region, as written).

Usage: python bench/make_pii_tuned12.py [--check]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pii_io  # noqa: E402
from pii_corpus_values import Line, check_labels  # noqa: E402
from pii_tuned12_cards import card_rows  # noqa: E402
from pii_tuned12_docs import SETTINGS, record  # noqa: E402
from pii_tuned12_emails import email_rows  # noqa: E402
from pii_tuned12_mixed import mixed_rows  # noqa: E402
from pii_tuned12_negatives import NEGATIVES_A  # noqa: E402
from pii_tuned12_negatives2 import NEGATIVES_B  # noqa: E402
from pii_tuned12_phone_rows import phone_rows  # noqa: E402
from pii_tuned12_phones import phone_is_valid  # noqa: E402
from pii_tuned12_ssns_ibans import iban_rows, ssn_rows  # noqa: E402

SEED = 64373
OUT = Path(__file__).resolve().parent / "data" / "pii_tuned12.jsonl"
PER_KIND = 18


def negative_rows(rng: random.Random) -> list[Line]:
    rows: list[Line] = []
    for kind, (make, templates) in {**NEGATIVES_A, **NEGATIVES_B}.items():
        for i in range(PER_KIND):
            value = make(rng)
            if kind == "asset" and i < 4:  # both fractional and integer retina suffixes
                value = value.replace("@3x.", "@2x.").replace("@2x.", "@2x." if i % 2 else "@1.5x.")
            if i % 6 == 5 and kind != "phone_word":
                setting = SETTINGS[(i + len(rows)) % len(SETTINGS)]
                fields = [("Reference", value, None), ("Status", rng.choice(["open", "closed", "pending"]), None)]
                rows.append(record(rng, setting, fields, "negative", kind))
            else:
                text = templates[i % len(templates)].format(v=value)
                rows.append(Line("negative", kind, "setting-prose").add(text))
    return rows


def build(seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    lines = phone_rows(rng) + email_rows(rng) + card_rows(rng) + ssn_rows(rng) + iban_rows(rng)
    lines += mixed_rows(rng) + negative_rows(rng)
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
    return pii_io.corpus_main(doc=__doc__, build=build, out=OUT, part="tuned part 12", script="make_pii_tuned12.py")


if __name__ == "__main__":
    raise SystemExit(main())
