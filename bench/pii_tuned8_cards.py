"""Replies with card numbers for PII tuned part 8: every network of ``pii_corpus_values.NETWORKS``, grouped,
compact or dashed, in prose in several languages, receipts, JSON, tables and forms."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, NETWORKS, Line, card_digits, check_labels, templated


def grouped(digits: str, network: str, style: str) -> str:
    if style == "compact":
        return digits
    sep = {"spaces": " ", "dashes": "-", "double": "  "}[style]
    if network in ("American Express", "Diners Club") and len(digits) in (14, 15):
        return sep.join([digits[:4], digits[4:10], digits[10:]])
    return sep.join(digits[i : i + 4] for i in range(0, len(digits), 4))


TEMPLATES = [
    ("en", "prose", "The card {n} used on the booking was {c}, expiry 11/28."),
    ("en", "prose", "Charge went through on {c} - that's the {net} saved on the profile."),
    ("en", "prose", "I can see two attempts on {c}; the second one was approved."),
    ("en", "prose", "{n} asked us to take the deposit from {c} instead of the debit card."),
    ("en", "receipt", "RECEIPT #{r}\nCard: {net}\nPAN: {c}\nAUTH 0{r2}  APPROVED\nTOTAL  $62.18"),
    ("en", "receipt", "Paid by {net} {c}\nSubtotal 41.50\nTip 6.00\nTotal 47.50"),
    ("en", "json", '{{"payment": {{"method": "card", "brand": "{net}", "number": "{c}", "exp": "04/27"}}}}'),
    ("en", "json", '{{"cardholder": "{n}", "pan": "{c}"}}'),
    ("en", "table", "| Date | Card | Amount |\n|---|---|---|\n| 2024-05-03 | {c} | 129.00 |"),
    ("en", "csv", "txn_id,card_number,amount\n{r},{c},18.75"),
    ("en", "form", "Cardholder name: {n}\nCard number: {c}\nExpiry: 07/26"),
    ("es", "prose", "El cargo se hizo a la tarjeta {c} a nombre de {n}."),
    ("es", "receipt", "TICKET DE COMPRA\nTarjeta {net}: {c}\nImporte: 35,90 EUR"),
    ("de", "prose", "Die Zahlung wurde mit der Kreditkarte {c} ausgeführt."),
    ("de", "prose", "Kartennummer: {c} (Inhaberin {n})"),
    ("fr", "prose", "Le paiement a été débité sur la carte {c}."),
    ("fr", "receipt", "TICKET CLIENT\nCARTE {net}\n{c}\nMONTANT 23,40 EUR\nDEBIT"),
    ("pt", "prose", "A compra foi feita no cartão {c}, em 3 parcelas."),
    ("it", "prose", "L'addebito è avvenuto sulla carta {c}."),
    ("nl", "prose", "Het bedrag is afgeschreven van creditcard {c}."),
    ("pl", "prose", "Płatność kartą {c} została odrzucona przez bank."),
    ("hi", "prose", "भुगतान कार्ड {c} से किया गया था।"),
    ("ja", "prose", "お支払いはカード番号{c}で承りました。"),
    ("zh", "prose", "本次消费使用的银行卡号为{c}。"),
    ("ko", "prose", "결제 카드 번호: {c}"),
    ("ru", "prose", "Оплата прошла по карте {c}."),
    ("tr", "prose", "Ödeme {c} numaralı kartla yapıldı."),
    ("ar", "prose", "تم الدفع بالبطاقة رقم {c}."),
    ("vi", "prose", "Giao dịch được thanh toán bằng thẻ {c}."),
    ("id", "prose", "Pembayaran memakai kartu {c} atas nama {n}."),
]  # fmt: skip
NAMES = ["Dana Whitfield", "Kenji Ito", "Amara Eze", "Lars Holm", "Paula Jiménez", "Wei Chen", "Anika Roy"]
NETWORK_SETTING = {"prose": "retail", "receipt": "retail", "json": "payments", "table": "bank", "csv": "payments",
                   "form": "hotel"}  # fmt: skip


def card_rows(rng: random.Random) -> list[Line]:
    out: list[Line] = []
    networks = list(NETWORKS.items())
    i = 0
    for round_ in range(11):
        for lang, shape, template in TEMPLATES:
            network, (prefixes, lengths) = networks[(i + round_) % len(networks)]
            i += 1
            length = lengths[(round_ + i) % len(lengths)] if round_ % 3 else lengths[0]
            digits = card_digits(rng, rng.choice(prefixes), length)
            style = ["spaces", "compact", "dashes", "spaces", "double"][(round_ + i) % 5]
            if length == 19 and style == "dashes":
                style = "spaces"
            values = {
                "c": (grouped(digits, network, style), CARD),
                "net": (network, None),
                "n": (rng.choice(NAMES), None),
                "r": (str(rng.randint(10000, 99999)), None),
                "r2": (str(rng.randint(10000, 99999)), None),
            }
            braced = template.replace("{{", "\x00").replace("}}", "\x01")
            tags = ("card", f"lang-{lang}", f"setting-{NETWORK_SETTING[shape]}", shape, network)
            line = templated(braced, values, *tags)
            line.text = line.text.replace("\x00", "{").replace("\x01", "}")
            check_labels(line)
            out.append(line)
    return out
