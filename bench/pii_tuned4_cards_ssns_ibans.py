"""Cards, SSNs and IBANs of PII tuned part 4 (bench/make_pii_tuned4.py): their sentence templates per
language, values built by each scheme's rules (bench/pii_corpus_values.py; IBANs also outside SEPA) and line
builders. Split out of the generator unchanged.
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
)
from pii_tuned4_slots import fill, ident  # noqa: E402 - bench scripts run with bench/ on the path

# ---- cards ----------------------------------------------------------------------------------------------------------

CARD_TEMPLATES = {
    "en": [
        ("saas", "The subscription renews on the card {c}, expiring 11/28."),
        ("ecommerce", "Payment for order {id} was taken from {n} {c}."),
        ("travel", "Card presented at check-in: {c} (name: H. Sato)."),
        ("banking", "The chargeback concerns two transactions on {c}."),
        ("ecommerce", '{"pan": "{c}", "exp": "04/29", "holder": "J. Gomez"}'),
        ("banking", "| Card | {c} |\n| Holder | Noa Levi |"),
        ("ecommerce", "I've removed {c} from your wallet and kept the other card."),
        ("healthcare", "The clinic billed the co-pay to card number {c}."),
        ("education", "Tuition instalment 2 will be charged to {c} on 1 September."),
        ("telecom", "Top-up of 20 EUR paid with {c}."),
        ("government", "The licence fee was paid by {n} card {c}, holder Chidi Obi."),
        ("utilities", "Autopay is set up on your {n} {c}."),
    ],
    "es": [
        ("ecommerce", "Cobramos la cuota a la tarjeta {c}."),
        ("travel", "La reserva se garantizó con la tarjeta {c}."),
    ],
    "hi": [("banking", "आपका कार्ड नंबर {c} है।")],
    "de": [("ecommerce", "Die Zahlung lief über die Karte {c}.")],
    "fr": [("travel", "Le paiement a été débité de la carte {c}.")],
    "pt": [("ecommerce", "A compra foi paga com o cartão {c}.")],
    "tr": [("ecommerce", "Ödeme {c} numaralı karttan alındı.")],
    "ja": [("ecommerce", "お支払いに使用されたカード番号は {c} です。")],
    "cs": [("telecom", "Platba proběhla kartou {c}.")],
    "vi": [("ecommerce", "Thanh toán bằng thẻ {c}.")],
}


def card_text(rng: random.Random, network: str) -> tuple[str, str]:
    prefixes, lengths = NETWORKS[network]
    length = rng.choice(lengths)
    digits = card_digits(rng, rng.choice(prefixes), length)
    style = rng.choice(["spaces", "spaces", "dashes", "compact"])
    if style == "compact":
        return digits, style
    if length == 13:
        groups = [digits[:4], digits[4:7], digits[7:10], digits[10:]]
    elif length in (14, 15):
        groups = [digits[:4], digits[4:10], digits[10:]]
    else:
        groups = [digits[i : i + 4] for i in range(0, length, 4)]
    return ("-" if style == "dashes" else " ").join(groups), style


def card_lines(rng: random.Random) -> list[Line]:
    lines = []
    langs = sorted(CARD_TEMPLATES)
    networks = sorted(NETWORKS)
    for i in range(300):
        lang = "en" if i % 3 else langs[(i // 3) % len(langs)]
        setting, template = rng.choice(CARD_TEMPLATES[lang])
        network = networks[i % len(networks)]
        c, style = card_text(rng, network)
        shown = network.removesuffix(" 2-series")
        values = {"c": (c, CARD), "n": (shown, None), "id": (ident(rng, "ecommerce"), None)}
        lines.append(fill(template, values, "card", f"lang-{lang}", setting, network, style))
    return lines


# ---- SSNs -----------------------------------------------------------------------------------------------------------

SSN_TEMPLATES = {
    "en": [
        ("banking", "Per the payroll record, the employee's SSN is {s}."),
        ("banking", "The 1099 was issued under social security number {s}."),
        ("government", "Applicant: Rosa Delgado, SSN {s}, born 03/14/1979."),
        ("banking", "SS# {s} is now linked to the new checking account."),
        ("banking", "I verified the caller with her Social Security number, {s}."),
        ("education", "The FAFSA form lists the student's SSN as {s}."),
        ("saas", '{"employee": "Marcus Boyd", "ssn": "{s}", "state": "TX"}'),
        ("healthcare", "The intake form shows the patient's Social Security No. {s}."),
        ("government", "The tax transcript was requested for SSN {s} (Dale Whitaker)."),
        ("banking", "SSN: {s}\nName: Keisha Brown\nStatus: verified"),
        ("saas", "The background check for the new hire ran against social security number {s}."),
    ],
    "es": [
        ("government", "El número de Seguro Social del solicitante es {s}."),
        ("banking", "Verifiqué su SSN {s} con el formulario W-2."),
    ],
    "hi": [("banking", "कर्मचारी का सोशल सिक्योरिटी नंबर {s} है।"), ("government", "आवेदक का SSN {s} रिकॉर्ड में दर्ज है।")],
}


def ssn_text(rng: random.Random) -> tuple[str, str]:
    while True:
        area = rng.randint(1, 899)
        group, serial = rng.randint(1, 99), rng.randint(1, 9999)
        if area != 666 and (area, group, serial) not in ((123, 45, 6789), (78, 5, 1120)):
            break
    style = rng.choice(["dashes", "dashes", "spaces", "compact"])
    sep = {"dashes": "-", "spaces": " ", "compact": ""}[style]
    return f"{area:03d}{sep}{group:02d}{sep}{serial:04d}", style


def ssn_lines(rng: random.Random) -> list[Line]:
    lines = []
    for i in range(290):
        lang = "en" if i % 4 else ("es" if i % 8 == 0 else "hi")
        setting, template = rng.choice(SSN_TEMPLATES[lang])
        s, style = ssn_text(rng)
        lines.append(fill(template, {"s": (s, SSN)}, "ssn", f"lang-{lang}", setting, style))
    return lines


# ---- IBANs ----------------------------------------------------------------------------------------------------------

OTHER_BBAN = {
    "TR": "5n1n16c", "IL": "3n3n13n", "SA": "2n18c", "AE": "3n16n", "QA": "4a21c", "BR": "8n5n10n1a1c",
    "EG": "4n4n17n", "UA": "6n19c", "KZ": "3n13c", "JO": "4a4n18c", "PK": "4a16c", "GE": "2a16n", "TN": "2n3n13n2n",
    "MU": "4a2n2n12n3n3a", "DO": "4c20n", "CR": "18n",
}  # fmt: skip
IBAN_TEMPLATES = {
    "en": [
        ("travel", "Refunds for this booking go to IBAN {i}."),
        ("banking", "Your salary account on file is {i}."),
        ("utilities", "The landlord, Erik Lund, gave {i} for the deposit."),
        ("utilities", "The direct debit mandate was signed for account {i}."),
        ("banking", "Beneficiary: Oana Stan\nIBAN: {i}"),
        ("saas", '{"iban": "{i}", "holder": "M. Horvat"}'),
        ("education", "Grant payments will be transferred to {i} each semester."),
        ("government", "The benefit is paid into Ms. Kelly's account {i}."),
        ("ecommerce", "We'll refund the 49.90 to {i}, the account you paid from."),
    ],
    "de": [("ecommerce", "Die Erstattung geht auf das Konto {i}.")],
    "fr": [("travel", "Le remboursement sera versé sur l'IBAN {i}.")],
    "es": [("ecommerce", "La devolución se abonará en la cuenta {i}.")],
    "cs": [("utilities", "Přeplatek pošleme na účet {i}.")],
    "hu": [("utilities", "A visszatérítést a(z) {i} számlára utaljuk.")],
    "el": [("ecommerce", "Η επιστροφή θα γίνει στον λογαριασμό {i}.")],
    "ro": [("utilities", "Rambursarea se face în contul {i}.")],
    "fi": [("ecommerce", "Palautus maksetaan tilille {i}.")],
    "da": [("banking", "Beløbet udbetales til konto {i}.")],
    "tr": [("ecommerce", "İade, {i} IBAN numaralı hesaba yapılacak.")],
    "pt": [("banking", "O reembolso vai para o IBAN {i}.")],
    "he": [("banking", "ההחזר יועבר לחשבון {i}.")],
    "ar": [("banking", "سيتم تحويل المبلغ إلى الحساب {i}.")],
    "hi": [("banking", "रिफ़ंड IBAN {i} में भेजा जाएगा।")],
}
LAYOUTS = {**SEPA_BBAN, **OTHER_BBAN}


def iban_text(rng: random.Random, country: str) -> tuple[str, str]:
    b = bban(rng, LAYOUTS[country])
    value = country + iban_check(country, b) + b
    if rng.random() < 0.5:
        return " ".join(value[i : i + 4] for i in range(0, len(value), 4)), "print"
    return value, "electronic"


def iban_lines(rng: random.Random) -> list[Line]:
    lines = []
    countries = sorted(LAYOUTS)
    langs = sorted(IBAN_TEMPLATES)
    for i in range(300):
        lang = "en" if i % 2 else langs[(i // 2) % len(langs)]
        setting, template = rng.choice(IBAN_TEMPLATES[lang])
        country = countries[i % len(countries)]
        value, form = iban_text(rng, country)
        lines.append(fill(template, {"i": (value, IBAN)}, "iban", f"lang-{lang}", setting, country, form))
    return lines
