"""SSN and IBAN replies of the held-out part (bench/make_pii_tuned12.py): US Social Security numbers quoted by
support bots that answer in the languages of the people they serve, and IBANs of SEPA and non-SEPA countries,
printed in groups of four or written electronically, in prose and in records."""

from __future__ import annotations

import random

from pii_corpus_values import IBAN, SEPA_BBAN, SSN, Line, bban, iban_check, printed, ssn_digits, templated
from pii_tuned12_docs import SETTINGS, record

SSN_PROSE = [
    ("en", "I confirmed the last payroll record: SSN {v}, filing status single."),
    ("en", "The 1099 was issued under social security number {v}, which matches the W-9."),
    ("en", "Per the intake form, the dependent's SSN is {v}."),
    ("en", "The credit check ran against {v} and came back with no match; can you double-check it?"),
    ("en", "SS#: {v}"),
    ("es", "Su número de Seguro Social registrado es {v}; verifíquelo antes de firmar."),
    ("es", "El formulario W-4 tiene el SSN {v}, que coincide con la tarjeta del Seguro Social."),
    ("es", "Para el reclamo de desempleo usamos el número de seguro social {v}."),
    ("hi", "आपके रिकॉर्ड में दर्ज सोशल सिक्योरिटी नंबर (SSN) {v} है।"),
    ("hi", "W-2 फ़ॉर्म पर SSN {v} लिखा है, कृपया इसकी पुष्टि करें।"),
    ("zh", "您在表格中填写的社会安全号码（SSN）是{v}，请核对。"),
    ("vi", "Số An sinh Xã hội (SSN) trong hồ sơ của bạn là {v}."),
    ("tl", "Ang Social Security Number na nasa file ay {v}, pakikumpirma po."),
    ("ko", "등록된 사회보장번호(SSN)는 {v}입니다."),
    ("fr", "Le numéro de sécurité sociale américain (SSN) indiqué est le {v}."),
    ("pt", "O SSN informado no cadastro é {v}; confira antes de enviar o formulário."),
    ("ru", "В анкете указан номер социального страхования (SSN) {v}."),
    ("ar", "رقم الضمان الاجتماعي (SSN) المسجل لديك هو {v}."),
    ("ht", "Nimewo Sekirite Sosyal (SSN) ou nan dosye a se {v}."),
    ("de", "Die angegebene US-Sozialversicherungsnummer (SSN) lautet {v}."),
]

SSN_FIELDS = {
    "en": ("Employee", "SSN"),
    "es": ("Empleado", "Número de Seguro Social"),
    "hi": ("कर्मचारी", "SSN"),
    "zh": ("员工", "社会安全号码"),
}

SSN_NAMES = ["Denise Carter", "Luis Gutiérrez", "Anjali Mehta", "Wei Zhang", "Tran Minh", "Rosa Delgado"]


def ssn_value(rng: random.Random) -> str:
    d = ssn_digits(rng)
    while d[3:5] == "00" or d[5:] == "0000":
        d = ssn_digits(rng)
    sep = rng.choice(["-", "-", "-", " ", "", "."])
    return f"{d[:3]}{sep}{d[3:5]}{sep}{d[5:]}"


