"""Email replies of the held-out part (bench/make_pii_tuned21.py): addresses of people (not role accounts), some with
``+`` tags, upper case, hyphens and digits, in signatures, forwarded headers, CRM exports, JSON, logs, mailto: links,
HTML, vCards, chat and prose in several languages."""

from __future__ import annotations

import random

from pii_corpus_values import EMAIL, Line
from pii_tuned21_phone_rows import NAMES, reference

FIRST = [
    "amara", "bogdan", "chiara", "dmitri", "esra", "farid", "gwen", "hiroshi", "ines", "jonas", "kalani", "leila",
    "mateus", "nadia", "oisin", "priya", "quang", "rania", "sven", "tamar", "uchenna", "valeria", "wiremu", "ximena",
    "yusuf", "zofia", "aroha", "bilal", "catalina", "dara", "eero", "fatou", "goran", "hana", "ilse", "jaewon",
    "kwame", "lucia", "marek", "nkechi", "olga", "pedro", "rosa", "sanjay", "thandiwe", "ursula", "vikram", "wen",
]  # fmt: skip
LAST = [
    "okonkwo", "petrovic", "ricci", "volkov", "yilmaz", "haddad", "morgan", "tanaka", "ferreira", "lindqvist",
    "kahananui", "mansour", "oliveira", "benali", "nimurchu", "raghavan", "nguyen", "khalil", "andersen", "cohen",
    "eze", "castillo", "tepania", "ramirez", "demir", "kowalska", "ngata", "qureshi", "restrepo", "mulligan",
    "virtanen", "diallo", "jovanovic", "novak", "brandt", "park", "mensah", "moreno", "dvorak", "adeyemi",
    "sokolova", "almeida", "santos", "iyer", "dlamini", "weber", "menon", "zhao", "van-dijk", "ocampo",
]  # fmt: skip
DOMAINS = [
    "gmail.com", "outlook.com", "hotmail.co.uk", "yahoo.com.br", "icloud.com", "proton.me", "gmx.at", "web.de",
    "orange.fr", "libero.it", "seznam.cz", "wp.pl", "mail.ru", "naver.com", "qq.com", "yahoo.co.jp", "rediffmail.com",
    "bluewin.ch", "telenet.be", "ziggo.nl", "sapo.pt", "abv.bg", "freemail.hu", "inbox.lv", "fastmail.fm",
    "kpn-mail.nl", "btinternet.com", "shaw.ca", "optusnet.com.au", "xtra.co.nz", "mweb.co.za", "yandex.kz",
    "northwind-logistics.com", "bergstrom-bau.de", "studio-lumen.io", "kaffee-haus.at", "agro-sul.com.br",
    "eng.tu-dresden.de", "med.uni-wien.ac.at", "alumni.ucl.ac.uk", "mail.harborview.org", "crm.fjordline.no",
]  # fmt: skip


def address(rng: random.Random) -> str:
    """A person's address in one of the shapes people pick."""
    f, last = rng.choice(FIRST), rng.choice(LAST)
    shape = rng.randrange(11)
    local = [
        f"{f}.{last}",
        f"{f[0]}.{last}",
        f"{f}_{last}{rng.randint(1, 99)}",
        f"{f}{last}+{rng.choice(['orders', 'shop', 'returns', 'bank', 'travel', 'news'])}",
        f"{f}-{last}",
        f"{last}.{f}{rng.randint(70, 99)}",
        f"{f}.{last}+{rng.randint(2, 9)}",
        f"{f[0]}{last}{rng.randint(100, 999)}",
        f"{f.capitalize()}.{last.capitalize()}",
        f"{f}.{last}".upper(),
        f"{f}{rng.randint(1980, 2006)}",
    ][shape]
    domain = rng.choice(DOMAINS)
    if shape == 9 and rng.random() < 0.6:
        domain = domain.upper()
    return f"{local}@{domain}"


