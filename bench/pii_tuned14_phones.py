"""Phone numbers for the held-out part: the regions it covers (continent, the language its replies are written in),
numbers drawn from each region's own numbering plan as ``phonenumbers`` describes it, written the ways people write
them there, and the check that a number is valid for its region exactly as written."""

from __future__ import annotations

import random

import phonenumbers
from phonenumbers import PhoneNumberFormat, PhoneNumberType

# region -> (continent, language of the replies, city or place named in them)
REGIONS: dict[str, tuple[str, str, str]] = {
    "US": ("americas", "en", "Denver"), "CA": ("americas", "fr", "Montréal"), "MX": ("americas", "es", "Puebla"),
    "GT": ("americas", "es", "Antigua"), "CR": ("americas", "es", "Heredia"), "PA": ("americas", "es", "Colón"),
    "DO": ("americas", "es", "Santiago"), "CO": ("americas", "es", "Medellín"), "PE": ("americas", "es", "Arequipa"),
    "CL": ("americas", "es", "Valparaíso"), "AR": ("americas", "es", "Rosario"), "UY": ("americas", "es", "Salto"),
    "BR": ("americas", "pt", "Curitiba"), "JM": ("americas", "en", "Montego Bay"), "TT": ("americas", "en", "Arima"),
    "EC": ("americas", "es", "Cuenca"), "PY": ("americas", "es", "Encarnación"), "BO": ("americas", "es", "Sucre"),
    "GB": ("europe", "en", "Leeds"), "IE": ("europe", "ga", "Gaillimh"), "FR": ("europe", "fr", "Nantes"),
    "BE": ("europe", "nl", "Gent"), "NL": ("europe", "nl", "Utrecht"), "DE": ("europe", "de", "Bremen"),
    "AT": ("europe", "de", "Graz"), "CH": ("europe", "it", "Lugano"), "IT": ("europe", "it", "Bologna"),
    "ES": ("europe", "ca", "Girona"), "PT": ("europe", "pt", "Braga"), "PL": ("europe", "pl", "Poznań"),
    "CZ": ("europe", "cs", "Brno"), "SK": ("europe", "sk", "Košice"), "HU": ("europe", "hu", "Debrecen"),
    "RO": ("europe", "ro", "Cluj"), "BG": ("europe", "bg", "Пловдив"), "GR": ("europe", "el", "Πάτρα"),
    "HR": ("europe", "hr", "Split"), "SI": ("europe", "sl", "Maribor"), "RS": ("europe", "sr", "Нови Сад"),
    "UA": ("europe", "uk", "Львів"), "LT": ("europe", "lt", "Kaunas"), "LV": ("europe", "lv", "Liepāja"),
    "EE": ("europe", "et", "Tartu"), "FI": ("europe", "fi", "Tampere"), "SE": ("europe", "sv", "Malmö"),
    "NO": ("europe", "nb", "Bergen"), "DK": ("europe", "da", "Aarhus"), "IS": ("europe", "is", "Akureyri"),
    "MT": ("europe", "mt", "Sliema"), "AL": ("europe", "sq", "Durrës"), "LU": ("europe", "fr", "Esch"),
    "TR": ("asia", "tr", "İzmir"), "IL": ("asia", "he", "חיפה"), "SA": ("asia", "ar", "جدة"),
    "AE": ("asia", "ar", "الشارقة"), "IN": ("asia", "hi", "पुणे"), "PK": ("asia", "ur", "لاہور"),
    "BD": ("asia", "bn", "চট্টগ্রাম"), "NP": ("asia", "ne", "पोखरा"), "LK": ("asia", "ta", "யாழ்ப்பாணம்"),
    "JP": ("asia", "ja", "札幌"), "KR": ("asia", "ko", "부산"), "CN": ("asia", "zh", "成都"),
    "TW": ("asia", "zh", "台中"), "HK": ("asia", "zh", "沙田"), "SG": ("asia", "en", "Tampines"),
    "MY": ("asia", "ms", "Ipoh"), "ID": ("asia", "id", "Bandung"), "TH": ("asia", "th", "เชียงใหม่"),
    "VN": ("asia", "vi", "Đà Nẵng"), "PH": ("asia", "tl", "Cebu"), "KZ": ("asia", "ru", "Алматы"),
    "GE": ("asia", "ka", "ბათუმი"), "AM": ("asia", "hy", "Գյումրի"), "IR": ("asia", "fa", "اصفهان"),
    "MN": ("asia", "mn", "Дархан"), "EG": ("africa", "ar", "الإسكندرية"), "MA": ("africa", "fr", "Fès"),
    "NG": ("africa", "en", "Ibadan"), "GH": ("africa", "en", "Kumasi"), "KE": ("africa", "sw", "Mombasa"),
    "TZ": ("africa", "sw", "Arusha"), "ET": ("africa", "am", "ባህር ዳር"), "ZA": ("africa", "af", "Stellenbosch"),
    "SN": ("africa", "fr", "Thiès"), "UG": ("africa", "en", "Jinja"), "RW": ("africa", "en", "Musanze"),
    "ZM": ("africa", "en", "Ndola"), "TN": ("africa", "fr", "Sfax"), "MG": ("africa", "fr", "Toamasina"),
    "AU": ("oceania", "en", "Hobart"), "NZ": ("oceania", "en", "Dunedin"), "FJ": ("oceania", "en", "Lautoka"),
    "PG": ("oceania", "en", "Lae"), "WS": ("oceania", "en", "Apia"), "TO": ("oceania", "en", "Neiafu"),
}  # fmt: skip


def phone_is_valid(value: str, region: str) -> bool:
    """Whether ``value`` is, exactly as written, a valid number of ``region``."""
    try:
        number = phonenumbers.parse(value, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number_for_region(number, region)


def _draw(rng: random.Random, region: str, kind: int) -> phonenumbers.PhoneNumber:
    """A valid number of ``region``: its example number of ``kind`` with the last digits drawn anew."""
    base = phonenumbers.example_number_for_type(region, kind) or phonenumbers.example_number(region)
    national = str(base.national_number)
    keep = max(1, len(national) - 4)
    for _ in range(200):
        digits = national[:keep] + "".join(rng.choice("0123456789") for _ in range(len(national) - keep))
        number = phonenumbers.parse(f"+{base.country_code}{digits}")
        if phonenumbers.is_valid_number_for_region(number, region):
            return number
    return base


STYLES = ["national", "international", "e164", "intl-dashes", "national-dots", "intl-no-space"]


def make_phone(rng: random.Random, region: str, style: str | None = None, mobile: bool | None = None) -> str:
    """A number of ``region`` written in ``style`` (one of STYLES, drawn when None), valid as written."""
    if mobile is None:
        mobile = rng.random() < 0.6
    number = _draw(rng, region, PhoneNumberType.MOBILE if mobile else PhoneNumberType.FIXED_LINE)
    style = style or rng.choice(STYLES)
    intl = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    text = {
        "national": national,
        "international": intl,
        "e164": phonenumbers.format_number(number, PhoneNumberFormat.E164),
        "intl-dashes": intl.replace(" ", "-"),
        "national-dots": national.replace(" ", ".").replace("-", "."),
        "intl-no-space": intl.split(" ", 1)[0] + " " + intl.split(" ", 1)[-1].replace(" ", "").replace("-", ""),
    }[style]
    return text if phone_is_valid(text, region) else intl


def regions_on(continent: str) -> list[str]:
    return [region for region, (where, _, _) in REGIONS.items() if where == continent]
