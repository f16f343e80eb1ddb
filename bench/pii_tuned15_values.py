"""Cards, SSNs, IBANs and emails of PII tuned part 15: each in replies and records of several languages and
document formats (receipts, JSON, CSV, forms, key=value dumps, XML, chats)."""

from __future__ import annotations

import random

from pii_corpus_values import (
    CARD,
    EMAIL,
    IBAN,
    NETWORKS,
    SEPA_BBAN,
    SSN,
    Line,
    bban,
    card_digits,
    iban_check,
    printed,
    ssn_digits,
)  # fmt: skip
from pii_tuned15_phone_rows import templated

# ---- cards -------------------------------------------------------------------------------------------------------

CARD_TEMPLATES = [
    ("en", "The card we charged for {id} is {v} (exp 11/28)."),
    ("en", "PAYMENT\nMethod: {net}\nCard no.: {v}\nAuth code: 0{a}\nAmount: EUR 42.90"),
    ("en", '{{"payment": {{"brand": "{net}", "pan": "{v}", "exp": "07/29"}}}}'),
    ("en", "cardholder,pan,expiry\nR. Okafor,{v},03/27"),
    ("en", "[14:02] customer: can u update my card to {v} pls\n[14:03] agent: done!"),
    ("es", "La tarjeta registrada para el pedido {id} es {v}, vence 05/28."),
    ("fr", "Carte enregistrée : {v} ({net}), expiration 09/27."),
    ("de", "Die hinterlegte Karte lautet {v}, gültig bis 12/27."),
    ("pt", "O cartão cadastrado é {v}, validade 04/29."),
    ("it", "Ho aggiornato la carta di pagamento: {v} ({net})."),
    ("nl", "De betaalkaart in het profiel is {v}."),
    ("ja", "ご登録のカード番号は{v}です（有効期限 10/27）。"),
    ("zh", "您绑定的银行卡号为{v}，有效期至2028年6月。"),
    ("ru", "Карта для оплаты заказа {id}: {v}."),
    ("tr", "Kayıtlı kart numaranız {v}, son kullanma 08/28."),
    ("en", "<payment><card>{v}</card><brand>{net}</brand></payment>"),
    ("en", "pan={v} brand={net} exp=0129 status=declined_do_not_honor"),
    ("pl", "Karta przypisana do konta: {v}."),
    ("hi", "आपका कार्ड नंबर {v} है, समाप्ति 02/29।"),
    ("ko", "등록된 카드 번호는 {v} 입니다."),
]


def card_value(rng: random.Random, network: str, i: int) -> str:
    prefixes, lengths = NETWORKS[network]
    length = lengths[i % len(lengths)]
    digits = card_digits(rng, rng.choice(prefixes), length)
    style = ["spaces", "dashes", "compact", "spaces"][i % 4]
    if style == "compact" or length == 13:
        return digits
    sep = " " if style == "spaces" else "-"
    if length == 15 or length == 14:
        return sep.join([digits[:4], digits[4:10], digits[10:]])
    return sep.join(digits[j : j + 4] for j in range(0, length, 4))


def card_rows(rng: random.Random) -> list[Line]:
    rows = []
    for network in NETWORKS:
        for i in range(31):
            lang, template = CARD_TEMPLATES[(i + len(network)) % len(CARD_TEMPLATES)]
            template = template.replace("{{", "{").replace("}}", "}")
            vals = {"v": (card_value(rng, network, i), CARD), "net": (network, None),
                    "id": (f"#{rng.randint(100000, 999999)}", None), "a": (str(rng.randint(10000, 99999)), None)}  # fmt: skip
            rows.append(templated(template, vals, "card", network, f"lang-{lang}"))
    return rows


# ---- SSNs --------------------------------------------------------------------------------------------------------

SSN_TEMPLATES = [
    ("en", "I see the SSN on the application is {v}; the W-2 shows the same."),
    ("en", "Employee: {n}\nSSN: {v}\nHire date: 2021-04-12"),
    ("en", "ssn={v} name={n} status=verified"),
    ("en", '{"applicant": "{n}", "ssn": "{v}", "dob": "1988-07-02"}'),
    ("es", "El número de Seguro Social de {n} es {v}."),
    ("es", "Para el formulario W-9 usamos el SSN {v} de {n}."),
    ("hi", "{n} का सोशल सिक्योरिटी नंबर {v} है।"),
    ("hi", "आवेदन में SSN {v} दर्ज है, कृपया पुष्टि करें।"),
    ("zh", "{n}的社会安全号码是{v}。"),
    ("vi", "Số an sinh xã hội (SSN) của {n} là {v}."),
    ("tl", "Ang SSN ni {n} ay {v}, ayon sa form."),
    ("ko", "{n} 님의 사회보장번호(SSN)는 {v}입니다."),
    ("fr", "Le numéro de sécurité sociale américain de {n} : {v}."),
    ("pt", "O SSN informado por {n} foi {v}."),
    ("de", "Die US-Sozialversicherungsnummer von {n} lautet {v}."),
    ("en", "<employee><name>{n}</name><ssn>{v}</ssn></employee>"),
]
SSN_NAMES = ["Maria Gonzalez", "Deshawn Miller", "Anh Tran", "Ravi Kumar", "Li Na", "José Ramírez", "Grace Kim"]


