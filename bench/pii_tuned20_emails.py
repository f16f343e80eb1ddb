"""E-mail rows of the held-out corpus: addresses of people (never role accounts) built from names in many languages,
some with ``+`` tags, capitals, hyphens or digits, quoted in signatures, forwarded headers, CRM exports, JSON, logs,
mailto: links, HTML, vCards and chat."""

from __future__ import annotations

import random
import unicodedata

from pii_corpus_values import EMAIL, Line
from pii_tuned20_phone_rows import fill

NAMES = [
    ("Amara", "Okonkwo"), ("Lukas", "Brandt"), ("Sofía", "Quintero"), ("Hiroshi", "Tanaka"), ("Priya", "Raman"),
    ("Mateus", "Carvalho"), ("Zofia", "Wiśniewska"), ("Elif", "Yıldız"), ("Nguyen", "Thi Lan"), ("Aoife", "Byrne"),
    ("Jonas", "Lindqvist"), ("Chloé", "Marchand"), ("Dmitri", "Volkov"), ("Fatima", "Zahra"), ("Kwame", "Mensah"),
    ("Isabella", "Conti"), ("Tomás", "Herrera"), ("Ingrid", "Solberg"), ("Rahul", "Deshpande"), ("Mei", "Chen"),
    ("Olga", "Kowalczyk"), ("Yusuf", "Demir"), ("Hannah", "Goldberg"), ("Bao", "Tran"), ("Lars", "Eriksen"),
    ("Grace", "Wanjiru"), ("Pieter", "van Dijk"), ("Maja", "Novak"), ("Camille", "Dubois"), ("Ahmed", "El-Sayed"),
    ("Siddharth", "Iyer"), ("Laura", "Mäkinen"), ("Carlos", "Ferreira"), ("Anneke", "de Wit"), ("Ji-woo", "Park"),
    ("Mariam", "Haddad"), ("Finn", "O'Brien"), ("Valentina", "Rossi"), ("Sipho", "Dlamini"), ("Noa", "Levi"),
]  # fmt: skip
DOMAINS = [
    "gmail.com", "outlook.com", "hotmail.co.uk", "yahoo.fr", "gmx.at", "web.de", "t-online.de", "libero.it",
    "orange.fr", "free.fr", "icloud.com", "proton.me", "fastmail.fm", "zoho.in", "rediffmail.com", "naver.com",
    "daum.net", "qq.com", "163.com", "yandex.kz", "mail.ru", "seznam.cz", "wp.pl", "o2.pl", "telenet.be",
    "ziggo.nl", "kpnmail.nl", "bluewin.ch", "sapo.pt", "uol.com.br", "terra.com.mx", "bigpond.net.au",
    "xtra.co.nz", "btinternet.com", "eircom.net", "optusnet.com.au", "northwind-traders.com", "kaiser-logistik.de",
    "studio-lumen.design", "mail.bergen-kommune.no", "alumni.ethz.ch", "med.uni-muenchen.de", "tcs.co.in",
]  # fmt: skip


def ascii_fold(text: str) -> str:
    text = text.replace("ł", "l").replace("ı", "i").replace("'", "").replace(" ", "")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()


def person_email(rng: random.Random) -> tuple[str, str]:
    """(display name, address) of a person."""
    first, last = rng.choice(NAMES)
    f, la = ascii_fold(first), ascii_fold(last)
    local = rng.choice(
        [
            f"{f}.{la}",
            f"{f[0]}.{la}",
            f"{f}_{la}",
            f"{f}{la}{rng.randint(1, 99)}",
            f"{f}-{la}",
            f"{la}.{f}{rng.randint(70, 99)}",
            f"{f}.{la}+{rng.choice(['orders', 'shop', 'returns', 'news', 'amazon', 'bank', 'travel'])}",
            f"{f}{rng.randint(1980, 2006)}",
            f"{f[0]}{la}",
            f"{f}.{la[0]}",
        ]
    )
    address = f"{local}@{rng.choice(DOMAINS)}"
    if rng.random() < 0.08:
        address = address.upper()
    elif rng.random() < 0.1:
        address = address[0].upper() + address[1:]
    return f"{first} {last}", address


