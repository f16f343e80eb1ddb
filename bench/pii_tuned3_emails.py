"""Email addresses of tuned part 3 of the PII corpus (bench/make_pii_tuned3.py): names, domains, the sentence
templates per language, replies with two addresses and JSON-shaped replies, and the line builder. Split out of
the generator unchanged.
"""

from __future__ import annotations

import random

from pii_corpus_values import EMAIL, Line, templated  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned3_slots import NAMES, neutral  # noqa: E402 - bench scripts run with bench/ on the path

# ---- emails -------------------------------------------------------------------------------------------------------

FIRST = ["agnieszka", "bjorn", "ines", "wouter", "katharina", "aroha", "thandi", "weiling", "jiwoo", "martina",
         "rohan", "emily", "liam", "sofia", "daan", "camille", "jonas", "lucia", "ananya", "marcus", "hanna", "tiago",
         "yuki", "grace", "piotr", "elin", "joao", "lotte", "felix", "nikhil"]  # fmt: skip
LAST = ["nowak", "lindqvist", "carvalho", "peeters", "gruber", "ngata", "dlamini", "tan", "park", "fernandez",
        "mehta", "carter", "osullivan", "conti", "devries", "lefevre", "becker", "romero", "iyer", "bell",
        "kowalczyk", "almeida", "sato", "mbeki", "zielinski", "holm", "santos", "janssens", "huber", "rao"]  # fmt: skip
EMAIL_DOMAINS = [
    "gmail.com", "outlook.com", "hotmail.fr", "yahoo.es", "icloud.com", "proton.me", "web.de", "t-online.de",
    "gmx.at", "bluewin.ch", "wp.pl", "o2.pl", "interia.pl", "telia.se", "bredband.net", "sapo.pt", "skynet.be",
    "telenet.be", "ziggo.nl", "kpnmail.nl", "libero.it", "tiscali.it", "xtra.co.nz", "mweb.co.za",
    "singnet.com.sg", "naver.com", "daum.net", "fibertel.com.ar", "prodigy.net.mx", "uol.com.br", "rediffmail.com",
    "bigpond.net.au", "eircom.net", "btinternet.com", "comcast.net", "shaw.ca", "orange.fr", "free.fr",
    "student.uva.nl", "ed.ac.uk", "stud.uni-goettingen.de", "alumni.ucl.ac.uk", "mail.utoronto.ca",
    "kowalski-bud.pl", "hanssonbygg.se", "padaria-lisboa.pt", "studio-berg.design", "northpeak.travel",
    "greenleaf.health", "tanaka-lab.jp", "vanderberg.law", "smile.dental", "wanderlust.agency", "kiwi-hr.co.nz",
    "mbeki-consult.co.za", "parkandsons.kr", "fjord.no", "mail.ee", "seznam.cz", "yandex.com",
]  # fmt: skip


def email_value(rng: random.Random) -> str:
    f, last = rng.choice(FIRST), rng.choice(LAST)
    local = rng.choice(
        [
            f"{f}.{last}",
            f"{f[0]}.{last}",
            f"{f}{last}",
            f"{f}_{last}",
            f"{f}-{last}",
            f"{last}.{f}",
            f"{f}.{last}+{rng.choice(['orders', 'travel', 'bank', 'hr', 'receipts'])}",
            f"{f}{rng.randint(1960, 2006)}",
            f"{f[0]}{last}{rng.randint(1, 99)}",
            f"{f}.{last[0]}",
        ]
    )
    value = f"{local}@{rng.choice(EMAIL_DOMAINS)}"
    r = rng.random()
    if r < 0.06:
        value = value.upper()
    elif r < 0.14:
        value = value[0].upper() + value[1:]
    return value


