"""Cards, SSNs and IBANs of the held-out part (bench/make_pii_tuned21.py): every card network with a Luhn digit, SSNs
with a possible area, group and serial in several languages, SEPA and non-SEPA IBANs with mod-97 check digits, each in
prose or quoted from a record."""

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
    card_format,
    iban_check,
    printed,
    templated,
)
from pii_tuned21_phone_rows import NAMES, reference

# IBAN countries outside SEPA and their BBAN layouts
NON_SEPA_BBAN = {
    "SA": "2n18c", "AE": "3n16n", "TR": "5n1n16c", "IL": "3n3n13n", "BR": "8n5n10n1a1c", "PK": "4a16c",
    "QA": "4a21c", "KW": "4a22c", "JO": "4a4n18c", "KZ": "3n13c", "GE": "2a16n", "AZ": "4a20c",
    "TN": "2n3n13n2n", "LB": "4n20c", "BH": "4a14c", "CR": "4n14n", "UA": "6n19c", "MR": "5n5n11n2n",
    "EG": "4n4n17n", "DO": "4c20n", "GT": "4c20c", "PS": "4a21c", "XK": "4n10n2n", "BA": "3n3n8n2n",
}  # fmt: skip

CARD_TEMPLATES = [
    ("en", "Thanks {n}! I've charged the replacement to {v}; you'll see it within two days."),
    ("en", "Payment method on the subscription: {net} {v} (exp {exp})."),
    ("en", "Receipt {ref}\nVISA/MC SALE\nCARD {v}\nAUTH {auth}\nAMOUNT {amt}"),
    ("en", '{{"order": "{ref}", "pan": "{v}", "holder": "{n}", "exp": "{exp}"}}'),
    ("en", "card_number={v} expiry={exp} order={ref} status=declined"),
    ("en", "| Holder | Card | Expiry |\n|---|---|---|\n| {n} | {v} | {exp} |"),
    ("en", "<tr><td>{n}</td><td>{v}</td><td>{exp}</td></tr>"),
    ("en", 'payment:\n  method: card\n  number: "{v}"\n  expires: {exp}'),
    ("en", "Hi {n}, the chargeback on {v} was reversed; ref {ref}."),
    ("es", "Hola {n}, cargamos el reembolso a la tarjeta {v} con vencimiento {exp}."),
    ("fr", "Bonjour {n}, le remboursement a été crédité sur la carte {v} (expire {exp})."),
    ("de", "Die Zahlung für {ref} wurde von der Karte {v} abgebucht."),
    ("it", "Il pagamento dell'ordine {ref} è stato addebitato sulla carta {v}."),
    ("pt", "O estorno do pedido {ref} foi feito no cartão {v}, validade {exp}."),
    ("nl", "De terugbetaling van {ref} staat op kaart {v}."),
    ("pl", "Zwrot za zamówienie {ref} trafił na kartę {v}."),
    ("ja", "ご注文{ref}はカード{v}（有効期限{exp}）で決済されました。"),
    ("zh", "订单{ref}已使用银行卡{v}付款，有效期{exp}。"),
    ("ru", "Оплата заказа {ref} прошла по карте {v}, срок действия {exp}."),
    ("tr", "{ref} siparişinin ödemesi {v} numaralı karttan alındı."),
    ("ar", "تم خصم مبلغ الطلب {ref} من البطاقة {v}."),
    ("ko", "주문 {ref} 결제 카드: {v} (유효기간 {exp})"),
    ("en", "[{h}:{m}] agent: can you confirm the card?\n[{h}:{m}] customer: sure it's {v}"),
    ("en", "BEGIN:VCARD\nFN:{n}\nNOTE:card on file {v}\nEND:VCARD"),
    ("en", "<payment><holder>{n}</holder><pan>{v}</pan><exp>{exp}</exp></payment>"),
]

SSN_TEMPLATES = [
    ("en", "I've verified {n}'s identity with SSN {v} and the date of birth on file."),
    ("en", "W-2 summary: employee {n}, SSN {v}, wages {amt}."),
    ("en", '{{"applicant": "{n}", "ssn": "{v}", "case": "{ref}"}}'),
    ("en", "ssn={v} applicant={n} case={ref} result=match"),
    ("en", "| Name | SSN | Case |\n|---|---|---|\n| {n} | {v} | {ref} |"),
    ("en", "Form SS-5 received.\nSocial Security Number: {v}\nClaimant: {n}"),
    ("en", "<applicant><name>{n}</name><ssn>{v}</ssn></applicant>"),
    ("en", "[{h}:{m}] customer: my social is {v}\n[{h}:{m}] agent: thanks {n}, verifying now"),
    ("es", "Hola {n}, su número de Seguro Social {v} ya está vinculado a la solicitud {ref}."),
    ("es", "Número de Seguro Social (SSN): {v} — titular {n}."),
    ("hi", "{n} का सोशल सिक्योरिटी नंबर {v} आवेदन {ref} से जुड़ा है।"),
    ("hi", "कृपया पुष्टि करें: SSN {v}, नाम {n}।"),
    ("zh", "{n}的社会安全号码（SSN）是{v}，案件编号{ref}。"),
    ("vi", "Số An Sinh Xã Hội của {n} là {v}, hồ sơ {ref}."),
    ("tl", "Ang Social Security number ni {n} ay {v}, para sa kaso {ref}."),
    ("ko", "{n}님의 사회보장번호(SSN) {v}로 본인 확인이 완료되었습니다."),
    ("fr", "Le numéro de sécurité sociale américain de {n} est {v} (dossier {ref})."),
    ("pt", "O SSN de {n} é {v}; o processo {ref} foi atualizado."),
    ("de", "Die US-Sozialversicherungsnummer von {n} lautet {v}."),
    ("ar", "رقم الضمان الاجتماعي الأمريكي الخاص بـ {n} هو {v}."),
]

