"""Cards, SSNs and IBANs of tuned part 2 of the PII corpus (bench/make_pii_tuned2.py): their sentence templates,
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
    card_format,
    iban_check,
    printed,
    templated,
)
from pii_tuned2_ids import Values, order_id  # noqa: E402 - bench scripts run with bench/ on the path

# ---- cards --------------------------------------------------------------------------------------------------------

CARD_TEMPLATES = [
    "The customer read out the card number {v} in the chat.",
    "Payment for order {o} failed on card {v}; please ask for another card.",
    "Saved cards: {n} {v} (default).",
    "Refund issued to {v} - allow 5-10 business days.",
    "The chargeback concerns the {n} card {v}.",
    "log: card_number={v} status=declined order={o}",
    "{v} exp 04/28 - that's the card she wants to use.",
    "I've replaced the expired card with {v} for the subscription.",
    "Número de tarjeta: {v}",
    "La tarjeta {v} fue rechazada por el banco.",
    "कार्ड नंबर {v} से भुगतान हो गया है।",
    "Kartennummer: {v}",
    "Numéro de carte : {v}",
    "Numero della carta: {v}",
]


def card_lines(rng: random.Random) -> list[Line]:
    lines = []
    combos = [(network, prefix, length) for network, (ps, ls) in NETWORKS.items() for length in ls for prefix in ps]
    styles = ["spaces", "dashes", "compact"]
    for rep in range(5):
        for j, (network, prefix, length) in enumerate(combos):
            style = styles[(rep + j) % 3] if length <= 16 else ("spaces", "compact")[(rep + j) % 2]
            value = card_format(rng, card_digits(rng, prefix, length), network, style)
            template = CARD_TEMPLATES[(rep * len(combos) + j) % len(CARD_TEMPLATES)]
            values: Values = {"v": (value, CARD), "n": (network, None), "o": (order_id(rng), None)}
            lines.append(templated(template, values, "card", network, style))
    for _ in range(20):  # two cards in one reply
        picks = [rng.choice(combos) for _ in range(2)]
        a, b = (card_format(rng, card_digits(rng, p, n), net, "spaces") for net, p, n in picks)
        lines.append(
            templated("Old card {a}, new card {b} - I've switched the plan over.", {"a": (a, CARD), "b": (b, CARD)})
        )
        lines[-1].tags = ["card", "two"]
    return lines


# ---- SSNs ---------------------------------------------------------------------------------------------------------

SSN_TEMPLATES = [
    "SSN on the application: {v}",
    "The payroll export lists social security number {v} for K. Owens.",
    "We can't verify SSN {v}; it doesn't match the name on file.",
    "Her Social Security No. {v} appears on the W-2.",
    "ssn={v} dob=1979-11-02 status=pending",
    "Applicant: Marcus Lee | SSN: {v} | Employer: Harbor Logistics",
    "I've corrected the social security number on the 1099 to {v}.",
    "The tenant screening came back for SSN {v}: no records found.",
    "Número de Seguro Social: {v}",
    "Confirmé el número de seguro social {v} con el cliente.",
    "ग्राहक का सोशल सिक्योरिटी नंबर (SSN) {v} है।",
    "Social Security number (last updated 2023): {v}",
]


def ssn_value(rng: random.Random, sep: str) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    return f"{area:03d}{sep}{rng.randint(1, 99):02d}{sep}{rng.randint(1, 9999):04d}"


def ssn_lines(rng: random.Random) -> list[Line]:
    lines = []
    for i in range(264):
        forms = [("-", "dashes")] * 4 + [(" ", "spaces"), ("", "compact")]
        sep, form = forms[i % 6]
        template = SSN_TEMPLATES[(i * 5) % len(SSN_TEMPLATES)]
        lines.append(templated(template, {"v": (ssn_value(rng, sep), SSN)}, "ssn", form))
    return lines


# ---- IBANs --------------------------------------------------------------------------------------------------------

# IBAN countries outside SEPA (SWIFT IBAN registry layouts).
OTHER_BBAN = {
    "AE": "3n16n", "SA": "2n18c", "TR": "5n1n16c", "IL": "3n3n13n", "BR": "8n5n10n1a1c", "QA": "4a21c",
    "JO": "4a4n18c", "KW": "4a22c", "PK": "4a16c", "EG": "4n4n17n",
}  # fmt: skip

IBAN_TEMPLATES = [
    "Please update the supplier's bank account to {v} before the next payment run.",
    "Die Erstattung geht auf das Konto {v}.",
    "IBAN del beneficiario: {v}",
    "Payout account for Ms. Haddad: {v}",
    "Your salary will be paid into {v} from next month.",
    "Bankverbindung: {v}, Kontoinhaber Jonas Weber",
    "Le remboursement sera viré sur l'IBAN {v}.",
    "IBAN:{v}",
    "The landlord wants the deposit sent to {v} by Friday.",
    "I've set {v} as the account for the direct debit of order {o}.",
    "रिफ़ंड खाते {v} में भेजा जाएगा।",
    "Het rekeningnummer van de klant is {v}.",
]


def iban_of(rng: random.Random, country: str, layout: str) -> str:
    b = bban(rng, layout)
    return country + iban_check(country, b) + b


def iban_lines(rng: random.Random) -> list[Line]:
    lines = []
    layouts = {**SEPA_BBAN, **OTHER_BBAN}
    countries = sorted(SEPA_BBAN) + sorted(OTHER_BBAN)
    for rep in range(5):
        for j, country in enumerate(countries):
            if country in OTHER_BBAN and rep == 4:
                continue
            form = "print" if (rep + j) % 2 else "electronic"
            value = iban_of(rng, country, layouts[country])
            text = printed(value) if form == "print" else value
            template = IBAN_TEMPLATES[(rep * 7 + j) % len(IBAN_TEMPLATES)]
            values: Values = {"v": (text, IBAN), "o": (order_id(rng), None)}
            lines.append(templated(template, values, "iban", country, form))
    for _ in range(15):  # two accounts in one reply
        a = printed(iban_of(rng, c := rng.choice(countries), layouts[c]))
        b = iban_of(rng, c := rng.choice(countries), layouts[c])
        line = templated("Payout account changed from {a} to {b} today.", {"a": (a, IBAN), "b": (b, IBAN)})
        line.tags = ["iban", "two"]
        lines.append(line)
    return lines
