"""Card numbers, SSNs, IBANs and personal e-mail addresses for the held-out part (bench/make_pii_tuned13.py), drawn
by the shared scheme rules (bench/pii_corpus_values.py: networks, Luhn, SEPA layouts, mod-97) plus the layouts of
IBAN countries outside SEPA, and written the ways people paste them."""

from __future__ import annotations

import random

from pii_corpus_values import NETWORKS, SEPA_BBAN, bban, card_digits, iban_check

# IBAN countries outside SEPA: BBAN layouts of the SWIFT registry
NON_SEPA_BBAN = {
    "SA": "2n18c", "AE": "3n16n", "TR": "5n1n16c", "IL": "3n3n13n", "BR": "8n5n10n1a1c", "PK": "4a16c",
    "QA": "4a21c", "KW": "4a22c", "JO": "4a4n18c", "EG": "4n4n17n", "TN": "2n3n13n2n", "MU": "4a2n2n12n3n3a",
    "KZ": "3n13c", "AZ": "4a20c", "GE": "2a16n", "UA": "6n19c", "BH": "4a14c", "CR": "4n14n", "DO": "4c20n",
    "GT": "4c20c", "XK": "4n10n2n", "BA": "3n3n8n2n", "LB": "4n20c", "MR": "5n5n11n2n", "BY": "4c4n16c",
    "IQ": "4a3n12n", "PS": "4a21c", "SC": "4a2n2n16n3a", "VG": "4a16n", "SV": "4a20n", "LY": "3n3n15n",
}  # fmt: skip


def card_value(rng: random.Random, network: str) -> str:
    prefixes, lengths = NETWORKS[network]
    length = rng.choice(lengths)
    number = card_digits(rng, rng.choice(prefixes), length)
    style = rng.choice(["spaces", "spaces", "dashes", "compact", "spaces"])
    if style == "compact":
        return number
    sep = " " if style == "spaces" else "-"
    if length == 15:
        return sep.join([number[:4], number[4:10], number[10:]])
    if length == 14:
        return sep.join([number[:4], number[4:10], number[10:]])
    return sep.join(number[i : i + 4] for i in range(0, length, 4))


def ssn_value(rng: random.Random) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    group, serial = rng.randint(1, 99), rng.randint(1, 9999)
    sep = rng.choice(["-", "-", "-", " ", ""])
    return f"{area:03d}{sep}{group:02d}{sep}{serial:04d}"


def iban_value(rng: random.Random, country: str) -> str:
    layout = SEPA_BBAN.get(country) or NON_SEPA_BBAN[country]
    b = bban(rng, layout)
    return country + iban_check(country, b) + b


def iban_written(iban: str, form: str) -> str:
    return " ".join(iban[i : i + 4] for i in range(0, len(iban), 4)) if form == "print" else iban


FIRST = [
    "amara", "lena", "tomas", "yuki", "priya", "jonas", "chloe", "mateus", "aisha", "oliver", "zofia", "dimitris",
    "hana", "farid", "sofia", "mai", "kwame", "isabel", "rafael", "ingrid", "siobhan", "arjun", "ewa", "matteo",
    "leila", "bjorn", "camille", "diego", "nkechi", "hiroshi", "marta", "emre", "olga", "tariq", "sunita", "pieter",
]  # fmt: skip
LAST = [
    "okafor", "vogel", "ibarra", "tanaka", "raman", "lindqvist", "martin", "rocha", "bello", "grant", "nowak",
    "alexiou", "kim", "haddad", "esposito", "nguyen", "mensah", "cruz", "duarte", "solberg", "obrien", "mehta",
    "kowalczyk", "ricci", "farahani", "haugen", "lefebvre", "salazar", "eze", "watanabe", "sousa", "yilmaz",
]  # fmt: skip
MAIL_DOMAINS = [
    "gmail.com", "outlook.com", "hotmail.co.uk", "yahoo.fr", "gmx.at", "web.de", "t-online.de", "icloud.com",
    "proton.me", "libero.it", "wp.pl", "seznam.cz", "mail.ru", "naver.com", "qq.com", "yahoo.co.jp", "uol.com.br",
    "terra.com.br", "rediffmail.com", "bigpond.net.au", "xtra.co.nz", "telenet.be", "ziggo.nl", "orange.fr",
    "free.fr", "sapo.pt", "abv.bg", "freemail.hu", "ya.ru", "fastmail.com", "zoho.in", "mweb.co.za",
    "northwind-logistics.com", "atelier-mercier.fr", "kanzlei-brandt.de", "studio-oak.design", "hq.meridian-bank.com",
    "uni-graz.at", "student.uva.nl", "alumni.ubc.ca", "tecnoserv.com.mx", "kaiyo-shoji.co.jp", "pixel-forge.io",
]  # fmt: skip


def email_value(rng: random.Random) -> tuple[str, str]:
    """A person's address and its style tag (dot, plus, upper, hyphen, digits, initial, underscore)."""
    first, last = rng.choice(FIRST), rng.choice(LAST)
    domain = rng.choice(MAIL_DOMAINS)
    style = rng.choice(["dot", "plus", "upper", "hyphen", "digits", "initial", "underscore", "plus", "mixed"])
    if style == "dot":
        local = f"{first}.{last}"
    elif style == "plus":
        local = f"{first}.{last}+{rng.choice(['orders', 'shop', 'returns', 'news', 'bank', 'travel', 'x7'])}"
    elif style == "upper":
        local = f"{first}.{last}".upper()
        domain = domain.upper() if rng.random() < 0.5 else domain
    elif style == "hyphen":
        local = f"{first}-{last}-{rng.choice(FIRST)}"
    elif style == "digits":
        local = f"{first}{last[:3]}{rng.randint(1, 99999)}"
    elif style == "initial":
        local = f"{first[0]}.{last}{rng.randint(70, 99)}"
    elif style == "underscore":
        local = f"{last}_{first}"
    else:
        local = f"{first.capitalize()}.{last.capitalize()}{rng.randint(1, 9)}"
    return f"{local}@{domain}", style