IBAN_TEMPLATES = [
    ("en", "Refund for {ref} will be sent to {n}'s account {v} within 5 working days."),
    ("en", "Beneficiary: {n}\nIBAN: {v}\nReference: {ref}"),
    ("en", '{{"payee": "{n}", "iban": "{v}", "ref": "{ref}"}}'),
    ("en", "iban={v} payee={n} mandate={ref}"),
    ("en", "| Payee | IBAN | Ref |\n|---|---|---|\n| {n} | {v} | {ref} |"),
    ("en", "<CdtrAcct><Id><IBAN>{v}</IBAN></Id></CdtrAcct>"),
    ("en", "[payout]\nholder = {n}\niban = {v}"),
    ("de", "Die Erstattung zu {ref} geht an das Konto {v} von {n}."),
    ("fr", "Le virement sera effectué sur l'IBAN {v} au nom de {n}."),
    ("es", "Devolveremos el importe a la cuenta {v} de {n}."),
    ("it", "Il rimborso sarà accreditato sull'IBAN {v} intestato a {n}."),
    ("nl", "Het bedrag wordt teruggestort op rekening {v} t.n.v. {n}."),
    ("pt", "O reembolso será feito para o IBAN {v} em nome de {n}."),
    ("pl", "Zwrot zostanie przelany na rachunek {v} ({n})."),
    ("tr", "İade {n} adına kayıtlı {v} IBAN numarasına yapılacak."),
    ("ar", "سيتم تحويل المبلغ إلى الآيبان {v} باسم {n}."),
    ("he", "ההחזר יועבר לחשבון IBAN {v} על שם {n}."),
    ("ru", "Возврат будет переведён на IBAN {v}, получатель {n}."),
    ("el", "Η επιστροφή θα γίνει στο IBAN {v} του/της {n}."),
    ("sv", "Återbetalningen sätts in på IBAN {v} ({n})."),
]


def _fill(rng: random.Random) -> dict[str, tuple[str, None]]:
    month, year = rng.randint(1, 12), rng.randint(26, 32)
    values = {
        "n": rng.choice(NAMES),
        "ref": reference(rng),
        "exp": f"{month:02d}/{year}",
        "auth": f"{rng.randint(0, 999999):06d}",
        "amt": f"{rng.randint(2, 4000)}.{rng.randint(0, 99):02d}",
        "h": f"{rng.randint(8, 22):02d}",
        "m": f"{rng.randint(0, 59):02d}",
        "lb": "{",
        "rb": "}",
    }
    return {k: (v, None) for k, v in values.items()}


def braces(template: str) -> str:
    """``{{`` and ``}}`` as slots for literal braces (``templated`` has no escapes)."""
    return template.replace("{{", "\0lb").replace("}}", "\0rb").replace("\0lb", "{lb}").replace("\0rb", "{rb}")


def card_rows(rng: random.Random, count: int) -> list:
    plans = [(net, pre, length) for net, (pres, lens) in NETWORKS.items() for length in lens for pre in pres]
    rows = []
    for i in range(count):
        network, prefix, length = plans[i % len(plans)]
        digits = card_digits(rng, prefix, length)
        style = rng.choice(["spaces", "dashes", "compact"] if length <= 16 else ["spaces", "compact"])
        value = card_format(rng, digits, network, style)
        lang, template = rng.choice(CARD_TEMPLATES)
        values = _fill(rng) | {"v": (value, CARD), "net": (network, None)}
        rows.append(templated(braces(template), values, "card", network, f"lang-{lang}", f"format-{style}"))
    return rows


def ssn_value(rng: random.Random) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    digits = f"{area:03d}{rng.randint(1, 99):02d}{rng.randint(1, 9999):04d}"
    sep = rng.choice(["-", "-", "-", " ", ""])
    return f"{digits[:3]}{sep}{digits[3:5]}{sep}{digits[5:]}"


def ssn_rows(rng: random.Random, count: int) -> list:
    rows = []
    for i in range(count):
        lang, template = SSN_TEMPLATES[i % len(SSN_TEMPLATES)]
        values = _fill(rng) | {"v": (ssn_value(rng), SSN)}
        rows.append(templated(braces(template), values, "ssn", f"lang-{lang}"))
    return rows


def iban_value(rng: random.Random, country: str) -> str:
    layout = SEPA_BBAN.get(country) or NON_SEPA_BBAN[country]
    body = bban(rng, layout)
    return country + iban_check(country, body) + body


def iban_rows(rng: random.Random, count: int) -> list:
    countries = [(c, "sepa") for c in sorted(SEPA_BBAN)] + [(c, "non-sepa") for c in sorted(NON_SEPA_BBAN)]
    rows = []
    for i in range(count):
        country, zone = countries[i % len(countries)]
        form = "print" if rng.random() < 0.5 else "electronic"
        value = iban_value(rng, country)
        text = printed(value) if form == "print" else value
        lang, template = rng.choice(IBAN_TEMPLATES)
        values = _fill(rng) | {"v": (text, IBAN)}
        rows.append(templated(braces(template), values, "iban", country, zone, form, f"lang-{lang}"))
    return rows
