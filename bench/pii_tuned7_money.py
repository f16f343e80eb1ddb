"""Card, SSN and IBAN rows of PII tuned part 7. Cards: every network of ``NETWORKS`` with a Luhn digit,
grouped the network's way, compact or dashed, in receipts, JSON, tables and sentences in several languages. SSNs:
possible areas, groups and serials, named as an SSN or a Social Security number in the sentence or a field name.
IBANs: SEPA layouts (with the national check digits of BE, ES, FR, NL and PT) and non-SEPA ones, mod-97 checked."""

from __future__ import annotations

import random

from pii_corpus_values import (
    CARD,
    IBAN,
    NETWORKS,
    SEPA_BBAN,
    SSN,
    bban,
    card_digits,
    check_labels,
    iban_check,
    templated,
)
from pii_tuned7_phone_rows import slot_line

# ---- cards ---------------------------------------------------------------------------------------------------------


def card_written(rng: random.Random, network: str, style: str) -> str:
    prefixes, lengths = NETWORKS[network]
    digits = card_digits(rng, rng.choice(prefixes), rng.choice(lengths))
    if style == "compact":
        return digits
    sep = "-" if style == "dashes" else " "
    if len(digits) == 15:
        parts = [digits[:4], digits[4:10], digits[10:]]
    elif len(digits) == 14:
        parts = [digits[:4], digits[4:10], digits[10:]]
    else:
        parts = [digits[i : i + 4] for i in range(0, len(digits), 4)]
    return sep.join(parts)


CARD_PROSE = {
    "en": [
        "I've replaced the card on the subscription with {c}, expiry 11/28.",
        "The charge of $212.40 was made on {n}'s {w} {c}.",
        "For the chargeback form: card number {c}, cardholder {n}.",
        "She read her card out on the call: {c}. I've added it as the default.",
        "Refund issued to the original card ({c}); allow 5-10 working days.",
    ],
    "es": ["La tarjeta registrada es {c}, a nombre de {n}.", "Cobramos 89,90 € a la tarjeta {c}."],
    "fr": ["Le paiement a été débité sur la carte {c} de {n}.", "Numéro de carte : {c} (expire 04/27)."],
    "de": ["Die Kreditkartennummer des Kunden lautet {c}.", "Wir haben die Karte {c} belastet."],
    "pt": ["O cartão de crédito cadastrado é {c}.", "Estorno feito no cartão {c} de {n}."],
    "it": ["La carta di credito associata all'ordine è {c}."],
    "nl": ["Het kaartnummer van de klant is {c}."],
    "pl": ["Numer karty klienta: {c}."],
    "ja": ["お客様のクレジットカード番号は{c}です。"],
    "zh": ["客户的信用卡号是{c}。"],
    "hi": ["ग्राहक का कार्ड नंबर {c} है।"],
    "ar": ["رقم بطاقة العميل هو {c}."],
}

CARD_STRUCTURED = [
    ("receipt", "RECEIPT #[[num]]\nTotal   EUR 48.10\nCard    [[c]]\nAuth    [[auth]]\nThank you!"),
    ("receipt", "Paid with [[w]] [[c]] - $1,204.00 - approved"),
    ("json", '{"payment_method": {"brand": "[[w]]", "number": "[[c]]", "exp": "08/29"}}'),
    ("json", '{"customer":"[[n]]","card":"[[c]]"}'),
    ("table", "| Customer | Card | Expiry |\n|---|---|---|\n| [[n]] | [[c]] | 02/27 |"),
    ("csv", "txn_id,card_number,amount\n[[num]],[[c]],19.99"),
    ("form", "Cardholder: [[n]]\nCard number: [[c]]\nExpiry: 10/26"),
    ("chat", "Customer: here's the card [[c]]\nAgent: Thanks, I've charged it."),
]

NAMES = ["R. Okafor", "Helen Marsh", "Diego Alvarez", "Mariam Yusuf", "Kenji Mori", "Olga Petrova", "Sven Aalto"]


