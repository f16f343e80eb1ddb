"""Card replies of the held-out part (bench/make_pii_tuned12.py): every network of ``NETWORKS`` in each of its
lengths, grouped the ways terminals, banks and people group them, in prose of many languages and in records."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, NETWORKS, Line, card_digits, templated
from pii_tuned12_docs import SETTINGS, record

CARD_PROSE = [
    ("en", "The card we charged for the annual plan was {v}; the bank shows it as {n}."),
    ("en", "Got it - I've swapped the default payment method to {v} (exp 11/28)."),
    ("en", "Chargeback #CB-20931 was opened against {v} by the issuer on 3 March."),
    ("en", "Your {n} {v} was declined with code 05, so the booking is still on hold."),
    ("en", "Heads up: the guest paid the deposit with {v}, not the card from last year."),
    ("es", "La tarjeta registrada en su cuenta es {v}; el cargo de 49,90 € se hizo ayer."),
    ("es", "Ya quedó: el reembolso se abonará en la {n} {v} en 5 a 10 días hábiles."),
    ("pt", "O cartão cadastrado é {v}, bandeira {n}, com vencimento em 07/29."),
    ("fr", "Le paiement a été effectué avec la carte {v} ; le débit apparaîtra sous 48 h."),
    ("de", "Abgebucht wurde von der Karte {v} ({n}), gültig bis 04/27."),
    ("it", "Il rimborso tornerà sulla carta {v} entro 7 giorni lavorativi."),
    ("nl", "De betaling is gedaan met creditcard {v}; het bedrag staat nog gereserveerd."),
    ("pl", "Płatność przeszła kartą {v}, zwrot wróci na tę samą kartę."),
    ("tr", "Ödeme {v} numaralı kartınızdan 3 taksitle çekildi."),
    ("ja", "お支払いはクレジットカード{v}（{n}）で完了しています。"),
    ("zh", "您绑定的银行卡号为{v}，退款将原路返回。"),
    ("ko", "결제하신 카드번호는 {v}이며, 환불은 3~5영업일 내 처리됩니다."),
    ("ru", "Оплата прошла с карты {v}, возврат придёт на неё же в течение 10 дней."),
    ("ar", "تم الدفع باستخدام البطاقة {v} وسيتم رد المبلغ إليها خلال أسبوع."),
    ("hi", "भुगतान कार्ड {v} से किया गया था; रिफ़ंड उसी कार्ड में आएगा।"),
    ("vi", "Thanh toán bằng thẻ {v}; tiền hoàn sẽ về lại thẻ trong 7 ngày."),
    ("id", "Pembayaran memakai kartu {v}, refund akan kembali ke kartu yang sama."),
    ("sv", "Betalningen drogs från kortet {v} och återbetalningen går tillbaka dit."),
    ("el", "Η χρέωση έγινε στην κάρτα {v} και η επιστροφή θα γίνει στην ίδια."),
    ("uk", "Оплату списано з картки {v}, повернення надійде на неї ж."),
    ("he", "החיוב בוצע בכרטיס {v}; הזיכוי יחזור לאותו כרטיס."),
    ("th", "ชำระเงินด้วยบัตร {v} แล้ว เงินคืนจะเข้าบัตรเดิมภายใน 14 วัน"),
    ("en", "The card is {v}."),
    ("en", "card={v} status=captured amount=129.00"),
    ("en", "Customer read it out over the phone as {v}, then corrected the last digit."),
]

WORDS = {"en": ("Card number", "Cardholder"), "es": ("Número de tarjeta", "Titular"), "de": ("Kartennummer", "Inhaber")}


def card_value(rng: random.Random, network: str) -> str:
    prefixes, lengths = NETWORKS[network]
    length = rng.choice(lengths)
    digits = card_digits(rng, rng.choice(prefixes), length)
    style = rng.choice(["spaces", "spaces", "dashes", "compact", "compact"])
    if style == "compact":
        return digits
    sep = " " if style == "spaces" else "-"
    if length == 15 or length == 14:
        return sep.join([digits[:4], digits[4:10], digits[10:]])
    if length == 19 and rng.random() < 0.5:
        return sep.join([digits[:6], digits[6:]])
    return sep.join(digits[i : i + 4] for i in range(0, length, 4))


def card_rows(rng: random.Random) -> list[Line]:
    rows: list[Line] = []
    networks = list(NETWORKS)
    for i in range(330):
        network = networks[i % len(networks)]
        value = card_value(rng, network)
        if i % 4 == 3:
            lang = rng.choice(list(WORDS))
            number_word, holder_word = WORDS[lang]
            setting = SETTINGS[(i // 4) % len(SETTINGS)]
            fields = [(holder_word, rng.choice(["J. ALVAREZ", "MARTA KOWALSKA", "OWEN REYES", "HEIKE BRANDT"]), None)]
            fields += [(number_word, value, CARD), ("Exp", f"{rng.randint(1, 12):02d}/{rng.randint(26, 31)}", None)]
            rows.append(record(rng, setting, fields, "card", network, f"lang-{lang}"))
        else:
            lang, template = CARD_PROSE[i % len(CARD_PROSE)]
            rows.append(
                templated(
                    template,
                    {"v": (value, CARD), "n": (network.removesuffix(" 2-series"), None)},
                    "card",
                    network,
                    f"lang-{lang}",
                )
            )
    return rows
