"""Replies without PII for PII tuned part 16 (bench/make_pii_tuned16.py): numbers and strings that look like
phone numbers, cards, SSNs, IBANs or e-mail addresses but are none (order and tracking ids, dates, amounts, versions,
hashes, addresses of machines, serials, masked values, coordinates, bank and tax codes, ...). Each kind is a list of
templates whose ``{x}`` slot a value maker fills."""

from __future__ import annotations

import random
from collections.abc import Callable

from pii_corpus_values import iban_check, luhn_digit, luhn_valid

DIG = "0123456789"
UP = "ABCDEFGHJKLMNPRSTUVWXYZ"
HEX = "0123456789abcdef"


def digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(DIG) for _ in range(n))


def chars(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def not_luhn(rng: random.Random, make: Callable[[], str]) -> str:
    """A value from ``make`` whose digits do not pass the Luhn check (so no run of them reads as a card)."""
    while True:
        value = make()
        compact = "".join(ch for ch in value if ch.isdigit())
        if len(compact) < 12 or not luhn_valid(compact):
            return value


def imei(rng: random.Random) -> str:
    body = rng.choice(["35", "86", "01", "99"]) + digits(rng, 12)
    return body + luhn_digit(body)


def aba(rng: random.Random) -> str:
    while True:
        value = rng.choice(["0", "1", "2", "3"]) + digits(rng, 8)
        d = [int(c) for c in value]
        if (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + d[2] + d[5] + d[8]) % 10 == 0:
            return value


def creditor_ref(rng: random.Random) -> str:
    ref = digits(rng, rng.randint(8, 15))
    value = "RF" + iban_check("RF", ref) + ref
    return " ".join(value[i : i + 4] for i in range(0, len(value), 4)) if rng.random() < 0.5 else value


WORDS = ["FLOWERS", "CONTACTS", "PETMEDS", "GO-FEDEX", "MY-APPLE", "TAXICAB", "GOT-JUNK", "HOLIDAY", "PLUMBER"]
BICS = ["DEUTDEFF", "BNPAFRPP", "COBADEFFXXX", "INGBNL2A", "RABONL2U", "BARCGB22", "UNCRITMM", "CAIXESBBXXX",
        "NDEAFIHH", "SWEDSESS", "POALILIT", "NBOKKWKW", "HSBCHKHHHKH", "SBININBB104", "BKCHCNBJ", "CHASUS33"]  # fmt: skip

# kind -> (value maker, templates with {x})
KINDS: dict[str, tuple[Callable[[random.Random], str], list[str]]] = {
    "phone_word": (
        lambda r: r.choice(["1-800-", "1-888-", "1-877-", "0800-"]) + r.choice(WORDS),
        [
            "Our florist partner's line is {x}; mention code SPRING{x2} for free delivery.",
            "Dial {x} and say 'agent' to skip the menu — wait was about {x2} min today.",
        ],
    ),
    "asset": (
        lambda r: (
            r.choice(["logo", "icon-cart", "hero", "avatar-default", "btn_pay"])
            + r.choice(["@2x.png", "@1.5x.webp", "@3x.jpg", "@2x.svg", "@1.5x.png"])
        ),
        ["The blurry image is {x}; swap in the retina asset and redeploy.", "Missing file in the CDN: /img/v{x2}/{x}"],
    ),
    "package": (
        lambda r: (
            r.choice(["lodash@4.17.", "react-dom@18.3.", "@babel/core@7.24.", "express@4.19.", "zod@3.23."])
            + str(r.randint(0, 21))
        ),
        ["Pin {x} in package.json and the build passes.", "The vulnerable dependency is {x}; npm audit fix bumps it."],
    ),
    "handle": (
        lambda r: (
            "@"
            + r.choice(["mateus.carvalho", "yuki_t", "kwame.asante", "dev_priya", "lindqvist.je", "the.real.aoife"])
            + r.choice(["", "_", "99", ".official", "_art", "2026"])
        ),
        [
            "Tag us and {x} in the post to enter giveaway no. {x2}.",
            "The review came from the account {x} on Instagram, {x2} likes so far.",
        ],
    ),
    "localhost": (
        lambda r: (
            r.choice(["postgres", "root", "admin", "deploy", "www-data"])
            + "@localhost"
            + r.choice(["", ":5432", ":~$", ".localdomain"])
        ),
        [
            "Connect as {x} first, then run migration {x2}.",
            "The cron mail is delivered to {x}; {x2} unread messages there.",
        ],
    ),
    "imei": (
        imei,
        ["Device blocked: IMEI {x}. Ask the carrier to lift the blacklist.", "IMEI 1: {x} — warranty until 2027."],
    ),
    "ein": (
        lambda r: f"{r.choice(['12', '27', '46', '81', '94', '33'])}-{digits(r, 7)}",
        ["Our federal EIN is {x}; it goes on your W-9 request.", "Vendor tax ID (EIN): {x}"],
    ),
    "bic": (
        lambda r: r.choice(BICS),
        [
            "The SWIFT/BIC of the receiving bank is {x}; fees are about {x2} EUR.",
            "BIC: {x} — cut-off is 15:{x2} for same-day transfers.",
        ],
    ),
    "creditor_ref": (
        creditor_ref,
        ["Use structured reference {x} when you pay.", "Zahlungsreferenz: {x}"],
    ),
    "order_id": (
        lambda r: not_luhn(r, lambda: f"{digits(r, 3)}-{digits(r, 7)}-{digits(r, 7)}"),
        ["Order {x} was split into two shipments.", "Bestellnummer {x} — Rücksendung genehmigt."],
    ),
    "tracking": (
        lambda r: r.choice(
            [
                lambda: "1Z" + chars(r, UP + DIG, 16),
                lambda: (
                    "9400 1"
                    + digits(r, 3)
                    + " "
                    + digits(r, 4)
                    + " "
                    + digits(r, 4)
                    + " "
                    + digits(r, 4)
                    + " "
                    + digits(r, 2)
                ),
                lambda: "JD01" + digits(r, 14),
                lambda: "RR" + digits(r, 9) + "CN",
            ]
        )(),
        ["Tracking number: {x} ({x2} kg)", "Your parcel {x} cleared customs this morning."],
    ),
    "date": (
        lambda r: r.choice(
            [
                f"2026-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}",
                f"{r.randint(1, 28):02d}.{r.randint(1, 12):02d}.2025",
                f"{r.randint(1, 12):02d}/{r.randint(1, 28):02d}/2026",
            ]
        ),
        ["Your plan (tier {x2}) renews on {x}.", "La garantía vence el {x} (quedan {x2} días)."],
    ),
    "time": (
        lambda r: f"{r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}.{digits(r, 3)}",
        ["The outage started at {x} UTC and lasted 14 minutes.", "Timestamp of the failed call: {x}"],
    ),
    "amount": (
        lambda r: r.choice(["$", "€", "₹ ", "¥", "R$ "]) + f"{r.randint(1000, 9999999):,}.{r.randint(0, 99):02d}",
        ["The outstanding balance is {x} after {x2} instalments.", "Total incl. VAT: {x} ({x2} items)"],
    ),
    "version": (
        lambda r: f"{r.randint(1, 24)}.{r.randint(0, 40)}.{r.randint(0, 9999)}",
        [
            "Please update the app to version {x} or later ({x2} MB download).",
            "Firmware {x} fixes the Bluetooth drop-outs.",
        ],
    ),
    "hash": (
        lambda r: chars(r, HEX, r.choice([7, 12, 40, 64])),
        ["The fix landed in commit {x}.", "SHA-256 of the installer: {x}"],
    ),
    "ip": (
        lambda r: r.choice(
            [
                f"{r.randint(11, 223)}.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}",
                f"2001:db8:{chars(r, HEX, 4)}::{chars(r, HEX, 3)}",
            ]
        ),
        ["The login attempt came from {x}.", "Allow-list {x} on the firewall and retry."],
    ),
    "serial": (
        lambda r: r.choice(["C02", "FVF", "SN ", "S/N "]) + chars(r, UP + DIG, 9),
        ["Serial number: {x} — covered until March.", "Please send a photo of the label showing {x}."],
    ),
    "masked_card": (
        lambda r: r.choice(["**** **** **** ", "•••• ", "XXXX-XXXX-XXXX-", "ending in "]) + digits(r, 4),
        ["The payment of {x2}.00 was taken from the card {x}.", "Karte {x} wurde mit {x2},00 € belastet."],
    ),
    "masked_email": (
        lambda r: r.choice("ajkmst") + "•••••" + r.choice("aenor") + "@" + r.choice(["g•••l.com", "o•••k.com"]),
        ["We sent the code to {x}; it expires in {x2} minutes.", "Le code a été envoyé à {x} (valable {x2} minutes)."],
    ),
    "masked_phone": (
        lambda r: r.choice(["+44 ••••• ••", "(***) ***-**", "+49 *** *****", "•••• ••• "]) + digits(r, 2),
        [
            "A one-time code was texted to {x} — attempt {x2} of 60.",
            "We'll call the number ending {x} — is that still yours?",
        ],
    ),
    "coordinates": (
        lambda r: f"{r.uniform(-60, 70):.6f}, {r.uniform(-170, 170):.6f}",
        ["The driver's last GPS fix was {x}.", "Pickup point coordinates: {x}"],
    ),
    "isbn": (
        lambda r: f"978-{r.randint(0, 9)}-{digits(r, 3)}-{digits(r, 5)}-{r.randint(0, 9)}",
        ["The replacement copy is ISBN {x}.", "We're out of stock of {x} until May."],
    ),
    "postal_code": (
        lambda r: r.choice(
            [
                "SW1A 2AA",
                "10115",
                "75008",
                "100-0005",
                "H3B 2Y5",
                "2000",
                "560001",
                "01310-100",
                "EC1A 1BB",
                "80331",
                "13001",
                "530-0001",
                "M5V 3L9",
                "3000",
                "110001",
                "20040-020",
                "1010",
                "00184",
                "1012 AB",
                "28013",
                "02-001",
                "110 00",
                "SE-111 22",
                "06600",
            ]
        ),
        [
            "We don't deliver to postcode {x} yet — {x2} people asked this week.",
            "Código postal {x} fuera de zona; recargo de {x2} €.",
        ],
    ),
    "invoice": (
        lambda r: f"INV-{r.randint(2022, 2026)}-{digits(r, 6)}",
        ["Invoice {x} is paid in full; {x2} days early.", "Attached: {x}.pdf"],
    ),
    "flight": (
        lambda r: f"{r.choice(['LH', 'BA', 'QR', 'NH', 'ET', 'LA'])} {r.randint(10, 9999)} on {r.randint(1, 28)} Jun",
        ["Your rebooked flight is {x}, seat 23C.", "Connection {x} departs from gate B{x2}."],
    ),
    "vin": (
        lambda r: r.choice(["1HG", "WVW", "JTD", "VF1", "SAL"]) + chars(r, "ABCDEFGHJKLMNPRSTUVWXYZ0123456789", 14),
        ["The recall applies to VIN {x}.", "Fahrgestellnummer: {x}"],
    ),
    "mac": (
        lambda r: ":".join(chars(r, "0123456789ABCDEF", 2) for _ in range(6)),
        ["The router's MAC address is {x}.", "Blocked device {x} from the guest network."],
    ),
    "uuid": (
        lambda r: "-".join(chars(r, HEX, n) for n in (8, 4, 4, 4, 12)),
        ["Request id {x} — include it if you contact us again.", "trace_id={x} status=500"],
    ),
    "git_remote": (
        lambda r: (
            f"git@{r.choice(['github.com', 'gitlab.com', 'bitbucket.org'])}:"
            + r.choice(["acme/shop", "kestrel/api", "team/infra", "ops/returns-bot"])
            + ".git"
        ),
        ["Clone {x} and check out release/{x2}.", "Deploy key #{x2} only has read access to {x}."],
    ),
    "docker_digest": (
        lambda r: r.choice(["nginx", "redis", "postgres", "ghcr.io/acme/web"]) + "@sha256:" + chars(r, HEX, 64),
        ["Roll back to {x} — that was release {x2}.", "The running image is {x}."],
    ),
    "routing": (
        aba,
        ["Our bank's ABA routing number is {x} (not your account number).", "Routing / transit: {x}"],
    ),
    "iccid": (
        lambda r: "8944" + digits(r, 15),
        ["The SIM's ICCID is {x}; we've re-provisioned it.", "ICCID {x} is now active on the 5G plan."],
    ),
    "ean": (
        lambda r: not_luhn(r, lambda: r.choice(["40", "50", "87", "76", "30"]) + digits(r, 11)),
        ["Barcode {x} scans as the 500 ml bottle.", "EAN: {x} — Artikel nicht mehr lieferbar."],
    ),
}


def negative_rows(rng: random.Random, fill, per_kind: int) -> list:
    rows = []
    for kind, (make, templates) in KINDS.items():
        seen: set[str] = set()
        i = 0
        while len(seen) < per_kind and i < 50 * per_kind:
            template = templates[i % len(templates)]
            i += 1
            values = {"x": (make(rng), None), "x2": (str(rng.randint(1, 60)), None)}
            line = fill(template, values, "negative", kind)
            if line.text not in seen:
                seen.add(line.text)
                rows.append(line)
    return rows
