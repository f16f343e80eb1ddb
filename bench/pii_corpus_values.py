"""Values and replies with PII for the PII corpus (bench/make_pii_corpus.py): each scheme's rules (card networks'
prefixes and lengths with a Luhn check digit, SSN areas, SEPA IBAN layouts with mod-97 check digits, national phone
numbering plans and the fictional ranges) and the labelled line that carries them."""

from __future__ import annotations

import random
from collections.abc import Callable

CARD, SSN, IBAN, EMAIL, PHONE = "CREDIT_CARD", "US_SSN", "IBAN_CODE", "EMAIL_ADDRESS", "PHONE_NUMBER"


# ---- building a labelled line -----------------------------------------------------------------------------------


class Line:
    """A reply built piece by piece; ``add(value, entity)`` records the span of a labelled value."""

    def __init__(self, *tags: str) -> None:
        self.text = ""
        self.entities: list[dict[str, object]] = []
        self.tags = list(tags)

    def add(self, piece: str, entity: str | None = None) -> Line:
        if entity:
            self.entities.append(
                {"entity": entity, "value": piece, "start": len(self.text), "end": len(self.text) + len(piece)}
            )
        self.text += piece
        return self


def templated(template: str, values: dict[str, tuple[str, str | None]], *tags: str) -> Line:
    """``template`` with ``{name}`` slots; ``values[name] = (text, entity or None)``."""
    line = Line(*tags)
    rest = template
    while "{" in rest:
        before, _, after = rest.partition("{")
        name, _, rest = after.partition("}")
        line.add(before)
        text, entity = values[name]
        line.add(text, entity)
    line.add(rest)
    return line


# ---- checksums ---------------------------------------------------------------------------------------------------


def luhn_digit(partial: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(partial)):
        d = int(ch)
        if i % 2 == 0:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return str((10 - total % 10) % 10)


def luhn_valid(digits: str) -> bool:
    return luhn_digit(digits[:-1]) == digits[-1]


def iban_check(country: str, bban: str) -> str:
    rearranged = bban + country + "00"
    value = int("".join(str(int(ch, 36)) for ch in rearranged))
    return f"{98 - value % 97:02d}"


def iban_valid(iban: str) -> bool:
    compact = iban.replace(" ", "")
    rearranged = compact[4:] + compact[:4]
    return int("".join(str(int(ch, 36)) for ch in rearranged)) % 97 == 1


def check_labels(line: Line, phone_is_valid: Callable[[str, str], bool] | None = None) -> None:
    """Assert that every label of ``line`` is a span of its text and follows its scheme: a Luhn digit for cards,
    mod-97 for IBANs, a possible SSN area, group and serial; with ``phone_is_valid``, each phone is valid for the
    line's ``region-XX`` tag."""
    region = next((tag.removeprefix("region-") for tag in line.tags if tag.startswith("region-")), None)
    for entity in line.entities:
        value = str(entity["value"])
        assert line.text[int(str(entity["start"])) : int(str(entity["end"]))] == value, value
        compact = "".join(ch for ch in value if ch.isdigit())
        if entity["entity"] == CARD:
            assert luhn_valid(compact), value
        elif entity["entity"] == IBAN:
            assert iban_valid(value), value
        elif entity["entity"] == SSN:
            assert len(compact) == 9 and compact[:3] not in ("000", "666") and compact[0] != "9", value
            assert compact[3:5] != "00" and compact[5:] != "0000", value
        elif entity["entity"] == PHONE and phone_is_valid is not None:
            assert region and phone_is_valid(value, region), (value, region)


# ---- cards -------------------------------------------------------------------------------------------------------

# network -> (prefixes, lengths)
NETWORKS: dict[str, tuple[list[str], list[int]]] = {
    "Visa": (["4"], [16, 13, 19]),
    "Mastercard": (["51", "52", "53", "54", "55"], [16]),
    "Mastercard 2-series": (["2221", "2300", "2500", "2699", "2720"], [16]),
    "American Express": (["34", "37"], [15]),
    "Discover": (["6011", "644", "649", "65"], [16, 19]),
    "JCB": (["3528", "3550", "3589"], [16, 19]),
    "Diners Club": (["300", "305", "36", "38"], [14]),
    "UnionPay": (["62"], [16, 19]),
    "Maestro": (["5018", "5020", "5038", "6304", "6759", "6761"], [16, 19]),
    "Mir": (["2200", "2201", "2204"], [16]),
}


def card_digits(rng: random.Random, prefix: str, length: int) -> str:
    body = prefix + "".join(rng.choice("0123456789") for _ in range(length - len(prefix) - 1))
    return body + luhn_digit(body)


