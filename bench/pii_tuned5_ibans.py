"""IBAN replies for PII tuned part 5 (bench/make_pii_tuned5.py): a person's account as an IBAN, of the SEPA
layouts in bench/pii_corpus_values.py and of non-SEPA countries built here from the SWIFT IBAN registry's layouts
(Gulf states, Turkey, Brazil, Israel, Pakistan, Egypt, Ukraine...), each with its ISO 13616 mod-97 check digits;
compact (electronic form) or printed in groups of four, in sentences in several languages, JSON, CSV and tables."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pii_corpus_values import IBAN, SEPA_BBAN, Line, iban_check, printed, templated  # noqa: E402 - bench scripts run with bench/ on the path

# non-SEPA BBAN layouts (registry notation: n digits, a upper-case letters, c alphanumerics)
OTHER_BBAN = {
    "SA": "2n18c", "AE": "3n16n", "TR": "5n1n16c", "BR": "8n5n10n1a1c", "IL": "3n3n13n", "KW": "4a22c",
    "QA": "4a21c", "PK": "4a16c", "JO": "4a4n18c", "BH": "4a14c", "EG": "4n4n17n", "UA": "6n19c", "GE": "2a16n",
    "AZ": "4a20c", "KZ": "3n13c", "CR": "4n14n", "LB": "4n20c", "TN": "2n3n13n2n", "MU": "4a2n2n12n3n3a",
    "DO": "4c20n", "PS": "4a21c", "XK": "4n10n2n", "BY": "4c4n16c", "GT": "4c20c", "IQ": "4a3n12n", "SV": "4a20n",
    "VG": "4a16n",
}  # fmt: skip
LENGTHS = {
    "SA": 24, "AE": 23, "TR": 26, "BR": 29, "IL": 23, "KW": 30, "QA": 29, "PK": 24, "JO": 30, "BH": 22, "EG": 29,
    "UA": 29, "GE": 22, "AZ": 28, "KZ": 20, "CR": 22, "LB": 28, "TN": 24, "MU": 30, "DO": 28, "PS": 29, "XK": 20,
    "BY": 28, "GT": 28, "IQ": 23, "SV": 28, "VG": 24,
}  # fmt: skip
COUNTRIES = sorted(SEPA_BBAN) + sorted(OTHER_BBAN)
NAMES = [
    "Lukas Meier", "Camille Laurent", "Giulia Romano", "Sanne de Vries", "Mariana Costa", "Anna Nowak",
    "Khalid Al-Harbi", "Elif Yılmaz", "Olena Kovalenko", "Ayesha Khan", "Noam Levi", "Youssef Benali",
]  # fmt: skip


def bban(rng: random.Random, layout: str) -> str:
    """A BBAN of ``layout``; alphanumeric fields hold mostly digits, as issued account numbers do."""
    out, count = [], ""
    for ch in layout:
        if ch.isdigit():
            count += ch
            continue
        for _ in range(int(count)):
            letter = ch == "a" or (ch == "c" and rng.random() < 0.08)
            out.append(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ" if letter else "0123456789"))
        count = ""
    return "".join(out)


def iban(rng: random.Random, country: str) -> str:
    """A fresh IBAN of ``country`` with correct check digits (the fixed fields of a few layouts set as issued)."""
    body = bban(rng, SEPA_BBAN.get(country) or OTHER_BBAN[country])
    if country == "TR":  # a reserved digit, always 0
        body = body[:5] + "0" + body[6:]
    elif country == "CR":  # the leading digit is 0
        body = "0" + body[1:]
    elif country == "MU":  # the account's currency
        body = body[:-3] + "MUR"
    elif country == "BR":  # account type C (current) or P, holder position 1
        body = body[:-2] + rng.choice("CP") + "1"
    value = country + iban_check(country, body) + body
    assert country in SEPA_BBAN or len(value) == LENGTHS[country], (country, value)
    return value


def bic(rng: random.Random, country: str) -> str:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return "".join(rng.choice(letters) for _ in range(4)) + country + rng.choice(["2X", "22", "PP", "MM", "AA"])


# (setting, language, template): {v} the IBAN, {name} the account holder, {bic} a bank code
SENTENCES = [
    ("banking", "en", "The refund will be sent to {name}'s account, IBAN {v}."),
    ("hr", "en", "Salary is paid into {v}, the account {name} gave on the starter form."),
    ("insurance", "en", "The claim payout goes to IBAN {v} (BIC {bic}) once approved."),
    ("utilities", "en", "The direct debit for the water bill is drawn from {v} on the 1st of the month."),
    ("e-commerce", "en", "Marketplace payouts for {name} are sent to {v} every Friday."),
    ("travel", "en", "The deposit refund was transferred to {v} this morning."),
    ("education", "en", "The scholarship will be paid to the student's IBAN {v}."),
    ("government", "en", "The tax rebate is being paid to account {v}."),
    ("saas", "en", "The SEPA mandate for the subscription uses the customer's IBAN {v}."),
    ("telecom", "en", "Your monthly bill is collected from {v} by direct debit."),
    ("healthcare", "en", "Reimbursements for the patient are sent to {v}, held by {name}."),
    ("logistics", "en", "The driver's settlement goes to IBAN {v} each fortnight."),
    ("banking", "de", "Die Erstattung geht an die IBAN {v} von {name}."),
    ("hr", "de", "Das Gehalt wird auf das Konto {v} überwiesen."),
    ("utilities", "de", "Der Abschlag wird monatlich von {v} abgebucht."),
    ("banking", "fr", "Le remboursement sera versé sur l'IBAN {v} de {name}."),
    ("insurance", "fr", "L'indemnité sera virée sur le compte {v} (BIC {bic})."),
    ("banking", "es", "La devolución se abonará en la cuenta IBAN {v} a nombre de {name}."),
    ("hr", "es", "La nómina se ingresa en el IBAN {v}."),
    ("banking", "it", "Il rimborso sarà accreditato sull'IBAN {v} intestato a {name}."),
    ("banking", "nl", "De terugbetaling gaat naar IBAN {v} op naam van {name}."),
    ("banking", "pt", "O reembolso será transferido para o IBAN {v}, titular {name}."),
    ("banking", "pl", "Zwrot zostanie przelany na rachunek {v}."),
    ("banking", "ar", "سيتم تحويل المبلغ المسترد إلى رقم الآيبان {v} باسم {name}."),
    ("hr", "ar", "يُحوَّل الراتب إلى الحساب {v}."),
    ("banking", "tr", "İade, {name} adına kayıtlı {v} IBAN numarasına yapılacak."),
    ("banking", "hi", "रिफ़ंड {name} के IBAN {v} में भेजा जाएगा।"),
    ("banking", "uk", "Кошти повернуть на рахунок IBAN {v}."),
    ("banking", "nb", "Tilbakebetalingen går til IBAN {v}."),
]


def sentence_row(rng: random.Random, country: str, entry: tuple[str, str, str]) -> Line:
    setting, language, text = entry
    value = iban(rng, country)
    form = "printed" if rng.random() < 0.5 else "compact"
    shown = printed(value) if form == "printed" else value
    values = {"v": (shown, IBAN), "name": (rng.choice(NAMES), None), "bic": (bic(rng, country), None)}
    return templated(text, values, "iban", f"lang-{language}", f"setting-{setting}", country, form)


def structured_row(rng: random.Random, country: str, kind: str) -> Line:
    value = iban(rng, country)
    form = "printed" if kind in ("block", "table") and rng.random() < 0.6 else "compact"
    shown = printed(value) if form == "printed" else value
    name = rng.choice(NAMES)
    line = Line("iban", "lang-en", "setting-banking", country, form, kind)
    if kind == "json":
        line.add(f'Payout details:\n{{"account_holder": "{name}", "iban": "').add(shown, IBAN)
        return line.add(f'", "bic": "{bic(rng, country)}", "currency": "{rng.choice(["EUR", "USD", "GBP"])}"}}')
    if kind == "csv":
        line.add("name,iban,amount\n")
        return line.add(f"{name},").add(shown, IBAN).add(f",{rng.randint(20, 4000)}.00")
    if kind == "table":
        line.add("| Holder | IBAN | BIC |\n|---|---|---|\n")
        return line.add(f"| {name} | ").add(shown, IBAN).add(f" | {bic(rng, country)} |")
    if kind == "block":
        line.add(f"Bank details on file:\nAccount holder: {name}\nIBAN: ").add(shown, IBAN)
        return line.add(f"\nBIC: {bic(rng, country)}")
    raise ValueError(kind)


STRUCTURED = ["json", "csv", "table", "block"]


def iban_lines(rng: random.Random) -> list[Line]:
    lines = []
    for i in range(250):
        lines.append(sentence_row(rng, COUNTRIES[i % len(COUNTRIES)], SENTENCES[(i * 7) % len(SENTENCES)]))
    for i in range(72):
        lines.append(structured_row(rng, COUNTRIES[(i * 5) % len(COUNTRIES)], STRUCTURED[i % len(STRUCTURED)]))
    return lines
