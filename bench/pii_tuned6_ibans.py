"""IBANs for PII tuned part 6: the SEPA layouts of ``pii_corpus_values.SEPA_BBAN`` and non-SEPA layouts from
the SWIFT IBAN registry written here, each with its mod-97 check digits, compact or printed in groups of four, in
sentences in many languages with the word IBAN or account before or after the number, and in records."""

from __future__ import annotations

import random

from pii_corpus_values import IBAN, SEPA_BBAN, Line, bban, check_labels, iban_check, printed, templated

# outside SEPA (registry notation: n digits, a capitals, c alphanumerics); the total lengths are the registry's
OTHER_BBAN = {
    "SA": ("2n18c", 24), "AE": ("3n16n", 23), "TR": ("5n1n16c", 26), "BR": ("8n5n10n1a1c", 29),
    "IL": ("3n3n13n", 23), "KW": ("4a22c", 30), "QA": ("4a21c", 29), "PK": ("4a16c", 24), "JO": ("4a4n18c", 30),
    "LB": ("4n20c", 28), "EG": ("4n4n17n", 29), "GE": ("2a16n", 22), "AZ": ("4a20c", 28), "KZ": ("3n13c", 20),
    "UA": ("6n19c", 29), "BH": ("4a14c", 22), "DO": ("4c20n", 28), "CR": ("4n14n", 22), "TN": ("2n3n13n2n", 24),
    "MU": ("4a2n2n12n3n3a", 30), "XK": ("4n10n2n", 20), "PS": ("4a21c", 29),
}  # fmt: skip

SENTENCES = {
    "en": [
        "Please send the refund to IBAN {v}.",
        "The account {name} gave us for the payout is {v}.",
        "{v} is the IBAN on file for the direct debit.",
        "We'll transfer the deposit back to your account {v} within 5 working days.",
        "Her bank details: {v} (account holder {name}).",
        "IBAN: {v}",
    ],
    "de": [
        "Bitte überweisen Sie den Betrag auf die IBAN {v}.",
        "Die Rückerstattung geht an das Konto {v} von {name}.",
        "{v} ist die hinterlegte IBAN für die Lastschrift.",
    ],
    "fr": ["Le remboursement sera versé sur l'IBAN {v}.", "Le compte du client est le {v}, au nom de {name}."],
    "es": ["Le devolveremos el importe a la cuenta IBAN {v}.", "{v} es el IBAN que indicó {name}."],
    "it": ["Il rimborso sarà accreditato sull'IBAN {v}.", "Le coordinate bancarie del cliente: {v}."],
    "nl": ["We storten het bedrag terug op rekeningnummer {v}.", "Het IBAN van {name} is {v}."],
    "pt": ["O reembolso será feito para o IBAN {v}.", "A conta indicada é {v}, titular {name}."],
    "pl": ["Zwrot zostanie przelany na konto {v}.", "Numer IBAN klienta: {v}."],
    "ar": ["سيتم تحويل المبلغ إلى رقم الآيبان {v}.", "رقم الحساب الدولي (IBAN) للعميل هو {v}."],
    "tr": ["İade tutarı {v} IBAN numarasına gönderilecek.", "Müşterinin IBAN numarası {v}."],
    "sv": ["Återbetalningen görs till IBAN {v}.", "Kundens kontonummer är {v}."],
    "cs": ["Vratku pošleme na účet IBAN {v}.", "IBAN zákazníka je {v}."],
    "ro": ["Rambursarea se face în contul IBAN {v}.", "Contul clientei este {v}."],
    "uk": ["Кошти повернемо на рахунок IBAN {v}.", "IBAN клієнта: {v}."],
    "he": ["ההחזר יועבר לחשבון IBAN {v}."],
    "el": ["Η επιστροφή θα γίνει στο IBAN {v}."],
}
RECORDS = [
    ("json", '{lb}"account_holder": "{name}", "iban": "{v}", "bic": "{bic}"{rb}'),
    ("table", "| Holder | IBAN |\n|---|---|\n| {name} | {v} |"),
    ("csv", "holder;iban;amount\n{name};{v};120.00"),
    ("form", "Bank details\nAccount holder: {name}\nIBAN: {v}\nBIC: {bic}"),
    ("yaml", "payout:\n  holder: {name}\n  iban: {v}"),
    ("xml", "<CdtrAcct><Id><IBAN>{v}</IBAN></Id></CdtrAcct>"),
]
NAMES = ["Anke de Wit", "Yusuf Kaya", "Sofia Marino", "Karim Nassar", "Olena Shevchenko", "Pavel Horák"]
BICS = ["INGBNL2A", "DEUTDEFF", "BNPAFRPP", "CAIXESBB", "NBADAEAA", "TGBATRIS", "UNCRITMM", "RZBAATWW"]


def iban_value(rng: random.Random, country: str) -> str:
    if country in SEPA_BBAN:
        body = bban(rng, SEPA_BBAN[country])
    else:
        layout, length = OTHER_BBAN[country]
        body = bban(rng, layout)
        assert len(body) + 4 == length, country
    return country + iban_check(country, body) + body


def _line(template: str, values: dict[str, tuple[str, str | None]], tags: list[str]) -> Line:
    line = templated(template, values, *tags)
    check_labels(line)
    return line


def iban_rows(rng: random.Random) -> list[Line]:
    countries = sorted(SEPA_BBAN) + list(OTHER_BBAN)
    languages = list(SENTENCES)
    lines = []
    for i in range(320):
        country = countries[i % len(countries)]
        value = iban_value(rng, country)
        form = "print" if i % 2 == 0 else "electronic"
        text = printed(value) if form == "print" else value
        values = {
            "v": (text, IBAN),
            "name": (rng.choice(NAMES), None),
            "bic": (rng.choice(BICS), None),
            "lb": ("{", None),
            "rb": ("}", None),
        }
        if i % 5 == 4:
            setting, template = RECORDS[(i // 5) % len(RECORDS)]
            lines.append(_line(template, values, ["iban", country, form, f"setting-{setting}"]))
            continue
        lang = "en" if i % 3 == 0 else languages[i % len(languages)]
        template = rng.choice(SENTENCES[lang])
        lines.append(_line(template, values, ["iban", country, form, f"lang-{lang}", "setting-prose"]))
    return lines
