"""Lines of tuned part 1 of the PII corpus (bench/make_pii_corpus.py) written for the detector's label rules
(docs/scoring.md, PII detection): phones beside order, delivery and ticket words, phone-shaped order numbers,
asset names with a scale suffix, uncommon TLDs, national phone forms, SSN shapes named by a thing or a person,
masked addresses and the forms of the third round of rules. Each builder draws from its own seeded random stream
(``labelled_lines``, ``national_lines``, ``unseen_form_lines``). Split out of the generator unchanged.
"""

from __future__ import annotations

import random

from pii_corpus_values import (  # noqa: E402 - bench scripts run with bench/ on the path
    CARD,
    DOMAINS,
    EMAIL,
    LOCALS,
    PHONE,
    SSN,
    Line,
    card_digits,
    d,
    nz,
    phone_formats,
    templated,
)

# ---- labels around numbers, and asset names (tuned: the rules in evaluations/scoring/pii/labels.py) ------------

# (template, language): {p} is a phone that the sentence calls one, {o} an order/ticket/tracking number beside it
LABELLED_PHONE_TEMPLATES = [
    ("The contact number on order {o} was changed to {p}.", "en"),
    ("I've updated the delivery phone for order #{o} to {p}.", "en"),
    ("The phone on your order is {p}; order {o} ships tomorrow.", "en"),
    ("Delivery contact for order {o}: {p}.", "en"),
    ("Your order {o} ships Monday and the driver will call {p} on arrival.", "en"),
    ("For delivery questions about order {o}, reach me at {p}.", "en"),
    ("Order {o}: the customer's mobile is {p}, please ring before delivery.", "en"),
    ("WhatsApp {p} if the delivery of order {o} is late.", "en"),
    ("Delivery update for ticket {o} - new contact number {p}.", "en"),
    ("Phone {p} (order {o}, delivery on Friday).", "en"),
    ("The customer asked us to text {p} when tracking {o} shows out for delivery.", "en"),
    ("The recipient's number for tracking {o} is now {p}.", "en"),
    ("El teléfono de contacto del pedido {o} es {p}.", "es"),
    ("Llámame al {p} si hay problemas con la entrega del pedido {o}.", "es"),
    ("Cambiamos el móvil de entrega del pedido {o} a {p}.", "es"),
    ("Para el envío {o}, el repartidor llamará al {p}.", "es"),
    ("ऑर्डर {o} का फ़ोन नंबर {p} है।", "hi"),
    ("डिलीवरी के लिए {p} पर कॉल करें, ऑर्डर {o}।", "hi"),
    ("मेरा मोबाइल नंबर {p} है, ऑर्डर {o} के बारे में।", "hi"),
    ("ट्रैकिंग {o} के लिए संपर्क: {p}", "hi"),
]
# Phone-shaped numbers that the sentence calls an order, ticket or tracking number, next to a phone word
LABELLED_ID_TEMPLATES = [
    ("Phone order {o} has shipped.", "en"),
    ("I called about order {o} yesterday; it ships today.", "en"),
    ("Your phone order number is {o}.", "en"),
    ("The phone you bought is on order {o}.", "en"),
    ("Please call us about ticket {o} if anything is unclear.", "en"),
    ("Phone support opened case {o} for the delivery.", "en"),
    ("Tracking number for your new phone: {o}.", "en"),
    ("Llamé por el pedido {o} ayer.", "es"),
    ("El número de pedido de su teléfono es {o}.", "es"),
    ("Su móvil llegará con el envío {o}.", "es"),
    ("फ़ोन ऑर्डर नंबर {o} है।", "hi"),
    ("आपके फ़ोन का ऑर्डर {o} भेज दिया गया है।", "hi"),
]
LABELLED_PHONE_FORMATS = [
    "US (ddd) ddd-dddd", "US ddd-ddd-dddd", "US +1", "UK London", "UK +44 mobile fictional", "DE Berlin",
    "DE mobile", "FR mobile", "FR +33", "ES landline", "ES mobile", "IT mobile", "NL mobile", "AU Sydney",
    "AU +61", "IN mobile", "IN national", "JP Tokyo", "BR Sao Paulo mobile", "MX", "international 00",
]  # fmt: skip
ASSETS = [
    "icon@2x.png", "hero@1.5x.jpg", "logo@3x.webp", "banner@2x.svg", "avatar@2x.gif", "btn-close@2x.png",
    "app-icon@3x.jpeg", "sprite@2x.zip", "intro@2x.mov", "splash@1.5x.avif",
]  # fmt: skip
ASSET_TEMPLATES = [
    "Upload {a} to the static folder; the old one was blurry.",
    "Retina assets: {a} and {b} are in the release bundle.",
    "The header uses {a}, the footer {b}.",
    "Sube {a} a la carpeta de imágenes, por favor.",
    "फ़ाइल {a} अपलोड कर दी गई है।",
]
UNCOMMON_TLD_EMAILS = [
    "curator@arts.museum", "bookings@lisbon.travel", "studio@light.photography", "hola@cafe.coffee",
    "li.wei@shop.zip", "ed@clips.mov", "team@startup.xyz", "ana@xn--e1afmkfd.xn--p1ai", "k.tanaka@tokyo.jp",
]  # fmt: skip


