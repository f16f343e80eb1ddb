"""Replies that carry several kinds of PII at once, for PII tuned part 16 (bench/make_pii_tuned16.py): customer
records, hand-over notes and exports where a phone number sits beside an e-mail address, a card, an SSN or an IBAN."""

from __future__ import annotations

import random

from pii_corpus_values import (
    CARD,
    EMAIL,
    IBAN,
    NETWORKS,
    PHONE,
    SEPA_BBAN,
    SSN,
    bban,
    card_digits,
    card_format,
    iban_check,
    printed,
    ssn_digits,
)
from pii_tuned16_phones import REGIONS, phone_value
from pii_tuned16_values import person_email

MIXED_TEMPLATES: list[str] = [
    "Customer profile — phone: {p}, e-mail: {e}. Both verified on 2026-02-03.",
    "Handover note: the caller ({p}) wants the receipt sent to {e} instead.",
    '{"name": "Kwame Asante", "phone": "{p}", "email": "{e}", "iban": "{i}"}',
    "name,phone,email,card\nZeynep Kaya,{p},{e},{c}",
    "BEGIN:VCARD\nVERSION:3.0\nFN:Leilani Kahale\nTEL:{p}\nEMAIL:{e}\nEND:VCARD",
    "Payroll record: SSN {s}, direct deposit to {i}, contact {e}.",
    "The card {c} was declined, so I emailed {e} a payment link.",
    "Verified identity: SSN {s}; callback on {p}.",
    "Refund split: €20 to card {c} and the rest to IBAN {i}.",
    "| Field | Value |\n|---|---|\n| Phone | {p} |\n| Email | {e} |\n| Card | {c} |",
    "2026-05-19T16:40:00Z INFO kyc.passed ssn={s} email={e}",
    "Dear team,\nplease update the payee: IBAN {i}, contact mobile {p}.\nThanks, Ana-Maria",
    "<Customer><Tel>{p}</Tel><Mail>{e}</Mail><SSN>{s}</SSN></Customer>",
    "Kontakt: {e} / Tel. {p} / Konto {i}",
    "連絡先：{p}／メール：{e}",
    "Contacto: {p} — correo {e} — tarjeta {c}",
]


def mixed_rows(rng: random.Random, fill, n: int) -> list:
    rows = []
    regions = sorted(REGIONS)
    networks = sorted(NETWORKS)
    sepa = sorted(SEPA_BBAN)
    for i in range(n):
        template = MIXED_TEMPLATES[i % len(MIXED_TEMPLATES)]
        region = rng.choice(regions)
        network = rng.choice(networks)
        prefixes, lengths = NETWORKS[network]
        digits = card_digits(rng, rng.choice(prefixes), rng.choice(lengths))
        country = rng.choice(sepa)
        b = bban(rng, SEPA_BBAN[country])
        iban = country + iban_check(country, b) + b
        d = ssn_digits(rng)
        values = {
            "p": (phone_value(rng, region), PHONE),
            "e": (person_email(rng), EMAIL),
            "c": (card_format(rng, digits, network, rng.choice(["spaces", "compact"])), CARD),
            "i": (printed(iban) if rng.random() < 0.5 else iban, IBAN),
            "s": (f"{d[:3]}-{d[3:5]}-{d[5:]}", SSN),
        }
        tags = ["mixed"]
        if "{p}" in template:
            tags.append(f"region-{region}")
        rows.append(fill(template, values, *tags))
    return rows
