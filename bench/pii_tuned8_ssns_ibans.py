"""Replies with US Social Security numbers and IBANs for PII tuned part 8. SSNs are possible ones (no 000,
666 or 9xx area, no 00 group, no 0000 serial), with dashes, spaces or run together, always named as an SSN or Social
Security number in the sentence or in a field or column name, in several languages. IBANs follow the SEPA layouts of
``pii_corpus_values`` and non-SEPA layouts listed here, with mod-97 check digits, compact or in groups of four."""

from __future__ import annotations

import random

from pii_corpus_values import IBAN, SEPA_BBAN, SSN, Line, bban, check_labels, iban_check, printed, templated


def ssn(rng: random.Random) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    return f"{area:03d}{rng.randint(1, 99):02d}{rng.randint(1, 9999):04d}"


SSN_TEMPLATES = [
    ("en", "hr", "For the I-9 I entered {n}'s Social Security number as {s}."),
    ("en", "bank", "The SSN on the loan application is {s}; it matches the credit report."),
    ("en", "tax", "Your SSN {s} is already attached to a 2023 return, so e-file was rejected."),
    ("en", "clinic", "Patient {n}, DOB 03/14/1979, SSN: {s}"),
    ("en", "hr", "Payroll has {s} as the Social Security No. for {n}."),
    ("en", "insurance", "I verified the caller with the last name and full SSN ({s})."),
    ("en", "tax", "W-2 box a (employee's social security number): {s}"),
    ("en", "government", "The benefits letter lists social security number {s} for the claimant."),
    ("en", "hr", '{{"employee": "{n}", "ssn": "{s}", "state": "OH"}}'),
    ("en", "hr", "name,ssn,hire_date\n{n},{s},2021-06-07"),
    ("en", "bank", "| Applicant | SSN | Status |\n|---|---|---|\n| {n} | {s} | pending |"),
    ("en", "tax", "First name: {n}\nSocial Security Number: {s}\nFiling status: single"),
    ("es", "tax", "El número de Seguro Social de {n} es {s}."),
    ("es", "hr", "Para la nómina necesitamos confirmar su SSN: {s}."),
    ("es", "bank", "Número de Seguro Social (SSN) registrado: {s}"),
    ("hi", "tax", "{n} का सोशल सिक्योरिटी नंबर (SSN) {s} है।"),
    ("hi", "bank", "आवेदन में दर्ज SSN {s} क्रेडिट रिपोर्ट से मेल खाता है।"),
    ("fr", "hr", "Le numéro de sécurité sociale américain (SSN) de {n} est le {s}."),
    ("de", "tax", "Die US-Sozialversicherungsnummer (SSN) von {n} lautet {s}."),
    ("pt", "tax", "O SSN (Social Security Number) do {n} é {s}."),
    ("zh", "tax", "{n}的社会安全号码(SSN)是{s}。"),
    ("ko", "bank", "{n} 님의 사회보장번호(SSN)는 {s}입니다."),
    ("vi", "tax", "Số an sinh xã hội (SSN) của {n} là {s}."),
    ("tl", "hr", "Ang SSN ni {n} ay {s}, pakicheck sa W-4."),
]  # fmt: skip
SSN_NAMES = ["Maria Gonzalez", "James Porter", "Aaliyah Brooks", "Nguyen Van An", "Rosa Delgado", "Kevin O'Neil",
             "Sunita Patel", "Jamal Wright", "Emily Zhang"]  # fmt: skip


def _fill(template: str, values: dict[str, tuple[str, str | None]], tags: tuple[str, ...]) -> Line:
    braced = template.replace("{{", "\x00").replace("}}", "\x01")
    line = templated(braced, values, *tags)
    line.text = line.text.replace("\x00", "{").replace("\x01", "}")
    check_labels(line)
    return line


def ssn_rows(rng: random.Random) -> list[Line]:
    out: list[Line] = []
    for round_ in range(13):
        for i, (lang, setting, template) in enumerate(SSN_TEMPLATES):
            digits = ssn(rng)
            sep = ["-", "-", " ", ""][(round_ + i) % 4]
            value = f"{digits[:3]}{sep}{digits[3:5]}{sep}{digits[5:]}"
            tags = ("ssn", f"lang-{lang}", f"setting-{setting}", {"-": "dashes", " ": "spaces", "": "compact"}[sep])
            out.append(_fill(template, {"s": (value, SSN), "n": (rng.choice(SSN_NAMES), None)}, tags))
    return out