def _order_number(rng: random.Random) -> str:
    return rng.choice([nz(rng, 6), f"A-{d(rng, 5)}", f"NW-{d(rng, 5)}", f"{nz(rng, 3)}-{d(rng, 7)}-{d(rng, 7)}"])


def _phone_shaped_order(rng: random.Random) -> str:
    """An order, ticket or tracking number written like a phone number (labels alone tell them apart)."""
    return rng.choice(
        [
            f"{nz(rng, 3)}-{nz(rng, 3)}-{d(rng, 4)}",
            nz(rng, 10),
            f"0{nz(rng, 2)} {nz(rng, 4)} {d(rng, 4)}",
            f"6{d(rng, 2)} {d(rng, 2)} {d(rng, 2)} {d(rng, 2)}",
            f"{nz(rng, 5)} {d(rng, 5)}",
        ]
    )


def labelled_lines(seed: int) -> list[Line]:
    """Tuned for the label rules (docs/scoring.md, PII detection): phones in national and international formats
    beside order, delivery and ticket words (en, es, hi), phone-shaped order numbers beside phone words, bare
    phone numbers that a label names, image asset names with a scale suffix, emails at uncommon real TLDs. A
    separate random stream, so the lines above keep their values."""
    rng = random.Random(f"{seed}-labels")
    lines = []
    for template, language in LABELLED_PHONE_TEMPLATES:
        formats = dict(phone_formats(rng))
        for name in rng.sample(LABELLED_PHONE_FORMATS, 5):
            values = {"p": (formats[name], PHONE), "o": (_order_number(rng), None)}
            lines.append(templated(template, values, "label_phone", name, language))
    bare = [
        ("US", lambda: f"{rng.choice(['212', '415', '617'])}{nz(rng, 3)}{d(rng, 4)}"),
        ("UK", lambda: f"07700900{d(rng, 3)}"),
        ("IN", lambda: f"9{d(rng, 9)}"),
        ("ES", lambda: f"6{d(rng, 8)}"),
    ]
    bare_templates = [
        "Call the customer on {p} about order {o}.",
        "Her mobile number is {p}; order {o} is on hold.",
        "Llámame al {p} por el pedido {o}.",
        "ऑर्डर {o} के लिए मेरा फ़ोन नंबर {p} है।",
    ]
    for template in bare_templates:
        for country, make in bare:
            values = {"p": (make(), PHONE), "o": (_order_number(rng), None)}
            lines.append(templated(template, values, "label_phone", f"{country} bare"))
    for template, language in LABELLED_ID_TEMPLATES:
        for _ in range(4):
            lines.append(templated(template, {"o": (_phone_shaped_order(rng), None)}, "negative", "label_id", language))
    for i, template in enumerate(ASSET_TEMPLATES * 2):
        a, b = rng.sample(ASSETS, 2)
        lines.append(templated(template, {"a": (a, None), "b": (b, None)}, "negative", "asset"))
        email = UNCOMMON_TLD_EMAILS[i % len(UNCOMMON_TLD_EMAILS)]
        lines.append(
            templated("Send {a} to {e} for review.", {"a": (a, None), "e": (email, EMAIL)}, "email", "uncommon_tld")
        )
    return lines


NATIONAL_PHONE_TEMPLATES = [
    "Sure, the warehouse lead picks up on {p} until 6 pm.",
    "I've put {p} as the delivery contact for order {o}.",
    "Ticket {o}: the customer wants a callback on {p}.",
    "Puedes llamar al repartidor al {p} antes de las ocho.",
    "ऑर्डर {o} के लिए डिलीवरी नंबर {p} सेव कर दिया है।",
]
SSN_SHAPED_THING_TEMPLATES = [
    "Model {v} is the replacement for your unit.",
    "The filter you need is part #{v}.",
    "SKU {v} is back in stock next week.",
    "Serial number: {v} (printed under the lid).",
    "{v} is the part number on the invoice.",
]
SSN_SHAPED_PERSON_TEMPLATES = [
    "Member ID {v} is on the front of the insurance card.",
    "Customer number {v} belongs to the policy holder.",
    "Part no. 4471 shipped; the SSN on the claim form is {v}.",
]
MASKED_EMAIL_TEMPLATES = [
    "A verification link went to {m}; it expires in 15 minutes.",
    "Enviamos el código a {m}.",
    "The receipt was emailed to {m} and the copy to {e}.",
]


