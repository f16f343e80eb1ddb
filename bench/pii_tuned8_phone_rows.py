"""Replies with phone numbers for PII tuned part 8: contact sentences in many languages, numbers next to an
order, ticket, booking, claim, tracking or reference id, numbers inside JSON, CSV, Markdown, HTML, vCard, YAML,
signatures, chat transcripts, quoted mail and forms, lists of two, and numbers named only by their context."""

from __future__ import annotations

import random

from pii_corpus_values import PHONE, Line, check_labels, templated
from pii_tuned8_phone_words import WORDS
from pii_tuned8_phones import REGIONS, PhoneDraw, phone_is_valid

ID_WORDS = {
    "tracking": ["track", "seguimiento", "sendungsnummer", "suivi", "rastreio", "przesyłki", "spårning", "takip",
                 "трек", "追跡", "运单", "운송장", "الشحنة", "resi", "vận đơn", "พัสดุ", "ufuatiliaji", "αποστολής"],
    "claim": ["claim", "reclamo", "schaden", "sinistre", "sinistro", "क्लेम", "शिकायत"],
    "booking": ["booking", "reserva", "buchung", "réservation", "prenotazione", "reservering", "rezerwacja",
                "bokning", "rezervasyon", "бронь", "予約", "訂位", "예약", "الحجز", "reservasi", "đặt chỗ", "การจอง",
                "nafasi", "κράτηση", "बुकिंग"],
    "ticket": ["ticket", "chamado", "zgłoszenia", "ärende", "talebe", "заявку", "お問い合わせ", "工单", "문의",
               "التذكرة", "tiket", "phiếu", "เคส", "tiketi", "αίτημα", "टिकट"],
}  # fmt: skip
SETTING_OF_ID = {"order": "retail", "tracking": "logistics", "claim": "insurance", "booking": "hotel",
                 "ticket": "it_helpdesk", "reference": "bank"}  # fmt: skip


def _digits(rng: random.Random, n: int) -> str:
    return rng.choice("123456789") + "".join(rng.choice("0123456789") for _ in range(n - 1))


def make_id(rng: random.Random, kind: str) -> str:
    """An id of ``kind`` as shops, carriers, airlines, insurers and help desks print them (many are long digit runs)."""
    letters = "ABCDEFGHJKLMNPQRSTUVWXYZ"
    if kind == "order":
        return rng.choice([
            f"#{_digits(rng, 7)}", _digits(rng, 12), f"{_digits(rng, 3)}-{_digits(rng, 7)}-{_digits(rng, 7)}",
            f"SO-{_digits(rng, 8)}", f"#{_digits(rng, 14)}", f"W{_digits(rng, 9)}",
        ])  # fmt: skip
    if kind == "tracking":
        return rng.choice([
            "1Z" + "".join(rng.choice(letters + "0123456789") for _ in range(6)) + _digits(rng, 10),
            _digits(rng, 22), f"JJD{_digits(rng, 18)}", f"{''.join(rng.choices(letters, k=2))}{_digits(rng, 9)}GB",
            _digits(rng, 12),
        ])  # fmt: skip
    if kind == "claim":
        return rng.choice(
            [f"CLM-{rng.randint(2021, 2025)}-{_digits(rng, 7)}", _digits(rng, 10), f"SIN/{_digits(rng, 9)}"]
        )
    if kind == "booking":
        return rng.choice(["".join(rng.choices(letters + "23456789", k=6)), f"HB{_digits(rng, 11)}", _digits(rng, 10)])
    if kind == "ticket":
        return rng.choice([f"#{_digits(rng, 6)}", f"INC{_digits(rng, 7)}", f"SR-{_digits(rng, 9)}", _digits(rng, 8)])
    return rng.choice([f"REF-{_digits(rng, 10)}", f"{rng.randint(2022, 2025)}{_digits(rng, 8)}", _digits(rng, 16)])


def id_kind(template: str) -> str:
    low = template.lower()
    for kind, words in ID_WORDS.items():
        if any(word in low for word in words):
            return kind
    return "reference" if "reference" in low else "order"


def _tags(kind: str, lang: str, region: str, setting: str, *more: str) -> tuple[str, ...]:
    return (kind, f"lang-{lang}", f"region-{region}", *more, f"setting-{setting}")


