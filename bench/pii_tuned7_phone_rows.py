"""Phone rows of PII tuned part 7: contact sentences in many languages, numbers named only by the context,
numbers next to order, ticket, booking, tracking, claim and reference ids, two numbers of one person, and numbers
inside JSON, CSV, Markdown, HTML, XML, vCard, YAML, forms, signatures, chat transcripts and quoted mail."""

from __future__ import annotations

import random
import re

import phonenumbers
import pii_tuned7_phone_words as words
from pii_corpus_values import PHONE, Line, check_labels, templated
from pii_tuned7_phones import REGIONS, phone, phone_is_valid

LANG_REGIONS: dict[str, list[str]] = {}
for _region, _langs in REGIONS.items():
    for _lang in _langs:
        LANG_REGIONS.setdefault(_lang, []).append(_region)

ALNUM = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"


def digits(rng: random.Random, n: int) -> str:
    return rng.choice("123456789") + "".join(rng.choice("0123456789") for _ in range(n - 1))


def ids(rng: random.Random) -> dict[str, str]:
    """One of each kind of id, long digit runs among them."""
    order = rng.choice(
        [
            f"{digits(rng, 3)}-{digits(rng, 7)}-{digits(rng, 7)}",
            digits(rng, rng.choice([9, 10, 11, 12])),
            f"SO-{rng.randint(2021, 2025)}-{digits(rng, 6)}",
            f"{rng.choice(['A', 'W', 'N'])}{digits(rng, 9)}",
        ]
    )
    ticket = rng.choice([f"INC{digits(rng, 7)}", f"TCK-{digits(rng, 6)}", digits(rng, 8), f"SR{digits(rng, 10)}"])
    tracking = rng.choice(
        [
            "1Z" + "".join(rng.choice(ALNUM) for _ in range(6)) + digits(rng, 10),
            " ".join(["9400", digits(rng, 4), digits(rng, 4), digits(rng, 4), digits(rng, 4), digits(rng, 2)]),
            digits(rng, 12),
            f"JD01460{digits(rng, 11)}",
            f"RR{digits(rng, 9)}CN",
        ]
    )
    booking = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6))
    claim = rng.choice([f"CLM-{rng.randint(2022, 2025)}-{digits(rng, 7)}", digits(rng, 10), f"SIN/{digits(rng, 8)}"])
    ref = rng.choice([digits(rng, 14), f"REF-{digits(rng, 8)}", f"CS{digits(rng, 9)}", digits(rng, 16)])
    return {"order": order, "ticket": ticket, "tracking": tracking, "booking": booking, "claim": claim, "ref": ref}


def slot_line(template: str, values: dict[str, tuple[str, str | None]], *tags: str) -> Line:
    """Like ``templated`` but with ``[[name]]`` slots, for templates that hold braces (JSON, code)."""
    line = Line(*tags)
    pos = 0
    for match in re.finditer(r"\[\[(\w+)\]\]", template):
        line.add(template[pos : match.start()])
        text, entity = values[match.group(1)]
        line.add(text, entity)
        pos = match.end()
    line.add(template[pos:])
    return line


def _name(rng: random.Random, lang: str) -> str:
    return rng.choice(words.NAMES.get(lang, words.NAMES["en"]))


def _values(rng: random.Random, lang: str, p: str, p2: str | None = None) -> dict[str, tuple[str, str | None]]:
    values: dict[str, tuple[str, str | None]] = {k: (v, None) for k, v in ids(rng).items()}
    values["name"] = (_name(rng, lang), None)
    values["p"] = (p, PHONE)
    if p2 is not None:
        values["p2"] = (p2, PHONE)
    return values


def _sentence_rows(rng: random.Random, table: dict[str, list[tuple[str, str]]], count: int, *extra: str) -> list[Line]:
    """``count`` rows, languages in turn, each with a region where the language is spoken."""
    rows = []
    langs = sorted(table)
    for i in range(count):
        lang = langs[i % len(langs)] if i < len(langs) * 2 else rng.choice(langs + ["en", "es", "hi"])
        region = rng.choice(LANG_REGIONS[lang])
        setting, template = rng.choice(table[lang])
        style, p = phone(rng, region)
        tags = ["phone", f"region-{region}", f"lang-{lang}", *extra, f"style-{style}", f"setting-{setting}"]
        p2 = phone(rng, region)[1] if "{p2}" in template else None
        rows.append(templated(template, _values(rng, lang, p, p2), *tags))
    return rows


