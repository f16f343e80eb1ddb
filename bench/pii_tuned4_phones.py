"""Phones of PII tuned part 4 (bench/make_pii_tuned4.py): regions and their languages, numbers drawn from
the ``phonenumbers`` package's metadata and kept only when valid for their region (``phone_is_valid``), the forms
they are written in, and the sentence templates next to an id or in a contact reply. Split out of the generator
unchanged.
"""

from __future__ import annotations

import random
import re

import phonenumbers
from phonenumbers import (
    PhoneNumberFormat,
    PhoneNumberType,
)
from phonenumbers.phonemetadata import (
    PhoneMetadata,
)
from pii_corpus_values import PHONE, Line  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned4_slots import d, fill, ident  # noqa: E402 - bench scripts run with bench/ on the path

# ---- phones: regions, languages, forms ------------------------------------------------------------------------------

# region -> languages its replies are written in (English support desks serve every region)
REGIONS = {
    "CZ": ["cs", "en"], "GR": ["el", "en"], "HU": ["hu", "en"], "RO": ["ro", "en"], "FI": ["fi", "en"],
    "DK": ["da", "en"], "IE": ["en"], "IL": ["he", "en"], "TR": ["tr", "en"], "JP": ["ja", "en"],
    "PH": ["tl", "en"], "MY": ["ms", "en"], "TH": ["th", "en"], "VN": ["vi", "en"], "NG": ["en"],
    "KE": ["sw", "en"], "EG": ["ar", "en"], "CL": ["es", "en"], "CO": ["es", "en"], "PE": ["es", "en"],
    "US": ["en", "es"], "GB": ["en"], "DE": ["de", "en"], "FR": ["fr", "en"], "ES": ["es"], "MX": ["es", "en"],
    "BR": ["pt", "en"], "IN": ["hi", "en"], "AU": ["en"], "CA": ["en", "fr"],
}  # fmt: skip


def phone_is_valid(text: str, region: str) -> bool:
    """Whether ``phonenumbers`` reads ``text`` (as dialled from ``region``) as a valid number of ``region``."""
    try:
        number = phonenumbers.parse(text, region)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number_for_region(number, region)


def phone_number(rng: random.Random, region: str) -> phonenumbers.PhoneNumber:
    kind = rng.choice([PhoneNumberType.MOBILE, PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE])
    example = phonenumbers.example_number_for_type(region, kind)
    nsn = phonenumbers.national_significant_number(example)
    for attempt in range(2000):
        keep = 1 if attempt < 1000 else 3
        candidate = nsn[:keep] + d(rng, len(nsn) - keep)
        number = phonenumbers.parse(f"+{example.country_code}{candidate}")
        types = {kind, PhoneNumberType.FIXED_LINE_OR_MOBILE}
        if phonenumbers.is_valid_number_for_region(number, region) and phonenumbers.number_type(number) in types:
            return number
    raise RuntimeError(region)


def phone_forms(number: phonenumbers.PhoneNumber, region: str) -> dict[str, str]:
    national = phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    intl = phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
    cc, _, rest = intl.partition(" ")
    forms = {
        "national": national,
        "national-run": re.sub(r"\D", "", national),
        "international": intl,
        "e164": phonenumbers.format_number(number, PhoneNumberFormat.E164),
        "intl-dashes": cc + "-" + re.sub(r"[ -]", "-", rest),
        "intl-plain": cc + " " + re.sub(r"\D", "", rest),
    }
    if region == "FR":
        forms["national-dots"] = national.replace(" ", ".")
    if PhoneMetadata.metadata_for_region(region).international_prefix == "00":
        forms["idd-00"] = "00" + intl[1:]
    if region in ("US", "CA"):
        forms["us-dots"] = national.replace("(", "").replace(") ", ".").replace("-", ".")
        forms["us-1-dashes"] = "1-" + national.replace("(", "").replace(") ", "-")
    return {name: text for name, text in forms.items() if phone_is_valid(text, region)}


def phone_value(rng: random.Random, region: str) -> tuple[str, str]:
    forms = phone_forms(phone_number(rng, region), region)
    name = rng.choice(sorted(forms))
    return forms[name], name


