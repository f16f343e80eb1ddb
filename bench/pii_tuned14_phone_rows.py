"""Replies of the held-out part that quote phone numbers: prose in each region's language, the number beside an
order, booking or ticket id (both orders), records in many document formats, and numbers named only by an earlier
turn of the conversation."""

from __future__ import annotations

import random

from pii_corpus_values import PHONE, Line
from pii_tuned14_langs import CONTEXT_ONLY, PHONE_SENTENCES
from pii_tuned14_phones import REGIONS, make_phone

NAMES = [
    "Aoife Brennan", "Mateo Quispe", "Ingrid Solberg", "Kwame Mensah", "Yuki Tanaka", "Farah Siddiqui",
    "Lucía Ferreyra", "Tomasz Wróbel", "Eleni Papadaki", "Ravi Deshmukh", "Nguyen Thi Lan", "Olu Adeyemi",
    "Sione Tupou", "Marta Kovačić", "Jonas Lindqvist", "Chiara Bellini", "Dmitro Koval", "Amara Diallo",
    "Hyejin Park", "Tariq Haddad", "Bongani Dlamini", "Leilani Kealoha", "Pieter de Vries", "Zsófia Nagy",
]  # fmt: skip
CONTEXT_LANGS = ["en", "en", "en", "en", "en", "de", "fr", "es"]


def order_id(rng: random.Random) -> str:
    letters = "ABCDEFGHJKLMNPQRSTUVWXYZ"
    kind = rng.randrange(8)
    if kind == 0:
        return f"ORD-{rng.randint(100000, 999999)}"
    if kind == 1:
        return f"#{rng.choice(letters)}{rng.choice(letters)}{rng.randint(1000, 9999)}-{rng.randint(10, 99)}"
    if kind == 2:
        return f"BK-2026-{rng.randint(10000, 99999)}"
    if kind == 3:
        return "".join(rng.choice(letters + "23456789") for _ in range(6))
    if kind == 4:
        return f"TCK{rng.randint(1000000, 9999999)}"
    if kind == 5:
        return f"RMA/{rng.randint(2024, 2026)}/{rng.randint(1000, 9999)}"
    if kind == 6:
        return f"{rng.choice(letters)}{rng.randint(10, 99)}-{rng.randint(100, 999)}-{rng.choice(letters)}"
    return f"INC{rng.randint(100000, 999999):06d}"


def _record(rng: random.Random, setting: str, name: str, phone: str, ident: str) -> list[tuple[str, str | None]]:
    """A record quoting ``phone`` (and ``ident``) in ``setting``, as (piece, entity) pairs."""
    first, last = name.split(" ", 1)
    n = rng.randint(2, 9)
    if setting == "json":
        return [
            ('Here is the contact block from the CRM:\n{"contact": {"name": "' + name + '", "phone": "', None),
            (phone, PHONE),
            ('", "order": "' + ident + f'", "attempts": {n}' + "}}", None),
        ]
    if setting == "yaml":
        return [
            (f'```yaml\ncustomer:\n  name: {name}\n  reference: {ident}\n  callback: "', None),
            (phone, PHONE),
            (f'"\n  preferred_hour: {rng.randint(8, 18)}\n```', None),
        ]
    if setting == "csv":
        return [("ticket,name,phone,status\n" + f"{ident},{name},", None), (phone, PHONE), (",open", None)]
    if setting == "tsv":
        return [(f"ref\tcustomer\tmobile\tqty\n{ident}\t{name}\t", None), (phone, PHONE), (f"\t{n}", None)]
    if setting == "html":
        return [
            (
                f"<table><tr><th>Booking</th><th>Guest</th><th>Phone</th></tr>\n<tr><td>{ident}</td><td>{name}"
                "</td><td>",
                None,
            ),
            (phone, PHONE),
            ("</td></tr></table>", None),
        ]
    if setting == "markdown":
        return [(f"| Ref | Name | Phone |\n|---|---|---|\n| {ident} | {name} | ", None), (phone, PHONE), (" |", None)]
    if setting == "vcard":
        return [
            (f"BEGIN:VCARD\nVERSION:3.0\nFN:{name}\nN:{last};{first};;;\nTEL;TYPE=CELL:", None),
            (phone, PHONE),
            (f"\nNOTE:ref {ident}\nEND:VCARD", None),
        ]
    if setting == "log":
        return [
            (
                f'2026-11-{rng.randint(10, 28)}T0{rng.randint(1, 9)}:14:0{n}Z INFO dispatch order={ident} callback="',
                None,
            ),
            (phone, PHONE),
            ('" status=queued', None),
        ]
    if setting == "email":
        return [
            (
                f"From: Dispatch team\nSubject: Re: {ident}\nDate: Tue, 1{n} Nov 2026 09:1{n}:00 +0100\n\nHi {first},\n"
                "the driver will call you on ",
                None,
            ),
            (phone, PHONE),
            (" tomorrow morning.\n-- \nDispatch team", None),
        ]
    if setting == "kv":
        return [(f'ref={ident} name="{name}" tel=', None), (phone, PHONE), (f" retries={n}", None)]
    if setting == "ini":
        return [(f"[contact]\nname = {name}\nbooking = {ident}\nphone = ", None), (phone, PHONE), ("\n", None)]
    if setting == "xml":
        return [
            (f'<contact ref="{ident}"><name>{name}</name><phone type="mobile">', None),
            (phone, PHONE),
            ("</phone></contact>", None),
        ]
    if setting == "sql":
        return [
            (f"INSERT INTO callbacks (ticket, name, phone) VALUES ('{ident}', '{name}', '", None),
            (phone, PHONE),
            ("');", None),
        ]
    if setting == "sms":
        return [
            (f"SMS to {first}: Your parcel {ident} is out for delivery. Questions? Call ", None),
            (phone, PHONE),
            (". Reply STOP to opt out.", None),
        ]
    if setting == "receipt":
        return [
            (f"RECEIPT {ident}\nQty {n}  Total  {n * 7}.50\nStore hotline: ", None),
            (phone, PHONE),
            ("\nThank you for shopping!", None),
        ]
    # form
    return [
        (f"Name: {name}\nReference no.: {ident}\nDaytime telephone: ", None),
        (phone, PHONE),
        ("\nBest time to call: afternoons", None),
    ]


