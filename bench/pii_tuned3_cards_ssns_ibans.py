"""Cards, SSNs and IBANs of tuned part 3 of the PII corpus (bench/make_pii_tuned3.py): their sentence templates,
values built by each scheme's rules (bench/pii_corpus_values.py; IBANs also outside SEPA) and line builders.
Split out of the generator unchanged.
"""

from __future__ import annotations

import random

from pii_corpus_values import (  # noqa: E402 - bench scripts run with bench/ on the path
    CARD,
    IBAN,
    NETWORKS,
    SEPA_BBAN,
    SSN,
    Line,
    bban,
    card_digits,
    iban_check,
    templated,
)
from pii_tuned3_slots import neutral  # noqa: E402 - bench scripts run with bench/ on the path

# ---- cards --------------------------------------------------------------------------------------------------------

CARD_TEMPLATES: dict[str, list[str]] = {
    "en": [
        "Booking {booking} is guaranteed with {c}; nothing is charged until check-in.",
        "Your subscription now renews on {c}.",
        "We refunded {amount} to {c} - it can take 5-10 business days.",
        "The {net} card you added is {c}, exp. 11/28.",
        "Payment method updated: {net} {c}.",
        "The deductible for claim {claim} was paid with card {c}.",
        "Card: {c}\nExpiry: 04/29\nCardholder: {name}",
        "I see a declined charge on {c} for order {order}.",
        "The hospital billing office charged {amount} to {c}.",
        "Your corporate card {c} was used for the flight booking {booking}.",
        "Please confirm: is {c} the card you want to keep on file?",
        "Autopay for the premium is set to {c}.",
        "Chargeback opened for {c} (order {order}).",
        "The replacement card {c} has been activated for {name}.",
    ],
    "es": ["El cargo de {amount} se hizo a la tarjeta {c}.", "Tarjeta registrada: {c}"],
    "hi": ["आपका कार्ड नंबर {c} है।", "{amount} का रिफ़ंड कार्ड {c} पर भेजा गया।"],
    "de": ["Die Zahlung erfolgte mit der Karte {c}.", "Kreditkartennummer: {c}"],
    "fr": ["Le paiement a été effectué avec la carte {c}."],
    "pt": ["O pagamento foi feito com o cartão {c}."],
    "pl": ["Płatność kartą {c} została odrzucona."],
    "it": ["L'addebito è stato fatto sulla carta {c}."],
    "sv": ["Betalningen drogs från kortet {c}."],
    "nl": ["De betaling is gedaan met kaart {c}."],
    "ko": ["결제하신 카드 번호는 {c}입니다."],
}


def card_text(rng: random.Random, network: str) -> tuple[str, str]:
    prefixes, lengths = NETWORKS[network]
    length = rng.choice(lengths)
    digits = card_digits(rng, rng.choice(prefixes), length)
    if digits in ("4111111111111111", "4242424242424242", "5555555555554444"):  # well-known test cards
        return card_text(rng, network)
    if length in (14, 15) and network in ("American Express", "Diners Club"):
        groups = [digits[:4], digits[4:10], digits[10:]]
    elif length == 13:
        return "compact", digits
    else:
        groups = [digits[i : i + 4] for i in range(0, length, 4)]
    style = rng.choice(["spaces", "spaces", "dashes", "compact"] if length <= 16 else ["spaces", "compact"])
    return style, digits if style == "compact" else (" " if style == "spaces" else "-").join(groups)


def card_lines(rng: random.Random) -> list[Line]:
    pool = [(lang, t) for lang, ts in CARD_TEMPLATES.items() for t in ts]
    weights = [3 if lang == "en" else 2 if lang in ("es", "hi") else 1 for lang, _ in pool]
    lines = []
    networks = sorted(NETWORKS)
    for i in range(270):
        network = networks[i % len(networks)]
        style, value = card_text(rng, network)
        lang, template = rng.choices(pool, weights)[0]
        values = {**neutral(rng), "c": (value, CARD), "net": (network, None)}
        lines.append(templated(template, values, "card", network, style, f"lang-{lang}"))
    return lines


# ---- SSNs ---------------------------------------------------------------------------------------------------------

SSN_TEMPLATES: dict[str, list[str]] = {
    "en": [
        "For the background check we have SSN {s} for {name}.",
        "Your Social Security number, {s}, is now linked to the benefits enrollment.",
        "The W-2 lists the employee's SSN as {s}.",
        "Payroll corrected the SSN on file; it now reads {s}.",
        "SSN: {s}\nDOB: {date}",
        "Claim {claim} was filed under the member's social security number {s}.",
        "I verified your identity with SSN {s} and your date of birth.",
        "The loan application shows the co-signer's SSN, {s}.",
        "Medicare enrollment for {name} (SSN {s}) is complete.",
        "Social Security No. {s} matches the tax return.",
        "The 1099 was issued to SSN {s}.",
        "Dependent: {name}, SSN {s}, relationship: daughter.",
        "The tenant screening report for {name} was run on SSN {s}.",
        "New hire paperwork: SSN {s}, start date {date}.",
    ],
    "es": ["Su número de Seguro Social {s} quedó registrado en la solicitud.", "SSN del empleado: {s}"],
    "hi": ["आपका सोशल सिक्योरिटी नंबर (SSN) {s} आवेदन में दर्ज है।", "कर्मचारी का SSN: {s}"],
}