def card_rows(rng: random.Random) -> list:
    rows = []
    networks = sorted(NETWORKS)
    styles = ["spaces", "spaces", "compact", "dashes"]
    for i in range(180):
        network = networks[i % len(networks)]
        style = styles[i % len(styles)]
        lang = "en" if i % 3 == 0 else sorted(CARD_PROSE)[i % len(CARD_PROSE)]
        values = {
            "c": (card_written(rng, network, style), CARD),
            "n": (rng.choice(NAMES), None),
            "w": (network, None),
        }
        rows.append(templated(rng.choice(CARD_PROSE[lang]), values, "card", network, f"lang-{lang}", f"style-{style}"))
    for i in range(130):
        network = networks[i % len(networks)]
        style = styles[(i // 3) % len(styles)]
        form, template = CARD_STRUCTURED[i % len(CARD_STRUCTURED)]
        values = {
            "c": (card_written(rng, network, style), CARD),
            "n": (rng.choice(NAMES), None),
            "w": (network, None),
            "num": (str(rng.randint(10**5, 10**6)), None),
            "auth": (f"{rng.randint(100000, 999999)}", None),
        }
        rows.append(slot_line(template, values, "card", network, f"form-{form}", f"style-{style}"))
    for row in rows:
        check_labels(row)
    return rows


# ---- SSNs ----------------------------------------------------------------------------------------------------------


def ssn_written(rng: random.Random, sep: str) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    return f"{area:03d}{sep}{rng.randint(1, 99):02d}{sep}{rng.randint(1, 9999):04d}"


SSN_PROSE = {
    "en": [
        "The Social Security number on the W-2 is {s}; the name matches.",
        "Per the payroll file, {n}'s SSN is {s}.",
        "I can confirm the applicant's SSN: {s}.",
        "Background check submitted for {n} (SSN {s}).",
        "Your social security number {s} has been added to the tax profile.",
    ],
    "es": ["El número de Seguro Social (SSN) del empleado es {s}.", "Su SSN {s} quedó registrado en la solicitud."],
    "hi": ["कर्मचारी का सोशल सिक्योरिटी नंबर (SSN) {s} है।", "आवेदक का SSN {s} सत्यापित कर दिया गया है।"],
    "fr": ["Le numéro de sécurité sociale américain (SSN) du salarié est {s}."],
    "de": ["Die US-Sozialversicherungsnummer (SSN) des Mitarbeiters lautet {s}."],
    "pt": ["O SSN (Social Security Number) do cliente é {s}."],
    "zh": ["该员工的美国社会安全号码（SSN）是{s}。"],
    "ko": ["직원의 사회보장번호(SSN)는 {s}입니다."],
    "vi": ["Số an sinh xã hội (SSN) của nhân viên là {s}."],
    "tl": ["Ang SSN ng empleyado ay {s}."],
}

SSN_STRUCTURED = [
    ("form", "Employee: [[n]]\nSSN: [[s]]\nStart date: 2024-09-02"),
    ("json", '{"applicant": "[[n]]", "ssn": "[[s]]", "state": "OH"}'),
    ("csv", "employee_id,name,ssn\nE[[num]],[[n]],[[s]]"),
    ("table", "| Name | Social Security No. |\n|---|---|\n| [[n]] | [[s]] |"),
    ("yaml", 'taxpayer:\n  name: [[n]]\n  social_security_number: "[[s]]"'),
    ("form", "W-9 received - [[n]], SSN [[s]], filing status single."),
]

SSN_NAMES = ["Dana Whitaker", "Marcus Bell", "Rosa Jimenez", "Anil Kapoor", "Brianna Cole", "Tran Van Long"]


def ssn_rows(rng: random.Random) -> list:
    rows = []
    seps = ["-", "-", " ", ""]
    for i in range(200):
        lang = "en" if i % 3 == 0 else sorted(SSN_PROSE)[i % len(SSN_PROSE)]
        values = {"s": (ssn_written(rng, seps[i % 4]), SSN), "n": (rng.choice(SSN_NAMES), None)}
        rows.append(templated(rng.choice(SSN_PROSE[lang]), values, "ssn", f"lang-{lang}", "form-prose"))
    for i in range(110):
        form, template = SSN_STRUCTURED[i % len(SSN_STRUCTURED)]
        values = {
            "s": (ssn_written(rng, seps[(i // 2) % 4]), SSN),
            "n": (rng.choice(SSN_NAMES), None),
            "num": (str(rng.randint(1000, 99999)), None),
        }
        rows.append(slot_line(template, values, "ssn", "lang-en", f"form-{form}"))
    for row in rows:
        check_labels(row)
    return rows


# ---- IBANs ---------------------------------------------------------------------------------------------------------

# non-SEPA layouts (SWIFT IBAN registry notation)
OTHER_BBAN = {
    "SA": "2n18c", "AE": "3n16n", "TR": "5n1n16c", "IL": "3n3n13n", "BR": "8n5n10n1a1c", "KZ": "3n13c",
    "QA": "4a21c", "KW": "4a22c", "JO": "4a4n18c", "EG": "4n4n17n", "PK": "4a16c", "GE": "2a16n", "AZ": "4a20c",
    "UA": "6n19c", "BH": "4a14c", "LB": "4n20c", "DO": "4c20n", "GT": "4c20c", "XK": "4n10n2n", "MU": "4a2n2n12n3n3a",
}  # fmt: skip


def _national(rng: random.Random, country: str) -> str:
    def n(k: int) -> str:
        return "".join(rng.choice("0123456789") for _ in range(k))

    if country == "BE":
        first = n(10)
        return first + f"{(int(first) % 97) or 97:02d}"
    if country == "PT":
        body = n(19)
        return body + f"{98 - int(body) * 100 % 97:02d}"
    if country == "NL":
        while True:
            account = n(10)
            if sum(int(d) * w for d, w in zip(account, range(10, 0, -1), strict=True)) % 11 == 0:
                return rng.choice(["ABNA", "INGB", "RABO", "TRIO", "SNSB"]) + account
    if country == "ES":
        bank, branch, account = n(4), n(4), n(10)

        def dc(s: str, weights: list[int]) -> str:
            r = 11 - sum(int(d) * w for d, w in zip(s, weights, strict=True)) % 11
            return str({10: 1, 11: 0}.get(r, r))

        w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6]
        return bank + branch + dc("00" + bank + branch, w) + dc(account, w) + account
    # FR: RIB key over a digits-only account
    bank, branch, account = n(5), n(5), n(11)
    key = 97 - (89 * int(bank) + 15 * int(branch) + 3 * int(account)) % 97
    return bank + branch + account + f"{key:02d}"


def iban_compact(rng: random.Random, country: str) -> str:
    if country in ("BE", "PT", "NL", "ES", "FR"):
        b = _national(rng, country)
    else:
        b = bban(rng, {**SEPA_BBAN, **OTHER_BBAN}[country])
    return country + iban_check(country, b) + b


def in_fours(iban: str) -> str:
    return " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))


IBAN_PROSE = {
    "en": [
        "Please pay the deposit into {i} (account holder {n}).",
        "Refunds go back to the customer's IBAN {i}.",
        "{i} is the account we'll debit each month.",
        "The payee's IBAN ({i}) has been verified.",
    ],
    "de": ["Bitte überweisen Sie den Betrag auf das Konto {i} von {n}.", "IBAN des Mieters: {i}"],
    "fr": ["Le remboursement sera viré sur l'IBAN {i}.", "Coordonnées bancaires de {n} : IBAN {i}"],
    "es": ["La devolución se hará a la cuenta {i}.", "El IBAN del titular es {i}."],
    "it": ["Il bonifico va effettuato sull'IBAN {i} intestato a {n}."],
    "nl": ["Het bedrag wordt teruggestort op {i}."],
    "pt": ["O reembolso será feito para o IBAN {i}."],
    "pl": ["Zwrot trafi na rachunek {i}."],
    "tr": ["İade {i} numaralı IBAN'a yapılacaktır."],
    "ar": ["سيتم تحويل المبلغ إلى الآيبان {i}."],
    "hi": ["रिफंड IBAN {i} पर भेजा जाएगा।"],
    "sv": ["Återbetalningen görs till IBAN {i}."],
}

IBAN_STRUCTURED = [
    ("form", "Account holder: [[n]]\nIBAN: [[i]]\nBIC: [[bic]]"),
    ("json", '{"payout": {"holder": "[[n]]", "iban": "[[i]]"}}'),
    ("csv", "supplier,iban,currency\n[[n]],[[i]],EUR"),
    ("table", "| Tenant | IBAN |\n|---|---|\n| [[n]] | [[i]] |"),
    ("start", "[[i]] - that's the account the rent comes from."),
    ("parens", "Transfer received from [[n]] ([[i]]) on 3 May."),
]

IBAN_NAMES = ["Lukas Brandt", "Chiara Greco", "Sophie Janssens", "Pedro Nunes", "Aylin Kaya", "Omar Al-Farsi"]
BICS = ["DEUTDEFF", "BNPAFRPP", "INGBNL2A", "CAIXESBB", "UNCRITMM", "NDEASESS", "GEBABEBB"]


def iban_rows(rng: random.Random) -> list:
    rows = []
    countries = sorted(set(SEPA_BBAN) - {"ME", "MK"}) + sorted(OTHER_BBAN)
    for i in range(320):
        country = countries[i % len(countries)]
        value = iban_compact(rng, country)
        form = "fours" if (i + i // len(countries)) % 2 == 0 else "compact"
        text = in_fours(value) if form == "fours" else value
        values = {"i": (text, IBAN), "n": (rng.choice(IBAN_NAMES), None), "bic": (rng.choice(BICS), None)}
        if i % 3 == 2:
            structured, template = IBAN_STRUCTURED[i % len(IBAN_STRUCTURED)]
            rows.append(slot_line(template, values, "iban", country, form, f"form-{structured}", "lang-en"))
        else:
            lang = "en" if i % 4 == 0 else sorted(IBAN_PROSE)[i % len(IBAN_PROSE)]
            rows.append(templated(rng.choice(IBAN_PROSE[lang]), values, "iban", country, form, f"lang-{lang}"))
    for row in rows:
        check_labels(row)
    return rows