def card_format(rng: random.Random, digits: str, network: str, style: str) -> str:
    if style == "compact":
        return digits
    sep = "-" if style == "dashes" else " "
    if network == "American Express":
        parts = [digits[:4], digits[4:10], digits[10:]]
    elif network == "Diners Club":
        parts = [digits[:4], digits[4:10], digits[10:]]
    else:
        parts = [digits[i : i + 4] for i in range(0, len(digits), 4)]
    return sep.join(parts)


CARD_TEMPLATES = [
    "The card on file for this order is {v}, expiring 09/27.",
    "I found the payment method: {n} {v}. Let me know if you want to replace it.",
    "Your refund of $84.20 went back to the card ending in the number {v}.",
    "Sure! The {n} we have for Sam Patel is {v}.",
    "Card number: {v}\nName on card: Dana Whitfield",
    "According to the billing record, the card used was {v} (billed on 2024-03-14).",
    "Here are the saved details - card {v}, CVV is not stored.",
    "I've updated the account to charge {v} going forward.",
]


def card_lines(rng: random.Random) -> list[Line]:
    lines = []
    for network, (prefixes, lengths) in NETWORKS.items():
        for length in lengths:
            styles = ["spaces", "dashes", "compact"] if length in (14, 15, 16) else ["spaces", "compact"]
            for prefix in prefixes[:3] if len(lengths) > 1 else prefixes:
                for style in styles:
                    value = card_format(rng, card_digits(rng, prefix, length), network, style)
                    template = rng.choice(CARD_TEMPLATES)
                    lines.append(templated(template, {"v": (value, CARD), "n": (network, None)}, "card", network))
    return lines


# ---- SSNs --------------------------------------------------------------------------------------------------------


def ssn_digits(rng: random.Random) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    return f"{area:03d}{rng.randint(1, 99):02d}{rng.randint(1, 9999):04d}"


SSN_TEMPLATES = [
    ("Your Social Security number on file is {v}.", "-"),
    ("The SSN we have for Maria Lopez is {v}; please confirm it.", "-"),
    ("I verified the applicant: SSN {v}, date of birth 1984-02-11.", "-"),
    ("Tax ID (SSN): {v}", " "),
    ("For the W-9 we used social security number {v}.", "-"),
    ("Her SSN: {v} is linked to two accounts.", ""),
    ("SSN {v} matches the record from March.", ""),
    ("The employee's social security no. is {v}.", " "),
]


def ssn_lines(rng: random.Random) -> list[Line]:
    lines = []
    for i in range(48):
        template, sep = SSN_TEMPLATES[i % len(SSN_TEMPLATES)]
        d = ssn_digits(rng)
        value = f"{d[:3]}{sep}{d[3:5]}{sep}{d[5:]}"
        lines.append(templated(template, {"v": (value, SSN)}, "ssn"))
    return lines


# ---- IBANs -------------------------------------------------------------------------------------------------------

# SEPA countries and their BBAN layouts (SWIFT IBAN registry notation: n digits, a upper-case letters,
# c alphanumerics).
SEPA_BBAN = {
    "AD": "4n4n12c", "AL": "8n16c", "AT": "5n11n", "BE": "3n7n2n", "BG": "4a4n2n8c", "CH": "5n12c",
    "CY": "3n5n16c", "CZ": "4n6n10n", "DE": "8n10n", "DK": "4n9n1n", "EE": "2n2n11n1n", "ES": "4n4n1n1n10n",
    "FI": "3n11n", "FR": "5n5n11c2n", "GB": "4a6n8n", "GI": "4a15c", "GR": "3n4n16c", "HR": "7n10n",
    "HU": "3n4n1n15n1n", "IE": "4a6n8n", "IS": "4n2n6n10n", "IT": "1a5n5n12c", "LI": "5n12c", "LT": "5n11n",
    "LU": "3n13c", "LV": "4a13c", "MC": "5n5n11c2n", "MD": "2c18c", "ME": "3n13n2n", "MK": "3n10c2n",
    "MT": "4a5n18c", "NL": "4a10n", "NO": "4n6n1n", "PL": "8n16n", "PT": "4n4n11n2n", "RO": "4a16c",
    "RS": "3n13n2n", "SE": "3n16n1n", "SI": "5n8n2n", "SK": "4n6n10n", "SM": "1a5n5n12c", "VA": "3n15n",
}  # fmt: skip


def bban(rng: random.Random, layout: str) -> str:
    out, count = "", ""
    for ch in layout:
        if ch.isdigit():
            count += ch
            continue
        n, count = int(count), ""
        for _ in range(n):
            if ch == "n":
                out += rng.choice("0123456789")
            elif ch == "a":
                out += rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
            else:  # alphanumeric fields are mostly digits in practice
                out += rng.choice("0123456789" * 3 + "ABCDEFGHJKLMNPRSTUVWXYZ")
    return out


def iban_value(rng: random.Random, country: str) -> str:
    b = bban(rng, SEPA_BBAN[country])
    return country + iban_check(country, b) + b


