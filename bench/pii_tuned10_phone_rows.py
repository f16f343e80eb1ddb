"""Replies with phone numbers for PII tuned part 10: contact sentences in each region's languages, sentences
with an order, ticket, booking, claim, tracking or reference id beside the number (either order), and documents
(JSON, CSV, vCard, tables, logs ...) with a phone field."""

from __future__ import annotations

import random
import string

from pii_corpus_values import PHONE, Line, check_labels  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned10_docs import FORMATS, NAMES, render, vcard  # noqa: E402
from pii_tuned10_langs import PHONE_PHRASES  # noqa: E402
from pii_tuned10_phones import REGIONS, phone, phone_is_valid  # noqa: E402

# id kind -> setting
ID_SETTINGS = {
    "order": "retail",
    "marketplace": "retail",
    "ticket": "saas",
    "booking": "hotel",
    "pnr": "airline",
    "claim": "insurance",
    "tracking": "logistics",
    "usps": "logistics",
    "reference": "bank",
    "case": "telecom",
}


def an_id(rng: random.Random) -> tuple[str, str]:
    """(kind, id as written): many are long digit runs."""
    kind = rng.choice(list(ID_SETTINGS))
    digits = lambda n: "".join(rng.choice(string.digits) for _ in range(n))  # noqa: E731
    upper = lambda n: "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(n))  # noqa: E731
    if kind == "order":
        text = rng.choice([f"#{rng.randint(1, 9)}{digits(rng.randint(7, 12))}", f"{rng.randint(1, 9)}{digits(10)}"])
    elif kind == "marketplace":
        text = f"{rng.randint(100, 999)}-{digits(7)}-{digits(7)}"
    elif kind == "ticket":
        text = rng.choice([f"INC{digits(7)}", f"#{rng.randint(10000, 999999)}", f"SR-{digits(9)}"])
    elif kind == "booking":
        text = rng.choice([f"{rng.randint(1, 9)}{digits(9)}", f"BK{digits(8)}"])
    elif kind == "pnr":
        text = upper(6)
    elif kind == "claim":
        text = rng.choice([f"CLM-{rng.randint(2019, 2025)}-{digits(6)}", f"{rng.randint(1, 9)}{digits(11)}"])
    elif kind == "tracking":
        text = f"1Z{upper(3)}{digits(3)}{upper(2)}{digits(8)}"
    elif kind == "usps":
        text = f"9400{digits(18)}"
    elif kind == "reference":
        text = rng.choice([f"REF{digits(10)}", f"{rng.randint(1, 9)}{digits(13)}"])
    else:
        text = f"CS{digits(8)}"
    return kind, text


PLAIN_SETTINGS = ["retail", "telecom", "real_estate", "food_delivery", "rideshare", "utilities", "healthcare"]


def _sentence(rng: random.Random, region: str, lang: str, near: bool) -> Line:
    plain, with_id = PHONE_PHRASES[lang]
    number, style, kind = phone(rng, region)
    tags = ["phone", f"region-{region}", f"lang-{lang}"]
    if near:
        id_kind, id_text = an_id(rng)
        template = rng.choice(with_id)
        tags += [
            "near-id",
            f"setting-{ID_SETTINGS[id_kind]}",
            "id-first" if template.index("{id}") < template.index("{p}") else "phone-first",
        ]
        values = {"p": (number, PHONE), "id": (id_text, None)}
    else:
        template = rng.choice(plain)
        tags += [f"setting-{rng.choice(PLAIN_SETTINGS)}", "context-only" if template == plain[-1] else "named"]
        values = {"p": (number, PHONE)}
    tags += [style, kind]
    line = Line(*tags)
    rest = template
    while "{" in rest:
        before, _, after = rest.partition("{")
        name, _, rest = after.partition("}")
        line.add(before).add(*values[name])
    return line.add(rest)


# phone field labels per language: (label, key)
PHONE_FIELDS = {
    "en": ("Phone", "phone"), "es": ("Teléfono", "telefono"), "de": ("Telefon", "telefon"),
    "fr": ("Téléphone", "telephone"), "pt": ("Celular", "celular"), "it": ("Cellulare", "cellulare"),
    "nl": ("Telefoonnummer", "telefoonnummer"), "pl": ("Telefon", "telefon"), "ja": ("電話番号", "denwa"),
    "hi": ("मोबाइल", "mobile"), "tr": ("Cep telefonu", "cep_tel"), "sv": ("Mobil", "mobil"),
}  # fmt: skip
ID_FIELDS = {
    "en": ("Order ID", "order_id"), "es": ("N.º de pedido", "pedido"), "de": ("Bestellnummer", "bestellnr"),
    "fr": ("N° de commande", "commande"), "pt": ("Pedido", "pedido"), "it": ("N. ordine", "ordine"),
    "nl": ("Ordernummer", "ordernummer"), "pl": ("Nr zamówienia", "zamowienie"), "ja": ("注文番号", "chumon"),
    "hi": ("ऑर्डर आईडी", "order_id"), "tr": ("Sipariş no", "siparis_no"), "sv": ("Ordernummer", "ordernr"),
}  # fmt: skip


def _document(rng: random.Random, region: str, lang: str, near: bool) -> Line:
    number, style, kind = phone(rng, region)
    name = rng.choice(NAMES)
    label, key = PHONE_FIELDS[lang]
    tags = ["phone", f"region-{region}", f"lang-{lang}"]
    fmt = rng.choice(FORMATS + ["vcard"])
    if fmt == "vcard":
        prop = rng.choice(["TEL;TYPE=cell", "TEL;TYPE=home,voice", "TEL;TYPE=work", "TEL"])
        return vcard(rng, name, [(prop, number, PHONE)], *tags, "setting-crm", "vcard", style, kind)
    fields = [("Name", "name", name, None), (label, key, number, PHONE)]
    if near:
        id_kind, id_text = an_id(rng)
        id_label, id_key = ID_FIELDS[lang]
        entry = (id_label, id_key, id_text, None)
        fields = [entry, *fields] if rng.random() < 0.5 else [*fields, entry]
        tags.append("near-id")
    return render(rng, fmt, fields, *tags, "setting-crm", fmt, style, kind)


def phone_rows(rng: random.Random, per_region: int = 11) -> list[Line]:
    lines = []
    for region, (_, langs) in REGIONS.items():
        for i in range(per_region):
            lang = langs[i % len(langs)] if rng.random() < 0.8 else "en"
            near = i % 2 == 0
            if rng.random() < 0.2 and lang in PHONE_FIELDS:
                line = _document(rng, region, lang, near)
            else:
                line = _sentence(rng, region, lang, near)
            check_labels(line, phone_is_valid)
            lines.append(line)
    return lines
