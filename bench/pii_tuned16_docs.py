"""Documents that support-bot replies quote, for PII tuned part 16 (bench/make_pii_tuned16.py): JSON, YAML, CSV,
HTML and Markdown tables, vCards, log lines, receipts, e-mails with headers, key=value dumps, INI, XML, chat
transcripts, SMS and forms. Each is a template with ``{p}`` (a phone number) and ``{id}`` (a reference beside it)
slots; ``fill`` turns one into a labelled line."""

from __future__ import annotations

import random
import re

from pii_corpus_values import Line

SLOT = re.compile(r"(\{[a-z0-9]+\})")


def fill(template: str, values: dict[str, tuple[str, str | None]], *tags: str) -> Line:
    """``template`` with ``{name}`` slots only where ``name`` is in ``values`` (other braces are kept as written)."""
    line = Line(*tags)
    for piece in SLOT.split(template):
        name = piece[1:-1] if SLOT.fullmatch(piece) else None
        if name is not None and name in values:
            text, entity = values[name]
            line.add(text, entity)
        else:
            line.add(piece)
    return line


# setting -> templates with a phone and a reference
PHONE_DOCS: dict[str, list[str]] = {
    "json": [
        'Here is the record:\n{"ticket_id": "{id}", "contact": {"name": "Aylin Demir", "mobile": "{p}"}}',
        '```json\n{"order": "{id}", "shipping": {"recipient": "K. Mensah", "tel": "{p}", "city": "Accra"}}\n```',
        'The webhook payload was {"event":"callback.requested","msisdn":"{p}","case":"{id}"} — I retried it.',
    ],
    "yaml": [
        'booking:\n  ref: {id}\n  guest: Tomasz Zieliński\n  phone: "{p}"\n  nights: 3',
        "contact:\n  phone: {p}\n  preferred: sms\norder: {id}",
    ],
    "csv": [
        "order_id,name,phone,status\n{id},Nomvula Dlamini,{p},shipped",
        "phone;ticket;agent\n{p};{id};Marek",
        '"{id}","Ravi Iyer","{p}","awaiting pickup"',
    ],
    "html": [
        "<table><tr><th>Booking</th><td>{id}</td></tr><tr><th>Phone</th><td>{p}</td></tr></table>",
        '<p>Call us back: <a href="tel:{p}">{p}</a> (case {id})</p>',
    ],
    "markdown": [
        "| Ticket | Customer | Phone |\n|---|---|---|\n| {id} | Sofía Ortega | {p} |",
        "**Callback:** {p}  \n**Ref:** `{id}`",
    ],
    "vcard": [
        "BEGIN:VCARD\nVERSION:3.0\nFN:Ingrid Holm\nTEL;TYPE=CELL:{p}\nNOTE:order {id}\nEND:VCARD",
        "BEGIN:VCARD\nVERSION:4.0\nNOTE:ticket {id}\nFN:Chidi Okeke\nTEL;VALUE=uri;TYPE=voice:tel:{p}\nEND:VCARD",
    ],
    "log": [
        "2026-03-11T08:14:52Z INFO sms.dispatch order={id} to={p} status=queued",
        "[warn] callback failed for {p} (ticket {id}): line busy, retry in 900s",
    ],
    "receipt": [
        "RECEIPT  No. {id}\n2x Flat white      9.00\nTOTAL             9.00\nDelivery contact: {p}",
        "Pickup slip — customer tel {p} — parcel {id} — shelf B4",
    ],
    "email": [
        "From: Support <help@shop.example>\nSubject: Re: [{id}] missing parcel\n\nHi, the courier tried {p} twice.",
        "Subject: Callback request\nX-Ticket: {id}\n\nPlease ring the customer on {p} after 2 pm.",
    ],
    "kv": [
        "ticket={id} caller={p} queue=billing wait=00:04:12",
        "ref: {id} | tel: {p} | channel: whatsapp",
    ],
    "ini": [
        "[customer]\nname = Lars Eriksen\nphone = {p}\n[order]\nid = {id}",
    ],
    "xml": [
        '<Contact><Phone type="mobile">{p}</Phone><OrderRef>{id}</OrderRef></Contact>',
        '<booking id="{id}"><guest>Mei Lin</guest><tel>{p}</tel></booking>',
    ],
    "chat": [
        "[10:02] customer: my order is {id}\n[10:03] customer: you can reach me on {p}\n[10:03] bot: thanks!",
        "User: can someone call me? {p}\nBot: Sure — I've attached it to case {id}.",
    ],
    "sms": [
        "SMS to {p}: Your parcel {id} will arrive today between 14:00 and 16:00. Reply STOP to opt out.",
        'Text from {p}: "hi, still waiting on {id}??"',
    ],
    "form": [
        "Reference: {id}\nFull name: Oluwaseun Adeyemi\nPhone number: {p}\nPreferred time: morning",
        "Name: ______ Olga Petrova\nTel.: {p}\nBooking no.: {id}\nSignature: ✔",
    ],
}


def ref_id(rng: random.Random) -> str:
    """An order, ticket, booking or tracking reference (never a phone number or any other PII)."""
    digits = "0123456789"
    upper = "ABCDEFGHJKLMNPQRSTUVWXYZ"
    kinds = [
        lambda: "#" + "".join(rng.choice(digits) for _ in range(7)),
        lambda: "ORD-" + str(rng.randint(2019, 2026)) + "-" + "".join(rng.choice(digits) for _ in range(5)),
        lambda: "TCK" + "".join(rng.choice(digits) for _ in range(6)),
        lambda: "".join(rng.choice(upper) for _ in range(6)),
        lambda: "1Z" + "".join(rng.choice(upper + digits) for _ in range(16)),
        lambda: "INC-" + "".join(rng.choice(digits) for _ in range(5)),
        lambda: "BK-" + "".join(rng.choice(upper + digits) for _ in range(8)),
        lambda: "".join(rng.choice(digits) for _ in range(3)) + "-" + "".join(rng.choice(digits) for _ in range(7)),
        lambda: "CS" + "".join(rng.choice(digits) for _ in range(9)),
    ]
    return rng.choice(kinds)()
