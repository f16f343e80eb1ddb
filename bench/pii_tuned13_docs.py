"""Records that support replies quote, for the held-out part (bench/make_pii_tuned13.py): order, ticket and booking
ids, and document settings (JSON, YAML, CSV, HTML and Markdown tables, vCards, log lines, receipts, e-mail headers,
key=value dumps, INI, XML, chat transcripts, SMS, forms) that put a phone number beside such an id, either first."""

from __future__ import annotations

import random

UP = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def letters(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(UP) for _ in range(n))


def some_id(rng: random.Random) -> str:
    """An order, ticket, booking, case, return or shipment id in one of the shapes shops and help desks use."""
    shapes = [
        lambda: f"#{digits(rng, rng.choice([5, 6, 7, 8]))}",
        lambda: f"ORD-{rng.randint(2019, 2026)}-{digits(rng, 6)}",
        lambda: f"TCK-{digits(rng, 6)}",
        lambda: f"INC{digits(rng, 7)}",
        lambda: f"BK-{letters(rng, 2)}{digits(rng, 4)}",
        lambda: letters(rng, 6),
        lambda: f"RMA {digits(rng, 5)}-{letters(rng, 1)}",
        lambda: f"1Z{letters(rng, 1)}{digits(rng, 2)}{letters(rng, 2)}{digits(rng, 10)}",
        lambda: f"{digits(rng, 3)}-{digits(rng, 7)}-{digits(rng, 7)}",
        lambda: f"CS{digits(rng, 9)}",
        lambda: f"SR-{digits(rng, 4)}-{digits(rng, 4)}",
        lambda: f"{letters(rng, 2)}{digits(rng, 9)}{letters(rng, 2)}",
        lambda: f"N°{digits(rng, 8)}",
        lambda: f"{digits(rng, 10)}",
    ]
    return rng.choice(shapes)()


NAMES = [
    "Amara Okafor", "Lena Vogel", "Tomás Ibarra", "Yuki Tanaka", "Priya Raman", "Jonas Lindqvist", "Chloé Martin",
    "Mateus Rocha", "Aisha Bello", "Oliver Grant", "Zofia Nowak", "Dimitris Alexiou", "Hana Kim", "Farid Haddad",
    "Sofia Esposito", "Nguyen Thi Mai", "Kwame Mensah", "Isabel Cruz", "Rafael Duarte", "Ingrid Solberg",
]  # fmt: skip

# (setting, order, template); {id}, {p} and {name} are the slots
PHONE_SETTINGS: list[tuple[str, str, str]] = [
    ("json", "id-first", '{{"order_id": "{id}", "customer": "{name}", "phone": "{p}", "status": "shipped"}}'),
    ("json", "phone-first", '{{\n  "contact": {{"mobile": "{p}"}},\n  "ticket": "{id}",\n  "priority": "P3"\n}}'),
    ("yaml", "id-first", 'booking:\n  ref: {id}\n  guest: {name}\n  phone: "{p}"\n  nights: 3'),
    ("yaml", "phone-first", "- callback: '{p}'\n  case: {id}\n  opened_by: agent-17"),
    ("csv", "id-first", "order,name,phone,total\n{id},{name},{p},49.90"),
    ("csv", "phone-first", "phone;case;state\n{p};{id};waiting"),
    ("html", "id-first", "<table><tr><th>Order</th><td>{id}</td></tr><tr><th>Phone</th><td>{p}</td></tr></table>"),
    ("html", "phone-first", '<p>Call back: <a href="#">{p}</a> &middot; ticket <b>{id}</b></p>'),
    ("markdown", "id-first", "| Ticket | Customer | Callback |\n|---|---|---|\n| {id} | {name} | {p} |"),
    ("markdown", "phone-first", "- **Mobile:** {p}\n- **Booking:** `{id}`\n- **Status:** confirmed"),
    ("vcard", "phone-first", "BEGIN:VCARD\nVERSION:3.0\nFN:{name}\nTEL;TYPE=CELL:{p}\nNOTE:order {id}\nEND:VCARD"),
    ("vcard", "id-first", "BEGIN:VCARD\nVERSION:4.0\nFN:{name}\nNOTE:RMA {id}\nTEL;VALUE=uri;TYPE=work:{p}\nEND:VCARD"),
    ("log", "id-first", "2025-03-14T09:12:44Z INFO sms.dispatch order={id} to={p} template=out_for_delivery"),
    ("log", "phone-first", "[worker-3] WARN callback queued number={p} ticket={id} attempts=2"),
    ("receipt", "id-first", "RECEIPT  {id}\nQty 2  Filter cartridge   31.80\nTOTAL            31.80\nStore tel: {p}"),
    ("receipt", "phone-first", "Delivery contact: {p}\nInvoice no. {id}\nSubtotal 120.00  VAT 24.00"),
    ("email", "id-first", "From: Support Desk\nSubject: Re: order {id}\n\nWe tried to call you on {p}."),
    ("email", "phone-first", "To: Dispatch team\nSubject: Missed delivery\n\nCustomer mobile {p}, ref {id}."),
    ("kv", "id-first", 'order_id={id} customer="{name}" phone={p} channel=web'),
    ("kv", "phone-first", "msisdn={p}; case_ref={id}; lang=auto"),
    ("ini", "id-first", "[shipment]\nreference = {id}\nrecipient = {name}\nphone = {p}"),
    ("ini", "phone-first", "[contact]\nmobile={p}\n[ticket]\nid={id}"),
    ("xml", "id-first", '<order id="{id}"><buyer>{name}</buyer><phone>{p}</phone></order>'),
    ("xml", "phone-first", '<contact><tel type="mobile">{p}</tel><caseRef>{id}</caseRef></contact>'),
    (
        "chat",
        "id-first",
        "[10:02] Customer: my order is {id}\n[10:03] Agent: thanks! best number to reach you?\n[10:03] Customer: {p}",
    ),
    ("chat", "phone-first", "Customer: you can text me at {p}\nAgent: Noted. I've linked it to ticket {id}."),
    ("sms", "id-first", "Your parcel {id} arrives today 14:00-16:00. Driver: {p}. Reply STOP to opt out."),
    ("sms", "phone-first", "Call {p} to reschedule appointment {id}. Do not reply to this message."),
    ("form", "id-first", "Booking reference: {id}\nFull name: {name}\nPhone number: {p}\nArrival: 18:30"),
    ("form", "phone-first", "Contact number*: {p}\nOrder number*: {id}\nReason: wrong size"),
]
