"""Replies of the held-out part that quote card numbers, US Social Security numbers, IBANs and people's email
addresses, in many languages and document formats (``{v}`` the value, ``{n}`` a person's name)."""

from __future__ import annotations

import random
import re

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
    card_format,
    iban_check,
    printed,
    ssn_digits,
)  # fmt: skip
from pii_tuned14_phone_rows import NAMES, order_id

SLOT = re.compile(r"\{(v2|v|n|a|o)\}")

# (language, setting, template)
CARD_TEMPLATES = [
    ("en", "prose", "The {net} at the top of the wallet list is {v}; shall I make it the default for {n}?"),
    ("en", "receipt", "CARD SALE\nAUTH 0{a}\nPAN {v}\nAMOUNT 42.10 EUR\nCARDHOLDER COPY"),
    ("en", "json", '{"payment": {"holder": "{n}", "pan": "{v}", "exp": "0{a}/29"}}'),
    ("en", "csv", "holder,pan,exp\n{n},{v},1{a}/28"),
    ("en", "chat", "User: which card did I use last time?\nBot: The charge went to\n{v}"),
    ("de", "prose", "Die hinterlegte Karte von {n} lautet {v}, gültig bis 0{a}/28."),
    ("fr", "prose", "La carte enregistrée est la {v} ; le prélèvement a échoué hier."),
    ("es", "prose", "La tarjeta asociada a su cuenta es {v}. ¿Desea reemplazarla?"),
    ("pt", "prose", "O cartão cadastrado é {v}, em nome de {n}."),
    ("it", "prose", "Il rimborso è stato accreditato sulla carta {v} in data 3 novembre."),
    ("nl", "prose", "Het bedrag is teruggeboekt op kaart {v}."),
    ("pl", "prose", "Płatność pobrano z karty {v} należącej do {n}."),
    ("ja", "prose", "ご登録のカード番号は{v}です。"),
    ("zh", "prose", "您绑定的银行卡号为{v}，请核对。"),
    ("hi", "prose", "आपके खाते से जुड़ा कार्ड नंबर {v} है।"),
    ("ar", "prose", "رقم البطاقة المسجلة هو {v} باسم {n}."),
    ("tr", "prose", "Kayıtlı kart numaranız {v} olarak görünüyor."),
    ("en", "sql", "INSERT INTO payment_methods (customer, pan) VALUES ('{n}', '{v}');"),
    ("en", "html", "<tr><td>{n}</td><td>{v}</td><td>0{a}/27</td></tr>"),
    ("en", "tsv", "customer\tpan\tstatus\n{n}\t{v}\tactive"),
    ("en", "kv", 'event=charge_failed holder="{n}" pan={v} reason=do_not_honor'),
    ("en", "xml", "<card><holder>{n}</holder><number>{v}</number></card>"),
    ("en", "sms", "Bank alert: card {v} was used for 19.99 USD. Not you? Reply NO."),
    ("ko", "prose", "등록된 카드 번호는 {v}입니다."),
    ("ru", "prose", "Номер привязанной карты: {v}."),
]

SSN_TEMPLATES = [
    ("en", "prose", "I've confirmed {n}'s Social Security number as {v} for the tax form."),
    ("en", "form", "Applicant: {n}\nSSN: {v}\nDate of birth: 0{a}/14/1979"),
    ("en", "json", '{"employee": "{n}", "ssn": "{v}", "w4_filed": true}'),
    ("en", "csv", "name,ssn,state\n{n},{v},OH"),
    ("en", "chat", "User: can you read back the social security number you have for me?\nBot: Sure:\n{v}"),
    ("en", "sql", "INSERT INTO payroll (name, ssn) VALUES ('{n}', '{v}');"),
    ("en", "html", "<tr><th>SSN</th><td>{v}</td></tr>"),
    ("en", "tsv", "employee\tssn\n{n}\t{v}"),
    ("es", "prose", "El número de Seguro Social de {n} es {v}; lo usaremos para el formulario W-2."),
    ("es", "form", "Nombre: {n}\nNúmero de Seguro Social: {v}"),
    ("hi", "prose", "{n} का सोशल सिक्योरिटी नंबर {v} रिकॉर्ड में दर्ज है।"),
    ("hi", "chat", "ग्राहक: मेरा SSN क्या दर्ज है?\nसहायक: आपका SSN {v} है।"),
    ("fr", "prose", "Le numéro de sécurité sociale américain (SSN) de {n} est {v}."),
    ("zh", "prose", "{n}的美国社会安全号码（SSN）是{v}。"),
    ("ko", "prose", "{n} 님의 사회보장번호(SSN)는 {v}입니다."),
    ("vi", "prose", "Số An sinh Xã hội (SSN) của {n} là {v}."),
    ("tl", "prose", "Ang Social Security number ni {n} ay {v}."),
    ("pt", "prose", "O SSN (Social Security Number) de {n} é {v}."),
]

