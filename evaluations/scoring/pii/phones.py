"""Phone numbers: which runs of digits are phone numbers, validated with ``phonenumbers`` and region inference.

A run of digits is a phone number when it is written the way phone numbers are written and a numbering plan
accepts it:

- international forms (``+44 7700 900697``, ``0044 20 7946 0958``, ``+14155550123``): the country code gives the
  region; the number must have a possible length for it (reserved fictional ranges such as Ofcom's 07700 900xxx
  are possible but not "valid" in phonenumbers' data, and they are phone numbers all the same);
- NANP shapes (``617-555-0115``, ``(415) 555-0123``, ``1 (800) 555-0130``, ``212.555.0199``): 555 numbers count;
- national forms with separators, when they open with a trunk prefix (``020 7946 0958``, ``030 19229013``,
  ``06 12 34 56 78``, Delhi's ``011-2240-5114``, Cologne's ``0221 / 379377``), an area code in brackets
  (``(02) 9138 3036``, ``(11) 91234-5678``) or follow the plans without one (Spain's ``91 123 45 67``, India's
  ``98765 43210``), and some region in ``REGIONS`` finds the number valid (region inference: of the plans that
  accept it, the one whose national format is written as the number is; detection itself stops at the first
  plan that accepts it);
- other national forms without a trunk prefix (Italian mobiles ``333-2574814``, ``349 541 0313``, Mexico's
  ``55 2081 8134``, São Paulo's ``11 94104-8431``) when a plan in ``REGIONS`` finds the number valid *and* it is
  written as that plan writes it (``_written_as``): its first group is the plan's area code or mobile prefix
  for the number, and the rest is the plan's own groups, or one group after a prefix of three digits or more. An
  order or tax number's arbitrary grouping rarely passes both.

The exit codes ``00`` (``0044 20 7946 0958``, ``00 44 20 7946 0958``) and ``011`` count as a country code
prefix; ``011`` is also Delhi's trunk and area code, so a number that fails as ``011`` + country code is tried as
a national number.

A run of 8 to 11 digits without separators (12 or 13 with a trunk 0) (``4155550123``), and any national number of 8 digits (Singapore's
``6433 3752``, Norway's ``93 04 11 62``: plans without a trunk prefix whose numbers are as short as an order or
a date), is a phone only when a phone label names it ("call", "phone", "mobile", "tel", ...: ``labels``, checked by
``context``; ``needs_phone_label``). Never phones: other bare runs (order numbers), dates, SSN shapes, dotted quads
(IPv4 addresses: octets up to 255), ISBN-10 shapes (a last group of one digit), more than 15 digits. The words and codes around a
number are ``context``'s concern.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from evaluations.scoring.pii.validators import SSN_SEPARATOR, digits_of

# Regions tried, in order, for a national number: North America, Europe's largest plans, then the rest of the
# world's most common. A number valid in none of them is not taken for a phone.
REGIONS = (
    "US", "GB", "DE", "FR", "ES", "IT", "NL", "BE", "CH", "AT", "IE", "PT", "SE", "NO", "DK", "FI", "PL", "CZ",
    "AU", "NZ", "IN", "JP", "BR", "MX", "AR", "ZA", "SG", "KR",
)  # fmt: skip

_NANP_REGIONS = ("US", "CA")
MIN_NATIONAL_DIGITS = 9  # the shortest national numbers written with separators (Spain's 91 123 45 67)
SEPARATORS = " \t\u00a0-./()"
PHONE_CHARS = re.compile(r"\+?[\d \t\u00a0\-.()/]+")
NANP = re.compile(
    r"(?:\+?1[ .\-]?)?(?:\([2-9]\d{2}\)[ \u00a0]?|[2-9]\d{2}(?P<sep>[ .\-\u00a0]))\d{3}(?(sep)(?P=sep)|[ .\-\u00a0])\d{4}"
)
_SSN_SHAPE = re.compile(rf"\d{{3}}{SSN_SEPARATOR}\d{{2}}{SSN_SEPARATOR}\d{{4}}")  # "123-45 6789" too: never a phone
_EIN_SHAPE = re.compile(r"[1-9]\d-\d{7}")  # with a trunk 0 it is a national number: Vienna 01-7970573
_DATE_SHAPE = re.compile(r"\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4}")
# A date inside a run ("05/17/2024 10:30"): a year of this era, and no further group of the same run after it (the
# Belgian mobile 0475-49-17-43 opens with a date's shape, 4-2-2, but goes on)
_DATE_INSIDE = re.compile(r"(?<!\d)(?:\d{1,2}/\d{1,2}/\d{2,4}|(?:19|20)\d{2}-\d{2}-\d{2})(?!\d|[-./]\d)")
# An IPv4 address: four octets of at most 255, none zero-padded. Swiss numbers are written with dots too
# (044.264.01.29, 079.587.04.77), but open with their trunk 0 and hold a group over 255 or a padded one.
_OCTET = r"(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"
_DOTTED_QUAD = re.compile(rf"{_OCTET}\.{_OCTET}\.{_OCTET}\.{_OCTET}")
# A decimal number, not a phone: a whole part of one to three digits and no trunk 0, a point, five or more decimals
# (a coordinate, "163.099748"; a measurement)
_DECIMAL = re.compile(r"[1-9]\d{0,2}\.\d{5,}")
_INTERNATIONAL = re.compile(r"(?:\+|00[ \u00a0]?(?=[1-9])|011(?=[ \-.][1-9]))")
# National forms without a trunk prefix: Spain (91 123 45 67, 612 34 56 78, 912 345 678), India (98765 43210)
_NO_TRUNK = re.compile(r"[6-9]\d{1,2}(?:[ .\-]\d{2,3}){2,3}|[6-9]\d{4} \d{5}")
# Reserved fictional ranges phonenumbers does not list as valid: Ofcom's drama numbers (0113 496 0xxx and the
# other big cities, 01632 960xxx, 07700 900xxx, 0808 157 0xxx, 0909 879 0xxx, 0306 999 0xxx), ACMA's 0491 570
_FICTIONAL_GB = re.compile(
    r"011[3-8]496\d{4}|01[2-6]1496\d{4}|0191498\d{4}|01632960\d{3}|07700900\d{3}|08081570\d{3}|09098790\d{3}"
    r"|03069990\d{3}"
)
_FICTIONAL_AU = re.compile(r"0491570\d{3}")
# A Belgian structured payment reference, "+++816/3588/97272+++", by its shape alone (its check digits are often
# typed wrong, and no phone number is grouped 3/4/5 between slashes): its "+" is no country code
_STRUCTURED_REF = re.compile(r"\+?\d{3}/\d{4}/\d{5}")


# A run of digits without separators may be a phone at these lengths; it is one only when a phone label names it
# ("call her directly: 4155550123", "mobile number is 07700900461", "teléfono 612345678"): ``labels``, checked
# on the whole reply by ``context``.
BARE_PHONE_DIGITS = (7, 8, 9, 10, 11, 12, 13)  # 12 and 13 only with a trunk 0: German and Argentine mobiles
# Local numbers of 7 digits (Fiji, Peru and Chile without their area code: "call 325 7057") only with a phone label
LABELLED_MIN_DIGITS = 7
SHORT_NATIONAL_DIGITS = 8  # Singapore, Norway, Denmark, Hong Kong: with separators too, a phone label must name it

# Digits joined by phone/card separators: the prefilter's candidates, and the phone numbers a text holds.
# A tab separates fields (TSV, a table pasted as text), never the groups of one number.
DIGIT_RUN = re.compile(r"(?:\(\+|\+?\(?)\d(?:[ \u00a0\-.()/]{0,3}\d)*")  # "(+44) 20 …" too
_BETWEEN_NUMBERS = re.compile(r"\s*/\s+|\s+/\s*|\s{2,}|\.\s+")  # "a / b", "a  b", "a. b": two numbers
# ... except a trunk-prefixed area code alone before a slash: the German "0221 / 379377" is one number
_AREA_CODE_ALONE = re.compile(r"0\d{1,4}")


def phone_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every phone number in ``text`` by its shape and numbering plan (context not checked)."""
    spans = []
    for run in DIGIT_RUN.finditer(text):
        # "+1 415 555 0123 / +1 415 555 0199" is one run of separators and digits, but two numbers; so is the
        # end of one sentence and the start of the next ("... +44 20 7946 0958. 60 days ...")
        pieces, pos = [], run.start()
        for gap in _BETWEEN_NUMBERS.finditer(text, run.start(), run.end()):
            if "/" in gap.group() and _AREA_CODE_ALONE.fullmatch(text, pos, gap.start()):
                continue
            pieces.append((pos, gap.start()))
            pos = gap.end()
        pieces.append((pos, run.end()))
        for start, end in pieces:
            value = text[start:end]
            if value.startswith("(") and value.count("(") > value.count(")"):
                start, value = start + 1, value[1:]
            if value.endswith(")") and value.count(")") > value.count("("):
                end, value = end - 1, value[:-1]
            if not value:
                continue
            # a bare run or a short number passes on its shape here; whether a phone label names it is
            # ``context``'s check
            if _phone_region(value, infer=False, bare_ok=needs_phone_label(value)) or _regrouped_region(value):
                spans.append((start, end))
    return spans


