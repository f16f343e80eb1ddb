"""Phone numbers for PII tuned part 5 (bench/make_pii_tuned5.py): numbers drawn per region from the
``phonenumbers`` package's own metadata (its example number's leading digits, the rest random) and written the ways
people write them, each kept only when the exact written form parses, in its region, to the number drawn and is valid
there. Nothing here is taken from another corpus."""

from __future__ import annotations

import random
import re

import phonenumbers
from phonenumbers import PhoneNumberFormat as Fmt
from phonenumbers import PhoneNumberType as Kind

# region -> the languages its contact sentences are written in (the first is the most common one there)
REGIONS: dict[str, list[str]] = {
    "US": ["en", "es"], "CA": ["en", "fr"], "GB": ["en"], "IE": ["en"], "AU": ["en"], "NZ": ["en"],
    "ZA": ["en"], "SG": ["en"], "KE": ["en"], "IN": ["hi", "en"], "PK": ["ur", "en"], "BD": ["bn", "en"],
    "HK": ["zh", "en"], "TW": ["zh"], "KR": ["ko"], "JP": ["ja"], "ID": ["id"], "SA": ["ar"],
    "AE": ["ar", "en"], "EG": ["ar"], "MA": ["ar", "fr"], "TR": ["tr"], "UA": ["uk"], "PL": ["pl"],
    "NO": ["nb"], "DE": ["de"], "AT": ["de"], "CH": ["de", "fr", "it"], "FR": ["fr"], "BE": ["fr", "nl"],
    "NL": ["nl"], "IT": ["it"], "ES": ["es"], "MX": ["es"], "AR": ["es"], "VE": ["es"], "EC": ["es"],
    "UY": ["es"], "BR": ["pt"], "PT": ["pt"],
}  # fmt: skip

# the ways a number is written; each is tried and kept only when it still parses to the same valid number
FORMS = [
    "national", "international", "e164", "idd00", "compact", "dots", "dashes", "spaces", "slash", "trunk_paren",
    "area_paren", "intl_dashes", "intl_compact", "regroup",
]  # fmt: skip

SLASH_REGIONS = {"DE", "AT", "CH", "IT", "BE"}
MOBILE_KINDS = {Kind.MOBILE, Kind.FIXED_LINE_OR_MOBILE}
FIXED_KINDS = {Kind.FIXED_LINE, Kind.FIXED_LINE_OR_MOBILE}


def phone_is_valid(text: str, region: str) -> bool:
    """Whether ``text``, exactly as written, is a valid number for ``region`` (national forms read as dialled there)."""
    try:
        number = phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number_for_region(number, region)


