"""Phones of tuned part 2 of the PII corpus (bench/make_pii_tuned2.py): each country's numbering plan (mostly the
ranges reserved for fiction), ``phone_is_valid`` (checked with the ``phonenumbers`` package, or a UK drama range),
and the sentence templates, next to an order or in a contact reply, in English and the countries' languages.
Split out of the generator unchanged.
"""

from __future__ import annotations

import random

import phonenumbers
from pii_corpus_values import PHONE, Line, templated  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned2_ids import (  # noqa: E402 - bench scripts run with bench/ on the path
    Values,
    order_id,
    ticket_id,
    tracking_id,
)

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