SEPA_TEMPLATES = [
    ("en", "prose", "The refund goes to {n}'s account {v} within five working days."),
    ("de", "prose", "Bitte überweisen Sie den Betrag auf das Konto {v} (Kontoinhaber: {n})."),
    ("fr", "prose", "Le remboursement sera viré sur l'IBAN {v} au nom de {n}."),
    ("es", "prose", "Hemos domiciliado el recibo en la cuenta {v}."),
    ("it", "prose", "L'accredito avverrà sull'IBAN {v} intestato a {n}."),
    ("nl", "prose", "Het bedrag wordt teruggestort op rekening {v}."),
    ("pl", "prose", "Zwrot trafi na rachunek {v}."),
    ("pt", "prose", "A devolução será feita para o IBAN {v}."),
    ("en", "json", '{"beneficiary": "{n}", "iban": "{v}", "currency": "EUR"}'),
    ("en", "csv", "name;iban;amount\n{n};{v};120,00"),
    ("en", "xml", "<CdtrAcct><Id><IBAN>{v}</IBAN></Id></CdtrAcct>"),
    ("en", "sql", "INSERT INTO payouts (holder, iban) VALUES ('{n}', '{v}');"),
    ("en", "html", "<tr><td>{n}</td><td>{v}</td></tr>"),
    ("en", "tsv", "holder\tiban\n{n}\t{v}"),
    ("en", "chat", "User: which account will the refund go to?\nBot: The one on file:\n{v}"),
    ("en", "email", "Subject: Updated bank details\n\nHi, {n} asked us to pay into {v} from next month."),
    ("fi", "prose", "Palautus maksetaan tilille {v}."),
    ("sv", "prose", "Återbetalningen sätts in på konto {v}."),
]

# non-SEPA IBAN countries and their BBAN layouts
NON_SEPA_BBAN = {
    "SA": "2n18c", "AE": "3n16n", "TR": "5n1n16c", "IL": "3n3n13n", "BR": "8n5n10n1a1c", "KW": "4a22c",
    "QA": "4a21c", "JO": "4a4n18c", "PK": "4a16c", "EG": "4n4n17n", "TN": "2n3n13n2n", "GE": "2a16n",
    "AZ": "4a20c", "KZ": "3n13c", "LB": "4n20c", "BH": "4a14c", "UA": "6n19c", "CR": "4n14n", "DO": "4c20n",
    "GT": "4c20c", "MU": "4a2n2n12n3n3a", "BY": "4c4n16c", "XK": "4n10n2n", "BA": "3n3n8n2n",
}  # fmt: skip
NON_SEPA_LANG = {
    "SA": "ar",
    "AE": "ar",
    "TR": "tr",
    "IL": "he",
    "BR": "pt",
    "KW": "ar",
    "QA": "ar",
    "JO": "ar",
    "PK": "ur",
    "EG": "ar",
    "TN": "fr",
    "GE": "ka",
    "AZ": "az",
    "KZ": "ru",
    "LB": "ar",
    "BH": "ar",
    "UA": "uk",
    "CR": "es",
    "DO": "es",
    "GT": "es",
    "MU": "fr",
    "BY": "ru",
    "XK": "sq",
    "BA": "bs",
}
NON_SEPA_TEMPLATES = {
    "ar": "سيتم تحويل المبلغ إلى الحساب رقم {v} باسم {n}.",
    "tr": "İade tutarı {v} IBAN numaralı hesaba gönderilecektir.",
    "he": "ההחזר יועבר לחשבון {v} על שם {n}.",
    "pt": "O reembolso será creditado no IBAN {v}.",
    "ur": "رقم آپ کے IBAN {v} میں منتقل کر دی جائے گی۔",
    "fr": "Le virement sera effectué sur l'IBAN {v}.",
    "ka": "თანხა ჩაირიცხება ანგარიშზე {v}.",
    "az": "Məbləğ {v} hesabına köçürüləcək.",
    "ru": "Возврат поступит на счёт {v}.",
    "uk": "Повернення надійде на рахунок {v}.",
    "es": "El reembolso se acreditará en la cuenta IBAN {v}.",
    "sq": "Rimbursimi do të kalojë në llogarinë {v}.",
    "bs": "Povrat će biti uplaćen na račun {v}.",
}

