"""Replies of PII tuned part 8 that reveal more than one kind of personal data at once: customer records,
onboarding forms, payout set-ups and chat hand-overs."""

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
    check_labels,
    printed,
    templated,
)
from pii_tuned8_cards import grouped
from pii_tuned8_emails import address
from pii_tuned8_phones import PhoneDraw, phone_is_valid
from pii_tuned8_ssns_ibans import iban, ssn

MIXED = [
    ("en", "US", "hr", "New hire: {n}\nEmail: {e}\nMobile: {p}\nSSN: {s}\nDirect deposit IBAN: none (US account)"),
    ("en", "US", "tax", "{n} ({e}, {p}) filed with SSN {s}; the refund check was mailed."),
    ("en", "GB", "retail", "Customer {n} - {e} - {p}. Paid with {c}."),
    ("en", "AU", "hotel", "Guest profile: {n}, {p}, {e}. Card guarantee {c}."),
    ("de", "DE", "hr", "Personalbogen {n}: Tel. {p}, E-Mail {e}, IBAN {i}"),
    ("fr", "FR", "bank", "Client {n} : {e} / {p} - IBAN {i}"),
    ("es", "ES", "insurance", "Asegurado {n}, teléfono {p}, correo {e}, cuenta {i}."),
    ("es", "MX", "retail", "Cliente {n}: celular {p}, tarjeta {c}."),
    ("hi", "IN", "bank", "ग्राहक {n}: मोबाइल {p}, ईमेल {e}, कार्ड {c}।"),
    ("pt", "BR", "retail", "Cliente {n} | WhatsApp {p} | e-mail {e}"),
    ("it", "IT", "utilities", "Intestatario {n}, cell. {p}, IBAN {i}."),
    ("nl", "NL", "insurance", "Verzekerde {n}: {p}, {e}, rekening {i}"),
    ("en", "US", "hr", '{{"name": "{n}", "email": "{e}", "phone": "{p}", "ssn": "{s}"}}'),
    ("en", "IE", "bank", "name,email,phone,iban\n{n},{e},{p},{i}"),
    ("en", "CA", "retail", "[agent] Can you confirm your details?\n[customer] {e}, phone {p}, card {c}"),
    ("ja", "JP", "hotel", "{n}様 電話{p} メール{e}"),
    ("ar", "AE", "bank", "العميل {n}، الجوال {p}، الآيبان {i}"),
    ("en", "NZ", "real_estate", "Tenant: {n}\nPh: {p}\nEmail: {e}\nBond refund to: {i}"),
]  # fmt: skip
NAMES = ["Rachel Kim", "Oluwaseun Adeyemi", "Henrik Sørensen", "Ana Lucía Vargas", "Rahul Iyer", "Chloé Girard"]
IBAN_COUNTRY = {"DE": "DE", "FR": "FR", "ES": "ES", "IT": "IT", "NL": "NL", "IE": "IE", "AE": "AE", "NZ": "GB"}


def mixed_rows(rng: random.Random) -> list[Line]:
    draw = PhoneDraw(rng)
    out: list[Line] = []
    networks = list(NETWORKS.items())
    for round_ in range(7):
        for i, (lang, region, setting, template) in enumerate(MIXED):
            network, (prefixes, lengths) = networks[(round_ * 3 + i) % len(networks)]
            digits = card_digits(rng, rng.choice(prefixes), lengths[0])
            s = ssn(rng)
            value_iban = iban(rng, IBAN_COUNTRY.get(region, "DE"))
            values = {
                "n": (rng.choice(NAMES), None),
                "e": (address(rng)[0], EMAIL),
                "p": (draw.pick(region), PHONE),
                "s": (f"{s[:3]}-{s[3:5]}-{s[5:]}" if round_ % 2 else s, SSN),
                "c": (grouped(digits, network, "spaces" if round_ % 2 else "compact"), CARD),
                "i": (printed(value_iban) if i % 2 else value_iban, IBAN),
            }
            braced = template.replace("{{", "\x00").replace("}}", "\x01")
            line = templated(braced, values, "mixed", f"lang-{lang}", f"region-{region}", f"setting-{setting}")
            line.text = line.text.replace("\x00", "{").replace("\x01", "}")
            check_labels(line, phone_is_valid)
            out.append(line)
    return out
