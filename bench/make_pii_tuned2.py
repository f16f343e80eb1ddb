"""Writes bench/data/pii_tuned2.jsonl: the second tuned part of the PII corpus, which bench/pii_accuracy.py measures
after bench/data/pii_corpus.jsonl and before the held-out part.

Run: .venv/bin/python bench/make_pii_tuned2.py [--check]  (--check: exit 1 when the committed file differs)

This was the first held-out part (bench/make_pii_heldout.py, seed 2718). It was written apart from the detector, by
someone who did not read its code; it was then measured and its errors were looked at, so detector changes may now
be tuned on it and it is no longer held out: it became tuned part 2 (docs/benchmarks.md, "PII accuracy: two
parts"). A fresh held-out part, written blind, replaced it (bench/make_pii_heldout.py).

Each line is a support-bot reply, ``{"id", "text", "entities": [{"entity", "value", "start", "end"}], "tags"}``
(the format of the tuned corpus). The labels say what a careful human reviewer marks as personal data that the
reply reveals, whatever any detector does: a card, SSN, IBAN, email address or phone number of a person. An
identifier that only looks like one (an order, ticket or tracking number next to the word "phone", an image asset
named ``logo@2x.png``, an npm package ``@babel/core``, a handle, ``user@localhost``, an IMEI, an EIN, a BIC, a
creditor reference) is a hard negative and tagged so; a sentence whose label a reviewer could argue either way
(a role address such as ``support@``, a card number that fails its check, a well-known test card) is left out.
Its labels are not changed to agree with a detector.

Only the value rules are shared with bench/make_pii_corpus.py (bench/pii_corpus_values.py). Phones follow each
country's numbering plan, mostly in the ranges reserved for fiction, and each one is checked with the
``phonenumbers`` package (valid for its region, or in a UK drama range, which that package does not list).

Deterministic: the same seed gives the same file (``build(seed)``; the committed file uses SEED).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import phonenumbers
from pii_corpus_values import (  # noqa: E402 - bench scripts run with bench/ on the path
    CARD,
    EMAIL,
    IBAN,
    NETWORKS,
    PHONE,
    SEPA_BBAN,
    SSN,
    Line,
    bban,
    card_digits,
    card_format,
    iban_check,
    iban_valid,
    luhn_digit,
    luhn_valid,
    printed,
    templated,
)

OUT = Path(__file__).resolve().parent / "data" / "pii_tuned2.jsonl"
SEED = 2718  # the tuned corpus uses 16

Values = dict[str, tuple[str, str | None]]


def digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def lead(rng: random.Random, n: int) -> str:
    """n digits, the first 2-9."""
    return rng.choice("23456789") + digits(rng, n - 1)


# ---- identifiers that are not PII (next to labelled values, and in the hard negatives) --------------------------


def order_id(rng: random.Random) -> str:
    return rng.choice(
        [
            lead(rng, 5),
            "#" + lead(rng, 7),
            f"ORD-{digits(rng, 6)}",
            f"{lead(rng, 3)}-{digits(rng, 7)}-{digits(rng, 7)}",
            f"#{rng.choice('ABCDEFGHJK')}-{digits(rng, 5)}",
            f"W{digits(rng, 9)}",
            lead(rng, 10),
        ]
    )


def tracking_id(rng: random.Random) -> str:
    return rng.choice(
        [
            f"DX-{digits(rng, 5)}",
            f"JD{digits(rng, 16)}",
            f"TBA{digits(rng, 12)}",
            f"1Z{''.join(rng.choice('0123456789ABCDEFGHJKLMNPRSTUVWXYZ') for _ in range(6))}{digits(rng, 10)}",
            f"{rng.choice('RLCE')}{rng.choice('ABJMNPRT')}{digits(rng, 9)}GB",
            f"{lead(rng, 4)} {digits(rng, 4)} {digits(rng, 4)}",
        ]
    )


def ticket_id(rng: random.Random) -> str:
    return rng.choice([f"#{lead(rng, 6)}", f"SR-{digits(rng, 7)}", f"INC{digits(rng, 7)}", f"CS-{digits(rng, 5)}"])


def imei(rng: random.Random) -> str:
    body = rng.choice(["35", "86", "01", "49"]) + digits(rng, 12)
    return body + luhn_digit(body)


def iccid(rng: random.Random) -> str:
    body = "89" + rng.choice(["44", "49", "33", "34", "01"]) + digits(rng, 14)
    return body + luhn_digit(body)


def creditor_reference(rng: random.Random) -> str:
    """ISO 11649 structured creditor reference (RF + mod-97 check digits): a payment reference, not an account."""
    ref = lead(rng, rng.randint(8, 14))
    check = iban_check("RF", ref)
    compact = "RF" + check + ref
    return " ".join(compact[i : i + 4] for i in range(0, len(compact), 4))


def sepa_creditor_id(rng: random.Random) -> str:
    """A SEPA creditor identifier (a company's direct-debit id: country, check digits, ZZZ, national id)."""
    national = "0" + digits(rng, 10)
    check = iban_check("DE", national)
    return f"DE{check}ZZZ{national}"


# ---- phones -------------------------------------------------------------------------------------------------------

US_AREAS = ["202", "213", "305", "404", "470", "503", "612", "702", "808", "971", "214", "617", "312"]
CA_AREAS = ["416", "604", "514", "403", "613"]

# (tag, region, pattern): N = digit 2-9, D = any digit, A = a US area code, C = a Canadian one; the rest as written.
PHONE_PLANS: list[tuple[str, str, str]] = [
    ("US +1-555", "US", "+1-A-555-01DD"),
    ("US (area) 555 space", "US", "(A) 555 01DD"),
    ("US spaces 555", "US", "A 555 01DD"),
    ("US 1-dashes", "US", "1-A-NDD-DDDD"),
    ("US +1 (area)", "US", "+1 (A) NDD-DDDD"),
    ("US dots 1.", "US", "1.A.NDD.DDDD"),
    ("US 1 spaces", "US", "1 A NDD DDDD"),
    ("CA (area) 555", "CA", "(C) 555-01DD"),
    ("CA +1 spaces", "CA", "+1 C 555 01DD"),
    ("GB +44 (0)20 drama", "GB", "+44 (0)20 7946 0DDD"),
    ("GB (020) drama", "GB", "(020) 7946 0DDD"),
    ("GB 0121 drama", "GB", "0121 496 0DDD"),
    ("GB +44 121 drama", "GB", "+44 121 496 0DDD"),
    ("GB 0161 drama", "GB", "0161 496 0DDD"),
    ("GB +44 (0)161 drama", "GB", "+44 (0)161 496 0DDD"),
    ("GB mobile 5-3-3 drama", "GB", "07700 900 DDD"),
    ("GB mobile E.164 drama", "GB", "+447700900DDD"),
    ("GB 0131 drama", "GB", "0131 496 0DDD"),
    ("GB 029 drama", "GB", "029 2018 0DDD"),
    ("GB 01632 drama", "GB", "01632 960 DDD"),
    ("GB 00 44 drama", "GB", "00 44 20 7946 0DDD"),
    ("DE (030)", "DE", "(030) NDDD DDDD"),
    ("DE +49 (0)30", "DE", "+49 (0)30 NDDDDDDD"),
    ("DE 0049 Munich", "DE", "0049 89 NDDDDDD"),
    ("DE mobile 0151", "DE", "0151 NDDD DDDD"),
    ("DE +49 1512", "DE", "+49 1512 NDDDDDD"),
    ("DE Cologne slash", "DE", "0221 / NDDDDD"),
    ("DE Hamburg +49", "DE", "+49 40 NDDD DDDD"),
    ("FR dots", "FR", "01.NN.DD.DD.DD"),
    ("FR +33 (0)1", "FR", "+33 (0)1 ND DD DD DD"),
    ("FR +33 6", "FR", "+33 6 ND DD DD DD"),
    ("FR 0033 7", "FR", "0033 7 ND DD DD DD"),
    ("FR Marseille", "FR", "04 9N DD DD DD"),
    ("FR mobile dashes", "FR", "06-ND-DD-DD-DD"),
    ("ES Madrid 3-3-3", "ES", "91N DDD DDD"),
    ("ES +34 Barcelona", "ES", "+34 93N DD DD DD"),
    ("ES mobile pairs", "ES", "+34 6DD DD DD DD"),
    ("ES mobile bare", "ES", "6DDDDDDDD"),
    ("ES 0034 7", "ES", "0034 71N DDD DDD"),
    ("IT Milan", "IT", "02 NDDD DDDD"),
    ("IT +39 Rome", "IT", "+39 06 NDDD DDDD"),
    ("IT mobile 3-7", "IT", "34N DDDDDDD"),
    ("IT mobile dash", "IT", "333-NDDDDDD"),
    ("IT 0039 Florence", "IT", "0039 055 NDDDDD"),
    ("NL Amsterdam dash", "NL", "020-NDD DDDD"),
    ("NL +31 (0)20", "NL", "+31 (0)20 NDD DDDD"),
    ("NL mobile dash", "NL", "06-NDDDDDDD"),
    ("NL +31 6 compact", "NL", "+31 6NDDDDDDD"),
    ("NL Rotterdam pairs", "NL", "010 NDD DD DD"),
    ("NL 0031 6", "NL", "0031 6 NDDD DDDD"),
    ("BR Rio mobile", "BR", "(21) 9NDDD-DDDD"),
    ("BR +55 Rio mobile", "BR", "+55 21 9NDDD-DDDD"),
    ("BR +55 (11) landline", "BR", "+55 (11) 3NDD-DDDD"),
    ("BR Sao Paulo mobile", "BR", "11 9NDDD-DDDD"),
    ("BR Belo Horizonte", "BR", "(31) 3NDD-DDDD"),
    ("BR +55 (61) 9 mobile", "BR", "+55 (61) 9 NDDD-DDDD"),
    ("IN +91- mobile", "IN", "+91-9DDDDDDDDD"),
    ("IN 0 mobile", "IN", "09DDDD DDDDD"),
    ("IN +91 Mumbai", "IN", "+91-22-2NDD-DDDD"),
    ("IN Mumbai", "IN", "022 2NDD DDDD"),
    ("IN +91 Bengaluru", "IN", "+91 80 4NDD DDDD"),
    ("IN mobile bare", "IN", "9DDDDDDDDD"),
    ("IN Delhi dashes", "IN", "011-2NDD-DDDD"),
    ("AU mobile fictional", "AU", "0491 57D DDD"),
    ("AU +61 mobile fictional", "AU", "+61 491 57D DDD"),
    ("AU (03) fictional", "AU", "(03) 5550 DDDD"),
    ("AU +61 2 fictional", "AU", "+61 2 5550 DDDD"),
    ("AU +61 (0)3 fictional", "AU", "+61 (0)3 7010 DDDD"),
    ("AU (08) fictional", "AU", "(08) 5550 DDDD"),
    ("MX national", "MX", "55 NDDD DDDD"),
    ("MX +52 (33)", "MX", "+52 (33) NDDD DDDD"),
    ("MX +52 81", "MX", "+52 81 NDDD DDDD"),
    ("IE (01)", "IE", "(01) NDD DDDD"),
    ("IE mobile", "IE", "087 NDD DDDD"),
    ("IE +353 mobile", "IE", "+353 87 NDD DDDD"),
    ("CH Zurich", "CH", "044 NDD DD DD"),
    ("CH +41 mobile", "CH", "+41 79 NDD DD DD"),
    ("CH 0041", "CH", "0041 44 NDD DD DD"),
    ("JP mobile", "JP", "090-NDDD-DDDD"),
    ("JP +81 mobile", "JP", "+81 90-NDDD-DDDD"),
    ("JP Osaka", "JP", "06-NDDD-DDDD"),
]

# the language of a country's local-language lines
COUNTRY_LANGUAGE = {
    "US": "es", "CA": "fr", "GB": "en", "DE": "de", "FR": "fr", "ES": "es", "IT": "it", "NL": "nl", "BR": "pt",
    "IN": "hi", "AU": "en", "MX": "es", "IE": "en", "CH": "de", "JP": "en",
}  # fmt: skip


def uk_drama(number: phonenumbers.PhoneNumber) -> bool:
    """Ofcom's ranges for drama (07700 900xxx, 01632 960xxx), which phonenumbers does not count as valid."""
    nsn = str(number.national_number)
    return number.country_code == 44 and (nsn.startswith("7700900") or nsn.startswith("1632960"))


def phone_is_valid(text: str, region: str) -> bool:
    number = phonenumbers.parse(text, region)
    return phonenumbers.is_valid_number(number) or uk_drama(number)


def phone_value(rng: random.Random, region: str, pattern: str) -> str:
    for _ in range(200):
        out = ""
        for ch in pattern:
            if ch == "N":
                out += rng.choice("23456789")
            elif ch == "D":
                out += rng.choice("0123456789")
            elif ch == "A":
                out += rng.choice(US_AREAS)
            elif ch == "C":
                out += rng.choice(CA_AREAS)
            else:
                out += ch
        if phone_is_valid(out, region):
            return out
    raise AssertionError(f"no valid number for {pattern} in {region}")


# Support-bot replies where the phone sits next to an order, a delivery, a ticket or a tracking number (the
# neighbours are not PII; {p} and {q} are phones).
PHONE_ORDER_TEMPLATES = [
    "I've updated the contact number on order {o} to {p}.",
    "The courier will call {p} about delivery {x}.",
    "Done! Order {o} now has {p} as the delivery phone number.",
    "Your driver will ring {p} about 10 minutes before arrival (tracking {t}).",
    "Ticket {k}: the customer asked to be called back on {p} about the late delivery.",
    "We tried to reach you at {p} about order {o}, but nobody picked up.",
    "For order {o}, the recipient's phone is {p}; the parcel ships today.",
    "I changed the phone on your delivery address from {p} to {q}.",
    "Tracking {t} - the carrier has {p} on file for this delivery.",
    "The shipping label for order {o} lists {p} as the contact.",
    "Delivery contact updated: {p} (order {o}, slot 14:00-16:00).",
    "Please confirm {p} is still the best number for the delivery of order {o}.",
    "Order {o} status: out for delivery. Recipient phone: {p}",
    "The customer on ticket {k} wants the courier to phone {p} instead of {q}.",
    "Your replacement for order {o} arrives Thursday; the driver has your number, {p}.",
    "I've added {p} as a second contact number on order {o}.",
    "Return pickup for order {o}: the courier will text {p} with a time window.",
    "Per ticket {k}, the delivery phone for order {o} is now {p}.",
    "Order {o}: phone number changed to {p} at the customer's request.",
    "SMS updates for delivery {x} will go to {p}.",
    "The courier couldn't reach {p}, so delivery {x} is back at the depot.",
    "Hi Anna, order {o} is on its way. If the courier needs directions they'll call {p}.",
    "Contact number for this delivery: {p}. Order reference: {o}.",
    "I've saved {p} on your account and on the open order {o}.",
    "This order ({o}) was placed by phone from {p} on 12 March.",
    "Delivery {x} failed: the driver called {p} twice. Would you like to rebook?",
    "Got it - for tracking number {t} I've set the contact phone to {p}.",
    "Ticket {k} updated. New callback number: {p}. Related order: {o}.",
]

PHONE_CONTACT_TEMPLATES = [
    "Sure, reach me at {p} any time after 9.",
    "Ring me on {p} if the parcel doesn't turn up.",
    "WhatsApp: {p}",
    "You can text Mr. Okafor on {p}.",
    "My mobile: {p}. Please don't share it.",
    "Please give Dr. Ahmed a call at {p} to confirm the appointment.",
    "The landlord's number is {p}, and he answers until 8 pm.",
    "Emergency contact for Lena Fischer: {p} (her sister).",
    "I've written down your new number, {p}, on your profile.",
    "Best number to reach Tomás: {p}.",
]

PHONE_LANGUAGE_TEMPLATES = {
    "es": [
        "Mi teléfono es {p}, llámame por la tarde.",
        "He actualizado el número de contacto del pedido {o}: {p}.",
        "Móvil: {p}",
        "Escríbeme por WhatsApp al {p}.",
        "El repartidor llamará al {p} antes de entregar el pedido {o}.",
        "Puede contactar con la señora Ruiz en el teléfono {p}.",
    ],
    "hi": [
        "मेरा मोबाइल नंबर {p} है।",
        "ऑर्डर {o} के लिए संपर्क नंबर {p} पर अपडेट कर दिया गया है।",
        "कृपया {p} पर कॉल करें।",
        "डिलीवरी एजेंट आपको {p} पर फ़ोन करेगा।",
        "ग्राहक का फ़ोन नंबर: {p}",
        "WhatsApp पर संपर्क करें: {p}",
    ],
    "de": [
        "Telefon: {p}",
        "Sie erreichen mich unter {p}.",
        "Die Telefonnummer für die Lieferung der Bestellung {o} wurde auf {p} geändert.",
        "Handy: {p} (bitte nur abends)",
        "Der Fahrer ruft Sie unter {p} an, bevor er die Sendung {t} zustellt.",
    ],
    "fr": [
        "Téléphone : {p}",
        "Vous pouvez me joindre au {p}.",
        "Le livreur vous appellera au {p} pour la commande {o}.",
        "Portable : {p}",
        "J'ai mis à jour le numéro de téléphone de la commande {o} : {p}.",
    ],
    "it": [
        "Telefono: {p}",
        "Il corriere chiamerà il numero {p} per la consegna dell'ordine {o}.",
        "Cellulare: {p}",
        "Può contattare il signor Bianchi al {p}.",
    ],
    "nl": [
        "Telefoon: {p}",
        "U kunt mij bereiken op {p}.",
        "Het telefoonnummer voor de bezorging van bestelling {o} is gewijzigd naar {p}.",
        "Mobiel: {p}",
    ],
    "pt": [
        "Telefone: {p}",
        "O entregador vai ligar para {p} sobre o pedido {o}.",
        "Celular/WhatsApp: {p}",
        "Atualizei o telefone de contato do pedido {o} para {p}.",
    ],
    "en": [
        "Cheers, ring me on {p} when you're outside.",
        "Mobile: {p} - texts are fine.",
        "You can reach the site manager, Chloe, on {p}.",
        "Give us a bell on {p} if the delivery slot doesn't suit.",
    ],
}


def phone_lines(rng: random.Random) -> list[Line]:
    lines = []
    for rep in range(5):
        for tag, region, pattern in PHONE_PLANS:
            values: Values = {
                "p": (phone_value(rng, region, pattern), PHONE),
                "o": (order_id(rng), None),
                "t": (tracking_id(rng), None),
                "k": (ticket_id(rng), None),
                "x": (tracking_id(rng), None),
            }
            if rep < 3:
                kind, template = "order", rng.choice(PHONE_ORDER_TEMPLATES)
            elif rep == 3:
                kind, template = "contact", rng.choice(PHONE_CONTACT_TEMPLATES)
            else:
                language = COUNTRY_LANGUAGE[region]
                kind, template = f"lang-{language}", rng.choice(PHONE_LANGUAGE_TEMPLATES[language])
            if "{q}" in template:
                other_tag, other_region, other_pattern = rng.choice([p for p in PHONE_PLANS if p[1] == region])
                values["q"] = (phone_value(rng, other_region, other_pattern), PHONE)
            lines.append(templated(template, values, "phone", kind, region, tag))
    return lines


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


# ---- cards --------------------------------------------------------------------------------------------------------

CARD_TEMPLATES = [
    "The customer read out the card number {v} in the chat.",
    "Payment for order {o} failed on card {v}; please ask for another card.",
    "Saved cards: {n} {v} (default).",
    "Refund issued to {v} - allow 5-10 business days.",
    "The chargeback concerns the {n} card {v}.",
    "log: card_number={v} status=declined order={o}",
    "{v} exp 04/28 - that's the card she wants to use.",
    "I've replaced the expired card with {v} for the subscription.",
    "Número de tarjeta: {v}",
    "La tarjeta {v} fue rechazada por el banco.",
    "कार्ड नंबर {v} से भुगतान हो गया है।",
    "Kartennummer: {v}",
    "Numéro de carte : {v}",
    "Numero della carta: {v}",
]


def card_lines(rng: random.Random) -> list[Line]:
    lines = []
    combos = [(network, prefix, length) for network, (ps, ls) in NETWORKS.items() for length in ls for prefix in ps]
    styles = ["spaces", "dashes", "compact"]
    for rep in range(5):
        for j, (network, prefix, length) in enumerate(combos):
            style = styles[(rep + j) % 3] if length <= 16 else ("spaces", "compact")[(rep + j) % 2]
            value = card_format(rng, card_digits(rng, prefix, length), network, style)
            template = CARD_TEMPLATES[(rep * len(combos) + j) % len(CARD_TEMPLATES)]
            values: Values = {"v": (value, CARD), "n": (network, None), "o": (order_id(rng), None)}
            lines.append(templated(template, values, "card", network, style))
    for _ in range(20):  # two cards in one reply
        picks = [rng.choice(combos) for _ in range(2)]
        a, b = (card_format(rng, card_digits(rng, p, n), net, "spaces") for net, p, n in picks)
        lines.append(
            templated("Old card {a}, new card {b} - I've switched the plan over.", {"a": (a, CARD), "b": (b, CARD)})
        )
        lines[-1].tags = ["card", "two"]
    return lines


# ---- SSNs ---------------------------------------------------------------------------------------------------------

SSN_TEMPLATES = [
    "SSN on the application: {v}",
    "The payroll export lists social security number {v} for K. Owens.",
    "We can't verify SSN {v}; it doesn't match the name on file.",
    "Her Social Security No. {v} appears on the W-2.",
    "ssn={v} dob=1979-11-02 status=pending",
    "Applicant: Marcus Lee | SSN: {v} | Employer: Harbor Logistics",
    "I've corrected the social security number on the 1099 to {v}.",
    "The tenant screening came back for SSN {v}: no records found.",
    "Número de Seguro Social: {v}",
    "Confirmé el número de seguro social {v} con el cliente.",
    "ग्राहक का सोशल सिक्योरिटी नंबर (SSN) {v} है।",
    "Social Security number (last updated 2023): {v}",
]


def ssn_value(rng: random.Random, sep: str) -> str:
    area = rng.choice([a for a in range(1, 900) if a != 666])
    return f"{area:03d}{sep}{rng.randint(1, 99):02d}{sep}{rng.randint(1, 9999):04d}"


def ssn_lines(rng: random.Random) -> list[Line]:
    lines = []
    for i in range(264):
        forms = [("-", "dashes")] * 4 + [(" ", "spaces"), ("", "compact")]
        sep, form = forms[i % 6]
        template = SSN_TEMPLATES[(i * 5) % len(SSN_TEMPLATES)]
        lines.append(templated(template, {"v": (ssn_value(rng, sep), SSN)}, "ssn", form))
    return lines


# ---- IBANs --------------------------------------------------------------------------------------------------------

# IBAN countries outside SEPA (SWIFT IBAN registry layouts).
OTHER_BBAN = {
    "AE": "3n16n", "SA": "2n18c", "TR": "5n1n16c", "IL": "3n3n13n", "BR": "8n5n10n1a1c", "QA": "4a21c",
    "JO": "4a4n18c", "KW": "4a22c", "PK": "4a16c", "EG": "4n4n17n",
}  # fmt: skip

IBAN_TEMPLATES = [
    "Please update the supplier's bank account to {v} before the next payment run.",
    "Die Erstattung geht auf das Konto {v}.",
    "IBAN del beneficiario: {v}",
    "Payout account for Ms. Haddad: {v}",
    "Your salary will be paid into {v} from next month.",
    "Bankverbindung: {v}, Kontoinhaber Jonas Weber",
    "Le remboursement sera viré sur l'IBAN {v}.",
    "IBAN:{v}",
    "The landlord wants the deposit sent to {v} by Friday.",
    "I've set {v} as the account for the direct debit of order {o}.",
    "रिफ़ंड खाते {v} में भेजा जाएगा।",
    "Het rekeningnummer van de klant is {v}.",
]


def iban_of(rng: random.Random, country: str, layout: str) -> str:
    b = bban(rng, layout)
    return country + iban_check(country, b) + b


def iban_lines(rng: random.Random) -> list[Line]:
    lines = []
    layouts = {**SEPA_BBAN, **OTHER_BBAN}
    countries = sorted(SEPA_BBAN) + sorted(OTHER_BBAN)
    for rep in range(5):
        for j, country in enumerate(countries):
            if country in OTHER_BBAN and rep == 4:
                continue
            form = "print" if (rep + j) % 2 else "electronic"
            value = iban_of(rng, country, layouts[country])
            text = printed(value) if form == "print" else value
            template = IBAN_TEMPLATES[(rep * 7 + j) % len(IBAN_TEMPLATES)]
            values: Values = {"v": (text, IBAN), "o": (order_id(rng), None)}
            lines.append(templated(template, values, "iban", country, form))
    for _ in range(15):  # two accounts in one reply
        a = printed(iban_of(rng, c := rng.choice(countries), layouts[c]))
        b = iban_of(rng, c := rng.choice(countries), layouts[c])
        line = templated("Payout account changed from {a} to {b} today.", {"a": (a, IBAN), "b": (b, IBAN)})
        line.tags = ["iban", "two"]
        lines.append(line)
    return lines


# ---- hard negatives -----------------------------------------------------------------------------------------------

ASSET_NAMES = [
    "icon", "logo", "banner", "hero", "avatar", "splash", "btn-primary", "Icon-App-60x60", "AppIcon", "background",
    "thumbnail", "sprite", "header-bg", "checkmark", "onboarding-step1",
]  # fmt: skip
ASSET_SCALES = ["2x", "3x", "1.5x", "4x", "2x", "3x"]
ASSET_EXTS = ["png", "jpg", "jpeg", "webp", "svg", "gif", "avif"]
PACKAGES = [
    "@babel/core", "@types/node", "@angular/cli@17.1.0", "@vue/cli@5.0.8", "react@18.2.0", "lodash@4.17.21",
    "typescript@5.4.5", "@tanstack/react-query@5.28.4", "eslint@^8.57.0", "@nestjs/common", "@mui/material@5.15.14",
    "next@14.1.4", "@sentry/browser@7.108.0", "vite@5.2.0",
]  # fmt: skip
HANDLES = ["@support", "@acme_help", "@NorthgateCare", "@maria.lopez", "@channel", "@here", "@devops-oncall"]


def asset(rng: random.Random) -> str:
    return f"{rng.choice(ASSET_NAMES)}@{rng.choice(ASSET_SCALES)}.{rng.choice(ASSET_EXTS)}"


def hex_digest(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def negative_makers(rng: random.Random) -> list[tuple[str, str]]:
    """(kind, reply): replies that reveal none of the five kinds of personal data, only look-alikes."""
    o10 = lead(rng, 10)
    return [
        # numbers next to the word "phone" (or a delivery) that are no phone number
        ("phone_word", f"Your phone order #{lead(rng, 10)} shipped today."),
        ("phone_word", f"Phone order {o10} was cancelled and refunded."),
        ("phone_word", f"The phone you ordered (order {lead(rng, 3)}-{digits(rng, 7)}-{digits(rng, 7)}) is out for delivery."),
        ("phone_word", f"Phone case SKU {lead(rng, 10)} is back in stock."),
        ("phone_word", f"Phone repair ticket {lead(rng, 6)}: the screen will be replaced by Friday."),
        ("phone_word", f"We received your phone trade-in, reference TI-{digits(rng, 8)}."),
        ("phone_word", f"Phone bill for March: $84.17, account {lead(rng, 9)}."),
        ("phone_word", f"Phone plan 40 GB, contract number {lead(rng, 10)}."),
        ("phone_word", f"Order {lead(rng, 3)} {lead(rng, 3)} {digits(rng, 4)} (one phone charger) has been delivered."),
        ("phone_word", f"Tracking for your new phone: {tracking_id(rng)}."),
        ("phone_word", f"The phone order line is open 08:00-20:00; have your order number {lead(rng, 8)} ready."),
        ("phone_word", f"Delivery {lead(rng, 10)} was attempted at 14:32 on 2025-03-18."),
        ("phone_word", f"I phoned the warehouse about delivery {lead(rng, 4)} {digits(rng, 3)} {digits(rng, 4)}; it leaves today."),
        ("phone_word", f"Phone support ticket {lead(rng, 3)}-{lead(rng, 3)}-{digits(rng, 4)} is closed."),
        ("phone_word", f"Su pedido de teléfono móvil {lead(rng, 10)} ha sido enviado."),
        ("phone_word", f"आपका फ़ोन ऑर्डर {lead(rng, 10)} भेज दिया गया है।"),
        ("phone_word", f"Ihre Bestellung {lead(rng, 10)} (Telefon) wurde versandt."),
        ("phone_word", f"Votre commande de téléphone n° {lead(rng, 9)} a été expédiée."),
        ("imei", f"Your phone's IMEI is {imei(rng)}; we've blocked it as stolen."),
        ("iccid", f"The SIM card number (ICCID) is {iccid(rng)}."),
        ("phone_model", f"Phone model SM-S918B, serial R5CT{digits(rng, 7)}."),
        ("phone_hours", "Our phone lines are open 9:00-17:30, Monday to Saturday (press 2 for orders)."),
        ("price", f"The phone costs {rng.randint(2, 9)} {digits(rng, 3)},00 € with the 24-month plan."),
        ("price", f"Refund of ${rng.randint(1, 9)},{digits(rng, 3)}.{digits(rng, 2)} for order {order_id(rng)} is on its way."),
        ("stats", f"We shipped {rng.randint(1, 9)} {digits(rng, 3)} {digits(rng, 3)} parcels in {rng.randint(2019, 2025)}."),
        ("date_time", f"Delivered on {rng.randint(1, 28):02d}.{rng.randint(1, 12):02d}.{rng.randint(2023, 2026)} {rng.randint(10, 23)}:{rng.randint(10, 59)}, order {order_id(rng)}."),
        ("tracking", f"Tracking number {tracking_id(rng)}; the courier's depot is in Leeds."),
        ("ticket", f"Ticket {ticket_id(rng)} was merged into {ticket_id(rng)}."),
        # @-strings that are no email address
        ("asset", f"Upload {asset(rng)} to the CDN so the header looks sharp on retina screens."),
        ("asset", f"The build is missing assets/img/{asset(rng)}."),
        ("asset", f"Replace {asset(rng)} and {asset(rng)} with the new artwork."),
        ("asset", f'<img src="/static/{(a := rng.choice(ASSET_NAMES))}.png" srcset="/static/{a}@2x.png 2x, /static/{a}@3x.png 3x">'),
        ("asset", f"https://cdn.acme-retail.com/img/{asset(rng)} returns 404 since the deploy."),
        ("asset", f"Exported {asset(rng)}, {asset(rng)} and {asset(rng)} from Figma."),
        ("package", f"Run `npm install {rng.choice(PACKAGES)}` and restart the dev server."),
        ("package", f"The lockfile pins {rng.choice(PACKAGES)} and {rng.choice(PACKAGES)}."),
        ("package", f"pnpm add {rng.choice(PACKAGES)} fixed the peer dependency warning."),
        ("package", f"brew install python@3.{rng.randint(10, 13)} openssl@3"),
        ("package", f"uses: actions/checkout@v4 then actions/setup-node@v{rng.randint(3, 4)}"),
        ("handle", f"Ping {rng.choice(HANDLES)} on Slack if the deploy fails."),
        ("handle", f"DM us {rng.choice(HANDLES)} - we answer within the hour."),
        ("localhost", f"The cron job mails root@localhost when the backup of order {order_id(rng)} fails."),
        ("localhost", "Log in as user@localhost on the dev box, not on production."),
        ("localhost", f"DATABASE_URL=postgres://app@localhost:5432/shop_{digits(rng, 2)}"),
        ("ssh", f"ssh deploy@10.0.{rng.randint(0, 255)}.{rng.randint(1, 254)} and restart the worker."),
        ("docker", f"Pin the image as nginx@sha256:{hex_digest(rng, 64)}."),
        ("snapshot", f"Restore tank/home@{rng.randint(2023, 2025)}-0{rng.randint(1, 9)}-1{rng.randint(0, 9)} first."),
        ("css", "@media (min-width: 768px) { .logo { background-image: url(logo@2x.png); } }"),
        ("decorator", "Add @app.route('/orders') above the view, then @login_required."),
        ("git", "Run git reset HEAD@{2} to undo the last two moves."),
        ("masked", f"We sent a code to j***@{rng.choice(['gmail.com', 'outlook.com', 'yahoo.fr'])}."),
        ("masked", f"Your card ending in {digits(rng, 4)} was charged €{rng.randint(5, 99)}.{digits(rng, 2)}."),
        ("masked", f"Card **** **** **** {digits(rng, 4)} expires next month."),
        ("masked", f"SSN on file: ***-**-{digits(rng, 4)}."),
        ("masked", f"The IBAN ends in …{digits(rng, 4)}; the rest is hidden."),
        ("time", f"Let's meet @ {rng.randint(1, 11)}pm to go over ticket {ticket_id(rng)}."),
        # look-alikes of cards, SSNs and IBANs
        ("ein", f"Our EIN is {rng.randint(10, 98)}-{digits(rng, 7)} (the company's tax id)."),
        ("zip4", f"Ship to the warehouse, ZIP {lead(rng, 5)}-{digits(rng, 4)}."),
        ("part_number", f"Part no. {lead(rng, 3)}-{digits(rng, 2)}-{digits(rng, 4)} fits the 2021 model."),
        ("bic", f"BIC {rng.choice(['COBADEFFXXX', 'BNPAFRPP', 'INGBNL2A', 'CAIXESBBXXX', 'UNCRITMM'])} for the transfer."),
        ("vat", f"VAT number {rng.choice([f'DE{lead(rng, 9)}', f'NL{lead(rng, 9)}B01', f'IT{digits(rng, 11)}', f'FR{digits(rng, 2)}{lead(rng, 9)}'])} is on the invoice."),
        ("creditor_ref", f"Please quote payment reference {creditor_reference(rng)}."),
        ("creditor_id", f"Gläubiger-ID {sepa_creditor_id(rng)}, Mandatsreferenz MNDT-{digits(rng, 6)}."),
        ("sort_code", f"Our bank: sort code {rng.randint(10, 99)}-{rng.randint(10, 99)}-{rng.randint(10, 99)}."),
        ("order", f"Amazon order {lead(rng, 3)}-{digits(rng, 7)}-{digits(rng, 7)} arrives tomorrow."),
        ("epoch", f"created_at={rng.randint(1_600_000_000_000, 1_750_000_000_000)} order={order_id(rng)}"),
        ("uuid", f"Request id {hex_digest(rng, 8)}-{hex_digest(rng, 4)}-4{hex_digest(rng, 3)}-a{hex_digest(rng, 3)}-{hex_digest(rng, 12)} failed."),
        ("version", f"App version {rng.randint(1, 9)}.{rng.randint(0, 40)}.{rng.randint(0, 400)} (build {lead(rng, 8)})."),
        ("meeting", f"Zoom meeting ID {lead(rng, 3)} {digits(rng, 4)} {digits(rng, 4)}, passcode {digits(rng, 6)}."),
    ]  # fmt: skip


def negative_lines(rng: random.Random) -> list[Line]:
    lines = []
    for _ in range(10):
        for kind, text in negative_makers(rng):
            lines.append(Line("negative", kind).add(text))
    return lines


# ---- mixed replies ------------------------------------------------------------------------------------------------


def mixed_lines(rng: random.Random) -> list[Line]:
    lines = []
    plans = PHONE_PLANS
    for i in range(60):
        tag, region, pattern = plans[(i * 13) % len(plans)]
        phone = phone_value(rng, region, pattern)
        email = email_value(rng, rng.choice(EMAIL_DOMAINS), i)
        network, (prefixes, lengths) = rng.choice(sorted(NETWORKS.items()))
        card = card_format(rng, card_digits(rng, rng.choice(prefixes), lengths[0]), network, "spaces")
        country = rng.choice(sorted(SEPA_BBAN))
        iban = printed(iban_of(rng, country, SEPA_BBAN[country]))
        templates: list[tuple[str, Values]] = [
            (
                "Order {o}: delivery phone {p}, receipt to {e}, icon {a} attached.",
                {"o": (order_id(rng), None), "p": (phone, PHONE), "e": (email, EMAIL), "a": (asset(rng), None)},
            ),
            (
                "Ticket {k} - refund to {i}; the customer asked us to ring {p} once it's done.",
                {"k": (ticket_id(rng), None), "i": (iban, IBAN), "p": (phone, PHONE)},
            ),
            (
                "Your phone order {o} was charged to {c}. Questions? {e}",
                {"o": (lead(rng, 10), None), "c": (card, CARD), "e": (email, EMAIL)},
            ),
            (
                "Tracking {t}: the courier will call {p}; the sender's SSN {s} is on the customs form.",
                {"t": (tracking_id(rng), None), "p": (phone, PHONE), "s": (ssn_value(rng, "-"), SSN)},
            ),
            (
                "Installed {pk}; the licence belongs to {e} (tel. {p}).",
                {"pk": (rng.choice(PACKAGES), None), "e": (email, EMAIL), "p": (phone, PHONE)},
            ),
        ]
        template, values = templates[i % len(templates)]
        lines.append(templated(template, values, "mixed", region))
    return lines


# ---- the corpus ---------------------------------------------------------------------------------------------------


def build(seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    lines = [
        *phone_lines(rng),
        *email_lines(rng),
        *card_lines(rng),
        *ssn_lines(rng),
        *iban_lines(rng),
        *mixed_lines(rng),
        *negative_lines(rng),
    ]
    random.Random(seed + 1).shuffle(lines)
    out = []
    for i, line in enumerate(lines, 1):
        for entity in line.entities:
            value = str(entity["value"])
            assert line.text[int(entity["start"]) : int(entity["end"])] == value  # type: ignore[call-overload]
            compact = "".join(ch for ch in value if ch.isdigit())
            if entity["entity"] == CARD:
                assert luhn_valid(compact), value
            elif entity["entity"] == IBAN:
                assert iban_valid(value), value
            elif entity["entity"] == SSN:
                assert len(compact) == 9 and compact[:3] not in ("000", "666") and compact[0] != "9", value
                assert compact[3:5] != "00" and compact[5:] != "0000", value
        out.append({"id": i, "text": line.text, "entities": line.entities, "tags": line.tags})
    return out


def render(rows: list[dict[str, object]]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the committed corpus is not what this writes")
    args = parser.parse_args()
    text = render(build())
    if args.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("tuned part 2 up to date" if same else f"{OUT} differs from what make_pii_tuned2.py writes")
        return 0 if same else 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    rows = [json.loads(line) for line in text.splitlines()]
    negatives = sum(1 for row in rows if not row["entities"])
    print(f"wrote {OUT}: {len(rows)} lines, {negatives} without PII")
    return 0


if __name__ == "__main__":
    sys.exit(main())