def _ssn_value(rng: random.Random) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    return f"{area:03d}-{rng.randint(1, 99):02d}-{rng.randint(1, 9999):04d}"


def national_lines(seed: int) -> list[Line]:
    """Tuned for the second round of rules (docs/scoring.md, PII detection): national phone forms without a
    trunk prefix or with other separators (Italian and Mexican mobiles, São Paulo without brackets, Delhi with
    dashes, German area codes before a slash, a spaced 00 exit code), bare mobiles named by "best number" or
    listed with "instead of"; SSN shapes named by a thing's label (negatives) or a person's record (SSNs);
    masked addresses; account, tax and phone-product numbers. A separate random stream, so the lines above keep
    their values."""
    rng = random.Random(f"{seed}-national")
    makers = [
        ("IT mobile dash", lambda: f"3{rng.choice('2456789')}{d(rng, 1)}-{nz(rng, 7)}"),
        ("IT mobile space", lambda: f"3{rng.choice('2456789')}{d(rng, 1)} {nz(rng, 7)}"),
        ("MX national", lambda: f"{rng.choice(['55', '33', '81'])} {nz(rng, 4)} {d(rng, 4)}"),
        ("BR Sao Paulo no brackets", lambda: f"11 9{nz(rng, 4)}-{d(rng, 4)}"),
        ("IN Delhi dashes", lambda: f"011-2{d(rng, 3)}-{d(rng, 4)}"),
        ("DE Cologne slash", lambda: f"0221 / {nz(rng, 6)}"),
        ("DE Munich slash", lambda: f"089 / {nz(rng, 7)}"),
        ("UK spaced 00 44", lambda: f"00 44 20 7946 0{d(rng, 3)}"),
    ]
    lines = []
    for template in NATIONAL_PHONE_TEMPLATES:
        for name, make in makers:
            values = {"p": (make(), PHONE), "o": (_order_number(rng), None)}
            lines.append(templated(template, values, "national_phone", name))
    bare_mobiles = [lambda: f"9{d(rng, 9)}", lambda: f"6{d(rng, 8)}"]
    for make in bare_mobiles * 2:
        a, b = make(), make()
        lines.append(templated("Is {a} still the best number to reach you?", {"a": (a, PHONE)}, "label_phone", "best"))
        lines.append(
            templated("Text {a} instead of {b} from now on.", {"a": (a, PHONE), "b": (b, PHONE)}, "label_phone", "list")
        )
    for template in SSN_SHAPED_THING_TEMPLATES:
        for _ in range(3):
            lines.append(templated(template, {"v": (_ssn_value(rng), None)}, "negative", "ssn_shaped_id"))
    for template in SSN_SHAPED_PERSON_TEMPLATES:
        for _ in range(3):
            lines.append(templated(template, {"v": (_ssn_value(rng), SSN)}, "ssn", "person_record"))
    for _ in range(4):
        ein = f"{rng.randint(10, 98)}-{d(rng, 7)}"
        lines.append(templated("Our EIN is {v}, for your vendor form.", {"v": (ein, None)}, "negative", "ein"))
        account = nz(rng, 9)
        lines.append(
            templated("Mobile plan, May: $42.10 billed to account {v}.", {"v": (account, None)}, "negative", "account")
        )
        product = nz(rng, 10)
        lines.append(
            templated("Tu pedido de teléfono {v} llegará el jueves.", {"v": (product, None)}, "negative", "es_compound")
        )
    domains = DOMAINS["webmail"] + DOMAINS["country"]
    for template in MASKED_EMAIL_TEMPLATES * 3:
        local, domain = rng.choice(LOCALS), rng.choice(domains)
        masked = rng.choice([f"{local[0]}***@{domain}", f"{local[0]}*****{local[-1]}@{domain}", f"****@{domain}"])
        values = {"m": (masked, None), "e": (f"{rng.choice(LOCALS)}@{rng.choice(domains)}", EMAIL)}
        lines.append(templated(template, values, "email" if "{e}" in template else "negative", "masked"))
    return lines


def _grouped(digits: str, sizes: tuple[int, ...], sep: str) -> str:
    out, pos = [], 0
    for size in sizes:
        out.append(digits[pos : pos + size])
        pos += size
    return sep.join(out)


