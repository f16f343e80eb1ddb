"""Replies with people's e-mail addresses for PII tuned part 9: webmail and work addresses on real top-level
domains, with plus-tags, dots, hyphens, digits and capitals, in prose in several languages (also right against
Chinese, Japanese, Thai and Korean text with no space), in headers, JSON, CSV, HTML mailto links, Markdown and
forms. The label is the address only, never ``mailto:``, brackets or quotes."""

from __future__ import annotations

import random

from pii_corpus_values import EMAIL, Line
from pii_tuned9_common import fill

WEBMAIL = [
    "gmail.com", "outlook.com", "hotmail.co.uk", "yahoo.co.jp", "naver.com", "hanmail.net", "qq.com", "163.com",
    "mail.ru", "yandex.ru", "web.de", "gmx.at", "t-online.de", "orange.fr", "free.fr", "laposte.net", "libero.it",
    "virgilio.it", "uol.com.br", "bol.com.br", "rediffmail.com", "yahoo.co.in", "seznam.cz", "wp.pl", "interia.pl",
    "icloud.com", "proton.me", "fastmail.com", "bigpond.com", "xtra.co.nz", "shaw.ca", "comcast.net", "btinternet.com",
    "telenet.be", "ziggo.nl", "bluewin.ch", "yahoo.com.mx", "docomo.ne.jp", "126.com", "mweb.co.za", "sapo.pt",
    "windowslive.com", "ymail.com", "zoho.in", "tutanota.de",
]  # fmt: skip
WORK = [
    "harbourline-freight.co.uk", "kestrel-dental.com.au", "brightwave.io", "müller-bau.de", "casavidal.es",
    "nordlys-energi.no", "tamarind-foods.in", "olivetree-law.ie", "quantaflux.ai", "sakura-denki.co.jp",
    "lumenhealth.org", "riverbend.edu", "cedarpoint-hotels.com", "praxis-weber.at", "atelier-roux.fr",
]  # fmt: skip
GIVEN = ["maria", "jonas", "priya", "kwame", "sofia", "li", "oliver", "fatima", "hiroshi", "ana", "lukas", "nadia"]
FAMILY = ["garcia", "schmidt", "iyer", "mensah", "rossi", "chen", "wright", "haddad", "tanaka", "silva", "o-neill"]


def address(rng: random.Random, domains: list[str] | None = None) -> str:
    g, f = rng.choice(GIVEN), rng.choice(FAMILY)
    shape = rng.randrange(9)
    local = [
        f"{g}.{f}",
        f"{g}_{f}{rng.randint(70, 99)}",
        f"{g[0]}{f}{rng.randint(1, 999)}",
        f"{g}.{f}+{rng.choice(['orders', 'returns', 'bank', 'travel', 'shop'])}",
        f"{g.capitalize()}.{f.capitalize()}",
        f"{g}-{f}",
        f"{f}.{g}.{rng.randint(1, 9)}",
        f"{g}{rng.randint(1980, 2004)}",
        f"{g[0].upper()}{f.upper()}",
    ][shape]
    domain = rng.choice(domains or WEBMAIL)
    if domain == "müller-bau.de":  # people write the ASCII form in most systems
        domain = "mueller-bau.de"
    if rng.random() < 0.08:
        domain = domain.upper()
    return f"{local}@{domain}"


