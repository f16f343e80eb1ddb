"""Write tuned part 13 of the PII corpus, bench/data/pii_tuned13.jsonl (seed 71829): the twelfth held-out part.

Tuned part 13 is the twelfth held-out part: once its errors had been measured and used for the next round of rules
(docs/benchmarks.md, "PII accuracy: two parts") it could no longer be held out, so detector changes may now be
fitted to it. What follows describes how it was written, as a held-out part.

Its first line then: Write the held-out part of the PII corpus: bench/data/pii_heldout.jsonl (seed 71829).

Written blind: its author did not read the detector (evaluations/), its benchmark or scoring notes, the other parts'
generators, modules or data, nor their errors. What was read: bench/pii_corpus_values.py (the shared value rules:
Line, check_labels, NETWORKS, Luhn, the SEPA IBAN layouts, mod-97), bench/pii_io.py (corpus_main), the
``phonenumbers`` metadata, and tests/bench/test_pii_heldout.py for the interface a part must meet. Everything else
(templates in 50+ languages, document settings, values, hard negatives) was written from general knowledge of how
support replies and the records they quote look.

What it holds (about 2,500 replies):
- phone replies in 96 regions on five continents, each in the region's language: an order, ticket or booking id
  before or after the number (``near-id`` with ``id-first`` / ``phone-first``), the number named only by context
  (``context-only``), and records (JSON, YAML, CSV, HTML, Markdown, vCard, log, receipt, e-mail, key=value, INI, XML,
  chat, SMS, form) tagged ``setting-...``; every number valid for its ``region-XX`` by phonenumbers;
- card replies for every network of NETWORKS (the second tag), SSN replies in eleven languages, IBAN replies inside
  and outside SEPA (``sepa`` / ``non-sepa``, ``print`` / ``electronic``), personal e-mail addresses (``+`` tags,
  upper case, hyphens, digits);
- replies mixing several kinds;
- hard negatives of 34 kinds (``["negative", kind]``) with no PII at all.

Every label is checked by check_labels (Luhn, mod-97, SSN areas, each phone valid for its region).

Usage: python bench/make_pii_tuned13.py [--check]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pii_io  # noqa: E402
from pii_corpus_values import CARD, EMAIL, IBAN, NETWORKS, PHONE, SEPA_BBAN, SSN, Line, check_labels  # noqa: E402
from pii_tuned13_docs import NAMES, PHONE_SETTINGS, some_id  # noqa: E402
from pii_tuned13_langs import PHONE_PHRASES  # noqa: E402
from pii_tuned13_mixed import MIXED_TEMPLATES  # noqa: E402
from pii_tuned13_negatives import NEGATIVES_A  # noqa: E402
from pii_tuned13_negatives2 import NEGATIVES_B  # noqa: E402
from pii_tuned13_phones import REGIONS, phone_for, phone_is_valid  # noqa: E402
from pii_tuned13_rows import CARD_TEMPLATES, EMAIL_TEMPLATES, IBAN_TEMPLATES, SSN_TEMPLATES  # noqa: E402
from pii_tuned13_values import NON_SEPA_BBAN, card_value, email_value, iban_value, iban_written, ssn_value  # noqa: E402

SEED = 71829
OUT = Path(__file__).resolve().parent / "data" / "pii_tuned13.jsonl"
PER_KIND = 310  # replies per single-entity kind (cards, SSNs, IBANs, e-mails)
MIXED = 150
NEGATIVES_PER_KIND = 20
LEADS = ["", "", "", "Sure! ", "Thanks for waiting. ", "Quick update: ", "Noted. ", "Hello again - ", "Got it. "]


def fill(template: str, values: dict[str, tuple[str, str | None]], *tags: str) -> Line:
    """``template`` with ``{slot}`` slots (``{{`` and ``}}`` for literal braces); ``values[slot] = (text, entity)``."""
    line = Line(*tags)
    i, plain = 0, ""
    while i < len(template):
        if template.startswith("{{", i) or template.startswith("}}", i):
            plain += template[i]
            i += 2
        elif template[i] == "{":
            end = template.index("}", i)
            line.add(plain)
            plain = ""
            text, entity = values[template[i + 1 : end]]
            line.add(text, entity)
            i = end + 1
        else:
            plain += template[i]
            i += 1
    line.add(plain)
    return line


def phone_rows(rng: random.Random) -> list[Line]:
    lines = []
    settings = list(PHONE_SETTINGS)
    rng.shuffle(settings)
    k = 0
    for region, (continent, lang, _country) in REGIONS.items():
        id_first, phone_first, context = PHONE_PHRASES[lang]
        base = ("phone", f"region-{region}", f"lang-{lang}", continent)
        for order, template in (("id-first", id_first), ("phone-first", phone_first)):
            values = {"id": (some_id(rng), None), "p": (phone_for(rng, region), PHONE)}
            lines.append(fill(template, values, *base, "near-id", order, "setting-prose"))
        values = {"p": (phone_for(rng, region), PHONE)}
        lines.append(fill(context, values, *base, "context-only", "setting-prose"))
        for _ in range(2):
            setting, order, template = settings[k % len(settings)]
            k += 1
            values = {
                "id": (some_id(rng), None),
                "p": (phone_for(rng, region), PHONE),
                "name": (rng.choice(NAMES), None),
            }
            tags = ("phone", f"region-{region}", "lang-en", continent, "near-id", order, f"setting-{setting}")
            lines.append(fill(template, values, *tags))
    return lines


def card_rows(rng: random.Random) -> list[Line]:
    lines = []
    networks = list(NETWORKS)
    for i in range(PER_KIND):
        network = networks[i % len(networks)]
        lang, setting, template = rng.choice(CARD_TEMPLATES)
        values = {"v": (card_value(rng, network), CARD), "net": (network, None), "name": (rng.choice(NAMES), None)}
        lines.append(fill(template, values, "card", network, f"lang-{lang}", f"setting-{setting}"))
    return lines


def ssn_rows(rng: random.Random) -> list[Line]:
    lines = []
    for i in range(PER_KIND):
        lang, setting, template = SSN_TEMPLATES[i % len(SSN_TEMPLATES)]
        values = {"v": (ssn_value(rng), SSN), "name": (rng.choice(NAMES), None)}
        lines.append(fill(template, values, "ssn", f"lang-{lang}", f"setting-{setting}"))
    return lines


def iban_rows(rng: random.Random) -> list[Line]:
    lines = []
    sepa, non_sepa = sorted(SEPA_BBAN), sorted(NON_SEPA_BBAN)
    for i in range(PER_KIND):
        scope = "sepa" if i % 2 == 0 else "non-sepa"
        form = "print" if (i // 2) % 2 == 0 else "electronic"
        country = rng.choice(sepa if scope == "sepa" else non_sepa)
        lang, setting, template = rng.choice(IBAN_TEMPLATES)
        values = {"v": (iban_written(iban_value(rng, country), form), IBAN), "name": (rng.choice(NAMES), None)}
        lines.append(fill(template, values, "iban", scope, form, country, f"lang-{lang}", f"setting-{setting}"))
    return lines


def email_rows(rng: random.Random) -> list[Line]:
    lines = []
    for _ in range(PER_KIND):
        lang, setting, template = rng.choice(EMAIL_TEMPLATES)
        value, style = email_value(rng)
        values = {"v": (value, EMAIL), "v2": (value, EMAIL), "name": (rng.choice(NAMES), None)}
        lines.append(fill(template, values, "email", style, f"lang-{lang}", f"setting-{setting}"))
    return lines


def mixed_rows(rng: random.Random) -> list[Line]:
    lines = []
    regions = list(REGIONS)
    for i in range(MIXED):
        setting, template = MIXED_TEMPLATES[i % len(MIXED_TEMPLATES)]
        region = rng.choice(regions)
        values = {
            "p": (phone_for(rng, region, "intl" if rng.random() < 0.7 else None), PHONE),
            "e": (email_value(rng)[0], EMAIL),
            "c": (card_value(rng, rng.choice(list(NETWORKS))), CARD),
            "s": (ssn_value(rng), SSN),
            "i": (
                iban_written(iban_value(rng, rng.choice(sorted(SEPA_BBAN))), rng.choice(["print", "electronic"])),
                IBAN,
            ),
            "name": (rng.choice(NAMES), None),
            "id": (some_id(rng), None),
        }
        tags = ["mixed", "lang-en", f"setting-{setting}"]
        if "{p}" in template:
            tags.insert(1, f"region-{region}")
        lines.append(fill(template, values, *tags))
    return lines


def negative_rows(rng: random.Random, seen: set[str]) -> list[Line]:
    lines = []
    for kind, maker in {**NEGATIVES_A, **NEGATIVES_B}.items():
        for _ in range(NEGATIVES_PER_KIND):
            for _attempt in range(50):
                text = rng.choice(LEADS) + maker(rng)
                if text not in seen:
                    break
            seen.add(text)
            lines.append(Line("negative", kind).add(text))
    return lines


def build(seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    lines: list[Line] = []
    for maker in (phone_rows, card_rows, ssn_rows, iban_rows, email_rows, mixed_rows):
        lines.extend(maker(rng))
    lines.extend(negative_rows(rng, {line.text for line in lines}))
    rows = []
    for n, line in enumerate(lines, 1):
        check_labels(line, phone_is_valid)
        rows.append({"id": f"heldout-{n:05d}", "text": line.text, "entities": line.entities, "tags": line.tags})
    return rows


def main() -> int:
    return pii_io.corpus_main(doc=__doc__, build=build, out=OUT, part="tuned part 13", script="make_pii_tuned13.py")


if __name__ == "__main__":
    raise SystemExit(main())
