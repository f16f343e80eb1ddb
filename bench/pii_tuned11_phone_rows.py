"""Phone rows of the held-out part (bench/make_pii_tuned11.py): for every region, replies in its languages with the
number alone, beside an order/ticket/booking id (either order), named only by context, and quoted in a document."""

from __future__ import annotations

import random

from pii_corpus_values import PHONE, Line
from pii_tuned11_docs import doc_line, fill, ident
from pii_tuned11_langs import SENTENCES
from pii_tuned11_phones import REGIONS, phone_for

SETTING_CYCLE = [
    "json", "yaml", "csv", "html-table", "md-table", "vcard", "log", "receipt", "email-headers", "kv", "ini", "xml",
    "chat", "sms", "form",
]  # fmt: skip
KEYS = ["phone", "mobile", "tel", "msisdn", "contact_number", "cell", "whatsapp", "callback", "phone_2", "Telephone"]
VCARD_KEYS = ["TEL;TYPE=CELL", "TEL;TYPE=work,voice", "item1.TEL", "TEL;TYPE=HOME;VALUE=uri"]
# (kind, language index) for each region's rows
PLAN = [
    ("plain", 0),
    ("id-first", 0),
    ("phone-first", 0),
    ("id-first", 1),
    ("phone-first", 1),
    ("context-only", 0),
    ("setting", 0),
    ("setting", 0),
    ("plain", 1),
    ("two", 0),
]
TWO = {
    "en": "Landline {p}, mobile {q} - both are on the account.",
    "es": "Fijo: {p} · Móvil: {q}",
    "fr": "Fixe {p} / portable {q}",
    "de": "Festnetz {p}, Handy {q}",
    "pt": "Fixo: {p} | Celular: {q}",
}


def _sentence(rng: random.Random, lang: str, kind: str, region: str) -> Line:
    plain, id_first, phone_first, context = SENTENCES[lang]
    template = {"plain": plain, "id-first": id_first, "phone-first": phone_first, "context-only": context}[kind]
    tags = ["phone", f"region-{region}", f"lang-{lang}"]
    tags += ["near-id", kind] if kind in ("id-first", "phone-first") else [kind]
    number = phone_for(rng, region)
    return fill(template, {"p": (number, PHONE), "i": (ident(rng), None)}, *tags)


def phone_rows(rng: random.Random) -> list[Line]:
    rows: list[Line] = []
    setting_at = 0
    for region, (_continent, langs, _country) in REGIONS.items():
        for kind, index in PLAN:
            lang = langs[index % len(langs)]
            if kind == "setting":
                setting = SETTING_CYCLE[setting_at % len(SETTING_CYCLE)]
                setting_at += 1
                tags = ["phone", f"region-{region}", "lang-en"]
                rows.append(
                    doc_line(
                        rng, setting, rng.choice(KEYS), phone_for(rng, region), PHONE, tags, rng.choice(VCARD_KEYS)
                    )
                )
            elif kind == "two":
                if lang not in TWO:
                    continue
                first, second = phone_for(rng, region, "national"), phone_for(rng, region, "intl")
                line = fill(TWO[lang], {"p": (first, PHONE), "q": (second, PHONE)}, "phone", f"region-{region}")
                line.tags += [f"lang-{lang}", "two"]
                rows.append(line)
            else:
                rows.append(_sentence(rng, lang, kind, region))
    return rows
