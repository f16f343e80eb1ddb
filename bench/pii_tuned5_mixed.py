"""Replies with several kinds of PII for PII tuned part 5 (bench/make_pii_tuned5.py): email signatures,
customer profiles, onboarding records, receipts and payout forms that carry a phone number with an email, a card, an
SSN or an IBAN. A row with a phone carries its region and language tags like a phone reply."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pii_corpus_values import CARD, EMAIL, IBAN, NETWORKS, PHONE, SSN, Line, printed  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_cards import card  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_emails import PEOPLE, address  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_ibans import iban  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_phones import written  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_ssns import written_ssn  # noqa: E402 - bench scripts run with bench/ on the path

# regions whose phones go with their own IBANs, and the language the form is written in
IBAN_REGIONS = {
    "DE": "de", "FR": "fr", "ES": "es", "IT": "it", "NL": "nl", "BE": "fr", "AT": "de", "CH": "de", "PL": "pl",
    "NO": "nb", "PT": "pt", "IE": "en", "GB": "en", "SA": "ar", "AE": "ar", "TR": "tr", "BR": "pt", "PK": "en",
    "EG": "ar", "UA": "uk",
}  # fmt: skip
SIGNATURE_REGIONS = ["US", "GB", "IN", "AU", "NZ", "ZA", "SG", "CA", "IE", "KE", "HK", "AE"]
TITLES = ["Office Manager", "Freelance Translator", "Site Foreman", "Head of Procurement", "Paralegal", "Architect"]
IBAN_FORMS = {
    "de": ("Auszahlungsdaten", "Kontoinhaber", "Telefon"), "fr": ("Coordonnées de versement", "Titulaire", "Tél."),
    "es": ("Datos de abono", "Titular", "Teléfono"), "it": ("Dati per il rimborso", "Intestatario", "Telefono"),
    "nl": ("Uitbetalingsgegevens", "Rekeninghouder", "Telefoon"), "pl": ("Dane do zwrotu", "Właściciel", "Telefon"),
    "nb": ("Utbetalingsdetaljer", "Kontoeier", "Telefon"), "pt": ("Dados para reembolso", "Titular", "Telefone"),
    "en": ("Payout details", "Account holder", "Phone"), "ar": ("بيانات التحويل", "صاحب الحساب", "الهاتف"),
    "tr": ("Ödeme bilgileri", "Hesap sahibi", "Telefon"), "uk": ("Реквізити для виплати", "Власник рахунку", "Телефон"),
}  # fmt: skip


def person(rng: random.Random) -> tuple[str, str]:
    first, last = rng.choice(PEOPLE)
    return f"{first} {last}", address(rng, first, last)


def signature(rng: random.Random) -> Line:
    region = SIGNATURE_REGIONS[rng.randrange(len(SIGNATURE_REGIONS))]
    name, email = person(rng)
    _, phone, _ = written(rng, region)
    line = Line("mixed", f"region-{region}", "lang-en", "signature")
    line.add(f"Here's the signature from the customer's last email:\n--\n{name}\n{rng.choice(TITLES)}\nM: ")
    return line.add(phone, PHONE).add("\nE: ").add(email, EMAIL)


def profile(rng: random.Random) -> Line:
    region = SIGNATURE_REGIONS[rng.randrange(len(SIGNATURE_REGIONS))]
    name, email = person(rng)
    _, phone, _ = written(rng, region, ["e164", "international"])
    line = Line("mixed", f"region-{region}", "lang-en", "profile")
    line.add(f'{{"name": "{name}", "email": "').add(email, EMAIL).add('", "phone": "').add(phone, PHONE)
    return line.add(f'", "tier": "{rng.choice(["gold", "silver", "basic"])}"}}')


def onboarding(rng: random.Random) -> Line:
    name, email = person(rng)
    _, phone, _ = written(rng, "US")
    _, ssn = written_ssn(rng)
    line = Line("mixed", "region-US", "lang-en", "setting-hr", "onboarding")
    line.add(f"New hire {name} is set up: SSN ").add(ssn, SSN).add(", personal email ").add(email, EMAIL)
    return line.add(", mobile ").add(phone, PHONE).add(".")


def receipt(rng: random.Random) -> Line:
    name, email = person(rng)
    _, number = card(rng, rng.choice(list(NETWORKS)))
    line = Line("mixed", "lang-en", "setting-e-commerce", "receipt")
    line.add(f"Order confirmed for {name}. The receipt was emailed to ").add(email, EMAIL)
    return line.add(" and the total was charged to card ").add(number, CARD).add(".")


def payout(rng: random.Random) -> Line:
    region = rng.choice(sorted(IBAN_REGIONS))
    language = IBAN_REGIONS[region]
    title, holder, phone_label = IBAN_FORMS[language]
    name, _ = person(rng)
    value = iban(rng, region)
    shown = printed(value) if rng.random() < 0.5 else value
    _, phone, _ = written(rng, region)
    line = Line("mixed", f"region-{region}", f"lang-{language}", "setting-banking", "payout")
    line.add(f"{title}:\n{holder}: {name}\nIBAN: ").add(shown, IBAN).add(f"\n{phone_label}: ").add(phone, PHONE)
    return line


def tax_form(rng: random.Random) -> Line:
    name, email = person(rng)
    _, ssn = written_ssn(rng)
    line = Line("mixed", "lang-es", "setting-government", "tax")
    line.add(f"Declaración de {name}: número de Seguro Social ").add(ssn, SSN)
    return line.add("; la copia se envió a ").add(email, EMAIL).add(".")


MAKERS = {"signature": signature, "profile": profile, "onboarding": onboarding, "receipt": receipt}
MAKERS |= {"payout": payout, "tax": tax_form}


def mixed_lines(rng: random.Random) -> list[Line]:
    counts = {"signature": 30, "profile": 20, "onboarding": 20, "receipt": 25, "payout": 30, "tax": 15}
    return [MAKERS[kind](rng) for kind, count in counts.items() for _ in range(count)]
