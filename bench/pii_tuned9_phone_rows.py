"""Replies with phone numbers for PII tuned part 9: contact sentences in thirty languages, the documents a
support reply quotes (JSON, CSV, YAML, XML, HTML, Markdown tables, vCards, e-mail signatures, SMS logs, log lines,
ticket forms, shipping labels), numbers right before or after an order, ticket, booking, parcel or claim reference,
and sentences that name the number only by what it is for."""

from __future__ import annotations

import random

from pii_corpus_values import PHONE, Line
from pii_tuned9_common import fill, name, ref
from pii_tuned9_langs import LANGS
from pii_tuned9_phones import REGIONS, forms_of, phone

# (setting, template, has a reference); {v} the number, {n} a name, {id} a reference
DOCUMENTS = [
    ("json", '{"customer": {"name": "{n}", "phone": "{v}"}, "order_id": "{id}"}', True),
    ("json", '```json\n{\n  "ticket": "{id}",\n  "callback_number": "{v}",\n  "status": "open"\n}\n```', True),
    ("json", 'Here is the contact record:\n{"full_name": "{n}", "mobile": "{v}", "opt_in_sms": true}', False),
    ("csv", "order_id,name,phone,status\n{id},{n},{v},shipped", True),
    ("csv", "name;telefon;auftrag\n{n};{v};{id}", True),
    ("csv", 'Exported row: "{n}","{v}","pending"', False),
    ("yaml", 'contact:\n  name: {n}\n  phone: "{v}"\nbooking: {id}', True),
    ("yaml", "- case: {id}\n  reach_at: {v}\n  notes: prefers evenings", True),
    ("xml", "<recipient><name>{n}</name><tel>{v}</tel></recipient><shipment>{id}</shipment>", True),
    ("xml", '<contact type="mobile">{v}</contact>', False),
    ("html", '<p>Call {n}: <a href="tel:{v}">{v2}</a></p>', False),
    ("html", "<tr><td>{id}</td><td>{n}</td><td>{v}</td></tr>", True),
    ("markdown", "| Order | Customer | Phone |\n|---|---|---|\n| {id} | {n} | {v} |", True),
    ("markdown", "**Callback:** {v}  \n**Ticket:** {id}", True),
    ("markdown", "- Name: {n}\n- Mobile: {v}\n- Preferred: SMS", False),
    ("vcard", "BEGIN:VCARD\nVERSION:3.0\nFN:{n}\nTEL;TYPE=CELL:{v}\nEND:VCARD", False),
    ("signature", "Best regards,\n{n}\nM: {v}", False),
    ("signature", "--\n{n} | Procurement\nMob. {v}\nRef. your PO {id}", True),
    ("sms", "[SMS from {v}] Hi, it's {n} - did parcel {id} ship yet?", True),
    ("sms", 'Inbound SMS {id} received from {v}: "please call me back"', True),
    ("log", "2024-11-03T09:14:22Z INFO callback scheduled ticket={id} to={v}", True),
    ("log", "WARN sms.delivery failed msisdn={v} order={id} retry=3", True),
    ("form", "Ticket {id}\nReporter: {n}\nContact phone: {v}\nPriority: P3", True),
    ("form", "Phone number*: {v}\nOrder number: {id}", True),
    ("label", "SHIP TO: {n}\nTel {v}\nTracking {id}", True),
    ("label", "Consignee: {n} / Phone: {v} / AWB {id}", True),
    ("email", "> From: {n}\n> Sent: Monday\n> Please use {v} for the delivery of order {id}.", True),
    ("chat", "Agent: Could you confirm the number on booking {id}?\nCustomer: sure, it's {v}", True),
    ("chat", "Customer: my number is {v}\nAgent: thanks, I've added it to ticket {id}.", True),
    ("table", "Ref          Name             Phone\n{id}   {n}   {v}", True),
]

# the number named only by what it is for: no word for "phone" nearby
CONTEXT_ONLY = [
    "Just ring {n} on {v} when you're outside and she'll come down.",
    "If the gate is locked, {v} - that's the site manager's own mobile, {n}.",
    "{n} said to WhatsApp her at {v} and she'll send the photos.",
    "Text {v} with the code and {n} will open the locker.",
    "He's reachable on {v} until Friday, then away.",
    "Drop {n} a message at {v} once the engineer is on his way.",
    "Best to try {v} after 6pm, {n} works nights.",
    "Your host {n} can be reached at {v} on arrival day.",
    "Emergency contact: {n}, {v}",
    "Next of kin: {n} ({v})",
]

