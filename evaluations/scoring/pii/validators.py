"""The checks a value must pass to count as PII: card networks and Luhn, SSN areas, IBAN mod-97, an email's
top-level domain and unmasked local part (phones: ``phones``).

Pure functions over one value; the context around it is ``context``'s and ``allowed``'s concern.
"""

from __future__ import annotations

import functools
import re


def digits_of(value: str) -> str:
    """The value's digits as ASCII (other scripts' decimal digits included)."""
    return "".join(str(int(ch)) for ch in value if ch.isdigit())


# Scripts written without spaces between a number and the word after it: Korean attaches its particles to the
# number ("3000-509942-1979입니다", "031-2501-5415로"), Japanese and Chinese run words together, Hebrew and Arabic
# join their prepositions and "and" to it ("ל-0521234567", "و0512193622"), so does Amharic ("በ+251 91 428 9322"),
# and Georgian hangs its postpositions on with a hyphen ("+995 569 30 03 93-ზე"). Their letters end a number; a
# Latin letter or a digit continues it (a code such as "A12-345-6789" or "415-555-0123x").
_UNSPACED = (
    "\u0590-\u05ff\u0600-\u06ff\u10a0-\u10ff\u1100-\u11ff\u1200-\u139f\u3040-\u30ff\u3130-\u318f\u3400-\u9fff"
    "\uac00-\ud7af\uf900-\ufaff"
)
GLUE_CHAR = rf"[^\W{_UNSPACED}]"  # for regular expressions: a word character that continues a number's token
_GLUE = re.compile(GLUE_CHAR)


def glues(ch: str) -> bool:
    """Does the character, right before or after a number, make the number part of a longer token?"""
    return _GLUE.match(ch) is not None


def luhn_ok(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


_MAESTRO_PREFIXES = frozenset({5018, 5020, 5038, 5893, 6304, 6759, 6761, 6762, 6763})


def card_network(digits: str) -> str | None:
    """The card network of a digit string with a valid prefix and length for it, else None."""
    n = len(digits)
    if n < 13 or n > 19:
        return None
    p2, p3, p4 = int(digits[:2]), int(digits[:3]), int(digits[:4])
    if digits[0] == "4":
        return "visa" if n in (13, 16, 19) else None
    if 51 <= p2 <= 55 or 2221 <= p4 <= 2720:
        return "mastercard" if n == 16 else None
    if p2 in (34, 37):
        return "amex" if n == 15 else None
    if p4 == 6011 or 644 <= p3 <= 649 or p2 == 65:
        return "discover" if 16 <= n <= 19 else None
    if 3528 <= p4 <= 3589:
        return "jcb" if 16 <= n <= 19 else None
    if 300 <= p3 <= 305 or p2 in (36, 38):
        return "diners" if 14 <= n <= 19 else None
    if p2 == 62:
        return "unionpay" if 16 <= n <= 19 else None
    if p4 in _MAESTRO_PREFIXES:
        return "maestro" if 13 <= n <= 19 else None
    if 2200 <= p4 <= 2204:
        return "mir" if 16 <= n <= 19 else None
    return None


def is_valid_card(value: str, *, named: bool = False) -> bool:
    """A real network prefix, a valid length for that network and Luhn. Separators: spaces (one or two, as
    receipts print them: "3401  228972  89634") or single hyphens, or only points ("2200.3096.8979.4989", as some
    countries' forms print it), the first group of four digits (or 6 + 13).
    ``named``: a card label names the number ("card": "3717 6664 7229 6454"), so any 13 to 19 digits that pass
    Luhn will do: networks we do not list (RuPay, Verve, Elo, Troy, Humo, ...) and lengths we do not expect are
    cards all the same."""
    if not re.fullmatch(r"\d+(?:(?: {1,2}|-)\d+)*|\d+(?:\.\d+)+", value.strip()):
        return False
    groups = re.split(r" {1,2}|-|\.", value.strip())
    if len(groups) > 1 and len(groups[0]) != 4 and [len(g) for g in groups] != [6, 13]:
        # cards are printed from a group of four (4-4-4-4, 4-6-5), or a 19-digit card as its issuer's six digits
        # and the rest ("620640 3991365981687"): "380-4890251-7642113" is an order
        return False
    digits = digits_of(value)
    if named:
        return 13 <= len(digits) <= 19 and luhn_ok(digits)
    return card_network(digits) is not None and luhn_ok(digits)


# What parts an SSN's three groups: a hyphen, a dot or a space, or the hyphen as forms and word processors print it
# (an en or em dash, a minus sign), a slash ("019/63/8978"), a dash with a space each side ("035 - 01 - 4320")
DASHES = "\u2012\u2013\u2014\u2015\u2212"
SSN_SEPARATOR = rf"(?:[-. /{DASHES}]|\s[-{DASHES}]\s)"
# An SSN's shape: three groups parted by the same separator (a named group: it may sit inside other patterns)
SSN_SHAPE = rf"\d{{3}}(?P<ssn_sep>{SSN_SEPARATOR})\d{{2}}(?P=ssn_sep)\d{{4}}"
_SSN_FORM = re.compile(SSN_SHAPE)


def is_valid_ssn(value: str, *, bare_allowed: bool = False) -> bool:
    """123-45-6789, 123 45 6789, 123.45.6789 and the other separators of ``SSN_SEPARATOR`` (bare 123456789 only when
    ``bare_allowed``) with a valid area, group and serial."""
    value = value.strip()
    if _SSN_FORM.fullmatch(value):
        digits = digits_of(value)
    elif bare_allowed and re.fullmatch(r"\d{9}", value):
        digits = value
    else:
        return False
    area, group, serial = int(digits[:3]), digits[3:5], digits[5:]
    return area != 0 and area != 666 and area < 900 and group != "00" and serial != "0000"


# Country code -> IBAN length (SWIFT IBAN registry).
IBAN_LENGTHS: dict[str, int] = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BI": 27,
    "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27, "DK": 18, "DO": 28,
    "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
    "GL": 18, "GR": 27, "GT": 28, "HN": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
    "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21,
    "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28,
    "NL": 18, "NO": 15, "OM": 23, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22,
    "RU": 33, "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25,
    "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
}  # fmt: skip


