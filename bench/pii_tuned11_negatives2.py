"""Hard negatives of the held-out part (bench/make_pii_tuned11.py), second half: words for a phone with no number,
image assets and packages with an ``@``, social handles, accounts on localhost, bank codes, creditor references,
routing numbers and more ({v}: the value)."""

from __future__ import annotations

import random

from pii_corpus_values import iban_check, luhn_digit
from pii_tuned11_negatives import alnum, digits

PHONE_WORDS = [
    "phone number", "Telefonnummer", "número de teléfono", "numéro de téléphone", "numero di cellulare",
    "telefoonnummer", "numer telefonu", "電話番号", "手机号码", "전화번호", "номер телефона", "رقم الجوال",
    "mobile", "nomor HP", "số điện thoại", "telefon numarası", "puhelinnumero", "mobilnummer",
]  # fmt: skip


def phone_word(rng: random.Random) -> str:
    return rng.choice(PHONE_WORDS)


def asset(rng: random.Random) -> str:
    name = rng.choice(["logo", "hero-banner", "icon-cart", "avatar-default", "splash", "btn_checkout", "badge-new"])
    return f"{name}{rng.choice(['@2x', '@3x', '@1.5x', '@2x', '@1.5x'])}.{rng.choice(['png', 'webp', 'jpg'])}"


def package(rng: random.Random) -> str:
    name = rng.choice(["lodash", "@angular/core", "@babel/preset-env", "react-dom", "@types/node", "express", "vue"])
    return f"{name}@{rng.randint(0, 20)}.{rng.randint(0, 30)}.{rng.randint(0, 40)}"


def handle(rng: random.Random) -> str:
    first = rng.choice(["maria", "kenji", "ola", "lukas", "priya", "sofi", "amir", "chloe", "tunde", "ana"])
    return f"@{first}{rng.choice(['_', '.', ''])}{rng.choice(['travels', 'bakes', 'codes', 'ontour', 'fit', 'art'])}{rng.randint(1, 99)}"


def localhost(rng: random.Random) -> str:
    user = rng.choice(["root", "admin", "postgres", "deploy", "www-data", "git", "jenkins"])
    return rng.choice(
        [
            f"{user}@localhost",
            f"{user}@localhost:{rng.randint(1024, 9999)}",
            f"http://localhost:{rng.randint(3000, 9999)}/api/v{rng.randint(1, 3)}",
        ]
    )


def ein(rng: random.Random) -> str:
    return f"{rng.choice(['12', '20', '27', '45', '46', '81', '84', '94'])}-{digits(rng, 7)}"


def bic(rng: random.Random) -> str:
    bank = rng.choice(["DEUT", "BNPA", "COBA", "INGB", "RABO", "UNCR", "BBVA", "NDEA", "HSBC", "CITI"])
    country = rng.choice(["DE", "FR", "NL", "IT", "ES", "FI", "GB", "US", "AT", "BE"])
    return bank + country + alnum(rng, 2) + rng.choice(["", "XXX", alnum(rng, 3)])


def creditor_ref(rng: random.Random) -> str:
    ref = digits(rng, rng.randint(8, 16))
    value = "RF" + iban_check("RF", ref) + ref
    return " ".join(value[i : i + 4] for i in range(0, len(value), 4)) if rng.random() < 0.5 else value


def routing(rng: random.Random) -> str:
    while True:
        d = rng.choice(["0", "1", "2", "3"]) + digits(rng, 8)
        w = [3, 7, 1] * 3
        if sum(int(ch) * w[i] for i, ch in enumerate(d)) % 10 == 0:
            return d


def ean(rng: random.Random) -> str:
    body = rng.choice(["590", "729", "760", "800", "871"]) + digits(rng, 9)
    check = (10 - sum(int(ch) * (1 if i % 2 == 0 else 3) for i, ch in enumerate(body)) % 10) % 10
    return body + str(check)


def masked_iban(rng: random.Random) -> str:
    country = rng.choice(["DE", "FR", "NL", "ES", "IT", "AT"])
    return rng.choice(
        [
            f"{country}** **** **** **** **{digits(rng, 2)} {digits(rng, 2)}",
            f"{country}{digits(rng, 2)}••••••••{digits(rng, 4)}",
        ]
    )


def sepa_creditor_id(rng: random.Random) -> str:
    country = rng.choice(["DE", "FR", "NL", "AT", "BE", "IT"])
    national = digits(rng, 11) if country != "FR" else alnum(rng, 6)
    return f"{country}{iban_check(country, national)}ZZZ{national}"


