"""Email addresses of tuned part 2 of the PII corpus (bench/make_pii_tuned2.py): local parts, domains, the
sentence templates per language and the line builder. Split out of the generator unchanged.
"""

from __future__ import annotations

import random

from pii_corpus_values import EMAIL, Line, templated  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned2_ids import Values, order_id  # noqa: E402 - bench scripts run with bench/ on the path

# ---- emails -------------------------------------------------------------------------------------------------------

EMAIL_LOCALS = [
    "jose.garcia", "priya.sharma", "rahul_k", "chloe.martin", "lukas.mueller", "giulia.bianchi", "sanne.devries",
    "joao.silva", "aarav.patel93", "emma.w", "o.ahmed", "tom+invoices", "kim-lee", "m_rossi1988", "anne-sophie.leroy",
    "sven.olsen", "d.nguyen", "fatima.zahra", "noah_b", "isabel.fernandez", "arjun.mehta", "lea.schneider",
    "pierre-yves.roux", "carmen.lopez77", "wei.zhang", "hannah.obrien", "rohan.iyer", "marta.kowalska", "yuki.tanaka",
    "ben.carter+shop", "amelia.j", "kwame.mensah", "laura_conti", "niels.jansen", "ana.souza", "vikram.rao",
]  # fmt: skip
EMAIL_DOMAINS = [
    "gmail.com", "hotmail.co.uk", "yahoo.fr", "outlook.es", "libero.it", "t-online.de", "free.fr", "laposte.net",
    "ziggo.nl", "uol.com.br", "terra.com.br", "rediffmail.com", "yahoo.co.in", "bigpond.net.au", "optusnet.com.au",
    "shaw.ca", "fastmail.fm", "zoho.com", "protonmail.ch", "hey.com", "aol.com", "comcast.net", "btinternet.com",
    "sky.com", "orange.es", "telenet.be", "bluewin.ch", "harbor-logistics.com", "bluefin.co", "lumen-health.org",
    "pixelforge.studio", "corp.acme-retail.com", "eu.mail.northgate.io", "alumni.ox.ac.uk", "student.unimelb.edu.au",
    "iitb.ac.in", "usp.br", "tum.de", "univie.ac.at", "mit.edu", "brightwave.tech", "quillpress.info", "orbit.agency",
    "nordlicht.berlin", "cafe-lumiere.paris", "greenleaf.eco", "tallyho.biz", "stackhouse.dev", "moonrise.app",
    "example.com", "mail.example.org", "example.net", "kestrel.ai", "ferro.io", "sahara.co.za", "kiwibank.co.nz",
    "posteo.de", "web.de", "icloud.com", "me.com",
]  # fmt: skip

# {e} is the address; {n} a name. Each form is one way the address is written around.
EMAIL_TEMPLATES = {
    "plain": [
        "I've changed the login email on your account to {e}.",
        "The invoice for order {o} was emailed to {e} this morning.",
        "You can write to {n} directly at {e}; she handles the refunds.",
        "Account owner: {n}, email {e}, phone verified.",
        "Your receipt went to {e}; check the spam folder if it isn't there.",
    ],
    "angle": [
        "From: {n} <{e}>\nSubject: Missing parcel",
        "Reply-To: {n} <{e}>",
    ],
    "mailto": [
        "Contact {n}: mailto:{e}",
        "[{n}](mailto:{e}) asked for a callback.",
    ],
    "parens": [
        "The reseller ({e}) confirmed the return.",
        "We've notified the buyer, {n} ({e}).",
    ],
    "quoted": [
        'The customer typed "{e}" in the sign-up form.',
        "The address on the ticket is '{e}'.",
    ],
    "end": [
        "The order confirmation was sent to {e}.",
        "Send the signed form back to {e}.",
        "The new billing contact is {e}.",
    ],
    "list": [
        "Both accounts are linked: {e}, and the old one from 2019.",
        "CC: {e}; BCC: nobody.",
    ],
    "es": [
        "Correo electrónico: {e}",
        "He enviado la factura del pedido {o} a {e}.",
        "Puedes escribirme a {e} cuando quieras.",
    ],
    "hi": [
        "ईमेल: {e}",
        "आपकी रसीद {e} पर भेज दी गई है।",
        "ग्राहक की ईमेल आईडी {e} है।",
    ],
    "de": ["E-Mail-Adresse: {e}", "Bitte schreiben Sie an {e}."],
    "fr": ["Adresse e-mail : {e}", "Courriel : {e}"],
    "it": ["Indirizzo email: {e}", "Scrivimi a {e}, grazie."],
    "near_asset": [
        "I attached logo@2x.png and sent a copy to {e}.",
        "Bundle icon@3x.png with the build, then email {e} when it's live.",
        "{n} ({e}) asked why hero@1.5x.jpg looks blurry.",
    ],
    "near_package": [
        "After upgrading @babel/core the error went away, {n} wrote from {e}.",
        "Ping @support on Slack or email {e} for the licence key.",
    ],
}
NAMES = ["Ana Souza", "Priya Sharma", "Lukas Müller", "Chloé Martin", "Tom Baker", "Giulia Bianchi", "Rahul Kumar"]


def email_value(rng: random.Random, domain: str, i: int) -> str:
    value = f"{rng.choice(EMAIL_LOCALS)}@{domain}"
    if i % 11 == 3:
        value = value.upper()
    elif i % 11 == 7:
        local, _, dom = value.partition("@")
        value = ".".join(part.capitalize() for part in local.split(".")) + "@" + dom.capitalize()
    return value


def email_lines(rng: random.Random) -> list[Line]:
    lines = []
    forms = sorted(EMAIL_TEMPLATES)
    i = 0
    for rep in range(5):
        for domain in EMAIL_DOMAINS:
            form = forms[(i * 7 + rep) % len(forms)]
            template = rng.choice(EMAIL_TEMPLATES[form])
            values: Values = {
                "e": (email_value(rng, domain, i), EMAIL),
                "n": (rng.choice(NAMES), None),
                "o": (order_id(rng), None),
            }
            lines.append(templated(template, values, "email", form, domain))
            i += 1
    for _ in range(12):  # two addresses in one reply
        a = email_value(rng, rng.choice(EMAIL_DOMAINS), 0)
        b = email_value(rng, rng.choice(EMAIL_DOMAINS), 0)
        lines.append(
            templated(
                "I merged the duplicate accounts {a} and {b} into one.",
                {"a": (a, EMAIL), "b": (b, EMAIL)},
                "email",
                "two",
            )
        )
    return lines
