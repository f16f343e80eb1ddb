"""Writes bench/data/pii_corpus.jsonl: the labelled corpus that bench/pii_accuracy.py measures the PII detector on.

Run: .venv/bin/python bench/make_pii_corpus.py [--check]  (--check: exit 1 when the committed file differs)

Each line is a support-bot reply: ``{"id", "text", "entities": [{"entity", "value", "start", "end"}], "tags"}``.
The labels say what a careful human reviewer would mark as personal data that the reply reveals, whatever the
detector does. Values are built from the rules of each scheme (card networks' prefixes and lengths with a Luhn
check digit, SSN areas, each SEPA country's IBAN layout with mod-97 check digits, national phone numbering
plans and the reserved fictional ranges), never filtered through the detector. Hard negatives are identifiers
that look like PII (orders, tickets, tracking numbers, ISBN, EAN, SKU, versions, dates, times, prices, IPs,
ZIP codes, Luhn-invalid cards, SSNs with impossible areas, IBANs with a wrong check). The hand-written cases
include every example from issue 16 verbatim. Deterministic: the same seed gives the same file.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent / "data" / "pii_corpus.jsonl"

CARD, SSN, IBAN, EMAIL, PHONE = "CREDIT_CARD", "US_SSN", "IBAN_CODE", "EMAIL_ADDRESS", "PHONE_NUMBER"


# ---- building a labelled line -----------------------------------------------------------------------------------


class Line:
    """A reply built piece by piece; ``add(value, entity)`` records the span of a labelled value."""

    def __init__(self, *tags: str) -> None:
        self.text = ""
        self.entities: list[dict[str, object]] = []
        self.tags = list(tags)

    def add(self, piece: str, entity: str | None = None) -> Line:
        if entity:
            self.entities.append(
                {"entity": entity, "value": piece, "start": len(self.text), "end": len(self.text) + len(piece)}
            )
        self.text += piece
        return self


def templated(template: str, values: dict[str, tuple[str, str | None]], *tags: str) -> Line:
    """``template`` with ``{name}`` slots; ``values[name] = (text, entity or None)``."""
    line = Line(*tags)
    rest = template
    while "{" in rest:
        before, _, after = rest.partition("{")
        name, _, rest = after.partition("}")
        line.add(before)
        text, entity = values[name]
        line.add(text, entity)
    line.add(rest)
    return line


# ---- checksums ---------------------------------------------------------------------------------------------------


def luhn_digit(partial: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(partial)):
        d = int(ch)
        if i % 2 == 0:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return str((10 - total % 10) % 10)


def luhn_valid(digits: str) -> bool:
    return luhn_digit(digits[:-1]) == digits[-1]


def iban_check(country: str, bban: str) -> str:
    rearranged = bban + country + "00"
    value = int("".join(str(int(ch, 36)) for ch in rearranged))
    return f"{98 - value % 97:02d}"


def iban_valid(iban: str) -> bool:
    compact = iban.replace(" ", "")
    rearranged = compact[4:] + compact[:4]
    return int("".join(str(int(ch, 36)) for ch in rearranged)) % 97 == 1


# ---- cards -------------------------------------------------------------------------------------------------------

# network -> (prefixes, lengths)
NETWORKS: dict[str, tuple[list[str], list[int]]] = {
    "Visa": (["4"], [16, 13, 19]),
    "Mastercard": (["51", "52", "53", "54", "55"], [16]),
    "Mastercard 2-series": (["2221", "2300", "2500", "2699", "2720"], [16]),
    "American Express": (["34", "37"], [15]),
    "Discover": (["6011", "644", "649", "65"], [16, 19]),
    "JCB": (["3528", "3550", "3589"], [16, 19]),
    "Diners Club": (["300", "305", "36", "38"], [14]),
    "UnionPay": (["62"], [16, 19]),
    "Maestro": (["5018", "5020", "5038", "6304", "6759", "6761"], [16, 19]),
    "Mir": (["2200", "2201", "2204"], [16]),
}


def card_digits(rng: random.Random, prefix: str, length: int) -> str:
    body = prefix + "".join(rng.choice("0123456789") for _ in range(length - len(prefix) - 1))
    return body + luhn_digit(body)


def card_format(rng: random.Random, digits: str, network: str, style: str) -> str:
    if style == "compact":
        return digits
    sep = "-" if style == "dashes" else " "
    if network == "American Express":
        parts = [digits[:4], digits[4:10], digits[10:]]
    elif network == "Diners Club":
        parts = [digits[:4], digits[4:10], digits[10:]]
    else:
        parts = [digits[i : i + 4] for i in range(0, len(digits), 4)]
    return sep.join(parts)


CARD_TEMPLATES = [
    "The card on file for this order is {v}, expiring 09/27.",
    "I found the payment method: {n} {v}. Let me know if you want to replace it.",
    "Your refund of $84.20 went back to the card ending in the number {v}.",
    "Sure! The {n} we have for Sam Patel is {v}.",
    "Card number: {v}\nName on card: Dana Whitfield",
    "According to the billing record, the card used was {v} (billed on 2024-03-14).",
    "Here are the saved details - card {v}, CVV is not stored.",
    "I've updated the account to charge {v} going forward.",
]


def card_lines(rng: random.Random) -> list[Line]:
    lines = []
    for network, (prefixes, lengths) in NETWORKS.items():
        for length in lengths:
            styles = ["spaces", "dashes", "compact"] if length in (14, 15, 16) else ["spaces", "compact"]
            for prefix in prefixes[:3] if len(lengths) > 1 else prefixes:
                for style in styles:
                    value = card_format(rng, card_digits(rng, prefix, length), network, style)
                    template = rng.choice(CARD_TEMPLATES)
                    lines.append(templated(template, {"v": (value, CARD), "n": (network, None)}, "card", network))
    return lines


# ---- SSNs --------------------------------------------------------------------------------------------------------


def ssn_digits(rng: random.Random) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    return f"{area:03d}{rng.randint(1, 99):02d}{rng.randint(1, 9999):04d}"


SSN_TEMPLATES = [
    ("Your Social Security number on file is {v}.", "-"),
    ("The SSN we have for Maria Lopez is {v}; please confirm it.", "-"),
    ("I verified the applicant: SSN {v}, date of birth 1984-02-11.", "-"),
    ("Tax ID (SSN): {v}", " "),
    ("For the W-9 we used social security number {v}.", "-"),
    ("Her SSN: {v} is linked to two accounts.", ""),
    ("SSN {v} matches the record from March.", ""),
    ("The employee's social security no. is {v}.", " "),
]


def ssn_lines(rng: random.Random) -> list[Line]:
    lines = []
    for i in range(48):
        template, sep = SSN_TEMPLATES[i % len(SSN_TEMPLATES)]
        d = ssn_digits(rng)
        value = f"{d[:3]}{sep}{d[3:5]}{sep}{d[5:]}"
        lines.append(templated(template, {"v": (value, SSN)}, "ssn"))
    return lines


# ---- IBANs -------------------------------------------------------------------------------------------------------

# SEPA countries and their BBAN layouts (SWIFT IBAN registry notation: n digits, a upper-case letters,
# c alphanumerics).
SEPA_BBAN = {
    "AD": "4n4n12c", "AL": "8n16c", "AT": "5n11n", "BE": "3n7n2n", "BG": "4a4n2n8c", "CH": "5n12c",
    "CY": "3n5n16c", "CZ": "4n6n10n", "DE": "8n10n", "DK": "4n9n1n", "EE": "2n2n11n1n", "ES": "4n4n1n1n10n",
    "FI": "3n11n", "FR": "5n5n11c2n", "GB": "4a6n8n", "GI": "4a15c", "GR": "3n4n16c", "HR": "7n10n",
    "HU": "3n4n1n15n1n", "IE": "4a6n8n", "IS": "4n2n6n10n", "IT": "1a5n5n12c", "LI": "5n12c", "LT": "5n11n",
    "LU": "3n13c", "LV": "4a13c", "MC": "5n5n11c2n", "MD": "2c18c", "ME": "3n13n2n", "MK": "3n10c2n",
    "MT": "4a5n18c", "NL": "4a10n", "NO": "4n6n1n", "PL": "8n16n", "PT": "4n4n11n2n", "RO": "4a16c",
    "RS": "3n13n2n", "SE": "3n16n1n", "SI": "5n8n2n", "SK": "4n6n10n", "SM": "1a5n5n12c", "VA": "3n15n",
}  # fmt: skip


def bban(rng: random.Random, layout: str) -> str:
    out, count = "", ""
    for ch in layout:
        if ch.isdigit():
            count += ch
            continue
        n, count = int(count), ""
        for _ in range(n):
            if ch == "n":
                out += rng.choice("0123456789")
            elif ch == "a":
                out += rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
            else:  # alphanumeric fields are mostly digits in practice
                out += rng.choice("0123456789" * 3 + "ABCDEFGHJKLMNPRSTUVWXYZ")
    return out


def iban_value(rng: random.Random, country: str) -> str:
    b = bban(rng, SEPA_BBAN[country])
    return country + iban_check(country, b) + b


def printed(iban: str) -> str:
    return " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))


IBAN_TEMPLATES = [
    "Please transfer the balance to IBAN {v} within 14 days.",
    "The refund will be sent to the account {v} that Lukas gave us.",
    "Bank details on file:\nIBAN: {v}\nBIC: DEUTDEFF",
    "The direct debit is drawn from {v} on the 1st of each month.",
    "We have the following account for Ms. Rossi: {v}.",
    "Sure, her payout IBAN is {v}, held at the branch in town.",
]


def iban_lines(rng: random.Random) -> list[Line]:
    lines = []
    for i, country in enumerate(sorted(SEPA_BBAN)):
        for form in ("print", "electronic"):
            value = iban_value(rng, country)
            text = printed(value) if form == "print" else value
            template = IBAN_TEMPLATES[(i * 2 + (form == "print")) % len(IBAN_TEMPLATES)]
            lines.append(templated(template, {"v": (text, IBAN)}, "iban", country, form))
    return lines


# ---- emails ------------------------------------------------------------------------------------------------------

LOCALS = [
    "jordan.rivera84", "maria.lopez", "s.patel", "dana_whitfield", "k.nakamura+orders", "li.wei", "bob",
    "anna-maria.schmidt", "o.connor", "jp.dubois2", "customer.care", "m.rossi", "t.okafor", "h.berg",
]  # fmt: skip
DOMAINS = {
    "webmail": ["gmail.com", "outlook.com", "yahoo.co.uk", "icloud.com", "proton.me", "gmx.de", "web.de"],
    "company": ["acme.com", "northwind-traders.com", "contoso.co.uk", "globex.io", "initech.net", "fabrikam.org"],
    "subdomain": ["mail.acme.co.jp", "eu.support.globex.io", "staff.uni-heidelberg.de", "cs.stanford.edu"],
    "country": ["orange.fr", "libero.it", "telefonica.es", "seznam.cz", "wp.pl", "yandex.ru", "bigpond.com.au"],
    "new_tld": ["studio.design", "makers.dev", "shopfront.shop", "kiwi.app", "data.ai", "brand.online"],
    "government": ["dvla.gov.uk", "irs.gov", "city.boston.gov", "nhs.net"],
    "example": ["example.com", "example.net", "example.org", "mail.example.org", "staging.example", "crm.example.com"],
    "test": ["qa.test", "shop.test", "corp.invalid", "sandbox.localhost"],
    "punycode": ["xn--mnchen-3ya.de", "xn--80ak6aa92e.com"],
}
EMAIL_TEMPLATES = [
    "The account is registered to {v}; I've sent the reset link there.",
    "You can reach your account manager directly at {v}.",
    "Customer record: name Jordan Rivera, email {v}, member since 2019.",
    "I found it - the order confirmation went to {v} on Monday.",
    "Her contact address is {v} (verified).",
    "We'll copy {v} on the next update.",
    "Email: {v}",
    "The previous owner's login was {v}.",
]


def email_lines(rng: random.Random) -> list[Line]:
    lines = []
    for kind, domains in DOMAINS.items():
        for domain in domains:
            for _ in range(2 if kind in ("example", "test") else 1):
                value = f"{rng.choice(LOCALS)}@{domain}"
                if kind == "subdomain" and rng.random() < 0.5:
                    value = value.upper() if rng.random() < 0.2 else value
                lines.append(templated(rng.choice(EMAIL_TEMPLATES), {"v": (value, EMAIL)}, "email", kind))
    # two emails in one reply, one at the end of a sentence
    for _ in range(6):
        a = f"{rng.choice(LOCALS)}@{rng.choice(DOMAINS['company'])}"
        b = f"{rng.choice(LOCALS)}@{rng.choice(DOMAINS['example'])}"
        lines.append(
            templated("Both owners are listed: {a} and {b}.", {"a": (a, EMAIL), "b": (b, EMAIL)}, "email", "two")
        )
    return lines


# ---- phones ------------------------------------------------------------------------------------------------------


def d(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def nz(rng: random.Random, n: int) -> str:
    """n digits, the first not 0 or 1 (subscriber numbers rarely start so)."""
    return rng.choice("23456789") + d(rng, n - 1)


def phone_formats(rng: random.Random) -> list[tuple[str, str]]:
    """(format name, number) pairs following each country's numbering plan (reserved fictional ranges included)."""
    area = rng.choice(["212", "312", "415", "617", "646", "713", "206", "303", "512", "919"])
    us = [
        ("US (ddd) ddd-dddd", f"({area}) {nz(rng, 3)}-{d(rng, 4)}"),
        ("US ddd-ddd-dddd", f"{area}-{nz(rng, 3)}-{d(rng, 4)}"),
        ("US ddd.ddd.dddd", f"{area}.{nz(rng, 3)}.{d(rng, 4)}"),
        ("US 555 fictional", f"{area}-555-01{d(rng, 2)}"),
        ("US toll free", f"1-800-{nz(rng, 3)}-{d(rng, 4)}"),
        ("US 1 (800) 555", f"1 (800) 555-01{d(rng, 2)}"),
        ("US +1", f"+1 {area} {nz(rng, 3)} {d(rng, 4)}"),
        ("US E.164", f"+1{area}{nz(rng, 3)}{d(rng, 4)}"),
    ]
    other = [
        ("UK London", f"020 7946 0{d(rng, 3)}"),
        ("UK mobile fictional", f"07700 900{d(rng, 3)}"),
        ("UK +44 mobile fictional", f"+44 7700 900{d(rng, 3)}"),
        ("UK +44 London", f"+44 20 7946 0{d(rng, 3)}"),
        ("UK Leeds fictional", f"0113 496 0{d(rng, 3)}"),
        ("DE Berlin", f"030 {nz(rng, 8)}"),
        ("DE +49 Berlin", f"+49 30 {nz(rng, 8)}"),
        ("DE Munich", f"089 {nz(rng, 4)} {d(rng, 4)}"),
        ("DE mobile", f"+49 151 {nz(rng, 4)} {d(rng, 4)}"),
        ("FR landline", f"01 {nz(rng, 2)} {d(rng, 2)} {d(rng, 2)} {d(rng, 2)}"),
        ("FR mobile", f"06 {nz(rng, 2)} {d(rng, 2)} {d(rng, 2)} {d(rng, 2)}"),
        ("FR +33", f"+33 1 {nz(rng, 2)} {d(rng, 2)} {d(rng, 2)} {d(rng, 2)}"),
        ("ES landline", f"91 {nz(rng, 3)} {d(rng, 2)} {d(rng, 2)}"),
        ("ES mobile", f"+34 6{d(rng, 2)} {d(rng, 3)} {d(rng, 3)}"),
        ("IT Rome", f"06 {nz(rng, 4)} {d(rng, 4)}"),
        ("IT mobile", f"+39 3{rng.choice('2456789')}{d(rng, 1)} {nz(rng, 3)} {d(rng, 4)}"),
        ("NL Amsterdam", f"020 {nz(rng, 3)} {d(rng, 4)}"),
        ("NL mobile", f"+31 6 {nz(rng, 4)} {d(rng, 4)}"),
        ("AU Sydney", f"(02) 9{d(rng, 3)} {d(rng, 4)}"),
        ("AU mobile fictional", f"0491 570 {rng.choice(['006', '156', '157', '158', '159', '110', '313', '737'])}"),
        ("AU +61", f"+61 4{d(rng, 2)} {d(rng, 3)} {d(rng, 3)}"),
        ("IN mobile", f"+91 9{d(rng, 4)} {d(rng, 5)}"),
        ("IN national", f"9{d(rng, 4)} {d(rng, 5)}"),
        ("JP Tokyo", f"03-{nz(rng, 4)}-{d(rng, 4)}"),
        ("JP +81", f"+81 3-{nz(rng, 4)}-{d(rng, 4)}"),
        ("BR Sao Paulo mobile", f"(11) 9{nz(rng, 4)}-{d(rng, 4)}"),
        ("BR +55", f"+55 11 9{nz(rng, 4)} {d(rng, 4)}"),
        ("MX", f"+52 55 {nz(rng, 4)} {d(rng, 4)}"),
        ("IE Dublin", f"+353 1 {nz(rng, 3)} {d(rng, 4)}"),
        ("CH Zurich", f"+41 44 {nz(rng, 3)} {d(rng, 2)} {d(rng, 2)}"),
        ("SE Stockholm", f"+46 8 {nz(rng, 3)} {d(rng, 2)} {d(rng, 2)}"),
        ("PL", f"+48 {nz(rng, 3)} {d(rng, 3)} {d(rng, 3)}"),
        ("international 00", f"0044 20 7946 0{d(rng, 3)}"),
    ]
    return us + other


PHONE_TEMPLATES = [
    "You can call the customer back on {v} after 5 pm.",
    "The number on the account is {v}.",
    "Sure - Priya's mobile is {v}, she prefers texts.",
    "Contact: Jordan Rivera, phone {v}",
    "I've noted the new callback number {v} for the delivery driver.",
    "Reach the store manager directly at {v}.",
    "Tel. {v} (home)",
    "The caller ID showed {v} when he phoned on 2024-06-02.",
]


def phone_lines(rng: random.Random) -> list[Line]:
    lines = []
    for _ in range(3):
        for name, number in phone_formats(rng):
            lines.append(templated(rng.choice(PHONE_TEMPLATES), {"v": (number, PHONE)}, "phone", name))
    return lines


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


# ---- mixed replies and the hand-written cases of issue 16 --------------------------------------------------------


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
    """Issue 16's examples, verbatim, in the sentences a support bot would write."""
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