def is_valid_iban(value: str) -> bool:
    """Known country, the country's length, and the mod-97 check (spaces/hyphens between groups allowed)."""
    compact = re.sub(r"[ -]", "", value.strip())
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]+", compact):
        return False
    if IBAN_LENGTHS.get(compact[:2]) != len(compact):
        return False
    rearranged = compact[4:] + compact[:4]
    return int("".join(str(int(ch, 36)) for ch in rearranged)) % 97 == 1


_IBAN_START = re.compile(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}")


def iban_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every IBAN in ``text`` read to its country's length: compact or in groups with single
    spaces or hyphens, ending where no letter or digit follows, and passing ``is_valid_iban``."""
    spans = []
    for m in _IBAN_START.finditer(text):
        length = IBAN_LENGTHS.get(m.group()[:2])
        if length is None:
            continue
        count, i = 4, m.end()
        while count < length and i < len(text):
            if text[i] in " -" and i + 1 < len(text) and text[i + 1].isalnum() and text[i - 1].isalnum():
                i += 1
                continue
            if not (text[i].isascii() and text[i].isalnum()):
                break
            count, i = count + 1, i + 1
        if count == length and not (i < len(text) and text[i].isalnum()) and is_valid_iban(text[m.start() : i]):
            spans.append((m.start(), i))
    return spans


# ---- emails ------------------------------------------------------------------------------------------------------

# Reserved for examples and tests (RFC 2606, RFC 6761): in no public list, yet addresses at them are addresses
# (staging and test data hold real people's records: docs/scoring.md, PII detection).
_RESERVED_TLDS = frozenset({"example", "test", "invalid", "localhost"})
# An image asset's scale suffix: "logo@2x.png", "hero@1.5x.jpg" (the "domain" is the scale and the extension)
_ASSET_DOMAIN = re.compile(r"\d{1,2}(?:[.,]\d{1,2})?x\.[a-z0-9]{2,5}", re.IGNORECASE)


@functools.cache
def public_tlds() -> frozenset[str]:
    """The top-level domains of the public suffix list snapshot that tldextract ships (ICANN section), in
    Unicode and in punycode. Read from the installed package, never fetched: no URLs, no disk cache."""
    import tldextract

    extractor = tldextract.TLDExtract(cache_dir=None, suffix_list_urls=(), fallback_to_snapshot=True)
    tlds = set()
    for suffix in extractor.tlds:
        tld = suffix.rsplit(".", 1)[-1].lower()
        tlds.add(tld)
        if not tld.isascii():
            try:
                tlds.add(tld.encode("idna").decode("ascii"))
            except UnicodeError:
                pass
    return frozenset(tlds)


def is_masked_email(value: str) -> bool:
    """A masked address (``j***@gmail.com``, ``****@outlook.com``): its local part holds an asterisk. The
    standard allows one, but mailbox providers do not hand such addresses out, and masking writes them; a masked
    address reveals nothing."""
    return "*" in value.rpartition("@")[0]


def is_valid_email(value: str) -> bool:
    """An address whose top-level domain exists (the public suffix list, or a reserved example/test name), that
    is no image asset name with a scale suffix (``icon@2x.png``; even ``logo@2x.zip``, though .zip is a TLD) and
    is not masked (``is_masked_email``). The address's shape is the recognizer's pattern."""
    if is_masked_email(value):
        return False
    domain = value.rsplit("@", 1)[-1].lower().rstrip(".")
    if _ASSET_DOMAIN.fullmatch(domain):
        return False
    tld = domain.rsplit(".", 1)[-1]
    return tld in _RESERVED_TLDS or tld in public_tlds()