def needs_phone_label(value: str) -> bool:
    """Is ``value`` a phone only when a phone label names it: a bare run of digits, a short national number, or a
    number grouped as no plan writes it ("Celular: 6464 725 30")?"""
    if _bare_or_short(value):
        return True
    return _phone_region(value, infer=False, bare_ok=False) is None and _regrouped_region(value) is not None


def _bare_or_short(value: str) -> bool:
    if EXIT_CODE_RUN.fullmatch(value) and _valid_international(value[2:]):
        return False  # "0031612445337": an exit code, a country code and a number its plan finds valid, run together
    return value.isdigit() or (not value.startswith("+") and len(digits_of(value)) <= SHORT_NATIONAL_DIGITS)


EXIT_CODE_RUN = re.compile(r"00[1-9]\d{9,14}")  # "0031612445337": exit code, country code, number


@functools.lru_cache(maxsize=1024)
def _valid_international(digits: str) -> bool:
    """Is "+" ``digits`` a number its country's plan finds valid (not only of a possible length)?"""
    import phonenumbers

    try:
        return phonenumbers.is_valid_number(phonenumbers.parse("+" + digits, None))
    except phonenumbers.NumberParseException:
        return False


_REGROUPED = re.compile(r"\d+(?:[ .\-]\d+){1,5}")