def _region_rows(rng: random.Random) -> list[Line]:
    """Five plain contact sentences per region at least, in the region's languages."""
    rows = []
    for region in sorted(REGIONS):
        for k in range(5):
            langs = [lang for lang in REGIONS[region] if lang in words.PLAIN]
            lang = langs[k % len(langs)]
            setting, template = rng.choice(words.PLAIN[lang])
            style, p = phone(rng, region)
            tags = ["phone", f"region-{region}", f"lang-{lang}", f"style-{style}", f"setting-{setting}"]
            rows.append(templated(template, _values(rng, lang, p), *tags))
    return rows


STRUCTURED: list[tuple[str, str, str, bool]] = [
    # (form, setting, template, next to an id)
    ("json", "retail", '{"order_id": "[[order]]", "customer": {"name": "[[name]]", "phone": "[[p]]"}}', True),
    ("json", "delivery", '{"recipient":"[[name]]","mobile":"[[p]]","notes":"leave at reception"}', False),
    ("csv", "retail", "order_id,customer,phone,status\n[[order]],[[name]],[[p]],shipped", True),
    ("csv", "hr", "name;mobile;team\n[[name]];[[p]];Logistics", False),
    ("markdown", "helpdesk", "| Ticket | Requester | Callback |\n|---|---|---|\n| [[ticket]] | [[name]] | [[p]] |", True),
    ("markdown", "hr", "**Emergency contact:** [[name]] - [[p]]", False),
    ("html", "clinic", '<p>Please confirm with the patient: <a href="tel:[[pe]]">[[p]]</a></p>', False),
    ("html", "hotel", "<tr><td>Guest phone</td><td>[[p]]</td></tr>", False),
    ("xml", "airline", "<passenger><pnr>[[booking]]</pnr><name>[[name]]</name><phone>[[p]]</phone></passenger>", True),
    ("vcard", "hr", "BEGIN:VCARD\nVERSION:3.0\nFN:[[name]]\nTEL;TYPE=CELL:[[p]]\nEND:VCARD", False),
    ("yaml", "utility", "account:\n  ref: [[ref]]\n  holder: [[name]]\n  phone: \"[[p]]\"\n  paperless: true", True),
    ("form", "insurance", "Claim: [[claim]]\nPolicyholder: [[name]]\nDaytime phone: [[p]]", True),
    ("signature", "retail", "Thanks again,\n[[name]]\nPurchasing\nM: [[p]]", False),
    ("signature", "helpdesk", "--\n[[name]] | Facilities\nMobile [[p]]", False),
    ("chat", "delivery", "[10:02] Agent: Which number should the driver call?\n[10:03] Customer: [[p]]\n[10:03] Agent: Noted.", False),
    ("chat", "retail", "Customer: it's about order [[order]]\nCustomer: you can call me on [[p]]\nBot: Thanks, passing this on.", True),
    ("quoted_mail", "rental", "> On Tue, [[name]] wrote:\n> my new number is [[p]], the old one is gone\n\nUpdated, thanks.", False),
    ("sms_log", "delivery", "SMS to [[p]] (shipment [[tracking]]): your parcel arrives today 10:00-12:00", True),
    ("extension", "bank", "You can reach [[name]] at [[p]] ext. 214 during office hours.", False),
    ("kv", "telecom", "Port-in complete: msisdn=[[p]] ticket=[[ticket]] status=done", True),
]  # fmt: skip


def _structured_rows(rng: random.Random, rounds: int) -> list[Line]:
    rows = []
    regions = sorted(REGIONS)
    for i in range(rounds):
        for form, setting, template, near in STRUCTURED:
            region = regions[(i * len(STRUCTURED) + len(rows)) % len(regions)]
            if form == "extension":
                region = rng.choice(["US", "CA", "GB", "AU"])
            style, p = phone(rng, region)
            values = _values(rng, "en", p)
            if "[[pe]]" in template:
                style, p = phone(rng, region, ["national", "international"])
                e164 = phonenumbers.format_number(phonenumbers.parse(p, region), phonenumbers.PhoneNumberFormat.E164)
                values["p"], values["pe"] = (p, PHONE), (e164, PHONE)
            tags = ["phone", f"region-{region}", "lang-en", *(["near-id"] if near else [])]
            rows.append(slot_line(template, values, *tags, f"form-{form}", f"style-{style}", f"setting-{setting}"))
    return rows


def phone_rows(rng: random.Random) -> list[Line]:
    rows = _region_rows(rng)
    rows += _sentence_rows(rng, words.PLAIN, 90)
    rows += _sentence_rows(rng, words.CONTEXT, 45, "context-only")
    rows += _sentence_rows(rng, words.NEAR_ID, 230, "near-id")
    rows += _sentence_rows(rng, words.TWO, 40, "two")
    rows += _structured_rows(rng, 6)
    for row in rows:
        check_labels(row, phone_is_valid)
    return rows
