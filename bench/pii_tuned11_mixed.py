"""Mixed rows of the held-out part (bench/make_pii_tuned11.py): whole records a bot quotes back, with several kinds
of PII at once (a vCard, a CRM dump, a payout form, a chat, an onboarding email)."""

from __future__ import annotations

import random

from pii_corpus_values import (
    CARD,
    EMAIL,
    IBAN,
    NETWORKS,
    PHONE,
    SSN,
    Line,
    card_digits,
    card_format,
    printed,
    ssn_digits,
)
from pii_tuned11_docs import date, fill, ident, person
from pii_tuned11_emails import person_email
from pii_tuned11_phones import REGIONS, phone_for
from pii_tuned11_ssns_ibans import OTHER_BBAN, iban_any

TEMPLATES: list[tuple[str, str]] = [
    ("vcard", "BEGIN:VCARD\nVERSION:4.0\nFN:{n}\nTEL;TYPE=cell:{p}\nEMAIL:{e}\nEND:VCARD"),
    ("kv", 'crm.contact name="{n}" phone="{p}" email="{e}" case={i}'),
    ("json", '{{"payer": "{n}", "iban": "{b}", "notify": "{e}", "ref": "{i}"}}'),
    ("form", "Payout form\n  Name: {n}\n  IBAN: {b}\n  Phone: {p}\n  Ref: {i}"),
    ("chat", "Customer: my card {c} was charged twice, call me on {p}\nBot: Sorry! Refund opened as {i}."),
    ("email-headers", "To: {e}\nSubject: Your W-9 ({i})\n\nWe recorded SSN {s} for {n}."),
    ("csv", "name,email,ssn\n{n},{e},{s}"),
    ("yaml", 'applicant:\n  name: {n}\n  ssn: {s}\n  phone: "{p}"\n  email: {e}'),
    ("xml", "<payment><holder>{n}</holder><card>{c}</card><contact>{e}</contact></payment>"),
    ("md-table", "| name | phone | iban |\n|---|---|---|\n| {n} | {p} | {b} |"),
    ("receipt", "Order {i}\nPaid with {c}\nReceipt sent to {e}\nQuestions? {p}"),
    ("log", "{d}T10:22:31Z audit user={e} updated phone={p} card={c}"),
]
ENTITY = {"p": PHONE, "e": EMAIL, "b": IBAN, "c": CARD, "s": SSN}


def mixed_rows(rng: random.Random, count: int) -> list[Line]:
    rows: list[Line] = []
    regions = list(REGIONS)
    networks = list(NETWORKS)
    countries = ["DE", "FR", "NL", "ES", "IT", "BE", "AT", "PL", *OTHER_BBAN]
    for n in range(count):
        setting, template = TEMPLATES[n % len(TEMPLATES)]
        region = regions[(n * 7) % len(regions)]
        network = networks[n % len(networks)]
        prefixes, lengths = NETWORKS[network]
        card = card_format(rng, card_digits(rng, rng.choice(prefixes), lengths[0]), network, "spaces")
        iban = iban_any(rng, rng.choice(countries))
        ssn = ssn_digits(rng)
        values = {
            "n": (person(rng), None),
            "i": (ident(rng), None),
            "d": (date(rng), None),
            "p": (phone_for(rng, region), PHONE),
            "e": (person_email(rng, n)[0], EMAIL),
            "b": (printed(iban) if n % 2 else iban, IBAN),
            "c": (card, CARD),
            "s": (f"{ssn[:3]}-{ssn[3:5]}-{ssn[5:]}", SSN),
        }
        tags = ["mixed", f"setting-{setting}", "lang-en"]
        if "{p}" in template:
            tags.append(f"region-{region}")
        rows.append(fill(template, values, *tags))
    return rows
