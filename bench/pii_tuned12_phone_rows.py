"""Phone replies of the held-out part (bench/make_pii_tuned12.py): for every region, prose in its language with an
order, ticket, booking or tracking id beside the number (both orders), a reply where only the context says it is a
number to call, and records in document formats (vCards, tel: links, JSON, CSV, logs...)."""

from __future__ import annotations

import random

import phonenumbers
from pii_corpus_values import PHONE, Line, templated
from pii_tuned12_docs import SETTINGS, record
from pii_tuned12_langs import LANGS
from pii_tuned12_phones import REGIONS, phone_value, region_language

NAMES = [
    "Amara Okafor", "Lucía Fernández", "Jonas Becker", "Mei Lin", "Rahul Verma", "Sofia Rossi", "Kenji Watanabe",
    "Fatima Zahra Benali", "Olivia Brown", "Mateus Oliveira", "Zeynep Kaya", "Nguyen Thi Hoa", "Ingrid Larsen",
    "Tomasz Wiśniewski", "Eleni Georgiou", "Aroha Ngata", "Chidi Eze", "Ji-woo Park", "Siti Rahmawati", "Yonatan Levi",
    "Camille Dubois", "Pieter de Vries", "Ana Marić", "Juan Pablo Ríos", "Hana Novotná", "Kwame Mensah",
    "Priya Nair", "Liam O'Sullivan", "Noor Al-Hashimi", "Maria João Santos", "Aiyana Brooks", "Oskar Lindqvist",
]  # fmt: skip


REFERENCE_KINDS = ["order", "order", "ticket", "claim", "case", "invoice", "numeric"]
# the words that name a tracking number or a booking right before the id, in the languages of pii_tuned12_langs
TRACKING_WORDS = ["tracking {i}", "envío {i}", "encomenda {i}", "colis {i}", "Sendung {i}"]
BOOKING_WORDS = ["booking {i}", "reserva {i}", "réservation {i}", "Buchung {i}", "予約{i}", "预订{i}"]


def order_id(rng: random.Random, kind: str | None = None) -> tuple[str, str]:
    """(id, its kind): the ids that sit next to phone numbers in support replies; any reference kind by default."""
    n = rng.randint
    kind = kind or rng.choice(REFERENCE_KINDS)
    if kind == "order":
        value = rng.choice(
            [
                f"#{n(100000, 9999999)}",
                f"{n(100, 999)}-{n(1000000, 9999999)}-{n(1000000, 9999999)}",
                f"ORD-{n(2023, 2026)}-{n(1, 999999):06d}",
                f"SO{n(10000000, 99999999)}",
                f"#{rng.choice('ABCDEFGHJKLMNPQRSTUVWXYZ')}{n(10, 99)}-{n(10000, 99999)}",
            ]
        )
    elif kind == "ticket":
        value = rng.choice([f"INC{n(1, 9999999):07d}", f"TKT-{n(10000, 999999)}", f"#{n(40000, 999999)}"])
    elif kind == "booking":
        value = rng.choice(
            ["".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6)), f"BK{n(1000000, 9999999)}"]
        )
    elif kind == "tracking":
        value = rng.choice(
            [
                "1Z" + "".join(rng.choice("0123456789ABCDEFGHJKLMNPRSTUVWXY") for _ in range(16)),
                f"JD{n(10**17, 10**18 - 1)}",
                f"RR{n(10**8, 10**9 - 1)}CN",
                f"9400 {n(1000, 9999)} {n(1000, 9999)} {n(1000, 9999)} {n(1000, 9999)} {n(10, 99)}",
            ]
        )
    elif kind == "claim":
        value = f"CLM-{n(10, 99)}-{n(100000, 999999)}"
    elif kind == "case":
        value = f"{n(10000000, 99999999)}"
    elif kind == "invoice":
        value = f"INV/{n(2024, 2026)}/{n(1, 99999):05d}"
    else:
        value = f"{n(10**9, 10**11)}"
    return value, kind


