"""Document settings for the held-out part (bench/make_pii_tuned11.py): a support bot quoting a record as JSON, YAML,
CSV, an HTML or Markdown table, a vCard, a log line, a receipt, an email with headers, a key=value dump, INI, XML, a
chat transcript, an SMS or a filled-in form. Slots: {k} the field's key, {v} the labelled value, {n} a name, {i} an
id, {d} a date."""

from __future__ import annotations

import random
import re

from pii_corpus_values import Line

FIRST = [
    "Aisha", "Bogdan", "Chiara", "Dmitri", "Efua", "Farid", "Greta", "Hiroshi", "Ines", "Jakob", "Kavya", "Lucía",
    "Mateus", "Nkechi", "Oskar", "Paulina", "Quang", "Rania", "Sven", "Tamar", "Usha", "Valentín", "Wiremu", "Xiu",
    "Yusuf", "Zofia", "Amara", "Björn", "Camille", "Dario", "Emeka", "Fatou", "Giorgos", "Hana", "Ilse", "Joaquín",
]  # fmt: skip
LAST = [
    "Okonkwo", "Lindqvist", "Moreau", "Kowalczyk", "Tanaka", "Haddad", "Fernández", "Novák", "Papadopoulos",
    "Nguyen", "Rahman", "Van der Berg", "Silva", "Iyer", "Schneider", "Mensah", "Kaya", "Ólafsdóttir", "Brennan",
    "Horvat", "Petrenko", "Abebe", "Takahashi", "Castillo", "Dubois", "Rossi", "Wójcik", "Andersen", "Mwangi",
]  # fmt: skip

SETTINGS: dict[str, list[str]] = {
    "json": [
        '{{"customer": {{"name": "{n}", "{k}": "{v}"}}, "ticket": "{i}"}}',
        'Here is the record as returned by the API:\n```json\n{{\n  "id": "{i}",\n  "{k}": "{v}",\n  "updated": "{d}"\n}}\n```',
    ],
    "yaml": [
        "contact:\n  name: {n}\n  {k}: {v}\n  ref: {i}",
        "Here's the profile export:\n```yaml\n- case: {i}\n  holder: {n}\n  {k}: '{v}'\n```",
    ],
    "csv": [
        "name,{k},ref,date\n{n},{v},{i},{d}",
        'The exported row reads: "{n}";"{v}";"{i}" (columns: name;{k};ref).',
    ],
    "html-table": [
        "<table><tr><th>Name</th><th>{k}</th></tr><tr><td>{n}</td><td>{v}</td></tr></table>",
        '<tr class="row"><td>{i}</td><td>{n}</td><td data-field="{k}">{v}</td></tr>',
    ],
    "md-table": [
        "| Field | Value |\n|---|---|\n| Name | {n} |\n| {k} | {v} |\n| Case | {i} |",
        "| ref | {k} | since |\n| --- | --- | --- |\n| {i} | {v} | {d} |",
    ],
    "log": [
        '{d}T08:41:17.203Z INFO  notify.dispatch case={i} {k}="{v}" status=queued',
        "[{d} 22:03:55] WARN billing-worker: retry #2 for {i} ({k}={v})",
    ],
    "receipt": [
        "RECEIPT {i}\n--------------------\nCustomer: {n}\n{k}: {v}\nTOTAL            49.90\n--------------------",
        "*** Thank you for shopping ***\nTxn {i}   {d}\n{k} {v}\nSubtotal 18.40  Tax 1.47",
    ],
    "email-headers": [
        "From: Support Desk\nTo: {n}\nSubject: Re: case {i}\nDate: {d}\n\nHi {n}, we have your {k} as {v}.",
        "> -----Original Message-----\n> Sent: {d}\n> Subject: update {i}\n> My {k} is {v}, please fix it.",
    ],
    "kv": [
        "name={n} {k}={v} case={i} created={d}",
        "{k}: {v} | owner: {n} | ref: {i}",
    ],
    "ini": [
        "[customer]\nname = {n}\n{k} = {v}\n\n[meta]\nticket = {i}",
    ],
    "xml": [
        '<customer id="{i}"><name>{n}</name><{k}>{v}</{k}></customer>',
        '<Record><Ref>{i}</Ref><Field name="{k}">{v}</Field></Record>',
    ],
    "chat": [
        "[10:02] {n}: hi, can you check my {k}?\n[10:03] Bot: Sure, I see {v} on case {i}.",
        "User: what {k} do you have for me?\nAssistant: The one on file is {v} (ref {i}).",
    ],
    "sms": [
        "SMS from HelpDesk: {n}, your {k} {v} was saved to request {i}. Reply STOP to opt out.",
    ],
    "form": [
        "Form submitted {d}\n  Full name ........ {n}\n  {k} ........ {v}\n  Request no. ...... {i}",
        "[x] I agree to the terms\nName: {n}\n{k}: {v}\nReference: {i}",
    ],
}
VCARD = "BEGIN:VCARD\nVERSION:3.0\nFN:{n}\n{k}:{v}\nNOTE:case {i}\nEND:VCARD"


def fill(template: str, values: dict[str, tuple[str, str | None]], *tags: str) -> Line:
    """``template`` with one-letter ``{x}`` slots (``{{`` and ``}}`` are literal braces) as a labelled line."""
    line = Line(*tags)
    for piece in re.split(r"(\{\{|\}\}|\{[a-z]\})", template):
        if piece in ("{{", "}}"):
            line.add(piece[0])
        elif len(piece) == 3 and piece[0] == "{" and piece[2] == "}":
            text, entity = values[piece[1]]
            line.add(text, entity)
        elif piece:
            line.add(piece)
    return line


def person(rng: random.Random) -> str:
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def ident(rng: random.Random) -> str:
    """An order, ticket, booking or claim id (never a PII value)."""
    style = rng.randrange(7)
    if style == 0:
        return f"#{rng.randint(100000, 999999)}"
    if style == 1:
        return f"ORD-{rng.randint(2019, 2026)}-{rng.randint(10000, 99999)}"
    if style == 2:
        return f"TCK{rng.randint(1000000, 9999999)}"
    if style == 3:
        return "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(6))
    if style == 4:
        return f"CLM/{rng.randint(10, 99)}/{rng.randint(1000, 9999)}"
    if style == 5:
        return f"BK{rng.randint(10, 99)}-{rng.choice('ABCDEFGH')}{rng.randint(100, 999)}"
    return f"INC{rng.randint(10000000, 99999999)}"


def date(rng: random.Random) -> str:
    return f"20{rng.randint(22, 26)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


def doc_line(
    rng: random.Random, setting: str, key: str, value: str, entity: str, tags: list[str], vcard_key: str = ""
) -> Line:
    template = VCARD if setting == "vcard" else rng.choice(SETTINGS[setting])
    if setting == "vcard":
        key = vcard_key
    elif setting == "xml":
        key = key.replace(" ", "_").replace(".", "")
    values = {
        "k": (key, None),
        "v": (value, entity),
        "n": (person(rng), None),
        "i": (ident(rng), None),
        "d": (date(rng), None),
    }
    return fill(template, values, *tags, f"setting-{setting}")