EMAIL_TEMPLATES: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("account", "I've changed the login email on your account to {e}; a confirmation link is on its way."),
        ("delivery", "The receipt for order {order} was sent to {e} at {time}."),
        ("travel", "We emailed the boarding pass for booking {booking} to {e}."),
        ("refund", "Your refund confirmation ({ref}) went to {e} - please check the spam folder too."),
        ("account", "Reply-To: {name} <{e}>"),
        ("insurance", "The policy documents will be sent to {e} within 24 hours."),
        ("medical", "Your GP practice has {e} on file for test results."),
        ("hr", "HR will send the contract to {e}; please sign it before {date}."),
        ("account", "Contact: {name} ({e})"),
        ("account", "Is {e} still your preferred address? I can update it if not."),
        ("account", 'The account owner is listed as "{e}".'),
        ("account", '<a href="mailto:{e}">Email {name}</a>'),
        ("hr", "Write to {name} directly: mailto:{e}"),
        ("account", "Notifications now go to {e} and to the app."),
        ("account", "Your new username is your email address, {e}."),
        ("account", "Password reset requested for {e}."),
        ("booking", "Your booking agent is {name}, {e}."),
        ("banking", "The tenant's email for the deposit return is {e}."),
        ("account", "I've forwarded ticket {ticket} to {e} as you asked."),
        ("banking", "Statements for the joint account are emailed to {e}."),
        ("medical", "The referral letter was emailed to the patient at {e}."),
        ("travel", "Visa invitation for {name} sent to '{e}'."),
        ("delivery", "The seller asked us to pass on the buyer's address: {e}."),
        ("insurance", "Claim {claim}: the adjuster will write to you at {e}."),
        ("hr", "New starter {name} - personal email {e}, start date {date}."),
    ],
    "es": [
        ("delivery", "Hemos enviado la factura del pedido {order} a {e}."),
        ("account", "Correo electrónico del titular: {e}"),
        ("account", "Puede escribir a {name} en {e}."),
        ("booking", "La confirmación de la reserva {booking} llegó a {e}."),
    ],
    "hi": [
        ("delivery", "आपके ऑर्डर {order} की रसीद {e} पर भेज दी गई है।"),
        ("account", "ईमेल: {e}"),
        ("account", "{name} का ईमेल पता {e} है।"),
        ("booking", "बुकिंग {booking} की पुष्टि {e} पर भेजी गई है।"),
    ],
    "de": [
        ("delivery", "Die Rechnung zu Bestellung {order} wurde an {e} geschickt."),
        ("account", "E-Mail von {name}: {e}"),
    ],
    "fr": [("travel", "Le billet a été envoyé à l'adresse {e}."), ("account", "Courriel de {name} : {e}")],
    "pt": [("refund", "Enviámos a fatura para {e}."), ("account", "E-mail do titular: {e}")],
    "pl": [("delivery", "Potwierdzenie zamówienia {order} wysłaliśmy na adres {e}.")],
    "sv": [("delivery", "Kvittot skickades till {e}.")],
    "it": [("booking", "La conferma della prenotazione è stata inviata a {e}.")],
    "nl": [("account", "De bevestiging is verstuurd naar {e}.")],
    "ko": [("delivery", "영수증을 {e} 주소로 보내드렸습니다.")],
}

EMAIL_TWO = [
    "We found two accounts, {e} and {e2}; which one should I keep?",
    "cc: {e}; {e2}",
    "Both guardians get the school trip updates: {e}, {e2}.",
    "Se enviará copia a {e} y a {e2}.",
]


def email_json(rng: random.Random) -> Line:
    value = email_value(rng)
    name = rng.choice(NAMES)
    line = Line("email", "record", "lang-en", "json")
    line.add('Here is the record you asked for: {"customer": "' + name + '", "email": "')
    line.add(value, EMAIL)
    return line.add('", "tier": "gold"}')


def email_lines(rng: random.Random) -> list[Line]:
    lines = []
    for lang, templates in EMAIL_TEMPLATES.items():
        rounds = 9 if lang == "en" else 5 if lang in ("es", "hi") else 4
        for _ in range(rounds):
            for setting, template in templates:
                values = {**neutral(rng), "e": (email_value(rng), EMAIL)}
                lines.append(templated(template, values, "email", setting, f"lang-{lang}"))
    for i in range(24):
        values = {**neutral(rng), "e": (email_value(rng), EMAIL), "e2": (email_value(rng), EMAIL)}
        lang = "es" if EMAIL_TWO[i % len(EMAIL_TWO)].startswith("Se ") else "en"
        lines.append(templated(EMAIL_TWO[i % len(EMAIL_TWO)], values, "email", "two", f"lang-{lang}"))
    lines += [email_json(rng) for _ in range(10)]
    return lines
