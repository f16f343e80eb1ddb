"""Replies with US Social Security numbers and IBANs for PII tuned part 9. An SSN is always named as one (in
the sentence or as a field or column), written with dashes, spaces or run together, in ten languages; it never has
area 000, 666 or 9xx, group 00 or serial 0000. IBANs are SEPA layouts (the shared value rules) and non-SEPA ones
(below), each with its mod-97 check digits, run together or in fours, in many languages and positions."""

from __future__ import annotations

import random

from pii_corpus_values import IBAN, SEPA_BBAN, SSN, Line, bban, iban_check, ssn_digits
from pii_tuned9_common import fill, name

SSN_PROSE = [
    ("en", "chat", "I've confirmed the Social Security number you gave us, {s}, against the W-2."),
    ("en", "chat", "{n}'s SSN is {s}; please don't send it over chat again."),
    ("en", "email", "For the background check we need to correct the SSN: it's {s}, not the one on the form."),
    ("en", "note", "Caller verified identity with SSN {s} and date of birth."),
    ("en", "chat", "The 1099 was issued under social security no. {s}."),
    ("es", "chat", "El número de Seguro Social que tenemos registrado es {s}."),
    ("es", "chat", "Para la solicitud usamos el SSN {s} de {n}."),
    ("hi", "chat", "आपका सोशल सिक्योरिटी नंबर (SSN) {s} हमारे रिकॉर्ड से मेल खाता है।"),
    ("hi", "chat", "{n} का SSN {s} है, कृपया इसे सुरक्षित रखें।"),
    ("pt", "chat", "O número do Seguro Social americano (SSN) informado foi {s}."),
    ("fr", "chat", "Le numéro de sécurité sociale américain (SSN) de {n} est le {s}."),
    ("de", "chat", "Die US-Sozialversicherungsnummer (SSN) lautet {s}."),
    ("zh", "chat", "客户的美国社会安全号码（SSN）是{s}。"),
    ("ko", "chat", "고객님의 미국 사회보장번호(SSN)는 {s}입니다."),
    ("vi", "chat", "Số an sinh xã hội Mỹ (SSN) của khách hàng là {s}."),
    ("tl", "chat", "Ang Social Security number ni {n} ay {s}."),
]
SSN_DOCUMENTS = [
    ("form", "Employee name: {n}\nSSN: {s}\nStart date: 2024-08-19"),
    ("form", "Social Security Number: {s}\nFiling status: single"),
    ("json", '{"applicant": "{n}", "ssn": "{s}", "dob": "1987-03-02"}'),
    ("json", '{"tax_id_type": "SSN", "tax_id": "{s}"}'),
    ("csv", "employee,ssn,state\n{n},{s},OH"),
    ("table", "| Name | Social Security No. |\n|---|---|\n| {n} | {s} |"),
    ("xml", "<Payee><Name>{n}</Name><SSN>{s}</SSN></Payee>"),
    ("yaml", 'dependent:\n  name: {n}\n  social_security_number: "{s}"'),
    ("log", "ERROR payroll import row 14: duplicate ssn={s}"),
    ("email", "> Please update my SSN to {s}, the old one had a typo."),
]

# non-SEPA IBAN countries and their BBAN layouts (n digits, a capitals, c alphanumerics)
NON_SEPA = {
    "BR": "8n5n10n1a1c", "SA": "2n18c", "AE": "3n16n", "TR": "5n1n16c", "IL": "3n3n13n", "QA": "4a21c",
    "KW": "4a22c", "JO": "4a4n18c", "PK": "4a16n", "EG": "4n4n17n", "MU": "4a2n2n12n3n3a", "TN": "2n3n13n2n",
    "KZ": "3n13c", "AZ": "4a20c", "GE": "2a16n", "UA": "6n19c", "BH": "4a14c", "LB": "4n20c", "DO": "4c20n",
    "CR": "4n14n", "GT": "4c20c", "XK": "4n10n2n", "BY": "4c4n16c", "IQ": "4a3n12n", "VG": "4a16n", "MR": "5n5n11n2n",
    "SV": "4a20n", "TL": "3n14n2n",
}  # fmt: skip
LAYOUTS = {**SEPA_BBAN, **NON_SEPA}


def iban(rng: random.Random, country: str) -> str:
    b = bban(rng, LAYOUTS[country])
    return country + iban_check(country, b) + b


