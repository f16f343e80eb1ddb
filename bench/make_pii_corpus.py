"""Writes bench/data/pii_corpus.jsonl: the labelled corpus that bench/pii_accuracy.py measures the PII detector on.

Run: .venv/bin/python bench/make_pii_corpus.py [--check]  (--check: exit 1 when the committed file differs)

Each line is a support-bot reply: ``{"id", "text", "entities": [{"entity", "value", "start", "end"}], "tags"}``.
The labels say what a careful human reviewer would mark as personal data that the reply reveals, whatever the
detector does. Values are built from the rules of each scheme (card networks' prefixes and lengths with a Luhn
check digit, SSN areas, each SEPA country's IBAN layout with mod-97 check digits, national phone numbering
plans and the reserved fictional ranges), never filtered through the detector. Hard negatives are identifiers
that look like PII (orders, tickets, tracking numbers, ISBN, EAN, SKU, versions, dates, times, prices, IPs,
ZIP codes, Luhn-invalid cards, SSNs with impossible areas, IBANs with a wrong check). The hand-written cases
include, verbatim, every example the corpus was specified with (tag ``issue16``; docs/benchmarks.md).
Deterministic: the same seed gives the same file.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from pii_corpus_values import (  # noqa: E402 - bench scripts run with bench/ on the path
    CARD,
    DOMAINS,
    EMAIL,
    IBAN,
    LOCALS,
    PHONE,
    SEPA_BBAN,
    SSN,
    Line,
    card_digits,
    card_format,
    card_lines,
    d,
    email_lines,
    iban_lines,
    iban_valid,
    iban_value,
    luhn_valid,
    nz,
    phone_formats,
    phone_lines,
    printed,
    ssn_lines,
    templated,
)

OUT = Path(__file__).resolve().parent / "data" / "pii_corpus.jsonl"

# ---- hard negatives ----------------------------------------------------------------------------------------------


def isbn10(rng: random.Random) -> str:
    body = "0" + d(rng, 8)
    check = (11 - sum((10 - i) * int(c) for i, c in enumerate(body)) % 11) % 11
    digits = body + ("X" if check == 10 else str(check))
    return f"{digits[0]}-{digits[1:4]}-{digits[4:9]}-{digits[9]}"


def ean13(rng: random.Random, prefix: str = "") -> str:
    body = prefix + d(rng, 12 - len(prefix))
    check = (10 - sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body)) % 10) % 10
    return body + str(check)


def isbn13(rng: random.Random) -> str:
    digits = ean13(rng, "978" + rng.choice("01"))
    return f"{digits[:3]}-{digits[3]}-{digits[4:7]}-{digits[7:12]}-{digits[12]}"


def ups(rng: random.Random, spaced: bool) -> str:
    chars = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"
    body = "1Z" + "".join(rng.choice(chars) for _ in range(6)) + d(rng, 10)
    if not spaced:
        return body
    return f"{body[:2]} {body[2:5]} {body[5:8]} {body[8:10]} {body[10:14]} {body[14:]}"


def luhn_invalid_card(rng: random.Random) -> str:
    digits = card_digits(rng, rng.choice(["4", "51", "6011", "37"]), 16)
    digits = digits[:-1] + str((int(digits[-1]) + rng.randint(1, 9)) % 10)
    return " ".join(digits[i : i + 4] for i in range(0, 16, 4))


def bad_iban(rng: random.Random) -> str:
    country = rng.choice(sorted(SEPA_BBAN))
    value = iban_value(rng, country)
    wrong = f"{(int(value[2:4]) + rng.randint(1, 96)) % 97 + 2:02d}"
    if wrong == value[2:4]:
        wrong = f"{(int(wrong) % 96) + 2:02d}"
    return printed(value[:2] + wrong + value[4:])


def negative_makers(rng: random.Random) -> list[tuple[str, str]]:
    """(kind, reply) pairs that hold no PII, only look-alikes."""
    o10 = lambda: nz(rng, 10)  # noqa: E731
    return [
        ("order", f"Your order #{o10()} shipped this morning and should arrive Thursday."),
        ("order", f"Order number {nz(rng, 3)}-{d(rng, 7)}-{d(rng, 7)} was refunded in full."),
        ("order", f"I can see order {nz(rng, 3)}-{nz(rng, 3)}-{d(rng, 4)} in our system; it is out for delivery."),
        ("order", f"Order no. 2024-{d(rng, 6)} has been cancelled as requested."),
        ("ticket", f"I've opened ticket TKT-2024-{d(rng, 6)} for the damaged item."),
        ("ticket", f"Your support ticket {nz(rng, 3)} {nz(rng, 3)} {d(rng, 4)} is now closed."),
        ("ticket", f"Case {nz(rng, 2)}-{d(rng, 4)}-{d(rng, 4)} was escalated to tier 2."),
        ("tracking", f"Tracking number: {ups(rng, True)} (UPS Ground)."),
        ("tracking", f"Your package is on its way, tracking {ups(rng, False)}."),
        ("tracking", f"FedEx tracking: {nz(rng, 4)} {d(rng, 4)} {d(rng, 4)}."),
        ("tracking", f"USPS tracking 9400 {d(rng, 4)} {d(rng, 4)} {d(rng, 4)} {d(rng, 4)} {d(rng, 2)}."),
        ("isbn", f"The book you ordered, ISBN {isbn10(rng)}, is back in stock."),
        ("isbn", f"Edition details: {isbn13(rng)} (paperback)."),
        ("isbn", f"ISBN-10: {isbn10(rng)}; ISBN-13: {isbn13(rng)}."),
        ("ean", f"The barcode on the box reads EAN {ean13(rng, '40')}."),
        ("ean", f"EAN: {ean13(rng)} - please check it matches the label."),
        ("sku", f"The replacement part is SKU {nz(rng, 4)}-{d(rng, 4)}-{d(rng, 2)}."),
        ("sku", f"Item SKU {nz(rng, 3)} {d(rng, 3)} {d(rng, 4)} is discontinued, sorry."),
        ("invoice", f"Invoice {nz(rng, 3)}-{nz(rng, 3)}-{d(rng, 4)} was paid on the 3rd."),
        ("invoice", f"Invoice number INV-{d(rng, 4)}-{d(rng, 6)} is attached."),
        (
            "version",
            f"Please update the app to version {rng.randint(2, 19)}.{rng.randint(0, 40)}.{rng.randint(0, 400)}.",
        ),
        ("version", f"Build 10.0.{nz(rng, 5)}.{nz(rng, 4)} fixed the sync bug."),
        (
            "version",
            f"Firmware v{rng.randint(1, 9)}.{rng.randint(10, 99)}.{rng.randint(100, 999)}.{rng.randint(1000, 9999)} is the latest.",
        ),
        (
            "date",
            f"Your return window closes on {rng.randint(2024, 2026)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}.",
        ),
        (
            "date",
            f"Delivered {rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}/{rng.randint(2023, 2026)} at the front door.",
        ),
        ("date", f"Der Termin ist am {rng.randint(1, 28):02d}.{rng.randint(1, 12):02d}.{rng.randint(2023, 2026)}."),
        (
            "date",
            f"Between {rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}/{rng.randint(2023, 2026)} and {rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}/{rng.randint(2023, 2026)} the store is closed.",
        ),
        ("time", f"We're open {rng.randint(7, 10)}:00-{rng.randint(17, 21)}:30 Monday to Friday."),
        (
            "time",
            f"The call was logged at {rng.randint(10, 23)}:{rng.randint(10, 59)}:{rng.randint(10, 59)} UTC on {rng.randint(2024, 2026)}-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}.",
        ),
        ("price", f"The total is ${rng.randint(1, 9)},{d(rng, 3)}.{d(rng, 2)} including tax."),
        ("price", f"Der Preis beträgt {rng.randint(1, 9)}.{d(rng, 3)},{d(rng, 2)} €."),
        ("price", f"Annual revenue last year was USD {rng.randint(100, 999)},{d(rng, 3)},{d(rng, 3)}.{d(rng, 2)}."),
        (
            "ip",
            f"The webhook came from {rng.randint(11, 223)}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}; please allow-list it.",
        ),
        ("ip", f"Connect to 192.168.{rng.randint(100, 255)}.{rng.randint(100, 254)} on port 8443."),
        ("zip", f"We ship to ZIP {nz(rng, 5)}-{d(rng, 4)} within two days."),
        ("zip", f"The warehouse is at 100 Main St, Springfield, IL {nz(rng, 5)}."),
        ("zip", f"Our Berlin office: Friedrichstraße 68, {nz(rng, 5)} Berlin."),
        ("card_invalid", f"The number {luhn_invalid_card(rng)} failed the check, so it isn't a valid card."),
        ("card_invalid", f"Reference {'1' + d(rng, 15)} for your records."),
        (
            "ssn_invalid",
            f"Employee ID {rng.choice(['000', '666', '9' + d(rng, 2)])}-{d(rng, 2)}-{d(rng, 4)} is for internal use.",
        ),
        ("ssn_invalid", f"Your member number {nz(rng, 9)} is on the card."),
        ("iban_invalid", f"That IBAN ({bad_iban(rng)}) didn't pass validation - could you check it?"),
        ("account", f"Account {nz(rng, 8)} is in good standing."),
        ("serial", f"Serial number {nz(rng, 4)}-{d(rng, 4)}-{d(rng, 4)}-{d(rng, 4)} is registered to your device."),
        (
            "stats",
            f"We handled {rng.randint(1, 9)},{d(rng, 3)},{d(rng, 3)} tickets in {rng.randint(2020, 2025)} and {rng.randint(1, 9)},{d(rng, 3)} this week.",
        ),
        (
            "coupon",
            f"Use code SAVE{rng.randint(10, 50)} at checkout; it expires {rng.randint(1, 12)}/{rng.randint(1, 28)}.",
        ),
        ("handle", "Follow us at @northwind_help for outage news."),
        ("placeholder_email", "Enter your address in the form name@example.com, then press Save."),
        ("placeholder_email", "Replace you@yourcompany.com in the template with your own address."),
    ]


def negative_lines(rng: random.Random) -> list[Line]:
    lines = []
    for _ in range(4):
        for kind, text in negative_makers(rng):
            lines.append(Line("negative", kind).add(text))
    return lines


# ---- mixed replies and the hand-written cases (tag issue16; docs/benchmarks.md) ----------------------------------


def mixed_lines(rng: random.Random) -> list[Line]:
    """PII next to look-alikes: the detector must take the one and leave the other."""
    lines = []
    for i in range(24):
        network, prefix, length = rng.choice(
            [("Visa", "4", 16), ("Mastercard", "52", 16), ("American Express", "37", 15), ("Discover", "6011", 16)]
        )
        card = card_format(rng, card_digits(rng, prefix, length), network, "spaces")
        phone = f"({rng.choice(['212', '415', '617'])}) 555-01{d(rng, 2)}"
        country = sorted(SEPA_BBAN)[i % len(SEPA_BBAN)]
        iban = printed(iban_value(rng, country))
        email = f"{rng.choice(LOCALS)}@{rng.choice(DOMAINS['webmail'] + DOMAINS['example'])}"
        order = nz(rng, 10)
        ticket = f"TKT-2024-{d(rng, 6)}"
        templates = [
            (
                "Order #{o} was charged to {c}; a receipt went to {e}.",
                {"o": (order, None), "c": (card, CARD), "e": (email, EMAIL)},
            ),
            (
                "Ticket {t}: the customer asked us to call {p} about IBAN {i}.",
                {"t": (ticket, None), "p": (phone, PHONE), "i": (iban, IBAN)},
            ),
            (
                "Tracking {u} - delivery contact {p}, invoice {o}.",
                {
                    "u": (ups(rng, True), None),
                    "p": (phone, PHONE),
                    "o": (f"{order[:3]}-{order[3:6]}-{order[6:]}", None),
                },
            ),
            (
                "On {dt} at {tm} we refunded ${pr} to {i}.",
                {
                    "dt": (f"2024-0{rng.randint(1, 9)}-{rng.randint(10, 28)}", None),
                    "tm": (f"{rng.randint(10, 23)}:{rng.randint(10, 59)}", None),
                    "pr": (f"{rng.randint(1, 9)},{d(rng, 3)}.{d(rng, 2)}", None),
                    "i": (iban, IBAN),
                },
            ),
        ]
        template, values = templates[i % len(templates)]
        lines.append(templated(template, values, "mixed"))
    return lines


def issue_lines() -> list[Line]:
    """The examples the corpus was specified with (tag ``issue16``), verbatim, as a support bot would write them."""
    P, N = PHONE, None
    cases: list[tuple[str, dict[str, tuple[str, str | None]]]] = [
        ("The customer record shows {v} as the contact address.", {"v": ("jordan.rivera84@example.com", EMAIL)}),
        ("Statements are mailed to {v}.", {"v": ("ap.team@billing.example.net", EMAIL)}),
        ("His work address is {v}.", {"v": ("r.chen@mail.example.org", EMAIL)}),
        ("The staging account belongs to {v}.", {"v": ("nina@shop.example", EMAIL)}),
        ("I've opened {v} for you; someone will reply within a day.", {"v": ("TKT-2024-004417", N)}),
        ("Your ticket TKT-2024-004417 is in progress.", {}),
        ("Your parcel is on its way: tracking {v}.", {"v": ("1Z K8E K5R 03 8681 3371", N)}),
        ("UPS tracking number 1Z K8E K5R 03 8681 3371, expected Friday.", {}),
        ("The book (ISBN {v}) ships tomorrow.", {"v": ("0-306-40615-2", N)}),
        ("Order reference 0-306-40615-2 was found.", {}),
        ("Call our UK partner on {v}.", {"v": ("+44 7700 900697", P)}),
        ("The Berlin office number is {v}.", {"v": ("+49 30 19229013", P)}),
        ("His direct line is {v}.", {"v": ("617-555-0115", P)}),
        ("Call {v} for billing questions.", {"v": ("1 (800) 555-0130", P)}),
        ("The refund goes to {v} (Spain).", {"v": ("ES29 6232 0592 5973 4104 3860", IBAN)}),
        ("IBAN: {v}", {"v": ("ES29 6232 0592 5973 4104 3860", IBAN)}),
        ("Jordan's record: {e}, {p}, IBAN {i}.", {"e": ("jordan.rivera84@example.com", EMAIL), "p": ("617-555-0115", P), "i": ("ES29 6232 0592 5973 4104 3860", IBAN)}),
        ("Ticket TKT-2024-004417 mentions ISBN 0-306-40615-2 and tracking 1Z K8E K5R 03 8681 3371.", {}),
    ]  # fmt: skip
    return [templated(template, values, "issue16") for template, values in cases]


SEED = 16


def probe_lines() -> list[Line]:
    """Hand-written after the first measurement, to probe what the generated lines leave out (amounts with spaces
    between thousands, a date followed by a time, serials, meeting ids, extensions, freephone numbers, phones
    written without separators). Labelled before the detector was run on them; it then took five of the negatives
    for phones and missed the three bare phone numbers, and was fixed."""
    P, E, N = PHONE, EMAIL, None
    cases: list[tuple[str, dict[str, tuple[str, str | None]]]] = [
        ("Der Umsatz betrug {v} € im letzten Jahr.", {"v": ("650 000 000", N)}),
        ("Budget: EUR {v} for the migration.", {"v": ("912 345 678", N)}),
        ("The population is 67 750 000 and growing.", {}),
        ("Sort code 20-00-00, account 55779911.", {}),
        ("Coordinates: 51.5074, -0.1278.", {}),
        ("Call {v} for free.", {"v": ("0800 123 4567", P)}),
        ("Our main line is {v} ext. 204.", {"v": ("617-555-0115", P)}),
        ("Write to <{a}> or mailto:{b}.", {"a": ("jane.doe@acme.io", E), "b": ("ops@acme.io", E)}),
        ("Your confirmation code is 2024 0517 3321.", {}),
        ("PNR: ABC123, flight LH 400 on 2024-05-17 at 10:30.", {}),
        ("The serial is SN 0123 4567 8901.", {}),
        ("Room 0405, building 12, floor 3.", {}),
        ("Model number 0-7643-5467-2.", {}),
        ("Call me: {v}.", {"v": ("07911 123456", P)}),
        ("Fax {v}.", {"v": ("+1 (212) 555-0147", P)}),
        ("Account 12-3456-7890123-00 (NZ).", {}),
        ("Dial 112 or 999 in an emergency.", {}),
        ("Meeting ID 845 2291 0037, passcode 551234.", {}),
        ("Order placed: 05/17/2024 10:30:22, total 1,299.00.", {}),
        ("Phone: {v}", {"v": ("06-12345678", P)}),
        ("Your IMEI is 35-209900-176148-1.", {}),
        ("Version 2024.05.17.1 is out.", {}),
        ("Bank routing number 021000021 and account 000123456789.", {}),
        ("Tracking number 9400 1000 0000 0000 0000 00.", {}),
        ("Her phone number is {v}, and her card ends in 1111.", {"v": ("(617) 555-0115", P)}),
        ("Customer since 2019-03-04, customer number 0049 3012 3456.", {}),
        ("Sure, you can call her directly: {v}.", {"v": ("4155550123", P)}),
        ("His mobile number is {v}.", {"v": ("07700900461", P)}),
        ("Phone {v} (Jordan, evenings).", {"v": ("6175550115", P)}),
        ("Please call about order 4155550123 before Friday.", {}),
        ("Call us about invoice 6175550115 if anything is unclear.", {}),
    ]
    return [templated(template, values, "probe") for template, values in cases]


# ---- labels around numbers, and asset names (tuned: the rules in evaluations/scoring/pii/labels.py) ------------

# (template, language): {p} is a phone that the sentence calls one, {o} an order/ticket/tracking number beside it
LABELLED_PHONE_TEMPLATES = [
    ("The contact number on order {o} was changed to {p}.", "en"),
    ("I've updated the delivery phone for order #{o} to {p}.", "en"),
    ("The phone on your order is {p}; order {o} ships tomorrow.", "en"),
    ("Delivery contact for order {o}: {p}.", "en"),
    ("Your order {o} ships Monday and the driver will call {p} on arrival.", "en"),
    ("For delivery questions about order {o}, reach me at {p}.", "en"),
    ("Order {o}: the customer's mobile is {p}, please ring before delivery.", "en"),
    ("WhatsApp {p} if the delivery of order {o} is late.", "en"),
    ("Delivery update for ticket {o} - new contact number {p}.", "en"),
    ("Phone {p} (order {o}, delivery on Friday).", "en"),
    ("The customer asked us to text {p} when tracking {o} shows out for delivery.", "en"),
    ("The recipient's number for tracking {o} is now {p}.", "en"),
    ("El teléfono de contacto del pedido {o} es {p}.", "es"),
    ("Llámame al {p} si hay problemas con la entrega del pedido {o}.", "es"),
    ("Cambiamos el móvil de entrega del pedido {o} a {p}.", "es"),
    ("Para el envío {o}, el repartidor llamará al {p}.", "es"),
    ("ऑर्डर {o} का फ़ोन नंबर {p} है।", "hi"),
    ("डिलीवरी के लिए {p} पर कॉल करें, ऑर्डर {o}।", "hi"),
    ("मेरा मोबाइल नंबर {p} है, ऑर्डर {o} के बारे में।", "hi"),
    ("ट्रैकिंग {o} के लिए संपर्क: {p}", "hi"),
]
# Phone-shaped numbers that the sentence calls an order, ticket or tracking number, next to a phone word
LABELLED_ID_TEMPLATES = [
    ("Phone order {o} has shipped.", "en"),
    ("I called about order {o} yesterday; it ships today.", "en"),
    ("Your phone order number is {o}.", "en"),
    ("The phone you bought is on order {o}.", "en"),
    ("Please call us about ticket {o} if anything is unclear.", "en"),
    ("Phone support opened case {o} for the delivery.", "en"),
    ("Tracking number for your new phone: {o}.", "en"),
    ("Llamé por el pedido {o} ayer.", "es"),
    ("El número de pedido de su teléfono es {o}.", "es"),
    ("Su móvil llegará con el envío {o}.", "es"),
    ("फ़ोन ऑर्डर नंबर {o} है।", "hi"),
    ("आपके फ़ोन का ऑर्डर {o} भेज दिया गया है।", "hi"),
]
LABELLED_PHONE_FORMATS = [
    "US (ddd) ddd-dddd", "US ddd-ddd-dddd", "US +1", "UK London", "UK +44 mobile fictional", "DE Berlin",
    "DE mobile", "FR mobile", "FR +33", "ES landline", "ES mobile", "IT mobile", "NL mobile", "AU Sydney",
    "AU +61", "IN mobile", "IN national", "JP Tokyo", "BR Sao Paulo mobile", "MX", "international 00",
]  # fmt: skip
ASSETS = [
    "icon@2x.png", "hero@1.5x.jpg", "logo@3x.webp", "banner@2x.svg", "avatar@2x.gif", "btn-close@2x.png",
    "app-icon@3x.jpeg", "sprite@2x.zip", "intro@2x.mov", "splash@1.5x.avif",
]  # fmt: skip
ASSET_TEMPLATES = [
    "Upload {a} to the static folder; the old one was blurry.",
    "Retina assets: {a} and {b} are in the release bundle.",
    "The header uses {a}, the footer {b}.",
    "Sube {a} a la carpeta de imágenes, por favor.",
    "फ़ाइल {a} अपलोड कर दी गई है।",
]
UNCOMMON_TLD_EMAILS = [
    "curator@arts.museum", "bookings@lisbon.travel", "studio@light.photography", "hola@cafe.coffee",
    "li.wei@shop.zip", "ed@clips.mov", "team@startup.xyz", "ana@xn--e1afmkfd.xn--p1ai", "k.tanaka@tokyo.jp",
]  # fmt: skip


def _order_number(rng: random.Random) -> str:
    return rng.choice([nz(rng, 6), f"A-{d(rng, 5)}", f"NW-{d(rng, 5)}", f"{nz(rng, 3)}-{d(rng, 7)}-{d(rng, 7)}"])


def _phone_shaped_order(rng: random.Random) -> str:
    """An order, ticket or tracking number written like a phone number (labels alone tell them apart)."""
    return rng.choice(
        [
            f"{nz(rng, 3)}-{nz(rng, 3)}-{d(rng, 4)}",
            nz(rng, 10),
            f"0{nz(rng, 2)} {nz(rng, 4)} {d(rng, 4)}",
            f"6{d(rng, 2)} {d(rng, 2)} {d(rng, 2)} {d(rng, 2)}",
            f"{nz(rng, 5)} {d(rng, 5)}",
        ]
    )


def labelled_lines(seed: int) -> list[Line]:
    """Tuned for the label rules (docs/scoring.md, PII detection): phones in national and international formats
    beside order, delivery and ticket words (en, es, hi), phone-shaped order numbers beside phone words, bare
    phone numbers that a label names, image asset names with a scale suffix, emails at uncommon real TLDs. A
    separate random stream, so the lines above keep their values."""
    rng = random.Random(f"{seed}-labels")
    lines = []
    for template, language in LABELLED_PHONE_TEMPLATES:
        formats = dict(phone_formats(rng))
        for name in rng.sample(LABELLED_PHONE_FORMATS, 5):
            values = {"p": (formats[name], PHONE), "o": (_order_number(rng), None)}
            lines.append(templated(template, values, "label_phone", name, language))
    bare = [
        ("US", lambda: f"{rng.choice(['212', '415', '617'])}{nz(rng, 3)}{d(rng, 4)}"),
        ("UK", lambda: f"07700900{d(rng, 3)}"),
        ("IN", lambda: f"9{d(rng, 9)}"),
        ("ES", lambda: f"6{d(rng, 8)}"),
    ]
    bare_templates = [
        "Call the customer on {p} about order {o}.",
        "Her mobile number is {p}; order {o} is on hold.",
        "Llámame al {p} por el pedido {o}.",
        "ऑर्डर {o} के लिए मेरा फ़ोन नंबर {p} है।",
    ]
    for template in bare_templates:
        for country, make in bare:
            values = {"p": (make(), PHONE), "o": (_order_number(rng), None)}
            lines.append(templated(template, values, "label_phone", f"{country} bare"))
    for template, language in LABELLED_ID_TEMPLATES:
        for _ in range(4):
            lines.append(templated(template, {"o": (_phone_shaped_order(rng), None)}, "negative", "label_id", language))
    for i, template in enumerate(ASSET_TEMPLATES * 2):
        a, b = rng.sample(ASSETS, 2)
        lines.append(templated(template, {"a": (a, None), "b": (b, None)}, "negative", "asset"))
        email = UNCOMMON_TLD_EMAILS[i % len(UNCOMMON_TLD_EMAILS)]
        lines.append(
            templated("Send {a} to {e} for review.", {"a": (a, None), "e": (email, EMAIL)}, "email", "uncommon_tld")
        )
    return lines


NATIONAL_PHONE_TEMPLATES = [
    "Sure, the warehouse lead picks up on {p} until 6 pm.",
    "I've put {p} as the delivery contact for order {o}.",
    "Ticket {o}: the customer wants a callback on {p}.",
    "Puedes llamar al repartidor al {p} antes de las ocho.",
    "ऑर्डर {o} के लिए डिलीवरी नंबर {p} सेव कर दिया है।",
]
SSN_SHAPED_THING_TEMPLATES = [
    "Model {v} is the replacement for your unit.",
    "The filter you need is part #{v}.",
    "SKU {v} is back in stock next week.",
    "Serial number: {v} (printed under the lid).",
    "{v} is the part number on the invoice.",
]
SSN_SHAPED_PERSON_TEMPLATES = [
    "Member ID {v} is on the front of the insurance card.",
    "Customer number {v} belongs to the policy holder.",
    "Part no. 4471 shipped; the SSN on the claim form is {v}.",
]
MASKED_EMAIL_TEMPLATES = [
    "A verification link went to {m}; it expires in 15 minutes.",
    "Enviamos el código a {m}.",
    "The receipt was emailed to {m} and the copy to {e}.",
]


def _ssn_value(rng: random.Random) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    return f"{area:03d}-{rng.randint(1, 99):02d}-{rng.randint(1, 9999):04d}"


def national_lines(seed: int) -> list[Line]:
    """Tuned for the second round of rules (docs/scoring.md, PII detection): national phone forms without a
    trunk prefix or with other separators (Italian and Mexican mobiles, São Paulo without brackets, Delhi with
    dashes, German area codes before a slash, a spaced 00 exit code), bare mobiles named by "best number" or
    listed with "instead of"; SSN shapes named by a thing's label (negatives) or a person's record (SSNs);
    masked addresses; account, tax and phone-product numbers. A separate random stream, so the lines above keep
    their values."""
    rng = random.Random(f"{seed}-national")
    makers = [
        ("IT mobile dash", lambda: f"3{rng.choice('2456789')}{d(rng, 1)}-{nz(rng, 7)}"),
        ("IT mobile space", lambda: f"3{rng.choice('2456789')}{d(rng, 1)} {nz(rng, 7)}"),
        ("MX national", lambda: f"{rng.choice(['55', '33', '81'])} {nz(rng, 4)} {d(rng, 4)}"),
        ("BR Sao Paulo no brackets", lambda: f"11 9{nz(rng, 4)}-{d(rng, 4)}"),
        ("IN Delhi dashes", lambda: f"011-2{d(rng, 3)}-{d(rng, 4)}"),
        ("DE Cologne slash", lambda: f"0221 / {nz(rng, 6)}"),
        ("DE Munich slash", lambda: f"089 / {nz(rng, 7)}"),
        ("UK spaced 00 44", lambda: f"00 44 20 7946 0{d(rng, 3)}"),
    ]
    lines = []
    for template in NATIONAL_PHONE_TEMPLATES:
        for name, make in makers:
            values = {"p": (make(), PHONE), "o": (_order_number(rng), None)}
            lines.append(templated(template, values, "national_phone", name))
    bare_mobiles = [lambda: f"9{d(rng, 9)}", lambda: f"6{d(rng, 8)}"]
    for make in bare_mobiles * 2:
        a, b = make(), make()
        lines.append(templated("Is {a} still the best number to reach you?", {"a": (a, PHONE)}, "label_phone", "best"))
        lines.append(
            templated("Text {a} instead of {b} from now on.", {"a": (a, PHONE), "b": (b, PHONE)}, "label_phone", "list")
        )
    for template in SSN_SHAPED_THING_TEMPLATES:
        for _ in range(3):
            lines.append(templated(template, {"v": (_ssn_value(rng), None)}, "negative", "ssn_shaped_id"))
    for template in SSN_SHAPED_PERSON_TEMPLATES:
        for _ in range(3):
            lines.append(templated(template, {"v": (_ssn_value(rng), SSN)}, "ssn", "person_record"))
    for _ in range(4):
        ein = f"{rng.randint(10, 98)}-{d(rng, 7)}"
        lines.append(templated("Our EIN is {v}, for your vendor form.", {"v": (ein, None)}, "negative", "ein"))
        account = nz(rng, 9)
        lines.append(
            templated("Mobile plan, May: $42.10 billed to account {v}.", {"v": (account, None)}, "negative", "account")
        )
        product = nz(rng, 10)
        lines.append(
            templated("Tu pedido de teléfono {v} llegará el jueves.", {"v": (product, None)}, "negative", "es_compound")
        )
    domains = DOMAINS["webmail"] + DOMAINS["country"]
    for template in MASKED_EMAIL_TEMPLATES * 3:
        local, domain = rng.choice(LOCALS), rng.choice(domains)
        masked = rng.choice([f"{local[0]}***@{domain}", f"{local[0]}*****{local[-1]}@{domain}", f"****@{domain}"])
        values = {"m": (masked, None), "e": (f"{rng.choice(LOCALS)}@{rng.choice(domains)}", EMAIL)}
        lines.append(templated(template, values, "email" if "{e}" in template else "negative", "masked"))
    return lines


def _grouped(digits: str, sizes: tuple[int, ...], sep: str) -> str:
    out, pos = [], 0
    for size in sizes:
        out.append(digits[pos : pos + size])
        pos += size
    return sep.join(out)


def unseen_form_lines(seed: int) -> list[Line]:
    """Tuned for the third round of rules (docs/scoring.md, PII detection): numbers running into Korean or
    Japanese text, 19-digit cards; short national phones (Singapore, Norway) and bare ones named by phone words
    of more languages (Korean, Dutch, Polish, German), Swiss numbers with dots, Belgian mobiles with dashes,
    "for SMS"; code prefixes, phone-order compounds, meeting numbers, IPv4 addresses as negatives; bare SSNs
    named in Spanish, SSN shapes a code continues and claim numbers (negatives); quoted addresses and git
    remotes. A separate random stream, so the lines above keep their values."""
    rng = random.Random(f"{seed}-forms3")
    phones = [
        ("고객님의 휴대폰 번호가 {p}로 변경되었습니다.", lambda: f"010-{nz(rng, 4)}-{d(rng, 4)}", "ko"),
        ("배송 기사님이 {p}로 연락드립니다.", lambda: f"010{nz(rng, 4)}{d(rng, 4)}", "ko_compact"),
        (
            "Wir erreichen Sie unter {p} ab 9 Uhr.",
            lambda: f"07{rng.choice('6789')}.{d(rng, 3)}.{d(rng, 2)}.{d(rng, 2)}",
            "ch_dots",
        ),
        (
            "Votre GSM : {p}.",
            lambda: f"04{rng.choice('789')}{d(rng, 1)}-{d(rng, 2)}-{d(rng, 2)}-{d(rng, 2)}",
            "be_dashes",
        ),
        ("Call me on {p} after six.", lambda: f"9{rng.choice('12345678')}{d(rng, 2)} {d(rng, 4)}", "sg"),
        ("Text the driver on {p} when you arrive.", lambda: f"9{d(rng, 7)}", "no_compact"),
        ("De bezorger belt u vooraf op {p}.", lambda: f"06{rng.choice('12345')}{d(rng, 7)}", "nl_compact"),
        ("Kurier zadzwoni pod numer {p} przed doręczeniem.", lambda: f"5{rng.choice('0137')}{d(rng, 7)}", "pl_compact"),
        ("We keep {p} for SMS reminders.", lambda: f"07700900{d(rng, 3)}", "for_sms"),
    ]
    negatives = [
        (
            "Booking BK {v} is confirmed; we'll phone you on arrival.",
            lambda: _grouped(nz(rng, 9), (3, 3, 3), " "),
            "code_prefix",
        ),
        ("Numer zamówienia telefonu: {v}.", lambda: _grouped(nz(rng, 9), (3, 3, 3), " "), "pl_compound"),
        (
            "Your order {v} has shipped; call us with any questions.",
            lambda: _grouped(nz(rng, 8), (4, 4), " "),
            "short_order",
        ),
        ("Join the Zoom call {v} at noon.", lambda: f"{nz(rng, 3)} {nz(rng, 3)} {d(rng, 4)}", "meeting"),
        (
            "The switch answers on 10.{v} only.",
            lambda: f"{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
            "ipv4",
        ),
        ("The successor model is {v}-C.", lambda: _ssn_value(rng), "ssn_shape_code"),
        ("Your claim number is {v}; keep it for the adjuster.", lambda: _ssn_value(rng), "claim"),
    ]
    lines = []
    for _ in range(3):
        for template, make, kind in phones:
            lines.append(templated(template, {"p": (make(), PHONE)}, "phone", kind))
        for template, make, kind in negatives:
            lines.append(templated(template, {"v": (make(), None)}, "negative", kind))
        ssn = _ssn_value(rng).replace("-", "")
        lines.append(templated("Su número de seguro social {v} quedó guardado.", {"v": (ssn, SSN)}, "ssn", "es_bare"))
        address = f"{rng.choice(LOCALS)}@{rng.choice(DOMAINS['webmail'] + DOMAINS['country'])}"
        lines.append(templated("The invite went to '{e}' this morning.", {"e": (address, EMAIL)}, "email", "quoted"))
        repo = f"{rng.choice(['acme', 'ops', 'web'])}/{rng.choice(['api', 'site', 'infra'])}.git"
        lines.append(templated("git remote add origin {v}", {"v": (f"git@github.com:{repo}", None)}, "negative", "git"))
        lines.append(templated("Mirror: {v}", {"v": (f"ssh://git@gitlab.com/{repo}", None)}, "negative", "git"))
        visa = card_digits(rng, "4", 16)
        lines.append(
            templated("카드 {c}로 결제되었습니다.", {"c": (_grouped(visa, (4, 4, 4, 4), " "), CARD)}, "card", "ko")
        )
        unionpay = card_digits(rng, "62", 19)
        card = _grouped(unionpay, (4, 4, 4, 4, 3), " ")
        lines.append(templated("カード番号は {c}です。", {"c": (card, CARD)}, "card", "ja_19"))
    return lines


def build(seed: int = SEED) -> list[dict[str, object]]:
    """The corpus lines; another ``seed`` draws other values into the same templates (bench/pii_accuracy.py
    --seed measures on such a fresh draw, to see that the figures do not hang on the committed values)."""
    rng = random.Random(seed)
    lines = [
        *issue_lines(),
        *probe_lines(),
        *card_lines(rng),
        *ssn_lines(rng),
        *iban_lines(rng),
        *email_lines(rng),
        *phone_lines(rng),
        *mixed_lines(rng),
        *negative_lines(rng),
        *labelled_lines(seed),
        *national_lines(seed),
        *unseen_form_lines(seed),
    ]
    out = []
    for i, line in enumerate(lines, 1):
        for entity in line.entities:
            value = str(entity["value"])
            assert line.text[int(entity["start"]) : int(entity["end"])] == value  # type: ignore[call-overload]
            digits = "".join(ch for ch in value if ch.isdigit())
            if entity["entity"] == CARD:
                assert luhn_valid(digits), value
            if entity["entity"] == IBAN:
                assert iban_valid(value), value
        out.append({"id": i, "text": line.text, "entities": line.entities, "tags": line.tags})
    return out


def render(rows: list[dict[str, object]]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the committed corpus is not what this writes")
    args = parser.parse_args()
    text = render(build())
    if args.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("corpus up to date" if same else f"{OUT} differs from what make_pii_corpus.py writes")
        return 0 if same else 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    rows = [json.loads(line) for line in text.splitlines()]
    negatives = sum(1 for row in rows if not row["entities"])
    print(f"wrote {OUT}: {len(rows)} lines, {negatives} without PII")
    return 0


if __name__ == "__main__":
    sys.exit(main())