def unseen_form_lines(seed: int) -> list[Line]:
    """Tuned for the third round of rules (docs/scoring.md, PII detection): numbers running into Korean or
    Japanese text, 19-digit cards; short national phones (Singapore, Norway) and bare ones named by phone words
    of more languages (Korean, Dutch, Polish, German), Swiss numbers with dots, Belgian mobiles with dashes,
    "for SMS"; code prefixes, phone-order compounds, meeting numbers, IPv4 addresses as negatives; bare SSNs
    named in Spanish, SSN shapes a code continues and claim numbers (negatives); quoted addresses and git
    remotes. A separate random stream, so the lines above keep their values."""
    rng = random.Random(f"{seed}-forms3")
    phones = [
        ("고객님의 휴대폰 번호가 {p}로 변경되었습니다.", lambda: f"010-{nz(rng, 4)}-{d(rng, 4)}", "ko"),
        ("배송 기사님이 {p}로 연락드립니다.", lambda: f"010{nz(rng, 4)}{d(rng, 4)}", "ko_compact"),
        (
            "Wir erreichen Sie unter {p} ab 9 Uhr.",
            lambda: f"07{rng.choice('6789')}.{d(rng, 3)}.{d(rng, 2)}.{d(rng, 2)}",
            "ch_dots",
        ),
        (
            "Votre GSM : {p}.",
            lambda: f"04{rng.choice('789')}{d(rng, 1)}-{d(rng, 2)}-{d(rng, 2)}-{d(rng, 2)}",
            "be_dashes",
        ),
        ("Call me on {p} after six.", lambda: f"9{rng.choice('12345678')}{d(rng, 2)} {d(rng, 4)}", "sg"),
        ("Text the driver on {p} when you arrive.", lambda: f"9{d(rng, 7)}", "no_compact"),
        ("De bezorger belt u vooraf op {p}.", lambda: f"06{rng.choice('12345')}{d(rng, 7)}", "nl_compact"),
        ("Kurier zadzwoni pod numer {p} przed doręczeniem.", lambda: f"5{rng.choice('0137')}{d(rng, 7)}", "pl_compact"),
        ("We keep {p} for SMS reminders.", lambda: f"07700900{d(rng, 3)}", "for_sms"),
    ]
    negatives = [
        (
            "Booking BK {v} is confirmed; we'll phone you on arrival.",
            lambda: _grouped(nz(rng, 9), (3, 3, 3), " "),
            "code_prefix",
        ),
        ("Numer zamówienia telefonu: {v}.", lambda: _grouped(nz(rng, 9), (3, 3, 3), " "), "pl_compound"),
        (
            "Your order {v} has shipped; call us with any questions.",
            lambda: _grouped(nz(rng, 8), (4, 4), " "),
            "short_order",
        ),
        ("Join the Zoom call {v} at noon.", lambda: f"{nz(rng, 3)} {nz(rng, 3)} {d(rng, 4)}", "meeting"),
        (
            "The switch answers on 10.{v} only.",
            lambda: f"{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
            "ipv4",
        ),
        ("The successor model is {v}-C.", lambda: _ssn_value(rng), "ssn_shape_code"),
        ("Your claim number is {v}; keep it for the adjuster.", lambda: _ssn_value(rng), "claim"),
    ]
    lines = []
    for _ in range(3):
        for template, make, kind in phones:
            lines.append(templated(template, {"p": (make(), PHONE)}, "phone", kind))
        for template, make, kind in negatives:
            lines.append(templated(template, {"v": (make(), None)}, "negative", kind))
        ssn = _ssn_value(rng).replace("-", "")
        lines.append(templated("Su número de seguro social {v} quedó guardado.", {"v": (ssn, SSN)}, "ssn", "es_bare"))
        address = f"{rng.choice(LOCALS)}@{rng.choice(DOMAINS['webmail'] + DOMAINS['country'])}"
        lines.append(templated("The invite went to '{e}' this morning.", {"e": (address, EMAIL)}, "email", "quoted"))
        repo = f"{rng.choice(['acme', 'ops', 'web'])}/{rng.choice(['api', 'site', 'infra'])}.git"
        lines.append(templated("git remote add origin {v}", {"v": (f"git@github.com:{repo}", None)}, "negative", "git"))
        lines.append(templated("Mirror: {v}", {"v": (f"ssh://git@gitlab.com/{repo}", None)}, "negative", "git"))
        visa = card_digits(rng, "4", 16)
        lines.append(
            templated("카드 {c}로 결제되었습니다.", {"c": (_grouped(visa, (4, 4, 4, 4), " "), CARD)}, "card", "ko")
        )
        unionpay = card_digits(rng, "62", 19)
        card = _grouped(unionpay, (4, 4, 4, 4, 3), " ")
        lines.append(templated("カード番号は {c}です。", {"c": (card, CARD)}, "card", "ja_19"))
    return lines
