"""Replies with US Social Security numbers and IBANs for PII tuned part 10. SSNs are possible ones (no 000,
666 or 9xx area, no 00 group, no 0000 serial), with dashes, spaces or run together, always named as an SSN in the
sentence or in a field's name, in several languages. IBANs follow SEPA and non-SEPA layouts with mod-97 check
digits, compact or in fours, at the start, middle or end of sentences and in documents."""

from __future__ import annotations

import random

from pii_corpus_values import IBAN, SEPA_BBAN, SSN, Line, check_labels, iban_check  # noqa: E402 - bench/
from pii_tuned10_docs import FORMATS, NAMES, render  # noqa: E402


def an_ssn(rng: random.Random) -> tuple[str, str]:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    group, serial = rng.randint(1, 99), rng.randint(1, 9999)
    style = rng.choice(["dashes", "dashes", "dashes", "spaces", "compact"])
    sep = {"dashes": "-", "spaces": " ", "compact": ""}[style]
    return f"{area:03d}{sep}{group:02d}{sep}{serial:04d}", style


SSN_PHRASES: dict[str, list[str]] = {
    "en": [
        "The Social Security number on the payroll file for Ms. Tesfaye is {s}.",
        "I've corrected the SSN on the 1099 to {s} as you asked.",
        "Per the intake form, his SSN is {s} and his date of birth is 03/14/1971.",
        "The background check ran against SSN {s}, which came back clear.",
        "{s} is the Social Security number the tax preparer entered on the return.",
        "The beneficiary's social security no. reads {s} on the claim.",
        "For the credit application we used SSN {s}, last name Ibáñez.",
    ],
    "es": [
        "El número de Seguro Social que figura en su expediente es {s}.",
        "Corregimos el SSN del formulario W-2: ahora dice {s}.",
        "Para la solicitud de crédito usamos su número de seguro social {s}.",
    ],
    "hi": [
        "आपके रिकॉर्ड में दर्ज सोशल सिक्योरिटी नंबर (SSN) {s} है।",
        "टैक्स फ़ॉर्म पर SSN {s} अपडेट कर दिया गया है।",
    ],
    "zh": ["您档案中的社会安全号码（SSN）是{s}。", "报税表上的SSN已更正为{s}。"],
    "vi": ["Số An Sinh Xã Hội (SSN) trong hồ sơ của bà là {s}.", "Chúng tôi đã sửa SSN trên tờ khai thành {s}."],
    "ko": ["고객님 서류에 기재된 사회보장번호(SSN)는 {s}입니다.", "세금 신고서의 SSN을 {s}(으)로 수정했습니다."],
    "tl": ["Ang Social Security number (SSN) na nasa file mo ay {s}.", "Naitama na namin ang SSN sa W-2 mo: {s}."],
    "pt": ["O número do Social Security (SSN) no seu cadastro é {s}.", "Atualizamos o SSN no formulário para {s}."],
    "fr": [
        "Le numéro de sécurité sociale américain (SSN) enregistré est le {s}.",
        "Le SSN indiqué sur le W-9 est {s}.",
    ],
    "ru": ["Номер социального страхования США (SSN) в вашей анкете: {s}.", "Мы исправили SSN в форме на {s}."],
}
SSN_FIELDS = [
    ("SSN", "ssn"), ("Social Security No.", "social_security_number"), ("SSN/TIN", "ssn_tin"),
    ("Employee SSN", "employee_ssn"), ("Número de Seguro Social", "numero_seguro_social"), ("Soc. Sec. #", "soc_sec"),
]  # fmt: skip
SSN_SETTINGS = ["payroll", "tax", "healthcare", "lending", "hr", "insurance", "government"]


def _fill(line: Line, template: str, values: dict[str, tuple[str, str | None]]) -> Line:
    rest = template
    while "{" in rest:
        before, _, after = rest.partition("{")
        name, _, rest = after.partition("}")
        line.add(before).add(*values[name])
    return line.add(rest)


