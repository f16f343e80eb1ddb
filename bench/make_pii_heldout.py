"""Writes bench/data/pii_heldout.jsonl: the held-out PII corpus that bench/pii_accuracy.py measures last.

Run: .venv/bin/python bench/make_pii_heldout.py [--check]  (--check: exit 1 when the committed file differs)

The third held-out part, written blind: by someone who read neither the detector's code (evaluations/scoring/pii/
and what it imports) nor the earlier corpora's generators and files (tuned parts 1 to 3), and never used to tune
the detector (docs/benchmarks.md, "PII accuracy: two parts"). A detector change must not be fitted to these lines:
when one of its errors is fixed, the fix is tested with new cases written elsewhere, and this file stays as it is;
its labels are not changed to agree with any detector.

Each line is a support-bot reply, ``{"id", "text", "entities": [{"entity", "value", "start", "end"}], "tags"}``,
from one of ten settings (telecom, utilities, e-commerce, healthcare, banking, travel, education, government
services, logistics, SaaS support). The labels are what a careful human reviewer marks as personal data the reply
reveals: a person's card, SSN, IBAN, email address or phone number. Lookalikes are hard negatives, tagged
``["negative", kind, ...]``. A sentence whose label could be argued either way (a number on a person's record
shaped like an SSN, such as a claim or member id; a role address; a company's own phone line; a number that fails
its check; a fediverse handle) is left out entirely rather than labelled one way.

Only the value rules come from bench/pii_corpus_values.py (card networks with a Luhn digit, SEPA BBAN layouts with
mod-97 check digits); the templates, formats, languages and negatives are new. Phones are drawn per region from
the ``phonenumbers`` package's own metadata (an example number's leading digits, the rest random) and kept only
when the package says they are valid for that region, in the form written (``region-XX`` tag); that checks the
labels, it tunes nothing.

Deterministic: the same seed gives the same file (``build(seed)``; the committed file uses SEED).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path

import phonenumbers
from phonenumbers import PhoneNumberFormat, PhoneNumberType
from phonenumbers.phonemetadata import PhoneMetadata
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
    luhn_digit,
)

OUT = Path(__file__).resolve().parent / "data" / "pii_heldout.jsonl"
SEED = 90417  # the earlier parts use 16, 2718 and 60221

SLOT = re.compile(r"\{(p|q|e|f|c|s|i|id|n)\}")


def fill(template: str, values: dict[str, tuple[str, str | None]], *tags: str) -> Line:
    """``template`` with ``{p}``, ``{e}``, ``{id}``... slots (other braces, as in JSON, are kept as they are)."""
    line = Line(*tags)
    pos = 0
    for match in SLOT.finditer(template):
        line.add(template[pos : match.start()])
        text, entity = values[match.group(1)]
        line.add(text, entity)
        pos = match.end()
    line.add(template[pos:])
    return line


def d(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def up(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(n))


def hexs(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


# ---- identifiers of the ten settings (never PII by themselves) ----------------------------------------------------

SETTINGS = [
    "telecom",
    "utilities",
    "ecommerce",
    "healthcare",
    "banking",
    "travel",
    "education",
    "government",
    "logistics",
    "saas",
]


def ident(rng: random.Random, setting: str) -> str:
    """An order, ticket, booking or reference id as the setting prints it (the template names what it is)."""
    choices = {
        "telecom": [f"TT-{d(rng, 7)}", f"SR{d(rng, 9)}", f"#{d(rng, 6)}"],
        "utilities": [f"MR-{d(rng, 4)}-{up(rng, 2)}{d(rng, 3)}", f"{up(rng, 1)}{d(rng, 8)}"],
        "ecommerce": [f"#{d(rng, 3)}-{d(rng, 7)}", f"ORD-{up(rng, 3)}{d(rng, 5)}", f"RMA{d(rng, 6)}"],
        "healthcare": [f"APT-{d(rng, 6)}", f"{up(rng, 2)}-{d(rng, 5)}"],
        "banking": [f"CS{d(rng, 8)}", f"D-{d(rng, 4)}-{up(rng, 3)}"],
        "travel": [up(rng, 6), f"PNR {up(rng, 3)}{d(rng, 1)}{up(rng, 2)}", f"HTL-{d(rng, 8)}"],
        "education": [f"ENR/{d(rng, 4)}/{d(rng, 3)}", f"{up(rng, 1)}{d(rng, 7)}"],
        "government": [f"{up(rng, 3)}-{d(rng, 4)}-{d(rng, 6)}", f"P{d(rng, 7)}"],
        "logistics": [f"{up(rng, 2)}{d(rng, 9)}{up(rng, 2)}", f"AWB {d(rng, 3)}-{d(rng, 8)}", f"JJD{d(rng, 12)}"],
        "saas": [f"ws_{hexs(rng, 10)}", f"TKT-{d(rng, 5)}", f"{hexs(rng, 8)}"],
    }
    return rng.choice(choices[setting])


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


# ---- emails ---------------------------------------------------------------------------------------------------------

PEOPLE = [
    ("Tereza Dvořáková", "tereza.dvorakova"), ("Nikos Papadakis", "n.papadakis"), ("Eszter Kovács", "kovacs.eszter"),
    ("Andrei Popa", "andrei.popa87"), ("Mikko Virtanen", "mikko_virtanen"), ("Mette Holm", "mette-holm"),
    ("Seán O'Brien", "sean.obrien"), ("Noa Levi", "noa.levi"), ("Emre Yıldız", "emre.yildiz"),
    ("Haruto Sato", "haruto.sato"), ("Maria Santos", "maria.santos+shop"), ("Aisyah Rahman", "aisyah.rahman"),
    ("Somchai Kittisak", "somchai.k"), ("Nguyen Van An", "nguyen.van.an"), ("Chinedu Okeke", "chinedu.okeke"),
    ("Wanjiru Kamau", "wanjiru.kamau"), ("Mona Hassan", "mona.hassan"), ("Valentina Rojas", "vrojas"),
    ("Juan Pablo Gómez", "juanpablo.gomez"), ("Lucía Quispe", "lucia.quispe"), ("Dara Whelan", "dwhelan+bills"),
    ("Kofi Mensah", "kofi.mensah1990"), ("Ingrid Sørensen", "ingrid.s"), ("Bartek Zieliński", "b.zielinski"),
    ("Hye-jin Park", "hyejin.park"), ("Oluwaseun Ade", "oluwaseun_ade"), ("Carmen Ortiz", "CarmenOrtiz"),
    ("Liam Nguyen", "liam.nguyen+travel"), ("Fatima Zahra", "fz.benali"), ("Tomasz Wójcik", "t.wojcik-84"),
]  # fmt: skip
EMAIL_DOMAINS = [
    "gmail.com", "outlook.com", "yahoo.com", "hotmail.com", "icloud.com", "proton.me", "zoho.com", "fastmail.com",
    "gmx.net", "aol.com", "seznam.cz", "email.cz", "otenet.gr", "freemail.hu", "yahoo.ro", "luukku.com", "jubii.dk",
    "eircom.net", "walla.co.il", "mynet.com", "yahoo.co.jp", "docomo.ne.jp", "yahoo.com.ph", "yahoo.com.my",
    "hotmail.co.th", "vnn.vn", "student.cuni.cz", "tau.ac.il", "u-tokyo.ac.jp", "up.edu.ph", "um.edu.my",
    "chula.ac.th", "unilag.edu.ng", "uonbi.ac.ke", "uc.cl", "unal.edu.co", "pucp.edu.pe", "kovacs-bt.hu",
    "ladnik-stavby.cz", "tavernaelena.gr", "fermaverde.ro", "saunakeskus.fi", "bageriet-nord.dk",
    "clinicadelsur.cl", "lagos-logistics.com.ng", "nairobibikes.co.ke", "nilepharma.com.eg", "agrotech.com.co",
    "studio-lumen.photography", "okafor.consulting", "brightsmile.dental", "beanhouse.coffee", "hillside.farm",
    "mail.northgate-legal.co.uk", "eu.tenants.riverside-homes.ie", "xn--brnnhrt-ewa.dk",
]  # fmt: skip

EMAIL_TEMPLATES = {
    "en": [
        ("saas", "I've changed the login email on your account to {e}."),
        ("travel", "The e-ticket was emailed to {e} at 14:02."),
        ("utilities", "Your landlord's contact, {n} <{e}>, is now the second contact on the account."),
        ("healthcare", "Prescription refill reminders now go to {e}."),
        ("banking", "The March statement was sent to {e}; please check the spam folder."),
        ("education", "The course certificate will be emailed to {e} within 3 working days."),
        ("saas", "Reply-To: {e}"),
        ("saas", '{"customer_email": "{e}", "plan": "pro", "seats": 12}'),
        ("ecommerce", "Invoice recipients: {e}, {f}"),
        ("healthcare", 'To write to her, use <a href="mailto:{e}">this link</a>.'),
        ("logistics", "The parcel notification bounced from {e} - is the address spelled right?"),
        ("utilities", "Outage alerts for your street will go to ({e})."),
        ("education", "The admissions notes list the candidate as '{e}'."),
        ("government", "E-mail address on the permit application: {e}"),
        ("saas", "name,email,city\n{n},{e},Haifa"),
        ("telecom", "Forwarding is on: mail for the old address now arrives at {e}."),
        ("banking", "We have two addresses for {n}: {e} and {f}."),
        ("ecommerce", "Your gift receipt will be emailed to the recipient, {n}, at {e} on the 24th."),
        ("travel", "The hotel will send the invoice to {e}, as you asked."),
        ("saas", "User {e} was removed from the workspace by an admin."),
        ("government", "We'll write to {n} at {e} once the renewal is processed."),
        ("healthcare", "Lab results portal: username {e}"),
        ("telecom", "Contact details updated -\n  email: {e}\n  preferred: email"),
        ("education", "Your supervisor's address is {e}."),
    ],
    "es": [("ecommerce", "Le enviamos la factura a {e}."), ("travel", "La tarjeta de embarque se envió a {e}.")],
    "hi": [("ecommerce", "रसीद {e} पर भेज दी गई है।"), ("banking", "ग्राहक का ईमेल पता {e} है।")],
    "cs": [("ecommerce", "Potvrzení jsme poslali na {e}.")],
    "el": [("ecommerce", "Στείλαμε την απόδειξη στο {e}.")],
    "hu": [("saas", "A számlát a(z) {e} címre küldtük.")],
    "ro": [("utilities", "Am trimis factura la {e}.")],
    "fi": [("travel", "Lähetimme vahvistuksen osoitteeseen {e}.")],
    "da": [("banking", "Kontoudtoget er sendt til {e}.")],
    "tr": [("ecommerce", "Fatura {e} adresine gönderildi.")],
    "ja": [("ecommerce", "確認メールを {e} に送信しました。")],
    "vi": [("ecommerce", "Chúng tôi đã gửi hóa đơn tới {e}.")],
    "th": [("ecommerce", "เราส่งใบเสร็จไปที่ {e} แล้วค่ะ")],
    "he": [("ecommerce", "שלחנו את החשבונית לכתובת {e}.")],
    "ar": [("ecommerce", "أرسلنا الفاتورة إلى {e}.")],
    "pt": [("banking", "Enviamos o comprovante para {e}.")],
    "de": [("utilities", "Die Rechnung ging an {e}.")],
    "fr": [("travel", "La facture a été envoyée à {e}.")],
}


def email_value(rng: random.Random) -> tuple[str, str, str]:
    name, local = rng.choice(PEOPLE)
    domain = rng.choice(EMAIL_DOMAINS)
    value = f"{local}@{domain}"
    form = "plain"
    roll = rng.random()
    if roll < 0.06:
        value, form = value.upper(), "upper"
    elif roll < 0.14:
        value, form = f"{local}{rng.randint(2, 99)}@{domain}", "digits"
    return name, value, form


def email_lines(rng: random.Random) -> list[Line]:
    lines = []
    langs = sorted(EMAIL_TEMPLATES)
    for i in range(400):
        lang = "en" if i % 3 else langs[(i // 3) % len(langs)]
        setting, template = rng.choice(EMAIL_TEMPLATES[lang])
        name, e, form = email_value(rng)
        _, f, _ = email_value(rng)
        values = {"e": (e, EMAIL), "f": (f, EMAIL), "n": (name, None)}
        lines.append(fill(template, values, "email", f"lang-{lang}", setting, form))
    for _ in range(12):  # a Markdown link shows the address twice
        _, e, _ = email_value(rng)
        lines.append(fill("Write to the new owner: [{e}](mailto:{f})", {"e": (e, EMAIL), "f": (e, EMAIL)}, "email", "lang-en", "saas", "markdown"))  # fmt: skip
    return lines


# ---- cards ----------------------------------------------------------------------------------------------------------

CARD_TEMPLATES = {
    "en": [
        ("saas", "The subscription renews on the card {c}, expiring 11/28."),
        ("ecommerce", "Payment for order {id} was taken from {n} {c}."),
        ("travel", "Card presented at check-in: {c} (name: H. Sato)."),
        ("banking", "The chargeback concerns two transactions on {c}."),
        ("ecommerce", '{"pan": "{c}", "exp": "04/29", "holder": "J. Gomez"}'),
        ("banking", "| Card | {c} |\n| Holder | Noa Levi |"),
        ("ecommerce", "I've removed {c} from your wallet and kept the other card."),
        ("healthcare", "The clinic billed the co-pay to card number {c}."),
        ("education", "Tuition instalment 2 will be charged to {c} on 1 September."),
        ("telecom", "Top-up of 20 EUR paid with {c}."),
        ("government", "The licence fee was paid by {n} card {c}, holder Chidi Obi."),
        ("utilities", "Autopay is set up on your {n} {c}."),
    ],
    "es": [
        ("ecommerce", "Cobramos la cuota a la tarjeta {c}."),
        ("travel", "La reserva se garantizó con la tarjeta {c}."),
    ],
    "hi": [("banking", "आपका कार्ड नंबर {c} है।")],
    "de": [("ecommerce", "Die Zahlung lief über die Karte {c}.")],
    "fr": [("travel", "Le paiement a été débité de la carte {c}.")],
    "pt": [("ecommerce", "A compra foi paga com o cartão {c}.")],
    "tr": [("ecommerce", "Ödeme {c} numaralı karttan alındı.")],
    "ja": [("ecommerce", "お支払いに使用されたカード番号は {c} です。")],
    "cs": [("telecom", "Platba proběhla kartou {c}.")],
    "vi": [("ecommerce", "Thanh toán bằng thẻ {c}.")],
}


def card_text(rng: random.Random, network: str) -> tuple[str, str]:
    prefixes, lengths = NETWORKS[network]
    length = rng.choice(lengths)
    digits = card_digits(rng, rng.choice(prefixes), length)
    style = rng.choice(["spaces", "spaces", "dashes", "compact"])
    if style == "compact":
        return digits, style
    if length == 13:
        groups = [digits[:4], digits[4:7], digits[7:10], digits[10:]]
    elif length in (14, 15):
        groups = [digits[:4], digits[4:10], digits[10:]]
    else:
        groups = [digits[i : i + 4] for i in range(0, length, 4)]
    return ("-" if style == "dashes" else " ").join(groups), style


def card_lines(rng: random.Random) -> list[Line]:
    lines = []
    langs = sorted(CARD_TEMPLATES)
    networks = sorted(NETWORKS)
    for i in range(300):
        lang = "en" if i % 3 else langs[(i // 3) % len(langs)]
        setting, template = rng.choice(CARD_TEMPLATES[lang])
        network = networks[i % len(networks)]
        c, style = card_text(rng, network)
        shown = network.removesuffix(" 2-series")
        values = {"c": (c, CARD), "n": (shown, None), "id": (ident(rng, "ecommerce"), None)}
        lines.append(fill(template, values, "card", f"lang-{lang}", setting, network, style))
    return lines


# ---- SSNs -----------------------------------------------------------------------------------------------------------

SSN_TEMPLATES = {
    "en": [
        ("banking", "Per the payroll record, the employee's SSN is {s}."),
        ("banking", "The 1099 was issued under social security number {s}."),
        ("government", "Applicant: Rosa Delgado, SSN {s}, born 03/14/1979."),
        ("banking", "SS# {s} is now linked to the new checking account."),
        ("banking", "I verified the caller with her Social Security number, {s}."),
        ("education", "The FAFSA form lists the student's SSN as {s}."),
        ("saas", '{"employee": "Marcus Boyd", "ssn": "{s}", "state": "TX"}'),
        ("healthcare", "The intake form shows the patient's Social Security No. {s}."),
        ("government", "The tax transcript was requested for SSN {s} (Dale Whitaker)."),
        ("banking", "SSN: {s}\nName: Keisha Brown\nStatus: verified"),
        ("saas", "The background check for the new hire ran against social security number {s}."),
    ],
    "es": [
        ("government", "El número de Seguro Social del solicitante es {s}."),
        ("banking", "Verifiqué su SSN {s} con el formulario W-2."),
    ],
    "hi": [("banking", "कर्मचारी का सोशल सिक्योरिटी नंबर {s} है।"), ("government", "आवेदक का SSN {s} रिकॉर्ड में दर्ज है।")],
}


def ssn_text(rng: random.Random) -> tuple[str, str]:
    while True:
        area = rng.randint(1, 899)
        group, serial = rng.randint(1, 99), rng.randint(1, 9999)
        if area != 666 and (area, group, serial) not in ((123, 45, 6789), (78, 5, 1120)):
            break
    style = rng.choice(["dashes", "dashes", "spaces", "compact"])
    sep = {"dashes": "-", "spaces": " ", "compact": ""}[style]
    return f"{area:03d}{sep}{group:02d}{sep}{serial:04d}", style


def ssn_lines(rng: random.Random) -> list[Line]:
    lines = []
    for i in range(290):
        lang = "en" if i % 4 else ("es" if i % 8 == 0 else "hi")
        setting, template = rng.choice(SSN_TEMPLATES[lang])
        s, style = ssn_text(rng)
        lines.append(fill(template, {"s": (s, SSN)}, "ssn", f"lang-{lang}", setting, style))
    return lines


# ---- IBANs ----------------------------------------------------------------------------------------------------------

OTHER_BBAN = {
    "TR": "5n1n16c", "IL": "3n3n13n", "SA": "2n18c", "AE": "3n16n", "QA": "4a21c", "BR": "8n5n10n1a1c",
    "EG": "4n4n17n", "UA": "6n19c", "KZ": "3n13c", "JO": "4a4n18c", "PK": "4a16c", "GE": "2a16n", "TN": "2n3n13n2n",
    "MU": "4a2n2n12n3n3a", "DO": "4c20n", "CR": "18n",
}  # fmt: skip
IBAN_TEMPLATES = {
    "en": [
        ("travel", "Refunds for this booking go to IBAN {i}."),
        ("banking", "Your salary account on file is {i}."),
        ("utilities", "The landlord, Erik Lund, gave {i} for the deposit."),
        ("utilities", "The direct debit mandate was signed for account {i}."),
        ("banking", "Beneficiary: Oana Stan\nIBAN: {i}"),
        ("saas", '{"iban": "{i}", "holder": "M. Horvat"}'),
        ("education", "Grant payments will be transferred to {i} each semester."),
        ("government", "The benefit is paid into Ms. Kelly's account {i}."),
        ("ecommerce", "We'll refund the 49.90 to {i}, the account you paid from."),
    ],
    "de": [("ecommerce", "Die Erstattung geht auf das Konto {i}.")],
    "fr": [("travel", "Le remboursement sera versé sur l'IBAN {i}.")],
    "es": [("ecommerce", "La devolución se abonará en la cuenta {i}.")],
    "cs": [("utilities", "Přeplatek pošleme na účet {i}.")],
    "hu": [("utilities", "A visszatérítést a(z) {i} számlára utaljuk.")],
    "el": [("ecommerce", "Η επιστροφή θα γίνει στον λογαριασμό {i}.")],
    "ro": [("utilities", "Rambursarea se face în contul {i}.")],
    "fi": [("ecommerce", "Palautus maksetaan tilille {i}.")],
    "da": [("banking", "Beløbet udbetales til konto {i}.")],
    "tr": [("ecommerce", "İade, {i} IBAN numaralı hesaba yapılacak.")],
    "pt": [("banking", "O reembolso vai para o IBAN {i}.")],
    "he": [("banking", "ההחזר יועבר לחשבון {i}.")],
    "ar": [("banking", "سيتم تحويل المبلغ إلى الحساب {i}.")],
    "hi": [("banking", "रिफ़ंड IBAN {i} में भेजा जाएगा।")],
}
LAYOUTS = {**SEPA_BBAN, **OTHER_BBAN}


def iban_text(rng: random.Random, country: str) -> tuple[str, str]:
    b = bban(rng, LAYOUTS[country])
    value = country + iban_check(country, b) + b
    if rng.random() < 0.5:
        return " ".join(value[i : i + 4] for i in range(0, len(value), 4)), "print"
    return value, "electronic"


def iban_lines(rng: random.Random) -> list[Line]:
    lines = []
    countries = sorted(LAYOUTS)
    langs = sorted(IBAN_TEMPLATES)
    for i in range(300):
        lang = "en" if i % 2 else langs[(i // 2) % len(langs)]
        setting, template = rng.choice(IBAN_TEMPLATES[lang])
        country = countries[i % len(countries)]
        value, form = iban_text(rng, country)
        lines.append(fill(template, {"i": (value, IBAN)}, "iban", f"lang-{lang}", setting, country, form))
    return lines


# ---- several kinds in one reply ------------------------------------------------------------------------------------

MIXED = [
    ("saas", "Contact sheet - {n}: {p}, {e}"),
    ("banking", "Refund to {i}; the confirmation went to {e}."),
    ("ecommerce", "Order {id}: paid with {c}, receipt sent to {e}, courier will call {p}."),
    ("travel", "Lead guest {n}, mobile {p}, email {e}."),
    ("healthcare", "Patient portal account: {e} (phone on file {p})."),
    ("government", "Payee {n}, SSN {s}, payments to {i}."),
]


def mixed_lines(rng: random.Random) -> list[Line]:
    lines = []
    regions = sorted(REGIONS)
    for i in range(120):
        setting, template = MIXED[i % len(MIXED)]
        region = regions[i % len(regions)]
        name, e, _ = email_value(rng)
        values = {
            "n": (name, None),
            "e": (e, EMAIL),
            "p": (phone_value(rng, region)[0], PHONE),
            "i": (iban_text(rng, rng.choice(sorted(LAYOUTS)))[0], IBAN),
            "c": (card_text(rng, rng.choice(sorted(NETWORKS)))[0], CARD),
            "s": (ssn_text(rng)[0], SSN),
            "id": (ident(rng, "ecommerce"), None),
        }
        tags = ["mixed", "lang-en", setting] + ([f"region-{region}"] if "{p}" in template else [])
        lines.append(fill(template, values, *tags))
    return lines


# ---- hard negatives -------------------------------------------------------------------------------------------------


def luhn_number(rng: random.Random, prefix: str, length: int) -> str:
    body = prefix + d(rng, length - len(prefix) - 1)
    return body + luhn_digit(body)


def aba(rng: random.Random) -> str:
    while True:
        body = rng.choice(["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"]) + d(rng, 6)
        weights = [3, 7, 1, 3, 7, 1, 3, 7]
        check = (10 - sum(int(c) * w for c, w in zip(body, weights, strict=True)) % 10) % 10
        return body + str(check)


def mod97_ref(prefix: str, payload: str) -> str:
    """Check digits for an RF creditor reference or a SEPA creditor id (ISO 7064 mod 97-10, as IBANs)."""
    value = int("".join(str(int(ch, 36)) for ch in payload + prefix + "00"))
    return f"{98 - value % 97:02d}"


def negatives(rng: random.Random) -> list[Line]:
    out: list[Line] = []

    def add(kind: str, count: int, make) -> None:  # noqa: ANN001
        for _ in range(count):
            out.append(Line("negative", kind).add(make()))

    pick = rng.choice
    assets = [
        "btn-checkout",
        "icon-sim",
        "hero-plans",
        "logo-dark",
        "avatar-placeholder",
        "badge-verified",
        "arrow-left",
    ]
    exts = ["png", "webp", "jpg", "avif"]
    scopes = ["@nestjs/core", "@vue/compiler-sfc", "@radix-ui/react-dialog", "@sentry/node", "@prisma/client",
              "@emotion/styled", "@reduxjs/toolkit", "@stripe/stripe-js"]  # fmt: skip
    hosts = ["github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "git.internal.example"]

    add("phone_word", 70, lambda: pick([
        f"Your phone order {ident(rng, 'ecommerce')} has shipped and should arrive on Friday.",
        f"Call reference {d(rng, 4)} {d(rng, 4)} {d(rng, 4)} is closed; no further action is needed.",
        f"The mobile plan code {up(rng, 2)}-{d(rng, 5)} includes 20 GB of data.",
        f"The phone case, SKU {d(rng, 6)}-{d(rng, 2)}, is back in stock.",
        f"Your call with our agent was logged as {ident(rng, 'telecom')}.",
        f"Mobile banking case {ident(rng, 'banking')} was resolved yesterday.",
        f"Pedido telefónico {d(rng, 3)}-{d(rng, 6)}: ya está en camino.",
        f"कॉल संदर्भ संख्या {d(rng, 10)} बंद कर दी गई है।",
        f"Telefonauftrag Nr. {d(rng, 8)} wurde storniert.",
        f"Telefon siparişiniz {d(rng, 9)} kargoya verildi.",
        f"お電話でのご注文番号は {d(rng, 4)}-{d(rng, 6)} です。",
        f"Protocolo de atendimento telefônico {d(rng, 4)}{d(rng, 8)}.",
        f"Zoom meeting ID {d(rng, 3)} {d(rng, 4)} {d(rng, 4)}, passcode {d(rng, 6)} - join from your phone or laptop.",
        f"The SIM card you ordered by phone ships with tracking number {ident(rng, 'logistics')}.",
    ]))  # fmt: skip
    add("asset", 40, lambda: pick([
        f"Replace {pick(assets)}@2x.{pick(exts)} with the new export before release.",
        f'<img src="/static/{pick(assets)}.png" srcset="/static/{pick(assets)}@1.5x.png 1.5x, /static/{pick(assets)}@2x.png 2x">',
        f"background-image: url('../img/{pick(assets)}@3x.{pick(exts)}');",
        f"![plan card](assets/{pick(assets)}@1.5x.{pick(exts)})",
        f"The build dropped {pick(assets)}@2x.{pick(exts)} from the bundle, so the retina icon is blurry.",
    ]))  # fmt: skip
    add("package", 40, lambda: pick([
        f"Run npm install {pick(scopes)} and restart the dev server.",
        f"pnpm add {pick(scopes)}@{rng.randint(1, 9)}.{rng.randint(0, 20)}.{rng.randint(0, 9)}",
        "go install golang.org/x/tools/gopls@latest fixed the editor integration.",
        f"The SBOM lists pkg:npm/{pick(scopes).replace('@', '%40')}@{rng.randint(1, 9)}.{rng.randint(0, 9)}.0.",
        f"uses: actions/setup-python@v{rng.randint(3, 5)}",
        f"npx create-{pick(['vite', 'next-app', 'remix'])}@latest {pick(['portal', 'admin', 'shop'])}-{d(rng, 2)}",
        f"yarn dlx {pick(scopes)}@{rng.randint(1, 9)}.{rng.randint(0, 20)}.{rng.randint(0, 9)} --help",
    ]))  # fmt: skip
    add("version_spec", 25, lambda: pick([
        f"Pin zod@3.{rng.randint(10, 23)}.{rng.randint(0, 9)} until the migration lands.",
        f"corepack prepare yarn@4.{rng.randint(0, 5)}.{rng.randint(0, 9)} --activate",
        f"bun add hono@4.{rng.randint(0, 6)}.{rng.randint(0, 9)}",
        f"asdf install nodejs@{rng.randint(18, 22)}.{rng.randint(0, 12)}.0",
    ]))  # fmt: skip
    add("handle", 30, lambda: pick([
        f"You can also DM us on X at @{pick(['MetroPowerHelp', 'SkyLinkCare', 'ParcelNowUK', 'UniAdmissionsHQ'])}.",
        f"Our Instagram, @{pick(['clinica.sol', 'bagerietnord', 'tavernaelena'])}, posts the opening hours.",
        f"Ping @{pick(['oncall-payments', 'sre-team', 'billing-leads'])} in Slack if the job fails again.",
        f"Telegram support bot: @{pick(['GovServicesBot', 'RailInfoBot', 'PayHelpBot'])}",
        f"Síguenos en @{pick(['ClinicaSolCL', 'AgroTechCO', 'LimaBuses'])} para avisos de servicio.",
        f"Tag @{pick(['reviewer', 'qa-lead', 'security'])}-{up(rng, 2).lower()} on the pull request.",
    ]))  # fmt: skip
    add("localhost", 25, lambda: pick([
        "Mail sent in development goes to user@localhost, so nothing reaches customers.",
        f"DATABASE_URL=postgresql://app:{hexs(rng, 8)}@localhost:5432/billing",
        f"The cron job runs as deploy@localhost and writes to /var/log/sync-{d(rng, 2)}.log.",
        "Set SMTP_FROM=test@localhost in .env for local runs.",
        f"redis://default@127.0.0.1:6379/{rng.randint(0, 9)}",
    ]))  # fmt: skip
    add("masked_email", 30, lambda: pick([
        f"We sent the code to {pick('abcdkmnt')}{'*' * rng.randint(3, 6)}{pick('aeiorz')}@gmail.com.",
        f"The account email is {pick(['k.', 'm', 'jo'])}***@seznam.cz - is that still yours?",
        f"Reset link sent to ****@{pick(['outlook.com', 'yahoo.co.jp', 'walla.co.il'])}.",
        f"Masked for privacy: {pick('aeost')}•••••@•••.com",
        f"Enviamos el código a {pick('jmlv')}{'*' * rng.randint(3, 7)}@hotmail.com.",
        f"कोड {pick('rsa')}{'*' * rng.randint(4, 7)}@gmail.com पर भेजा गया है।",
        f"Ověřovací kód jsme poslali na {pick('tpk')}***{pick('aeo')}@email.cz.",
    ]))  # fmt: skip
    add("git_remote", 30, lambda: pick([
        f"git remote add origin git@{pick(hosts)}:{pick(['billing', 'mobile', 'infra'])}/{pick(['api', 'app', 'tools'])}.git",
        f"Clone it with: git clone ssh://git@{pick(hosts)}:7999/{up(rng, 3).lower()}/portal.git",
        f"The deploy key only has read access to git@{pick(hosts)}:acme/storefront.git.",
    ]))  # fmt: skip
    add("docker_digest", 30, lambda: pick([
        f"image: ghcr.io/acme/api@sha256:{hexs(rng, 64)}",
        f"Roll back to registry.example.com/shop/web@sha256:{hexs(rng, 64)}.",
        f"docker pull postgres@sha256:{hexs(rng, 64)}",
    ]))  # fmt: skip
    add("k8s_ref", 25, lambda: pick([
        "kubectl config use-context kubernetes-admin@kubernetes",
        f"kubectl --context=admin@{pick(['k3d', 'kind', 'eks'])}-{up(rng, 3).lower()} -n {pick(['billing', 'web'])} get pods",
        f"helm upgrade api ./chart --set image.digest=sha256:{hexs(rng, 64)}",
        f"Switched to context \"ops@{pick(['staging', 'prod-eu', 'kind-dev'])}-cluster\".",
        f"The job runs as system:serviceaccount:{pick(['payments', 'etl', 'web'])}:deployer.",
    ]))  # fmt: skip
    add("log_line", 30, lambda: pick([
        f"ubuntu@ip-172-31-{rng.randint(0, 63)}-{rng.randint(1, 254)}:~$ sudo systemctl restart nginx",
        f"sshd[{d(rng, 4)}]: Accepted publickey for deploy from 198.51.100.{rng.randint(1, 254)} port {d(rng, 5)}",
        f"root@web-{d(rng, 2)}:/srv/app# tail -f logs/error.log",
        f"[{d(rng, 2)}:{d(rng, 2)}:{d(rng, 2)}] worker@queue-{d(rng, 1)} started 4 processes",
    ]))  # fmt: skip
    add("ssh_login", 20, lambda: pick([
        f"ssh admin@192.0.2.{rng.randint(1, 254)} and check the disk usage.",
        f"scp report-{d(rng, 4)}.csv ops@bastion.internal:/tmp/",
        f"rsync -av build/ www-data@web{rng.randint(1, 9)}.internal:/var/www/",
        f"Connect with ssh -p 2222 sftp-user@files.{pick(['example.net', 'internal'])}",
    ]))  # fmt: skip
    add("decorator", 15, lambda: pick([
        f"@media (max-width: {rng.choice([480, 600, 768, 1024])}px) {{ .plan-card {{ width: 100%; }} }}",
        f"@font-face {{ font-family: 'Brand{up(rng, 1)}'; src: url(fonts/brand.woff2); }}",
        f"@Scheduled(cron = \"0 0/{rng.randint(5, 30)} * * * *\")",
        f"Wrap the view in @login_required and @cache_page({rng.randint(1, 15) * 60}).",
        "Add @pytest.fixture above the function so it can be injected.",
        "@Override\npublic String toString() { return name; }",
        "Annotate the handler with @app.get('/status').",
    ]))  # fmt: skip
    add("imei", 25, lambda: pick([
        f"The blocked handset's IMEI is {luhn_number(rng, pick(['35', '86', '01']), 15)}.",
        f"IMEI: {luhn_number(rng, '35', 15)} - replacement device registered.",
    ]))  # fmt: skip
    add("iccid", 20, lambda: pick([
        f"The new SIM's ICCID is {luhn_number(rng, '89' + pick(['44', '49', '33', '90', '63']), 19)}.",
        f"ICCID {luhn_number(rng, '8935', 20)} was activated on the replacement card.",
    ]))  # fmt: skip
    add("npi", 15, lambda: (lambda n: f"Referral sent to the clinic, provider NPI {n[5:]}.")(luhn_number(rng, "80840" + pick("12"), 15)))  # fmt: skip
    add("masked_card", 25, lambda: pick([
        f"Paid with the card ending in {d(rng, 4)}.",
        f"Card on file: •••• •••• •••• {d(rng, 4)}",
        f"Visa **** **** **** {d(rng, 4)} (expires 0{rng.randint(1, 9)}/2{rng.randint(6, 9)})",
        f"{d(rng, 6)}******{d(rng, 4)} was declined by the issuer.",
    ]))  # fmt: skip
    add("tracking", 25, lambda: pick([
        f"USPS tracking: 9400 {d(rng, 4)} {d(rng, 4)} {d(rng, 4)} {d(rng, 4)} {d(rng, 2)}",
        f"UPS 1Z{up(rng, 3)}{d(rng, 3)}{d(rng, 10)} is at the local depot.",
        f"FedEx {d(rng, 12)} will be delivered tomorrow before noon.",
    ]))  # fmt: skip
    add("ein", 20, lambda: pick([
        f"The supplier's EIN is {rng.randint(10, 88)}-{d(rng, 7)}.",
        f"Employer Identification Number: {rng.randint(10, 88)}-{d(rng, 7)} (Riverbend Plumbing LLC)",
    ]))  # fmt: skip
    add("routing", 20, lambda: f"Use ABA routing number {aba(rng)} for domestic wires to the bank.")
    add("part_number", 35, lambda: pick([
        f"Part no. {rng.randint(100, 899)}-{d(rng, 2)}-{d(rng, 4)} (filter cartridge) ships from the Leeds warehouse.",
        f"SKU {rng.randint(100, 899)}-{d(rng, 2)}-{d(rng, 4)} is discontinued; the successor is {up(rng, 2)}-{d(rng, 4)}.",
        f"Pick from bin location {rng.randint(100, 899)} {d(rng, 2)} {d(rng, 4)} in aisle 7.",
        f"Artikelnummer {rng.randint(100, 899)}-{d(rng, 2)}-{d(rng, 4)} ist leider ausverkauft.",
        f"Referencia del repuesto: {rng.randint(100, 899)}-{d(rng, 2)}-{d(rng, 4)} (bomba de agua).",
        f"Replacement router model {rng.randint(100, 899)}-{d(rng, 2)}-{d(rng, 4)}-EU is in stock.",
        f"Firmware build {rng.randint(100, 899)}-{d(rng, 2)}-{d(rng, 4)} fixes the pairing bug.",
    ]))  # fmt: skip
    add("zip4", 15, lambda: f"The depot's ZIP code is {d(rng, 5)}-{d(rng, 4)}.")
    add("bic", 25, lambda: pick([
        f"BIC/SWIFT: {up(rng, 4)}{pick(['DE', 'CZ', 'HU', 'RO', 'FI', 'DK', 'GR', 'IE'])}{up(rng, 2)}{pick(['', 'XXX', d(rng, 3)])}",
        f"For international transfers to our bank use SWIFT code {up(rng, 4)}TR{up(rng, 2)}.",
    ]))  # fmt: skip

    def rf() -> str:
        payload = d(rng, rng.randint(8, 18))
        return f"RF{mod97_ref('RF', payload)}{payload}"

    add("creditor_ref", 20, lambda: pick([
        f"Please quote the structured reference {rf()} with the payment.",
        f"Payment reference: {rf()}",
    ]))  # fmt: skip

    def sepa_ci() -> str:
        country = pick(["DE", "FI", "IE", "NL", "AT"])
        national = d(rng, 11)
        return f"{country}{mod97_ref(country, national)}ZZZ{national}"

    add("sepa_creditor_id", 15, lambda: f"The direct debit is collected by Stadtwerke Nord, creditor ID {sepa_ci()}.")
    add("vat", 20, lambda: pick([
        f"Our VAT number is CZ{d(rng, 8)}.",
        f"Supplier VAT: HU{d(rng, 8)}, EL{d(rng, 9)} for the Greek branch.",
        f"USt-IdNr. DE{d(rng, 9)}",
        f"Company VAT ID: RO{d(rng, 8)}",
    ]))  # fmt: skip
    add(
        "masked_iban",
        15,
        lambda: f"Payout account: {pick(['DE', 'FI', 'DK', 'HU'])}** **** **** **** {d(rng, 4)} {d(rng, 2)}",
    )
    add("isbn", 10, lambda: f"The set textbook is ISBN 978-{d(rng, 1)}-{d(rng, 4)}-{d(rng, 4)}-{d(rng, 1)}.")
    add(
        "uuid",
        15,
        lambda: (
            f"Request id {hexs(rng, 8)}-{hexs(rng, 4)}-4{hexs(rng, 3)}-a{hexs(rng, 3)}-{hexs(rng, 12)} failed with 502."
        ),
    )
    add("timestamp", 15, lambda: pick([
        f"The webhook fired at 17{d(rng, 11)} ms since epoch.",
        f"Meter reading {d(rng, 5)}.{d(rng, 1)} kWh taken on 2025-0{rng.randint(1, 9)}-1{rng.randint(0, 9)} 0{rng.randint(0, 9)}:{d(rng, 2)}.",
    ]))  # fmt: skip
    return out


# ---- the corpus -----------------------------------------------------------------------------------------------------


def build(seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    lines = phone_lines(rng) + email_lines(rng) + card_lines(rng) + ssn_lines(rng) + iban_lines(rng)
    lines += mixed_lines(rng) + negatives(rng)
    rng.shuffle(lines)
    rows, seen = [], set()
    for line in lines:
        if line.text in seen:
            continue
        seen.add(line.text)
        rows.append({"id": len(rows) + 1, "text": line.text, "entities": line.entities, "tags": line.tags})
    return rows


def render(rows: list[dict[str, object]]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the committed corpus is not what this writes")
    args = parser.parse_args()
    text = render(build())
    if args.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("held-out corpus up to date" if same else f"{OUT} differs from what make_pii_heldout.py writes")
        return 0 if same else 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    rows = [json.loads(line) for line in text.splitlines()]
    negatives_ = sum(1 for row in rows if not row["entities"])
    print(f"wrote {OUT}: {len(rows)} lines, {negatives_} without PII")
    return 0


if __name__ == "__main__":
    sys.exit(main())
