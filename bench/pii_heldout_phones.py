"""Phone numbers for the held-out part (bench/make_pii_heldout.py): the regions it covers, a validity check by the
``phonenumbers`` metadata, and a generator of valid numbers with varied digits in the ways people write them."""

from __future__ import annotations

import random
import re

import phonenumbers
from phonenumbers import PhoneNumberFormat, PhoneNumberType

# region -> (continent, language of the replies that quote its numbers)
REGIONS: dict[str, tuple[str, str]] = {
    "US": ("americas", "en"), "CA": ("americas", "fr"), "MX": ("americas", "es"), "BR": ("americas", "pt"),
    "AR": ("americas", "es"), "CO": ("americas", "es"), "CL": ("americas", "es"), "PE": ("americas", "es"),
    "JM": ("americas", "en"), "GT": ("americas", "es"), "UY": ("americas", "es"), "EC": ("americas", "es"),
    "CR": ("americas", "es"), "DO": ("americas", "es"), "PY": ("americas", "es"), "BO": ("americas", "es"),
    "TT": ("americas", "en"), "PA": ("americas", "es"),
    "GB": ("europe", "en"), "IE": ("europe", "ga"), "DE": ("europe", "de"), "AT": ("europe", "de"),
    "CH": ("europe", "it"), "FR": ("europe", "fr"), "BE": ("europe", "nl"), "NL": ("europe", "nl"),
    "ES": ("europe", "ca"), "PT": ("europe", "pt"), "IT": ("europe", "it"), "PL": ("europe", "pl"),
    "CZ": ("europe", "cs"), "SK": ("europe", "sk"), "HU": ("europe", "hu"), "RO": ("europe", "ro"),
    "BG": ("europe", "bg"), "GR": ("europe", "el"), "HR": ("europe", "hr"), "SI": ("europe", "sl"),
    "RS": ("europe", "sr"), "UA": ("europe", "uk"), "LT": ("europe", "lt"), "LV": ("europe", "lv"),
    "EE": ("europe", "et"), "FI": ("europe", "fi"), "SE": ("europe", "sv"), "NO": ("europe", "nb"),
    "DK": ("europe", "da"), "IS": ("europe", "is"), "MT": ("europe", "mt"), "AL": ("europe", "sq"),
    "LU": ("europe", "fr"), "TR": ("asia", "tr"),
    "IN": ("asia", "hi"), "PK": ("asia", "ur"), "BD": ("asia", "bn"), "LK": ("asia", "ta"), "NP": ("asia", "ne"),
    "JP": ("asia", "ja"), "KR": ("asia", "ko"), "CN": ("asia", "zh"), "TW": ("asia", "zh"), "HK": ("asia", "zh"),
    "SG": ("asia", "ms"), "MY": ("asia", "ms"), "ID": ("asia", "id"), "TH": ("asia", "th"), "VN": ("asia", "vi"),
    "PH": ("asia", "tl"), "IL": ("asia", "he"), "SA": ("asia", "ar"), "AE": ("asia", "ar"), "GE": ("asia", "ka"),
    "AM": ("asia", "hy"), "IR": ("asia", "fa"), "MN": ("asia", "mn"), "KZ": ("asia", "ru"),
    "EG": ("africa", "ar"), "MA": ("africa", "fr"), "NG": ("africa", "en"), "GH": ("africa", "en"),
    "KE": ("africa", "sw"), "TZ": ("africa", "sw"), "ZA": ("africa", "af"), "ET": ("africa", "am"),
    "SN": ("africa", "fr"), "UG": ("africa", "en"), "RW": ("africa", "en"), "TN": ("africa", "ar"),
    "CI": ("africa", "fr"), "ZM": ("africa", "en"),
    "AU": ("oceania", "en"), "NZ": ("oceania", "en"), "FJ": ("oceania", "en"), "PG": ("oceania", "en"),
    "WS": ("oceania", "en"), "TO": ("oceania", "en"),
}  # fmt: skip


def phone_is_valid(value: str, region: str) -> bool:
    """``value`` as written is a valid number of ``region`` (read with ``region`` as the default country)."""
    try:
        number = phonenumbers.parse(value, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number_for_region(number, region)


def _national(rng: random.Random, region: str, kind: int) -> str | None:
    """A random national significant number of ``kind`` in ``region``: digits drawn at random behind a prefix of one
    or two digits of the metadata's example, kept when they match the type's national pattern."""
    meta = phonenumbers.PhoneMetadata.metadata_for_region(region)
    desc = meta.mobile if kind == PhoneNumberType.MOBILE else meta.fixed_line
    if desc is None or desc.example_number is None or desc.national_number_pattern is None:
        return None
    example = desc.example_number
    pattern = re.compile(desc.national_number_pattern)
    lengths = [n for n in (desc.possible_length or meta.general_desc.possible_length) if n > 0] or [len(example)]
    for keep in (1, 1, 2, 2, 3, 4):
        for _ in range(120):
            length = rng.choice(lengths) if rng.random() < 0.3 else len(example)
            digits = example[:keep] + "".join(rng.choice("0123456789") for _ in range(length - keep))
            if pattern.fullmatch(digits) and digits != example:
                return digits
    return None


STYLES = ["international", "national", "e164", "intl-dash", "national-dots", "intl-compact-cc", "00-prefix"]


def phone_number(rng: random.Random, region: str, style: str | None = None) -> str:
    """A valid number of ``region`` with random digits, written in one of several styles."""
    for _ in range(20):
        kind = rng.choice([PhoneNumberType.MOBILE, PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE])
        national = _national(rng, region, kind) or _national(rng, region, PhoneNumberType.FIXED_LINE)
        if national is None:
            continue
        cc = phonenumbers.country_code_for_region(region)
        number = phonenumbers.parse(f"+{cc}{national}")
        if not phonenumbers.is_valid_number_for_region(number, region):
            continue
        chosen = style or rng.choice(STYLES)
        intl = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
        nat = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
        if chosen == "national":
            text = nat
        elif chosen == "e164":
            text = phonenumbers.format_number(number, PhoneNumberFormat.E164)
        elif chosen == "intl-dash":
            text = intl.replace(" ", "-", 1) if region not in ("US", "CA") else intl
            text = re.sub(r"(?<=\d) (?=\d)", "-", text)
        elif chosen == "national-dots":
            text = re.sub(r"[ \-]", ".", re.sub(r"[()]", "", nat))
        elif chosen == "intl-compact-cc":
            text = f"+{cc} " + national
        elif chosen == "00-prefix" and region not in ("US", "CA", "JM", "TT", "DO"):
            text = "00" + intl[1:]
        else:
            text = intl
        if phone_is_valid(text, region) and len(re.sub(r"\D", "", text)) >= 7:
            return text
        if phone_is_valid(intl, region):
            return intl
    raise ValueError(region)
