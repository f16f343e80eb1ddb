"""Cards, SSNs and IBANs for the held-out part (bench/make_pii_tuned18.py): every card network of the shared rules,
SSNs in replies in several languages, SEPA and non-SEPA IBANs printed in groups or written electronically, in prose
and in records (JSON, CSV, receipts, forms, XML, key=value)."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, IBAN, NETWORKS, SEPA_BBAN, SSN, Line, bban, card_digits, iban_check, printed
from pii_tuned18_common import an_id, fill

# non-SEPA IBAN countries and their BBAN layouts (SWIFT registry notation)
OTHER_BBAN = {
    "SA": "2n18c", "AE": "3n16n", "TR": "5n1n16n", "IL": "3n3n13n", "BR": "8n5n10n1a1c", "QA": "4a21c",
    "KW": "4a22c", "JO": "4a4n18c", "PK": "4a16c", "EG": "4n4n17n", "TN": "2n3n13n2n", "MU": "4a2n2n12n3n3a",
    "KZ": "3n13c", "GE": "2a16n", "AZ": "4a20c", "BH": "4a14c", "LB": "4n20c", "CR": "4n14n", "UA": "6n19c",
    "DO": "4a20n", "BA": "3n3n8n2n", "XK": "4n10n2n", "IQ": "4a3n12n", "PS": "4a21c", "VG": "4a16n",
}  # fmt: skip

CARD_TEMPLATES = [
    ("en", "I've updated the default payment method to {n} {v}, exp 11/28."),
    ("en", "Charge declined on {v} (issuer code 05). Want me to retry with another card?"),
    ("en", "Payment\n  Method: {n}\n  Number: {v}\n  Auth: {a}\nThank you for shopping with us!"),
    ("en", '{{"payment": {{"type": "card", "brand": "{n}", "pan": "{v}", "order": "{i}"}}}}'),
    ("en", "order_id,card_number,amount\n{i},{v},129.00"),
    ("en", "<tr><td>{i}</td><td>{n}</td><td>{v}</td></tr>"),
    ("en", "txn=ok order={i} pan={v} amount=42.10 currency=EUR"),
    ("en", "Card on the booking {i}: {v}. The hotel pre-authorised 150.00."),
    ("es", "La tarjeta {n} terminada en el número completo {v} quedó registrada para el pedido {i}."),
    ("es", "Se hizo el cargo a la tarjeta {v}; el comprobante es {a}."),
    ("pt", "O cartão {v} foi recusado na compra {i}, tente outro meio de pagamento."),
    ("fr", "Le paiement du dossier {i} a été effectué avec la carte {v}."),
    ("de", "Die hinterlegte Karte ({n}) lautet {v}; Autorisierung {a}."),
    ("it", "Abbiamo addebitato l'importo sulla carta {v} per l'ordine {i}."),
    ("nl", "Uw terugbetaling gaat naar kaart {v} binnen 5 werkdagen."),
    ("pl", "Płatność kartą {v} za zamówienie {i} została odrzucona."),
    ("ja", "ご登録のカード番号は{v}です(注文{i})。"),
    ("zh", "您绑定的银行卡号为{v}，订单{i}已退款。"),
    ("ko", "결제에 사용된 카드 번호는 {v} 입니다. 주문 {i}."),
    ("ru", "Оплата заказа {i} прошла по карте {v}."),
    ("tr", "{i} siparişi {v} numaralı kartınızdan tahsil edildi."),
    ("hi", "आपके ऑर्डर {i} का भुगतान कार्ड {v} से हुआ है।"),
    ("ar", "تم خصم المبلغ من البطاقة {v} للطلب {i}."),
    ("vi", "Thẻ {v} đã được dùng để thanh toán đơn {i}."),
]


def card_text(rng: random.Random, digits: str, network: str) -> str:
    style = rng.choice(["spaces", "spaces", "dashes", "compact", "nbsp"])
    if style == "compact" or len(digits) == 13:  # 13-digit Visa numbers are printed unbroken
        return digits
    if network in ("American Express", "Diners Club") and len(digits) in (14, 15):
        parts = [digits[:4], digits[4:10], digits[10:]]
    else:
        parts = [digits[i : i + 4] for i in range(0, len(digits), 4)]
    return {"spaces": " ", "dashes": "-", "nbsp": "\u00a0"}[style].join(parts)


def card_rows(rng: random.Random) -> list[Line]:
    rows = []
    networks = list(NETWORKS)
    for k in range(310):
        network = networks[k % len(networks)]
        prefixes, lengths = NETWORKS[network]
        digits = card_digits(rng, rng.choice(prefixes), rng.choice(lengths))
        lang, template = CARD_TEMPLATES[(k * 7 + k // len(networks)) % len(CARD_TEMPLATES)]
        values = {
            "v": (card_text(rng, digits, network), CARD),
            "n": (network, None),
            "i": (an_id(rng), None),
            "a": (f"{rng.randint(100000, 999999)}", None),
        }
        rows.append(fill(template.replace("{{", "{").replace("}}", "}"), values, "card", network, f"lang-{lang}"))
    return rows


SSN_TEMPLATES = [
    ("en", "Thanks, I've matched your SSN {v} to the 1099 we mailed in January."),
    ("en", "Applicant: {n} | DOB 1979-08-14 | SSN {v} | Case {i}"),
    ("en", "ssn={v} employer_ein_on_file=yes case={i}"),
    ("en", '{{"employee_id": "{i}", "ssn": "{v}", "state": "OH"}}'),
    ("en", "Last name,First name,SSN\nOyelaran,Bisi,{v}"),
    ("en", "The W-2 for case {i} lists social security number {v}; box 1 shows 48,212.00."),
    ("en", '<field name="taxpayerSSN">{v}</field>'),
    ("es", "Su número de Seguro Social {v} ya está vinculado al expediente {i}."),
    ("es", "Para el formulario W-9 usamos el SSN {v} que nos dio por teléfono."),
    ("es", "Confirmamos los datos: nombre Rosa Medina, seguro social {v}."),
    ("hi", "आपका सोशल सिक्योरिटी नंबर {v} केस {i} से जोड़ दिया गया है।"),
    ("hi", "फ़ॉर्म में SSN {v} दर्ज है, कृपया जाँच लें।"),
    ("zh", "您的社会安全号码{v}已与报税档案{i}关联。"),
    ("vi", "Số an sinh xã hội (SSN) của bạn là {v}, hồ sơ {i}."),
    ("tl", "Ang SSN na nasa file ay {v}; paki-confirm para sa kaso {i}."),
    ("ko", "고객님의 사회보장번호(SSN) {v}가 신청서 {i}에 등록되어 있습니다."),
    ("pt", "O número do Social Security {v} foi confirmado para o processo {i}."),
    ("fr", "Nous avons bien reçu votre numéro SSN {v} pour le dossier {i}."),
    ("ht", "Nimewo Sekirite Sosyal ou se {v}, dosye {i}."),
    ("ar", "رقم الضمان الاجتماعي الخاص بك هو {v} في الملف {i}."),
]


def ssn_rows(rng: random.Random) -> list[Line]:
    rows = []
    for k in range(305):
        area = rng.choice([a for a in range(1, 900) if a != 666])
        group, serial = rng.randint(1, 99), rng.randint(1, 9999)
        sep = rng.choice(["-", "-", "-", " ", ""])
        value = f"{area:03d}{sep}{group:02d}{sep}{serial:04d}"
        lang, template = SSN_TEMPLATES[k % len(SSN_TEMPLATES)]
        template = template.replace("{{", "{").replace("}}", "}")
        name = rng.choice(["Darnell Hughes", "Rosa Medina", "Anil Mehta", "Linh Pham", "Jae-won Park", "Tamika Boyd"])
        values = {"v": (value, SSN), "i": (an_id(rng), None), "n": (name, None)}
        rows.append(fill(template, values, "ssn", f"lang-{lang}"))
    return rows


IBAN_TEMPLATES = [
    ("en", "We'll send the refund for {i} to {v} within 5 business days."),
    ("en", "Beneficiary: Lena Hofmann\nIBAN: {v}\nReference: {i}"),
    ("en", '{{"payout": {{"iban": "{v}", "holder": "Jonas Berg", "ref": "{i}"}}}}'),
    ("en", "vendor_id,iban,currency\n{i},{v},EUR"),
    ("en", "<CdtrAcct><Id><IBAN>{v}</IBAN></Id></CdtrAcct>"),
    ("en", "payout.account={v} payout.ref={i} status=queued"),
    ("de", "Die Rückerstattung für {i} überweisen wir auf das Konto {v}."),
    ("fr", "Le remboursement sera viré sur l'IBAN {v} (dossier {i})."),
    ("es", "Hemos registrado la cuenta {v} para la domiciliación del recibo {i}."),
    ("it", "Il bonifico per la pratica {i} verrà accreditato sull'IBAN {v}."),
    ("nl", "We storten het bedrag terug op rekening {v}, kenmerk {i}."),
    ("pt", "O reembolso do pedido {i} será transferido para o IBAN {v}."),
    ("pl", "Zwrot za zamówienie {i} trafi na rachunek {v}."),
    ("tr", "İade tutarı {v} IBAN numaralı hesaba gönderilecektir ({i})."),
    ("ar", "سيتم تحويل المبلغ إلى الآيبان {v} بخصوص الطلب {i}."),
    ("he", "ההחזר עבור {i} יועבר לחשבון {v}."),
    ("ro", "Rambursarea pentru {i} va fi virată în contul {v}."),
    ("sv", "Återbetalningen för ärende {i} sätts in på {v}."),
]


def iban_rows(rng: random.Random) -> list[Line]:
    rows = []
    layouts = [(c, lay, "sepa") for c, lay in SEPA_BBAN.items()] + [
        (c, lay, "non-sepa") for c, lay in OTHER_BBAN.items()
    ]
    for k in range(305):
        country, layout, zone = layouts[(k * 5) % len(layouts)]
        body = bban(rng, layout)
        value = country + iban_check(country, body) + body
        form = "print" if k % 2 else "electronic"
        text = printed(value) if form == "print" else value
        lang, template = IBAN_TEMPLATES[k % len(IBAN_TEMPLATES)]
        template = template.replace("{{", "{").replace("}}", "}")
        values = {"v": (text, IBAN), "i": (an_id(rng), None)}
        rows.append(fill(template, values, "iban", country, zone, form, f"lang-{lang}"))
    return rows
