"""SSN and IBAN rows of the held-out part (bench/make_pii_tuned11.py): US Social Security numbers quoted to US
residents in many languages and in forms, and IBANs of SEPA and non-SEPA countries, printed in groups of four or
written electronically. Slot {v}: the value."""

from __future__ import annotations

import random

from pii_corpus_values import IBAN, SEPA_BBAN, SSN, Line, bban, iban_check, printed, ssn_digits
from pii_tuned11_docs import doc_line, fill

SSN_SENTENCES: dict[str, list[str]] = {
    "en": [
        "For the 1099 we still show SSN {v}; if that's wrong, upload a corrected W-9.",
        "The payroll profile lists the employee's social security number as {v}.",
        "I matched the credit pull to SSN {v} - it belongs to the co-signer, not you.",
    ],
    "es": [
        "El número de Seguro Social que tenemos es {v}; confírmelo por favor.",
        "Para la declaración usamos su SSN {v}.",
    ],
    "hi": ["आपका सोशल सिक्योरिटी नंबर (SSN) {v} हमारे रिकॉर्ड में है।", "W-2 फ़ॉर्म पर SSN {v} दर्ज है।"],
    "zh": ["您的社会安全号码(SSN)登记为{v}。", "报税表上填写的SSN是{v}。"],
    "vi": ["Số An sinh Xã hội (SSN) của bạn là {v}.", "Hồ sơ thuế ghi SSN {v}."],
    "ko": ["등록된 사회보장번호(SSN)는 {v}입니다.", "세금 서류에 SSN {v}이(가) 기재되어 있습니다."],
    "tl": ["Ang Social Security number mo sa file ay {v}.", "Nakalagay sa W-2 ang SSN {v}."],
    "fr": ["Le numéro de sécurité sociale américain (SSN) enregistré est {v}.", "Votre SSN {v} figure sur le W-2."],
    "pt": ["O SSN cadastrado para o seu vínculo nos EUA é {v}.", "No formulário W-4 consta o SSN {v}."],
    "ru": ["В анкете указан ваш номер социального страхования США (SSN): {v}.", "SSN {v} указан в форме W-9."],
    "ar": ["رقم الضمان الاجتماعي الأمريكي المسجل لدينا هو {v}.", "يظهر الرقم {v} كرقم SSN في نموذج W-2."],
}
SSN_KEYS = ["ssn", "SSN", "social_security_no", "tax_id", "TIN (SSN)", "employee_ssn"]

# non-SEPA IBAN countries and their BBAN layouts (SWIFT registry notation)
OTHER_BBAN = {
    "SA": "2n18c", "AE": "3n16n", "TR": "5n1n16c", "IL": "3n3n13n", "QA": "4a21c", "KW": "4a22c", "BH": "4a14c",
    "JO": "4a4n18c", "PK": "4a16c", "BR": "8n5n10n1a1c", "EG": "4n4n17n", "GE": "2a16n", "UA": "6n19c",
    "KZ": "3n13c", "CR": "4n14n", "DO": "4c20n", "TN": "2n3n13n2n", "AZ": "4a20c", "XK": "4n10n2n", "MU": "4a2n2n12n3n3a",
}  # fmt: skip
IBAN_SENTENCES: dict[str, list[str]] = {
    "en": ["The payout goes to IBAN {v} every Friday.", "Please double-check the beneficiary IBAN {v} before we send."],
    "de": ["Die Erstattung überweisen wir auf {v}.", "Bitte bestätigen Sie die IBAN {v} für das Lastschriftmandat."],
    "fr": ["Le virement sera fait sur l'IBAN {v}.", "Nous avons bien reçu votre RIB : {v}."],
    "es": ["La devolución se hará a la cuenta {v}.", "Domiciliaremos los recibos en el IBAN {v}."],
    "it": ["Il rimborso sarà accreditato sull'IBAN {v}.", "Abbiamo registrato il conto {v} per l'addebito SDD."],
    "nl": ["We maken het bedrag over naar {v}.", "Het incasso loopt via rekening {v}."],
    "pt": ["O reembolso vai para o IBAN {v}.", "A conta {v} ficou registada para débito direto."],
    "pl": ["Zwrot zostanie przelany na rachunek {v}.", "Numer konta do przelewu: {v}."],
    "tr": ["İade {v} IBAN numarasına yapılacak.", "Maaş hesabınız {v} olarak kayıtlı."],
    "ar": ["سيتم التحويل إلى الآيبان {v}.", "رقم الحساب الدولي المسجل: {v}."],
    "he": ["ההחזר יועבר לחשבון {v}.", "מספר ה-IBAN שלך הוא {v}."],
    "ro": ["Rambursarea se face în contul {v}.", "IBAN-ul pentru plată este {v}."],
    "hu": ["A visszatérítést a(z) {v} számlára utaljuk.", "Az IBAN: {v}."],
    "uk": ["Повернення буде на рахунок {v}.", "Ваш IBAN: {v}."],
    "sv": ["Återbetalningen sätts in på {v}.", "Kontot {v} är kopplat till autogiro."],
    "el": ["Η επιστροφή θα γίνει στο IBAN {v}.", "Ο λογαριασμός {v} καταχωρήθηκε."],
}
IBAN_KEYS = ["iban", "IBAN", "account", "payout_iban", "Kontonummer", "beneficiary_account"]


def ssn_rows(rng: random.Random, count: int) -> list[Line]:
    rows: list[Line] = []
    langs = list(SSN_SENTENCES)
    for n in range(count):
        digits = ssn_digits(rng)
        sep = ["-", "-", " ", ""][n % 4]
        value = f"{digits[:3]}{sep}{digits[3:5]}{sep}{digits[5:]}"
        form = {"-": "dashes", " ": "spaces", "": "compact"}[sep]
        if n % 4 == 3:
            setting = ["json", "form", "csv", "xml", "kv", "md-table", "log", "email-headers"][(n // 4) % 8]
            rows.append(doc_line(rng, setting, rng.choice(SSN_KEYS), value, SSN, ["ssn", "lang-en", form]))
        else:
            lang = langs[n % len(langs)]
            rows.append(fill(rng.choice(SSN_SENTENCES[lang]), {"v": (value, SSN)}, "ssn", f"lang-{lang}", form))
    return rows


def iban_any(rng: random.Random, country: str) -> str:
    layout = SEPA_BBAN.get(country) or OTHER_BBAN[country]
    if rng.random() < 0.75:  # most banks' alphanumeric account fields hold only digits
        layout = layout.replace("c", "n")
    b = bban(rng, layout)
    return country + iban_check(country, b) + b


def iban_rows(rng: random.Random, count: int) -> list[Line]:
    rows: list[Line] = []
    countries = sorted(SEPA_BBAN) + sorted(OTHER_BBAN)
    langs = list(IBAN_SENTENCES)
    for n in range(count):
        country = countries[n % len(countries)]
        value = iban_any(rng, country)
        form = "print" if n % 2 == 0 else "electronic"
        text = printed(value) if form == "print" else value
        tags = ["iban", "sepa" if country in SEPA_BBAN else "non-sepa", form, country]
        if n % 3 == 1:
            setting = ["json", "yaml", "ini", "xml", "kv", "csv", "receipt", "form", "chat"][(n // 3) % 9]
            rows.append(doc_line(rng, setting, rng.choice(IBAN_KEYS), text, IBAN, [*tags, "lang-en"]))
        else:
            lang = langs[n % len(langs)]
            rows.append(fill(rng.choice(IBAN_SENTENCES[lang]), {"v": (text, IBAN)}, *tags, f"lang-{lang}"))
    return rows
