"""Phone numbers for PII tuned part 6 (bench/make_pii_tuned6.py): drawn per region from the ``phonenumbers``
metadata (the leading digits of the region's example numbers, the rest random), kept only when
``phonenumbers`` finds them valid for that region in the exact form they are written, and written in the forms people
use: as printed nationally, run together, international with and without spaces, E.164, ``00`` and the country code,
dots, slashes, dashes, the trunk prefix in brackets or as ``(0)``."""

from __future__ import annotations

import random

import phonenumbers
from phonenumbers import NumberParseException, PhoneNumberFormat

# region -> languages its replies are written in (the first is the usual one)
REGIONS: dict[str, tuple[str, ...]] = {
    # the Americas
    "US": ("en", "es"), "CA": ("en", "fr"), "MX": ("es",), "CR": ("es",), "GT": ("es",), "DO": ("es",),
    "PA": ("es",), "BR": ("pt",), "CL": ("es",), "CO": ("es",), "PE": ("es",), "UY": ("es",), "BO": ("es",),
    # Europe
    "GB": ("en",), "IE": ("en",), "DE": ("de",), "FR": ("fr",), "ES": ("es",), "IT": ("it",), "PT": ("pt",),
    "SE": ("sv",), "DK": ("da",), "FI": ("fi",), "CZ": ("cs",), "SK": ("sk",), "HU": ("hu",), "RO": ("ro",),
    "GR": ("el",), "RU": ("ru",), "RS": ("sr",), "HR": ("hr",), "BG": ("bg",), "LT": ("en",), "EE": ("en",),
    "LV": ("en",), "SI": ("en",), "IS": ("en",), "LU": ("fr", "de"),
    # Asia
    "IL": ("he",), "SA": ("ar",), "JO": ("ar",), "QA": ("ar", "en"), "IN": ("hi", "en"), "LK": ("en",),
    "NP": ("en", "hi"), "KZ": ("ru",), "UZ": ("ru",), "GE": ("en",), "MN": ("en",), "CN": ("zh",), "JP": ("ja",),
    "TH": ("th",), "VN": ("vi",), "PH": ("tl", "en"), "MY": ("ms",), "KH": ("en",),
    # Africa
    "NG": ("en",), "GH": ("en",), "KE": ("sw", "en"), "TZ": ("sw",), "UG": ("en",), "RW": ("en", "fr"),
    "ET": ("en",), "SN": ("fr",), "CM": ("fr", "en"), "ZM": ("en",),
    # Oceania
    "AU": ("en",), "NZ": ("en",), "FJ": ("en",),
}  # fmt: skip

WRITTEN = set("0123456789 +-()./")
DOT_REGIONS = {"US", "CA", "FR", "LU", "SN", "CM", "RO", "IT", "BR", "MX", "PE", "CO", "CL", "UY", "SK", "CZ", "BE"}
SLASH_REGIONS = {"DE", "SK", "HR", "RS", "BG"}  # where an area code and a slash are printed
# where the trunk prefix is put in brackets, in the national form or after the country code
TRUNK_REGIONS = {"GB", "IE", "DE", "FR", "SE", "FI", "SK", "RO", "RS", "HR", "BG", "SI", "LT", "IL", "AU", "NZ", "GH"}


def phone_is_valid(text: str, region: str) -> bool:
    """Whether ``text``, exactly as written (digits, spaces, ``+-()./`` only, a digit last), is a number that
    ``phonenumbers`` finds valid for ``region``."""
    if not text or not set(text) <= WRITTEN or not (text[0] in "+(" or text[0].isdigit()) or not text[-1].isdigit():
        return False
    try:
        number = phonenumbers.parse(text, region)
    except NumberParseException:
        return False
    return phonenumbers.is_valid_number_for_region(number, region)


def valid_anywhere(text: str) -> bool:
    """Whether the digits of ``text`` make a valid number in any region, dialled nationally or with a ``+``."""
    digits = "".join(ch for ch in text if ch.isdigit())
    for candidate in (digits, "+" + digits):
        for region in sorted(phonenumbers.SUPPORTED_REGIONS):
            try:
                number = phonenumbers.parse(candidate, region)
            except NumberParseException:
                continue
            if phonenumbers.is_valid_number(number):
                return True
    return False


