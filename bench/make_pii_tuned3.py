"""Writes bench/data/pii_tuned3.jsonl: tuned part 3 of the PII corpus that bench/pii_accuracy.py measures.

Run: .venv/bin/python bench/make_pii_tuned3.py [--check]  (--check: exit 1 when the committed file differs)

Tuned part 3 is the second held-out part: once its errors had been measured and written in docs/benchmarks.md
("PII accuracy: two parts") it could no longer be held out, so detector changes may now be fitted to it. What
follows describes how it was written, as a held-out part.

Written blind: by someone who read neither the detector's code (evaluations/scoring/pii/ and what it imports) nor
the other two corpora's generators and files (bench/make_pii_corpus.py, bench/make_pii_tuned2.py), and never used
to tune the detector (docs/benchmarks.md, "PII accuracy: two parts"). A detector change must not be fitted to
these lines: when one of its errors is fixed, the fix is tested with new cases written elsewhere, and this file
stays as it is; its labels are not changed to agree with any detector.

Each line is a support-bot reply, ``{"id", "text", "entities": [{"entity", "value", "start", "end"}], "tags"}``.
The labels are what a careful human reviewer marks as personal data the reply reveals: a person's card, SSN, IBAN,
email address or phone number. Lookalikes are hard negatives, tagged ``["negative", kind, ...]``: order, ticket,
booking and tracking numbers next to the words phone, call or mobile; image assets with a scale suffix
(``btn-pay@2x.png``), npm packages (``@scope/name``, ``name@version``), handles, masked addresses
(``j***@gmail.com`` reveals nothing), git remotes, ``user@localhost``, image digests (``image@sha256:...``),
part numbers and claim numbers shaped like SSNs, EINs, bank routing numbers, Luhn-valid ids that are no card
(IMEI, ICCID), BICs, RF creditor references, VAT numbers, meeting ids. A sentence whose label could be argued
either way (a role address such as ``support@``, a company switchboard, a well-known test card, a number that
fails its check) is left out rather than bent.

Only the value rules come from bench/pii_corpus_values.py (card networks with a Luhn digit, SEPA BBAN layouts with
mod-97 check digits); the templates, the phone plans and formats, the languages and the negatives are new. Every
labelled phone is checked with the ``phonenumbers`` package: valid, and of the region its line is tagged with
(``region-XX``); that checks the labels, it tunes nothing. Languages: the red team's (redteam/models.py: English,
Spanish, Hindi) and German, French, Portuguese, Italian, Dutch, Polish, Swedish and Korean.

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
    iban_check,
    iban_valid,
    luhn_digit,
    luhn_valid,
    templated,
)

OUT = Path(__file__).resolve().parent / "data" / "pii_tuned3.jsonl"
SEED = 60221  # the tuned parts use 16 and 2718

Values = dict[str, tuple[str, str | None]]
UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def d(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def nz(rng: random.Random, n: int) -> str:
    return rng.choice("123456789") + d(rng, n - 1)


def letters(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(UPPER) for _ in range(n))


# ---- neutral slots: names, identifiers, dates, amounts (never labelled) ------------------------------------------

NAMES = [
    "Agnieszka Nowak", "Björn Lindqvist", "Inês Carvalho", "Wouter Peeters", "Katharina Gruber", "Aroha Ngata",
    "Thandiwe Dlamini", "Wei Ling Tan", "Ji-woo Park", "Martina Fernández", "Rohan Mehta", "Emily Carter",
    "Liam O'Sullivan", "Sofia Conti", "Daan de Vries", "Camille Lefèvre", "Jonas Becker", "Lucía Romero",
    "Ananya Iyer", "Marcus Bell", "Hannah Kowalczyk", "Tiago Almeida", "Yuki Sato", "Grace Mbeki",
]  # fmt: skip


def order_no(rng: random.Random) -> str:
    return rng.choice(
        [
            f"#{nz(rng, rng.choice([5, 6, 7]))}",
            f"A{d(rng, 7)}",
            f"ORD-{rng.randint(2023, 2026)}-{d(rng, 6)}",
            f"{d(rng, 3)}-{d(rng, 7)}-{d(rng, 7)}",
            f"{nz(rng, 4)} {d(rng, 4)} {d(rng, 2)}",
            nz(rng, 10),
            f"W{d(rng, 9)}",
        ]
    )


def ticket_no(rng: random.Random) -> str:
    return rng.choice(
        [f"#{nz(rng, 6)}", f"CS-{d(rng, 6)}", f"INC{d(rng, 7)}", f"T{nz(rng, 4)}-{d(rng, 4)}", f"SR {nz(rng, 8)}"]
    )


def booking_no(rng: random.Random) -> str:
    return rng.choice(
        [
            letters(rng, 2) + d(rng, 1) + letters(rng, 3),
            f"HB-{nz(rng, 6)}",
            f"RES{d(rng, 8)}",
            f"{nz(rng, 4)}.{d(rng, 3)}.{d(rng, 3)}",
            f"BK {nz(rng, 3)} {d(rng, 3)} {d(rng, 3)}",
        ]
    )


def ref_no(rng: random.Random) -> str:
    return rng.choice(
        [f"REF-{nz(rng, 6)}", f"R{nz(rng, 9)}", f"{d(rng, 2)}/{nz(rng, 6)}", f"RF-{letters(rng, 2)}{d(rng, 5)}"]
    )


def tracking_no(rng: random.Random) -> str:
    return rng.choice(
        [
            f"1Z{letters(rng, 3)}{d(rng, 3)}{d(rng, 10)}",
            f"{letters(rng, 2)}{d(rng, 9)}{rng.choice(['DE', 'GB', 'PL', 'SE', 'NL', 'PT', 'BE', 'NZ'])}",
            f"JJD{d(rng, 18)}",
            f"3S{letters(rng, 4)}{d(rng, 7)}",
            nz(rng, 12),
        ]
    )


def claim_no(rng: random.Random) -> str:
    return rng.choice([f"CLM-{d(rng, 7)}", f"{d(rng, 2)}-{nz(rng, 6)}-{d(rng, 2)}", f"K{d(rng, 8)}"])


def date(rng: random.Random) -> str:
    day, month = rng.randint(1, 28), rng.randint(1, 12)
    return rng.choice([f"{rng.randint(2025, 2027)}-{month:02d}-{day:02d}", f"{day:02d}/{month:02d}", f"{day}.{month}."])


def clock(rng: random.Random) -> str:
    return f"{rng.randint(8, 18)}:{rng.choice(['00', '15', '30', '45'])}"


def amount(rng: random.Random) -> str:
    v = rng.randint(12, 2400)
    return rng.choice([f"${v}.{d(rng, 2)}", f"€{v},{d(rng, 2)}", f"£{v}.00", f"₹{v * 7:,}", f"{v} zł", f"{v} kr"])


def neutral(rng: random.Random) -> Values:
    return {
        "name": (rng.choice(NAMES), None),
        "order": (order_no(rng), None),
        "ticket": (ticket_no(rng), None),
        "booking": (booking_no(rng), None),
        "ref": (ref_no(rng), None),
        "track": (tracking_no(rng), None),
        "claim": (claim_no(rng), None),
        "date": (date(rng), None),
        "time": (clock(rng), None),
        "amount": (amount(rng), None),
    }


# ---- phones -------------------------------------------------------------------------------------------------------

# region -> (country calling code, national significant number patterns: X any digit, N 2-9, other characters as
# written; an Italian pattern keeps its leading 0). Fiction ranges where a country has them (US 555-01xx, the UK
# drama ranges, Australia's 0491 570).
PLANS: dict[str, tuple[str, list[str]]] = {
    "US": ("1", ["212NXXXXXX", "305NXXXXXX", "404NXXXXXX", "503NXXXXXX", "720NXXXXXX", "917NXXXXXX",
                 "20255501XX", "31255501XX", "61755501XX"]),
    "CA": ("1", ["416NXXXXXX", "604NXXXXXX", "514NXXXXXX", "613NXXXXXX", "902NXXXXXX"]),
    "GB": ("44", ["2079460XXX", "1134960XXX", "1214960XXX", "74NXXXXXXX", "78NXXXXXXX", "79NXXXXXXX"]),
    "IE": ("353", ["1NXXXXXX", "83NXXXXXX", "85NXXXXXX", "87NXXXXXX"]),
    "DE": ("49", ["30NXXXXXXX", "40NXXXXXXX", "89NXXXXXXX", "1512XXXXXXX", "1701XXXXXXX", "1761XXXXXXX"]),
    "AT": ("43", ["1NXXXXXX", "664NXXXXXX", "676NXXXXXX", "316NXXXXX"]),
    "CH": ("41", ["44NXXXXXX", "22NXXXXXX", "79NXXXXXX", "78NXXXXXX", "31NXXXXXX"]),
    "FR": ("33", ["1NXXXXXXX", "4NXXXXXXX", "6NXXXXXXX", "7NXXXXXXX"]),
    "BE": ("32", ["2NXXXXXX", "3NXXXXXX", "47NXXXXXX", "49NXXXXXX"]),
    "NL": ("31", ["20NXXXXXX", "10NXXXXXX", "6NXXXXXXX", "30NXXXXXX"]),
    "ES": ("34", ["91NXXXXXX", "93NXXXXXX", "6NXXXXXXX", "7NXXXXXXX"]),
    "PT": ("351", ["21NXXXXXX", "22NXXXXXX", "91NXXXXXX", "93NXXXXXX", "96NXXXXXX"]),
    "IT": ("39", ["06NXXXXXXX", "02NXXXXXXX", "33NXXXXXXX", "34NXXXXXXX", "32NXXXXXXX"]),
    "PL": ("48", ["22NXXXXXX", "12NXXXXXX", "50NXXXXXX", "60NXXXXXX", "69NXXXXXX", "78NXXXXXX", "88NXXXXXX"]),
    "SE": ("46", ["8NXXXXXX", "31NXXXXXX", "70NXXXXXX", "73NXXXXXX", "76NXXXXXX"]),
    "NO": ("47", ["4NXXXXXX", "9NXXXXXX", "2NXXXXXX"]),
    "NZ": ("64", ["9NXXXXXX", "4NXXXXXX", "21NXXXXXX", "22NXXXXXX", "27NXXXXXX"]),
    "ZA": ("27", ["11NXXXXXX", "21NXXXXXX", "82NXXXXXX", "72NXXXXXX", "61NXXXXXX"]),
    "SG": ("65", ["8NXXXXXX", "9NXXXXXX", "6NXXXXXX"]),
    "KR": ("82", ["10NXXXXXXX", "2NXXXXXXX", "31NXXXXXXX", "51NXXXXXX"]),
    "AR": ("54", ["911NXXXXXXX", "9351NXXXXXX", "11NXXXXXXX", "351NXXXXXX"]),
    "MX": ("52", ["55NXXXXXXX", "33NXXXXXXX", "81NXXXXXXX"]),
    "BR": ("55", ["119NXXXXXXX", "219NXXXXXXX", "11NXXXXXXX", "319NXXXXXXX"]),
    "IN": ("91", ["98NXXXXXXX", "88NXXXXXXX", "70NXXXXXXX", "11NXXXXXXX", "80NXXXXXXX"]),
    "JP": ("81", ["3NXXXXXXX", "6NXXXXXXX", "90NXXXXXXX", "80NXXXXXXX"]),
    "AU": ("61", ["2NXXXXXXX", "3NXXXXXXX", "4NXXXXXXX", "491570XXX"]),
}  # fmt: skip

# the styles a country's numbers are written in, besides its national and international forms
DOTS = {"FR", "BE", "US", "CA", "CH"}
TRUNK_ZERO = {"GB", "DE", "AT", "CH", "NL", "BE", "IE"}  # "+44 (0)20 ..."


def phone_is_valid(text: str, region: str) -> bool:
    """The label check: ``text`` is a valid number of ``region`` by the ``phonenumbers`` package."""
    try:
        number = phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number(number) and phonenumbers.region_code_for_number(number) == region


def phone_number(rng: random.Random, region: str) -> phonenumbers.PhoneNumber:
    code, patterns = PLANS[region]
    for _ in range(500):
        nsn = "".join(
            rng.choice("0123456789") if ch == "X" else rng.choice("23456789") if ch == "N" else ch
            for ch in rng.choice(patterns)
        )
        number = phonenumbers.parse(f"+{code}{nsn}")
        if phonenumbers.is_valid_number(number) and phonenumbers.region_code_for_number(number) == region:
            return number
    raise AssertionError(f"no valid number for {region}")


def phone_styles(number: phonenumbers.PhoneNumber, region: str) -> dict[str, str]:
    fmt = phonenumbers.format_number
    national = fmt(number, phonenumbers.PhoneNumberFormat.NATIONAL)
    intl = fmt(number, phonenumbers.PhoneNumberFormat.INTERNATIONAL)
    code = str(number.country_code)
    styles = {
        "national": national,
        "international": intl,
        "e164": fmt(number, phonenumbers.PhoneNumberFormat.E164),
        "intl-00": "00" + intl[1:],
        "intl-dashes": intl.replace(" ", "-"),
    }
    if region != "AR":  # Argentine mobiles are written with their 15 prefix, not run together
        styles["national-compact"] = "".join(ch for ch in national if ch.isdigit())
    if " " in national and "-" not in national and "(" not in national:
        styles["national-dashes"] = national.replace(" ", "-")
    if region in DOTS:
        styles["national-dots"] = national.replace("(", "").replace(") ", ".").replace(" ", ".").replace("-", ".")
    if region in TRUNK_ZERO:
        styles["intl-trunk-0"] = f"+{code} (0){intl[len(code) + 2 :]}"
    if region in ("US", "CA"):
        styles["us-1-dashes"] = "1-" + intl[len(code) + 2 :]
        styles["us-plain"] = national.replace("(", "").replace(")", "").replace(" ", "-")
    return {name: text for name, text in styles.items() if phone_is_valid(text, region)}


def phone_value(rng: random.Random, region: str, prefer: str | None = None) -> tuple[str, str]:
    styles = phone_styles(phone_number(rng, region), region)
    if prefer in styles and rng.random() < 0.6:
        return prefer, styles[prefer]
    name = rng.choice(sorted(styles))
    return name, styles[name]


# (setting, template); the phone belongs to the person the reply is about.
PHONE_NEAR_ID_EN = [
    ("delivery", "Delivery {track} is out today; the driver will ring {p} about 20 minutes before arrival."),
    ("delivery", "I've changed the contact number on order {order} to {p}, so the courier will use that one."),
    ("account", "Done! The mobile number on your account is now {p}. Your ticket {ticket} is closed."),
    ("refund", "Refund {ref} for {amount} is approved. If the bank needs to confirm, they'll call you at {p}."),
    ("booking", "Booking {booking} for two nights is confirmed. The hotel has {p} as your contact number."),
    ("travel", "Your flight booking {booking} lists {p} for SMS alerts about gate changes."),
    ("medical", "Your appointment on {date} is booked (reference {ref}). The clinic will text reminders to {p}."),
    ("insurance", "Claim {claim} is with an adjuster now; she'll phone {name} on {p} within two working days."),
    ("banking", "For the card replacement request {ref}, the verification code will go to {p}."),
    ("hr", "Onboarding case {ticket}: the emergency contact for {name} is recorded as {p}."),
    ("delivery", "Parcel {track}: the recipient's number {p} was added to the shipping label."),
    ("account", "Ticket {ticket} - we couldn't reach you on {p}, so we left a voicemail."),
    ("refund", "I can see order {order}. The refund call-back is booked for {time}, to {p}."),
    ("booking", "Table for four on {date}, reservation {booking}, under {name}, phone {p}."),
    ("travel", "Car rental {booking}: the pick-up desk will contact {name} at {p} if the flight lands late."),
    ("delivery", "The sofa for order {order} arrives on {date}; our crew will call {p} that morning."),
    ("insurance", "Policy change {ref} saved: the policyholder's phone is now {p}."),
    ("medical", "Prescription {ref} is ready for collection. The pharmacy tried {p} twice this morning."),
    ("hr", "Leave request {ticket} approved. Your manager asked that you stay reachable at {p}."),
    ("account", "To close ticket {ticket} I sent a one-time code to {p}; read it back to me when it arrives."),
    ("delivery", "Order {order} - the locker code was texted to {p} and is valid for 48 hours."),
    ("travel", "Your train booking {booking} is changed; the new e-ticket link was sent by SMS to {p}."),
    ("banking", "Dispute {ref}: our fraud team will call {name} on {p} from a withheld number."),
    ("insurance", "For claim {claim} the tow truck driver has your number, {p}, and is 30 minutes away."),
    ("medical", "Lab order {order} for {name}: results will be sent by text to {p} once signed off."),
    ("refund", "Return {ref} received. We'll confirm the refund of {amount} by text to {p}."),
    ("booking", "Your dentist appointment ({booking}) moved to {time}. We'll call {p} if a slot opens earlier."),
    ("hr", "Payroll ticket {ticket}: HR called {name} at {p} to confirm the new bank details."),
    ("delivery", "The technician for repair job {ticket} will phone you at {p} when he is on his way."),
    ("travel", "Tour {booking}: the guide will meet you in the lobby and can be reached by {name} on {p}."),
]

PHONE_CONTACT_EN = [
    ("account", "Sure, I've updated your phone number to {p}."),
    ("account", "Thanks, {name}. We'll call you back on {p} as soon as an agent is free."),
    ("medical", "The patient's daytime number is {p}."),
    ("account", "Your new mobile, {p}, is verified."),
    ("banking", "Our records show {name}'s home phone as {p}."),
    ("account", "Please confirm that {p} is still the best number to reach you."),
    ("delivery", "{name} asked us to send tracking updates by SMS to {p}."),
    ("account", "Name: {name}\nMobile: {p}"),
    ("booking", "Got it - the landlord can be reached on {p} for the key handover."),
    ("hr", "Your emergency contact ({name}) is listed with {p}."),
    ("hr", "The recruiter will ring you at {p} tomorrow around {time}."),
    ("travel", "WhatsApp or call {name} on {p} if the driver is late."),
    ("insurance", "The policyholder can be reached at {p} on weekdays."),
    ("medical", "Dr. Osei asked that you call her back on her mobile, {p}."),
    ("banking", "The new PIN was sent by text to {name}'s mobile, {p}."),
]

PHONE_LANG: dict[str, tuple[list[str], list[tuple[str, str]]]] = {
    "es": (
        ["ES", "MX", "AR"],
        [
            ("delivery", "Su pedido {order} ya salió del almacén; el repartidor le llamará al {p} antes de entregar."),
            ("booking", "Hemos actualizado el teléfono de la reserva {booking}: ahora es {p}."),
            ("refund", "El reembolso {ref} está aprobado. Si hay dudas, le llamaremos al {p}."),
            ("medical", "Su cita del {date} quedó confirmada; recibirá un SMS en el {p}."),
            ("account", "Número de móvil de {name}: {p}."),
            ("account", "Incidencia {ticket}: no pudimos contactarle en el {p}; por favor, devuélvanos la llamada."),
            ("insurance", "El perito llamará al {p} para revisar el siniestro {claim}."),
            ("delivery", "Le escribiremos por WhatsApp al {p} cuando el envío {track} llegue a la oficina."),
            ("account", "Celular registrado en la cuenta: {p}."),
            ("travel", "Para el alquiler {booking}, el agente contactará a {name} al {p}."),
            ("hr", "Recursos Humanos tiene como contacto de emergencia de {name} el número {p}."),
        ],
    ),
    "hi": (
        ["IN"],
        [
            ("delivery", "आपका ऑर्डर {order} भेज दिया गया है; डिलीवरी से पहले कूरियर आपको {p} पर कॉल करेगा।"),
            ("booking", "आपकी बुकिंग {booking} में संपर्क नंबर {p} दर्ज है।"),
            ("refund", "रिफ़ंड {ref} स्वीकृत हो गया है। बैंक आपको {p} पर कॉल कर सकता है।"),
            ("account", "{name} का मोबाइल नंबर {p} है।"),
            ("account", "टिकट {ticket}: हमने आपको {p} पर कॉल किया था, पर बात नहीं हो पाई।"),
            ("medical", "आपकी अपॉइंटमेंट {date} को है; रिमाइंडर {p} पर SMS से आएगा।"),
            ("insurance", "बीमा दावा {claim} के लिए एजेंट आपसे {p} पर संपर्क करेगा।"),
            ("account", "आपके खाते का नया मोबाइल नंबर {p} सत्यापित हो गया है।"),
            ("travel", "ट्रेन टिकट {booking} की जानकारी {p} पर SMS कर दी गई है।"),
        ],
    ),
    "de": (
        ["DE", "AT", "DE", "CH"],
        [
            ("delivery", "Ihre Bestellung {order} wird morgen geliefert; der Fahrer ruft vorher unter {p} an."),
            ("booking", "Wir haben die Telefonnummer für die Buchung {booking} auf {p} geändert."),
            ("account", "Rückruf zu Ticket {ticket}: Wir erreichen Sie unter {p} zwischen 9 und 12 Uhr."),
            ("account", "Handynummer von {name}: {p}"),
            ("insurance", "Die Versicherung meldet sich wegen Schaden {claim} telefonisch unter {p}."),
            ("medical", "Ihr Termin am {date} ist bestätigt; eine SMS-Erinnerung geht an {p}."),
        ],
    ),
    "fr": (
        ["FR", "BE", "FR", "CH"],
        [
            ("delivery", "Votre commande {order} est en cours de livraison ; le livreur vous appellera au {p}."),
            ("booking", "Le numéro de téléphone de la réservation {booking} est désormais le {p}."),
            ("account", "Dossier {ticket} : nous avons essayé de vous joindre au {p} ce matin."),
            ("account", "Portable de {name} : {p}"),
            ("medical", "Votre rendez-vous du {date} est confirmé ; un rappel sera envoyé au {p}."),
            ("insurance", "Pour le sinistre {claim}, l'expert contactera {name} au {p}."),
        ],
    ),
    "pt": (
        ["PT", "BR"],
        [
            ("delivery", "A sua encomenda {order} sai hoje; o estafeta liga para o {p} antes de chegar."),
            ("booking", "O contacto associado à reserva {booking} foi alterado para {p}."),
            ("delivery", "Seu pedido {order} foi enviado; o entregador vai ligar no {p}."),
            ("account", "Celular de {name}: {p}"),
            ("account", "Protocolo {ticket}: tentamos falar com você no {p}, sem sucesso."),
        ],
    ),
    "pl": (
        ["PL"],
        [
            ("delivery", "Zamówienie {order} zostało nadane; kurier zadzwoni pod numer {p} przed doręczeniem."),
            ("booking", "Zmieniliśmy numer telefonu w rezerwacji {booking} na {p}."),
            ("account", "Zgłoszenie {ticket}: oddzwonimy pod numer {p} jutro rano."),
            ("account", "Telefon komórkowy: {p} ({name})"),
        ],
    ),
    "sv": (
        ["SE"],
        [
            ("delivery", "Din beställning {order} levereras i morgon; budet ringer {p} innan leverans."),
            ("booking", "Vi har uppdaterat telefonnumret för bokning {booking} till {p}."),
            ("account", "Ärende {ticket}: vi försökte nå dig på {p} i förmiddags."),
            ("account", "Mobilnummer till {name}: {p}"),
        ],
    ),
    "nl": (
        ["NL", "NL", "BE"],
        [
            ("delivery", "Uw bestelling {order} wordt morgen bezorgd; de bezorger belt vooraf naar {p}."),
            ("booking", "Het telefoonnummer bij reservering {booking} is gewijzigd in {p}."),
            ("account", "Mobiel nummer van {name}: {p}"),
            ("account", "Ticket {ticket}: we hebben u vanochtend geprobeerd te bellen op {p}."),
            ("insurance", "De schade-expert neemt voor dossier {claim} contact op via {p}."),
        ],
    ),
    "it": (
        ["IT", "IT", "CH"],
        [
            ("delivery", "Il suo ordine {order} è in consegna: il corriere la chiamerà al {p}."),
            ("booking", "Abbiamo aggiornato il cellulare della prenotazione {booking}: ora è {p}."),
            ("account", "Pratica {ticket}: abbiamo provato a contattarla al {p} senza risposta."),
            ("medical", "Il referto sarà pronto il {date}; le manderemo un SMS al {p}."),
            ("account", "Cellulare di {name}: {p}"),
        ],
    ),
    "ko": (
        ["KR"],
        [
            ("delivery", "주문 {order} 상품이 출고되었습니다. 배송 기사님이 {p}로 연락드릴 예정입니다."),
            ("booking", "예약 {booking}의 연락처가 {p}로 변경되었습니다."),
            ("account", "{name} 고객님의 휴대폰 번호는 {p}입니다."),
        ],
    ),
}
PT_REGION = ["PT", "PT", "BR", "BR", "BR"]  # European Portuguese templates first, then Brazilian ones
EN_REGIONS = ["US", "CA", "GB", "IE", "AU", "NZ", "ZA", "SG", "IN", "JP", "NO", "US", "GB", "AU"]
ALL_REGIONS = sorted(PLANS)


def near_id(template: str) -> bool:
    return any(slot in template for slot in ("{order}", "{ticket}", "{booking}", "{ref}", "{track}", "{claim}"))


def phone_line(rng: random.Random, lang: str, setting: str, template: str, region: str) -> Line:
    style, value = phone_value(rng, region, prefer="international" if lang == "en" and region == "JP" else None)
    values = {**neutral(rng), "p": (value, PHONE)}
    tags = ["phone", setting, f"region-{region}", f"lang-{lang}", style]
    if near_id(template):
        tags.append("near-id")
    return templated(template, values, *tags)


def phone_lines(rng: random.Random) -> list[Line]:
    lines = []
    english = PHONE_NEAR_ID_EN * 6 + PHONE_CONTACT_EN * 5
    for i, (setting, template) in enumerate(english):
        # English replies: the English-speaking countries, and every other country in its own formats
        region = EN_REGIONS[i % len(EN_REGIONS)] if i % 3 else ALL_REGIONS[(i // 3) % len(ALL_REGIONS)]
        lines.append(phone_line(rng, "en", setting, template, region))
    for lang, (regions, templates) in PHONE_LANG.items():
        rounds = 3 if lang in ("es", "hi", "de", "fr", "it", "nl") else 2
        for r in range(rounds):
            for j, (setting, template) in enumerate(templates):
                region = PT_REGION[j] if lang == "pt" else regions[(j + r) % len(regions)]
                lines.append(phone_line(rng, lang, setting, template, region))
    return lines


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


# ---- cards --------------------------------------------------------------------------------------------------------

CARD_TEMPLATES: dict[str, list[str]] = {
    "en": [
        "Booking {booking} is guaranteed with {c}; nothing is charged until check-in.",
        "Your subscription now renews on {c}.",
        "We refunded {amount} to {c} - it can take 5-10 business days.",
        "The {net} card you added is {c}, exp. 11/28.",
        "Payment method updated: {net} {c}.",
        "The deductible for claim {claim} was paid with card {c}.",
        "Card: {c}\nExpiry: 04/29\nCardholder: {name}",
        "I see a declined charge on {c} for order {order}.",
        "The hospital billing office charged {amount} to {c}.",
        "Your corporate card {c} was used for the flight booking {booking}.",
        "Please confirm: is {c} the card you want to keep on file?",
        "Autopay for the premium is set to {c}.",
        "Chargeback opened for {c} (order {order}).",
        "The replacement card {c} has been activated for {name}.",
    ],
    "es": ["El cargo de {amount} se hizo a la tarjeta {c}.", "Tarjeta registrada: {c}"],
    "hi": ["आपका कार्ड नंबर {c} है।", "{amount} का रिफ़ंड कार्ड {c} पर भेजा गया।"],
    "de": ["Die Zahlung erfolgte mit der Karte {c}.", "Kreditkartennummer: {c}"],
    "fr": ["Le paiement a été effectué avec la carte {c}."],
    "pt": ["O pagamento foi feito com o cartão {c}."],
    "pl": ["Płatność kartą {c} została odrzucona."],
    "it": ["L'addebito è stato fatto sulla carta {c}."],
    "sv": ["Betalningen drogs från kortet {c}."],
    "nl": ["De betaling is gedaan met kaart {c}."],
    "ko": ["결제하신 카드 번호는 {c}입니다."],
}


def card_text(rng: random.Random, network: str) -> tuple[str, str]:
    prefixes, lengths = NETWORKS[network]
    length = rng.choice(lengths)
    digits = card_digits(rng, rng.choice(prefixes), length)
    if digits in ("4111111111111111", "4242424242424242", "5555555555554444"):  # well-known test cards
        return card_text(rng, network)
    if length in (14, 15) and network in ("American Express", "Diners Club"):
        groups = [digits[:4], digits[4:10], digits[10:]]
    elif length == 13:
        return "compact", digits
    else:
        groups = [digits[i : i + 4] for i in range(0, length, 4)]
    style = rng.choice(["spaces", "spaces", "dashes", "compact"] if length <= 16 else ["spaces", "compact"])
    return style, digits if style == "compact" else (" " if style == "spaces" else "-").join(groups)


def card_lines(rng: random.Random) -> list[Line]:
    pool = [(lang, t) for lang, ts in CARD_TEMPLATES.items() for t in ts]
    weights = [3 if lang == "en" else 2 if lang in ("es", "hi") else 1 for lang, _ in pool]
    lines = []
    networks = sorted(NETWORKS)
    for i in range(270):
        network = networks[i % len(networks)]
        style, value = card_text(rng, network)
        lang, template = rng.choices(pool, weights)[0]
        values = {**neutral(rng), "c": (value, CARD), "net": (network, None)}
        lines.append(templated(template, values, "card", network, style, f"lang-{lang}"))
    return lines


# ---- SSNs ---------------------------------------------------------------------------------------------------------

SSN_TEMPLATES: dict[str, list[str]] = {
    "en": [
        "For the background check we have SSN {s} for {name}.",
        "Your Social Security number, {s}, is now linked to the benefits enrollment.",
        "The W-2 lists the employee's SSN as {s}.",
        "Payroll corrected the SSN on file; it now reads {s}.",
        "SSN: {s}\nDOB: {date}",
        "Claim {claim} was filed under the member's social security number {s}.",
        "I verified your identity with SSN {s} and your date of birth.",
        "The loan application shows the co-signer's SSN, {s}.",
        "Medicare enrollment for {name} (SSN {s}) is complete.",
        "Social Security No. {s} matches the tax return.",
        "The 1099 was issued to SSN {s}.",
        "Dependent: {name}, SSN {s}, relationship: daughter.",
        "The tenant screening report for {name} was run on SSN {s}.",
        "New hire paperwork: SSN {s}, start date {date}.",
    ],
    "es": ["Su número de Seguro Social {s} quedó registrado en la solicitud.", "SSN del empleado: {s}"],
    "hi": ["आपका सोशल सिक्योरिटी नंबर (SSN) {s} आवेदन में दर्ज है।", "कर्मचारी का SSN: {s}"],
}


def ssn_value(rng: random.Random) -> tuple[str, str]:
    while True:
        area, group, serial = rng.randint(1, 899), rng.randint(1, 99), rng.randint(1, 9999)
        if area != 666 and f"{area:03d}{group:02d}{serial:04d}" not in ("078051120", "123456789"):
            break
    style = rng.choice(["dashes", "dashes", "dashes", "spaces", "compact"])
    sep = {"dashes": "-", "spaces": " ", "compact": ""}[style]
    return style, f"{area:03d}{sep}{group:02d}{sep}{serial:04d}"


def ssn_lines(rng: random.Random) -> list[Line]:
    pool = [(lang, t) for lang, ts in SSN_TEMPLATES.items() for t in ts]
    lines = []
    for i in range(265):
        lang, template = pool[i % len(pool)]
        style, value = ssn_value(rng)
        lines.append(templated(template, {**neutral(rng), "s": (value, SSN)}, "ssn", style, f"lang-{lang}"))
    return lines


# ---- IBANs --------------------------------------------------------------------------------------------------------

OTHER_BBAN = {
    "AE": "3n16n", "SA": "2n18c", "TR": "5n1n16c", "IL": "3n3n13n", "QA": "4a21c", "KW": "4a22c", "JO": "4a4n18c",
    "BH": "4a14c", "LB": "4n20c", "GE": "2a16n", "UA": "6n19c", "AZ": "4a20c", "KZ": "3n13c", "CR": "4n14n",
    "DO": "4c20n", "MU": "4a2n2n12n3n3a", "TN": "2n3n13n2n", "XK": "4n10n2n", "BR": "8n5n10n1a1c", "EG": "4n4n17n",
}  # fmt: skip
IBAN_TEMPLATES: dict[str, list[str]] = {
    "en": [
        "Your salary will be paid into {i} from next month.",
        "The refund for order {order} goes to IBAN {i}.",
        "The landlord's account for the deposit is {i}.",
        "Claim {claim} will be paid to {name}'s account {i}.",
        "Direct debit mandate updated: IBAN {i}.",
        "IBAN: {i}\nAccount holder: {name}",
        "We received your transfer from {i}, thank you.",
        "Travel reimbursement for {name} will go to {i}.",
    ],
    "de": ["Die Erstattung geht auf Ihr Konto {i}.", "IBAN des Kontoinhabers {name}: {i}"],
    "fr": ["Le remboursement sera versé sur le compte {i}.", "RIB - IBAN : {i}"],
    "es": ["El reembolso se abonará en la cuenta {i}.", "IBAN del titular: {i}"],
    "it": ["Il rimborso sarà accreditato sull'IBAN {i}."],
    "nl": ["Het bedrag wordt teruggestort op {i}."],
    "pt": ["O reembolso será transferido para o IBAN {i}."],
    "pl": ["Zwrot zostanie przelany na konto {i}."],
    "sv": ["Återbetalningen görs till kontot {i}."],
    "hi": ["रिफ़ंड आपके खाते {i} में भेजा जाएगा।"],
}
LANG_OF_COUNTRY = {"DE": "de", "AT": "de", "FR": "fr", "BE": "fr", "ES": "es", "IT": "it", "NL": "nl", "PT": "pt",
                   "PL": "pl", "SE": "sv", "LU": "fr", "MC": "fr", "LI": "de", "SM": "it", "VA": "it"}  # fmt: skip


def iban_value(rng: random.Random, country: str) -> str:
    layout = SEPA_BBAN.get(country) or OTHER_BBAN[country]
    b = bban(rng, layout)
    return country + iban_check(country, b) + b


def iban_lines(rng: random.Random) -> list[Line]:
    countries = sorted(SEPA_BBAN) + sorted(OTHER_BBAN)
    lines = []
    for i in range(280):
        country = countries[i % len(countries)]
        value = iban_value(rng, country)
        style = rng.choice(["printed", "printed", "electronic"])
        text = " ".join(value[k : k + 4] for k in range(0, len(value), 4)) if style == "printed" else value
        lang = LANG_OF_COUNTRY.get(country, "en") if rng.random() < 0.6 else rng.choice(["en", "en", "es", "hi"])
        template = rng.choice(IBAN_TEMPLATES[lang])
        lines.append(templated(template, {**neutral(rng), "i": (text, IBAN)}, "iban", country, style, f"lang-{lang}"))
    return lines


# ---- replies with several kinds of PII ---------------------------------------------------------------------------

MIXED = [
    ("en", "US", "Updated contact details for {name}: email {e}, mobile {p}."),
    ("en", "GB", "Name: {name}\nEmail: {e}\nPhone: {p}"),
    ("en", "US", "I found the applicant: SSN {s}, reachable at {p}."),
    ("en", "NZ", "The refund goes to {c}; we'll text {p} when it's processed."),
    ("en", "ZA", "Booking {booking} for {name}, phone {p}, email {e}."),
    ("en", "SG", "Payment {ref}: card {c}, receipt sent to {e}."),
    ("de", "AT", "Kundendaten: {name}, Tel. {p}, IBAN {i}"),
    ("es", "AR", "Datos del cliente: correo {e}, celular {p}."),
    ("pl", "PL", "Dane do zwrotu: {name}, konto {i}, tel. {p}"),
    ("sv", "SE", "Kontaktuppgifter: {e}, mobil {p}."),
    ("pt", "PT", "Dados de faturação: IBAN {i}, telemóvel {p}."),
    ("fr", "BE", "Coordonnées de {name} : {e}, GSM {p}."),
    ("hi", "IN", "ग्राहक विवरण: ईमेल {e}, मोबाइल {p}।"),
    ("ko", "KR", "고객 정보: 이메일 {e}, 휴대폰 {p}"),
    ("en", "CA", "Home: {p} - work: {p2} ({name})."),
]


def mixed_lines(rng: random.Random) -> list[Line]:
    lines = []
    for r in range(10):
        for lang, region, template in MIXED:
            iban_country = {"AT": "AT", "PL": "PL", "PT": "PT"}.get(region, "DE")
            values = {
                **neutral(rng),
                "e": (email_value(rng), EMAIL),
                "p": (phone_value(rng, region)[1], PHONE),
                "p2": (phone_value(rng, region)[1], PHONE),
                "s": (ssn_value(rng)[1], SSN),
                "c": (card_text(rng, sorted(NETWORKS)[r % len(NETWORKS)])[1], CARD),
                "i": (
                    " ".join(v[k : k + 4] for v in [iban_value(rng, iban_country)] for k in range(0, len(v), 4)),
                    IBAN,
                ),
            }
            lines.append(templated(template, values, "mixed", f"region-{region}", f"lang-{lang}"))
    return lines


# ---- hard negatives -----------------------------------------------------------------------------------------------

ASSETS = ["btn-pay", "icon-cart", "hero-banner", "logo", "avatar_default", "badge-gold", "spinner", "map-pin",
          "app-store", "ic_refund", "splash", "thumb-hotel"]  # fmt: skip
SCALES = ["2x", "3x", "1.5x", "2x", "4x", "3x"]
EXTS = ["png", "jpg", "webp", "svg", "gif", "avif", "jpeg"]
SCOPED = ["@angular/core", "@types/node", "@mui/material", "@aws-sdk/client-s3", "@tanstack/react-query",
          "@vitejs/plugin-react", "@nestjs/common", "@sentry/browser", "@stripe/stripe-js", "@prisma/client"]  # fmt: skip
VERSIONED = ["react@18.3.1", "lodash@4.17.21", "node@20", "pnpm@9.1.0", "typescript@5.4.5", "python@3.12",
             "openssl@3", "actions/checkout@v4", "actions/setup-node@v4", "vue@next", "eslint@8.57.0"]  # fmt: skip
HANDLES = ["@AcmeHelp", "@QuickShipCare", "@NorthPeakTravel", "@SafeHarbourIns", "@BankOfFjords", "@kiwi_rail_help"]
SLACK = ["@ops-oncall", "@here", "@channel", "@billing-team", "@refunds-bot"]
MASKED = ["j***@gmail.com", "m****a@outlook.com", "a.k*****@wp.pl", "s***@***.com", "pa*****@yahoo.es",
          "t****@web.de", "l***n@telia.se", "r***@naver.com", "e****.c*****@icloud.com", "***@sapo.pt"]  # fmt: skip
REPOS = ["acme/checkout", "platform/infra", "mobile/ios-app", "data/etl-jobs", "web/storefront", "tools/billing"]


def hexs(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def asset(rng: random.Random) -> str:
    return f"{rng.choice(ASSETS)}@{rng.choice(SCALES)}.{rng.choice(EXTS)}"


def imei(rng: random.Random) -> str:
    body = rng.choice(["35", "86", "01", "99"]) + d(rng, 12)
    full = body + luhn_digit(body)
    return rng.choice(
        [full, f"{full[:2]}-{full[2:8]}-{full[8:14]}-{full[14]}", f"{full[:2]} {full[2:8]} {full[8:14]} {full[14]}"]
    )


def iccid(rng: random.Random) -> str:
    body = "89" + rng.choice(["44", "49", "33", "48", "46", "61"]) + d(rng, 14)
    full = body + luhn_digit(body)
    return rng.choice([full, " ".join(full[i : i + 4] for i in range(0, len(full), 4))])


def isbn(rng: random.Random) -> str:
    body = "978" + d(rng, 9)
    check = (10 - sum(int(ch) * (3 if i % 2 else 1) for i, ch in enumerate(body)) % 10) % 10
    return f"{body[:3]}-{body[3]}-{body[4:7]}-{body[7:]}-{check}"


def ein(rng: random.Random) -> str:
    prefix = rng.choice(["12", "20", "27", "33", "45", "46", "52", "61", "74", "81", "94", "98"])
    return f"{prefix}-{d(rng, 7)}"


def routing(rng: random.Random) -> str:
    while True:
        body = rng.choice(["0", "1", "2", "3"]) + d(rng, 7)
        for check in "0123456789":
            n = body + check
            total = sum(int(n[i]) * w for i, w in enumerate([3, 7, 1, 3, 7, 1, 3, 7, 1]))
            if total % 10 == 0:
                return n


def ssn_shaped(rng: random.Random) -> str:
    return f"{rng.randint(100, 899)}-{rng.randint(10, 99)}-{rng.randint(1000, 9999)}"


def creditor_reference(rng: random.Random) -> str:
    ref = d(rng, rng.choice([8, 10, 12]))
    value = int("".join(str(int(ch, 36)) for ch in ref + "RF00"))
    full = f"RF{98 - value % 97:02d}{ref}"
    return rng.choice([full, " ".join(full[i : i + 4] for i in range(0, len(full), 4))])


def sepa_creditor_id(rng: random.Random) -> str:
    country = rng.choice(["DE", "NL", "AT", "FR", "ES", "IT"])
    national = d(rng, 11 if country == "DE" else 9)
    value = int("".join(str(int(ch, 36)) for ch in national + country + "00"))
    return f"{country}{98 - value % 97:02d}ZZZ{national}"


def bic(rng: random.Random) -> str:
    return rng.choice(["COBADEFFXXX", "BNPAFRPP", "INGBNL2A", "NDEASESS", "BPKOPLPW", "CGDIPTPL", "GEBABEBB",
                       "BKAUATWW", "UBSWCHZH80A", "BSCHESMM", "UNCRITMM", "DABADKKK", "HANDSESS"])  # fmt: skip


def vat(rng: random.Random) -> str:
    return rng.choice([f"DE{d(rng, 9)}", f"FR{d(rng, 2)} {d(rng, 9)}", f"PL{nz(rng, 10)}", f"NL{d(rng, 9)}B01",
                       f"SE{d(rng, 10)}01", f"ATU{d(rng, 8)}", f"PT{nz(rng, 9)}", f"BE0{d(rng, 9)}"])  # fmt: skip


def negative_makers(rng: random.Random) -> list[tuple[str, str]]:
    """(kind, reply) pairs: lookalikes a careful reviewer would not mark as personal data."""
    o, t, b = order_no(rng), ticket_no(rng), booking_no(rng)
    r = rng.randint
    return [
        # identifiers next to the words phone / call / mobile
        ("phone_word", f"Your phone order {o} has shipped and should arrive on Thursday."),
        ("phone_word", f"Mobile booking reference: {b}. Show it at the desk."),
        ("phone_word", f"Call reference {r(2024, 2026)}{r(1, 12):02d}{r(1, 28):02d}-{d(rng, 4)} has been closed."),
        ("phone_word", f"The phone repair ticket {t} is waiting for a spare screen."),
        ("phone_word", f"Replacement phone case, SKU {nz(rng, 3)}-{d(rng, 3)}-{d(rng, 4)}, is back in stock."),
        ("phone_word", f"Order no. {nz(rng, 10)} for the mobile accessories bundle ({amount(rng)}) was refunded."),
        ("phone_word", f"Please call us and quote delivery number {nz(rng, 4)} {d(rng, 3)} {d(rng, 4)}."),
        ("phone_word", f"Your mobile plan invoice {d(rng, 3)}-{d(rng, 3)}-{d(rng, 4)}-{d(rng, 2)} is due on the 5th."),
        ("phone_word", f"Phone: see ticket {t}; the customer asked not to share a number."),
        ("phone_word", f"Llame y dé el número de pedido {nz(rng, 9)} al agente."),
        ("phone_word", f"Ihre Handy-Bestellung {o} wurde storniert."),
        ("phone_word", f"मोबाइल कवर का ऑर्डर नंबर {nz(rng, 11)} है।"),
        ("phone_word", f"Numer zamówienia telefonu: {nz(rng, 3)} {d(rng, 3)} {d(rng, 3)}."),
        ("phone_word", f"Call centre case {d(rng, 2)}-{d(rng, 4)}-{d(rng, 4)} is escalated to tier 2."),
        ("phone_word", f"Tracking for your new mobile: {tracking_no(rng)}."),
        ("meeting_id", f"Join the call: meeting ID {nz(rng, 3)} {d(rng, 4)} {d(rng, 4)}, passcode {d(rng, 6)}."),
        ("meeting_id", f"Webex call {nz(rng, 4)} {d(rng, 3)} {d(rng, 4)} starts at {clock(rng)}."),
        # dates, amounts, times near phone words
        ("datetime", f"The call was logged at {r(2025, 2026)}-{r(1, 12):02d}-{r(1, 28):02d} {clock(rng)}:{d(rng, 2)}."),
        ("amount", f"Your phone bill for June is {r(10, 99)},{d(rng, 2)} € (ref. {d(rng, 2)}.{d(rng, 3)}.{d(rng, 3)})."),
        ("flight", f"Flight LH {r(100, 2999)} on {date(rng)}, PNR {letters(rng, 6)}, seat {r(1, 40)}C."),
        ("isbn", f"The book you ordered by phone is ISBN {isbn(rng)}."),
        # email lookalikes
        ("asset", f"The checkout page is missing {asset(rng)}; please re-upload it."),
        ("asset", f"<img src=\"/static/img/{asset(rng)}\" alt=\"\">"),
        ("asset", f"srcset=\"img/{rng.choice(ASSETS)}.png 1x, img/{rng.choice(ASSETS)}@2x.png 2x\""),
        ("asset", f"background: url(\"../assets/{rng.choice(ASSETS)}@1.5x.webp\") no-repeat;"),
        ("asset", f"![banner](https://cdn.shop.io/ui/{asset(rng)})"),
        ("package", f"Run `npm install {rng.choice(SCOPED)}` in the storefront folder, then restart the dev server."),
        ("package", f"The bug came from {rng.choice(SCOPED)} {r(1, 9)}.{r(0, 20)}.{r(0, 9)}; upgrading fixed it."),
        ("version_spec", f"Pin {rng.choice(VERSIONED)} in package.json until the fix lands."),
        ("version_spec", f"We tested it with {rng.choice(VERSIONED)} and {rng.choice(VERSIONED)}."),
        ("version_spec", f"brew install {rng.choice(['python@3.11', 'openssl@3', 'node@18', 'postgresql@16'])}"),
        ("handle", f"You can also DM us at {rng.choice(HANDLES)} on X."),
        ("handle", f"Ping {rng.choice(SLACK)} in Slack if the refund job fails again."),
        ("masked_email", f"We sent a code to {rng.choice(MASKED)}; enter it below."),
        ("masked_email", f"Login hint: your account email is {rng.choice(MASKED)}."),
        ("git_remote", f"git clone git@github.com:{rng.choice(REPOS)}.git"),
        ("git_remote", f"origin  git@gitlab.com:{rng.choice(REPOS)}.git (fetch)"),
        ("git_remote", f"The deploy key only works for ssh://git@bitbucket.org/{rng.choice(REPOS)}.git"),
        ("localhost", f"Connect as {rng.choice(['admin', 'root', 'postgres', 'app'])}@localhost on port {r(3000, 9000)}."),
        ("localhost", f"psql postgres://{rng.choice(['app', 'reporting'])}@localhost:5432/orders"),
        ("ssh_login", f"ssh {rng.choice(['deploy', 'ubuntu', 'ops'])}@10.{r(0, 255)}.{r(0, 255)}.{r(1, 254)}"),
        ("docker_digest", f"Pull {rng.choice(['nginx', 'redis', 'ghcr.io/acme/api', 'postgres'])}@sha256:{hexs(rng, 64)}"),
        ("cid", f"<img src=\"cid:image00{r(1, 9)}.png@{hexs(rng, 8).upper()}.{hexs(rng, 8).upper()}\">"),
        ("decorator", f"Wrap the {rng.choice(['refund', 'cancel', 'rebook', 'export'])} view in @login_required and "
         f"@{rng.choice(['require_POST', 'csrf_protect', 'cache_page(60)', 'transaction.atomic'])}."),
        ("at_sign", f"Meet the courier @ {clock(rng)} at the back entrance; {r(2, 6)} boxes @ {amount(rng)} each."),
        # card lookalikes (Luhn-valid ids that are no card, masked cards)
        ("imei", f"The IMEI of the returned phone is {imei(rng)}."),
        ("imei", f"Device blocked: IMEI {imei(rng)}, reported lost on {date(rng)}."),
        ("iccid", f"Your new SIM has ICCID {iccid(rng)}; activate it in the app."),
        ("masked_card", f"The card ending in {d(rng, 4)} was charged {amount(rng)}."),
        ("masked_card", f"Card on file: **** **** **** {d(rng, 4)}"),
        ("masked_card", f"Payment with {rng.choice(['4532', '5412', '3782'])} •••• •••• {d(rng, 4)} was declined."),
        ("tracking", f"USPS tracking: 9400 {d(rng, 4)} {d(rng, 4)} {d(rng, 4)} {d(rng, 4)} {d(rng, 2)}"),
        ("gift_code", f"Promo code SPRING-{letters(rng, 4)}-{d(rng, 4)} applied to order {o}."),
        # SSN lookalikes
        ("ein", f"The company's EIN is {ein(rng)}; use it on the W-9."),
        ("ein", f"Employer Identification Number: {ein(rng)} (Acme Logistics LLC)."),
        ("part_number", f"Order the replacement filter, part no. {ssn_shaped(rng)}, from the parts desk."),
        ("part_number", f"Model {ssn_shaped(rng)} is discontinued; the successor is {ssn_shaped(rng)}-B."),
        ("claim_number", f"Your insurance claim number is {ssn_shaped(rng)}; quote it on every call."),
        ("routing", f"Use routing number {routing(rng)} for domestic wires to our bank."),
        ("masked_ssn", f"The form shows SSN ***-**-{d(rng, 4)}, which matches our records."),
        ("zip", f"Ship to ZIP {d(rng, 5)}-{d(rng, 4)}, suite {r(100, 999)}."),
        # IBAN lookalikes
        ("bic", f"BIC / SWIFT of the receiving bank: {bic(rng)}."),
        ("bic", f"Für Auslandsüberweisungen benötigen Sie den BIC {bic(rng)}."),
        ("creditor_ref", f"Please use the structured reference {creditor_reference(rng)} on the transfer."),
        ("creditor_ref", f"Payment reference (RF): {creditor_reference(rng)}"),
        ("creditor_id", f"The direct debit is collected under creditor ID {sepa_creditor_id(rng)}."),
        ("vat", f"Invoice issued to VAT number {vat(rng)}."),
        ("masked_iban", f"Refunds go to your account {rng.choice(['DE', 'NL', 'FR', 'PL'])}** **** **** **** {d(rng, 2)} {d(rng, 2)}."),
        ("uuid", f"Request id {hexs(rng, 8)}-{hexs(rng, 4)}-4{hexs(rng, 3)}-a{hexs(rng, 3)}-{hexs(rng, 12)} for the call log."),
    ]  # fmt: skip


def negative_lines(rng: random.Random) -> list[Line]:
    lines = []
    for _ in range(11):
        for kind, text in negative_makers(rng):
            lines.append(Line("negative", kind).add(text))
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
    out, seen = [], set()
    for line in lines:
        if line.text in seen:
            continue
        seen.add(line.text)
        region = next((tag[len("region-") :] for tag in line.tags if tag.startswith("region-")), None)
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
            elif entity["entity"] == PHONE:
                assert region and phone_is_valid(value, region), (value, region)
        out.append({"id": len(out) + 1, "text": line.text, "entities": line.entities, "tags": line.tags})
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
        print("tuned part 3 up to date" if same else f"{OUT} differs from what make_pii_tuned3.py writes")
        return 0 if same else 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    rows = [json.loads(line) for line in text.splitlines()]
    negatives = sum(1 for row in rows if not row["entities"])
    print(f"wrote {OUT}: {len(rows)} lines, {negatives} without PII")
    return 0


if __name__ == "__main__":
    sys.exit(main())
