"""Phone numbers of the held-out part (bench/make_pii_tuned12.py): the regions it covers, the language its replies
about each region are written in, and numbers drawn from each region's own numbering plan (the ``phonenumbers``
metadata), written the ways people and systems write them. A number is kept only when it is valid for its region
exactly as written."""

from __future__ import annotations

import random

import phonenumbers
from phonenumbers import PhoneNumberFormat as Fmt
from phonenumbers import PhoneNumberType as Kind

# region -> (continent, languages its replies are written in)
REGIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    # americas
    "US": ("americas", ("en", "es")), "CA": ("americas", ("en", "fr")), "MX": ("americas", ("es",)),
    "GT": ("americas", ("es",)), "HN": ("americas", ("es",)), "SV": ("americas", ("es",)),
    "NI": ("americas", ("es",)), "CR": ("americas", ("es",)), "PA": ("americas", ("es",)),
    "DO": ("americas", ("es",)), "PR": ("americas", ("es", "en")), "JM": ("americas", ("en",)),
    "TT": ("americas", ("en",)), "CO": ("americas", ("es",)), "VE": ("americas", ("es",)),
    "EC": ("americas", ("es",)), "PE": ("americas", ("es",)), "BO": ("americas", ("es",)),
    "CL": ("americas", ("es",)), "AR": ("americas", ("es",)), "UY": ("americas", ("es",)),
    "PY": ("americas", ("es",)), "BR": ("americas", ("pt",)),
    # europe
    "GB": ("europe", ("en",)), "IE": ("europe", ("en", "ga")), "FR": ("europe", ("fr",)),
    "BE": ("europe", ("nl", "fr")), "LU": ("europe", ("fr", "de")), "NL": ("europe", ("nl",)),
    "DE": ("europe", ("de",)), "AT": ("europe", ("de",)), "CH": ("europe", ("de", "fr", "it")),
    "IT": ("europe", ("it",)), "MT": ("europe", ("mt", "en")), "ES": ("europe", ("es", "ca")),
    "PT": ("europe", ("pt",)), "PL": ("europe", ("pl",)), "CZ": ("europe", ("cs",)), "SK": ("europe", ("sk",)),
    "HU": ("europe", ("hu",)), "RO": ("europe", ("ro",)), "BG": ("europe", ("bg",)), "GR": ("europe", ("el",)),
    "CY": ("europe", ("el",)), "HR": ("europe", ("hr",)), "SI": ("europe", ("sl",)), "RS": ("europe", ("sr",)),
    "UA": ("europe", ("uk",)), "LT": ("europe", ("lt",)), "LV": ("europe", ("lv",)), "EE": ("europe", ("et",)),
    "FI": ("europe", ("fi",)), "SE": ("europe", ("sv",)), "NO": ("europe", ("nb",)), "DK": ("europe", ("da",)),
    "IS": ("europe", ("is",)),
    # asia
    "TR": ("asia", ("tr",)), "IL": ("asia", ("he",)), "SA": ("asia", ("ar",)), "AE": ("asia", ("ar", "en")),
    "QA": ("asia", ("ar",)), "JO": ("asia", ("ar",)), "IN": ("asia", ("hi", "en")), "PK": ("asia", ("ur",)),
    "BD": ("asia", ("bn",)), "NP": ("asia", ("ne",)), "LK": ("asia", ("en",)), "JP": ("asia", ("ja",)),
    "KR": ("asia", ("ko",)), "CN": ("asia", ("zh",)), "TW": ("asia", ("zh",)), "HK": ("asia", ("zh", "en")),
    "SG": ("asia", ("en", "ms")), "MY": ("asia", ("ms",)), "ID": ("asia", ("id",)), "TH": ("asia", ("th",)),
    "VN": ("asia", ("vi",)), "PH": ("asia", ("tl", "en")), "KZ": ("asia", ("ru",)), "GE": ("asia", ("ka",)),
    # africa
    "EG": ("africa", ("ar",)), "MA": ("africa", ("fr", "ar")), "TN": ("africa", ("fr",)), "DZ": ("africa", ("fr",)),
    "SN": ("africa", ("fr",)), "CI": ("africa", ("fr",)), "CM": ("africa", ("fr", "en")), "NG": ("africa", ("en",)),
    "GH": ("africa", ("en",)), "KE": ("africa", ("sw", "en")), "TZ": ("africa", ("sw",)), "UG": ("africa", ("en",)),
    "RW": ("africa", ("en",)), "ET": ("africa", ("am",)), "ZA": ("africa", ("af", "en", "zu")),
    "ZM": ("africa", ("en",)), "MU": ("africa", ("fr",)),
    # oceania
    "AU": ("oceania", ("en",)), "NZ": ("oceania", ("en",)), "FJ": ("oceania", ("en",)), "PG": ("oceania", ("en",)),
    "WS": ("oceania", ("en",)),
}  # fmt: skip