def ssn_rows(rng: random.Random) -> list[Line]:
    rows = []
    for i in range(310):
        lang, template = SSN_TEMPLATES[i % len(SSN_TEMPLATES)]
        digits = ssn_digits(rng)
        sep = ["-", "-", " ", ""][(i // len(SSN_TEMPLATES)) % 4]
        value = f"{digits[:3]}{sep}{digits[3:5]}{sep}{digits[5:]}"
        vals = {"v": (value, SSN), "n": (rng.choice(SSN_NAMES), None)}
        rows.append(templated(template, vals, "ssn", f"lang-{lang}"))
    return rows


# ---- IBANs -------------------------------------------------------------------------------------------------------

NON_SEPA_BBAN = {
    "TR": "5n1n16c", "SA": "2n18c", "AE": "3n16n", "IL": "3n3n13n", "BR": "8n5n10n1a1c", "PK": "4a16c",
    "QA": "4a21c", "KW": "4a22c", "JO": "4a4n18c", "EG": "4n4n17n", "UA": "6n19c", "KZ": "3n13c", "GE": "2a16n",
    "AZ": "4a20c", "CR": "4n14n", "DO": "4c20n", "LB": "4n20c", "BH": "4a14c", "TN": "2n3n13n2n", "BY": "4c4n16c",
}  # fmt: skip
IBAN_TEMPLATES = [
    ("en", "Refunds for {id} go to IBAN {v}."),
    ("en", "Beneficiary: {n}\nIBAN: {v}\nReference: {id}"),
    ("en", "iban,holder\n{v},{n}"),
    ("en", '{"payout": {"iban": "{v}", "holder": "{n}"}}'),
    ("de", "Bitte überweisen Sie den Betrag auf {v} (Kontoinhaber: {n})."),
    ("fr", "Le remboursement sera versé sur l'IBAN {v}."),
    ("es", "La devolución se abonará en la cuenta {v} a nombre de {n}."),
    ("it", "Il bonifico va fatto sull'IBAN {v}, intestato a {n}."),
    ("nl", "Het bedrag wordt teruggestort op {v}."),
    ("pt", "O reembolso vai para o IBAN {v}."),
    ("pl", "Zwrot trafi na rachunek {v}."),
    ("tr", "İade {v} numaralı IBAN'a yapılacaktır."),
    ("ar", "سيتم تحويل المبلغ إلى الآيبان {v}."),
    ("en", "<CdtrAcct><Id><IBAN>{v}</IBAN></Id></CdtrAcct>"),
    ("en", "beneficiary_iban={v} ref={id} amount=120.00"),
    ("sv", "Återbetalningen går till IBAN {v}."),
]
HOLDERS = ["L. Moreau", "Jan Kowalski", "Ayşe Yılmaz", "Pedro Alves", "Katrin Berger", "Omar Haddad", "Eva Novák"]


def iban_rows(rng: random.Random) -> list[Line]:
    rows = []
    countries = [(c, SEPA_BBAN[c], "sepa") for c in sorted(SEPA_BBAN)]
    countries += [(c, layout, "non-sepa") for c, layout in NON_SEPA_BBAN.items()]
    for i in range(310):
        country, layout, zone = countries[i % len(countries)]
        b = bban(rng, layout)
        if country == "TR":
            b = b[:5] + "0" + b[6:]
        value = country + iban_check(country, b) + b
        form = "print" if i % 2 else "electronic"
        lang, template = IBAN_TEMPLATES[(i // 2) % len(IBAN_TEMPLATES)]
        vals = {"v": (printed(value) if form == "print" else value, IBAN), "n": (rng.choice(HOLDERS), None),
                "id": (f"R-{rng.randint(10000, 99999)}", None)}  # fmt: skip
        rows.append(templated(template, vals, "iban", country, zone, form, f"lang-{lang}"))
    return rows


# ---- emails ------------------------------------------------------------------------------------------------------

PEOPLE = [("Nadia", "Haddad"), ("Tomás", "Ortega"), ("Aiko", "Tanaka"), ("Lerato", "Mokoena"), ("Oksana", "Kovalenko"),
          ("Priya", "Raman"), ("Mateus", "Costa"), ("Ingrid", "Lund"), ("Kwame", "Mensah"), ("Leilani", "Kahale"),
          ("Yusuf", "Demir"), ("Chloé", "Girard"), ("Dmitri", "Volkov"), ("Siobhan", "Byrne"), ("Marta", "Nowak"),
          ("Wanjiru", "Kamau"), ("Minh", "Nguyen"), ("Soren", "Holm"), ("Ana", "Ferreira"), ("Eun-ji", "Park")]  # fmt: skip
EMAIL_DOMAINS = ["gmail.com", "outlook.fr", "yahoo.com.br", "hotmail.co.uk", "web.de", "gmx.at", "libero.it",
                 "naver.com", "qq.com", "163.com", "yandex.kz", "mail.ru", "seznam.cz", "wp.pl", "orange.fr",
                 "bigpond.net.au", "xtra.co.nz", "rediffmail.com", "icloud.com", "proton.me", "t-online.de",
                 "kpnmail.nl", "telenet.be", "bluewin.ch", "uol.com.br", "hanmail.net", "docomo.ne.jp",
                 "northwind-logistics.com", "atelier-lumiere.fr", "kiwi-dental.co.nz", "uni-graz.at", "student.uva.nl"]  # fmt: skip


def ascii_fold(s: str) -> str:
    return s.lower().translate(str.maketrans("áéíóúãçöüøåñ", "aeiouacouoan"))


def person_email(rng: random.Random, i: int, first: str, last: str) -> str:
    f, l_ = ascii_fold(first), ascii_fold(last)
    locals_ = [
        f"{f}.{l_}", f"{f[0]}.{l_}+orders", f"{f}-{l_}{rng.randint(70, 99)}", f"{f.upper()}.{l_.upper()}",
        f"{f}_{l_}", f"{l_}.{f}{rng.randint(1, 9)}", f"{f}{l_[0]}+{rng.choice(['shop', 'amazon', 'bank', 'news'])}",
        f"{f}.{l_}-{rng.randint(2000, 2009)}", f"{First(first)}{Last(last)}", f"{f[0]}{l_}{rng.randint(10, 99)}",
    ]  # fmt: skip
    local = locals_[i % len(locals_)]
    domain = EMAIL_DOMAINS[(i * 7 + rng.randint(0, 3)) % len(EMAIL_DOMAINS)]
    return f"{local}@{domain.upper() if i % 13 == 0 else domain}"


def First(s: str) -> str:  # noqa: N802
    return ascii_fold(s).capitalize()


def Last(s: str) -> str:  # noqa: N802
    return ascii_fold(s).capitalize()


EMAIL_TEMPLATES = [
    ("en", "I've resent the invoice to {v} - can you check the spam folder?"),
    ("en", "From: {n} <{v}>\nTo: Help Desk\nSubject: order {id} never arrived"),
    ("en", "email,name,order\n{v},{n},{id}"),
    ("en", '{"user": {"name": "{n}", "email": "{v}", "verified": true}}'),
    ("en", "BEGIN:VCARD\nFN:{n}\nEMAIL;TYPE=HOME:{v}\nEND:VCARD"),
    ("en", "[09:15] {n}: my login is {v} but reset never comes"),
    ("es", "El correo de {n} es {v}, ahí le llegará la factura."),
    ("fr", "J'ai mis à jour l'adresse e-mail : {v}."),
    ("de", "Die Bestätigung ging an {v} – bitte prüfen Sie den Spam-Ordner."),
    ("pt", "O e-mail cadastrado é {v}."),
    ("it", "La mail di {n} è {v}."),
    ("nl", "We sturen het retourlabel naar {v}."),
    ("ja", "{n}様のメールアドレスは{v}です。"),
    ("ko", "{n} 님 이메일: {v}"),
    ("zh", "已将发票发送至{v}。"),
    ("ru", "Письмо отправлено на {v}, проверьте папку «Спам»."),
    ("pl", "Adres e-mail klienta: {v}."),
    ("tr", "Fatura {v} adresine gönderildi."),
    ("en", "<customer><email>{v}</email></customer>"),
    ("en", "user_email={v} action=password_reset ip=10.0.4.17"),
    ("en", "Reply-To: {v}"),
    ("sv", "Kvittot skickades till {v}."),
]


def email_rows(rng: random.Random) -> list[Line]:
    rows = []
    for i in range(310):
        lang, template = EMAIL_TEMPLATES[i % len(EMAIL_TEMPLATES)]
        first, last = rng.choice(PEOPLE)
        vals = {"v": (person_email(rng, i, first, last), EMAIL), "n": (f"{first} {last}", None),
                "id": (f"#{rng.randint(100000, 999999)}", None)}  # fmt: skip
        rows.append(templated(template, vals, "email", f"lang-{lang}"))
    return rows