PROSE = [
    ("en", "chat", "I've updated the login for this account to {e} - the old address will stop working tonight."),
    ("en", "chat", "The receipt for your last order was sent to {e}, could you check the spam folder?"),
    ("en", "chat", "Sure, I'll forward the invoice to {e} and copy {e2} as you asked."),
    ("en", "email", "Hi team, the customer wants all future statements at {e}. Thanks!"),
    ("en", "note", "Account holder changed email from {e} to {e2} on 14 May."),
    ("en", "chat", "Your colleague ({e}) has been added as a second admin."),
    ("es", "chat", "Hemos enviado la factura a {e}; si no llega, revisa la carpeta de spam."),
    ("es", "chat", "El correo registrado en tu cuenta es {e}."),
    ("de", "chat", "Die Rechnung geht ab sofort an {e}, wie gewünscht."),
    ("de", "email", "Ihre neue Login-Adresse lautet {e}. Das alte Konto wurde geschlossen."),
    ("fr", "chat", "La confirmation a été envoyée à l'adresse {e} ce matin."),
    ("pt", "chat", "O e-mail cadastrado é {e}, quer que eu altere?"),
    ("it", "chat", "Ho inoltrato la ricevuta all'indirizzo {e}."),
    ("nl", "chat", "We sturen de factuur naar {e}, klopt dat adres nog?"),
    ("pl", "chat", "Potwierdzenie wysłaliśmy na adres {e}."),
    ("hi", "chat", "आपका रजिस्टर्ड ईमेल {e} है, रसीद वहीं भेजी गई है।"),
    ("tr", "chat", "Fatura {e} adresine gönderildi."),
    ("ru", "chat", "Чек отправлен на почту {e}, проверьте папку «Спам»."),
    ("sv", "chat", "Kvittot har skickats till {e}."),
    ("ar", "chat", "تم إرسال الفاتورة إلى البريد {e} بنجاح."),
    ("id", "chat", "Invoice sudah dikirim ke email {e} ya, Kak."),
]
# no space between the address and the text around it
TIGHT = [
    ("zh", "chat", "发票已发送至{e}，请查收。"),
    ("zh", "chat", "客户的邮箱是{e}请尽快回复他。"),
    ("ja", "chat", "領収書を{e}宛てに送信しました。"),
    ("ja", "chat", "登録メールアドレス：{e}（変更済み）"),
    ("th", "chat", "ส่งใบเสร็จไปที่{e}เรียบร้อยแล้วค่ะ"),
    ("ko", "chat", "영수증을 {e}으로 보내드렸습니다."),
    ("zh", "chat", "请把合同发到{e}或{e2}。"),
    ("ja", "note", "担当者：{e}、至急返信お願いします。"),
]
DOCUMENTS = [
    ("header", 'From: "{n}" <{e}>\nTo: orders desk\nSubject: Re: missing item'),
    ("header", "Reply-To: {e}\nCc: {e2}"),
    ("json", '{"user": {"id": 48213, "email": "{e}", "verified": true}}'),
    ("json", '[{"name": "{n}", "contact": "{e}"}, {"name": "second buyer", "contact": "{e2}"}]'),
    ("csv", "name,email,plan\n{n},{e},pro"),
    ("csv", "{n};{e};2024-09-30;active"),
    ("html", '<a href="mailto:{e}">{n}</a>'),
    ("html", "<td>{n}</td><td>{e}</td>"),
    ("markdown", "| Name | Email |\n|---|---|\n| {n} | {e} |"),
    ("markdown", "Forwarding to [{e}](mailto:{e2})"),
    ("form", "Full name: {n}\nEmail address: {e}\nConfirm email: {e2}"),
    ("yaml", "owner:\n  name: {n}\n  email: {e}"),
    ("log", "2024-10-02 11:20:41 INFO password reset requested for {e} from 203.0.113.7"),
    ("vcard", "BEGIN:VCARD\nFN:{n}\nEMAIL;TYPE=HOME:{e}\nEND:VCARD"),
    ("xml", "<customer><email>{e}</email></customer>"),
    ("signature", "Kind regards,\n{n}\n{e}"),
]
NAMES = ["Maria Garcia", "Jonas Schmidt", "Priya Iyer", "Kwame Mensah", "Sofia Rossi", "Li Chen", "Nadia Haddad"]


def email_rows(rng: random.Random) -> list[Line]:
    rows = []
    for i in range(120):
        lang, setting, template = PROSE[i % len(PROSE)]
        domains = WORK if i % 4 == 3 else None
        values = {"e": (address(rng, domains), EMAIL), "e2": (address(rng), EMAIL)}
        rows.append(fill(template, values, "email", f"lang-{lang}", f"setting-{setting}"))
    for i in range(48):
        lang, setting, template = TIGHT[i % len(TIGHT)]
        values = {"e": (address(rng), EMAIL), "e2": (address(rng, WORK), EMAIL)}
        rows.append(fill(template, values, "email", f"lang-{lang}", f"setting-{setting}", "no-space"))
    for i in range(112):
        setting, template = DOCUMENTS[i % len(DOCUMENTS)]
        e = address(rng, WORK if i % 3 == 0 else None)
        # the markdown link and the form repeat the same address
        e2 = e if setting in ("markdown", "form") and "{e2}" in template else address(rng)
        values = {"e": (e, EMAIL), "e2": (e2, EMAIL), "n": (rng.choice(NAMES), None)}
        rows.append(fill(template, values, "email", "lang-en", f"setting-{setting}"))
    return rows
