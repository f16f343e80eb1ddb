"""Cards, SSNs and IBANs for the held-out part: quoted by support replies in prose and in the records they paste
(receipts, JSON, key=value dumps, forms, tables), in several languages."""

from __future__ import annotations

import random

from pii_corpus_values import (
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
)
from pii_tuned17_phone_rows import fill

CARD_TEMPLATES: list[tuple[str, str]] = [
    ("prose", "I can see the {n} you added last week: {v}. Do you want it set as the default?"),
    ("prose", "The chargeback was raised on card {v}, so the refund has to go back to that same card."),
    ("receipt", "MERCHANT COPY\nTERMINAL 0042  AUTH 81F2C1\nCARD {v}\nAMOUNT EUR 56.40\nAPPROVED"),
    ("json", '{{"payment_method": {{"brand": "{n}", "number": "{v}", "exp": "08/29"}}}}'),
    ("kv", "txn_id=884213 card_pan={v} brand={n} result=DECLINED reason=insufficient_funds"),
    ("form", "Cardholder name: R. Achterberg\nCard number: {v}\nExpiry: 11/27"),
    ("csv", "customer,card,last_charge\nH. Moreau,{v},2024-10-02"),
    ("chat", "user: charge this one instead {v}\nbot: Done, the {n} card will be charged for the renewal."),
    ("es", "La tarjeta registrada en su cuenta es {v}; el cargo se realizará el día 5."),
    ("de", "Die hinterlegte Karte {v} wurde heute mit 23,90 € belastet."),
    ("fr", "Le paiement a été effectué avec la carte {v}, vous recevrez le remboursement sous 5 jours."),
    ("pt", "O estorno será feito no cartão {v} em até duas faturas."),
    ("ja", "ご登録のクレジットカード {v} に返金処理いたしました。"),
    ("yaml", 'billing:\n  card: "{v}"\n  network: {n}\n  holder: J. Castellanos'),
    ("markdown", "| Date | Card | Amount |\n|---|---|---|\n| 03/11 | {v} | $212.00 |"),
    ("email", "> On Tue, the customer wrote:\n> please use my card {v} for the balance\n\nNoted, thanks."),
]


def card_rows(rng: random.Random) -> list[Line]:
    lines = []
    for network, (prefixes, lengths) in NETWORKS.items():
        for i in range(32):
            length = lengths[i % len(lengths)] if i % 3 else lengths[0]
            digits = card_digits(rng, rng.choice(prefixes), length)
            style = ["spaces", "dashes", "compact"][i % 3]
            if length > 16 and style == "dashes":
                style = "spaces"
            if length == 13:
                style = "compact"
            setting, template = CARD_TEMPLATES[(i + len(network)) % len(CARD_TEMPLATES)]
            values = {"v": (card_format(rng, digits, network, style), CARD), "n": (network, None)}
            lines.append(fill(template, values, "card", network, style, f"setting-{setting}"))
    return lines


SSN_TEMPLATES: dict[str, list[str]] = {
    "en": [
        "I've matched the applicant by SSN {v} and date of birth, so the credit check can go ahead.",
        "W-2 on file for Teresa Galloway: employee SSN {v}, wages $48,210.",
        "ssn={v} status=verified source=payroll_import",
        '{{"applicant": {{"name": "D. Whitaker", "ssn": "{v}"}}}}',
        "Social Security No.: {v}\nDate of Birth: 04/17/1979",
        "Thanks, Marcus. Your SSN ({v}) now shows on the 1099 we reissued.",
    ],
    "es": [
        "Su número de Seguro Social {v} ya figura en la solicitud de crédito.",
        "Verifiqué el SSN {v} del titular; el reembolso de impuestos sigue en trámite.",
    ],
    "hi": [
        "आपका सोशल सिक्योरिटी नंबर {v} हमारे रिकॉर्ड से मेल खाता है।",
        "कर्मचारी का SSN {v} पेरोल फ़ॉर्म में अपडेट कर दिया गया है।",
    ],
    "zh": ["您的社会安全号码 (SSN) {v} 已与申请表核对无误。"],
    "vi": ["Số an sinh xã hội (SSN) {v} của bạn đã được cập nhật vào hồ sơ thuế."],
    "tl": ["Na-verify na namin ang iyong SSN {v} para sa loan application."],
    "ko": ["고객님의 사회보장번호(SSN) {v}가 세금 서류에 반영되었습니다."],
    "fr": ["Le numéro de sécurité sociale américain (SSN) {v} figure sur votre formulaire W-9."],
}