FIRST = [
    "anna",
    "marek",
    "li",
    "sofia",
    "kenji",
    "oluwaseun",
    "priya",
    "jean-luc",
    "maria",
    "tomas",
    "aisha",
    "bjorn",
    "camila",
    "dieter",
    "emeka",
    "fatima",
    "giulia",
    "hamid",
    "ines",
    "jae-won",
    "kofi",
    "lena",
]
LAST = [
    "novak",
    "okafor",
    "fernandez",
    "kowalski",
    "sato",
    "mbeki",
    "rahman",
    "dubois",
    "silva",
    "berg",
    "haddad",
    "nguyen",
    "murphy",
    "rossi",
    "van-dijk",
    "ivanova",
    "tanaka",
    "schmidt",
    "osei",
    "costa",
]
MAIL_DOMAINS = [
    "gmail.com",
    "outlook.com",
    "yahoo.com",
    "proton.me",
    "icloud.com",
    "gmx.at",
    "web.de",
    "free.fr",
    "libero.it",
    "wp.pl",
    "seznam.cz",
    "mail.ru",
    "naver.com",
    "qq.com",
    "yahoo.co.jp",
    "uol.com.br",
    "hotmail.es",
    "btinternet.com",
    "telus.net",
    "optusnet.com.au",
    "kinderhaus-sonnenschein.de",
    "dept.uni-graz.ac.at",
    "law.example.co.uk",
    "mail.tu-berlin.de",
    "eng.cam.ac.uk",
    "xtra.co.nz",
]
EMAIL_TEMPLATES = [
    ("en", "prose", "I've resent the invoice to {v} — could you check the spam folder too?"),
    ("en", "email", "From: {n} <{v}>\nTo: Customer Care\nSubject: Order {o}\n\nHello, where is my parcel?"),
    ("en", "json", '{"user": {"name": "{n}", "email": "{v}", "verified": false}}'),
    ("en", "csv", "name,email,plan\n{n},{v},family"),
    ("en", "tsv", "name\temail\n{n}\t{v}"),
    ("en", "sql", "INSERT INTO subscribers (name, email) VALUES ('{n}', '{v}');"),
    ("en", "html", '<td>{n}</td><td><a href="mailto:{v}">{v2}</a></td>'),
    ("en", "vcard", "BEGIN:VCARD\nFN:{n}\nEMAIL;TYPE=HOME:{v}\nEND:VCARD"),
    ("en", "log", "2026-10-0{a} WARN mailer bounce rcpt=<{v}> code=550"),
    ("en", "chat", "User: which email is my account under?\nBot: This one:\n{v}"),
    ("en", "markdown", "| Name | Email |\n|---|---|\n| {n} | {v} |"),
    ("en", "yaml", "owner:\n  name: {n}\n  email: {v}"),
    ("de", "prose", "Die Bestätigung ging an {v}; bitte prüfen Sie auch den Spam-Ordner."),
    ("fr", "prose", "Nous avons envoyé le lien de réinitialisation à {v}."),
    ("es", "prose", "El correo de {n} es {v}, ¿quiere que lo actualicemos?"),
    ("pt", "prose", "Enviamos o comprovante para o e-mail {v}."),
    ("it", "prose", "Abbiamo inoltrato la fattura all'indirizzo {v}."),
    ("ja", "prose", "確認メールを{v}宛に再送しました。"),
    ("ko", "prose", "인증 메일을 {v}(으)로 다시 보냈습니다."),
    ("zh", "prose", "验证邮件已发送至{v}，请查收。"),
    ("ru", "prose", "Письмо с подтверждением отправлено на {v}."),
    ("pl", "prose", "Potwierdzenie wysłaliśmy na adres {v}."),
    ("tr", "prose", "Onay e-postası {v} adresine gönderildi."),
    ("sv", "prose", "Kvittot skickades till {v}."),
    ("hi", "prose", "पुष्टि ईमेल {v} पर भेज दिया गया है।"),
    ("ar", "prose", "تم إرسال رابط التفعيل إلى {v}."),
]


def fill(template: str, value: str, entity: str, rng: random.Random, *tags: str, value2: str | None = None) -> Line:
    """``template`` with its slots filled: ``{v}`` (and ``{v2}``) labelled, ``{n}``, ``{a}`` and ``{o}`` not."""
    slots = {"n": rng.choice(NAMES), "a": str(rng.randint(1, 9)), "o": order_id(rng)}
    line = Line(*tags)
    for i, piece in enumerate(SLOT.split(template)):
        if i % 2 == 0:
            line.add(piece)
        elif piece in ("v", "v2"):
            line.add(value2 or value if piece == "v2" else value, entity)
        else:
            line.add(slots[piece])
    return line


