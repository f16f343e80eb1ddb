"""Phone numbers for the held-out part (bench/make_pii_tuned18.py): the regions it covers, numbers drawn at random
within each region's numbering plan (checked by ``phonenumbers``) and written the way people in that region write
them, and the check that a written number is valid for its region exactly as written."""

from __future__ import annotations

import random

import phonenumbers
from phonenumbers import PhoneNumberFormat, PhoneNumberType

# region -> (continent, language of the replies about it)
REGIONS: dict[str, tuple[str, str]] = {
    "US": ("americas", "en"), "CA": ("americas", "fr"), "MX": ("americas", "es"), "BR": ("americas", "pt"),
    "AR": ("americas", "es"), "CO": ("americas", "es"), "CL": ("americas", "es"), "PE": ("americas", "es"),
    "JM": ("americas", "en"), "GT": ("americas", "es"), "UY": ("americas", "es"), "EC": ("americas", "es"),
    "CR": ("americas", "es"), "DO": ("americas", "es"), "PY": ("americas", "es"), "BO": ("americas", "es"),
    "GB": ("europe", "en"), "IE": ("europe", "ga"), "DE": ("europe", "de"), "AT": ("europe", "de"),
    "CH": ("europe", "it"), "FR": ("europe", "fr"), "BE": ("europe", "nl"), "NL": ("europe", "nl"),
    "ES": ("europe", "ca"), "PT": ("europe", "pt"), "IT": ("europe", "it"), "PL": ("europe", "pl"),
    "CZ": ("europe", "cs"), "SK": ("europe", "sk"), "HU": ("europe", "hu"), "RO": ("europe", "ro"),
    "BG": ("europe", "bg"), "GR": ("europe", "el"), "HR": ("europe", "hr"), "SI": ("europe", "sl"),
    "RS": ("europe", "sr"), "UA": ("europe", "uk"), "LT": ("europe", "lt"), "LV": ("europe", "lv"),
    "EE": ("europe", "et"), "FI": ("europe", "fi"), "SE": ("europe", "sv"), "NO": ("europe", "nb"),
    "DK": ("europe", "da"), "IS": ("europe", "is"), "MT": ("europe", "mt"), "AL": ("europe", "sq"),
    "LU": ("europe", "fr"), "TR": ("asia", "tr"), "IN": ("asia", "hi"), "PK": ("asia", "ur"),
    "BD": ("asia", "bn"), "LK": ("asia", "ta"), "NP": ("asia", "ne"), "JP": ("asia", "ja"), "KR": ("asia", "ko"),
    "CN": ("asia", "zh"), "TW": ("asia", "zh"), "HK": ("asia", "en"), "SG": ("asia", "en"), "MY": ("asia", "ms"),
    "ID": ("asia", "id"), "TH": ("asia", "th"), "VN": ("asia", "vi"), "PH": ("asia", "tl"), "IL": ("asia", "he"),
    "SA": ("asia", "ar"), "AE": ("asia", "ar"), "GE": ("asia", "ka"), "AM": ("asia", "hy"), "IR": ("asia", "fa"),
    "MN": ("asia", "mn"), "KZ": ("asia", "ru"), "EG": ("africa", "ar"), "MA": ("africa", "fr"),
    "NG": ("africa", "en"), "GH": ("africa", "en"), "KE": ("africa", "sw"), "TZ": ("africa", "sw"),
    "ZA": ("africa", "af"), "ET": ("africa", "am"), "SN": ("africa", "fr"), "UG": ("africa", "en"),
    "RW": ("africa", "en"), "TN": ("africa", "ar"), "AU": ("oceania", "en"), "NZ": ("oceania", "en"),
    "FJ": ("oceania", "en"), "PG": ("oceania", "en"), "WS": ("oceania", "en"), "TO": ("oceania", "en"),
}  # fmt: skip

KINDS = (PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE, PhoneNumberType.FIXED_LINE_OR_MOBILE)


def phone_is_valid(value: str, region: str) -> bool:
    """Whether ``value``, as written, is a valid number of ``region`` (national forms read as that region's)."""
    try:
        number = phonenumbers.parse(value, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number_for_region(number, region)


def _random_number(rng: random.Random, region: str) -> phonenumbers.PhoneNumber:
    """A valid number of ``region``: an example number's leading digits kept short, the rest drawn at random."""
    examples = []
    for kind in KINDS:
        example = phonenumbers.example_number_for_type(region, kind)
        if example is not None:
            examples.append(example)
    code = phonenumbers.country_code_for_region(region)
    for attempt in range(4000):
        example = rng.choice(examples)
        national = str(example.national_number)
        keep = (1 if region == "US" else 3) if code == 1 else (1 if attempt < 1500 else 2)
        digits = national[:keep] + "".join(rng.choice("0123456789") for _ in range(len(national) - keep))
        if digits == national:
            continue
        number = phonenumbers.PhoneNumber(country_code=code, national_number=int(digits))
        if example.italian_leading_zero and digits.startswith("0"):
            number.italian_leading_zero = True
        if phonenumbers.is_valid_number_for_region(number, region):
            return number
    raise AssertionError(region)


def _restyle(rng: random.Random, text: str) -> str:
    """Spaces turned into dashes or dots, or dropped, now and then."""
    roll = rng.random()
    if roll < 0.12:
        return text.replace(" ", "-")
    if roll < 0.2:
        return text.replace(" ", ".")
    if roll < 0.26:
        return text.replace(" ", "")
    return text


def phone(rng: random.Random, region: str) -> str:
    """A number of ``region`` written in one of the ways it is written: national, international, E.164, 00-prefix."""
    number = _random_number(rng, region)
    for _ in range(20):
        roll = rng.random()
        if roll < 0.4:
            text = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
            text = text if "(" in text else _restyle(rng, text)
        elif roll < 0.8:
            text = _restyle(rng, phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL))
        elif roll < 0.9:
            text = phonenumbers.format_number(number, PhoneNumberFormat.E164)
        else:
            text = "00" + phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)[1:]
        if phone_is_valid(text, region) and text.strip() == text:
            return text
    return phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