def invoice(rng: random.Random) -> str:
    return rng.choice(
        [
            f"INV-{rng.randint(2021, 2026)}-{digits(rng, 6)}",
            f"FA{digits(rng, 4)}/{rng.randint(1, 12):02d}/{rng.randint(2021, 2026)}",
            f"RE {digits(rng, 8)}",
        ]
    )


def measurement(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{rng.randint(100, 2400)} × {rng.randint(100, 2400)} mm",
            f"{rng.uniform(0.2, 60):.1f} kg",
            f"{rng.randint(10, 900)} ml",
        ]
    )


def iccid(rng: random.Random) -> str:
    body = "89" + rng.choice(["44", "49", "33", "01", "91"]) + digits(rng, 14)
    return body + luhn_digit(body)


def percentage(rng: random.Random) -> str:
    return rng.choice([f"{rng.uniform(0, 100):.1f}%", f"{rng.randint(1, 99)} %", f"+{rng.uniform(0, 20):.2f} pp"])


def license_key(rng: random.Random) -> str:
    return "-".join(alnum(rng, 5) for _ in range(5))


def room_seat(rng: random.Random) -> str:
    return rng.choice(
        [
            f"Room {rng.randint(100, 1299)}",
            f"seat {rng.randint(1, 45)}{rng.choice('ABCDEF')}",
            f"Gate B{rng.randint(1, 60)}",
        ]
    )


KINDS: dict[str, tuple[object, list[str]]] = {
    "phone_word": (
        phone_word,
        [
            "Could you share your {v}? I don't see one on order {o}.",
            "The {v} field is empty on account {o}.",
            "Bitte bestätigen Sie Ihre {v} im Profil (Vorgang {o}).",
            "For your safety we never show the full {v} in chat - ticket {o} has it.",
        ],
    ),
    "asset": (
        asset,
        [
            "The retina image {v} is missing from the CDN.",
            "Please re-upload {v}; the current one is blurry.",
            '<img srcset="{v} 2x" alt="">',
        ],
    ),
    "package": (
        package,
        [
            "The error comes from {v}; pin the previous release.",
            "Run npm install {v} and restart.",
            "Dependency bumped to {v}.",
        ],
    ),
    "handle": (
        handle,
        [
            "Our community manager is {v} on Instagram.",
            "DM {v} on X for the giveaway.",
            "Le compte {v} n'est pas officiel.",
        ],
    ),
    "localhost": (
        localhost,
        ["The cron job runs as {v}.", "Connect with ssh {v} on the dev box.", "Use {v} while testing locally."],
    ),
    "ein": (
        ein,
        [
            "The company's EIN is {v}.",
            "Employer Identification Number: {v}",
            "Our federal tax id (EIN) {v} is on the invoice.",
        ],
    ),
    "bic": (bic, ["The SWIFT/BIC code is {v}.", "BIC: {v}", "Code BIC de la banque : {v}"]),
    "creditor_ref": (
        creditor_ref,
        ["Use the reference {v} when paying.", "Viitenumero: {v}", "Structured creditor reference: {v}"],
    ),
    "routing": (
        routing,
        ["Our bank routing number (ABA) is {v}.", "ABA routing: {v}", "Wire to routing no. {v}, not your own account."],
    ),
    "ean": (ean, ["The barcode on the box reads {v}.", "EAN {v} is out of stock.", "Código de barras: {v}"]),
    "masked_iban": (masked_iban, ["Refund to {v} is pending.", "Konto {v} ist hinterlegt.", "Compte {v} vérifié."]),
    "sepa_creditor_id": (
        sepa_creditor_id,
        ["Our SEPA creditor ID is {v}.", "Gläubiger-ID: {v}", "Identifiant créancier SEPA : {v}"],
    ),
    "invoice": (invoice, ["Invoice {v} is attached.", "Rechnung {v} wurde storniert.", "Fattura {v} emessa."]),
    "measurement": (measurement, ["The box measures {v}.", "Gewicht: {v}", "Capacidade: {v}"]),
    "iccid": (
        iccid,
        ["The SIM's ICCID is {v}.", "ICCID: {v} - activate it in the app.", "Numéro ICCID de la carte SIM : {v}"],
    ),
    "percentage": (percentage, ["Battery health is at {v}.", "Rabatt: {v}", "Taxa de juros: {v} ao ano"]),
    "license_key": (license_key, ["Your license key is {v}.", "Lizenzschlüssel: {v}", "Clave de producto: {v}"]),
    "room_seat": (room_seat, ["Check-in is at {v}.", "Please go to {v}.", "Ihr Platz: {v}"]),
}
