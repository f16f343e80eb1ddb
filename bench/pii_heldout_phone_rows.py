"""Phone rows of the held-out part (bench/make_pii_heldout.py): prose in the language of each region with an id
before or after the number, the same numbers quoted in documents (JSON, YAML, CSV, HTML and Markdown tables, vCards,
log lines, receipts, mail headers, key=value dumps, INI, XML, chat transcripts, SMS, forms), and numbers named only
by what is around them."""

from __future__ import annotations

import random

from pii_corpus_values import PHONE
from pii_heldout_langs import CONTEXT_ONLY, NAMES, PHONE_SENTENCES
from pii_heldout_phones import REGIONS, phone_number
from pii_heldout_values import fill, name, some_id

# setting -> (template with an id, template without); {p} phone, {id} id, {who} name, {t} time
DOCS: dict[str, tuple[str, str]] = {
    "json": (
        '{{"ticket": "{id}", "requester": {{"name": "{who}", "phone": "{p}"}}, "status": "open"}}',
        '{{"name": "{who}", "contact": {{"mobile": "{p}", "preferred": "sms"}}}}',
    ),
    "yaml": (
        'order: {id}\nshipping:\n  recipient: {who}\n  phone: "{p}"\n  window: 14:00-16:00',
        "contact:\n  name: {who}\n  tel: {p}\n  opt_in: true",
    ),
    "csv": ("order_id,name,phone,city\n{id},{who},{p},Lyon", "{who};{p};gold;2024-11-02"),
    "html-table": (
        "<table><tr><th>Booking</th><th>Guest</th><th>Phone</th></tr><tr><td>{id}</td><td>{who}</td><td>{p}</td></tr></table>",
        '<p>Call us: <a href="tel:{p}">{p2}</a></p>',
    ),
    "markdown-table": (
        "| Ticket | Customer | Callback |\n|---|---|---|\n| {id} | {who} | {p} |",
        "| Field | Value |\n|---|---|\n| Name | {who} |\n| Mobile | {p} |",
    ),
    "vcard": (
        "BEGIN:VCARD\nVERSION:3.0\nFN:{who}\nNOTE:ref {id}\nTEL;TYPE=CELL:{p}\nEND:VCARD",
        "BEGIN:VCARD\nVERSION:4.0\nFN:{who}\nTEL;TYPE=work,voice;VALUE=uri:{p}\nEND:VCARD",
    ),
    "log": (
        "{t} INFO  notify.sms order={id} to={p} template=out_for_delivery",
        '{t} WARN  ivr.callback failed dest="{p}" attempts=3 agent={who}',
    ),
    "receipt": (
        "STORE #0412  Receipt {id}\nCustomer: {who}\nTel: {p}\nTOTAL  23.40\nThank you!",
        "PICKUP SLIP\n{who}\n{p}\nShelf B-12",
    ),
    "email-header": (
        "From: Parcel Updates (automated)\nSubject: Your parcel {id} - driver will call {p}\n\nHi {who},",
        "-----Original Message-----\nFrom: {who}\nSent: Tuesday\nSubject: callback\n\nPlease ring me on {p}.",
    ),
    "kv": ('case_id={id} caller_name="{who}" caller_number={p} queue=billing', "name={who} | mobile={p} | tier=2"),
    "ini": ("[order {id}]\nrecipient = {who}\nphone = {p}\n", "[contact]\nname={who}\nphone_alt={p}"),
    "xml": (
        '<shipment id="{id}"><consignee>{who}</consignee><phone>{p}</phone></shipment>',
        '<contact><name>{who}</name><tel type="mobile">{p}</tel></contact>',
    ),
    "chat": (
        "[{t}] {who}: my order is {id}\n[{t}] {who}: you can call me on {p}\n[{t}] Bot: Thanks, noted!",
        "Agent: What's the best number?\n{who}: {p}\nAgent: Perfect, we'll call within the hour.",
    ),
    "sms": (
        'SMS from {p}: "hi its {who}, any news on {id}?"',
        "Forwarded SMS ({t}) sender {p}: Running 10 min late - {who}",
    ),
    "form": (
        "Reference: {id}\nFull name: {who}\nPhone number: {p}\nPreferred time: morning",
        "Name* {who}\nPhone* {p}\n[x] I agree to be contacted",
    ),
}


def _time(rng: random.Random) -> str:
    return f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}Z"


def phone_rows(rng: random.Random) -> list:
    out = []
    settings = list(DOCS)
    for region, (_continent, lang) in REGIONS.items():
        id_first, phone_first, plain = PHONE_SENTENCES[lang]
        region_tags = (f"region-{region}", f"lang-{lang}")
        for template, order in ((id_first, "id-first"), (phone_first, "phone-first"), (plain, None)):
            slots = {
                "p": (phone_number(rng, region), PHONE),
                "id": (some_id(rng), None),
                "n": (rng.choice(NAMES[lang]), None),
            }
            extra = ("near-id", order) if order else ()
            out.append(fill(template, slots, "phone", *region_tags, "setting-prose", *extra))
        for k in range(2):
            setting = rng.choice(settings)
            with_id = k == 0
            template = DOCS[setting][0 if with_id else 1]
            number = phone_number(rng, region)
            slots = {
                "p": (number, PHONE), "p2": (number, PHONE), "id": (some_id(rng), None), "who": (name(rng), None),
                "t": (_time(rng), None),
            }  # fmt: skip
            if with_id:
                first = "id-first" if template.index("{id}") < template.index("{p}") else "phone-first"
                extra = ("near-id", first)
            else:
                extra = ()
            out.append(fill(template, slots, "phone", f"region-{region}", "lang-en", f"setting-{setting}", *extra))
    by_lang = {}
    for region, (_c, lang) in REGIONS.items():
        by_lang.setdefault(lang, []).append(region)
    by_lang["de"] = ["DE", "AT"]
    by_lang["en"] = ["US", "GB", "AU", "NZ", "IE", "JM", "NG", "ZA", "SG"]
    by_lang["fr"] = ["FR", "BE", "CH", "LU", "CA", "SN"]
    by_lang["it"] = ["IT", "CH"]
    for i in range(32):
        lang, template = CONTEXT_ONLY[i % len(CONTEXT_ONLY)]
        region = rng.choice(by_lang[lang])
        slots = {"p": (phone_number(rng, region), PHONE), "n": (rng.choice(NAMES[lang]), None)}
        out.append(fill(template, slots, "phone", f"region-{region}", f"lang-{lang}", "context-only", "setting-prose"))
    return out
