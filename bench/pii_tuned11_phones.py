"""Phone numbers for the held-out part (bench/make_pii_tuned11.py): the regions it covers, a number drawn for a
region (random digits kept only when ``phonenumbers`` says the number is valid there) and the ways it is written."""

from __future__ import annotations

import random

import phonenumbers
from phonenumbers import PhoneNumberFormat, PhoneNumberType

# region -> (continent, languages replies about it are written in, country)
REGIONS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "US": ("americas", ("en", "es"), "United States"),
    "CA": ("americas", ("en", "fr"), "Canada"),
    "MX": ("americas", ("es",), "Mexico"),
    "BR": ("americas", ("pt",), "Brazil"),
    "AR": ("americas", ("es",), "Argentina"),
    "CO": ("americas", ("es",), "Colombia"),
    "CL": ("americas", ("es",), "Chile"),
    "PE": ("americas", ("es",), "Peru"),
    "UY": ("americas", ("es",), "Uruguay"),
    "EC": ("americas", ("es",), "Ecuador"),
    "BO": ("americas", ("es",), "Bolivia"),
    "PY": ("americas", ("es",), "Paraguay"),
    "DO": ("americas", ("es",), "Dominican Republic"),
    "CR": ("americas", ("es",), "Costa Rica"),
    "PA": ("americas", ("es",), "Panama"),
    "JM": ("americas", ("en",), "Jamaica"),
    "GB": ("europe", ("en",), "United Kingdom"),
    "IE": ("europe", ("en",), "Ireland"),
    "DE": ("europe", ("de",), "Germany"),
    "AT": ("europe", ("de",), "Austria"),
    "CH": ("europe", ("de", "fr", "it"), "Switzerland"),
    "FR": ("europe", ("fr",), "France"),
    "BE": ("europe", ("nl", "fr"), "Belgium"),
    "LU": ("europe", ("fr", "de"), "Luxembourg"),
    "NL": ("europe", ("nl",), "Netherlands"),
    "ES": ("europe", ("es",), "Spain"),
    "PT": ("europe", ("pt",), "Portugal"),
    "IT": ("europe", ("it",), "Italy"),
    "PL": ("europe", ("pl",), "Poland"),
    "SE": ("europe", ("sv",), "Sweden"),
    "NO": ("europe", ("nb",), "Norway"),
    "DK": ("europe", ("da",), "Denmark"),
    "FI": ("europe", ("fi",), "Finland"),
    "CZ": ("europe", ("cs",), "Czechia"),
    "SK": ("europe", ("sk",), "Slovakia"),
    "GR": ("europe", ("el",), "Greece"),
    "RO": ("europe", ("ro",), "Romania"),
    "HU": ("europe", ("hu",), "Hungary"),
    "UA": ("europe", ("uk",), "Ukraine"),
    "TR": ("europe", ("tr",), "Turkey"),
    "HR": ("europe", ("hr",), "Croatia"),
    "BG": ("europe", ("bg",), "Bulgaria"),
    "LT": ("europe", ("lt",), "Lithuania"),
    "EE": ("europe", ("et",), "Estonia"),
    "SI": ("europe", ("sl",), "Slovenia"),
    "IN": ("asia", ("hi", "en"), "India"),
    "PK": ("asia", ("ur",), "Pakistan"),
    "BD": ("asia", ("bn",), "Bangladesh"),
    "JP": ("asia", ("ja",), "Japan"),
    "CN": ("asia", ("zh",), "China"),
    "TW": ("asia", ("zh",), "Taiwan"),
    "HK": ("asia", ("zh", "en"), "Hong Kong"),
    "KR": ("asia", ("ko",), "South Korea"),
    "ID": ("asia", ("id",), "Indonesia"),
    "VN": ("asia", ("vi",), "Vietnam"),
    "TH": ("asia", ("th",), "Thailand"),
    "PH": ("asia", ("tl", "en"), "Philippines"),
    "SG": ("asia", ("en",), "Singapore"),
    "MY": ("asia", ("ms",), "Malaysia"),
    "SA": ("asia", ("ar",), "Saudi Arabia"),
    "AE": ("asia", ("ar", "en"), "United Arab Emirates"),
    "IL": ("asia", ("he",), "Israel"),
    "NG": ("africa", ("en",), "Nigeria"),
    "KE": ("africa", ("sw", "en"), "Kenya"),
    "TZ": ("africa", ("sw",), "Tanzania"),
    "UG": ("africa", ("en",), "Uganda"),
    "ZA": ("africa", ("en", "af"), "South Africa"),
    "EG": ("africa", ("ar",), "Egypt"),
    "MA": ("africa", ("ar", "fr"), "Morocco"),
    "GH": ("africa", ("en",), "Ghana"),
    "SN": ("africa", ("fr",), "Senegal"),
    "CI": ("africa", ("fr",), "Côte d'Ivoire"),
    "ET": ("africa", ("am",), "Ethiopia"),
    "AU": ("oceania", ("en",), "Australia"),
    "NZ": ("oceania", ("en",), "New Zealand"),
    "FJ": ("oceania", ("en",), "Fiji"),
    "PG": ("oceania", ("en",), "Papua New Guinea"),
}


def phone_is_valid(value: str, region: str) -> bool:
    """Whether ``value``, exactly as written, is a valid number of ``region`` (read as dialled from there)."""
    try:
        number = phonenumbers.parse(value, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number_for_region(number, region)


def _draw(rng: random.Random, region: str, kind: int) -> phonenumbers.PhoneNumber:
    example = phonenumbers.example_number_for_type(region, kind) or phonenumbers.example_number(region)
    national = str(example.national_number)
    for keep in (2, 3, 3, 4, 5):
        for _ in range(25):
            digits = national[:keep] + "".join(rng.choice("0123456789") for _ in range(len(national) - keep))
            candidate = phonenumbers.PhoneNumber(country_code=example.country_code, national_number=int(digits))
            if example.italian_leading_zero:
                candidate.italian_leading_zero = True
            if phonenumbers.is_valid_number_for_region(candidate, region):
                return candidate
    return example


def _variants(number: phonenumbers.PhoneNumber, region: str) -> list[str]:
    intl = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    nat = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    e164 = phonenumbers.format_number(number, PhoneNumberFormat.E164)
    out = [intl, nat, e164, nat.replace(" ", "")]
    if "-" not in intl:
        out += [intl.replace(" ", "-"), intl.replace(" ", ".")]
    if number.country_code != 1:
        out.append("00" + intl[1:])
        code = str(number.country_code)
        out.append(f"+{code} " + e164[len(code) + 1 :])
    else:
        out.append(nat.replace("(", "").replace(") ", "-"))
        out.append("1-" + nat.replace("(", "").replace(") ", "-"))
    return [v for v in dict.fromkeys(out) if phone_is_valid(v, region)]


def phone_for(rng: random.Random, region: str, style: str | None = None) -> str:
    """A valid number of ``region`` in one of its written forms (``style`` 'intl', 'national' or 'e164' to choose)."""
    kind = rng.choice([PhoneNumberType.MOBILE, PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE])
    number = _draw(rng, region, kind)
    forms = _variants(number, region)
    if style == "intl":
        return phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    if style == "national" and phone_is_valid(phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL), region):
        return phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    if style == "e164":
        return phonenumbers.format_number(number, PhoneNumberFormat.E164)
    return rng.choice(forms)