def _finish(line: Line, out: list[Line]) -> None:
    check_labels(line, phone_is_valid)
    out.append(line)


def language_rows(rng: random.Random, draw: PhoneDraw) -> list[Line]:
    """Each language's contact sentences and id sentences with numbers of the regions that speak it."""
    out: list[Line] = []
    pairs = sorted((lang, region) for region, langs in REGIONS.items() for lang in langs)
    for lang, region in pairs:
        names, contact, near = WORDS[lang]
        for template in rng.sample(contact, 3):
            values = {"p": (draw.pick(region), PHONE), "n": (rng.choice(names), None)}
            _finish(templated(template, values, *_tags("phone", lang, region, "telecom")), out)
        for template in rng.sample(near, min(5, len(near))):
            kind = id_kind(template)
            values = {"p": (draw.pick(region), PHONE), "n": (rng.choice(names), None), "id": (make_id(rng, kind), None)}
            tags = _tags("phone", lang, region, SETTING_OF_ID[kind], "near-id")
            _finish(templated(template, values, *tags), out)
    return out


STRUCTURED = [
    ("json", '{{"order_id": "{id}", "customer": "{n}", "phone": "{p}", "status": "out_for_delivery"}}', "order"),
    ("json", '{{"ticket": "{id}", "requester": {{"name": "{n}", "mobile": "{p}"}}, "priority": "P2"}}', "ticket"),
    ("csv", "booking_ref,guest,phone,nights\n{id},{n},{p},3", "booking"),
    ("csv", "claim_no;policyholder;contact_phone\n{id};{n};{p}", "claim"),
    ("markdown", "| Tracking | Recipient | Phone |\n|---|---|---|\n| {id} | {n} | {p} |", "tracking"),
    ("markdown", "**Order:** {id}  \n**Contact:** {n}  \n**Phone:** {p}", "order"),
    ("html", '<tr><td>{id}</td><td>{n}</td><td><a href="tel:{p}">{p}</a></td></tr>', "order"),
    ("html", "<p>Ticket {id} &mdash; call back {n} on <strong>{p}</strong></p>", "ticket"),
    ("vcard", "BEGIN:VCARD\nVERSION:3.0\nFN:{n}\nTEL;TYPE=CELL:{p}\nNOTE:ref {id}\nEND:VCARD", "reference"),
    ("yaml", "booking: {id}\nguest:\n  name: {n}\n  phone: \"{p}\"\n", "booking"),
    ("signature", "Thanks again,\n{n}\nM: {p}\nRe: case {id}", "ticket"),
    ("chat", "[10:42] customer: my order is {id}\n[10:42] customer: call me on {p} pls\n[10:43] agent: noted, {n}!",
     "order"),
    ("quoted_mail", "> On Tue, {n} wrote:\n> Claim {id} - you can reach me at {p} all week.\n\nThanks, passing it on.",
     "claim"),
    ("form", "Name: {n}\nTracking no.: {id}\nDaytime phone: {p}\nSafe place: porch", "tracking"),
    ("json", '{{"contact": {{"name": "{n}", "tel": "{p}"}}}}', None),
    ("yaml", "emergency_contact:\n  name: {n}\n  phone: {p}", None),
    ("vcard", "BEGIN:VCARD\nVERSION:4.0\nFN:{n}\nTEL;TYPE=home;VALUE=uri:tel:{p}\nEND:VCARD", None),
    ("signature", "--\n{n} | Site manager\nMob. {p}", None),
    ("html", '<div class="contact">{n}<br>Tel: <a href="tel:{p}">{p}</a></div>', None),
    ("form", "Full name: {n}\nMobile number: {p}\nPreferred time: evenings", None),
]  # fmt: skip
STRUCTURED_REGIONS = ["US", "GB", "DE", "FR", "ES", "IN", "AU", "BR", "MX", "JP", "CA", "IE", "NL", "SG", "ZA", "NZ",
                      "IT", "KE", "AE", "PH"]  # fmt: skip
STRUCTURED_NAMES = ["Dana Whitfield", "Rohan Mehta", "Sofia Ruiz", "Ben Carter", "Yuki Mori", "Ama Mensah"]