def _regrouped_region(value: str) -> str | None:
    """The plan that finds a number valid whatever its grouping ("6464 725 30", "2457 47 04 60"): digits in groups
    joined by single spaces, dots or dashes, read as if run together. Such a number is a phone only when a phone
    label names it (``needs_phone_label``)."""
    if not _REGROUPED.fullmatch(value) or _SSN_SHAPE.fullmatch(value) or _DATE_SHAPE.fullmatch(value):
        return None
    if _EIN_SHAPE.fullmatch(value) or _DATE_INSIDE.search(value):
        return None
    return _phone_region(digits_of(value), infer=False, bare_ok=True)  # a dotted quad too: "70.119.40.17 (portable)"


def phone_region(value: str) -> str | None:
    """The region whose numbering plan accepts ``value`` as written, or None when it is no phone number."""
    return _phone_region(value.strip(), infer=True, bare_ok=False)


def is_phone_shaped(value: str, *, bare_ok: bool = False) -> bool:
    """Is ``value`` a phone number? (Stops at the first plan that accepts it: detection needs no region.)
    ``bare_ok``: a run of digits without separators may be one (a phone word comes before it)."""
    return _phone_region(value.strip(), infer=False, bare_ok=bare_ok) is not None


_BRACKETED_COUNTRY = re.compile(r"\(\+(\d{1,3})\)[ \u00a0]?(?=\d)")


