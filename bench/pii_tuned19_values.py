"""Card, SSN and IBAN replies of the held-out part: every network's prefixes and lengths with a Luhn digit, SSNs
written the many ways people and forms write them in many languages, and IBANs of SEPA and non-SEPA countries in
print and electronic form, each quoted in a reply or a record."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, IBAN, NETWORKS, SEPA_BBAN, SSN, Line, bban, card_digits, iban_check

DIGITS = "0123456789"


def _d(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(DIGITS) for _ in range(n))


def _wrap(rng: random.Random, label: str, value: str, entity: str, tags: list[str]) -> Line:
    """``value`` under ``label`` in one of several record formats."""
    s = rng.randrange(9)
    key = label.lower().replace(" ", "_").replace(".", "").replace("#", "no")
    line = Line(*tags)
    if s == 0:
        line.add(f'{{"customer_id": {rng.randrange(10000, 99999)}, "{key}": "').add(value, entity).add('"}')
    elif s == 1:
        line.add(f"<tr><td>{label}</td><td>").add(value, entity).add("</td></tr>")
    elif s == 2:
        line.add(f"| {label} | ").add(value, entity).add(" |")
    elif s == 3:
        line.add(f"{key}=").add(value, entity).add(f" status=verified ts={rng.randrange(1700000000, 1790000000)}")
    elif s == 4:
        line.add(f"{label}\n").add(value, entity).add("\n")
    elif s == 5:
        line.add(f"  {key}: '").add(value, entity).add("'")
    elif s == 6:
        line.add(f"<{key}>").add(value, entity).add(f"</{key}>")
    elif s == 7:
        line.add(f"{label}: ").add(value, entity)
    else:
        line.add(f"{label} .......... ").add(value, entity).add(" ✓")
    line.tags.append(f"setting-{['json', 'html', 'markdown', 'log', 'form', 'yaml', 'xml', 'kv', 'checklist'][s]}")
    return line


# ---- cards -------------------------------------------------------------------------------------------------------

CARD_PROSE = [
    ("en", "The {n} we have on file is {v} - shall I charge it again?"),
    ("en", "Looks like the refund went to card {v}, not the new one."),
    ("es", "La tarjeta registrada es {v}; caduca el 08/28."),
    ("fr", "Le paiement a été fait avec la carte {v} le 14 mars."),
    ("de", "Abgebucht wurde von der Karte {v}, nicht von Ihrem Konto."),
    ("pt", "O cartão cadastrado é {v}, validade 11/27."),
    ("it", "Il rimborso è stato accreditato sulla carta {v}."),
    ("nl", "De betaling is gedaan met kaart {v}."),
    ("ja", "ご登録のカード番号は{v}です。"),
    ("zh", "您绑定的银行卡号是{v}。"),
    ("ru", "Оплата прошла с карты {v}."),
    ("tr", "Kayıtlı kart numaranız {v} olarak görünüyor."),
    ("pl", "Płatność została pobrana z karty {v}."),
    ("hi", "आपका कार्ड नंबर {v} है, समाप्ति 09/29।"),
]
CARD_LABELS = ["Card number", "PAN", "Card No.", "Número de tarjeta", "Kartennummer", "Numéro de carte", "カード番号"]


def card_text(rng: random.Random, digits: str, network: str) -> str:
    style = rng.randrange(4)
    if style == 0:
        return digits
    sep = "-" if style == 1 else " "
    if len(digits) == 15:
        parts = [digits[:4], digits[4:10], digits[10:]]
    elif len(digits) == 13:
        parts = [digits[:4], digits[4:7], digits[7:10], digits[10:]]
    elif len(digits) == 14:
        parts = [digits[:4], digits[4:10], digits[10:]] if style != 3 else [digits[:4], digits[4:8], digits[8:]]
    else:
        parts = [digits[i : i + 4] for i in range(0, len(digits), 4)]
    return sep.join(parts)


def card_rows(rng: random.Random) -> list[Line]:
    rows = []
    for i in range(310):
        network = list(NETWORKS)[i % len(NETWORKS)]
        prefixes, lengths = NETWORKS[network]
        length = rng.choice(lengths)
        value = card_text(rng, card_digits(rng, rng.choice(prefixes), length), network)
        if i % 3 == 0:
            lang, template = rng.choice(CARD_PROSE)
            before, _, after = template.replace("{n}", network).partition("{v}")
            rows.append(Line("card", network, f"lang-{lang}", "setting-prose").add(before).add(value, CARD).add(after))
        else:
            rows.append(_wrap(rng, rng.choice(CARD_LABELS), value, CARD, ["card", network]))
    return rows


# ---- SSNs --------------------------------------------------------------------------------------------------------

SSN_LABELS = {
    "en": ["SSN", "SSN#", "Social Security Number", "Social Security No.", "Soc. Sec. #", "SS#", "SSN / TIN",
           "Employee's social security number", "Taxpayer ID (SSN)", "social sec no", "Last SSN on file"],
    "es": ["Número de Seguro Social", "Núm. de Seguro Social", "SSN (Seguro Social)", "No. Seguro Social"],
    "hi": ["सामाजिक सुरक्षा संख्या", "एसएसएन", "सोशल सिक्योरिटी नंबर"],
    "fr": ["numéro de sécurité sociale américain", "N° SSN", "Numéro Social Security"],
    "de": ["US-Sozialversicherungsnummer", "SSN (USA)", "Sozialversicherungsnr. (US)"],
    "pt": ["Número do Seguro Social", "SSN americano", "Nº do Social Security"],
    "zh": ["社会安全号码", "社安号", "美国社会保障号"],
    "vi": ["Số An sinh Xã hội", "số SSN"],
    "ko": ["사회보장번호", "SSN 번호"],
    "tl": ["Social Security number mo", "numero ng SSN"],
    "ja": ["社会保障番号", "ソーシャルセキュリティ番号"],
    "ru": ["номер социального страхования (SSN)", "SSN"],
}  # fmt: skip
SSN_PROSE = {
    "en": ["I confirmed the last payroll used {v} for Dana, which matches the W-4.",
           "The applicant's social is {v} per the scanned card.", "Got it - SS number {v}, DOB 03/14/1979."],
    "es": ["El número de Seguro Social que aparece en la solicitud es {v}.", "Su seguro social: {v}, ¿correcto?"],
    "hi": ["आवेदक का सोशल सिक्योरिटी नंबर {v} है।", "फ़ॉर्म W-9 पर एसएसएन {v} लिखा है।"],
    "fr": ["Le numéro de sécurité sociale américain indiqué est le {v}."],
    "de": ["Die angegebene US-Sozialversicherungsnummer lautet {v}."],
    "pt": ["O número do Seguro Social informado é {v}."],
    "zh": ["申请表上的社会安全号码是{v}。"],
    "vi": ["Số an sinh xã hội trong hồ sơ là {v}."],
    "ko": ["신청서에 기재된 사회보장번호는 {v}입니다."],
    "tl": ["Ang SSN na nakalagay sa form ay {v}."],
    "ja": ["申請書の社会保障番号は{v}です。"],
    "ru": ["В анкете указан SSN {v}."],
}  # fmt: skip


def ssn_text(rng: random.Random) -> tuple[str, str]:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    a, g, s = f"{area:03d}", f"{rng.randint(1, 99):02d}", f"{rng.randint(1, 9999):04d}"
    forms = [("dashes", f"{a}-{g}-{s}"), ("spaces", f"{a} {g} {s}"), ("compact", a + g + s),
             ("dots", f"{a}.{g}.{s}"), ("en-dash", f"{a}–{g}–{s}"), ("spaced-dashes", f"{a} - {g} - {s}"),
             ("slashes", f"{a}/{g}/{s}")]  # fmt: skip
    weights = [6, 2, 2, 1, 1, 1, 1]
    return rng.choices(forms, weights)[0]


def ssn_rows(rng: random.Random) -> list[Line]:
    rows = []
    langs = list(SSN_LABELS)
    for i in range(330):
        lang = langs[i % len(langs)] if i % 5 else rng.choice(["en", "es", "hi"])
        form, value = ssn_text(rng)
        if i % 4 == 0:
            before, _, after = rng.choice(SSN_PROSE[lang]).partition("{v}")
            line = Line("ssn", f"lang-{lang}", form, "setting-prose").add(before).add(value, SSN).add(after)
        else:
            line = _wrap(rng, rng.choice(SSN_LABELS[lang]), value, SSN, ["ssn", f"lang-{lang}", form])
        rows.append(line)
    return rows


# ---- IBANs -------------------------------------------------------------------------------------------------------

NON_SEPA_BBAN = {
    "SA": "2n18c", "AE": "3n16n", "TR": "5n1n16c", "BR": "8n5n10n1a1c", "QA": "4a21c", "KW": "4a22c",
    "JO": "4a4n18c", "IL": "3n3n13n", "PK": "4a16c", "EG": "4n4n17n", "TN": "2n3n13n2n", "GE": "2a16n",
    "AZ": "4a20c", "UA": "6n19c", "KZ": "3n13c", "CR": "4n14n", "DO": "4c20n", "BH": "4a14c", "LB": "4n20c",
    "XK": "4n10n2n", "BA": "3n3n8n2n", "MU": "4a2n2n12n3n3a", "PS": "4a21c", "GT": "4c20c",
}  # fmt: skip
IBAN_PROSE = [
    ("en", "We'll send the refund by bank transfer to {v} within five working days."),
    ("de", "Die Erstattung geht auf das Konto {v}."),
    ("fr", "Le remboursement sera viré sur l'IBAN {v}."),
    ("es", "Haremos la transferencia a la cuenta {v}."),
    ("it", "Il bonifico verrà effettuato sull'IBAN {v}."),
    ("nl", "Het bedrag wordt overgemaakt naar {v}."),
    ("pl", "Zwrot trafi na rachunek {v}."),
    ("pt", "O reembolso será feito para o IBAN {v}."),
    ("tr", "İade tutarı {v} numaralı hesaba gönderilecek."),
    ("ar", "سيتم تحويل المبلغ إلى الآيبان {v} خلال أسبوع."),
    ("el", "Η επιστροφή θα γίνει στον λογαριασμό {v}."),
    ("sv", "Återbetalningen går till kontot {v}."),
]
IBAN_LABELS = ["IBAN", "Kontonummer (IBAN)", "IBAN du bénéficiaire", "Payee IBAN", "Cuenta IBAN", "Conto IBAN"]


def iban_rows(rng: random.Random) -> list[Line]:
    rows = []
    sepa = sorted(SEPA_BBAN)
    others = sorted(NON_SEPA_BBAN)
    for i in range(310):
        is_sepa = i % 3 != 2
        country = rng.choice(sepa if is_sepa else others)
        b = bban(rng, (SEPA_BBAN if is_sepa else NON_SEPA_BBAN)[country])
        value = country + iban_check(country, b) + b
        form = "print" if i % 2 else "electronic"
        if form == "print":
            value = " ".join(value[j : j + 4] for j in range(0, len(value), 4))
        tags = ["iban", "sepa" if is_sepa else "non-sepa", form, country]
        if i % 3 == 0:
            lang, template = rng.choice(IBAN_PROSE)
            before, _, after = template.partition("{v}")
            rows.append(Line(*tags, f"lang-{lang}", "setting-prose").add(before).add(value, IBAN).add(after))
        else:
            rows.append(_wrap(rng, rng.choice(IBAN_LABELS), value, IBAN, tags))
    return rows
