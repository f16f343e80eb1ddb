"""Phone numbers for PII tuned part 9 (bench/make_pii_tuned9.py): drawn per region from the ``phonenumbers``
metadata (a mobile or a fixed line, never a toll-free, premium, shared-cost or company number), then written the way
people in that region write them. A number is kept only when ``phone_is_valid`` accepts the exact written form for
its region."""

from __future__ import annotations

import random

import phonenumbers
from phonenumbers import PhoneNumberFormat, PhoneNumberType

PERSONAL_TYPES = (PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE, PhoneNumberType.FIXED_LINE_OR_MOBILE)

# region -> continent; every region gets phones in prose, in documents and next to ids
REGIONS = {
    "US": "north-america", "CA": "north-america", "MX": "north-america", "JM": "north-america", "GT": "north-america",
    "CR": "north-america", "DO": "north-america",
    "BR": "south-america", "AR": "south-america", "CO": "south-america", "CL": "south-america", "PE": "south-america",
    "UY": "south-america",
    "GB": "europe", "IE": "europe", "DE": "europe", "AT": "europe", "CH": "europe", "FR": "europe", "BE": "europe",
    "NL": "europe", "ES": "europe", "PT": "europe", "IT": "europe", "PL": "europe", "SE": "europe", "FI": "europe",
    "CZ": "europe", "RO": "europe", "HU": "europe", "GR": "europe", "UA": "europe", "RU": "europe", "TR": "europe",
    "IN": "asia", "JP": "asia", "CN": "asia", "TW": "asia", "HK": "asia", "KR": "asia", "ID": "asia", "VN": "asia",
    "TH": "asia", "PH": "asia", "SG": "asia", "MY": "asia", "SA": "asia", "AE": "asia", "IL": "asia", "PK": "asia",
    "NG": "africa", "KE": "africa", "TZ": "africa", "ZA": "africa", "EG": "africa", "MA": "africa", "GH": "africa",
    "SN": "africa",
    "AU": "oceania", "NZ": "oceania", "FJ": "oceania",
}  # fmt: skip


def phone_is_valid(text: str, region: str) -> bool:
    """Whether ``text``, exactly as written, is a valid number of ``region`` by the ``phonenumbers`` metadata."""
    try:
        number = phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number(number) and phonenumbers.is_valid_number_for_region(number, region)


def draw(rng: random.Random, region: str, kind: str = "mobile") -> phonenumbers.PhoneNumber:
    """A random valid personal number of ``region``: the metadata's example number with its tail redrawn."""
    wanted = PhoneNumberType.MOBILE if kind == "mobile" else PhoneNumberType.FIXED_LINE
    example = phonenumbers.example_number_for_type(region, wanted) or phonenumbers.example_number_for_type(
        region, PhoneNumberType.FIXED_LINE
    )
    assert example is not None, region
    national = str(example.national_number)
    for keep in (2, 3, 4, len(national) - 4):
        keep = max(1, min(keep, len(national) - 1))
        for _ in range(60):
            digits = national[:keep] + "".join(rng.choice("0123456789") for _ in range(len(national) - keep))
            number = phonenumbers.PhoneNumber(country_code=example.country_code, national_number=int(digits))
            if example.italian_leading_zero:
                number.italian_leading_zero = True
            if (
                phonenumbers.is_valid_number_for_region(number, region)
                and phonenumbers.number_type(number) in PERSONAL_TYPES
            ):
                return number
    return example


def written_forms(number: phonenumbers.PhoneNumber, region: str) -> dict[str, str]:
    """The ways the number is written: international, national, E.164 and the local habits (dots, dashes, 00, run
    together); only forms valid for ``region`` as written are returned."""
    intl = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    natl = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    e164 = phonenumbers.format_number(number, PhoneNumberFormat.E164)
    cc = str(number.country_code)
    rest = intl[len(cc) + 2 :]
    forms = {
        "international": intl,
        "national": natl,
        "e164": e164,
        "intl-dashes": "+" + cc + "-" + rest.replace(" ", "-"),
        "double-zero": "00" + cc + " " + rest,
        "national-compact": "".join(ch for ch in natl if ch.isdigit()),
        "intl-spaced": "+" + cc + " " + rest.replace("-", " "),
    }
    if cc == "1":
        n = str(number.national_number)
        forms.update(
            {
                "nanp-1-dashes": f"1-{n[:3]}-{n[3:6]}-{n[6:]}",
                "nanp-plus-paren": f"+1 ({n[:3]}) {n[3:6]}-{n[6:]}",
                "nanp-dots": f"{n[:3]}.{n[3:6]}.{n[6:]}",
                "nanp-tight-paren": f"({n[:3]}){n[3:6]}-{n[6:]}",
            }
        )
    if region in ("FR", "BE", "CH", "MA", "SN", "IT", "DE", "AT", "PT", "PL", "RO"):  # dots are a local habit there
        forms["national-dots"] = natl.replace(" ", ".").replace("-", ".")
    if region in ("GB", "IE", "DE", "AT", "CH", "IT", "NL", "BE") and natl.startswith("0"):
        forms["intl-paren-zero"] = "+" + cc + " (0)" + natl[1:]
    return {name: text for name, text in forms.items() if phone_is_valid(text, region)}


def forms_of(rng: random.Random, region: str, kind: str = "mobile") -> dict[str, str]:
    """One new number of ``region`` in every form it is validly written in."""
    return written_forms(draw(rng, region, kind), region)


def phone(rng: random.Random, region: str, style: str | None = None, kind: str | None = None) -> str:
    """A number of ``region`` written in ``style`` (or a style picked at random among the valid ones)."""
    number = draw(rng, region, kind or rng.choice(["mobile", "mobile", "fixed"]))
    forms = written_forms(number, region)
    if style in forms:
        return forms[str(style)]
    names = sorted(forms)
    weights = [4 if name in ("international", "national") else 1 for name in names]
    text = forms[rng.choices(names, weights)[0]]
    assert phone_is_valid(text, region), (text, region)
    return text
