"""Replies with phone numbers for the held-out part (bench/make_pii_tuned18.py): prose in each region's language with
an order, ticket or booking id beside the number (both orders), the number named only by context, and records in
many document formats (JSON, YAML, CSV, HTML, Markdown, vCard, logs, receipts, mail headers, INI, XML, chat, SMS)."""

from __future__ import annotations

import random

from pii_corpus_values import PHONE, Line
from pii_tuned18_common import an_id, fill
from pii_tuned18_langs import CONTEXT_ONLY, NEAR_ID
from pii_tuned18_phones import REGIONS, phone

# (setting, template, order of id and phone) - English records, any region's number
SETTINGS: list[tuple[str, str, str]] = [
    ("json", '{"order_id": "{i}", "customer": {"name": "Ilse Marquardt", "phone": "{p}"}, "status": "shipped"}',
     "id-first"),
    ("json", '{"contact": "{p}", "ref": "{i}", "channel": "voice"}', "phone-first"),
    ("yaml", "booking:\n  reference: {i}\n  guest: Tomasz Wrona\n  mobile: \"{p}\"\n  nights: 3", "id-first"),
    ("csv", "order_id,name,phone,total\n{i},Ana Ferreira,{p},49.90", "id-first"),
    ("csv", "phone;ticket;opened\n{p};{i};2025-02-11 09:14", "phone-first"),
    ("html", "<table><tr><th>Ticket</th><td>{i}</td></tr><tr><th>Callback</th><td>{p}</td></tr></table>", "id-first"),
    ("markdown", "| Field | Value |\n|---|---|\n| Phone | {p} |\n| Order | {i} |", "phone-first"),
    ("vcard", "BEGIN:VCARD\nVERSION:3.0\nFN:Rui Tavares\nTEL;TYPE=cell:{p}\nNOTE:order {i}\nEND:VCARD",
     "phone-first"),
    ("log", "2025-03-04T11:02:17Z INFO sms.dispatch order={i} to={p} template=out_for_delivery", "id-first"),
    ("log", "[warn] callback failed msisdn={p} case={i} attempt=2", "phone-first"),
    ("receipt", "RECEIPT {i}\nTable 12 - 2 guests\nTotal 38.40\nQuestions? {p}", "id-first"),
    ("email-headers", "From: Kasia Nowak\nTo: Customer Service\nSubject: Re: order {i}\n\nPlease ring me on {p}.",
     "id-first"),
    ("kv", "case_id={i} caller_number={p} queue=billing wait_s=142", "id-first"),
    ("ini", "[delivery]\nphone = {p}\nreference = {i}\nslot = 14:00-16:00", "phone-first"),
    ("xml", "<customer><tel>{p}</tel><orderRef>{i}</orderRef></customer>", "phone-first"),
    ("chat", "[10:42] Agent: Which number should the driver use for {i}?\n[10:43] Customer: {p} please", "id-first"),
    ("sms", "Your parcel {i} arrives today 13-15h. Reschedule: reply R or call {p}.", "id-first"),
    ("form", "Name: Aiyana Brooks\nPhone number: {p}\nBooking ref: {i}\nNumber of guests: 4", "phone-first"),
    ("ticket-note", "Internal note on {i}: customer asked us to use {p} instead of the landline.", "id-first"),
]  # fmt: skip

TWO_PHONES = [
    "She gave two numbers: mobile {a}, office {b} (ask for extension 214).",
    "Primary {a} / secondary {b} - the secondary one is only staffed on weekdays.",
    "Contact person: R. Hallström\nMob: {a}\nFax: {b}",
]


def phone_rows(rng: random.Random) -> list[Line]:
    rows: list[Line] = []
    regions = list(REGIONS)
    # prose in the region's language, id beside the number, three per region
    for k in range(3):
        for n, region in enumerate(regions):
            lang = REGIONS[region][1]
            order = "id-first" if (n + k) % 2 == 0 else "phone-first"
            template = NEAR_ID[lang][0 if order == "id-first" else 1]
            values = {"p": (phone(rng, region), PHONE), "i": (an_id(rng), None)}
            rows.append(fill(template, values, "phone", f"region-{region}", f"lang-{lang}", "near-id", order,
                                  "setting-prose"))  # fmt: skip
    # records in document formats
    for k in range(12):
        for n, (setting, template, order) in enumerate(SETTINGS):
            region = regions[(k * len(SETTINGS) + n) % len(regions)]
            values = {"p": (phone(rng, region), PHONE), "i": (an_id(rng), None)}
            rows.append(fill(template, values, "phone", f"region-{region}", "lang-en", "near-id", order,
                                  f"setting-{setting}"))  # fmt: skip
    # named only by context
    for lang, templates in CONTEXT_ONLY.items():
        fitting = [r for r in regions if REGIONS[r][1] == lang] or ["US"]
        for _ in range(12 if lang == "en" else 5):
            region = rng.choice(fitting)
            line = fill(rng.choice(templates), {"p": (phone(rng, region), PHONE)}, "phone")
            line.tags += [f"region-{region}", f"lang-{lang}", "context-only", "setting-prose"]
            rows.append(line)
    # two numbers of one region in one reply
    for n in range(30):
        region = regions[(n * 7) % len(regions)]
        values = {"a": (phone(rng, region), PHONE), "b": (phone(rng, region), PHONE)}
        rows.append(fill(TWO_PHONES[n % 3], values, "phone", f"region-{region}", "lang-en", "two-numbers",
                              "setting-prose"))  # fmt: skip
    return rows