def phone_is_valid(value: str, region: str) -> bool:
    """Whether ``value``, read as a number dialled in ``region``, is a valid number of that region."""
    try:
        number = phonenumbers.parse(value, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number_for_region(number, region)


_PERSONAL = (Kind.MOBILE, Kind.FIXED_LINE, Kind.FIXED_LINE_OR_MOBILE)


def _number(rng: random.Random, region: str, mobile: bool) -> phonenumbers.PhoneNumber:
    kinds = [Kind.MOBILE, Kind.FIXED_LINE] if mobile else [Kind.FIXED_LINE, Kind.MOBILE]
    for kind in kinds:
        example = phonenumbers.example_number_for_type(region, kind)
        if example is None:
            continue
        nsn = phonenumbers.national_significant_number(example)
        for keep in (1, min(2, len(nsn) - 4), min(3, len(nsn) - 4), max(1, len(nsn) - 6), max(1, len(nsn) - 4)):
            for _ in range(40):
                tail = "".join(rng.choice("0123456789") for _ in range(len(nsn) - keep))
                candidate = phonenumbers.parse("+" + str(example.country_code) + nsn[:keep] + tail)
                if (
                    phonenumbers.is_valid_number_for_region(candidate, region)
                    and phonenumbers.number_type(candidate) in _PERSONAL
                    and "555" not in nsn[:keep] + tail
                ):
                    return candidate
    raise ValueError(region)


def _forms(number: phonenumbers.PhoneNumber) -> list[str]:
    intl = phonenumbers.format_number(number, Fmt.INTERNATIONAL)
    national = phonenumbers.format_number(number, Fmt.NATIONAL)
    e164 = phonenumbers.format_number(number, Fmt.E164)
    cc = str(number.country_code)
    rest = intl.removeprefix("+" + cc).strip()
    forms = [
        intl,
        national,
        e164,
        intl.replace(" ", "-").replace("--", "-"),
        "+" + cc + " " + rest.replace(" ", "").replace("-", ""),
        "00" + cc + " " + rest,
        "+" + cc + "." + rest.replace(" ", ".").replace("-", "."),
        national.replace(" ", ""),
        national if "(" in national else national.replace(" ", "-"),
        "(+" + cc + ") " + rest,
    ]
    return forms


def phone_value(rng: random.Random, region: str, style: str | None = None) -> str:
    """One number of ``region`` written one way: ``intl``, ``national``, ``e164`` or any (``None``)."""
    number = _number(rng, region, rng.random() < 0.65)
    forms = [f for f in dict.fromkeys(_forms(number)) if phone_is_valid(f, region)]
    if style == "intl":
        return forms[0]
    if style == "national" and phone_is_valid(phonenumbers.format_number(number, Fmt.NATIONAL), region):
        return phonenumbers.format_number(number, Fmt.NATIONAL)
    if style == "e164":
        return phonenumbers.format_number(number, Fmt.E164)
    weights = [5, 5, 2, 1, 1, 1, 1, 1, 1, 1][: len(forms)]
    return rng.choices(forms, weights=weights)[0]


def region_language(rng: random.Random, region: str) -> str:
    return rng.choice(REGIONS[region][1])
