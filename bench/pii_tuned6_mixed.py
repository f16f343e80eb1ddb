"""Replies of PII tuned part 6 that give several kinds of personal data at once: a customer's email and phone,
a card and an email on a receipt, an IBAN and an email on a payout form, an SSN and a phone on an application, in
prose, signatures, JSON and vCards. Rows with a phone carry its ``region-XX`` and ``lang-xx`` tags."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, EMAIL, IBAN, NETWORKS, PHONE, SSN, check_labels, printed, templated
from pii_tuned6_cards import card_value, ssn_value
from pii_tuned6_emails import DOMAINS, address
from pii_tuned6_ibans import OTHER_BBAN, iban_value
from pii_tuned6_phones import REGIONS, phone_is_valid, written

WITH_PHONE = [
    ("en", "signature", "Cheers,\n{name}\n{e} | {p}"),
    ("en", "prose", "{name} can be reached at {e} or on {p}, whichever is quicker."),
    ("en", "vcard", "BEGIN:VCARD\nVERSION:3.0\nFN:{name}\nEMAIL:{e}\nTEL;TYPE=cell:{p}\nEND:VCARD"),
    ("en", "json", '{lb}"name": "{name}", "email": "{e}", "phone": "{p}"{rb}'),
    ("en", "prose", "Applicant {name}: SSN {s}, phone {p}."),
    ("es", "prose", "Datos de contacto de {name}: correo {e}, teléfono {p}."),
    ("de", "prose", "Kontakt: {name}, E-Mail {e}, Tel. {p}"),
    ("fr", "prose", "Coordonnées de {name} : {e}, tél. {p}."),
    ("pt", "prose", "Contato de {name}: e-mail {e}, celular {p}."),
    ("hi", "prose", "{name} का ईमेल {e} और फ़ोन नंबर {p} है।"),
]
WITHOUT_PHONE = [
    ("receipt", "Receipt sent to {e}\nPaid with card {c}\nAmount: 59.00"),
    ("prose", "The payout for {name} goes to IBAN {i}; the remittance advice goes to {e}."),
    ("json", '{lb}"holder": "{name}", "iban": "{i}", "email": "{e}"{rb}'),
    ("prose", "{name} paid with {c} and asked for the invoice at {e}."),
    ("form", "Employee: {name}\nSSN: {s}\nSalary account: {i}"),
    ("table", "| Name | Email | Card |\n|---|---|---|\n| {name} | {e} | {c} |"),
]
PHONE_REGIONS = [region for region, languages in REGIONS.items() if languages[0] in ("en", "es", "de", "fr", "pt")]


def mixed_rows(rng: random.Random) -> list:
    lines = []
    networks = list(NETWORKS)
    countries = ["DE", "FR", "ES", "NL", "IT", "BE", "AT", "PL", *OTHER_BBAN]
    for i in range(100):
        name, e = address(rng, rng.choice(list(DOMAINS)))
        iban = iban_value(rng, countries[i % len(countries)])
        values = {
            "name": (name, None),
            "e": (e, EMAIL),
            "c": (card_value(rng, networks[i % len(networks)]), CARD),
            "i": (printed(iban) if i % 2 else iban, IBAN),
            "s": (ssn_value(rng, "-"), SSN),
            "lb": ("{", None),
            "rb": ("}", None),
        }
        if i % 2 == 0:
            lang, setting, template = WITH_PHONE[(i // 2) % len(WITH_PHONE)]
            if "{s}" in template:
                region = "US"
            else:
                region = rng.choice([r for r in PHONE_REGIONS if lang in REGIONS[r]] or ["US"])
            values["p"] = (written(rng, region)[0], PHONE)
            tags = ["mixed", f"region-{region}", f"lang-{lang}", f"setting-{setting}"]
        else:
            setting, template = WITHOUT_PHONE[(i // 2) % len(WITHOUT_PHONE)]
            tags = ["mixed", f"setting-{setting}"]
        line = templated(template, values, *tags)
        check_labels(line, phone_is_valid)
        lines.append(line)
    return lines