# IBAN layouts outside SEPA (SWIFT IBAN registry notation)
OTHER_BBAN = {
    "SA": "2n18c", "AE": "3n16n", "TR": "5n1n16c", "IL": "3n3n13n", "BR": "8n5n10n1a1c", "PK": "4a16c",
    "QA": "4a21c", "KW": "4a22c", "JO": "4a4n18c", "BH": "4a14c", "AZ": "4a20c", "GE": "2a16n", "KZ": "3n13c",
    "UA": "6n19c", "CR": "4n14n", "DO": "4c20n", "GT": "4c20c", "LB": "4n20c", "MU": "4a2n2n12n3n3a",
    "TN": "2n3n13n2n", "EG": "4n4n17n", "IQ": "4a3n12n", "XK": "4n10n2n", "BA": "3n3n8n2n", "MR": "5n5n11n2n",
    "TL": "3n14n2n", "SV": "4a20n", "BY": "4c4n16c",
}  # fmt: skip


def iban(rng: random.Random, country: str) -> str:
    layout = SEPA_BBAN.get(country) or OTHER_BBAN[country]
    b = bban(rng, layout.replace("c", "n") if rng.random() < 0.3 else layout)
    return country + iban_check(country, b) + b


IBAN_TEMPLATES = [
    ("en", "hr", "Salary will be paid into {n}'s account {i} from next month."),
    ("en", "retail", "Refund issued to IBAN {i}; allow 3-5 business days."),
    ("en", "real_estate", "{i} is the account the tenant gave for the deposit return."),
    ("en", "payments", '{{"payee": "{n}", "iban": "{i}", "currency": "EUR"}}'),
    ("en", "hr", "name;iban;amount\n{n};{i};250.00"),
    ("en", "bank", "| Beneficiary | IBAN |\n|---|---|\n| {n} | {i} |"),
    ("de", "insurance", "Die Erstattung geht an die IBAN {i} (Kontoinhaber {n})."),
    ("de", "utilities", "Abbuchung per Lastschrift vom Konto {i}."),
    ("fr", "bank", "Le virement sera effectué sur le compte {i} de {n}."),
    ("fr", "hr", "RIB du salarié : {i}"),
    ("es", "retail", "Te devolvemos el importe en la cuenta {i}."),
    ("es", "insurance", "IBAN del asegurado: {i}"),
    ("it", "utilities", "L'addebito SEPA avverrà sul conto {i} intestato a {n}."),
    ("nl", "retail", "Het geld wordt teruggestort op rekening {i}."),
    ("pt", "bank", "A transferência vai para o IBAN {i}, titular {n}."),
    ("pl", "hr", "Wynagrodzenie przelewamy na konto {i}."),
    ("ar", "bank", "سيتم تحويل المبلغ إلى الآيبان {i} باسم {n}."),
    ("tr", "bank", "Para iadesi {i} IBAN numaralı hesaba yapılacak."),
    ("he", "bank", "ההחזר יועבר לחשבון {i} על שם {n}."),
    ("ru", "bank", "Возврат средств на счёт {i} ({n})."),
    ("uk", "bank", "Кошти буде зараховано на рахунок IBAN {i}."),
    ("hi", "bank", "रिफ़ंड IBAN {i} वाले खाते में भेजा जाएगा।"),
    ("en", "insurance", "Account holder: {n}\nIBAN: {i}\nReason: overpayment"),
    ("sv", "hr", "Lönen sätts in på kontot {i}."),
]  # fmt: skip
IBAN_NAMES = ["Lukas Brandt", "Chiara Vitale", "Youssef Amrani", "Elif Şahin", "Noa Cohen", "Pedro Lima",
              "Aleksandra Zielińska", "Khalid Al-Mansouri", "Sophie Martin"]  # fmt: skip


def iban_rows(rng: random.Random) -> list[Line]:
    out: list[Line] = []
    countries = sorted(SEPA_BBAN) + sorted(OTHER_BBAN)
    k = 0
    for round_ in range(14):
        for i, (lang, setting, template) in enumerate(IBAN_TEMPLATES):
            country = countries[k % len(countries)]
            k += 1
            value = iban(rng, country)
            form = "print" if (round_ + i) % 2 else "electronic"
            text = printed(value) if form == "print" else value
            tags = ("iban", f"lang-{lang}", f"setting-{setting}", country, form,
                    "sepa" if country in SEPA_BBAN else "non_sepa")  # fmt: skip
            out.append(_fill(template, {"i": (text, IBAN), "n": (rng.choice(IBAN_NAMES), None)}, tags))
    return out