def printed(iban: str) -> str:
    return " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))


IBAN_TEMPLATES = [
    "Please transfer the balance to IBAN {v} within 14 days.",
    "The refund will be sent to the account {v} that Lukas gave us.",
    "Bank details on file:\nIBAN: {v}\nBIC: DEUTDEFF",
    "The direct debit is drawn from {v} on the 1st of each month.",
    "We have the following account for Ms. Rossi: {v}.",
    "Sure, her payout IBAN is {v}, held at the branch in town.",
]


def iban_lines(rng: random.Random) -> list[Line]:
    lines = []
    for i, country in enumerate(sorted(SEPA_BBAN)):
        for form in ("print", "electronic"):
            value = iban_value(rng, country)
            text = printed(value) if form == "print" else value
            template = IBAN_TEMPLATES[(i * 2 + (form == "print")) % len(IBAN_TEMPLATES)]
            lines.append(templated(template, {"v": (text, IBAN)}, "iban", country, form))
    return lines


# ---- emails ------------------------------------------------------------------------------------------------------

LOCALS = [
    "jordan.rivera84", "maria.lopez", "s.patel", "dana_whitfield", "k.nakamura+orders", "li.wei", "bob",
    "anna-maria.schmidt", "o.connor", "jp.dubois2", "customer.care", "m.rossi", "t.okafor", "h.berg",
]  # fmt: skip
DOMAINS = {
    "webmail": ["gmail.com", "outlook.com", "yahoo.co.uk", "icloud.com", "proton.me", "gmx.de", "web.de"],
    "company": ["acme.com", "northwind-traders.com", "contoso.co.uk", "globex.io", "initech.net", "fabrikam.org"],
    "subdomain": ["mail.acme.co.jp", "eu.support.globex.io", "staff.uni-heidelberg.de", "cs.stanford.edu"],
    "country": ["orange.fr", "libero.it", "telefonica.es", "seznam.cz", "wp.pl", "yandex.ru", "bigpond.com.au"],
    "new_tld": ["studio.design", "makers.dev", "shopfront.shop", "kiwi.app", "data.ai", "brand.online"],
    "government": ["dvla.gov.uk", "irs.gov", "city.boston.gov", "nhs.net"],
    "example": ["example.com", "example.net", "example.org", "mail.example.org", "staging.example", "crm.example.com"],
    "test": ["qa.test", "shop.test", "corp.invalid", "sandbox.localhost"],
    "punycode": ["xn--mnchen-3ya.de", "xn--80ak6aa92e.com"],
}
EMAIL_TEMPLATES = [
    "The account is registered to {v}; I've sent the reset link there.",
    "You can reach your account manager directly at {v}.",
    "Customer record: name Jordan Rivera, email {v}, member since 2019.",
    "I found it - the order confirmation went to {v} on Monday.",
    "Her contact address is {v} (verified).",
    "We'll copy {v} on the next update.",
    "Email: {v}",
    "The previous owner's login was {v}.",
]


def email_lines(rng: random.Random) -> list[Line]:
    lines = []
    for kind, domains in DOMAINS.items():
        for domain in domains:
            for _ in range(2 if kind in ("example", "test") else 1):
                value = f"{rng.choice(LOCALS)}@{domain}"
                if kind == "subdomain" and rng.random() < 0.5:
                    value = value.upper() if rng.random() < 0.2 else value
                lines.append(templated(rng.choice(EMAIL_TEMPLATES), {"v": (value, EMAIL)}, "email", kind))
    # two emails in one reply, one at the end of a sentence
    for _ in range(6):
        a = f"{rng.choice(LOCALS)}@{rng.choice(DOMAINS['company'])}"
        b = f"{rng.choice(LOCALS)}@{rng.choice(DOMAINS['example'])}"
        lines.append(
            templated("Both owners are listed: {a} and {b}.", {"a": (a, EMAIL), "b": (b, EMAIL)}, "email", "two")
        )
    return lines


# ---- phones ------------------------------------------------------------------------------------------------------


