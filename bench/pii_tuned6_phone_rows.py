"""Replies of PII tuned part 6 that give people's phone numbers: contact sentences in each region's language,
numbers next to order, ticket, booking, claim and tracking ids (ids as long as a phone among them), lists of two,
and numbers inside records (JSON, CSV, YAML, XML, Markdown tables and ``tel:`` links, HTML, vCards, signatures,
chat transcripts, quoted mail, SMS logs). Every row carries one ``region-XX`` tag and one ``lang-xx`` tag."""

from __future__ import annotations

import random

from pii_corpus_values import PHONE, Line, check_labels, templated
from pii_tuned6_phones import REGIONS, phone_is_valid, written
from pii_tuned6_words_a import LANGS_A
from pii_tuned6_words_b import LANGS_B

LANGS = {**LANGS_A, **LANGS_B}
FORCED = ["national", "intl", "e164", "run_together", "idd00", "bracket", "intl_trunk", "dots", "slash", "dashes"]
CITIES = ["Springfield", "Valparaíso", "Kraków", "Mombasa", "Da Nang", "Cebu", "Aarhus", "Tampere", "Brno", "Pécs"]


def digits(rng: random.Random, n: int) -> str:
    return rng.choice("123456789") + "".join(rng.choice("0123456789") for _ in range(n - 1))


def make_id(rng: random.Random) -> str:
    """An order, ticket, booking, claim or tracking id as shops and carriers print them."""
    kind = rng.randrange(11)
    upper = "ABCDEFGHJKLMNPQRSTUVWXYZ"
    if kind == 0:
        return "#" + digits(rng, 10)
    if kind == 1:
        return "ORD-" + digits(rng, 8)
    if kind == 2:
        return digits(rng, 11)
    if kind == 3:
        return f"TCK-{rng.randint(2022, 2025)}-{digits(rng, 6)}"
    if kind == 4:
        return "".join(rng.choice(upper + "23456789") for _ in range(6))
    if kind == 5:
        return "1Z" + "".join(rng.choice(upper + "0123456789") for _ in range(6)) + digits(rng, 10)
    if kind == 6:
        return f"CLM {digits(rng, 4)} {digits(rng, 4)} {digits(rng, 2)}"
    if kind == 7:
        return "REF" + digits(rng, 9)
    if kind == 8:
        return f"{digits(rng, 3)}-{digits(rng, 7)}-{digits(rng, 7)}"
    if kind == 9:
        return "JJD" + digits(rng, 18)
    return digits(rng, 12)


def _line(template: str, values: dict[str, tuple[str, str | None]], tags: list[str]) -> Line:
    line = templated(template, values, *tags)
    check_labels(line, phone_is_valid)
    return line


def prose_row(rng: random.Random, region: str, kind: str, form: str | None = None) -> Line:
    """A sentence in one of ``region``'s languages: ``kind`` is ``contact``, ``near`` or ``two``."""
    lang = rng.choice(REGIONS[region])
    words = LANGS[lang]
    p, _ = written(rng, region, form)
    q, _ = written(rng, region)
    values = {
        "p": (p, PHONE),
        "q": (q, PHONE),
        "name": (rng.choice(words["names"]), None),
        "id": (make_id(rng), None),
    }
    tags = ["phone", f"region-{region}", f"lang-{lang}", "setting-prose"]
    if kind == "near":
        tags.append("near-id")
    if kind == "two":
        tags.append("two")
    return _line(rng.choice(words[kind]), values, tags)


# records: (setting, template, holds an id); {p} the number as written, {e} its E.164 form, {lb} and {rb} braces
RECORDS = [
    ("json", '{lb}"customer": "{name}", "phone": "{p}", "order_id": "{id}"{rb}', True),
    ("json", '{lb}\n  "name": "{name}",\n  "mobile": "{p}",\n  "city": "{city}"\n{rb}', False),
    ("csv", "name,phone,city\n{name},{p},{city}", False),
    ("csv", "ticket;customer;callback\n{id};{name};{p}", True),
    ("table", "| Customer | Phone | Order |\n|---|---|---|\n| {name} | {p} | {id} |", True),
    ("table", "| Field | Value |\n|---|---|\n| Name | {name} |\n| Phone | {p} |", False),
    ("md_link", "You can call {name} directly: [{p}](tel:{e})", False),
    ("html", '<p>Contact: {name}, <a href="tel:{e}">{p}</a></p>', False),
    ("html", '<tr><td>{id}</td><td>{name}</td><td><a href="tel:{e}">{p}</a></td></tr>', True),
    ("vcard", "BEGIN:VCARD\nVERSION:3.0\nFN:{name}\nTEL;TYPE=cell:{p}\nEND:VCARD", False),
    ("vcard", "BEGIN:VCARD\nVERSION:4.0\nFN:{name}\nTEL;TYPE=home;VALUE=uri:tel:{e}\nEND:VCARD", False),
    ("signature", "Thanks for your patience!\n\n--\n{name}\nMobile: {p}", False),
    ("signature", "Best,\n{name} | Field Operations\nM {p}", False),
    ("yaml", 'contact:\n  name: {name}\n  phone: "{p}"\n  order: {id}', True),
    ("xml", "<contact><name>{name}</name><tel>{p}</tel><booking>{id}</booking></contact>", True),
    ("chat", "[09:14] {name}: you can call me on {p}\n[09:15] Agent: Noted, thank you!", False),
    ("quote", "> On Monday, {name} wrote:\n> my new number is {p}\n\nThanks, I've saved it to your profile.", False),
    ("sms", 'SMS sent to {p}: "Your parcel {id} arrives today between 2 and 4 pm."', True),
    ("log", "2024-11-03 14:22:07 callback scheduled ticket={id} customer_phone={p}", True),
]


def record_row(rng: random.Random, region: str, index: int, form: str | None = None) -> Line:
    setting, template, with_id = RECORDS[index % len(RECORDS)]
    lang = REGIONS[region][0]
    p, e = written(rng, region, form)
    values = {
        "p": (p, PHONE),
        "e": (e, PHONE),
        "name": (rng.choice(LANGS[lang]["names"]), None),
        "id": (make_id(rng), None),
        "city": (rng.choice(CITIES), None),
        "lb": ("{", None),
        "rb": ("}", None),
    }
    tags = ["phone", f"region-{region}", f"lang-{lang}", f"setting-{setting}"]
    if with_id:
        tags.append("near-id")
    return _line(template, values, tags)


def phone_rows(rng: random.Random) -> list[Line]:
    lines: list[Line] = []
    record = 0
    for r, region in enumerate(REGIONS):
        for i in range(4):
            lines.append(prose_row(rng, region, "contact", FORCED[(r + i) % len(FORCED)]))
        for i in range(4):
            lines.append(prose_row(rng, region, "near", FORCED[(r + i + 4) % len(FORCED)]))
        lines.append(record_row(rng, region, record))
        record += 1
        if r % 2 == 0:
            lines.append(record_row(rng, region, record))
            record += 1
        else:
            lines.append(prose_row(rng, region, "two"))
    return lines
