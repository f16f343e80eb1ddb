"""Card numbers and US Social Security numbers for PII tuned part 6. Cards: every network of
``pii_corpus_values.NETWORKS`` with a Luhn check digit, grouped, dashed or run together, in sentences in several
languages, receipts, JSON, tables and logs of a customer's own payment. SSNs: valid areas, groups and serials,
with dashes, spaces or run together, always named as an SSN or Social Security number in the sentence, in several
languages."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, NETWORKS, SSN, Line, card_digits, card_format, check_labels, templated

CARD_SENTENCES = {
    "en": [
        "The {n} you paid with is {v}, expiring {exp}.",
        "I can see the charge went to your card {v} on the 14th.",
        "{name}'s saved card is {v}; they asked us to remove it.",
        "Refund issued to card number {v} - allow 5 to 10 working days.",
        "You entered {v} as the card number, but the bank declined it.",
        "Card on file: {v} (exp {exp})",
        "We charged {v} for the annual plan on behalf of {name}.",
    ],
    "es": [
        "La tarjeta con la que pagó es la {v}, vence el {exp}.",
        "El reembolso se hizo a la tarjeta {v}.",
        "Número de tarjeta registrado: {v}.",
    ],
    "de": [
        "Die hinterlegte Kreditkarte von {name} ist {v}, gültig bis {exp}.",
        "Wir haben die Gutschrift auf die Karte {v} gebucht.",
    ],
    "fr": ["La carte enregistrée est la {v}, expiration {exp}.", "Le remboursement a été fait sur la carte {v}."],
    "pt": ["O cartão cadastrado é {v}, validade {exp}.", "O estorno foi feito no cartão {v}."],
    "it": [
        "La carta usata per il pagamento è {v}, scadenza {exp}.",
        "Il rimborso è stato accreditato sulla carta {v}.",
    ],
    "hi": ["आपका कार्ड नंबर {v} है, जिसकी समाप्ति {exp} है।", "रिफ़ंड कार्ड {v} पर भेज दिया गया है।"],
    "ja": ["ご登録のクレジットカード番号は {v}（有効期限 {exp}）です。", "返金はカード {v} に行いました。"],
    "pl": ["Karta zapisana na koncie to {v}, ważna do {exp}.", "Zwrot trafił na kartę {v}."],
    "tr": ["Kayıtlı kartınız {v}, son kullanma {exp}.", "İade {v} numaralı karta yapıldı."],
    "zh": ["您绑定的银行卡号是 {v}，有效期 {exp}。", "退款已退回到卡号 {v}。"],
    "ru": ["Привязанная карта: {v}, срок действия {exp}.", "Возврат оформлен на карту {v}."],
}
CARD_RECORDS = [
    ("receipt", "RECEIPT #{rid}\nCoffee beans 1kg   24.90\nTOTAL             24.90\nPaid by {n} {v}\nThank you!"),
    ("json", '{lb}"cardholder": "{name}", "pan": "{v}", "exp": "{exp}"{rb}'),
    ("table", "| Cardholder | Card number | Expiry |\n|---|---|---|\n| {name} | {v} | {exp} |"),
    ("csv", "customer,card,expiry\n{name},{v},{exp}"),
    ("log", "2024-09-18T10:02:44Z payment.retry customer={name} card={v} status=declined"),
    ("yaml", "payment:\n  holder: {name}\n  card_number: '{v}'\n  expiry: {exp}"),
    ("chat", "[11:03] {name}: my card is {v}\n[11:04] Agent: thanks, I'll update it now."),
]
NAMES = ["Hannah Okoro", "Luis Navarro", "Mei Chen", "Sven Aalto", "Fatou Sow", "Raj Patel", "Olga Petrova"]


def card_value(rng: random.Random, network: str) -> str:
    prefixes, lengths = NETWORKS[network]
    length = rng.choice(lengths)
    digits = card_digits(rng, rng.choice(prefixes), length)
    style = rng.choice(["spaces", "spaces", "dashes", "compact"]) if length <= 16 else rng.choice(["spaces", "compact"])
    return card_format(rng, digits, network, style)


def _line(template: str, values: dict[str, tuple[str, str | None]], tags: list[str]) -> Line:
    line = templated(template, values, *tags)
    check_labels(line)
    return line


def _card_values(rng: random.Random, network: str) -> dict[str, tuple[str, str | None]]:
    return {
        "v": (card_value(rng, network), CARD),
        "n": (network, None),
        "name": (rng.choice(NAMES), None),
        "exp": (f"{rng.randint(1, 12):02d}/{rng.randint(26, 31)}", None),
        "rid": (str(rng.randint(10000, 99999)), None),
        "lb": ("{", None),
        "rb": ("}", None),
    }


def card_rows(rng: random.Random) -> list[Line]:
    lines = []
    networks = list(NETWORKS)
    languages = list(CARD_SENTENCES)
    for i in range(250):
        network = networks[i % len(networks)]
        lang = "en" if i % 3 == 0 else languages[i % len(languages)]
        template = rng.choice(CARD_SENTENCES[lang])
        lines.append(_line(template, _card_values(rng, network), ["card", network, f"lang-{lang}", "setting-prose"]))
    for i in range(70):
        network = networks[i % len(networks)]
        setting, template = CARD_RECORDS[i % len(CARD_RECORDS)]
        lines.append(_line(template, _card_values(rng, network), ["card", network, f"setting-{setting}"]))
    return lines


SSN_SENTENCES = {
    "en": [
        "Your Social Security number on file is {v}.",
        "The SSN {name} gave on the application is {v}.",
        "I've corrected the SSN on the W-2 to {v}.",
        "Social Security No.: {v}",
        "The tax form lists {v} as the employee's SSN.",
        "For the credit check we used her social security number, {v}.",
        "SSN {v} belongs to the account holder, {name}.",
    ],
    "es": [
        "El número de Seguro Social que nos dio es {v}.",
        "Su SSN registrado es {v}; verifíquelo, por favor.",
        "Número de Seguro Social del solicitante: {v}.",
    ],
    "hi": [
        "आपका सोशल सिक्योरिटी नंबर (SSN) {v} है।",
        "आवेदन में दिया गया SSN {v} है।",
    ],
    "zh": ["您的社会安全号码（SSN）是 {v}。", "申请表上填写的社安号是 {v}。"],
    "vi": ["Số An sinh Xã hội (SSN) của bạn là {v}.", "SSN trong hồ sơ là {v}."],
    "tl": ["Ang Social Security number (SSN) mo ay {v}.", "Ang SSN na nakalagay sa application ay {v}."],
    "ko": ["고객님의 사회보장번호(SSN)는 {v}입니다.", "신청서에 적힌 SSN은 {v}입니다."],
    "fr": ["Votre numéro de sécurité sociale américain (SSN) est le {v}.", "Le SSN indiqué sur le formulaire est {v}."],
    "pt": ["O número do Seguro Social (SSN) informado é {v}.", "Seu SSN cadastrado é {v}."],
    "ru": ["Ваш номер социального страхования США (SSN): {v}.", "В анкете указан SSN {v}."],
    "ht": ["Nimewo Sekirite Sosyal (SSN) ou se {v}."],
}
SSN_RECORDS = [
    ("json", '{lb}"employee": "{name}", "ssn": "{v}"{rb}'),
    ("table", "| Employee | SSN |\n|---|---|\n| {name} | {v} |"),
    ("csv", "name,ssn,state\n{name},{v},OH"),
    ("form", "W-9\nName: {name}\nSocial Security number: {v}"),
    ("yaml", "applicant:\n  name: {name}\n  ssn: '{v}'"),
]


def ssn_value(rng: random.Random, sep: str) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    group, serial = rng.randint(1, 99), rng.randint(1, 9999)
    return f"{area:03d}{sep}{group:02d}{sep}{serial:04d}"


def ssn_rows(rng: random.Random) -> list[Line]:
    lines = []
    languages = list(SSN_SENTENCES)
    seps = ["-", "-", "-", " ", ""]
    for i in range(260):
        lang = "en" if i % 3 == 0 else languages[i % len(languages)]
        values = {"v": (ssn_value(rng, seps[i % len(seps)]), SSN), "name": (rng.choice(NAMES), None)}
        template = rng.choice(SSN_SENTENCES[lang])
        lines.append(_line(template, values, ["ssn", f"lang-{lang}", "setting-prose"]))
    for i in range(55):
        setting, template = SSN_RECORDS[i % len(SSN_RECORDS)]
        values = {
            "v": (ssn_value(rng, seps[i % len(seps)]), SSN),
            "name": (rng.choice(NAMES), None),
            "lb": ("{", None),
            "rb": ("}", None),
        }
        lines.append(_line(template, values, ["ssn", f"setting-{setting}"]))
    return lines
