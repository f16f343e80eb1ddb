"""Card rows of the held-out part (bench/make_pii_tuned11.py): every network of pii_corpus_values.NETWORKS at each of
its lengths, grouped, dashed or compact, in replies in many languages and in quoted documents. Slot {v}: the card."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, NETWORKS, Line, card_digits, card_format
from pii_tuned11_docs import doc_line, fill

CARD_SENTENCES: dict[str, list[str]] = {
    "en": [
        "The refund was pushed back to {v}; allow 5-10 business days.",
        "Your subscription renews on the 3rd and will be charged to {v} unless you switch it.",
        "We tried {v} twice but the issuer declined it (code 05).",
    ],
    "es": ["El cargo de 32,50 € se hizo a la tarjeta {v}.", "Hemos devuelto el importe a su tarjeta {v}."],
    "pt": ["A compra foi paga com o cartão {v} em 3x sem juros.", "O estorno vai cair no cartão {v}."],
    "fr": ["Le remboursement a été effectué sur la carte {v}.", "Votre carte {v} a été refusée par la banque."],
    "de": ["Die Abbuchung erfolgte von der Karte {v}.", "Wir haben die Kreditkarte {v} als Standard hinterlegt."],
    "it": ["L'addebito è stato fatto sulla carta {v}.", "Il rimborso tornerà sulla carta {v} entro 7 giorni."],
    "nl": ["De betaling is gedaan met kaart {v}.", "We hebben de terugbetaling naar {v} gestort."],
    "pl": ["Płatność została pobrana z karty {v}.", "Zwrot trafi na kartę {v}."],
    "tr": ["Ödeme {v} numaralı karttan çekildi.", "İade {v} kartınıza yapıldı."],
    "ru": ["Оплата прошла с карты {v}.", "Возврат придёт на карту {v} в течение недели."],
    "ja": ["お支払いはカード番号{v}で承りました。", "返金はクレジットカード{v}へ行います。"],
    "zh": ["退款已退回到银行卡{v}。", "本次消费使用的卡号为{v}。"],
    "ko": ["결제 카드 번호는 {v}입니다.", "환불은 {v} 카드로 처리됩니다."],
    "vi": ["Giao dịch được thanh toán bằng thẻ {v}.", "Tiền hoàn sẽ về thẻ {v}."],
    "ar": ["تم الخصم من البطاقة {v}.", "سيتم رد المبلغ إلى البطاقة {v}."],
    "hi": ["भुगतान कार्ड {v} से किया गया था।", "रिफंड कार्ड {v} में वापस जाएगा।"],
    "id": ["Pembayaran memakai kartu {v}.", "Dana dikembalikan ke kartu {v}."],
    "sv": ["Betalningen drogs från kortet {v}.", "Återbetalningen går till kort {v}."],
    "el": ["Η χρέωση έγινε στην κάρτα {v}.", "Η επιστροφή θα γίνει στην κάρτα {v}."],
    "he": ["החיוב בוצע בכרטיס {v}.", "הזיכוי יחזור לכרטיס {v}."],
    "uk": ["Оплату списано з картки {v}.", "Кошти повернуться на картку {v}."],
}
SETTINGS = ["json", "yaml", "csv", "md-table", "log", "receipt", "kv", "ini", "xml", "chat", "form", "email-headers"]
KEYS = ["card_number", "pan", "Card No.", "cc", "payment_card", "Kartennummer", "numero_carte", "tarjeta"]


def card_rows(rng: random.Random, count: int) -> list[Line]:
    rows: list[Line] = []
    networks = list(NETWORKS)
    langs = list(CARD_SENTENCES)
    for n in range(count):
        network = networks[n % len(networks)]
        prefixes, lengths = NETWORKS[network]
        length = lengths[(n // len(networks)) % len(lengths)]
        style = rng.choice(["spaces", "spaces", "dashes", "compact"] if length <= 16 else ["spaces", "compact"])
        value = card_format(rng, card_digits(rng, rng.choice(prefixes), length), network, style)
        if n % 3 == 2:
            setting = SETTINGS[(n // 3) % len(SETTINGS)]
            rows.append(doc_line(rng, setting, rng.choice(KEYS), value, CARD, ["card", network, "lang-en", style]))
        else:
            lang = langs[n % len(langs)]
            template = rng.choice(CARD_SENTENCES[lang])
            rows.append(fill(template, {"v": (value, CARD)}, "card", network, f"lang-{lang}", style))
    return rows
