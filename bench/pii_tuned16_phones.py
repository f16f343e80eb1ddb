"""Phone numbers for PII tuned part 16 (bench/make_pii_tuned16.py): the regions it covers, with their continent
and the languages its replies are written in, and numbers drawn from each region's own numbering plan (the plan as
the ``phonenumbers`` package's metadata holds it), written in the ways people write them there."""

from __future__ import annotations

import random

import phonenumbers
from phonenumbers import PhoneNumberFormat, PhoneNumberType

# region -> (continent, languages the replies about it are written in)
REGIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "US": ("americas", ("en", "es")), "CA": ("americas", ("en", "fr")), "MX": ("americas", ("es",)),
    "BR": ("americas", ("pt",)), "AR": ("americas", ("es",)), "CO": ("americas", ("es",)),
    "CL": ("americas", ("es",)), "PE": ("americas", ("es",)), "JM": ("americas", ("en",)),
    "GT": ("americas", ("es",)), "UY": ("americas", ("es",)), "EC": ("americas", ("es",)),
    "CR": ("americas", ("es",)), "DO": ("americas", ("es",)), "TT": ("americas", ("en",)),
    "GB": ("europe", ("en",)), "IE": ("europe", ("ga", "en")), "DE": ("europe", ("de",)),
    "AT": ("europe", ("de",)), "CH": ("europe", ("de", "fr", "it")), "FR": ("europe", ("fr",)),
    "BE": ("europe", ("nl", "fr")), "NL": ("europe", ("nl",)), "ES": ("europe", ("es", "ca")),
    "PT": ("europe", ("pt",)), "IT": ("europe", ("it",)), "PL": ("europe", ("pl",)), "CZ": ("europe", ("cs",)),
    "SK": ("europe", ("sk",)), "HU": ("europe", ("hu",)), "RO": ("europe", ("ro",)), "BG": ("europe", ("bg",)),
    "GR": ("europe", ("el",)), "HR": ("europe", ("hr",)), "SI": ("europe", ("sl",)), "RS": ("europe", ("sr",)),
    "UA": ("europe", ("uk",)), "LT": ("europe", ("lt",)), "LV": ("europe", ("lv",)), "EE": ("europe", ("et",)),
    "FI": ("europe", ("fi",)), "SE": ("europe", ("sv",)), "NO": ("europe", ("nb",)), "DK": ("europe", ("da",)),
    "IS": ("europe", ("is",)), "MT": ("europe", ("mt", "en")), "AL": ("europe", ("sq",)), "TR": ("europe", ("tr",)),
    "IN": ("asia", ("hi", "en")), "PK": ("asia", ("ur",)), "BD": ("asia", ("bn",)), "LK": ("asia", ("ta",)),
    "NP": ("asia", ("ne",)), "JP": ("asia", ("ja",)), "KR": ("asia", ("ko",)), "CN": ("asia", ("zh",)),
    "TW": ("asia", ("zh",)), "HK": ("asia", ("zh", "en")), "SG": ("asia", ("en", "ms")), "MY": ("asia", ("ms",)),
    "ID": ("asia", ("id",)), "TH": ("asia", ("th",)), "VN": ("asia", ("vi",)), "PH": ("asia", ("tl", "en")),
    "IL": ("asia", ("he",)), "SA": ("asia", ("ar",)), "AE": ("asia", ("ar", "en")), "GE": ("asia", ("ka",)),
    "AM": ("asia", ("hy",)), "IR": ("asia", ("fa",)), "MN": ("asia", ("mn",)), "KZ": ("asia", ("ru",)),
    "EG": ("africa", ("ar",)), "MA": ("africa", ("fr", "ar")), "NG": ("africa", ("en",)), "GH": ("africa", ("en",)),
    "KE": ("africa", ("sw", "en")), "TZ": ("africa", ("sw",)), "ZA": ("africa", ("af", "en")),
    "ET": ("africa", ("am",)), "SN": ("africa", ("fr",)), "UG": ("africa", ("en",)), "RW": ("africa", ("en",)),
    "AU": ("oceania", ("en",)), "NZ": ("oceania", ("en",)), "FJ": ("oceania", ("en",)), "PG": ("oceania", ("en",)),
    "WS": ("oceania", ("en",)),
}  # fmt: skip


def phone_is_valid(value: str, region: str) -> bool:
    """Whether ``value``, exactly as written, is a valid number of ``region`` (dialled there or with its code)."""
    try:
        number = phonenumbers.parse(value, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number_for_region(number, region)


def _national_number(rng: random.Random, region: str) -> phonenumbers.PhoneNumber:
    kinds = [PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE]
    for _ in range(400):
        kind = rng.choice(kinds)
        example = phonenumbers.example_number_for_type(region, kind)
        if example is None:
            continue
        digits = str(example.national_number)
        keep = rng.choice([2, 3, 3, 4]) if len(digits) > 7 else 2
        candidate = digits[:keep] + "".join(rng.choice("0123456789") for _ in range(len(digits) - keep))
        if candidate == digits:
            continue
        number = phonenumbers.PhoneNumber(country_code=example.country_code, national_number=int(candidate))
        if example.italian_leading_zero:
            number.italian_leading_zero = True
        if phonenumbers.is_valid_number_for_region(number, region):
            return number
    raise ValueError(region)


def phone_value(rng: random.Random, region: str) -> str:
    """A fresh number of ``region`` written in one of the ways it is written in practice."""
    number = _national_number(rng, region)
    national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    international = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    e164 = phonenumbers.format_number(number, PhoneNumberFormat.E164)
    cc = str(number.country_code)
    rest = international.removeprefix("+" + cc).strip()
    styles = [
        national,
        national,
        international,
        international,
        e164,
        "00" + cc + " " + rest,
        "+" + cc + " " + rest.replace(" ", "-"),
        "+" + cc + " (0) " + rest if region in ("DE", "AT", "CH", "GB", "NL", "BE") else international,
        national.replace(" ", ".") if national.replace(" ", "").isdigit() else national,
        "+" + cc + "-" + rest.replace(" ", "-"),
        "(+" + cc + ") " + rest,
    ]
    for _ in range(len(styles)):
        value = rng.choice(styles)
        if phone_is_valid(value, region):
            return value
    return international
