"""Phones of the held-out part (bench/make_pii_tuned21.py): the regions it covers, a number valid for a region with
digits drawn at random (checked by ``phonenumbers``, never a library example with a changed tail), the ways a number is
written, and the check that a number is valid for its region exactly as written."""

from __future__ import annotations

import random

import phonenumbers
from phonenumbers import PhoneNumberFormat, PhoneNumberType

# region -> (continent, languages a reply about a number there is written in)
REGIONS: dict[str, tuple[str, ...]] = {
    "US": ("americas", "en", "es"), "CA": ("americas", "en", "fr"), "MX": ("americas", "es"),
    "BR": ("americas", "pt"), "AR": ("americas", "es"), "CO": ("americas", "es"), "CL": ("americas", "es"),
    "PE": ("americas", "es"), "JM": ("americas", "en"), "GT": ("americas", "es"), "UY": ("americas", "es"),
    "EC": ("americas", "es"), "CR": ("americas", "es"), "DO": ("americas", "es"), "PY": ("americas", "es"),
    "BO": ("americas", "es"), "TT": ("americas", "en"), "PA": ("americas", "es"),
    "GB": ("europe", "en"), "IE": ("europe", "ga", "en"), "DE": ("europe", "de"), "AT": ("europe", "de"),
    "CH": ("europe", "de", "fr", "it"), "FR": ("europe", "fr"), "BE": ("europe", "nl", "fr"), "NL": ("europe", "nl"),
    "ES": ("europe", "es", "ca"), "PT": ("europe", "pt"), "IT": ("europe", "it"), "PL": ("europe", "pl"),
    "CZ": ("europe", "cs"), "SK": ("europe", "sk"), "HU": ("europe", "hu"), "RO": ("europe", "ro"),
    "BG": ("europe", "bg"), "GR": ("europe", "el"), "HR": ("europe", "hr"), "SI": ("europe", "sl"),
    "RS": ("europe", "sr"), "UA": ("europe", "uk"), "LT": ("europe", "lt"), "LV": ("europe", "lv"),
    "EE": ("europe", "et"), "FI": ("europe", "fi"), "SE": ("europe", "sv"), "NO": ("europe", "nb"),
    "DK": ("europe", "da"), "IS": ("europe", "is"), "MT": ("europe", "mt", "en"), "AL": ("europe", "sq"),
    "TR": ("europe", "tr"), "LU": ("europe", "fr", "de"),
    "IN": ("asia", "hi", "ta", "en"), "PK": ("asia", "ur"), "BD": ("asia", "bn"), "LK": ("asia", "ta", "en"),
    "NP": ("asia", "ne"), "JP": ("asia", "ja"), "KR": ("asia", "ko"), "CN": ("asia", "zh"), "TW": ("asia", "zh"),
    "HK": ("asia", "zh", "en"), "SG": ("asia", "en", "ms"), "MY": ("asia", "ms"), "ID": ("asia", "id"),
    "TH": ("asia", "th"), "VN": ("asia", "vi"), "PH": ("asia", "tl", "en"), "IL": ("asia", "he"),
    "SA": ("asia", "ar"), "AE": ("asia", "ar", "en"), "GE": ("asia", "ka"), "AM": ("asia", "hy"),
    "IR": ("asia", "fa"), "MN": ("asia", "mn"), "KZ": ("asia", "ru"),
    "EG": ("africa", "ar"), "MA": ("africa", "ar", "fr"), "NG": ("africa", "en"), "GH": ("africa", "en"),
    "KE": ("africa", "sw", "en"), "TZ": ("africa", "sw"), "ZA": ("africa", "af", "en"), "ET": ("africa", "am"),
    "SN": ("africa", "fr"), "UG": ("africa", "en", "sw"), "RW": ("africa", "en", "fr"), "TN": ("africa", "ar", "fr"),
    "CI": ("africa", "fr"), "ZM": ("africa", "en"),
    "AU": ("oceania", "en"), "NZ": ("oceania", "en"), "FJ": ("oceania", "en"), "PG": ("oceania", "en"),
    "WS": ("oceania", "en"), "TO": ("oceania", "en"),
}  # fmt: skip

NANP = {"US", "CA", "JM", "TT", "DO"}
# where "+cc (0)…" is a common way to write a number
TRUNK_ZERO_SHOWN = {
    "GB",
    "IE",
    "DE",
    "AT",
    "CH",
    "NL",
    "BE",
    "FR",
    "FI",
    "SE",
    "AU",
    "NZ",
    "ZA",
    "TR",
    "RO",
    "SI",
    "HR",
}


def phone_is_valid(value: str, region: str) -> bool:
    """Whether ``value``, exactly as written, is a valid number of ``region`` by ``phonenumbers``."""
    try:
        number = phonenumbers.parse(value, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number_for_region(number, region)


def _random_number(rng: random.Random, region: str, kind: int) -> phonenumbers.PhoneNumber | None:
    example = phonenumbers.example_number_for_type(region, kind)
    if example is None:
        return None
    nsn = str(example.national_number)
    for keep in (1, 2, 3, 4):
        for _ in range(120):
            body = nsn[:keep] + "".join(rng.choice("0123456789") for _ in range(len(nsn) - keep))
            candidate = phonenumbers.PhoneNumber(country_code=example.country_code, national_number=int(body))
            if example.italian_leading_zero and body.startswith("0"):
                candidate.italian_leading_zero = True
            if (
                phonenumbers.is_valid_number_for_region(candidate, region)
                and phonenumbers.number_type(candidate) == kind
                and body != nsn
            ):
                return candidate
    return None


def random_number(rng: random.Random, region: str) -> phonenumbers.PhoneNumber:
    kinds = [PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE, PhoneNumberType.FIXED_LINE_OR_MOBILE]
    rng.shuffle(kinds)
    for kind in kinds:
        number = _random_number(rng, region, kind)
        if number is not None:
            return number
    raise ValueError(region)


def written(rng: random.Random, number: phonenumbers.PhoneNumber, region: str) -> str:
    """One of the ways people write ``number``, valid for ``region`` as written (else the international form)."""
    intl = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    e164 = phonenumbers.format_number(number, PhoneNumberFormat.E164)
    forms = [intl, intl, national, national, e164]
    forms.append(intl.replace(" ", "-"))
    if set(national) <= set("0123456789 "):
        forms.append(national.replace(" ", "."))
        forms.append(national.replace(" ", ""))
    if region not in NANP:
        forms.append("00" + intl[1:])
        nat_digits = "".join(ch for ch in national if ch.isdigit())
        if nat_digits.startswith("0") and region in TRUNK_ZERO_SHOWN:
            rest = intl.split(" ", 1)[1] if " " in intl else intl
            forms.append(f"+{number.country_code} (0){rest}")
    else:
        forms.append(f"1-{national.replace('(', '').replace(') ', '-')}")
        forms.append(national.replace("(", "").replace(") ", ".").replace("-", "."))
    form = rng.choice(forms)
    return form if phone_is_valid(form, region) else intl


def phone(rng: random.Random, region: str) -> str:
    value = written(rng, random_number(rng, region), region)
    assert phone_is_valid(value, region), (value, region)
    return value
