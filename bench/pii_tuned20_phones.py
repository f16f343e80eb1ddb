"""Phone numbers for the held-out corpus: the regions it covers (region code -> (continent, language of the replies
quoting it)), numbers drawn at random and kept only when ``phonenumbers`` finds them valid for the region, and the ways
a support reply writes them."""

from __future__ import annotations

import random

import phonenumbers
from phonenumbers import PhoneNumberFormat

REGIONS: dict[str, tuple[str, str]] = {
    # americas
    "US": ("americas", "en"), "CA": ("americas", "fr"), "MX": ("americas", "es"), "BR": ("americas", "pt"),
    "AR": ("americas", "es"), "CO": ("americas", "es"), "CL": ("americas", "es"), "PE": ("americas", "es"),
    "JM": ("americas", "en"), "GT": ("americas", "es"), "UY": ("americas", "es"), "EC": ("americas", "es"),
    "CR": ("americas", "es"), "DO": ("americas", "es"), "PY": ("americas", "es"), "BO": ("americas", "es"),
    "TT": ("americas", "en"), "PA": ("americas", "es"),
    # europe
    "GB": ("europe", "en"), "IE": ("europe", "ga"), "DE": ("europe", "de"), "AT": ("europe", "de"),
    "CH": ("europe", "it"), "FR": ("europe", "fr"), "BE": ("europe", "nl"), "NL": ("europe", "nl"),
    "ES": ("europe", "ca"), "PT": ("europe", "pt"), "IT": ("europe", "it"), "PL": ("europe", "pl"),
    "CZ": ("europe", "cs"), "SK": ("europe", "sk"), "HU": ("europe", "hu"), "RO": ("europe", "ro"),
    "BG": ("europe", "bg"), "GR": ("europe", "el"), "HR": ("europe", "hr"), "SI": ("europe", "sl"),
    "RS": ("europe", "sr"), "UA": ("europe", "uk"), "LT": ("europe", "lt"), "LV": ("europe", "lv"),
    "EE": ("europe", "et"), "FI": ("europe", "fi"), "SE": ("europe", "sv"), "NO": ("europe", "nb"),
    "DK": ("europe", "da"), "IS": ("europe", "is"), "MT": ("europe", "mt"), "AL": ("europe", "sq"),
    "TR": ("europe", "tr"), "LU": ("europe", "fr"),
    # asia
    "IN": ("asia", "hi"), "PK": ("asia", "ur"), "BD": ("asia", "bn"), "LK": ("asia", "ta"), "NP": ("asia", "ne"),
    "JP": ("asia", "ja"), "KR": ("asia", "ko"), "CN": ("asia", "zh"), "TW": ("asia", "zh"), "HK": ("asia", "zh"),
    "SG": ("asia", "en"), "MY": ("asia", "ms"), "ID": ("asia", "id"), "TH": ("asia", "th"), "VN": ("asia", "vi"),
    "PH": ("asia", "tl"), "IL": ("asia", "he"), "SA": ("asia", "ar"), "AE": ("asia", "ar"), "GE": ("asia", "ka"),
    "AM": ("asia", "hy"), "IR": ("asia", "fa"), "MN": ("asia", "mn"), "KZ": ("asia", "ru"),
    # africa
    "EG": ("africa", "ar"), "MA": ("africa", "fr"), "NG": ("africa", "en"), "GH": ("africa", "en"),
    "KE": ("africa", "sw"), "TZ": ("africa", "sw"), "ZA": ("africa", "af"), "ET": ("africa", "am"),
    "SN": ("africa", "fr"), "UG": ("africa", "en"), "RW": ("africa", "en"), "TN": ("africa", "ar"),
    "CI": ("africa", "fr"), "ZM": ("africa", "en"),
    # oceania
    "AU": ("oceania", "en"), "NZ": ("oceania", "en"), "FJ": ("oceania", "en"), "PG": ("oceania", "en"),
    "WS": ("oceania", "en"), "TO": ("oceania", "en"),
}  # fmt: skip


def phone_is_valid(value: str, region: str) -> bool:
    """Whether ``value``, read as written with ``region`` as the default, is a valid number of that region."""
    try:
        number = phonenumbers.parse(value, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number(number) and phonenumbers.region_code_for_number(number) == region


def _random_number(rng: random.Random, region: str, kind: str) -> phonenumbers.PhoneNumber:
    """A number of the region drawn digit by digit (only the leading digit may follow the example number), kept
    when valid for the region."""
    meta = phonenumbers.PhoneMetadata.metadata_for_region(region)
    desc = meta.mobile if kind == "mobile" else meta.fixed_line
    example = desc.example_number or meta.general_desc.example_number
    lengths = [n for n in (desc.possible_length or ()) if n > 0] or [len(example)]
    lengths = [n for n in lengths if n >= min(7, max(lengths))]  # no short in-area forms
    for keep in (0, 1, 2, 3):
        for _ in range(4000):
            length = rng.choice(lengths)
            head = example[:keep] if keep else rng.choice("123456789")
            national = head + "".join(rng.choice("0123456789") for _ in range(length - len(head)))
            number = phonenumbers.parse("+" + str(meta.country_code) + national)
            if phonenumbers.is_valid_number(number) and phonenumbers.region_code_for_number(number) == region:
                if phonenumbers.number_type(number) in (
                    phonenumbers.PhoneNumberType.MOBILE,
                    phonenumbers.PhoneNumberType.FIXED_LINE,
                    phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE,
                ):
                    return number
    raise ValueError(region)


def written_forms(number: phonenumbers.PhoneNumber) -> list[str]:
    """The ways a reply might write ``number``: national, international, E.164, with dashes, dots or "00"."""
    national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    intl = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    e164 = phonenumbers.format_number(number, PhoneNumberFormat.E164)
    forms = [national, intl, intl, e164, "00" + intl[1:]]
    if "-" not in intl:
        forms += [intl.replace(" ", "-"), intl.replace(" ", ".")]
    cc = str(number.country_code)
    rest = intl[len(cc) + 2 :]
    forms.append(f"(+{cc}) {rest}")
    if national.startswith("0"):
        forms.append(f"+{cc} (0){national[1:]}")
    return forms


def phone(rng: random.Random, region: str) -> str:
    """A valid number of ``region`` written in one of the ways a reply might write it."""
    number = _random_number(rng, region, rng.choice(["mobile", "mobile", "fixed"]))
    forms = [f for f in written_forms(number) if phone_is_valid(f, region)]
    return rng.choice(forms)