# templates with {a} (and maybe {b}) for addresses; {n} a name, {id} a ticket, {h}/{m} a time
TEMPLATES = [
    ("signature", "en", "Best regards,\n{n}\nAccounts Payable Clerk\n{a}\nSent from my iPhone"),
    ("signature", "de", "Mit freundlichen Grüßen\n{n}\nE-Mail: {a}"),
    ("signature", "fr", "Cordialement,\n{n} — {a}"),
    ("forward", "en", "---------- Forwarded message ---------\nFrom: {n} <{a}>\nDate: Tue, 3 Mar 2026 at 14:{m}\n"
     "Subject: Re: ticket {id}\nTo: support"),
    ("forward", "en", "-----Original Message-----\nFrom: {n} [mailto:{a}]\nSent: Friday, {h}:{m}\nCc: {b}"),
    ("forward", "es", "---------- Mensaje reenviado ---------\nDe: {n} <{a}>\nAsunto: pedido {id}"),
    ("header", "en", "Reply-To: {a}\nX-Ticket: {id}\nX-Priority: 3"),
    ("crm", "en", "contact_id,full_name,email,stage\n{id},{n},{a},won"),
    ("crm", "en", "Id;Name;E-mail;Owner\n{id};{n};{a};{b}"),
    ("json", "en", '{lb}"ticket": "{id}", "requester": {lb}"name": "{n}", "email": "{a}"{rb}{rb}'),
    ("json", "en", '[{lb}"email":"{a}","verified":true{rb},{lb}"email":"{b}","verified":false{rb}]'),
    ("log", "en", "2026-02-{h}T{h}:{m}:41.210Z WARN auth.login failed user={a} attempts=3 ticket={id}"),
    ("log", "en", "[mailer] queued id={id} to=<{a}> status=deferred (451 4.7.1)"),
    ("mailto", "en", '<a href="mailto:{a}?subject=Order%20{id}">Email {n}</a>'),
    ("html", "en", "<tr><td>{n}</td><td>{a}</td><td>{id}</td></tr>"),
    ("vcard", "en", "BEGIN:VCARD\nVERSION:4.0\nFN:{n}\nEMAIL;TYPE=home:{a}\nEND:VCARD"),
    ("chat", "en", "[{h}:{m}] {n}: you can send the invoice to {a}\n[{h}:{m}] bot: done, ticket {id}"),
    ("chat", "pt", "[{h}:{m}] cliente: manda o boleto pro {a} por favor"),
    ("yaml", "en", "owner:\n  name: {n}\n  email: {a}\n  ticket: {id}"),
    ("markdown", "en", "| Customer | Email | Ticket |\n|---|---|---|\n| {n} | {a} | {id} |"),
    ("xml", "en", "<customer id=\"{id}\"><name>{n}</name><email>{a}</email></customer>"),
    ("kv", "en", "name=\"{n}\" email={a} ticket={id} locale=en_GB"),
    ("ini", "en", "[owner]\nname = {n}\nemail = {a}"),
    ("form", "en", "Full name: {n}\nE-mail address: {a}\nConfirm e-mail: {a}"),
    ("prose", "en", "I've updated the login for ticket {id}; the new address is {a}, and {b} stays as backup."),
    ("prose", "es", "La factura {id} se envió a {a}; si no la ve, revise la carpeta de spam."),
    ("prose", "fr", "Le code de vérification a été envoyé à {a} il y a deux minutes."),
    ("prose", "de", "Wir haben die Rechnung an {a} geschickt, wie von {n} gewünscht."),
    ("prose", "it", "Abbiamo inviato la conferma a {a}; controlli anche lo spam."),
    ("prose", "pt", "O comprovante foi enviado para {a} e para {b}."),
    ("prose", "nl", "De bevestiging is naar {a} gestuurd."),
    ("prose", "pl", "Potwierdzenie wysłaliśmy na adres {a}."),
    ("prose", "tr", "Fatura {a} adresine gönderildi."),
    ("prose", "ja", "確認メールを{a}に送信しました。"),
    ("prose", "zh", "我们已将发票发送至{a}，请查收。"),
    ("prose", "ko", "영수증을 {a}(으)로 보내드렸습니다."),
    ("prose", "ru", "Письмо с подтверждением отправлено на {a}."),
    ("prose", "ar", "تم إرسال الفاتورة إلى {a}."),
    ("prose", "hi", "रसीद {a} पर भेज दी गई है।"),
    ("prose", "sv", "Kvittot har skickats till {a}."),
    ("sms", "en", "Reply from +{h}: pls use {a} instead, the old one is closed"),
]  # fmt: skip


def _fill(rng: random.Random, template: str) -> Line:
    slots = {
        "n": (rng.choice(NAMES) + " " + rng.choice(LAST).capitalize(), None),
        "id": (reference(rng).replace(" ", "").replace("/", "-").lstrip("#"), None),
        "h": (f"{rng.randint(10, 23)}", None),
        "m": (f"{rng.randint(10, 59)}", None),
        "lb": ("{", None),
        "rb": ("}", None),
        "a": (address(rng), EMAIL),
        "b": (address(rng), EMAIL),
    }
    line = Line()
    rest = template
    while "{" in rest:
        before, _, after = rest.partition("{")
        name, _, rest = after.partition("}")
        line.add(before)
        text, entity = slots[name]
        line.add(text, entity)
    line.add(rest)
    return line


def email_rows(rng: random.Random, count: int) -> list[Line]:
    rows = []
    for i in range(count):
        setting, lang, template = TEMPLATES[i % len(TEMPLATES)]
        line = _fill(rng, template)
        line.tags = ["email", f"setting-{setting}", f"lang-{lang}", "person"]
        rows.append(line)
    return rows
