"""E-mail replies of the held-out part (bench/make_pii_tuned12.py): addresses of people (not role accounts) built
from their names - dots, hyphens, digits, ``+`` tags, upper case - at webmail, company, university and country
domains, in prose of many languages, in mail headers, mailto links and records."""

from __future__ import annotations

import random
import re

from pii_corpus_values import EMAIL, Line, templated
from pii_tuned12_docs import SETTINGS, record

PEOPLE = [
    ("amara", "okafor"), ("lucia", "fernandez"), ("jonas", "becker"), ("mei", "lin"), ("rahul", "verma"),
    ("sofia", "rossi"), ("kenji", "watanabe"), ("fatima", "benali"), ("olivia", "brown"), ("mateus", "oliveira"),
    ("zeynep", "kaya"), ("hoa", "nguyen"), ("ingrid", "larsen"), ("tomasz", "wisniewski"), ("eleni", "georgiou"),
    ("aroha", "ngata"), ("chidi", "eze"), ("jiwoo", "park"), ("siti", "rahmawati"), ("yonatan", "levi"),
    ("camille", "dubois"), ("pieter", "devries"), ("ana", "maric"), ("juan-pablo", "rios"), ("hana", "novotna"),
    ("kwame", "mensah"), ("priya", "nair"), ("liam", "osullivan"), ("noor", "alhashimi"), ("maria-joao", "santos"),
    ("oskar", "lindqvist"), ("dmitri", "volkov"), ("aisha", "bello"), ("mateo", "garcia-lopez"), ("sanne", "bakker"),
    ("emre", "yildiz"), ("linh", "tran"), ("bongani", "dlamini"), ("freya", "macleod"), ("karim", "haddad"),
]  # fmt: skip
DOMAINS = [
    "gmail.com", "outlook.com", "hotmail.co.uk", "yahoo.com.br", "icloud.com", "proton.me", "gmx.at", "web.de",
    "orange.fr", "libero.it", "seznam.cz", "o2.pl", "mail.ru", "yandex.com", "naver.com", "qq.com", "163.com",
    "rediffmail.com", "bigpond.net.au", "xtra.co.nz", "telkomsa.net", "uol.com.br", "terra.com.mx", "t-online.de",
    "alumni.ethz.ch", "student.uva.nl", "cs.ox.ac.uk", "med.uni-muenchen.de", "bluewave-logistics.com",
    "kestrel-analytics.io", "hauser-partner.de", "riverbend.law", "studio-mora.es", "tanaka-shoji.co.jp",
    "northgate.edu", "fjordline-travel.no", "saffron-kitchen.in", "pampa-agro.com.ar", "kopi-nusantara.co.id",
]  # fmt: skip
TAGS = ["shop", "newsletter", "amazon", "2024", "travel", "bills", "work", "ebay", "receipts"]


def person_email(rng: random.Random) -> tuple[str, str]:
    """(address, style) of one person."""
    first, last = rng.choice(PEOPLE)
    style = rng.choice(["dot", "initial", "tag", "digits", "upper", "hyphen", "underscore", "lastfirst", "tag"])
    if style == "dot":
        local = f"{first}.{last}"
    elif style == "initial":
        local = f"{first[0]}{last}"
    elif style == "tag":
        local = f"{first}.{last}+{rng.choice(TAGS)}"
    elif style == "digits":
        local = f"{first}{last}{rng.choice([rng.randint(1, 99), rng.randint(1960, 2005)])}"
    elif style == "upper":
        local = f"{first.title()}.{last.upper()}" if rng.random() < 0.5 else f"{first}.{last}".upper()
    elif style == "hyphen":
        local = f"{first}-{last}"
    elif style == "underscore":
        local = f"{first}_{last[0]}{rng.randint(1, 9)}"
    else:
        local = f"{last}.{first[0]}"
    domain = rng.choice(DOMAINS)
    if style == "upper" and rng.random() < 0.5:
        domain = domain.upper()
    return f"{local}@{domain}", style