SETTINGS = ["json", "yaml", "csv", "tsv", "html", "markdown", "vcard", "log", "email", "kv", "ini", "xml", "sql",
            "sms", "receipt", "form"]  # fmt: skip


def phone_rows(rng: random.Random) -> list[Line]:
    rows: list[Line] = []
    regions = list(REGIONS)
    for region in regions:
        _, lang, city = REGIONS[region]
        plain, id_first, phone_first = PHONE_SENTENCES[lang]
        for _ in range(2):
            template = plain
            before, after = template.format(c=city, p="\0").split("\0")
            rows.append(
                Line("phone", f"region-{region}", f"lang-{lang}", "setting-prose")
                .add(before)
                .add(make_phone(rng, region), PHONE)
                .add(after)
            )
        for order, template in (("id-first", id_first), ("phone-first", phone_first), ("id-first", id_first)):
            if order == "id-first" and rows and rng.random() < 0.3:
                order, template = "phone-first", phone_first
            before, after = template.format(c=city, id=order_id(rng), p="\0").split("\0")
            rows.append(
                Line("phone", f"region-{region}", f"lang-{lang}", "setting-prose", "near-id", order)
                .add(before)
                .add(make_phone(rng, region), PHONE)
                .add(after)
            )
    for i in range(len(SETTINGS) * 10):
        setting = SETTINGS[i % len(SETTINGS)]
        region = regions[(i * 7) % len(regions)]
        phone, ident = make_phone(rng, region), order_id(rng)
        pieces = _record(rng, setting, rng.choice(NAMES), phone, ident)
        text = "".join(piece for piece, _ in pieces)
        order = "id-first" if text.find(ident) < text.find(phone) else "phone-first"
        line = Line("phone", f"region-{region}", "lang-en", f"setting-{setting}", "near-id", order)
        for piece, entity in pieces:
            line.add(piece, entity)
        rows.append(line)
    for i in range(40):
        template, lang = CONTEXT_ONLY[i % len(CONTEXT_ONLY)], CONTEXT_LANGS[i % len(CONTEXT_LANGS)]
        region = regions[(i * 11 + 3) % len(regions)]
        before, after = template.format(c=REGIONS[region][2], p="\0").split("\0")
        rows.append(
            Line("phone", f"region-{region}", f"lang-{lang}", "setting-chat", "context-only")
            .add(before)
            .add(make_phone(rng, region), PHONE)
            .add(after)
        )
    return rows