def ssn_rows(rng: random.Random) -> list[Line]:
    lines = []
    langs = [lang for lang, templates in SSN_TEMPLATES.items() for _ in templates]
    for i in range(312):
        lang = langs[i % len(langs)]
        template = rng.choice(SSN_TEMPLATES[lang])
        area = rng.choice([a for a in range(1, 900) if a != 666])
        group, serial = rng.randint(1, 99), rng.randint(1, 9999)
        sep = rng.choice(["-", "-", "-", " ", ""])
        value = f"{area:03d}{sep}{group:02d}{sep}{serial:04d}"
        lines.append(fill(template, {"v": (value, SSN)}, "ssn", f"lang-{lang}"))
    return lines


NON_SEPA_BBAN = {
    "SA": "2n18c", "AE": "3n16n", "TR": "5n1n16c", "BR": "8n5n10n1a1c", "IL": "3n3n13n", "KW": "4a22c",
    "QA": "4a21c", "PK": "4a16c", "JO": "4a4n18c", "EG": "4n4n17n", "MU": "4a2n2n12n3n3a", "TN": "2n3n13n2n",
    "KZ": "3n13c", "GE": "2a16n", "AZ": "4a20c", "UA": "6n19c", "BH": "4a14c", "LB": "4n20c", "DO": "4c20n",
    "CR": "4n14n", "GT": "4c20c", "BY": "4c4n16c", "XK": "4n10n2n", "VG": "4a16n", "MR": "5n5n11n2n",
    "TL": "3n14n2n", "SC": "4a2n2n16n3a",
}  # fmt: skip

IBAN_TEMPLATES: list[str] = [
    "Refunds go to the IBAN you confirmed: {v}.",
    "Beneficiary: Kowalczyk Sp. z o.o.\nIBAN: {v}\nReference: INV-2024-0917",
    "Your monthly instalment is collected from {v} on the 3rd.",
    "iban={v} mandate=MNDT-77812 status=active",
    '{{"payout": {{"iban": "{v}", "holder": "A. Haddad"}}}}',
    "Bitte überweisen Sie den Betrag auf {v} (Verwendungszweck: Vertrag 5520).",
    "Le remboursement sera versé sur le compte {v} sous 10 jours ouvrés.",
    "El cargo se domiciliará en la cuenta {v} a partir del próximo mes.",
    "| Supplier | IBAN |\n|---|---|\n| Rivas Textil | {v} |",
    "<td>Account</td><td>{v}</td>",
    "Il bonifico è stato disposto verso {v}, valuta domani.",
    "تم تحويل المبلغ إلى الحساب {v} بنجاح.",
]


def iban_rows(rng: random.Random) -> list[Line]:
    lines = []
    plan = [(c, layout, "sepa", 5) for c, layout in SEPA_BBAN.items()]
    plan += [(c, layout, "non-sepa", 5) for c, layout in NON_SEPA_BBAN.items()]
    for country, layout, scheme, count in plan:
        for i in range(count):
            b = bban(rng, layout)
            value = country + iban_check(country, b) + b
            form = "print" if i % 2 == 0 else "electronic"
            text = printed(value) if form == "print" else value
            template = rng.choice(IBAN_TEMPLATES)
            lines.append(fill(template, {"v": (text, IBAN)}, "iban", scheme, form, country))
    return lines