def _prose(rng: random.Random, region: str, lang: str, which: str, *extra: str) -> Line:
    phone = phone_value(rng, region)
    template = rng.choice(LANGS[lang][which])  # type: ignore[index]
    if any(word in template for word in TRACKING_WORDS):
        ident, kind = order_id(rng, "tracking")
    elif any(word in template for word in BOOKING_WORDS):
        ident, kind = order_id(rng, rng.choice(["booking", "booking", "numeric"]))
    else:
        ident, kind = order_id(rng)
    tags = ["phone", f"region-{region}", f"lang-{lang}"]
    if which == "ctx":
        tags += ["context-only", "setting-prose"]
    else:
        tags += ["near-id", "id-first" if which == "idf" else "phone-first", f"id-{kind}", "setting-prose"]
    return templated(template, {"p": (phone, PHONE), "i": (ident, None)}, *tags, *extra)


def _vcard(rng: random.Random, region: str, lang: str) -> Line:
    name = rng.choice(NAMES)
    first, _, last = name.rpartition(" ")
    line = Line("phone", f"region-{region}", f"lang-{lang}", "setting-vcard")
    line.add(rng.choice(["Here is the contact card:\n", "Exported contact:\n", ""]))
    line.add(f"BEGIN:VCARD\nVERSION:{rng.choice(['3.0', '4.0'])}\nN:{last};{first};;;\nFN:{name}\n")
    line.add(f"TEL;TYPE={rng.choice(['CELL', 'cell,voice', 'WORK', 'HOME'])}:").add(phone_value(rng, region), PHONE)
    if rng.random() < 0.4:
        line.add("\nTEL;TYPE=HOME:").add(phone_value(rng, region), PHONE)
    line.add(f"\nREV:2025{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}T101500Z\nEND:VCARD")
    return line


def _tel_link(rng: random.Random, region: str, lang: str) -> Line:
    shown = phone_value(rng, region, "national")
    href = phonenumbers.format_number(phonenumbers.parse(shown, region), phonenumbers.PhoneNumberFormat.E164)
    word = LANGS[lang]["words"][0]  # type: ignore[index]
    line = Line("phone", f"region-{region}", f"lang-{lang}", "setting-html", "tel-link")
    line.add(f'<p>{word}: <a href="tel:').add(href, PHONE).add('">').add(shown, PHONE).add("</a></p>")
    return line


def _doc(rng: random.Random, region: str, lang: str, setting: str) -> Line:
    phone_word, order_word, name_word = LANGS[lang]["words"]  # type: ignore[misc]
    ident, kind = order_id(rng)
    phone = phone_value(rng, region)
    id_first = rng.random() < 0.5
    pair = [(order_word, ident, None), (phone_word, phone, PHONE)]
    fields = [(name_word, rng.choice(NAMES), None), *(pair if id_first else pair[::-1])]
    tags = ["phone", f"region-{region}", f"lang-{lang}", "near-id", "id-first" if id_first else "phone-first"]
    return record(rng, setting, fields, *tags, f"id-{kind}")


def phone_rows(rng: random.Random) -> list[Line]:
    rows: list[Line] = []
    settings = [s for s in SETTINGS if s != "receipt"]
    for i, region in enumerate(REGIONS):
        langs = REGIONS[region][1]
        for j, which in enumerate(["idf", "pf", "idf" if i % 2 else "pf"]):
            rows.append(_prose(rng, region, langs[j % len(langs)], which))
        rows.append(_prose(rng, region, region_language(rng, region), "ctx"))
        rows.append(_doc(rng, region, region_language(rng, region), settings[i % len(settings)]))
        extra = i % 3
        if extra == 0:
            rows.append(_vcard(rng, region, region_language(rng, region)))
        elif extra == 1:
            rows.append(_tel_link(rng, region, region_language(rng, region)))
        else:
            rows.append(_doc(rng, region, region_language(rng, region), rng.choice(settings)))
    return rows
