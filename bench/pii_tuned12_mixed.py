"""Replies of the held-out part (bench/make_pii_tuned12.py) that quote several kinds of PII at once: customer
records, e-mail signatures, vCards with a mail address, checkout logs, payroll and direct-debit records, multi-turn
chat transcripts. A reply with phones names the one region they belong to."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, EMAIL, IBAN, NETWORKS, PHONE, SEPA_BBAN, SSN, Line, bban, iban_check, printed
from pii_tuned12_cards import card_value
from pii_tuned12_docs import SETTINGS, record
from pii_tuned12_emails import person_email
from pii_tuned12_langs import LANGS
from pii_tuned12_phone_rows import NAMES, order_id
from pii_tuned12_phones import REGIONS, phone_value
from pii_tuned12_ssns_ibans import ssn_value


def _iban(rng: random.Random) -> str:
    country = rng.choice(sorted(SEPA_BBAN))
    b = bban(rng, SEPA_BBAN[country])
    value = country + iban_check(country, b) + b
    return printed(value) if rng.random() < 0.5 else value


def _signature(rng: random.Random, region: str) -> Line:
    email, _ = person_email(rng)
    name = rng.choice(NAMES)
    line = Line("mixed", f"region-{region}", "lang-en", "setting-signature")
    line.add(rng.choice(["Forwarding the customer's last message:\n\n", "The thread ends with:\n\n", ""]))
    line.add(f"Thanks,\n{name}\n{rng.choice(['Procurement', 'Operations Lead', 'Owner', 'Head of Finance'])}\n")
    line.add(rng.choice(["M: ", "Mob. ", "T ", "📞 "])).add(phone_value(rng, region), PHONE)
    line.add(rng.choice([" | E: ", "\n", " · "])).add(email, EMAIL)
    return line


def _vcard(rng: random.Random, region: str) -> Line:
    email, _ = person_email(rng)
    name = rng.choice(NAMES)
    line = Line("mixed", f"region-{region}", "lang-en", "setting-vcard")
    line.add(f"BEGIN:VCARD\nVERSION:3.0\nFN:{name}\nORG:{rng.choice(['Lumen Bakery', 'Orbit Tours', 'Kite & Co'])}\n")
    line.add("TEL;TYPE=CELL:").add(phone_value(rng, region), PHONE).add("\nEMAIL;TYPE=INTERNET:").add(email, EMAIL)
    line.add("\nEND:VCARD")
    return line


def _checkout(rng: random.Random, region: str) -> Line:
    email, _ = person_email(rng)
    network = rng.choice(list(NETWORKS))
    fields = [
        ("order", order_id(rng)[0], None),
        ("email", email, EMAIL),
        ("phone", phone_value(rng, region), PHONE),
        ("pan", card_value(rng, network), CARD),
        ("amount", f"{rng.randint(5, 900)}.{rng.randint(0, 99):02d}", None),
    ]
    setting = rng.choice(["log", "json", "kv", "xml", "sql"])
    return record(rng, setting, fields, "mixed", f"region-{region}", "lang-en", network)


def _payroll(rng: random.Random) -> Line:
    email, _ = person_email(rng)
    fields = [
        ("Employee", rng.choice(NAMES), None),
        ("SSN", ssn_value(rng), SSN),
        ("Work email", email, EMAIL),
        ("IBAN", _iban(rng), IBAN),
    ]
    return record(rng, rng.choice(SETTINGS), fields, "mixed", "lang-en")


def _mandate(rng: random.Random, region: str, lang: str) -> Line:
    phone_word, order_word, name_word = LANGS[lang]["words"]  # type: ignore[misc]
    email, _ = person_email(rng)
    fields = [
        (name_word, rng.choice(NAMES), None),
        ("IBAN", _iban(rng), IBAN),
        ("E-mail", email, EMAIL),
        (phone_word, phone_value(rng, region), PHONE),
        (order_word, order_id(rng)[0], None),
    ]
    return record(rng, rng.choice(SETTINGS), fields, "mixed", f"region-{region}", f"lang-{lang}")


def _chat(rng: random.Random, region: str) -> Line:
    email, _ = person_email(rng)
    line = Line("mixed", f"region-{region}", "lang-en", "setting-chat")
    line.add("Customer: hi, I never got the confirmation\n")
    line.add("Bot: Sorry about that! Which email did you use?\n")
    line.add("Customer: ").add(email, EMAIL).add(" i think\n")
    line.add("Bot: Thanks. And the mobile number on the booking?\n")
    line.add("Customer: ").add(phone_value(rng, region), PHONE).add("\n")
    line.add("Bot: Found it - booking ").add(order_id(rng, "booking")[0]).add(" is confirmed, resending now.")
    return line


def _card_ssn(rng: random.Random) -> Line:
    network = rng.choice(list(NETWORKS))
    line = Line("mixed", "lang-en", "setting-prose", network)
    line.add("The application lists SSN ").add(ssn_value(rng), SSN).add(" and the secured card ")
    line.add(card_value(rng, network), CARD).add(" as collateral; both belong to the co-signer.")
    return line


def mixed_rows(rng: random.Random) -> list[Line]:
    rows: list[Line] = []
    regions = list(REGIONS)
    for i in range(160):
        region = regions[(i * 7) % len(regions)]
        kind = i % 8
        if kind == 0:
            rows.append(_signature(rng, region))
        elif kind == 1:
            rows.append(_vcard(rng, region))
        elif kind == 2:
            rows.append(_checkout(rng, region))
        elif kind == 3:
            rows.append(_payroll(rng))
        elif kind == 4:
            rows.append(_mandate(rng, region, rng.choice(REGIONS[region][1])))
        elif kind == 5:
            rows.append(_chat(rng, region))
        elif kind == 6:
            rows.append(_card_ssn(rng))
        else:
            rows.append(_checkout(rng, region))
    return rows
