"""Phone numbers for the held-out part (bench/make_pii_tuned13.py): the regions it covers, each with its continent
and the language its replies are written in, numbers drawn from each region's own numbering plan (the ``phonenumbers``
metadata: an example number of the type with its subscriber digits redrawn until the plan accepts them) and the ways
people write them (international, national, E.164, the trunk prefix in brackets, dots, the IDD prefix)."""

from __future__ import annotations

import random

import phonenumbers
from phonenumbers import PhoneNumberFormat, PhoneNumberType

# region -> (continent, language tag, country name in English)
REGIONS: dict[str, tuple[str, str, str]] = {
    # americas
    "US": ("americas", "en", "United States"), "CA": ("americas", "fr", "Canada"),
    "MX": ("americas", "es", "Mexico"), "GT": ("americas", "es", "Guatemala"),
    "CR": ("americas", "es", "Costa Rica"), "PA": ("americas", "es", "Panama"),
    "DO": ("americas", "es", "Dominican Republic"), "CO": ("americas", "es", "Colombia"),
    "PE": ("americas", "es", "Peru"), "CL": ("americas", "es", "Chile"), "AR": ("americas", "es", "Argentina"),
    "UY": ("americas", "es", "Uruguay"), "BR": ("americas", "pt", "Brazil"), "JM": ("americas", "en", "Jamaica"),
    "TT": ("americas", "en", "Trinidad and Tobago"), "EC": ("americas", "es", "Ecuador"),
    "HT": ("americas", "fr", "Haiti"), "PY": ("americas", "es", "Paraguay"),
    # europe
    "GB": ("europe", "en", "United Kingdom"), "IE": ("europe", "ga", "Ireland"), "FR": ("europe", "fr", "France"),
    "BE": ("europe", "nl", "Belgium"), "NL": ("europe", "nl", "Netherlands"), "DE": ("europe", "de", "Germany"),
    "AT": ("europe", "de", "Austria"), "CH": ("europe", "it", "Switzerland"), "IT": ("europe", "it", "Italy"),
    "ES": ("europe", "ca", "Spain"), "PT": ("europe", "pt", "Portugal"), "PL": ("europe", "pl", "Poland"),
    "CZ": ("europe", "cs", "Czechia"), "SK": ("europe", "sk", "Slovakia"), "HU": ("europe", "hu", "Hungary"),
    "RO": ("europe", "ro", "Romania"), "BG": ("europe", "bg", "Bulgaria"), "GR": ("europe", "el", "Greece"),
    "HR": ("europe", "hr", "Croatia"), "SI": ("europe", "sl", "Slovenia"), "RS": ("europe", "sr", "Serbia"),
    "UA": ("europe", "uk", "Ukraine"), "LT": ("europe", "lt", "Lithuania"), "LV": ("europe", "lv", "Latvia"),
    "EE": ("europe", "et", "Estonia"), "FI": ("europe", "fi", "Finland"), "SE": ("europe", "sv", "Sweden"),
    "NO": ("europe", "nb", "Norway"), "DK": ("europe", "da", "Denmark"), "IS": ("europe", "is", "Iceland"),
    "MT": ("europe", "mt", "Malta"), "AL": ("europe", "sq", "Albania"), "LU": ("europe", "fr", "Luxembourg"),
    # asia
    "TR": ("asia", "tr", "Turkey"), "IL": ("asia", "he", "Israel"), "SA": ("asia", "ar", "Saudi Arabia"),
    "AE": ("asia", "ar", "United Arab Emirates"), "IN": ("asia", "hi", "India"), "PK": ("asia", "ur", "Pakistan"),
    "BD": ("asia", "bn", "Bangladesh"), "NP": ("asia", "ne", "Nepal"), "LK": ("asia", "ta", "Sri Lanka"),
    "JP": ("asia", "ja", "Japan"), "KR": ("asia", "ko", "South Korea"), "CN": ("asia", "zh", "China"),
    "TW": ("asia", "zh", "Taiwan"), "HK": ("asia", "zh", "Hong Kong"), "SG": ("asia", "en", "Singapore"),
    "MY": ("asia", "ms", "Malaysia"), "ID": ("asia", "id", "Indonesia"), "TH": ("asia", "th", "Thailand"),
    "VN": ("asia", "vi", "Vietnam"), "PH": ("asia", "tl", "Philippines"), "KZ": ("asia", "ru", "Kazakhstan"),
    "GE": ("asia", "ka", "Georgia"), "AM": ("asia", "hy", "Armenia"), "IR": ("asia", "fa", "Iran"),
    "MN": ("asia", "mn", "Mongolia"),
    # africa
    "EG": ("africa", "ar", "Egypt"), "MA": ("africa", "fr", "Morocco"), "NG": ("africa", "en", "Nigeria"),
    "GH": ("africa", "en", "Ghana"), "KE": ("africa", "sw", "Kenya"), "TZ": ("africa", "sw", "Tanzania"),
    "ET": ("africa", "am", "Ethiopia"), "ZA": ("africa", "af", "South Africa"), "SN": ("africa", "fr", "Senegal"),
    "UG": ("africa", "en", "Uganda"), "RW": ("africa", "en", "Rwanda"), "ZW": ("africa", "en", "Zimbabwe"),
    "TN": ("africa", "ar", "Tunisia"), "MG": ("africa", "fr", "Madagascar"),
    # oceania
    "AU": ("oceania", "en", "Australia"), "NZ": ("oceania", "en", "New Zealand"), "FJ": ("oceania", "en", "Fiji"),
    "PG": ("oceania", "en", "Papua New Guinea"), "WS": ("oceania", "en", "Samoa"), "TO": ("oceania", "en", "Tonga"),
}  # fmt: skip


