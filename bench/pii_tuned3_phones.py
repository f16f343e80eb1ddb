"""Phones of tuned part 3 of the PII corpus (bench/make_pii_tuned3.py): each region's numbering plan and styles,
``phone_is_valid`` (the ``phonenumbers`` package: valid, and of the region the line is tagged with), and the
sentence templates next to an id or in a contact reply, per language. Split out of the generator unchanged.
"""

from __future__ import annotations

import random

import phonenumbers
from pii_corpus_values import PHONE, Line, templated  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned3_slots import neutral  # noqa: E402 - bench scripts run with bench/ on the path

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