def fours(value: str) -> str:
    return " ".join(value[i : i + 4] for i in range(0, len(value), 4))


IBAN_PROSE = [
    ("en", "chat", "The refund will go to {i}, the account {n} confirmed on the call."),
    ("en", "chat", "Payouts are now sent to IBAN {i} instead of the old account."),
    ("en", "email", "Please wire the deposit to {i} (account holder {n}) by Friday."),
    ("en", "note", "Customer changed the direct-debit account to {i}."),
    ("de", "chat", "Die Erstattung überweisen wir auf Ihr Konto {i}."),
    ("de", "email", "IBAN des Kontoinhabers {n}: {i}"),
    ("fr", "chat", "Le remboursement sera viré sur l'IBAN {i}."),
    ("es", "chat", "Haremos la devolución a la cuenta {i} a nombre de {n}."),
    ("it", "chat", "L'IBAN indicato per l'accredito è {i}."),
    ("nl", "chat", "We storten het bedrag terug op rekening {i}."),
    ("pt", "chat", "O reembolso será feito para o IBAN {i}."),
    ("pl", "chat", "Zwrot zostanie przelany na rachunek {i}."),
    ("tr", "chat", "İade tutarı {i} IBAN numaralı hesaba gönderilecek."),
    ("ar", "chat", "سيتم تحويل المبلغ إلى الآيبان {i} خلال ثلاثة أيام عمل."),
    ("hi", "chat", "रिफंड IBAN {i} वाले खाते में भेजा जाएगा।"),
    ("sv", "chat", "Återbetalningen skickas till IBAN {i}."),
    ("ro", "chat", "Rambursarea se va face în contul {i}."),
    ("el", "chat", "Η επιστροφή χρημάτων θα γίνει στο IBAN {i}."),
    ("he", "chat", "ההחזר יועבר לחשבון IBAN {i}."),
    ("ja", "chat", "返金先の口座（IBAN）は{i}です。"),
]
IBAN_DOCUMENTS = [
    ("form", "Account holder: {n}\nIBAN: {i}\nBIC: see bank letter"),
    ("json", '{"payout": {"iban": "{i}", "holder": "{n}"}}'),
    ("csv", "holder;iban;amount\n{n};{i};120,00"),
    ("table", "| Holder | IBAN |\n|---|---|\n| {n} | {i} |"),
    ("xml", "<CdtrAcct><Id><IBAN>{i}</IBAN></Id></CdtrAcct>"),
    ("yaml", "bank_account:\n  iban: {i}\n  owner: {n}"),
    ("invoice", "Please pay within 30 days to:\n{n}\n{i}"),
    ("log", "INFO sepa.mandate created debtor_iban={i} holder_ref=cus_7QxP"),
    ("sms", "[SMS] {n}: my IBAN is {i}, thanks!"),
    ("email", "> Bank details: {i}\n> Account holder: {n}"),
]


def ssn_rows(rng: random.Random) -> list[Line]:
    rows = []
    for i in range(312):
        d = ssn_digits(rng)
        sep = ["-", "-", " ", ""][i % 4]
        value = f"{d[:3]}{sep}{d[3:5]}{sep}{d[5:]}"
        if i % 2:
            lang, setting, template = SSN_PROSE[(i // 2) % len(SSN_PROSE)]
        else:
            (setting, template), lang = SSN_DOCUMENTS[(i // 2) % len(SSN_DOCUMENTS)], "en"
        values = {"s": (value, SSN), "n": (name(rng), None)}
        rows.append(fill(template, values, "ssn", f"lang-{lang}", f"setting-{setting}"))
    return rows


def iban_rows(rng: random.Random) -> list[Line]:
    rows = []
    countries = list(LAYOUTS)
    for i in range(316):
        country = countries[(i * 3) % len(countries)]
        value = iban(rng, country)
        value = fours(value) if i % 3 else value
        if i % 2:
            lang, setting, template = IBAN_PROSE[(i // 2) % len(IBAN_PROSE)]
        else:
            (setting, template), lang = IBAN_DOCUMENTS[(i // 2) % len(IBAN_DOCUMENTS)], "en"
        values = {"i": (value, IBAN), "n": (name(rng), None)}
        sepa = "sepa" if country in SEPA_BBAN else "non-sepa"
        rows.append(fill(template, values, "iban", f"lang-{lang}", f"setting-{setting}", f"country-{country}", sepa))
    return rows