# near-id: the phone sits next to an order, ticket, booking or reference id of its setting
PHONE_NEAR_ID = {
    "en": [
        ("telecom", "I've updated the callback number on ticket {id} to {p}; the engineer will ring before arriving."),
        ("telecom", "Fault {id} is booked for Thursday and the technician has {p} as the customer's mobile."),
        ("ecommerce", "Order {id} is out for delivery; the driver has {p} as the recipient's number."),
        ("ecommerce", "Return {id} is approved, and the courier will phone {p} to arrange the pickup."),
        ("travel", "Booking {id}: the lead passenger's phone is {p}."),
        ("travel", "Reservation {id} for two nights - guest mobile {p}, arriving after 22:00."),
        ("utilities", "The meter reading visit {id} lists {p} as the tenant's phone number."),
        ("utilities", "Job {id}: the crew will text Mrs. Adeyemi at {p} when they are 30 minutes away."),
        ("healthcare", "Appointment {id} is confirmed; we'll text the reminder to the patient at {p}."),
        ("healthcare", "For visit {id}, the clinic will call Mr. Haddad on {p} with the lab results."),
        ("banking", "For case {id} the account holder asked us to call her on {p} instead of the old number."),
        ("banking", "Dispute {id}: Mr. Tan can be reached at {p} between 9 and 5."),
        ("education", "Enrolment {id}: the student's emergency contact is her father, {p}."),
        ("education", "Application {id} lists {p} as the applicant's mobile."),
        ("government", "Your permit request {id} gives {p} as your daytime phone; an inspector will call it."),
        ("government", "Case {id} has been assigned, and the officer will phone Ms. Byrne on {p}."),
        ("logistics", "Shipment {id} is held at customs; the consignee, Chidi Obi, can be reached on {p}."),
        ("logistics", "Waybill {id}: receiver's phone {p}, leave with the neighbour if absent."),
        ("saas", "Workspace {id}: the billing owner's phone was changed to {p} yesterday."),
        ("saas", "Ticket {id} - Priyanka asked for a call back on {p} about the SSO outage."),
        ("ecommerce", "{p} is the contact number we hold for order {id}."),
        ("telecom", "I called {p} about work order {id}, but nobody answered."),
    ],
    "es": [
        ("ecommerce", "Actualicé el teléfono del pedido {id}: ahora es {p}."),
        ("travel", "Reserva {id}: el pasajero principal dejó el número {p}."),
        ("government", "Para el trámite {id} le llamaremos al {p} entre las 9 y las 14 h."),
        ("logistics", "El envío {id} está en reparto y el repartidor llamará a la señora Rojas al {p}."),
    ],
    "hi": [
        ("ecommerce", "ऑर्डर {id} के लिए डिलीवरी एजेंट ग्राहक को {p} पर कॉल करेगा।"),
        ("telecom", "टिकट {id} में ग्राहक का मोबाइल नंबर {p} दर्ज है।"),
        ("healthcare", "अपॉइंटमेंट {id} की याद मरीज़ को {p} पर SMS से भेजी जाएगी।"),
    ],
    "cs": [
        ("ecommerce", "K objednávce {id} jsme uložili telefon příjemce {p}."),
        ("telecom", "Technik k poruše {id} zavolá paní Novákové na {p}."),
    ],
    "el": [
        ("ecommerce", "Για την παραγγελία {id} ο κούριερ θα καλέσει τον παραλήπτη στο {p}."),
        ("travel", "Στην κράτηση {id} το τηλέφωνο του επιβάτη είναι {p}."),
    ],
    "hu": [
        ("ecommerce", "A(z) {id} rendeléshez a címzett telefonszáma {p}."),
        ("utilities", "A {id} munkalaphoz a szerelő a {p} számon hívja az ügyfelet."),
    ],
    "ro": [
        ("logistics", "Pentru comanda {id}, curierul îl va suna pe destinatar la {p}."),
        ("travel", "Rezervarea {id}: telefonul pasagerului este {p}."),
    ],
    "fi": [
        ("ecommerce", "Tilauksen {id} vastaanottajan puhelinnumero on {p}."),
        ("telecom", "Vikailmoitukseen {id} asentaja soittaa asiakkaalle numeroon {p}."),
    ],
    "da": [
        ("ecommerce", "Ordre {id}: modtagerens telefonnummer er {p}."),
        ("utilities", "Til sag {id} ringer montøren til kunden på {p}."),
    ],
    "tr": [
        ("ecommerce", "{id} numaralı siparişte alıcının telefonu {p} olarak kayıtlı."),
        ("travel", "{id} rezervasyonu için yolcunun cep telefonu {p}."),
    ],
    "ja": [
        ("logistics", "ご注文 {id} の配達員がお客様の携帯 {p} にお電話します。"),
        ("travel", "予約番号 {id} の代表者様の電話番号は {p} です。"),
    ],
    "tl": [
        ("logistics", "Para sa order {id}, tatawagan ng rider ang customer sa {p}."),
        ("travel", "Sa booking {id}, ang numero ng pasahero ay {p}."),
    ],
    "ms": [
        ("logistics", "Untuk pesanan {id}, penghantar akan menelefon penerima di {p}."),
        ("travel", "Tempahan {id}: nombor telefon penumpang ialah {p}."),
    ],
    "th": [
        ("logistics", "คำสั่งซื้อ {id} พนักงานส่งของจะโทรหาผู้รับที่เบอร์ {p} ค่ะ"),
        ("travel", "การจอง {id} เบอร์โทรของผู้โดยสารคือ {p} ครับ"),
    ],
    "vi": [
        ("logistics", "Đơn hàng {id}: shipper sẽ gọi người nhận theo số {p}."),
        ("travel", "Đặt chỗ {id}: số điện thoại của hành khách là {p}."),
    ],
    "he": [
        ("ecommerce", "בהזמנה {id} מספר הטלפון של הנמען הוא {p}."),
        ("telecom", "לפנייה {id} הטכנאי יתקשר ללקוחה במספר {p}."),
    ],
    "ar": [
        ("logistics", "في الطلب {id} سيتصل المندوب بالمستلم على الرقم {p}."),
        ("travel", "الحجز {id}: رقم هاتف المسافر هو {p}."),
    ],
    "sw": [
        ("logistics", "Kwa oda {id}, msafirishaji atampigia mpokeaji kwa {p}."),
        ("telecom", "Tiketi {id}: nambari ya simu ya mteja ni {p}."),
    ],
    "pt": [
        ("ecommerce", "No pedido {id}, o entregador vai ligar para o destinatário no {p}."),
        ("banking", "Protocolo {id}: o telefone do titular é {p}."),
    ],
    "de": [
        ("ecommerce", "Zur Bestellung {id} ist als Telefonnummer des Empfängers {p} hinterlegt."),
        ("telecom", "Für Störung {id} ruft der Techniker Frau Weber unter {p} an."),
    ],
    "fr": [
        ("ecommerce", "Pour la commande {id}, le livreur appellera le destinataire au {p}."),
        ("travel", "Réservation {id} : le numéro du voyageur est le {p}."),
    ],
}

