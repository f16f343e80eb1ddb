"""Write tuned part 16 of the PII corpus, bench/data/pii_tuned16.jsonl (seed 47319): the fifteenth held-out part.

Tuned part 16 is the fifteenth held-out part: once its errors had been measured and used for the next round of rules
(docs/benchmarks.md, "PII accuracy: two parts") it could no longer be held out, so detector changes may now be
fitted to it. What follows describes how it was written, as a held-out part.

Its first line then: Write the held-out part of the PII corpus (bench/data/pii_heldout.jsonl), written blind.

How it was written: blind to the detector. Its author read only the shared value rules (bench/pii_corpus_values.py:
Line, check_labels, NETWORKS, Luhn, SEPA IBAN layouts, mod-97), bench/pii_io.py, the phonenumbers package's metadata
and the interface that tests/bench/test_pii_heldout.py asks of a part; not the detector, not any other part's
generator or data, not any benchmark report or past error. Every template and value rule here is the author's own,
from how support-bot replies and the records they quote look in many languages and document formats.

What it holds (seed 47319): phone numbers of 86 regions on five continents, written the ways each region writes them,
in replies in 50+ languages and in quoted documents (JSON, YAML, CSV, HTML, Markdown, vCard, logs, receipts, e-mails
with headers, key=value, INI, XML, chat, SMS, forms), most beside an order, ticket or booking reference (``near-id``,
``id-first`` / ``phone-first``) and some named only by context (``context-only``); people's e-mail addresses (plus
tags, upper case, hyphens, digits); cards of every network in NETWORKS; SSNs quoted in several languages; SEPA and
non-SEPA IBANs in print and electronic form; replies that mix several kinds; and replies without PII made of hard
negatives of 30+ kinds, each tagged ``["negative", "<kind>"]``. Every label is checked by check_labels with
pii_tuned16_phones.phone_is_valid.

Usage: python bench/make_pii_tuned16.py [--check]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pii_io  # noqa: E402
from pii_corpus_values import PHONE, Line, check_labels  # noqa: E402
from pii_tuned16_docs import PHONE_DOCS, fill, ref_id  # noqa: E402
from pii_tuned16_langs import PHONE_PROSE  # noqa: E402
from pii_tuned16_mixed import mixed_rows  # noqa: E402
from pii_tuned16_negatives import negative_rows  # noqa: E402
from pii_tuned16_phones import REGIONS, phone_is_valid, phone_value  # noqa: E402
from pii_tuned16_values import card_rows, email_rows, iban_rows, ssn_rows  # noqa: E402

SEED = 47319
OUT = Path(__file__).resolve().parent / "data" / "pii_tuned16.jsonl"
DOCS_PER_REGION = 3


def order_tags(template: str) -> list[str]:
    return ["near-id", "id-first" if template.index("{id}") < template.index("{p}") else "phone-first"]


def phone_rows(rng: random.Random) -> list[Line]:
    rows = []
    settings = sorted(PHONE_DOCS)
    for region, (_continent, languages) in REGIONS.items():
        base = ["phone", f"region-{region}"]
        for lang in languages:
            id_first, phone_first, context_only = PHONE_PROSE[lang]
            for template in (id_first, phone_first):
                values = {"p": (phone_value(rng, region), PHONE), "id": (ref_id(rng), None)}
                rows.append(fill(template, values, *base, f"lang-{lang}", *order_tags(template), "setting-prose"))
            values = {"p": (phone_value(rng, region), PHONE)}
            rows.append(fill(context_only, values, *base, f"lang-{lang}", "context-only", "setting-prose"))
        for _ in range(DOCS_PER_REGION):
            setting = rng.choice(settings)
            template = rng.choice(PHONE_DOCS[setting])
            values = {"p": (phone_value(rng, region), PHONE), "id": (ref_id(rng), None)}
            rows.append(fill(template, values, *base, "lang-en", *order_tags(template), f"setting-{setting}"))
    return rows


def build(seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    lines: list[Line] = []
    lines += phone_rows(rng)
    lines += email_rows(rng, fill, 330)
    lines += card_rows(rng, fill, 330)
    lines += ssn_rows(rng, fill, 320)
    lines += iban_rows(rng, fill, 320)
    lines += mixed_rows(rng, fill, 160)
    lines += negative_rows(rng, fill, 20)
    rows, seen = [], set()
    for line in lines:
        if line.text in seen:
            continue
        seen.add(line.text)
        check_labels(line, phone_is_valid)
        assert line.tags[0] in ("phone", "email", "card", "ssn", "iban", "mixed", "negative"), line.tags
        assert bool(line.entities) == (line.tags[0] != "negative"), line.text
        rows.append(
            {"id": f"heldout-{len(rows) + 1:05d}", "text": line.text, "entities": line.entities, "tags": line.tags}
        )
    return rows


def main() -> int:
    return pii_io.corpus_main(doc=__doc__, build=build, out=OUT, part="tuned part 16", script="make_pii_tuned16.py")


if __name__ == "__main__":
    raise SystemExit(main())