def ssn_value(rng: random.Random) -> tuple[str, str]:
    while True:
        area, group, serial = rng.randint(1, 899), rng.randint(1, 99), rng.randint(1, 9999)
        if area != 666 and f"{area:03d}{group:02d}{serial:04d}" not in ("078051120", "123456789"):
            break
    style = rng.choice(["dashes", "dashes", "dashes", "spaces", "compact"])
    sep = {"dashes": "-", "spaces": " ", "compact": ""}[style]
    return style, f"{area:03d}{sep}{group:02d}{sep}{serial:04d}"


def ssn_lines(rng: random.Random) -> list[Line]:
    pool = [(lang, t) for lang, ts in SSN_TEMPLATES.items() for t in ts]
    lines = []
    for i in range(265):
        lang, template = pool[i % len(pool)]
        style, value = ssn_value(rng)
        lines.append(templated(template, {**neutral(rng), "s": (value, SSN)}, "ssn", style, f"lang-{lang}"))
    return lines


# ---- IBANs --------------------------------------------------------------------------------------------------------

OTHER_BBAN = {
    "AE": "3n16n", "SA": "2n18c", "TR": "5n1n16c", "IL": "3n3n13n", "QA": "4a21c", "KW": "4a22c", "JO": "4a4n18c",
    "BH": "4a14c", "LB": "4n20c", "GE": "2a16n", "UA": "6n19c", "AZ": "4a20c", "KZ": "3n13c", "CR": "4n14n",
    "DO": "4c20n", "MU": "4a2n2n12n3n3a", "TN": "2n3n13n2n", "XK": "4n10n2n", "BR": "8n5n10n1a1c", "EG": "4n4n17n",
}  # fmt: skip
IBAN_TEMPLATES: dict[str, list[str]] = {
    "en": [
        "Your salary will be paid into {i} from next month.",
        "The refund for order {order} goes to IBAN {i}.",
        "The landlord's account for the deposit is {i}.",
        "Claim {claim} will be paid to {name}'s account {i}.",
        "Direct debit mandate updated: IBAN {i}.",
        "IBAN: {i}\nAccount holder: {name}",
        "We received your transfer from {i}, thank you.",
        "Travel reimbursement for {name} will go to {i}.",
    ],
    "de": ["Die Erstattung geht auf Ihr Konto {i}.", "IBAN des Kontoinhabers {name}: {i}"],
    "fr": ["Le remboursement sera versé sur le compte {i}.", "RIB - IBAN : {i}"],
    "es": ["El reembolso se abonará en la cuenta {i}.", "IBAN del titular: {i}"],
    "it": ["Il rimborso sarà accreditato sull'IBAN {i}."],
    "nl": ["Het bedrag wordt teruggestort op {i}."],
    "pt": ["O reembolso será transferido para o IBAN {i}."],
    "pl": ["Zwrot zostanie przelany na konto {i}."],
    "sv": ["Återbetalningen görs till kontot {i}."],
    "hi": ["रिफ़ंड आपके खाते {i} में भेजा जाएगा।"],
}
LANG_OF_COUNTRY = {"DE": "de", "AT": "de", "FR": "fr", "BE": "fr", "ES": "es", "IT": "it", "NL": "nl", "PT": "pt",
                   "PL": "pl", "SE": "sv", "LU": "fr", "MC": "fr", "LI": "de", "SM": "it", "VA": "it"}  # fmt: skip


def iban_value(rng: random.Random, country: str) -> str:
    layout = SEPA_BBAN.get(country) or OTHER_BBAN[country]
    b = bban(rng, layout)
    return country + iban_check(country, b) + b


def iban_lines(rng: random.Random) -> list[Line]:
    countries = sorted(SEPA_BBAN) + sorted(OTHER_BBAN)
    lines = []
    for i in range(280):
        country = countries[i % len(countries)]
        value = iban_value(rng, country)
        style = rng.choice(["printed", "printed", "electronic"])
        text = " ".join(value[k : k + 4] for k in range(0, len(value), 4)) if style == "printed" else value
        lang = LANG_OF_COUNTRY.get(country, "en") if rng.random() < 0.6 else rng.choice(["en", "en", "es", "hi"])
        template = rng.choice(IBAN_TEMPLATES[lang])
        lines.append(templated(template, {**neutral(rng), "i": (text, IBAN)}, "iban", country, style, f"lang-{lang}"))
    return lines