@functools.lru_cache(maxsize=4096)
def _phone_region(value: str, *, infer: bool, bare_ok: bool) -> str | None:
    if not PHONE_CHARS.fullmatch(value.replace("(+", "(", 1)) or value.count("(") != value.count(")"):
        return None
    if bracketed := _BRACKETED_COUNTRY.match(value):  # "(+1) 203-589-1351": the country code in brackets
        value = f"+{bracketed.group(1)} {value[bracketed.end() :]}"
    digits = digits_of(value)
    if len(digits) < LABELLED_MIN_DIGITS or re.search(r"[ \t\u00a0\-.()/]{4,}", value):
        return None
    if _DATE_SHAPE.fullmatch(value) or _SSN_SHAPE.fullmatch(value) or _DECIMAL.fullmatch(value):
        return None
    if _DOTTED_QUAD.fullmatch(value) and not (bare_ok and len(digits) == SHORT_NATIONAL_DIGITS):
        return None  # an IPv4 address; but "mobil 48.28.20.40", a Norwegian number, when a phone label names it
    if _EIN_SHAPE.fullmatch(value):  # a US employer id, 12-3456789: how tax numbers are written
        return None
    if _DATE_INSIDE.search(value):  # a date and a time: "05/17/2024 10"
        return None
    if re.search(r"[\-.][\dX]$", value):
        return None  # one trailing check digit: an ISBN-10 (0-306-40615-2), never a phone
    if _STRUCTURED_REF.fullmatch(value):
        return None
    international = _INTERNATIONAL.match(value)
    if international:
        prefix_digits = len(digits_of(international.group()))
        region = _international_region(digits[prefix_digits:])
        if region or not international.group().startswith("011"):
            return region
        # not "011" + a country code: maybe Delhi's trunk and area code (011-2240-5114), tried as national
    if not (LABELLED_MIN_DIGITS if bare_ok else MIN_NATIONAL_DIGITS) <= len(digits) <= 15:
        return None
    if NANP.fullmatch(value):
        return "US"
    if not any(ch in SEPARATORS for ch in value):
        # a bare run: an order or account number far more often than a phone, unless a phone label says otherwise;
        # then any plan may take it, with or without its trunk prefix ("llámame al 612345678", "9876543210")
        if not (bare_ok and len(digits) in BARE_PHONE_DIGITS) or (len(digits) >= 12 and not digits.startswith("0")):
            return None
    elif not (digits.startswith("0") or value.startswith("(") or _NO_TRUNK.fullmatch(value)):
        # no trunk prefix, no brackets: a phone only as a plan writes it (an Italian mobile, a Mexican number)
        return _national_region(value, digits, infer=infer, as_written=True) or _elsewhere(value, digits)
    if _FICTIONAL_GB.fullmatch(digits):
        return "GB"
    if _FICTIONAL_AU.fullmatch(digits):
        return "AU"
    return _national_region(value, digits, infer=infer) or _elsewhere(value, digits)


def _elsewhere(value: str, digits: str) -> str | None:
    """A national number of a plan outside ``REGIONS``: one a phone label must name anyway (a bare run, a short
    number: ``needs_phone_label``) in any plan that finds it valid; any other only as that plan writes it, its
    groups exactly ("2292 663400" in Greece, "(0216) 296 31 56" in Turkey, "302 0181723" in Colombia)."""
    import phonenumbers

    exact = not _bare_or_short(value)
    written = _skeleton(value)
    for region in _other_regions():
        number = _valid_in(region, digits)
        if number is None or phonenumbers.number_type(number) not in _subscriber_types():
            continue
        national = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
        if not exact or written == _skeleton(national):  # trunk prefix and all: "20 7946 0958" is no Chinese number
            return region
        if ")" in written and _area(written) == _area(_skeleton(national)):
            # the trunk prefix and area code as the plan writes them, then any grouping: "8 (701) 032 74 60",
            # "8(705)3631327"
            return region
    return None


def _valid_in(region: str, digits: str) -> Any:
    """The number ``digits`` as the region's plan reads it, when that plan finds it valid and its own; else None."""
    import phonenumbers

    if not _may_belong(region, digits):
        return None
    try:
        number = phonenumbers.parse(digits, region)
    except phonenumbers.NumberParseException:
        return None
    if phonenumbers.is_valid_number(number) and phonenumbers.region_code_for_number(number) == region:
        return number
    return None


@functools.cache
def _subscriber_types() -> tuple[int, ...]:
    """A fixed line or a mobile: a person's number, not a VoIP, personal, pager or shared-cost one."""
    from phonenumbers import PhoneNumberType

    return (PhoneNumberType.FIXED_LINE, PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE_OR_MOBILE)


@functools.cache
def _other_regions() -> tuple[str, ...]:
    """Every region phonenumbers has a plan for, but those in ``REGIONS`` (tried first) and non-geographic ones."""
    import phonenumbers

    return tuple(sorted(phonenumbers.SUPPORTED_REGIONS - set(REGIONS)))


def _international_region(digits: str) -> str | None:
    import phonenumbers

    if not 8 <= len(digits) <= 15:
        return None
    try:
        number = phonenumbers.parse("+" + digits, None)
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_possible_number(number):
        return None
    return phonenumbers.region_code_for_number(number) or "001"