EMAIL_PROSE = [
    ("en", "The password reset link went to {v} at 09:14; check the spam folder too."),
    ("en", "I've changed the login on the account from the old address to {v}."),
    ("en", "Invoices for this subscription are mailed to {v} on the 1st."),
    ("en", "Mr Eze asked us to cc his wife at {v} on anything about the claim."),
    ("en", "Looks like a typo - the order was placed with {v}, not the gmail one."),
    ("es", "El enlace para restablecer la contraseña se envió a {v}."),
    ("es", "Actualicé el correo de la cuenta; ahora es {v}."),
    ("pt", "A nota fiscal foi enviada para o e-mail {v}."),
    ("fr", "La facture a été envoyée à l'adresse {v} ce matin."),
    ("de", "Die Bestellbestätigung ging an {v} - bitte auch im Spam-Ordner nachsehen."),
    ("it", "La ricevuta è stata inviata all'indirizzo {v}."),
    ("nl", "De bevestiging is verstuurd naar {v}."),
    ("pl", "Link aktywacyjny wysłaliśmy na adres {v}."),
    ("sv", "Kvittot skickades till {v} i går kväll."),
    ("tr", "Fatura {v} adresine gönderildi."),
    ("ru", "Чек отправлен на почту {v}."),
    ("uk", "Підтвердження надіслано на адресу {v}."),
    ("ja", "確認メールを{v}宛てに再送しました。"),
    ("zh", "验证邮件已发送至{v}，请查收。"),
    ("ko", "인증 메일을 {v}(으)로 다시 보냈습니다."),
    ("vi", "Email xác nhận đã được gửi tới {v}."),
    ("id", "Email konfirmasi sudah dikirim ke {v}."),
    ("th", "ระบบส่งอีเมลยืนยันไปที่ {v} แล้วค่ะ"),
    ("ar", "تم إرسال رابط التفعيل إلى البريد {v}."),
    ("he", "קישור האימות נשלח לכתובת {v}."),
    ("hi", "पासवर्ड रीसेट लिंक {v} पर भेज दिया गया है।"),
    ("el", "Το email επιβεβαίωσης στάλθηκε στο {v}."),
    ("cs", "Potvrzení jsme poslali na e-mail {v}."),
    ("fi", "Vahvistus lähetettiin osoitteeseen {v}."),
    ("sw", "Barua pepe ya uthibitisho imetumwa kwa {v}."),
    ("en", "<{v}>"),
    ("en", "reach her at {v}"),
]


def _header(rng: random.Random, value: str, lang: str) -> Line:
    name = value.split("@")[0].replace(".", " ").replace("_", " ").title()
    line = Line("email", f"lang-{lang}", "setting-email-header")
    line.add(f'From: "{name}" <').add(value, EMAIL).add(">\n")
    line.add(f"To: support@{rng.choice(['helpdesk.example', 'shop.example'])}\n")
    line.add(f"Subject: Re: [Ticket #{rng.randint(10000, 99999)}] refund\n")
    line.add(f"Date: Tue, {rng.randint(1, 28)} Oct 2025 14:{rng.randint(10, 59)}:07 +0200\n\nHi, any news?")
    return line


def _mailto(rng: random.Random, value: str) -> Line:
    line = Line("email", "lang-en", "setting-html", "mailto")
    line.add('Contact the account owner: <a href="mailto:').add(value, EMAIL).add('">')
    line.add(value, EMAIL).add("</a>")
    return line


def email_rows(rng: random.Random) -> list[Line]:
    rows: list[Line] = []
    for i in range(330):
        value, style = person_email(rng)
        kind = i % 10
        if kind == 0:
            rows.append(_header(rng, value, "en"))
        elif kind == 5:
            rows.append(_mailto(rng, value))
        elif kind in (3, 7):
            local = re.sub(r"\d+", "", value.split("@")[0].split("+")[0])
            name = local.replace(".", " ").replace("_", " ").strip().title()
            fields = [
                ("Name", name, None),
                ("Email", value, EMAIL),
                ("Plan", rng.choice(["Pro", "Basic", "Team"]), None),
            ]
            rows.append(record(rng, SETTINGS[(i // 3) % len(SETTINGS)], fields, "email", "lang-en"))
        else:
            lang, template = EMAIL_PROSE[i % len(EMAIL_PROSE)]
            rows.append(templated(template, {"v": (value, EMAIL)}, "email", f"lang-{lang}", "setting-prose"))
        rows[-1].tags.insert(1, f"style-{style}")
    return rows
