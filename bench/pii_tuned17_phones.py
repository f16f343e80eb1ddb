"""Phone numbers for the held-out part: the regions it covers and numbers valid for each, drawn at random digits
under the region's own leading digits and kept only when ``phonenumbers`` finds them valid for that region."""

from __future__ import annotations

import random

import phonenumbers

# region -> (continent, languages its replies are written in)
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
    "TW": ("asia", ("zh",)), "HK": ("asia", ("zh", "en")), "SG": ("asia", ("en",)), "MY": ("asia", ("ms",)),
    "ID": ("asia", ("id",)), "TH": ("asia", ("th",)), "VN": ("asia", ("vi",)), "PH": ("asia", ("tl", "en")),
    "IL": ("asia", ("he",)), "SA": ("asia", ("ar",)), "AE": ("asia", ("ar", "en")), "GE": ("asia", ("ka",)),
    "AM": ("asia", ("hy",)), "IR": ("asia", ("fa",)), "MN": ("asia", ("mn",)), "KZ": ("asia", ("ru",)),
    "EG": ("africa", ("ar",)), "MA": ("africa", ("fr",)), "NG": ("africa", ("en",)), "GH": ("africa", ("en",)),
    "KE": ("africa", ("sw", "en")), "TZ": ("africa", ("sw",)), "ZA": ("africa", ("af", "en")),
    "ET": ("africa", ("am",)), "SN": ("africa", ("fr",)), "UG": ("africa", ("en",)), "RW": ("africa", ("en",)),
    "AU": ("oceania", ("en",)), "NZ": ("oceania", ("en",)), "FJ": ("oceania", ("en",)),
    "PG": ("oceania", ("en",)), "WS": ("oceania", ("en",)),
}  # fmt: skip


def phone_is_valid(value: str, region: str) -> bool:
    """Whether ``value``, exactly as written, is a valid number of ``region`` (dialled from there if national)."""
    try:
        number = phonenumbers.parse(value, region)
    except phonenumbers.NumberParseException:
        return False
    return number.extension is None and phonenumbers.is_valid_number_for_region(number, region)


def _number(rng: random.Random, region: str) -> phonenumbers.PhoneNumber:
    meta = phonenumbers.PhoneMetadata.metadata_for_region(region)
    kinds = [desc for desc in (meta.mobile, meta.fixed_line) if desc is not None and desc.example_number]
    example = rng.choice(kinds).example_number
    code = meta.country_code
    for keep in (1, 1, 2, 2, 3, 4, 5):
        for _ in range(120):
            tail = "".join(rng.choice("0123456789") for _ in range(len(example) - keep))
            number = phonenumbers.parse(f"+{code}{example[:keep]}{tail}")
            if phonenumbers.is_valid_number_for_region(number, region):
                return number
    return phonenumbers.parse(f"+{code}{example}")


def phone_forms(rng: random.Random, region: str) -> list[str]:
    """Ways of writing one fresh number of ``region``, each valid for it as written."""
    number = _number(rng, region)
    fmt = phonenumbers.PhoneNumberFormat
    national = phonenumbers.format_number(number, fmt.NATIONAL)
    international = phonenumbers.format_number(number, fmt.INTERNATIONAL)
    e164 = phonenumbers.format_number(number, fmt.E164)
    forms = [
        national,
        international,
        e164,
        international.replace(" ", "-"),
        international.replace(" ", "."),
        "00" + e164[1:] if region not in ("US", "CA", "JM", "TT", "DO") else e164,
        national.replace(" ", ""),
    ]
    return [form for form in dict.fromkeys(forms) if phone_is_valid(form, region)]


def phone(rng: random.Random, region: str) -> str:
    return rng.choice(phone_forms(rng, region))