def structured_rows(rng: random.Random, draw: PhoneDraw) -> list[Line]:
    out: list[Line] = []
    for i in range(4):
        for j, (setting_kind, template, kind) in enumerate(STRUCTURED):
            region = STRUCTURED_REGIONS[(i * len(STRUCTURED) + j) % len(STRUCTURED_REGIONS)]
            number = draw.pick(region, "e164" if "tel:" in template else None)
            if "tel:" in template and number.startswith("00"):
                number = draw.pick(region, "e164")
            # the number twice (a link and its text) carries two labels
            line = _structured(template, number, rng.choice(STRUCTURED_NAMES), make_id(rng, kind) if kind else "")
            more = ("near-id",) if kind else ()
            line.tags = list(_tags("phone", "en", region, SETTING_OF_ID.get(kind or "", "crm"), setting_kind, *more))
            _finish(line, out)
    return out


def _structured(template: str, number: str, name: str, ident: str) -> Line:
    template = template.replace("{{", "\x00").replace("}}", "\x01")
    values = {"p": (number, PHONE), "n": (name, None), "id": (ident, None)}
    line = templated(template, values)
    line.text = line.text.replace("\x00", "{").replace("\x01", "}")
    # braces shift no offsets: each doubled brace became one placeholder character, restored one for one
    return line


TWO = [
    ("en", "Two numbers on the account: {a} (mobile) and {b} (home)."),
    ("en", "Try {a} first; if nobody answers, {b}."),
    ("es", "Tiene dos teléfonos: {a} y {b}."),
    ("de", "Erreichbar unter {a} oder {b}."),
    ("fr", "Deux numéros : {a} / {b}."),
    ("pt", "Contatos: {a}, {b}."),
    ("hi", "दो नंबर दिए गए हैं: {a} और {b}।"),
    ("en", "- mobile: {a}\n- work: {b}"),
]
CONTEXT = [
    ("en", "If it's urgent, {p} - that's {n} herself, not the front desk."),
    ("en", "{n} said to try {p} after lunch."),
    ("en", "Her new one is {p}; the old one was cut off when she moved."),
    ("en", "{n} left {p} and asked for someone to get back to them today."),
    ("es", "{n} dejó el {p} para que le avisemos cuando llegue."),
    ("de", "{n} meinte, unter {p} klappt es ab 17 Uhr."),
    ("fr", "{n} a laissé le {p} pour qu'on la prévienne."),
    ("hi", "{n} ने कहा है कि कल {p} पर बात कर लें।"),
]
LANG_REGIONS = {"en": ["US", "GB", "AU", "CA", "IN", "NZ", "NG", "ZA", "IE", "GH"], "es": ["ES", "MX", "AR", "CO"],
                "de": ["DE", "AT", "CH"], "fr": ["FR", "BE", "SN"], "pt": ["BR", "PT"], "hi": ["IN"]}  # fmt: skip
CONTEXT_NAMES = {"en": ["Dana", "Marcus", "Aisha"], "es": ["Lucía", "Diego"], "de": ["Jonas", "Anna"],
                 "fr": ["Camille", "Hugo"], "hi": ["प्रिया", "राहुल"]}  # fmt: skip


def two_and_context_rows(rng: random.Random, draw: PhoneDraw) -> list[Line]:
    out: list[Line] = []
    for i in range(32):
        lang, template = TWO[i % len(TWO)]
        region = LANG_REGIONS[lang][i % len(LANG_REGIONS[lang])]
        values = {"a": (draw.pick(region), PHONE), "b": (draw.pick(region), PHONE)}
        _finish(templated(template, values, *_tags("phone", lang, region, "crm", "two")), out)
    for i in range(32):
        lang, template = CONTEXT[i % len(CONTEXT)]
        region = LANG_REGIONS[lang][(i // 2) % len(LANG_REGIONS[lang])]
        values = {"p": (draw.pick(region), PHONE), "n": (rng.choice(CONTEXT_NAMES[lang]), None)}
        _finish(templated(template, values, *_tags("phone", lang, region, "crm", "context")), out)
    return out


def phone_rows(rng: random.Random) -> list[Line]:
    draw = PhoneDraw(rng)
    return language_rows(rng, draw) + structured_rows(rng, draw) + two_and_context_rows(rng, draw)
