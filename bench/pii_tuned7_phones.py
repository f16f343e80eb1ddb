"""Phone numbers for PII tuned part 7 (bench/make_pii_tuned7.py): drawn per region from the ``phonenumbers``
metadata (an example number's leading digits, the rest random) and kept only when ``phonenumbers`` accepts them as
valid for that region, then written the ways people write them in that country. Every written form is checked
again, exactly as written, by ``phone_is_valid``."""

from __future__ import annotations

import random

import phonenumbers
from phonenumbers import PhoneMetadata, PhoneNumberFormat, PhoneNumberType

# region -> the languages its rows are written in (the first is the most common)
REGIONS: dict[str, list[str]] = {
    # the Americas
    "US": ["en", "es"], "CA": ["en", "fr"], "MX": ["es"], "BR": ["pt"], "AR": ["es"], "CO": ["es"], "CL": ["es"],
    "PE": ["es"], "JM": ["en"],
    # Europe
    "GB": ["en"], "IE": ["en"], "DE": ["de"], "AT": ["de"], "CH": ["de", "fr", "it"], "FR": ["fr"], "BE": ["nl", "fr"],
    "NL": ["nl"], "ES": ["es"], "PT": ["pt"], "IT": ["it"], "PL": ["pl"], "SE": ["sv"], "TR": ["tr"], "RU": ["ru"],
    "UA": ["uk"],
    # Asia
    "IN": ["hi", "en"], "PK": ["ur", "en"], "JP": ["ja"], "CN": ["zh"], "TW": ["zh"], "KR": ["ko"], "ID": ["id"],
    "PH": ["tl", "en"], "VN": ["vi"], "TH": ["th"], "SA": ["ar"], "AE": ["ar", "en"], "IL": ["he"], "SG": ["en"],
    # Africa
    "NG": ["en"], "KE": ["sw", "en"], "TZ": ["sw"], "ZA": ["en"], "EG": ["ar"], "MA": ["fr", "ar"], "GH": ["en"],
    # Oceania
    "AU": ["en"], "NZ": ["en"],
}  # fmt: skip


# a person's line: toll-free, premium, shared-cost, pager and voip ranges are left out
PERSONAL = {PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE, PhoneNumberType.FIXED_LINE_OR_MOBILE}


def phone_is_valid(text: str, region: str) -> bool:
    """Whether ``text``, exactly as written, is a valid number of ``region`` by the ``phonenumbers`` metadata."""
    try:
        number = phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number_for_region(number, region)


def draw_number(rng: random.Random, region: str, kind: str = "mobile") -> phonenumbers.PhoneNumber:
    """A valid number of ``region``: the example number's leading digits, the rest drawn at random."""
    meta = PhoneMetadata.metadata_for_region(region)
    desc = meta.mobile if kind == "mobile" else meta.fixed_line
    example = desc.example_number or meta.fixed_line.example_number
    first = 1 if kind == "fixed" or meta.country_code == 1 else 2
    for keep in (first, 2, max(3, len(example) - 5), max(3, len(example) - 3)):
        for _ in range(150):
            national = example[:keep] + "".join(rng.choice("0123456789") for _ in range(len(example) - keep))
            number = phonenumbers.parse("+" + str(meta.country_code) + national)
            if phonenumbers.is_valid_number_for_region(number, region) and phonenumbers.number_type(number) in PERSONAL:
                return number
    raise ValueError(f"no valid number drawn for {region}")


def _national_significant(number: phonenumbers.PhoneNumber) -> str:
    return phonenumbers.national_significant_number(number)


# where a trunk 0 in brackets is not how anyone writes a number
ODD_TRUNK = {"IN", "FR", "MA", "SA", "AE", "EG", "VN", "TW", "KR", "JP", "CN", "BR", "IL", "ID"}


def written_forms(number: phonenumbers.PhoneNumber, region: str) -> dict[str, str]:
    """The ways a number is commonly written, keyed by style; only the forms valid exactly as written are kept."""
    meta = PhoneMetadata.metadata_for_region(region)
    national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    international = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    e164 = phonenumbers.format_number(number, PhoneNumberFormat.E164)
    nsn = _national_significant(number)
    cc = str(number.country_code)
    rest = international.removeprefix("+" + cc + " ")
    forms = {
        "national": national,
        "international": international,
        "e164": e164,
        "run_together": "".join(ch for ch in national if ch.isdigit()),
        "intl_compact_cc": f"+{cc} {nsn}",
        "dashes": "-".join(national.replace("(", "").replace(")", "").split()),
        "dots": ".".join(national.replace("(", "").replace(")", "").replace("-", " ").split()),
        "intl_dashes": f"+{cc}-" + "-".join(rest.replace("-", " ").split()),
        "intl_dots": f"+{cc}." + ".".join(rest.replace("-", " ").split()),
    }
    if meta.international_prefix == "00" or region in ("GB", "DE", "FR", "ES", "IT", "IN", "AE", "SA", "EG"):
        forms["double_zero"] = f"00{cc} {rest}"
        forms["double_zero_compact"] = f"00{cc}{nsn}"
    if meta.national_prefix == "0" and region not in ODD_TRUNK:
        forms["trunk_brackets"] = f"+{cc} (0){rest}"
        parts = national.split(" ", 1)
        if len(parts) == 2 and parts[0].startswith("0") and parts[0].isdigit():
            if region in ("DE", "AT", "CH", "BE"):
                forms["slash"] = f"{parts[0]}/{parts[1].replace(' ', '')}"
            if region not in ODD_TRUNK:
                forms["area_brackets"] = f"({parts[0]}) {parts[1]}"
    if cc == "1":
        forms["one_dashes"] = "1-" + "-".join(national.replace("(", "").replace(")", "").replace("-", " ").split())
        forms["one_paren"] = "+1 " + national
    if region == "FR":
        forms["dots"] = ".".join(national.split())
    if region == "IN":
        forms["local_grouping"] = f"+91-{nsn[:5]}-{nsn[5:]}"
    if region == "BR":
        forms["local_grouping"] = f"({nsn[:2]}) {nsn[2:-4]}-{nsn[-4:]}"
    return {style: text for style, text in forms.items() if phone_is_valid(text, region)}


COMMON = ["national", "national", "international", "international", "e164", "run_together", "trunk_brackets"]


def phone(rng: random.Random, region: str, styles: list[str] | None = None) -> tuple[str, str]:
    """(style, written number) of a fresh number of ``region``; mobile numbers twice as often as fixed lines."""
    number = draw_number(rng, region, rng.choice(["mobile", "mobile", "fixed"]))
    forms = written_forms(number, region)
    weighted = styles or [*sorted(forms), *COMMON, *COMMON]
    choices = [style for style in weighted if style in forms] or ["international"]
    style = rng.choice(choices)
    return style, forms[style]