def card_rows(rng: random.Random) -> list[Line]:
    rows = []
    for i in range(340):
        network = list(NETWORKS)[i % len(NETWORKS)]
        prefixes, lengths = NETWORKS[network]
        length = lengths[(i // len(NETWORKS)) % len(lengths)]
        style = ["spaces", "dashes", "compact"][(i // 3) % 3] if length < 19 else ["spaces", "compact"][i % 2]
        value = card_format(rng, card_digits(rng, rng.choice(prefixes), length), network, style)
        lang, setting, template = CARD_TEMPLATES[i % len(CARD_TEMPLATES)]
        template = template.replace("{net}", network)
        rows.append(fill(template, value, CARD, rng, "card", network, f"lang-{lang}", f"setting-{setting}", style))
    return rows


def ssn_rows(rng: random.Random) -> list[Line]:
    rows = []
    for i in range(320):
        digits = ssn_digits(rng)
        sep = ["-", "-", " ", ""][i % 4]
        lang, setting, template = SSN_TEMPLATES[i % len(SSN_TEMPLATES)]
        if sep == "" and setting not in ("prose", "form", "chat"):
            sep = "-"
        value = f"{digits[:3]}{sep}{digits[3:5]}{sep}{digits[5:]}"
        rows.append(fill(template, value, SSN, rng, "ssn", f"lang-{lang}", f"setting-{setting}"))
    return rows


def non_sepa_iban(rng: random.Random, country: str) -> str:
    b = bban(rng, NON_SEPA_BBAN[country])
    return country + iban_check(country, b) + b


def iban_rows(rng: random.Random) -> list[Line]:
    rows = []
    sepa = sorted(SEPA_BBAN)
    for i in range(220):
        country = sepa[i % len(sepa)]
        b = bban(rng, SEPA_BBAN[country])
        compact = country + iban_check(country, b) + b
        form = "print" if i % 2 else "electronic"
        value = printed(compact) if form == "print" else compact
        lang, setting, template = SEPA_TEMPLATES[i % len(SEPA_TEMPLATES)]
        rows.append(
            fill(template, value, IBAN, rng, "iban", country, "sepa", form, f"lang-{lang}", f"setting-{setting}")
        )
    others = sorted(NON_SEPA_BBAN)
    for i in range(110):
        country = others[i % len(others)]
        compact = non_sepa_iban(rng, country)
        form = "print" if i % 3 else "electronic"
        value = printed(compact) if form == "print" else compact
        lang = NON_SEPA_LANG[country]
        rows.append(
            fill(
                NON_SEPA_TEMPLATES[lang],
                value,
                IBAN,
                rng,
                "iban",
                country,
                "non-sepa",
                form,
                f"lang-{lang}",
                "setting-prose",
            )
        )
    return rows


def person_email(rng: random.Random, i: int) -> tuple[str, str]:
    first, last = rng.choice(FIRST), rng.choice(LAST)
    kind = ["dot", "plus", "upper", "hyphen", "digits", "initial", "underscore", "plus-upper"][i % 8]
    domain = rng.choice(MAIL_DOMAINS)
    if kind == "dot":
        local = f"{first}.{last}"
    elif kind == "plus":
        local = f"{first}.{last}+{rng.choice(['orders', 'bills', 'shop', 'travel', 'kita'])}"
    elif kind == "upper":
        local, domain = f"{first.capitalize()}.{last.upper()}", domain.upper()
    elif kind == "hyphen":
        local = f"{first}-{last}"
    elif kind == "digits":
        local = f"{first}{last}{rng.randint(70, 2009)}"
    elif kind == "initial":
        local = f"{first[0]}.{last}{rng.randint(1, 99)}"
    elif kind == "underscore":
        local = f"{last}_{first}"
    else:
        local = f"{first.upper()}+{rng.randint(2, 99)}"
    return f"{local}@{domain}", kind


def email_rows(rng: random.Random) -> list[Line]:
    rows = []
    for i in range(330):
        value, kind = person_email(rng, i)
        lang, setting, template = EMAIL_TEMPLATES[i % len(EMAIL_TEMPLATES)]
        rows.append(fill(template, value, EMAIL, rng, "email", kind, f"lang-{lang}", f"setting-{setting}"))
    return rows
