"""Replies with a person's card number for PII tuned part 9: every network of the shared value rules
(``NETWORKS``, Luhn check digit), printed in fours, run together, dashed, in the 4-6-5 and 4-6-4 blocks of American
Express and Diners Club, 19-digit numbers as 4-4-4-4-3, in receipts, JSON, tables, forms and prose in several
languages."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, NETWORKS, Line, card_digits
from pii_tuned9_common import fill, name


def printed(rng: random.Random, number: str, network: str) -> str:
    """The number as a person or a system prints it."""
    style = rng.choice(["fours", "fours", "compact", "dashes"])
    if style == "compact":
        return number
    if len(number) == 13:  # the old 13-digit Visa numbers: embossed 4-4-4-1 or printed run together
        return f"{number[:4]} {number[4:8]} {number[8:12]} {number[12]}" if style == "fours" else number
    if len(number) == 19 and style == "dashes":
        style = "fours"
    sep = " " if style == "fours" else "-"
    if network in ("American Express", "Diners Club"):
        return sep.join([number[:4], number[4:10], number[10:]])
    return sep.join(number[i : i + 4] for i in range(0, len(number), 4))


PROSE = [
    ("en", "chat", "The {k} you added yesterday, {c}, is now the default for renewals."),
    ("en", "chat", "I can see two payments from {c} on the 3rd; the second one will be reversed."),
    ("en", "chat", "{n} asked us to charge the balance to {c} instead of the old card."),
    ("en", "email", "Hello, as requested: card {c}, exp 11/28, cardholder {n}."),
    ("en", "note", "Chargeback opened on {k} {c} for the duplicate hotel deposit."),
    ("es", "chat", "El cargo se hizo a la tarjeta {c}; el reembolso tardará de 5 a 10 días."),
    ("es", "chat", "Registré la nueva tarjeta {k} {c} a nombre de {n}."),
    ("de", "chat", "Die Zahlung wurde mit der Karte {c} ausgeführt."),
    ("de", "email", "Kartennummer: {c} – bitte nicht per E-Mail weitergeben."),
    ("fr", "chat", "Le paiement a été débité sur la carte {c}."),
    ("pt", "chat", "O cartão {c} foi cadastrado como forma de pagamento."),
    ("it", "chat", "Il rimborso verrà accreditato sulla carta {c}."),
    ("nl", "chat", "De betaling is gedaan met kaart {c}."),
    ("pl", "chat", "Płatność została pobrana z karty {c}."),
    ("hi", "chat", "भुगतान कार्ड नंबर {c} से किया गया था।"),
    ("ja", "chat", "お支払いはカード番号{c}で完了しています。"),
    ("zh", "chat", "这笔订单用的是卡号{c}，退款会原路返回。"),
    ("ko", "chat", "결제하신 카드 번호는 {c}입니다."),
    ("tr", "chat", "Ödeme {c} numaralı karttan alındı."),
    ("ru", "chat", "Оплата прошла с карты {c}."),
]
DOCUMENTS = [
    ("receipt", "CUSTOMER COPY\n{k}\nCARD NO: {c}\nAMOUNT  EUR 42.90\nAPPROVED"),
    ("receipt", "Paid with {k} {c}\nAuth code 0H7K2Q\nThank you for shopping with us"),
    ("json", '{"payment": {"method": "card", "pan": "{c}", "holder": "{n}", "exp": "04/29"}}'),
    ("json", '{"card_number": "{c}", "brand": "{k}"}'),
    ("table", "| Holder | Brand | Number |\n|---|---|---|\n| {n} | {k} | {c} |"),
    ("csv", "holder,brand,number,exp\n{n},{k},{c},07/27"),
    ("form", "Name on card: {n}\nCard number: {c}\nExpiry: 02/30"),
    ("xml", "<Card><Number>{c}</Number><Holder>{n}</Holder></Card>"),
    ("yaml", 'billing:\n  card: "{c}"\n  network: {k}'),
    ("log", "DEBUG gateway request body card={c} amount=1999 currency=USD"),
    ("email", "> Card used: {c}\n> Order total: $212.40"),
    ("sms", "[SMS] Your {k} card {c} was charged AUD 64.00 at BP Richmond."),
]


def card_rows(rng: random.Random) -> list[Line]:
    rows = []
    plans = [(network, prefix, length) for network, (prefixes, lengths) in NETWORKS.items() for prefix in prefixes
             for length in lengths]  # fmt: skip
    for i in range(300):
        network, prefix, length = plans[(i * 7) % len(plans)]
        number = printed(rng, card_digits(rng, prefix, length), network)
        if i % 2:
            lang, setting, template = PROSE[(i // 2) % len(PROSE)]
        else:
            (setting, template), lang = DOCUMENTS[(i // 2) % len(DOCUMENTS)], "en"
        values = {"c": (number, CARD), "k": (network, None), "n": (name(rng), None)}
        rows.append(fill(template, values, "card", f"lang-{lang}", f"setting-{setting}", f"network-{network}"))
    for i in range(24):  # two cards in one reply
        a, b = rng.sample(list(NETWORKS), 2)
        pa, pb = NETWORKS[a], NETWORKS[b]
        ca = printed(rng, card_digits(rng, rng.choice(pa[0]), pa[1][0]), a)
        cb = printed(rng, card_digits(rng, rng.choice(pb[0]), pb[1][0]), b)
        template = [
            "Cards on the account: {a} ({ka}) and {b} ({kb}).",
            "Old card {a} was replaced by {b} on 1 March.",
            "number,brand\n{a},{ka}\n{b},{kb}",
        ][i % 3]
        values = {"a": (ca, CARD), "b": (cb, CARD), "ka": (a, None), "kb": (b, None)}
        rows.append(fill(template, values, "card", "lang-en", "setting-chat" if i % 3 < 2 else "setting-csv", "two"))
    return rows