EXTENSIONS = [
    "{n}'s desk line is {v} ext. {x}.",
    "Call {v}, extension {x}, and ask for {n}.",
    "Tel: {v} x{x} ({n})",
]


def region_lang(rng: random.Random, region: str) -> str:
    """A language spoken where ``region``'s numbers are written (English for the rest)."""
    langs = [code for code, (regions, *_rest) in LANGS.items() if region in regions]
    return rng.choice(langs) if langs else "en"


def language_rows(rng: random.Random) -> list[Line]:
    rows = []
    for code, (regions, names, plain, with_ref) in LANGS.items():
        count = max(8, 4 * len(regions))
        for i in range(count):
            region = regions[i % len(regions)]
            near = i % 2 == 1
            template = (with_ref if near else plain)[(i // 2) % len(with_ref if near else plain)]
            tags = ["phone", f"region-{region}", f"lang-{code}", "setting-chat"] + (["near-id"] if near else [])
            values = {"v": (phone(rng, region), PHONE), "n": (rng.choice(names), None), "id": (ref(rng), None)}
            rows.append(fill(template, values, *tags))
    return rows


def document_rows(rng: random.Random) -> list[Line]:
    rows = []
    regions = list(REGIONS)
    for i in range(4 * len(regions)):
        region = regions[i % len(regions)]
        setting, template, near = DOCUMENTS[(i * 7) % len(DOCUMENTS)]
        number = phone(rng, region)
        values = {"v": (number, PHONE), "n": (name(rng), None), "id": (ref(rng), None)}
        if "{v2}" in template:
            # the href is written E.164 with tel:, the link text as people read it: both are the number
            forms = forms_of(rng, region)
            values["v"] = (forms["e164"], PHONE)
            values["v2"] = (forms["international"], PHONE)
        tags = ["phone", f"region-{region}", "lang-en", f"setting-{setting}"] + (["near-id"] if near else [])
        rows.append(fill(template, values, *tags))
    return rows


def context_rows(rng: random.Random) -> list[Line]:
    rows = []
    regions = ["US", "GB", "AU", "CA", "IE", "NZ", "ZA", "IN", "SG", "NG", "KE", "JM"]
    for i in range(60):
        region = regions[i % len(regions)]
        template = CONTEXT_ONLY[i % len(CONTEXT_ONLY)]
        values = {"v": (phone(rng, region), PHONE), "n": (name(rng), None)}
        rows.append(fill(template, values, "phone", f"region-{region}", "lang-en", "setting-chat", "by-context"))
    for i in range(18):
        region = ["US", "GB", "DE", "AU", "CA", "FR"][i % 6]
        template = EXTENSIONS[i % len(EXTENSIONS)]
        number = phone(rng, region, kind="fixed")
        values = {"v": (number, PHONE), "n": (name(rng), None), "x": (str(rng.randint(10, 4999)), None)}
        rows.append(fill(template, values, "phone", f"region-{region}", "lang-en", "setting-chat", "extension"))
    return rows


# a reference and a number in both orders with nothing but punctuation between them
TIGHT = [
    "Order {id} / {v}",
    "{v} / order {id}",
    "Booking {id}, contact {v}.",
    "Ticket {id} - caller {v}",
    "Parcel {id} (recipient {v})",
    "{v}, ref {id}",
    "Claim {id}: insured party's number {v}",
    "Tracking {id} | SMS alerts to {v}",
    "Caller {v} asked about reference {id}.",
    "Reservation {id} for {n}, {v}",
]


def tight_rows(rng: random.Random) -> list[Line]:
    rows = []
    regions = list(REGIONS)
    for i in range(90):
        region = regions[(i * 5) % len(regions)]
        values = {"v": (phone(rng, region), PHONE), "n": (name(rng), None), "id": (ref(rng), None)}
        tags = ["phone", f"region-{region}", "lang-en", "setting-note", "near-id"]
        rows.append(fill(TIGHT[i % len(TIGHT)], values, *tags))
    return rows


def phone_rows(rng: random.Random) -> list[Line]:
    return language_rows(rng) + document_rows(rng) + context_rows(rng) + tight_rows(rng)