def valid_anywhere(text: str) -> bool:
    """Whether ``text`` is a valid phone number read in any region at all (or as an international number)."""
    if text.lstrip().startswith("+"):
        try:
            return phonenumbers.is_valid_number(phonenumbers.parse(text, None))
        except phonenumbers.NumberParseException:
            return False
    for region in sorted(phonenumbers.SUPPORTED_REGIONS):
        try:
            number = phonenumbers.parse(text, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(number):
            return True
    return False


def e164(number: phonenumbers.PhoneNumber) -> str:
    return phonenumbers.format_number(number, Fmt.E164)


def draw(rng: random.Random, region: str, mobile: bool) -> phonenumbers.PhoneNumber:
    """A number valid for ``region``: the metadata's example number keeps a few leading digits, the rest is random."""
    order = [Kind.MOBILE, Kind.FIXED_LINE] if mobile else [Kind.FIXED_LINE, Kind.MOBILE]
    for kind in order:
        example = phonenumbers.example_number_for_type(region, kind)
        if example is not None:
            break
    assert example is not None, region
    wanted = MOBILE_KINDS if kind == Kind.MOBILE else FIXED_KINDS
    nsn = phonenumbers.national_significant_number(example)
    # keep as few of the example's leading digits as still give valid numbers often enough (more variety: other
    # area codes and mobile ranges), and more of them when too few draws hold
    for keep in range(rng.choice([0, 0, 1, 1, 2]), len(nsn)):
        for _ in range(300):
            length = len(nsn) + rng.choice([0, 0, 0, 0, 1, -1])
            candidate = nsn[:keep] + "".join(rng.choice("0123456789") for _ in range(length - keep))
            if candidate == nsn:
                continue
            try:
                number = phonenumbers.parse(f"+{example.country_code}{candidate}", None)
            except phonenumbers.NumberParseException:
                continue
            if phonenumbers.is_valid_number_for_region(number, region) and phonenumbers.number_type(number) in wanted:
                return number
    raise RuntimeError(f"no valid number drawn for {region}")


def _regroup(rng: random.Random, digits: str) -> str:
    """The digits regrouped as people type them: a lead of three or four, then pairs, threes or fours
    (``0612 34 56 78``, ``061 234 5678``), never a lone digit at the end."""
    lead = rng.choice([3, 4])
    parts, rest, size = [digits[:lead]], digits[lead:], rng.choice([2, 3, 4])
    while len(rest) > size + 1:
        parts.append(rest[:size])
        rest = rest[size:]
    return " ".join([*parts, rest]) if len(rest) > 1 else " ".join(parts) + rest


def _shape(rng: random.Random, number: phonenumbers.PhoneNumber, region: str, form: str) -> str | None:
    national = phonenumbers.format_number(number, Fmt.NATIONAL)
    international = phonenumbers.format_number(number, Fmt.INTERNATIONAL)
    groups = re.findall(r"\d+", national)
    igroups = re.findall(r"\d+", international)
    cc, nsn = igroups[0], phonenumbers.national_significant_number(number)
    prefix = phonenumbers.PhoneMetadata.metadata_for_region(region).national_prefix
    if form == "national":
        return national
    if form == "international":
        return international
    if form == "e164":
        return e164(number)
    if form == "idd00":
        return "00" + international[1:]
    if form == "compact":
        return "".join(groups)
    if form in ("dots", "dashes", "spaces"):
        return {"dots": ".", "dashes": "-", "spaces": " "}[form].join(groups) if len(groups) > 1 else None
    fixed = phonenumbers.number_type(number) == Kind.FIXED_LINE
    if form == "slash":  # the area code apart, as printed in the German-speaking countries, Italy and Belgium
        if region not in SLASH_REGIONS or len(groups) < 2 or not groups[0].startswith("0"):
            return None
        return f"{groups[0]}/{''.join(groups[1:]) if rng.random() < 0.5 else ' '.join(groups[1:])}"
    if form == "trunk_paren":  # +44 (0)20 ...: only where the national form is the trunk 0 and the same area code
        if prefix != "0" or len(igroups) < 3 or groups[0] != "0" + igroups[1]:
            return None
        return f"+{cc} (0){igroups[1]} {' '.join(igroups[2:])}"
    if form == "area_paren":  # (0226) 355 23 74: a landline's area code in brackets
        if not fixed or len(groups) < 2 or "(" in national or not groups[0].startswith("0"):
            return None
        return f"({groups[0]}) {' '.join(groups[1:])}"
    if form == "intl_dashes":
        return "+" + "-".join(igroups)
    if form == "intl_compact":
        return f"+{cc} {nsn}"
    if form == "regroup":
        return None if cc == "1" else _regroup(rng, "".join(groups))
    raise ValueError(form)


def write(rng: random.Random, number: phonenumbers.PhoneNumber, region: str, form: str) -> str | None:
    """``number`` written in ``form``, or None when that form would not read back as the same valid number."""
    text = _shape(rng, number, region, form)
    if text is None or not (text[0] in "+(" or text[0].isdigit()) or not text[-1].isdigit():
        return None
    try:
        back = phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException:
        return None
    if e164(back) != e164(number) or not phone_is_valid(text, region):
        return None
    return text


def written(rng: random.Random, region: str, forms: list[str] | None = None, mobile: bool | None = None) -> tuple:
    """(form, text, number): a fresh number for ``region`` written in the first of ``forms`` (shuffled) that holds."""
    number = draw(rng, region, rng.random() < 0.7 if mobile is None else mobile)
    choices = list(forms or FORMS)
    rng.shuffle(choices)
    for form in [*choices, "international", "e164"]:
        text = write(rng, number, region, form)
        if text is not None:
            return form, text, number
    raise RuntimeError(f"no written form holds for {e164(number)} in {region}")
