"""Phone rows of the held-out part: prose in the region's language with a reference beside the number, the same
pair in document formats, and numbers named only by context."""

from __future__ import annotations

import random
import re

from pii_corpus_values import PHONE, Line
from pii_tuned17_langs import CONTEXT_ONLY, NEAR_ID
from pii_tuned17_phones import REGIONS, phone

LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def ref(rng: random.Random) -> str:
    """An order, ticket, booking, claim or tracking reference."""
    digits = lambda n: "".join(rng.choice("0123456789") for _ in range(n))  # noqa: E731
    letters = lambda n: "".join(rng.choice(LETTERS) for _ in range(n))  # noqa: E731
    return rng.choice(
        [
            f"#{digits(6)}",
            f"ORD-{digits(4)}-{digits(5)}",
            f"{letters(2)}{digits(8)}",
            f"TCK-{digits(6)}",
            f"{letters(6)}",
            f"{digits(3)}-{digits(7)}-{digits(7)}",
            f"CS{digits(7)}",
            f"RMA{digits(5)}",
            f"1Z{letters(3)}{digits(3)}{digits(10)}",
            f"INC{digits(7)}",
            f"BKG/{digits(2)}/{digits(5)}",
            f"{letters(3)}-{digits(4)}{letters(1)}",
        ]
    )


def fill(template: str, values: dict[str, tuple[str, str | None]], *tags: str) -> Line:
    """``template`` with ``{name}`` slots (``{{`` and ``}}`` for literal braces) as a labelled line."""
    line = Line(*tags)
    parts = re.split(r"(?<!\{)\{(\w+)\}(?!\})", template)
    for i, part in enumerate(parts):
        if i % 2:
            text, entity = values[part]
            line.add(text, entity)
        elif part:
            line.add(part.replace("{{", "{").replace("}}", "}"))
    return line


# (setting, template, order): {id} the reference, {p} the phone
SETTINGS: list[tuple[str, str, str]] = [
    ("json", '{{"order_id": "{id}", "status": "shipped", "contact_phone": "{p}"}}', "id-first"),
    ("json", '{{"callback": {{"number": "{p}", "window": "14-16"}}, "ticket": "{id}"}}', "phone-first"),
    ("yaml", 'ticket: {id}\npriority: P3\nrequester:\n  phone: "{p}"\n  preferred: sms', "id-first"),
    ("csv", "order_id,customer_phone,status\n{id},{p},awaiting pickup", "id-first"),
    ("csv", "phone;reference;channel\n{p};{id};ivr", "phone-first"),
    ("html", "<tr><td>{id}</td><td>Delivery</td><td>{p}</td></tr>", "id-first"),
    ("markdown", "| Booking | Guest phone |\n|---|---|\n| {id} | {p} |", "id-first"),
    ("vcard", "BEGIN:VCARD\nVERSION:3.0\nFN:Customer\nTEL;TYPE=CELL:{p}\nNOTE:case {id}\nEND:VCARD", "phone-first"),
    ("log", "2024-11-07T09:14:22Z INFO dispatch order={id} notify_msisdn={p} attempt=2", "id-first"),
    ("log", "[sms-gw] queued to={p} ref={id} template=DELIVERY_ETA", "phone-first"),
    ("kv", "ref={id} phone={p} lang=auto consent=yes", "id-first"),
    ("ini", "[callback]\nnumber = {p}\ncase = {id}\nslot = morning", "phone-first"),
    ("xml", '<shipment id="{id}"><recipient><phone>{p}</phone></recipient></shipment>', "id-first"),
    ("sms", "Your order {id} arrives today 12-3pm. Questions? Reply or call {p}.", "id-first"),
    ("chat", "[10:42] Agent: I can see booking {id}.\n[10:42] Agent: Is {p} still the best number?", "id-first"),
    ("chat", "customer> my number is {p}\nbot> Thanks! Linked it to claim {id}.", "phone-first"),
    ("email", "From: Dispatch desk\nSubject: Re: {id}\n\nThe driver tried {p} twice.", "id-first"),
    ("receipt", "RECEIPT {id}\n2 x Filter cartridge   19.98\nTOTAL                 19.98\nTel: {p}", "id-first"),
    ("form", "Reference no.: {id}\nDaytime telephone: {p}\nBest time to call: evenings", "id-first"),
    ("form", "Mobile number*  [{p}]\nOrder number   [{id}]", "phone-first"),
]


def phone_rows(rng: random.Random) -> list[Line]:
    lines: list[Line] = []
    for region, (_, langs) in REGIONS.items():
        for i in range(3):
            lang = langs[i % len(langs)]
            options = NEAR_ID[lang]
            k = rng.randrange(len(options)) if lang == "en" else i % 2
            template = options[k]
            order = "id-first" if template.index("{id}") < template.index("{p}") else "phone-first"
            values = {"id": (ref(rng), None), "p": (phone(rng, region), PHONE)}
            tags = ["phone", f"region-{region}", f"lang-{lang}", "near-id", order, "setting-prose"]
            lines.append(fill(template, values, *tags))
        for setting, template, order in rng.sample(SETTINGS, 2):
            values = {"id": (ref(rng), None), "p": (phone(rng, region), PHONE)}
            tags = ["phone", f"region-{region}", "lang-en", "near-id", order, f"setting-{setting}"]
            lines.append(fill(template, values, *tags))
    context = [("en", r) for r in ("US", "GB", "NG", "AU", "IN", "SG", "KE", "NZ", "CA", "IE")]
    context += [("es", "MX"), ("es", "CO"), ("fr", "FR"), ("fr", "SN"), ("de", "DE"), ("de", "AT")]
    context += [("pt", "BR"), ("pt", "PT"), ("es", "AR"), ("fr", "BE")]
    for _ in range(2):
        for lang, region in context:
            template = rng.choice(CONTEXT_ONLY[lang])
            tags = ["phone", f"region-{region}", f"lang-{lang}", "context-only", "setting-prose"]
            lines.append(fill(template, {"p": (phone(rng, region), PHONE)}, *tags))
    return lines
