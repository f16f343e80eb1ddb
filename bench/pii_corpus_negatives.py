"""Hard negatives of tuned part 1 of the PII corpus (bench/make_pii_corpus.py): identifiers that look like PII
but are not (orders, tickets, tracking numbers, ISBN, EAN, SKU, versions, dates, times, prices, IPs, ZIP codes,
Luhn-invalid cards, SSNs with impossible areas, IBANs with a wrong check), with the makers of their values. Split
out of the generator unchanged; the generator calls ``negative_lines`` with its random stream, in the same order.
"""

from __future__ import annotations

import random

from pii_corpus_values import (  # noqa: E402 - bench scripts run with bench/ on the path
    SEPA_BBAN,
    Line,
    card_digits,
    d,
    iban_value,
    nz,
    printed,
)

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
