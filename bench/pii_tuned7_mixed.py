"""Mixed rows of PII tuned part 7: one reply quoting a customer record with two or more kinds of personal
data (a phone with an email, a card, an IBAN or an SSN), in several settings."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, EMAIL, IBAN, NETWORKS, PHONE, SSN, check_labels
from pii_tuned7_emails import address
from pii_tuned7_money import card_written, iban_compact, in_fours, ssn_written
from pii_tuned7_phone_rows import slot_line
from pii_tuned7_phones import phone, phone_is_valid

MIXED = [
    # (setting, region, lang, template)
    ("retail", "US", "en", "Customer record\nName: Jane Okafor\nEmail: [[e]]\nPhone: [[p]]\nCard: [[c]]"),
    ("hr", "US", "en", "New hire packet for Luis Ortega: SSN [[s]], personal email [[e]], cell [[p]]."),
    ("bank", "DE", "de", "Kontoinhaber: Jonas Richter\nIBAN: [[i]]\nTelefon: [[p]]\nE-Mail: [[e]]"),
    ("rental", "FR", "fr", "Locataire : Claire Martin - [[e]] - [[p]] - IBAN [[i]]"),
    ("retail", "GB", "en", '{"name": "Owen Price", "email": "[[e]]", "phone": "[[p]]", "card": "[[c]]"}'),
    ("insurance", "ES", "es", "Asegurado: Pablo Ruiz. Tel. [[p]], correo [[e]], cuenta de cobro [[i]]."),
    ("hr", "US", "en", "employee,ssn,email\nKim Lee,[[s]],[[e]]"),
    ("hotel", "IT", "it", "Ospite: Sara Galli, cellulare [[p]], email [[e]]; carta a garanzia [[c]]."),
    ("telecom", "IN", "hi", "ग्राहक: अमित सिंह, मोबाइल [[p]], ईमेल [[e]]"),
    ("bank", "NL", "nl", "Klantgegevens - e-mail [[e]], telefoon [[p]], rekening [[i]]"),
    ("clinic", "US", "es", "Paciente: Ana Torres. SSN [[s]]. Teléfono [[p]]."),
    ("retail", "JP", "ja", "お客様情報：電話[[p]]、メール[[e]]、カード番号[[c]]"),
    ("delivery", "BR", "pt", "Destinatário: Carla Dias | celular [[p]] | e-mail [[e]]"),
    ("retail", "AU", "en", "Thanks Mia - I've saved [[c]] and will send the receipt to [[e]]."),
]


def mixed_rows(rng: random.Random) -> list:
    rows = []
    networks = sorted(NETWORKS)
    for i in range(126):
        setting, region, lang, template = MIXED[i % len(MIXED)]
        iban_country = {"DE": "DE", "FR": "FR", "ES": "ES", "NL": "NL"}.get(region, "DE")
        iban = iban_compact(rng, iban_country)
        values = {
            "e": (address(rng), EMAIL),
            "p": (phone(rng, region)[1], PHONE),
            "c": (card_written(rng, networks[i % len(networks)], rng.choice(["spaces", "compact", "dashes"])), CARD),
            "s": (ssn_written(rng, rng.choice(["-", " ", ""])), SSN),
            "i": (in_fours(iban) if i % 2 else iban, IBAN),
        }
        tags = ["mixed", f"setting-{setting}"]
        if "[[p]]" in template:
            tags += [f"region-{region}", f"lang-{lang}"]
        row = slot_line(template, values, *tags)
        check_labels(row, phone_is_valid)
        rows.append(row)
    return rows
