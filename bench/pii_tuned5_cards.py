"""Card replies for PII tuned part 5 (bench/make_pii_tuned5.py): a person's card number of every network in
bench/pii_corpus_values.py's ``NETWORKS`` (prefix, length and Luhn check digit), printed in groups as on the card,
with dashes or run together, in sentences in several languages, receipts, JSON, CSV, tables and request logs."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pii_corpus_values import CARD, NETWORKS, Line, card_digits, templated  # noqa: E402 - bench scripts run with bench/ on the path

NAMES = [
    "Dana Whitfield", "Marcus Obi", "Lucía Fernández", "Jonas Brandt", "Camille Laurent", "Priya Raman",
    "Mariana Costa", "Elif Yılmaz", "Anna Nowak", "Kenji Watanabe", "Sipho Ndlovu", "Grace Tan", "Rahul Verma",
]  # fmt: skip
# card groups as printed: Amex 4-6-5, Diners 4-6-4, 13 digits 4-3-3-3, 16 digits 4-4-4-4, 19 digits 4-4-4-4-3
GROUPS = {13: [4, 3, 3, 3], 14: [4, 6, 4], 15: [4, 6, 5], 16: [4, 4, 4, 4], 19: [4, 4, 4, 4, 3]}


def grouped(digits: str, sep: str) -> str:
    parts, at = [], 0
    for size in GROUPS[len(digits)]:
        parts.append(digits[at : at + size])
        at += size
    return sep.join(parts)


def card(rng: random.Random, network: str) -> tuple[str, str]:
    """(style, number as written) for a fresh Luhn-valid number of ``network``."""
    prefixes, lengths = NETWORKS[network]
    length = rng.choice(lengths) if rng.random() < 0.4 else lengths[0]
    digits = card_digits(rng, rng.choice(prefixes), length)
    style = rng.choice(["spaces", "spaces", "dashes", "compact"])
    if style == "compact":
        return style, digits
    return style, grouped(digits, " " if style == "spaces" else "-")


def expiry(rng: random.Random) -> str:
    return f"{rng.randint(1, 12):02d}/{rng.randint(26, 31)}"


# (setting, language, template): {v} the card number, {n} the network, {name} the cardholder, {exp} the expiry
SENTENCES = [
    ("e-commerce", "en", "The card on file for this order is {v}, expiring {exp}."),
    ("e-commerce", "en", "I found the saved payment method: {n} {v}. Do you want me to remove it?"),
    ("banking", "en", "{name}'s replacement card number is {v}; the old one was cancelled today."),
    ("travel", "en", "The hotel guaranteed the booking with {name}'s {n} {v} (exp. {exp})."),
    ("telecom", "en", "Autopay for this line charges {name}'s {n}, number {v}, on the 5th of each month."),
    ("utilities", "en", "The direct payment card registered for the gas account is {v}."),
    ("saas", "en", "Billing shows the subscription renews on card {v} - {name} added it last week."),
    ("insurance", "en", "The premium was taken from {v}, the {n} the policyholder gave us."),
    ("healthcare", "en", "The copay was charged to {v}; the receipt went to the patient."),
    ("e-commerce", "en", "Sure! The customer paid with {v} ({n}, expires {exp})."),
    ("banking", "en", "Dispute opened for card {v}: two charges of $42.10 on the same day."),
    ("travel", "en", "Card used for the car rental deposit: {v}"),
    ("education", "en", "The tuition instalment was paid with {name}'s card {v}."),
    ("government", "en", "The permit fee was paid online with card number {v}."),
    ("hr", "en", "The corporate card issued to {name} is {v}; please keep it out of expense notes."),
    ("logistics", "en", "The customs duty for the parcel was charged to {v}."),
    ("e-commerce", "es", "La tarjeta registrada para este pedido es la {v}, con vencimiento {exp}."),
    ("banking", "es", "El número de la nueva tarjeta de {name} es {v}."),
    ("travel", "es", "La reserva se garantizó con la {n} {v}."),
    ("e-commerce", "hi", "इस ऑर्डर के लिए इस्तेमाल किया गया कार्ड नंबर {v} है।"),
    ("banking", "hi", "{name} का नया डेबिट कार्ड नंबर {v} है, समाप्ति {exp}।"),
    ("e-commerce", "de", "Die hinterlegte Kreditkarte für diese Bestellung ist {v}, gültig bis {exp}."),
    ("travel", "de", "Die Kaution wurde auf die {n} {v} von {name} gebucht."),
    ("e-commerce", "fr", "La carte enregistrée pour cette commande est la {v}, expirant le {exp}."),
    ("banking", "fr", "Le numéro de la carte de remplacement de {name} est le {v}."),
    ("e-commerce", "pt", "O cartão cadastrado para este pedido é {v}, validade {exp}."),
    ("e-commerce", "it", "La carta registrata per questo ordine è {v}, scadenza {exp}."),
    ("e-commerce", "nl", "De opgeslagen creditcard voor deze bestelling is {v}."),
    ("e-commerce", "pl", "Karta zapisana do tego zamówienia to {v}, ważna do {exp}."),
    ("e-commerce", "tr", "Bu sipariş için kayıtlı kart numarası {v}, son kullanma {exp}."),
    ("e-commerce", "ja", "ご注文に登録されたカード番号は{v}です。"),
    ("e-commerce", "ar", "رقم البطاقة المسجلة لهذا الطلب هو {v}."),
]
LANGUAGE_OF = {template: language for _, language, template in SENTENCES}


def sentence_row(rng: random.Random, network: str, entry: tuple[str, str, str]) -> Line:
    setting, language, text = entry
    style, value = card(rng, network)
    values = {"v": (value, CARD), "n": (network, None), "name": (rng.choice(NAMES), None), "exp": (expiry(rng), None)}
    return templated(text, values, "card", f"lang-{language}", f"setting-{setting}", network, style)


def structured_row(rng: random.Random, network: str, kind: str) -> Line:
    style, value = card(rng, network)
    name = rng.choice(NAMES)
    line = Line("card", "lang-en", f"setting-{'e-commerce' if kind != 'log' else 'saas'}", network, style, kind)
    if kind == "receipt":
        total = f"{rng.randint(5, 480)}.{rng.randint(0, 99):02d}"
        line.add(f"RECEIPT {rng.randint(100000, 999999)}\nItems: {rng.randint(1, 6)}\nTotal: EUR {total}\n")
        line.add(f"Paid with {network}: ").add(value, CARD)
        return line.add(f"\nCardholder: {name}\nAuth code: {rng.randint(100000, 999999)}")
    if kind == "json":
        line.add('Stored payment method:\n{"holder": "' + name + '", "brand": "' + network + '", "number": "')
        exp = expiry(rng)
        return line.add(value, CARD).add(f'", "exp_month": {int(exp[:2])}, "exp_year": 20{exp[3:]}}}')
    if kind == "table":
        line.add("| Cardholder | Card number | Expires |\n|---|---|---|\n")
        return line.add(f"| {name} | ").add(value, CARD).add(f" | {expiry(rng)} |")
    if kind == "csv":
        line.add("customer,card_number,amount\n")
        return line.add(f"{name},").add(value, CARD).add(f",{rng.randint(10, 900)}.{rng.randint(0, 99):02d}")
    if kind == "log":
        line.add(f"The failing request in the log was: POST /v1/charges amount={rng.randint(100, 99999)} ")
        return line.add("card_number=").add(value, CARD).add(f" currency={rng.choice(['usd', 'eur', 'gbp', 'inr'])}")
    raise ValueError(kind)


STRUCTURED = ["receipt", "json", "table", "csv", "log"]


def card_lines(rng: random.Random) -> list[Line]:
    lines = []
    networks = list(NETWORKS)
    for i in range(240):
        lines.append(sentence_row(rng, networks[i % len(networks)], SENTENCES[(i * 7) % len(SENTENCES)]))
    for i in range(80):
        lines.append(structured_row(rng, networks[(i * 3) % len(networks)], STRUCTURED[i % len(STRUCTURED)]))
    return lines
