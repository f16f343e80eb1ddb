"""Replies with several kinds of personal data at once for PII tuned part 9: CRM records, signup forms,
payroll rows, refund tickets, JSON exports and e-mail signatures that carry a phone with an e-mail, a card, an IBAN
or an SSN."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, EMAIL, IBAN, NETWORKS, PHONE, SSN, Line, card_digits, ssn_digits
from pii_tuned9_cards import printed
from pii_tuned9_common import fill, name, ref
from pii_tuned9_emails import address
from pii_tuned9_phones import phone
from pii_tuned9_ssns_ibans import LAYOUTS, fours, iban

# (setting, language, region of the phone or None, template)
MIXED = [
    ("signature", "en", "GB", "Cheers,\n{n}\nT: {p}\nE: {e}"),
    ("signature", "en", "AU", "{n} | Site Lead\nMobile {p} | {e}"),
    ("crm", "en", "US", "Contact: {n}\nPhone: {p}\nEmail: {e}\nSSN on file: {s}"),
    ("json", "en", "US", '{"name": "{n}", "phone": "{p}", "email": "{e}", "ssn": "{s}"}'),
    ("json", "en", "DE", '{"customer": "{n}", "iban": "{i}", "mobile": "{p}"}'),
    ("form", "en", "NL", "Refund request {id}\nAccount holder: {n}\nIBAN: {i}\nEmail: {e}"),
    ("form", "en", None, "Billing email: {e}\nCard: {c}\nCardholder: {n}"),
    ("csv", "en", "CA", "name,phone,email\n{n},{p},{e}"),
    ("csv", "en", None, "employee,ssn,payout_iban\n{n},{s},{i}"),
    ("chat", "en", "IE", "I've updated both: the mobile is now {p} and receipts go to {e}."),
    ("chat", "es", "MX", "Listo, quedó registrado el celular {p} y el correo {e}."),
    ("chat", "de", "AT", "Ich habe Ihre Nummer {p} und die IBAN {i} gespeichert."),
    ("chat", "fr", "FR", "Votre numéro {p} et votre e-mail {e} ont bien été mis à jour."),
    ("chat", "pt", "BR", "Anotei o celular {p} e o e-mail {e} para o envio do boleto."),
    ("chat", "hi", "IN", "आपका मोबाइल {p} और ईमेल {e} अपडेट कर दिया गया है।"),
    ("chat", "ja", "JP", "お電話番号{p}とメールアドレス{e}を登録しました。"),
    ("chat", "en", None, "Charged {c} and emailed the receipt to {e}."),
    ("chat", "en", None, "Payroll has {n} with SSN {s}; the salary goes to {i}."),
    ("table", "en", "SG", "| Name | Phone | Email |\n|---|---|---|\n| {n} | {p} | {e} |"),
    ("vcard", "en", "NZ", "BEGIN:VCARD\nFN:{n}\nTEL;TYPE=CELL:{p}\nEMAIL:{e}\nEND:VCARD"),
    ("yaml", "en", "ZA", 'contact:\n  phone: "{p}"\n  email: {e}\norder: {id}'),
    ("email", "en", "US", "> Hi, my new card is {c} and you can call me at {p} if it fails."),
]


def mixed_rows(rng: random.Random) -> list[Line]:
    rows = []
    countries = list(LAYOUTS)
    networks = list(NETWORKS)
    for i in range(132):
        setting, lang, region, template = MIXED[i % len(MIXED)]
        network = networks[i % len(networks)]
        prefixes, lengths = NETWORKS[network]
        d = ssn_digits(rng)
        iban_text = iban(rng, countries[(i * 5) % len(countries)])
        values = {
            "n": (name(rng), None),
            "id": (ref(rng), None),
            "e": (address(rng), EMAIL),
            "c": (printed(rng, card_digits(rng, rng.choice(prefixes), lengths[0]), network), CARD),
            "s": (f"{d[:3]}-{d[3:5]}-{d[5:]}" if i % 3 else d, SSN),
            "i": (fours(iban_text) if i % 2 else iban_text, IBAN),
        }
        tags = ["mixed", f"lang-{lang}", f"setting-{setting}"]
        if region:
            values["p"] = (phone(rng, region), PHONE)
            tags.insert(1, f"region-{region}")
            if "{id}" in template:
                tags.append("near-id")
        rows.append(fill(template, values, *tags))
    return rows