def _examples(region: str) -> list[str]:
    meta = phonenumbers.PhoneMetadata.metadata_for_region(region)
    out = []
    for desc in (meta.mobile, meta.fixed_line):
        if desc is not None and desc.example_number and desc.example_number not in out:
            out.append(desc.example_number)
    return out


def draw(rng: random.Random, region: str) -> phonenumbers.PhoneNumber:
    """A valid number of ``region``: an example number's leading digits, the rest random."""
    examples = _examples(region)
    for attempt in range(600):
        example = rng.choice(examples)
        # few leading digits kept at first (area codes and prefixes vary), more when the plan is strict
        keep = min(len(example) - 2, rng.choice([1, 1, 2, 2, 3]) + attempt // 60)
        national = example[:keep] + "".join(rng.choice("0123456789") for _ in range(len(example) - keep))
        if national == example:
            continue
        number = phonenumbers.parse(national, region)
        if phonenumbers.is_valid_number_for_region(number, region):
            return number
    raise AssertionError(f"no valid number drawn for {region}")


def _national_groups(number: phonenumbers.PhoneNumber) -> list[str]:
    national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    return [g for g in national.replace("(", " ").replace(")", " ").replace("-", " ").split() if g]


def forms(number: phonenumbers.PhoneNumber, region: str) -> dict[str, str]:
    """The written forms of ``number`` that stay valid for ``region``, by name."""
    national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    intl = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    e164 = phonenumbers.format_number(number, PhoneNumberFormat.E164)
    cc = str(number.country_code)
    nsn = phonenumbers.national_significant_number(number)
    groups = _national_groups(number)
    intl_groups = intl.replace("-", " ").split()[1:]
    trunk = phonenumbers.PhoneMetadata.metadata_for_region(region).national_prefix or ""
    out = {
        "national": national,
        "intl": intl,
        "e164": e164,
        "intl_compact": f"+{cc} {nsn}",
        "run_together": "".join(ch for ch in national if ch.isdigit()),
        "idd00": "00" + cc + " " + " ".join(intl_groups),
        "dots": ".".join(groups) if region in DOT_REGIONS else "",
        "dashes": "-".join(groups),
        "intl_dashes": f"+{cc}-" + "-".join(intl_groups),
        "intl_dots": f"+{cc}." + ".".join(intl_groups) if region in DOT_REGIONS else "",
    }
    if len(groups) >= 2 and region in SLASH_REGIONS:
        out["slash"] = groups[0] + "/" + "".join(groups[1:])
    if len(groups) >= 2 and region in TRUNK_REGIONS and groups[0].startswith("0"):
        out["bracket"] = f"({groups[0]}) " + " ".join(groups[1:])
    if trunk == "0" and groups and groups[0].startswith("0") and region in TRUNK_REGIONS:
        out["intl_trunk"] = f"+{cc} (0)" + " ".join(intl_groups)
    return {name: text for name, text in out.items() if phone_is_valid(text, region)}


# how often each form is picked: the printed ones most, the odd ones now and then
FORM_WEIGHTS = {
    "national": 6, "intl": 6, "e164": 3, "intl_compact": 2, "run_together": 3, "idd00": 2, "dots": 1,
    "dashes": 2, "intl_dashes": 1, "intl_dots": 1, "slash": 1, "bracket": 2, "intl_trunk": 1,
}  # fmt: skip


def written(rng: random.Random, region: str, form: str | None = None) -> tuple[str, str]:
    """(written number, its E.164 form) for ``region``, in ``form`` when that form is valid there, else a weighted
    pick among the valid ones."""
    number = draw(rng, region)
    found = forms(number, region)
    if form not in found:
        names = list(found)
        form = rng.choices(names, weights=[FORM_WEIGHTS[name] for name in names])[0]
    return found[form], found["e164"]
