"""Phone numbers for the held-out part: the regions it covers (with their continent and the language its replies are
written in) and numbers drawn at random in each region's ranges, kept only when ``phonenumbers`` calls them valid
for that region exactly as they are written."""

from __future__ import annotations

import random

import phonenumbers
from phonenumbers import NumberFormat, PhoneNumberFormat, PhoneNumberType

# region -> (continent, language of the replies that quote its numbers)
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
    "TR": ("asia", "tr"), "IN": ("asia", "hi"), "PK": ("asia", "ur"), "BD": ("asia", "bn"), "LK": ("asia", "ta"),
    "NP": ("asia", "ne"), "JP": ("asia", "ja"), "KR": ("asia", "ko"), "CN": ("asia", "zh"), "TW": ("asia", "zh"),
    "HK": ("asia", "en"), "SG": ("asia", "en"), "MY": ("asia", "ms"), "ID": ("asia", "id"), "TH": ("asia", "th"),
    "VN": ("asia", "vi"), "PH": ("asia", "tl"), "IL": ("asia", "he"), "SA": ("asia", "ar"), "AE": ("asia", "ar"),
    "GE": ("asia", "ka"), "AM": ("asia", "hy"), "IR": ("asia", "fa"), "MN": ("asia", "mn"), "KZ": ("asia", "ru"),
    "EG": ("africa", "ar"), "MA": ("africa", "fr"), "NG": ("africa", "en"), "GH": ("africa", "en"),
    "KE": ("africa", "sw"), "TZ": ("africa", "sw"), "ZA": ("africa", "af"), "ET": ("africa", "am"),
    "SN": ("africa", "fr"), "UG": ("africa", "en"), "RW": ("africa", "en"), "TN": ("africa", "fr"),
    "AU": ("oceania", "en"), "NZ": ("oceania", "en"), "FJ": ("oceania", "en"), "PG": ("oceania", "en"),
    "WS": ("oceania", "en"), "TO": ("oceania", "en"),
}  # fmt: skip


AREA_CODES = {
    "US": ["212", "305", "312", "404", "415", "503", "602", "617", "702", "713", "720", "808", "907", "917", "971"],
    "CA": ["204", "250", "403", "416", "514", "604", "613", "709", "780", "902"],
    "JM": ["876", "658"],
    "DO": ["809", "829", "849"],
}


def phone_is_valid(value: str, region: str) -> bool:
    """Whether ``value``, exactly as written, is a valid number of ``region``."""
    try:
        number = phonenumbers.parse(value, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number_for_region(number, region)


def _random_number(rng: random.Random, region: str, kind: int) -> phonenumbers.PhoneNumber | None:
    example = phonenumbers.example_number_for_type(region, kind)
    if example is None:
        return None
    nsn = phonenumbers.national_significant_number(example)
    if region in AREA_CODES:  # regions that share +1: an area code of the region, then seven digits
        for _ in range(200):
            digits = rng.choice(AREA_CODES[region]) + rng.choice("23456789") + "".join(rng.choices("0123456789", k=6))
            candidate = phonenumbers.PhoneNumber(country_code=1, national_number=int(digits))
            if phonenumbers.is_valid_number_for_region(candidate, region):
                return candidate
    for keep in (1, 2, 3):
        for _ in range(60):
            digits = nsn[:keep] + "".join(rng.choice("0123456789") for _ in range(len(nsn) - keep))
            if digits == nsn:
                continue
            candidate = phonenumbers.PhoneNumber(country_code=example.country_code, national_number=int(digits))
            if example.italian_leading_zero:
                candidate.italian_leading_zero = True
            if phonenumbers.is_valid_number_for_region(candidate, region):
                return candidate
    return None


def _variants(number: phonenumbers.PhoneNumber, region: str) -> list[str]:
    intl = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    e164 = phonenumbers.format_number(number, PhoneNumberFormat.E164)
    out = [intl, national, e164, intl.replace(" ", "-"), intl.replace(" ", ".").replace("-", ".")]
    out.append("00" + e164[1:] if region not in ("US", "CA", "JM", "DO") else "1 " + national)
    out.append(national.replace(" ", ""))
    cc = str(number.country_code)
    out.append(f"(+{cc}) " + intl.removeprefix(f"+{cc} "))
    return out


def phone_value(rng: random.Random, region: str) -> str:
    """A valid number of ``region`` in one of several written forms (mobile or fixed line)."""
    kinds = [PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE]
    rng.shuffle(kinds)
    for kind in kinds:
        number = _random_number(rng, region, kind)
        if number is None:
            continue
        forms = [v for v in _variants(number, region) if phone_is_valid(v, region)]
        if forms:
            return rng.choice(forms)
    raise ValueError(region)


__all__ = ["REGIONS", "NumberFormat", "phone_is_valid", "phone_value"]
