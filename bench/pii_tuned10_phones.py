"""Phone numbers for PII tuned part 10: drawn per region from the ``phonenumbers`` metadata (a mobile or
fixed-line example number keeps its leading digits, the rest is drawn again) and written the ways people write them,
each written form kept only when ``phonenumbers`` says it is a valid number for that region."""

from __future__ import annotations

import random

import phonenumbers
from phonenumbers import PhoneNumberFormat

# region -> (continent, languages a reply to that region is written in)
REGIONS: dict[str, tuple[str, list[str]]] = {
    "US": ("americas", ["en", "es"]),
    "CA": ("americas", ["en", "fr"]),
    "MX": ("americas", ["es"]),
    "BR": ("americas", ["pt"]),
    "AR": ("americas", ["es"]),
    "CO": ("americas", ["es"]),
    "CL": ("americas", ["es"]),
    "PE": ("americas", ["es"]),
    "GB": ("europe", ["en"]),
    "IE": ("europe", ["en"]),
    "DE": ("europe", ["de"]),
    "AT": ("europe", ["de"]),
    "CH": ("europe", ["de", "fr", "it"]),
    "FR": ("europe", ["fr"]),
    "BE": ("europe", ["nl", "fr"]),
    "NL": ("europe", ["nl"]),
    "ES": ("europe", ["es"]),
    "PT": ("europe", ["pt"]),
    "IT": ("europe", ["it"]),
    "PL": ("europe", ["pl"]),
    "SE": ("europe", ["sv"]),
    "NO": ("europe", ["nb"]),
    "DK": ("europe", ["da"]),
    "FI": ("europe", ["fi"]),
    "CZ": ("europe", ["cs"]),
    "GR": ("europe", ["el"]),
    "RO": ("europe", ["ro"]),
    "HU": ("europe", ["hu"]),
    "UA": ("europe", ["uk"]),
    "TR": ("europe", ["tr"]),
    "IN": ("asia", ["hi", "en"]),
    "PK": ("asia", ["ur", "en"]),
    "JP": ("asia", ["ja"]),
    "CN": ("asia", ["zh"]),
    "KR": ("asia", ["ko"]),
    "ID": ("asia", ["id"]),
    "VN": ("asia", ["vi"]),
    "TH": ("asia", ["th"]),
    "PH": ("asia", ["tl", "en"]),
    "SG": ("asia", ["en"]),
    "MY": ("asia", ["ms"]),
    "SA": ("asia", ["ar"]),
    "AE": ("asia", ["ar", "en"]),
    "IL": ("asia", ["he"]),
    "NG": ("africa", ["en"]),
    "KE": ("africa", ["sw", "en"]),
    "TZ": ("africa", ["sw"]),
    "ZA": ("africa", ["en"]),
    "EG": ("africa", ["ar"]),
    "MA": ("africa", ["fr", "ar"]),
    "GH": ("africa", ["en"]),
    "AU": ("oceania", ["en"]),
    "NZ": ("oceania", ["en"]),
}


# a person's line, not a free-phone, shared-cost or premium service number
PERSONAL = (
    phonenumbers.PhoneNumberType.MOBILE,
    phonenumbers.PhoneNumberType.FIXED_LINE,
    phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE,
)
TRUNK_ZERO_WRITTEN = {"GB", "IE", "DE", "AT", "CH", "NL", "BE", "IT", "AU", "NZ", "ZA", "NG", "FR"}


def phone_is_valid(text: str, region: str) -> bool:
    """``text`` exactly as written parses to a number ``phonenumbers`` holds valid for ``region``."""
    if not text or not (text[0] in "+(" or text[0].isdigit()) or not text[-1].isdigit():
        return False
    if any(ch.isalpha() for ch in text):
        return False
    try:
        number = phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException:
        return False
    if number.extension:
        return False
    return phonenumbers.is_valid_number_for_region(number, region)


def _draw_national(rng: random.Random, region: str, kind: str) -> phonenumbers.PhoneNumber | None:
    meta = phonenumbers.PhoneMetadata.metadata_for_region(region)
    desc = meta.mobile if kind == "mobile" else meta.fixed_line
    example = desc.example_number if desc is not None else None
    if not example:
        return None
    code = meta.country_code
    for keep in (2, 3, 4, 5):
        keep = min(keep, len(example) - 3)
        for _ in range(60):
            national = example[:keep] + "".join(rng.choice("0123456789") for _ in range(len(example) - keep))
            if national == example:
                continue
            number = phonenumbers.PhoneNumber(country_code=code, national_number=int(national))
            if national.startswith("0") and region in TRUNK_ZERO_WRITTEN:
                number.italian_leading_zero = True
            if phonenumbers.is_valid_number_for_region(number, region) and phonenumbers.number_type(number) in PERSONAL:
                return number
    return None


def _styles(number: phonenumbers.PhoneNumber, region: str) -> list[tuple[str, str]]:
    national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    intl = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    e164 = phonenumbers.format_number(number, PhoneNumberFormat.E164)
    cc = str(number.country_code)
    rest = intl.removeprefix(f"+{cc} ")
    meta = phonenumbers.PhoneMetadata.metadata_for_region(region)
    idd = meta.preferred_international_prefix or meta.international_prefix or "00"
    styles = [
        ("national", national),
        ("international", intl),
        ("e164", e164),
        ("intl-dashes", f"+{cc}-" + rest.replace(" ", "-")),
        ("intl-dots", f"+{cc}." + rest.replace(" ", ".").replace("-", ".")),
        ("national-compact", "".join(ch for ch in national if ch.isdigit())),
        ("national-dashes", national.replace(" ", "-").replace("(", "").replace(")", "")),
        ("idd", f"00 {cc} {rest}" if idd == "00" else intl),
        ("intl-paren-cc", f"(+{cc}) {rest}"),
    ]
    if national.startswith("0") and region in TRUNK_ZERO_WRITTEN:
        styles.append(("intl-trunk-zero", f"+{cc} (0){national[1:]}"))
    if region in ("US", "CA"):
        digits = "".join(ch for ch in national if ch.isdigit())
        styles += [
            ("nanp-dots", f"{digits[:3]}.{digits[3:6]}.{digits[6:]}"),
            ("nanp-one", f"1-{digits[:3]}-{digits[3:6]}-{digits[6:]}"),
            ("nanp-one-paren", f"1 ({digits[:3]}) {digits[3:6]}-{digits[6:]}"),
        ]
    return [(name, text) for name, text in styles if phone_is_valid(text, region)]


def phone(rng: random.Random, region: str) -> tuple[str, str, str]:
    """(written number, style, kind) for ``region``, valid for it as written."""
    kinds = ["mobile", "fixed"]
    rng.shuffle(kinds)
    for kind in kinds:
        number = _draw_national(rng, region, kind)
        if number is None:
            continue
        styles = _styles(number, region)
        if not styles:
            continue
        # national and international forms are what people write most; the rest now and then
        weights = [6 if name in ("national", "international") else 2 for name, _ in styles]
        name, text = rng.choices(styles, weights=weights)[0]
        return text, name, kind
    raise ValueError(f"no valid number drawn for {region}")
