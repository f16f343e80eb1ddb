"""Card, SSN and IBAN rows of the held-out corpus: every card network in several groupings, SSNs quoted in several
languages and forms, SEPA and non-SEPA IBANs printed in groups of four or written electronically, each set in a
sentence of a support reply or in a record it quotes."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, IBAN, NETWORKS, SEPA_BBAN, SSN, Line, bban, card_digits, iban_check, printed
from pii_tuned20_phone_rows import SETTINGS, fill

# country -> BBAN layout for IBAN countries outside SEPA (SWIFT registry notation)
NON_SEPA_BBAN = {
    "SA": "2n18c", "AE": "3n16n", "TR": "5n1n16c", "IL": "3n3n13n", "BR": "8n5n10n1a1c", "KW": "4a22c",
    "QA": "4a21c", "JO": "4a4n18c", "EG": "4n4n17n", "TN": "2n3n13n2n", "PK": "4a16c", "GE": "2a16n",
    "KZ": "3n13c", "AZ": "4a20c", "BH": "4a14c", "LB": "4n20c", "UA": "6n19c", "MR": "5n5n11n2n",
    "CR": "4n14n", "XK": "4n10n2n", "BA": "3n3n8n2n", "DO": "4c20n", "GT": "4c20c", "MU": "4a2n2n12n3n3a",
}  # fmt: skip

CARD_SENTENCES = [
    ("en", "The card we charged for invoice {ref} was {v} ({n})."),
    ("en", "Payment method on file: {n} {v}, exp 11/28. Want me to remove it?"),
    ("en", "Refund issued to {v}; allow 5-10 business days."),
    ("de", "Die Rückerstattung geht auf die Karte {v} ({n})."),
    ("fr", "Le paiement {ref} a été débité sur la carte {v}."),
    ("es", "El cargo del pedido {ref} se hizo con la tarjeta {v}."),
    ("pt", "O estorno foi feito no cartão {v} ({n})."),
    ("it", "Abbiamo addebitato la carta {v} per l'ordine {ref}."),
    ("nl", "De terugbetaling gaat naar kaart {v}."),
    ("pl", "Zwrot trafi na kartę {v} ({n})."),
    ("ja", "ご登録のカード番号は {v} です（{n}）。"),
    ("zh", "退款将原路退回至您的银行卡 {v}。"),
    ("ko", "결제 카드 {v} 로 환불 처리되었습니다."),
    ("tr", "İade {v} numaralı karta yapıldı."),
    ("ru", "Возврат оформлен на карту {v} ({n})."),
    ("hi", "रिफंड कार्ड {v} पर भेजा गया है।"),
    ("ar", "تم رد المبلغ إلى البطاقة {v}."),
    ("sv", "Återbetalningen görs till kortet {v}."),
]
SSN_SENTENCES = [
    ("en", "The SSN on the W-2 for {ref} is {v}."),
    ("en", "I matched the applicant by Social Security number {v} and date of birth."),
    ("en", "Per the payroll export, her social is {v}."),
    ("es", "El número de Seguro Social que tenemos registrado es {v}."),
    ("es", "Para el formulario W-9 usamos el SSN {v} del titular."),
    ("hi", "आपके रिकॉर्ड में सोशल सिक्योरिटी नंबर {v} दर्ज है।"),
    ("hi", "आवेदक का SSN {v} है, कृपया पुष्टि करें।"),
    ("zh", "您登记的社会安全号码（SSN）是 {v}。"),
    ("vi", "Số An sinh Xã hội (SSN) của anh là {v}."),
    ("tl", "Ang SSN na nakatala para sa iyo ay {v}."),
    ("ko", "등록된 사회보장번호(SSN)는 {v}입니다."),
    ("fr", "Le numéro de sécurité sociale américain (SSN) indiqué est {v}."),
    ("pt", "O SSN informado no cadastro é {v}."),
]
IBAN_SENTENCES = [
    ("en", "The refund for {ref} will go to IBAN {v}."),
    ("en", "Payee account: {v} (verified by the bank on 3 March)."),
    ("de", "Die Erstattung überweisen wir auf das Konto {v}."),
    ("fr", "Le remboursement sera viré sur l'IBAN {v}."),
    ("es", "Haremos la transferencia a la cuenta {v}."),
    ("it", "Il rimborso verrà accreditato sull'IBAN {v}."),
    ("nl", "Het bedrag wordt teruggestort op {v}."),
    ("pt", "O reembolso será transferido para o IBAN {v}."),
    ("pl", "Zwrot zostanie przelany na rachunek {v}."),
    ("ar", "سيتم تحويل المبلغ إلى الحساب {v}."),
    ("tr", "İade tutarı {v} IBAN numarasına gönderilecek."),
    ("fi", "Hyvitys maksetaan tilille {v}."),
]
RECORD_SETTINGS = ["prose", "prose", "chat", "json", "yaml", "csv", "html", "markdown", "email", "log", "kv", "xml"]


def ref(rng: random.Random) -> str:
    return rng.choice(["INV-", "R", "PO ", "#"]) + str(rng.randint(10000, 9999999))


def wrapped(rng: random.Random, kind: str, lang: str, sentence: str, value: str, entity: str, *tags: str) -> Line:
    setting = rng.choice(RECORD_SETTINGS)
    wrapper = SETTINGS[setting].replace("LANG", lang)
    at = wrapper.index("{body}")
    line = Line(kind, *tags, f"lang-{lang}", f"setting-{setting}")
    full = wrapper[:at] + sentence + wrapper[at + 6 :]
    return fill(line, full, {"v": (value, entity), "ref": (ref(rng), None), "n": (tags[0] if tags else "", None)})


def card_text(rng: random.Random, digits: str, network: str) -> str:
    style = rng.choice(["spaces", "spaces", "dashes", "compact", "dots"])
    if style == "compact":
        return digits
    if network in ("American Express", "Diners Club") and len(digits) in (14, 15):
        parts = [digits[:4], digits[4:10], digits[10:]]
    elif len(digits) == 19 and style == "spaces" and rng.random() < 0.5:
        parts = [digits[:6], digits[6:]]
    else:
        parts = [digits[i : i + 4] for i in range(0, len(digits), 4)]
    return {"spaces": " ", "dashes": "-", "dots": "."}[style].join(parts)


def card_lines(rng: random.Random) -> list[Line]:
    lines = []
    for network, (prefixes, lengths) in NETWORKS.items():
        for i in range(32):
            digits = card_digits(rng, rng.choice(prefixes), lengths[i % len(lengths)])
            lang, sentence = rng.choice(CARD_SENTENCES)
            lines.append(wrapped(rng, "card", lang, sentence, card_text(rng, digits, network), CARD, network))
    return lines


def ssn_text(rng: random.Random) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    d = f"{area:03d}{rng.randint(1, 99):02d}{rng.randint(1, 9999):04d}"
    sep = rng.choice(["-", "-", "-", " ", ""])
    return f"{d[:3]}{sep}{d[3:5]}{sep}{d[5:]}"


def ssn_lines(rng: random.Random) -> list[Line]:
    lines = []
    for i in range(320):
        lang, sentence = SSN_SENTENCES[i % len(SSN_SENTENCES)]
        lines.append(wrapped(rng, "ssn", lang, sentence, ssn_text(rng), SSN))
    return lines


def iban_lines(rng: random.Random) -> list[Line]:
    lines = []
    countries = [(c, SEPA_BBAN[c], "sepa") for c in sorted(SEPA_BBAN)]
    countries += [(c, NON_SEPA_BBAN[c], "non-sepa") for c in sorted(NON_SEPA_BBAN)]
    for i in range(320):
        country, layout, zone = countries[i % len(countries)]
        b = bban(rng, layout)
        value = country + iban_check(country, b) + b
        form = "print" if i % 2 == 0 else "electronic"
        text = printed(value) if form == "print" else value
        lang, sentence = rng.choice(IBAN_SENTENCES)
        lines.append(wrapped(rng, "iban", lang, sentence, text, IBAN, country, zone, form))
    return lines