def _w2(rng: random.Random, value: str, *tags: str) -> Line:
    line = Line(*tags)
    name = rng.choice(NAMES)
    line.add("From the scanned W-2:\na Employee's social security number  ").add(value, SSN)
    line.add(f"\nb Employer identification number (EIN)  {rng.randint(10, 99)}-{rng.randint(1000000, 9999999)}")
    return line.add(f"\ne Employee's first name and initial  {name}")


def ssn_rows(rng: random.Random, count: int = 305) -> list[Line]:
    lines = []
    langs = list(SSN_PHRASES)
    for i in range(count):
        value, style = an_ssn(rng)
        tags = ["ssn", style, f"setting-{rng.choice(SSN_SETTINGS)}"]
        roll = i % 10
        if roll < 6:
            lang = "en" if roll < 3 else langs[(i // 10 * 3 + roll) % len(langs)]
            line = _fill(Line(*tags, f"lang-{lang}"), rng.choice(SSN_PHRASES[lang]), {"s": (value, SSN)})
        elif roll < 9:
            label, key = rng.choice(SSN_FIELDS)
            fmt = rng.choice(FORMATS)
            dob = f"{rng.randint(1940, 2004)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
            fields = [
                ("Name", "full_name", rng.choice(NAMES), None),
                (label, key, value, SSN),
                ("DOB", "dob", dob, None),
            ]
            line = render(rng, fmt, fields, *tags, "lang-es" if "Seguro" in label else "lang-en", fmt)
        else:
            line = _w2(rng, value, *tags, "lang-en", "w2")
        check_labels(line)
        lines.append(line)
    return lines


# ---- IBANs --------------------------------------------------------------------------------------------------------

# non-SEPA countries and their BBAN layouts, from the SWIFT IBAN registry
OTHER_BBAN = {
    "SA": "2n18c", "AE": "3n16n", "TR": "5n1n16c", "BR": "8n5n10n1a1c", "PK": "4a16c", "IL": "3n3n13n",
    "KW": "4a22c", "QA": "4a21c", "JO": "4a4n18c", "EG": "4n4n17n", "TN": "2n3n13n2n", "LB": "4n20c",
    "AZ": "4a20c", "GE": "2a16n", "KZ": "3n13c", "UA": "6n19c", "BH": "4a14c", "DO": "4c20n", "CR": "4n14n",
    "MU": "4a2n2n12n3n3a", "BA": "3n3n8n2n", "XK": "4n10n2n", "PS": "4a21c", "GT": "4c20c",
}  # fmt: skip


def bban(rng: random.Random, layout: str) -> str:
    """A BBAN for ``layout``; alphanumeric fields are digits but for a letter now and then, as banks issue them."""
    out, count = "", ""
    for ch in layout:
        if ch.isdigit():
            count += ch
            continue
        for _ in range(int(count)):
            letter = ch == "a" or (ch == "c" and rng.random() < 0.06)
            out += rng.choice("ABCDEFGHIJKLMNOPRSTUVWXYZ" if letter else "0123456789")
        count = ""
    return out


def an_iban(rng: random.Random, country: str) -> str:
    layout = SEPA_BBAN.get(country) or OTHER_BBAN[country]
    body = bban(rng, layout)
    return country + iban_check(country, body) + body


IBAN_PHRASES: dict[str, list[str]] = {
    "en": [
        "The refund will go to the IBAN you gave us, {i}, within three working days.",
        "{i} is the account the rent is collected from by direct debit.",
        "I've updated the payout account for the seller to {i}.",
        "Your salary was paid into {i} on the 25th; the bank shows it as pending.",
        "Please confirm that {i} (held by Mr. Auer) is still correct.",
    ],
    "de": [
        "Die Erstattung geht an Ihre IBAN {i}.",
        "Der Beitrag wird per Lastschrift von {i} eingezogen.",
        "{i} ist als Auszahlungskonto hinterlegt.",
    ],
    "fr": ["Le remboursement sera versé sur l'IBAN {i}.", "Le prélèvement sera effectué sur le compte {i} le 5."],
    "es": ["Le devolveremos el importe en la cuenta {i}.", "El IBAN que nos facilitó, {i}, ya está actualizado."],
    "it": ["Il rimborso verrà accreditato sull'IBAN {i}.", "L'addebito SEPA avverrà sul conto {i}."],
    "nl": ["Het bedrag wordt teruggestort op {i}.", "De incasso wordt afgeschreven van rekening {i}."],
    "pt": ["O reembolso será feito para o IBAN {i}.", "A transferência foi enviada para {i} ontem."],
    "pl": ["Zwrot zostanie przelany na rachunek {i}.", "Numer IBAN podany w formularzu to {i}."],
    "tr": ["İade tutarı {i} IBAN numaralı hesabınıza yatırılacak.", "Maaşınız {i} hesabına gönderildi."],
    "ar": ["سيتم تحويل المبلغ المسترد إلى الآيبان {i}.", "رقم الآيبان المسجل لديكم هو {i}."],
    "hi": ["रिफंड आपके IBAN {i} में भेजा जाएगा।"],
    "ro": ["Rambursarea va fi virată în contul IBAN {i}.", "Contul {i} a fost setat pentru plăți."],
    "sv": ["Återbetalningen går till IBAN {i}."],
    "cs": ["Vrácení peněz proběhne na účet IBAN {i}."],
    "el": ["Η επιστροφή χρημάτων θα γίνει στο IBAN {i}."],
    "hu": ["A visszatérítést a(z) {i} IBAN-számlára utaljuk."],
}
IBAN_FIELDS = [
    ("IBAN", "iban"), ("Account (IBAN)", "account_iban"), ("Bankverbindung", "iban"), ("Compte IBAN", "iban"),
    ("Cuenta", "cuenta_iban"), ("Rekeningnummer", "iban"), ("Payee account", "payee_iban"),
]  # fmt: skip
IBAN_SETTINGS = ["bank", "utilities", "payroll", "marketplace", "insurance", "real_estate", "government"]


def _pain(rng: random.Random, value: str, *tags: str) -> Line:
    line = Line(*tags)
    name = rng.choice(NAMES)
    line.add(f"The rejected credit transfer (pain.001) had:\n<Cdtr><Nm>{name}</Nm></Cdtr>\n<CdtrAcct><Id><IBAN>")
    return line.add(value, IBAN).add("</IBAN></Id></CdtrAcct>")


def iban_rows(rng: random.Random, count: int = 305) -> list[Line]:
    lines = []
    countries = sorted(SEPA_BBAN) + sorted(OTHER_BBAN)
    langs = list(IBAN_PHRASES)
    for i in range(count):
        country = countries[i % len(countries)]
        compact = an_iban(rng, country)
        form = "print" if rng.random() < 0.55 else "electronic"
        value = " ".join(compact[j : j + 4] for j in range(0, len(compact), 4)) if form == "print" else compact
        tags = ["iban", country, form, "sepa" if country in SEPA_BBAN else "non-sepa"]
        tags.append(f"setting-{rng.choice(IBAN_SETTINGS)}")
        roll = i % 9
        if roll < 5:
            lang = "en" if roll < 2 else langs[(i * 7) % len(langs)]
            line = _fill(Line(*tags, f"lang-{lang}"), rng.choice(IBAN_PHRASES[lang]), {"i": (value, IBAN)})
        elif roll < 8:
            label, key = rng.choice(IBAN_FIELDS)
            fmt = rng.choice(FORMATS)
            fields = [("Account holder", "holder", rng.choice(NAMES), None), (label, key, value, IBAN)]
            line = render(rng, fmt, fields, *tags, "lang-en", fmt)
        else:
            line = _pain(rng, compact, *tags, "lang-en", "pain001")
        check_labels(line)
        lines.append(line)
    return lines
