"""Replies with card numbers for PII tuned part 10: every network of ``NETWORKS`` with a Luhn check digit,
printed in groups, compact, with dashes and as terminals print them, in sentences in several languages, receipts,
payment payloads, tables and forms."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, NETWORKS, Line, card_digits, check_labels  # noqa: E402 - bench/ on the path
from pii_tuned10_docs import FORMATS, NAMES, render  # noqa: E402


def written(rng: random.Random, digits: str, network: str) -> tuple[str, str]:
    """(card as written, style)."""
    n = len(digits)
    style = rng.choice(["spaces", "spaces", "compact", "dashes", "double-space"])
    if n == 15:
        groups = [digits[:4], digits[4:10], digits[10:]]
    elif n == 14:
        groups = (
            [digits[:4], digits[4:10], digits[10:]]
            if rng.random() < 0.7
            else [digits[:4], digits[4:8], digits[8:12], digits[12:]]
        )
    elif n == 19 and style == "spaces" and rng.random() < 0.4:
        groups = [digits[:6], digits[6:]]
    else:
        groups = [digits[i : i + 4] for i in range(0, n, 4)]
    if style == "compact":
        return digits, style
    sep = {"spaces": " ", "dashes": "-", "double-space": "  "}[style]
    return sep.join(groups), style


# lang -> sentences with {c} (card) and {n} (network name)
CARD_PHRASES: dict[str, list[str]] = {
    "en": [
        "The {n} saved on Ms. Haddad's wallet is {c}, exp 04/28.",
        "You paid with {c} - that's the {n} ending in the last four you mentioned.",
        "I've removed {c} from the subscription and added the new card instead.",
        "The chargeback was raised against card {c} by the issuer on June 3rd.",
        "Your new {n} ({c}) is now the default for autopay.",
        "Both charges hit {c}, so I've refunded the duplicate.",
        "{c} is the card the hotel pre-authorised for incidentals.",
    ],
    "es": [
        "La tarjeta {n} registrada en su cuenta es la {c}.",
        "El cargo duplicado se hizo a la tarjeta {c}; ya lo hemos anulado.",
        "Hemos cambiado el método de pago a la {n} {c}.",
    ],
    "de": [
        "Die hinterlegte {n} lautet {c}, gültig bis 11/27.",
        "Die Abbuchung erfolgte über die Karte {c}.",
        "Wir haben die Kreditkarte {c} aus Ihrem Konto entfernt.",
    ],
    "fr": [
        "La carte {n} enregistrée est la {c}, expirant en 09/26.",
        "Le remboursement sera crédité sur la carte {c} sous 5 jours ouvrés.",
        "Le paiement a été refusé sur la carte {c} par votre banque.",
    ],
    "pt": ["O cartão {n} cadastrado é o {c}.", "A cobrança foi feita no cartão {c}, em 3 parcelas."],
    "it": ["La carta {n} associata al profilo è {c}.", "L'addebito è stato effettuato sulla carta {c}."],
    "nl": ["De {n} op uw account is {c}.", "De terugbetaling gaat naar kaart {c}."],
    "ja": ["ご登録の{n}カード番号は{c}です。", "返金は{c}のカードに処理いたしました。"],
    "hi": ["आपके खाते में सेव {n} कार्ड नंबर {c} है।", "रिफंड कार्ड {c} में भेज दिया गया है।"],
    "pl": ["Karta {n} zapisana na koncie to {c}.", "Zwrot trafi na kartę {c} w ciągu 5 dni."],
    "zh": ["您绑定的{n}卡号为{c}。", "退款已原路退回至卡号{c}。"],
}
CARD_FIELDS = {
    "en": ("Card number", "card_number"), "es": ("Número de tarjeta", "numero_tarjeta"),
    "de": ("Kartennummer", "kartennummer"), "fr": ("Numéro de carte", "numero_carte"),
    "pt": ("Número do cartão", "numero_cartao"), "it": ("Numero carta", "numero_carta"),
    "ja": ("カード番号", "card_no"), "nl": ("Kaartnummer", "kaartnummer"),
}  # fmt: skip
SETTINGS = ["retail", "hotel", "airline", "saas", "food_delivery", "bank", "telecom", "rideshare"]


def _receipt(rng: random.Random, value: str, network: str, *tags: str) -> Line:
    line = Line(*tags)
    store = rng.choice(["CORNER MARKET #0412", "PETROL STN 88", "CAFE ALDEA", "HOTEL BELLEVUE", "TAXI 4471"])
    line.add(f"The merchant's copy of the slip shows:\n{store}\n{network.upper()} SALE\nCARD ").add(value, CARD)
    line.add(f"\nAUTH {rng.randint(100000, 999999)}  AMOUNT {rng.randint(5, 400)}.{rng.randint(0, 99):02d}\nAPPROVED")
    return line


def _payload(rng: random.Random, value: str, network: str, *tags: str) -> Line:
    line = Line(*tags)
    month, year = rng.randint(1, 12), rng.randint(2025, 2031)
    line.add('The failed request body was:\n{"payment_method": {"type": "card", "card": {"number": "').add(value, CARD)
    line.add(f'", "exp_month": {month}, "exp_year": {year}, "brand": "{network.lower()}"' + "}}}")
    return line


def _form(rng: random.Random, value: str, network: str, *tags: str) -> Line:
    line = Line(*tags)
    name = rng.choice(NAMES)
    line.add(f"The customer filled in the phone order form:\nCardholder: {name}\nCard type: {network}\nCard no.: ")
    line.add(value, CARD).add(f"\nExpiry: {rng.randint(1, 12):02d}/{rng.randint(25, 31)}")
    return line


def _two_cards(rng: random.Random, value: str, network: str, *tags: str) -> Line:
    other_network = rng.choice(list(NETWORKS))
    prefixes, lengths = NETWORKS[other_network]
    other, _ = written(rng, card_digits(rng, rng.choice(prefixes), rng.choice(lengths)), other_network)
    line = Line(*tags)
    line.add("There are two cards on the account: ").add(value, CARD).add(f" ({network}) and ").add(other, CARD)
    return line.add(f" ({other_network}). Which one should I charge?")


def card_rows(rng: random.Random, count: int = 310) -> list[Line]:
    lines = []
    networks = list(NETWORKS)
    langs = list(CARD_PHRASES)
    for i in range(count):
        network = networks[i % len(networks)]
        prefixes, lengths = NETWORKS[network]
        length = lengths[(i // len(networks)) % len(lengths)]
        value, style = written(rng, card_digits(rng, rng.choice(prefixes), length), network)
        roll = (i // 3) % 10
        tags = ["card", network, style, f"len-{length}"]
        if roll < 5:
            lang = "en" if roll < 2 else langs[(i // 7) % len(langs)]
            template = rng.choice(CARD_PHRASES[lang])
            line = Line(*tags, f"lang-{lang}", f"setting-{rng.choice(SETTINGS)}")
            rest = template
            while "{" in rest:
                before, _, after = rest.partition("{")
                slot, _, rest = after.partition("}")
                line.add(before).add(value, CARD) if slot == "c" else line.add(before + network)
            line.add(rest)
        elif roll < 8:
            lang = rng.choice(list(CARD_FIELDS))
            label, key = CARD_FIELDS[lang]
            fmt = rng.choice(FORMATS)
            month = f"{rng.randint(1, 12):02d}/{rng.randint(25, 31)}"
            fields = [
                ("Name", "holder", rng.choice(NAMES), None),
                (label, key, value, CARD),
                ("Exp", "exp", month, None),
            ]
            line = render(rng, fmt, fields, *tags, f"lang-{lang}", "setting-payments", fmt)
        else:
            maker = rng.choice([_receipt, _payload, _form, _two_cards])
            line = maker(rng, value, network, *tags, "lang-en", "setting-payments", maker.__name__.strip("_"))
        check_labels(line)
        lines.append(line)
    return lines