PHONE_CONTACT = {
    "en": [
        ("telecom", "Sure - Ana's mobile is {p}."),
        ("banking", "The customer asked to be called back at {p} after 6 pm."),
        ("healthcare", "Your new emergency contact, Tomás Ruiz ({p}), has been saved."),
        ("saas", "We've sent the verification code by SMS to {p}."),
        ("utilities", "Her number on the account is {p}; she gave no other."),
        ("government", "Phone: {p}\nName: Gráinne Walsh\nPreferred contact: mornings"),
        ("healthcare", "Contact person: Dr. Lena Varga, {p}"),
        ("banking", "Please confirm: is {p} still the best number to reach you, Mr. Okonkwo?"),
        ("logistics", "The delivery note says: call {p} at the gate, ask for Wanjiku."),
        ("healthcare", "The number the patient gave at check-in is {p}."),
        ("education", "The tutor, Ms. Reyes, prefers WhatsApp: {p}."),
        ("travel", "The guest's contact details are Kenji Mori, mobile {p}."),
        ("ecommerce", "The account's two numbers are home {p} and mobile {q}."),
        ("saas", '{"owner": "Mehmet Kaya", "phone": "{p}"}'),
        ("telecom", "Ported number {p} now belongs to the new SIM on Ms. Horvat's plan."),
    ],
    "es": [
        ("banking", "El móvil de la señora Paredes es {p}."),
        ("saas", "Puede llamar a su gestor, Andrés Mejía, al {p}."),
    ],
    "hi": [("telecom", "श्रीमती शर्मा का फ़ोन नंबर {p} है।"), ("education", "कृपया {p} पर राहुल वर्मा से संपर्क करें।")],
    "cs": [("banking", "Mobil pana Dvořáka je {p}."), ("utilities", "Zákaznice chce zpětné volání na číslo {p}.")],
    "el": [
        ("healthcare", "Το κινητό της κυρίας Παπαδοπούλου είναι {p}."),
        ("banking", "Ο πελάτης ζήτησε να τον καλέσουμε στο {p}."),
    ],
    "hu": [("banking", "Kovács Anna mobilszáma {p}."), ("telecom", "Az ügyfél a {p} számon kér visszahívást.")],
    "ro": [
        ("banking", "Numărul de mobil al doamnei Popescu este {p}."),
        ("saas", "Clientul a cerut să fie sunat la {p}."),
    ],
    "fi": [("healthcare", "Matti Virtasen matkapuhelin on {p}."), ("banking", "Asiakas pyysi soittoa numeroon {p}.")],
    "da": [("banking", "Mette Hansens mobilnummer er {p}."), ("saas", "Kunden ønsker at blive ringet op på {p}.")],
    "tr": [("banking", "Ayşe Yılmaz'ın cep telefonu {p}."), ("telecom", "Müşteri {p} numarasından aranmak istiyor.")],
    "ja": [
        ("healthcare", "佐藤様の携帯電話番号は {p} です。"),
        ("banking", "お客様から {p} への折り返し電話のご依頼がありました。"),
    ],
    "tl": [
        ("banking", "Ang mobile number ni Gng. Santos ay {p}."),
        ("telecom", "Gusto ng customer na tawagan siya sa {p}."),
    ],
    "ms": [
        ("banking", "Nombor telefon bimbit Encik Ahmad ialah {p}."),
        ("saas", "Pelanggan minta dihubungi semula di {p}."),
    ],
    "th": [("banking", "เบอร์มือถือของคุณสมชายคือ {p} ครับ"), ("telecom", "ลูกค้าขอให้โทรกลับที่เบอร์ {p} ค่ะ")],
    "vi": [("banking", "Số di động của chị Lan là {p}."), ("telecom", "Khách hàng muốn được gọi lại theo số {p}.")],
    "he": [("banking", "המספר הנייד של דנה כהן הוא {p}."), ("saas", "הלקוח ביקש שיחזרו אליו למספר {p}.")],
    "ar": [("banking", "رقم الموبايل الخاص بالسيدة منى هو {p}."), ("telecom", "طلب العميل معاودة الاتصال على {p}.")],
    "sw": [("banking", "Nambari ya simu ya Bi. Wanjiru ni {p}."), ("telecom", "Mteja ameomba apigiwe tena kwa {p}.")],
    "pt": [("banking", "O celular da Sra. Costa é {p}."), ("saas", "O cliente pediu retorno no {p}.")],
    "de": [
        ("banking", "Die Mobilnummer von Herrn Braun lautet {p}."),
        ("telecom", "Der Kunde bittet um Rückruf unter {p}."),
    ],
    "fr": [("banking", "Le portable de Mme Laurent est le {p}."), ("saas", "Le client souhaite être rappelé au {p}.")],
}


def phone_lines(rng: random.Random) -> list[Line]:
    lines = []
    for region, languages in REGIONS.items():
        for i in range(22):
            lang = languages[i % len(languages)] if i % 3 else languages[0]
            near = i % 2 == 0
            pool = (PHONE_NEAR_ID if near else PHONE_CONTACT)[lang]
            setting, template = rng.choice(pool)
            p, form = phone_value(rng, region)
            q, _ = phone_value(rng, region)
            values = {"p": (p, PHONE), "q": (q, PHONE), "id": (ident(rng, setting), None)}
            tags = ["phone", "near-id" if near else "contact", f"region-{region}", f"lang-{lang}", setting, form]
            lines.append(fill(template, values, *tags))
    return lines