def ssn_rows(rng: random.Random) -> list[Line]:
    rows: list[Line] = []
    for i in range(320):
        value = ssn_value(rng)
        if i % 5 == 4:
            lang = list(SSN_FIELDS)[(i // 5) % len(SSN_FIELDS)]
            who, what = SSN_FIELDS[lang]
            fields = [(who, rng.choice(SSN_NAMES), None), (what, value, SSN)]
            if rng.random() < 0.5:
                fields.append(
                    ("DOB", f"{rng.randint(1950, 2004)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}", None)
                )
            setting = SETTINGS[(i // 5) % len(SETTINGS)]
            rows.append(record(rng, setting, fields, "ssn", f"lang-{lang}"))
        else:
            lang, template = SSN_PROSE[i % len(SSN_PROSE)]
            rows.append(templated(template, {"v": (value, SSN)}, "ssn", f"lang-{lang}", "setting-prose"))
    return rows


# non-SEPA IBAN countries and their BBAN layouts (SWIFT IBAN registry notation)
NON_SEPA_BBAN = {
    "SA": "2n18c", "AE": "3n16n", "TR": "5n1n16c", "BR": "8n5n10n1a1c", "IL": "3n3n13n", "KW": "4a22c",
    "QA": "4a21c", "JO": "4a4n18c", "LB": "4n20c", "PK": "4a16c", "EG": "4n4n17n", "TN": "2n3n13n2n",
    "KZ": "3n13c", "GE": "2a16n", "AZ": "4a20c", "BH": "4a14c", "CR": "4n14n", "DO": "4c20n", "GT": "4c20c",
    "UA": "6n19c", "XK": "4n10n2n", "BA": "3n3n8n2n", "MU": "4a2n2n12n3n3a", "PS": "4a21c", "IQ": "4a3n12n",
    "BY": "4c4n16c", "VG": "4a16n", "MR": "5n5n11n2n", "SC": "4a2n2n16n3a", "TL": "3n14n2n", "SV": "4a20n",
    "LY": "3n3n15n",
}  # fmt: skip

IBAN_PROSE = [
    ("en", "We'll send the refund by bank transfer to {v} - please allow 3 business days."),
    ("en", "The payout account on the seller profile is {v}."),
    ("en", "Your salary goes to IBAN {v}; the bank name is shown in the app."),
    ("de", "Die Erstattung überweisen wir auf Ihr Konto {v}."),
    ("de", "Bitte überweisen Sie den offenen Betrag unter Angabe der Rechnungsnummer auf die IBAN {v}."),
    ("fr", "Le remboursement sera viré sur le compte IBAN {v} sous 5 jours ouvrés."),
    ("es", "La devolución se hará por transferencia a la cuenta {v}."),
    ("it", "L'accredito avverrà sull'IBAN {v} intestato al cliente."),
    ("nl", "Het bedrag wordt teruggestort op rekening {v}."),
    ("pt", "O reembolso será transferido para o IBAN {v}."),
    ("pl", "Zwrot zostanie przelany na rachunek {v}."),
    ("ar", "سيتم تحويل المبلغ إلى الحساب رقم الآيبان {v} خلال يومي عمل."),
    ("tr", "İade tutarı {v} IBAN numaralı hesabınıza aktarılacaktır."),
    ("ro", "Rambursarea se face în contul {v} în 3-5 zile lucrătoare."),
    ("uk", "Кошти буде повернуто на рахунок IBAN {v}."),
    ("el", "Η επιστροφή χρημάτων θα γίνει στον λογαριασμό {v}."),
    ("fi", "Hyvitys maksetaan tilille {v}."),
    ("he", "ההחזר יועבר לחשבון {v} תוך שלושה ימי עסקים."),
    ("hr", "Povrat novca bit će uplaćen na račun {v}."),
    ("sv", "Återbetalningen sätts in på konto {v}."),
]

IBAN_FIELDS = {
    "en": ("Account holder", "IBAN", "BIC"),
    "de": ("Kontoinhaber", "IBAN", "BIC"),
    "fr": ("Titulaire du compte", "IBAN", "BIC"),
    "es": ("Titular", "IBAN", "BIC"),
}

BICS = ["COBADEFFXXX", "BNPAFRPP", "INGBNL2A", "CAIXESBBXXX", "NWBKGB2L", "UNCRITMM", "SABBSARI", "NBADAEAA"]


def iban_rows(rng: random.Random) -> list[Line]:
    rows: list[Line] = []
    sepa, non_sepa = sorted(SEPA_BBAN), sorted(NON_SEPA_BBAN)
    for i in range(330):
        is_sepa = i % 3 != 2
        country = sepa[i % len(sepa)] if is_sepa else non_sepa[(i // 3) % len(non_sepa)]
        b = bban(rng, SEPA_BBAN[country] if is_sepa else NON_SEPA_BBAN[country])
        compact = country + iban_check(country, b) + b
        form = "print" if rng.random() < 0.55 else "electronic"
        value = printed(compact) if form == "print" else compact
        tags = ["iban", "sepa" if is_sepa else "non-sepa", form, country]
        if i % 4 == 1:
            lang = list(IBAN_FIELDS)[(i // 4) % len(IBAN_FIELDS)]
            holder, iban_word, bic_word = IBAN_FIELDS[lang]
            fields = [(holder, rng.choice(["Katrin Vogel", "Yusuf Demir", "Élodie Martin", "Rania Haddad"]), None)]
            fields += [(iban_word, value, IBAN), (bic_word, rng.choice(BICS), None)]
            rows.append(record(rng, SETTINGS[(i // 4) % len(SETTINGS)], fields, *tags, f"lang-{lang}"))
        else:
            lang, template = IBAN_PROSE[i % len(IBAN_PROSE)]
            rows.append(templated(template, {"v": (value, IBAN)}, *tags, f"lang-{lang}", "setting-prose"))
    return rows