EMAIL_SETTINGS: list[tuple[str, str, str]] = [
    ("signature", "en", "Thanks again for your patience!\n\n--\n{name}\nCustomer since 2019 · {e}"),
    ("forwarded", "en", "---------- Forwarded message ---------\nFrom: {name} <{e}>\nDate: Mon, 3 Mar 2025 at 09:14\n"
     "Subject: Parcel never arrived\nTo: {name2} <{f}>"),
    ("forwarded", "de", "-------- Weitergeleitete Nachricht --------\nVon: {name} <{e}>\nDatum: 03.03.2025 09:14\n"
     "Betreff: Reklamation"),
    ("forwarded", "fr", "-------- Message transféré --------\nDe : {name} <{e}>\nDate : lun. 3 mars 2025\n"
     "Objet : Remboursement"),
    ("crm-csv", "en", "contact_id,full_name,email,segment\n{cid},{name},{e},loyalty-gold"),
    ("crm-csv", "en", "\"Name\";\"E-Mail\";\"Kunde seit\"\n\"{name}\";\"{e}\";\"2021\""),
    ("json", "en", '{"customer": {"id": {cid}, "name": "{name}", "email": "{e}", "opt_in": true}}'),
    ("json", "en", '[{"role": "cc", "address": "{e}"}, {"role": "to", "address": "{f}"}]'),
    ("yaml", "en", "customer:\n  name: {name}\n  email: {e}\n  tier: silver"),
    ("log", "en", "2025-03-04 11:02:19,441 WARN mailer bounce recipient=<{e}> code=552 attempt=2"),
    ("log", "en", "Mar  4 11:02:19 mx2 postfix/smtp[21877]: 4F1C2: to=<{e}>, relay=mx.example.net, status=sent"),
    ("mailto", "en", "You can write to her directly: <a href=\"mailto:{e}\">{name}</a>."),
    ("mailto", "en", "[Email {name}](mailto:{e}) if the tracking link still fails."),
    ("html", "en", "<tr><td>{name}</td><td>{e}</td><td>Premium</td></tr>"),
    ("html", "en", "<p>Account holder: <strong>{name}</strong> &lt;{e}&gt;</p>"),
    ("vcard", "en", "BEGIN:VCARD\nVERSION:4.0\nFN:{name}\nEMAIL;TYPE=home:{e}\nEND:VCARD"),
    ("chat", "en", "[14:07] {name}: can you send it to {e} instead?\n[14:08] Agent: Done, I've resent it."),
    ("markdown", "en", "| Customer | Email |\n|---|---|\n| {name} | {e} |"),
    ("kv", "en", "user_id={cid} email={e} locale=en_GB"),
    ("xml", "en", "<contact><name>{name}</name><email>{e}</email></contact>"),
    ("prose", "en", "I've found the account - it's registered to {e}, and {name} is the only user."),
    ("prose", "es", "La factura se envió a {e}; si no la ve, revise la carpeta de spam."),
    ("prose", "fr", "Le lien de réinitialisation a été envoyé à {e}."),
    ("prose", "de", "Die Bestellbestätigung ging an {e}."),
    ("prose", "pt", "Enviamos o código para {e}, válido por 10 minutos."),
    ("prose", "it", "Ho aggiornato l'indirizzo in {e} come richiesto."),
    ("prose", "nl", "De factuur is verstuurd naar {e}."),
    ("prose", "pl", "Link aktywacyjny wysłaliśmy na adres {e}."),
    ("prose", "ja", "確認メールを {e} 宛てに再送しました。"),
    ("prose", "zh", "发票已发送至 {e}，请查收。"),
    ("prose", "ko", "영수증을 {e}(으)로 보내드렸습니다."),
    ("prose", "tr", "Şifre sıfırlama bağlantısı {e} adresine gönderildi."),
    ("prose", "ru", "Чек отправлен на {e}."),
    ("prose", "hi", "पासवर्ड रीसेट लिंक {e} पर भेज दिया गया है।"),
    ("prose", "ar", "أرسلنا الفاتورة إلى {e}."),
    ("prose", "sv", "Kvittot skickades till {e}."),
    ("form", "en", "Name: {name}\nEmail: {e}\nConfirm email: {e2}\nMessage: wrong size delivered"),
    ("ini", "en", "[account]\nowner = {name}\nnotify = {e}"),
    ("sms", "en", "Hi {name}, your receipt was emailed to {e}. Questions? Reply HELP."),
]  # fmt: skip


def email_lines(rng: random.Random, count: int) -> list[Line]:
    lines = []
    for i in range(count):
        setting, lang, template = EMAIL_SETTINGS[i % len(EMAIL_SETTINGS)]
        name, address = person_email(rng)
        name2, other = person_email(rng)
        values: dict[str, tuple[str, str | None]] = {
            "name": (name, None),
            "name2": (name2, None),
            "e": (address, EMAIL),
            "e2": (address, EMAIL),
            "f": (other, EMAIL),
            "cid": (str(rng.randint(10000, 999999)), None),
        }
        tags = ["email", f"lang-{lang}", f"setting-{setting}"]
        if "+" in address:
            tags.append("plus-tag")
        if address.isupper():
            tags.append("upper")
        lines.append(fill(Line(*tags), template, values))
    return lines