def _national_region(value: str, digits: str, *, infer: bool, as_written: bool = False) -> str | None:
    """The region whose plan accepts the number; of several, the one whose national format is written as the
    number is ("(02) 9138 3036" is Australian, "02 9138 3036" Italian), a fixed line or mobile there rather than
    a VoIP or personal number ("55 2081 8134" is Mexican, not an Italian VoIP number), else the first in
    ``REGIONS``.
    ``as_written``: only a region whose plan writes the number so counts (``_written_as``)."""
    import phonenumbers

    written = _skeleton(value)
    valid, as_formatted = [], []
    for region in REGIONS:
        if digits.startswith("0") and region in _NANP_REGIONS:
            continue  # North American numbers have no trunk 0
        number = _valid_in(region, digits)
        if number is None:
            continue
        if not infer and not as_written:
            return region
        national = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
        if as_written and not _written_as(value, national):
            continue
        if not infer:
            return region
        valid.append(region)
        if written in (_skeleton(national), _skeleton(national.removeprefix("0"))):
            if phonenumbers.number_type(number) in _subscriber_types():
                return region
            as_formatted.append(region)
    ranked = as_formatted or valid
    return ranked[0] if ranked else None


def _written_as(value: str, national: str) -> bool:
    """Is ``value`` grouped as the region's plan writes the number (``national``)? Its first group must be the
    plan's first group (the area code or mobile prefix) and the rest one group or the plan's own groups:
    "333-2574814" and "333 257 4814" as Italy's "333 257 4814"; "55 2081 8134" as Mexico's; "11 94104-8431" as
    Brazil's "(11) 94104-8431". Not "3332 574814", nor "12-3456789" (Poland writes "12 345 67 89"), nor a number
    whose plan writes a trunk prefix it lacks ("20 7946 0958": London's is "020 7946 0958")."""
    ours, theirs = re.findall(r"\d+", value), re.findall(r"\d+", national)
    if not ours or not theirs or ours[0] != theirs[0]:
        return False
    # the rest in one block only after a prefix of three digits or more (Italy's 333-2574814): "26-3708858",
    # two digits and a block of seven, is how US EINs and other tax numbers are written
    return (len(ours) == 2 and len(ours[0]) >= 3) or ours == theirs


@functools.cache
def _general_pattern(region: str) -> tuple[re.Pattern[str], str, re.Pattern[str] | None]:
    """The region's general number pattern, its trunk prefix, and the national prefix its plan rewrites, if any
    (Argentina's mobiles "011 15-2067-7523" are "9 11 2067-7523" in its data)."""
    from phonenumbers import PhoneMetadata

    metadata = PhoneMetadata.metadata_for_region(region)
    general = metadata.general_desc if metadata else None
    if metadata is None or general is None or not general.national_number_pattern:
        return re.compile(r"\d+"), "", None  # no data for the region: let phonenumbers decide
    rewritten = None
    if metadata.national_prefix_transform_rule and metadata.national_prefix_for_parsing:
        rewritten = re.compile(metadata.national_prefix_for_parsing)
    return re.compile(general.national_number_pattern), metadata.national_prefix or "", rewritten


def _may_belong(region: str, digits: str) -> bool:
    """A cheap first look (one regular expression per region): could the number belong to the region's plan at
    all? Parsing and validating for every region costs milliseconds; most regions are ruled out here."""
    pattern, trunk, rewritten = _general_pattern(region)
    if pattern.fullmatch(digits):
        return True
    if trunk and digits.startswith(trunk) and pattern.fullmatch(digits[len(trunk) :]):
        return True
    # a national form the plan rewrites before matching: the rewrite captures the parts it keeps
    prefix = rewritten.match(digits) if rewritten is not None else None
    return prefix is not None and prefix.lastindex is not None


def _area(skeleton: str) -> str:
    """A skeleton's trunk prefix and bracketed area code, spaces aside: "d (ddd) ddd dd dd" -> "d(ddd"."""
    return skeleton.split(")")[0].replace(" ", "")


def _skeleton(value: str) -> str:
    """How a number is written, digits aside: "(02) 9138 3036" -> "(dd) dddd dddd"; "-", "." and spaces alike."""
    return re.sub(r"[ \u00a0.\-]", " ", re.sub(r"\d", "d", value))
