"""Mixed replies of PII tuned part 15: one record with a phone beside an email, a card, an IBAN or an SSN
(customer profiles, CRM exports, order confirmations, chat hand-offs)."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, EMAIL, IBAN, PHONE, SSN, Line, card_digits, iban_value, printed, ssn_digits
from pii_tuned15_phone_rows import an_id, templated
from pii_tuned15_phones import REGIONS, phone
from pii_tuned15_values import PEOPLE, person_email

MIXED_TEMPLATES = [
    "Customer profile\nName: {n}\nEmail: {e}\nMobile: {p}\nLast order: {id}",
    '{"name": "{n}", "email": "{e}", "phone": "{p}", "card": "{c}"}',
    "name;email;phone;iban\n{n};{e};{p};{i}",
    "Hi {n}, we'll text {p} when order {id} ships and email the receipt to {e}.",
    "<customer><email>{e}</email><tel>{p}</tel><ssn>{s}</ssn></customer>",
    "| Field | Value |\n|---|---|\n| Email | {e} |\n| Phone | {p} |\n| IBAN | {i} |",
    "[handoff] {n} | {e} | {p} | card {c} | ref {id}",
    "contact_email={e} contact_phone={p} payout_iban={i}",
]


def mixed_rows(rng: random.Random, count: int = 100) -> list[Line]:
    rows = []
    regions = list(REGIONS)
    for i in range(count):
        region = regions[(i * 5) % len(regions)]
        continent = REGIONS[region][0]
        template = MIXED_TEMPLATES[i % len(MIXED_TEMPLATES)]
        first, last = rng.choice(PEOPLE)
        country = rng.choice(["DE", "FR", "ES", "IT", "NL", "BE", "AT", "PT", "IE", "PL"])
        iban = iban_value(rng, country)
        card = card_digits(rng, rng.choice(["4", "51", "37", "6011"]), 15 if i % 7 == 0 else 16)
        card = card if i % 3 else " ".join(card[j : j + 4] for j in range(0, len(card), 4))
        ssn = ssn_digits(rng)
        vals = {"n": (f"{first} {last}", None), "e": (person_email(rng, i + 3, first, last), EMAIL),
                "p": (phone(rng, region), PHONE), "id": (an_id(rng), None), "c": (card, CARD),
                "i": (printed(iban) if i % 2 else iban, IBAN), "s": (f"{ssn[:3]}-{ssn[3:5]}-{ssn[5:]}", SSN)}  # fmt: skip
        rows.append(templated(template, vals, "mixed", f"region-{region}", continent, "lang-en"))
    return rows