def phone_is_valid(value: str, region: str) -> bool:
    """Whether ``value``, read as written by someone in ``region``, is a valid number of that region."""
    try:
        number = phonenumbers.parse(value, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number_for_region(number, region)


def _number(rng: random.Random, region: str, kind: int) -> phonenumbers.PhoneNumber | None:
    example = phonenumbers.example_number_for_type(region, kind)
    if example is None:
        return None
    nsn = phonenumbers.national_significant_number(example)
    for _ in range(400):
        keep = max(1, len(nsn) - rng.choice([5, 6, 6, 7]))
        digits = nsn[:keep] + "".join(rng.choice("0123456789") for _ in range(len(nsn) - keep))
        candidate = phonenumbers.parse("+" + str(example.country_code) + digits)
        if phonenumbers.is_valid_number_for_region(candidate, region) and digits != nsn:
            if phonenumbers.number_type(candidate) in (kind, PhoneNumberType.FIXED_LINE_OR_MOBILE):
                return candidate
    return None


def _styles(number: phonenumbers.PhoneNumber, region: str) -> list[str]:
    intl = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    e164 = phonenumbers.format_number(number, PhoneNumberFormat.E164)
    cc = str(number.country_code)
    rest = intl.removeprefix("+" + cc).strip()
    styles = [intl, national, e164, intl, national]
    styles.append(f"+{cc} {rest.replace(' ', '.').replace('-', '.')}")
    styles.append(f"+{cc}-{rest.replace(' ', '-')}")
    styles.append(f"00{cc} {rest}")
    styles.append(f"(+{cc}) {rest}")
    styles.append(national.replace(" ", "").replace("-", ""))
    trunk = phonenumbers.PhoneMetadata.metadata_for_region(region).national_prefix
    if trunk and national.startswith(trunk):
        styles.append(f"+{cc} ({trunk}){rest}")
    out = []
    for style in styles:
        if phone_is_valid(style, region) and style not in out:
            out.append(style)
    return out or [intl]


def phone_for(rng: random.Random, region: str, style: str | None = None) -> str:
    """A valid number of ``region`` (mobile or fixed line), written as people there or abroad write it."""
    kinds = [PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE]
    rng.shuffle(kinds)
    for kind in kinds:
        number = _number(rng, region, kind)
        if number is not None:
            break
    else:  # pragma: no cover - every region listed has a mobile or fixed-line plan
        raise ValueError(region)
    styles = _styles(number, region)
    if style == "intl":
        return styles[0]
    if style == "national":
        return phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    value = rng.choice(styles)
    assert phone_is_valid(value, region), (value, region)
    return value