def d(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def nz(rng: random.Random, n: int) -> str:
    """n digits, the first not 0 or 1 (subscriber numbers rarely start so)."""
    return rng.choice("23456789") + d(rng, n - 1)


def phone_formats(rng: random.Random) -> list[tuple[str, str]]:
    """(format name, number) pairs following each country's numbering plan (reserved fictional ranges included)."""
    area = rng.choice(["212", "312", "415", "617", "646", "713", "206", "303", "512", "919"])
    us = [
        ("US (ddd) ddd-dddd", f"({area}) {nz(rng, 3)}-{d(rng, 4)}"),
        ("US ddd-ddd-dddd", f"{area}-{nz(rng, 3)}-{d(rng, 4)}"),
        ("US ddd.ddd.dddd", f"{area}.{nz(rng, 3)}.{d(rng, 4)}"),
        ("US 555 fictional", f"{area}-555-01{d(rng, 2)}"),
        ("US toll free", f"1-800-{nz(rng, 3)}-{d(rng, 4)}"),
        ("US 1 (800) 555", f"1 (800) 555-01{d(rng, 2)}"),
        ("US +1", f"+1 {area} {nz(rng, 3)} {d(rng, 4)}"),
        ("US E.164", f"+1{area}{nz(rng, 3)}{d(rng, 4)}"),
    ]
    other = [
        ("UK London", f"020 7946 0{d(rng, 3)}"),
        ("UK mobile fictional", f"07700 900{d(rng, 3)}"),
        ("UK +44 mobile fictional", f"+44 7700 900{d(rng, 3)}"),
        ("UK +44 London", f"+44 20 7946 0{d(rng, 3)}"),
        ("UK Leeds fictional", f"0113 496 0{d(rng, 3)}"),
        ("DE Berlin", f"030 {nz(rng, 8)}"),
        ("DE +49 Berlin", f"+49 30 {nz(rng, 8)}"),
        ("DE Munich", f"089 {nz(rng, 4)} {d(rng, 4)}"),
        ("DE mobile", f"+49 151 {nz(rng, 4)} {d(rng, 4)}"),
        ("FR landline", f"01 {nz(rng, 2)} {d(rng, 2)} {d(rng, 2)} {d(rng, 2)}"),
        ("FR mobile", f"06 {nz(rng, 2)} {d(rng, 2)} {d(rng, 2)} {d(rng, 2)}"),
        ("FR +33", f"+33 1 {nz(rng, 2)} {d(rng, 2)} {d(rng, 2)} {d(rng, 2)}"),
        ("ES landline", f"91 {nz(rng, 3)} {d(rng, 2)} {d(rng, 2)}"),
        ("ES mobile", f"+34 6{d(rng, 2)} {d(rng, 3)} {d(rng, 3)}"),
        ("IT Rome", f"06 {nz(rng, 4)} {d(rng, 4)}"),
        ("IT mobile", f"+39 3{rng.choice('2456789')}{d(rng, 1)} {nz(rng, 3)} {d(rng, 4)}"),
        ("NL Amsterdam", f"020 {nz(rng, 3)} {d(rng, 4)}"),
        ("NL mobile", f"+31 6 {nz(rng, 4)} {d(rng, 4)}"),
        ("AU Sydney", f"(02) 9{d(rng, 3)} {d(rng, 4)}"),
        ("AU mobile fictional", f"0491 570 {rng.choice(['006', '156', '157', '158', '159', '110', '313', '737'])}"),
        ("AU +61", f"+61 4{d(rng, 2)} {d(rng, 3)} {d(rng, 3)}"),
        ("IN mobile", f"+91 9{d(rng, 4)} {d(rng, 5)}"),
        ("IN national", f"9{d(rng, 4)} {d(rng, 5)}"),
        ("JP Tokyo", f"03-{nz(rng, 4)}-{d(rng, 4)}"),
        ("JP +81", f"+81 3-{nz(rng, 4)}-{d(rng, 4)}"),
        ("BR Sao Paulo mobile", f"(11) 9{nz(rng, 4)}-{d(rng, 4)}"),
        ("BR +55", f"+55 11 9{nz(rng, 4)} {d(rng, 4)}"),
        ("MX", f"+52 55 {nz(rng, 4)} {d(rng, 4)}"),
        ("IE Dublin", f"+353 1 {nz(rng, 3)} {d(rng, 4)}"),
        ("CH Zurich", f"+41 44 {nz(rng, 3)} {d(rng, 2)} {d(rng, 2)}"),
        ("SE Stockholm", f"+46 8 {nz(rng, 3)} {d(rng, 2)} {d(rng, 2)}"),
        ("PL", f"+48 {nz(rng, 3)} {d(rng, 3)} {d(rng, 3)}"),
        ("international 00", f"0044 20 7946 0{d(rng, 3)}"),
    ]
    return us + other


PHONE_TEMPLATES = [
    "You can call the customer back on {v} after 5 pm.",
    "The number on the account is {v}.",
    "Sure - Priya's mobile is {v}, she prefers texts.",
    "Contact: Jordan Rivera, phone {v}",
    "I've noted the new callback number {v} for the delivery driver.",
    "Reach the store manager directly at {v}.",
    "Tel. {v} (home)",
    "The caller ID showed {v} when he phoned on 2024-06-02.",
]


def phone_lines(rng: random.Random) -> list[Line]:
    lines = []
    for _ in range(3):
        for name, number in phone_formats(rng):
            lines.append(templated(rng.choice(PHONE_TEMPLATES), {"v": (number, PHONE)}, "phone", name))
    return lines
