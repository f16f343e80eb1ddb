"""Phone replies of PII tuned part 15: per region, plain replies in its language, replies with an order,
ticket or booking id beside the number (both orders), replies that name the number only by the sense of the
sentence, and the number inside documents (JSON, YAML, CSV, HTML and Markdown tables, vCards, logs, receipts,
emails, key=value dumps, INI, XML, chats, SMS, forms, signatures)."""

from __future__ import annotations

import random
import re

from pii_corpus_values import PHONE, Line
from pii_tuned15_langs import EXTRA_LANGS, LANGS, NAMES
from pii_tuned15_phones import REGIONS, phone

SLOT = re.compile(r"\{([a-zA-Z0-9_]+)\}")


def templated(template: str, values: dict[str, tuple[str, str | None]], *tags: str) -> Line:
    """``template`` with ``{name}`` slots for the names in ``values`` (other braces stay as written)."""
    line = Line(*tags)
    pos = 0
    for match in SLOT.finditer(template):
        if match.group(1) not in values:
            continue
        line.add(template[pos : match.start()])
        text, entity = values[match.group(1)]
        line.add(text, entity)
        pos = match.end()
    line.add(template[pos:])
    return line


def an_id(rng: random.Random) -> str:
    """An order, ticket, booking, claim or tracking id as support systems print them."""
    a = "ABCDEFGHJKLMNPQRSTUVWXYZ"
    forms = [
        lambda: f"#{rng.randint(100000, 9999999)}",
        lambda: f"ORD-{rng.randint(2023, 2026)}-{rng.randint(10000, 999999)}",
        lambda: f"TCK-{rng.randint(1000000, 9999999)}",
        lambda: "".join(rng.choice(a + "23456789") for _ in range(6)),
        lambda: f"1Z{''.join(rng.choice(a + '0123456789') for _ in range(6))}{rng.randint(10**9, 10**10 - 1)}",
        lambda: f"RMA {rng.randint(10, 99)}-{rng.randint(10000, 99999)}",
        lambda: f"{rng.randint(10**7, 10**8 - 1)}",
        lambda: f"CS{rng.randint(10**8, 10**9 - 1)}",
        lambda: f"BKG/{rng.choice(a)}{rng.choice(a)}{rng.randint(1000, 9999)}",
        lambda: f"INC{rng.randint(10**6, 10**7 - 1):07d}",
        lambda: f"AWB {rng.randint(100, 999)}-{rng.randint(10**7, 10**8 - 1)}",
        lambda: f"N° {rng.randint(2024, 2026)}/{rng.randint(1000, 99999)}",
    ]
    return rng.choice(forms)()


SETTINGS: dict[str, str] = {
    "json": '{"customer": "{n}", "order_id": "{id}", "phone": "{p}", "status": "awaiting_pickup"}',
    "yaml": 'contact:\n  name: {n}\n  ref: {id}\n  phone: "{p}"\n  preferred: sms',
    "csv": "ref,name,phone,alt_phone\n{id},{n},{p},{q}",
    "html": "<table><tr><th>Ref</th><th>{L}</th></tr><tr><td>{id}</td><td>{p}</td></tr></table>",
    "markdown": "| Ref | Name | {L} |\n|---|---|---|\n| {id} | {n} | {p} |",
    "vcard": "BEGIN:VCARD\nVERSION:3.0\nFN:{n}\nTEL;TYPE=CELL:{p}\nTEL;TYPE=WORK,VOICE:{q}\nNOTE:ref {id}\nEND:VCARD",
    "log": '2025-03-14T09:12:44Z INFO sms.dispatch ref={id} to="{p}" template=delivery_eta',
    "receipt": "RECEIPT {id}\n2 x Espresso   5.80\nTOTAL         5.80\nQuestions? {L} {p}\nThank you!",
    "email": "From: {n}\nSubject: Re: {id}\n\nplease call me back on {p} after lunch",
    "kv": "ticket={id} name={n} phone={p} channel=voice",
    "ini": "[contact]\nname = {n}\nreference = {id}\nphone = {p}",
    "xml": '<contact ref="{id}"><name>{n}</name><phone type="mobile">{p}</phone></contact>',
    "chat": "[10:41] {n}: my order is {id}\n[10:41] {n}: pls call {p}\n[10:42] Agent: Noted!",
    "sms": "SMS from {n}: hi its me, new number {p} (ref {id}) x",
    "form": "Name: {n}\nBooking: {id}\n{L}: {p}\nBest time to call: mornings",
    "signature": "Kind regards,\n{n}\nOperations | ref {id}\nM: {p} | T: {q}",
}


CONTEXT_EN = [
    "The courier will ring {p} about ten minutes before he gets there.",
    "If the gate is locked, {n} picks up on {p}.",
    "Text {p} when you're outside and someone will come down.",
    "Reception is on {p} - ask for {n}.",
    "{n} said to try {p} after six, or leave a voicemail.",
    "Leave it with the neighbour, or buzz {n} on {p}.",
    "The technician will give {p} a ring on the day.",
    "Your host {n} is on {p} once you land.",
    "WhatsApp {p} with a photo of the damaged box and we'll sort it.",
    "For the key handover, {n} answers on {p} until 8pm.",
    "Missed us? Just dial {p} back, it's the depot.",
    "I tried {p} twice this morning but it went straight to voicemail.",
]
ENGLISH_PROSE = {"email", "receipt", "signature", "chat", "sms", "form", "yaml"}


def phone_rows(rng: random.Random) -> list[Line]:
    rows: list[Line] = []
    settings = list(SETTINGS)
    k = 0
    for region, (continent, lang, patterns) in REGIONS.items():
        langs = [lang, EXTRA_LANGS.get(region, lang)]
        for j, pattern in enumerate(patterns * 3):
            if j >= 10:
                break
            lg = langs[j % 2] if j in (1, 5, 8) else lang
            label, plain, id_first, phone_first, context = LANGS[lg]
            base = ["phone", f"region-{region}", f"lang-{lg}", continent]
            vals = {"p": (phone(rng, region, pattern), PHONE), "n": (rng.choice(NAMES), None),
                    "id": (an_id(rng), None), "L": (label, None), "q": (phone(rng, region), PHONE)}  # fmt: skip
            if j == 0:
                rows.append(templated(plain, vals, *base, "plain"))
            elif j == 5:  # a second reply naming the number only by its sense, in English
                base[2] = "lang-en"
                template = CONTEXT_EN[k % len(CONTEXT_EN)]
                k += 1
                rows.append(templated(template, vals, *base, "context-only"))
            elif j in (1, 3, 7):
                order = "id-first" if (k + j) % 2 else "phone-first"
                template = id_first if order == "id-first" else phone_first
                rows.append(templated(template, vals, *base, "near-id", order))
            elif j == 4:
                rows.append(templated(context, vals, *base, "context-only"))
            else:
                setting = settings[k % len(settings)]
                k += 1
                if setting in ENGLISH_PROSE:  # these settings carry English words around the number
                    base[2] = "lang-en"
                tags = [*base, f"setting-{setting}", "near-id"]
                template = SETTINGS[setting]
                tags.append("id-first" if template.index("{id}") < template.index("{p}") else "phone-first")
                rows.append(templated(template, vals, *tags))
    return rows
