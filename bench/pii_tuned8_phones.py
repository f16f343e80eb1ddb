"""Phone numbers for PII tuned part 8 (bench/make_pii_tuned8.py): drawn per region from the ``phonenumbers``
metadata (an example number's leading digits, the rest at random), written the ways people write them, and kept
only when ``phonenumbers`` accepts the exact written form as a valid number of that region."""

from __future__ import annotations

import random
import re

import phonenumbers
from phonenumbers import PhoneMetadata, PhoneNumberFormat

# region -> languages whose contact sentences use numbers of that region (every continent)
REGIONS: dict[str, tuple[str, ...]] = {
    "US": ("en", "es"), "CA": ("en", "fr"), "MX": ("es",), "JM": ("en",),
    "BR": ("pt",), "AR": ("es",), "CO": ("es",), "CL": ("es",), "PE": ("es",),
    "GB": ("en",), "IE": ("en",), "DE": ("de",), "AT": ("de",), "CH": ("de", "fr"), "FR": ("fr",),
    "BE": ("nl", "fr"), "NL": ("nl",), "ES": ("es",), "PT": ("pt",), "IT": ("it",), "PL": ("pl",),
    "SE": ("sv",), "GR": ("el",), "TR": ("tr",), "RU": ("ru",),
    "IN": ("hi", "en"), "JP": ("ja",), "CN": ("zh",), "TW": ("zh",), "HK": ("zh", "en"), "KR": ("ko",),
    "ID": ("id",), "VN": ("vi",), "TH": ("th",), "PH": ("tl", "en"), "SG": ("en", "zh"),
    "SA": ("ar",), "AE": ("ar", "en"), "EG": ("ar",),
    "NG": ("en",), "KE": ("sw", "en"), "TZ": ("sw",), "ZA": ("en",), "GH": ("en",), "MA": ("fr", "ar"),
    "SN": ("fr",), "AU": ("en",), "NZ": ("en",),
}  # fmt: skip
NANP = {"US", "CA", "JM"}
# where people write a number with dots, a slash after the area code, the area code of a landline in brackets, the
# trunk prefix in brackets after the country code, or dots after the country code
DOTS = {"US", "CA", "JM", "FR", "BE", "CH", "MX", "BR", "CO", "PE", "AR", "CL", "PT", "ES", "IT", "PL", "NL", "DE",
        "TR", "VN", "ID", "MA", "SN"}  # fmt: skip
SLASH = {"DE", "AT", "CH"}
AREA_BRACKETS = {"DE", "AT", "GB", "IN", "AU", "NZ", "ZA", "AR", "MX", "NL", "IE", "GR", "PH"}
TRUNK_BRACKETS = {"GB", "DE", "AT", "CH", "FR", "NL", "BE", "IE", "SE", "AU", "NZ", "ZA", "NG", "KE", "GH"}
INTL_DOTS = {"FR", "BE", "CH", "US"}
US_AREAS = ["206", "212", "303", "312", "404", "415", "503", "512", "617", "702", "713", "808", "917", "971"]


def phone_is_valid(text: str, region: str) -> bool:
    """Whether ``text``, exactly as written, parses as a valid number of ``region``."""
    if re.search(r"[A-Za-z]", text):
        return False
    try:
        number = phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number_for_region(number, region)


def _draw(rng: random.Random, region: str, kind: str) -> phonenumbers.PhoneNumber:
    meta = PhoneMetadata.metadata_for_region(region)
    desc = meta.mobile if kind == "mobile" else meta.fixed_line
    example = (desc.example_number if desc and desc.example_number else meta.fixed_line.example_number) or ""
    for keep in (3, 4, 5):
        for _ in range(60):
            head = rng.choice(US_AREAS) if region == "US" else example[:keep]
            national = head + "".join(rng.choice("0123456789") for _ in range(len(example) - keep))
            number = phonenumbers.parse("+" + str(meta.country_code) + national)
            if phonenumbers.is_valid_number_for_region(number, region):
                return number
    return phonenumbers.parse("+" + str(meta.country_code) + example)


def written_forms(number: phonenumbers.PhoneNumber, region: str) -> dict[str, str]:
    """Every way of writing ``number`` that stays a valid number of ``region`` when parsed as written."""
    cc = str(number.country_code)
    national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    intl = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    e164 = phonenumbers.format_number(number, PhoneNumberFormat.E164)
    nsn = phonenumbers.national_significant_number(number)
    groups = re.findall(r"\d+", national)
    igroups = re.findall(r"\d+", intl)[1:]
    forms = {
        "national": national,
        "international": intl,
        "e164": e164,
        "run_together": "".join(groups),
        "intl_run_together": f"+{cc} {nsn}",
        "intl_dashes": f"+{cc}-" + "-".join(igroups),
        "idd_00": "00" + intl[1:],
        "idd_00_compact": "00" + e164[1:],
    }
    if region in INTL_DOTS:
        forms["intl_dots"] = f"+{cc}." + ".".join(igroups)
    if len(groups) >= 2:
        forms["dashes"] = "-".join(groups)
        if region in DOTS:
            forms["dots"] = ".".join(groups)
        if region in SLASH:
            forms["slash"] = groups[0] + "/" + " ".join(groups[1:])
        fixed = phonenumbers.number_type(number) == phonenumbers.PhoneNumberType.FIXED_LINE
        if region in AREA_BRACKETS and fixed and not national.startswith("("):
            forms["area_brackets"] = f"({groups[0]}) " + " ".join(groups[1:])
    if region in TRUNK_BRACKETS:
        forms["trunk_brackets"] = f"+{cc} (0)" + " ".join(igroups)
    if region in NANP:
        forms["one_dash"] = "1-" + "-".join(groups)
        forms["one_space"] = "1 " + national
    if region == "IN":
        forms["in_dash"] = f"+91-{nsn[:5]}-{nsn[5:]}"
        forms["in_zero"] = f"0{nsn[:5]} {nsn[5:]}"
    return {name: text for name, text in forms.items() if phone_is_valid(text, region)}


class PhoneDraw:
    """Numbers of a region written in many ways; ``pick`` returns one written form, cycling through the forms."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.turn: dict[str, int] = {}

    def pick(self, region: str, form: str | None = None) -> str:
        kind = "mobile" if self.rng.random() < 0.6 else "fixed"
        forms = written_forms(_draw(self.rng, region, kind), region)
        if form and form in forms:
            return forms[form]
        names = sorted(forms)
        i = self.turn.get(region, self.rng.randrange(len(names)))
        self.turn[region] = i + 1
        return forms[names[i % len(names)]]
