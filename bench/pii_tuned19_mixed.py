"""Replies of the held-out part that quote several kinds of PII at once: CRM cards, payroll and onboarding records,
order confirmations, chat hand-overs and support e-mails, each with one region's phone number."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, EMAIL, IBAN, NETWORKS, PHONE, SEPA_BBAN, SSN, Line, bban, card_digits, iban_check
from pii_tuned19_emails import FIRST, LAST, person_email
from pii_tuned19_phones import REGIONS, phone_value
from pii_tuned19_values import card_text, ssn_text


def _iban(rng: random.Random) -> str:
    country = rng.choice(sorted(SEPA_BBAN))
    b = bban(rng, SEPA_BBAN[country])
    value = country + iban_check(country, b) + b
    return " ".join(value[i : i + 4] for i in range(0, len(value), 4)) if rng.random() < 0.5 else value


def _card(rng: random.Random) -> str:
    network = rng.choice(list(NETWORKS))
    prefixes, lengths = NETWORKS[network]
    return card_text(rng, card_digits(rng, rng.choice(prefixes), rng.choice(lengths)), network)


def mixed_rows(rng: random.Random) -> list[Line]:
    rows = []
    regions = list(REGIONS)
    for i in range(120):
        region = regions[(i * 7) % len(regions)]
        lang = "en"  # the replies are in English, whatever the region
        first, last = rng.choice(FIRST), rng.choice(LAST)
        name = f"{first.title()} {last.title()}"
        _, email = person_email(rng, first, last)
        phone = phone_value(rng, region)
        line = Line("mixed", f"region-{region}", f"lang-{lang}")
        s = i % 6
        if s == 0:
            line.add(f"BEGIN:VCARD\nVERSION:3.0\nFN:{name}\nTEL;TYPE=work:").add(phone, PHONE)
            line.add("\nEMAIL:").add(email, EMAIL).add("\nEND:VCARD")
            line.tags.append("setting-vcard")
        elif s == 1:
            line.add(f'{{"employee": "{name}", "ssn": "').add(ssn_text(rng)[1], SSN).add('", "payout_iban": "')
            line.add(_iban(rng), IBAN).add('", "mobile": "').add(phone, PHONE).add('"}')
            line.tags.append("setting-json")
        elif s == 2:
            line.add(f"Hi {first.title()}, your order #{rng.randrange(10**6, 10**7)} was charged to ")
            line.add(_card(rng), CARD).add(". We'll text updates to ").add(phone, PHONE).add(" and e-mail ")
            line.add(email, EMAIL).add(".")
            line.tags.append("setting-prose")
        elif s == 3:
            line.add(f"[agent handover] customer={name} | phone=").add(phone, PHONE).add(" | email=")
            line.add(email, EMAIL).add(" | card=").add(_card(rng), CARD).add(" | issue=double charge")
            line.tags.append("setting-log")
        elif s == 4:
            line.add(f"From: {name} <").add(email, EMAIL).add(">\nSubject: direct deposit\n\nPlease use ")
            line.add(_iban(rng), IBAN).add(" from next month. My SSN is ").add(ssn_text(rng)[1], SSN)
            line.add(", call me on ").add(phone, PHONE).add(" if anything is missing.")
            line.tags.append("setting-email")
        else:
            line.add("| field | value |\n|---|---|\n| name | " + name + " |\n| phone | ").add(phone, PHONE)
            line.add(" |\n| email | ").add(email, EMAIL).add(" |\n| SSN | ").add(ssn_text(rng)[1], SSN).add(" |")
            line.tags.append("setting-markdown")
        rows.append(line)
    return rows
