"""Personal email addresses for the held-out part (bench/make_pii_tuned18.py): people's names from many countries
written the ways mailboxes are named (dots, initials, hyphens, digits, ``+`` tags, upper case), quoted in signatures,
forwarded-mail headers, CRM exports, JSON, logs, mailto: links, HTML, vCards, chat and prose in several languages."""

from __future__ import annotations

import random

from pii_corpus_values import EMAIL, Line
from pii_tuned18_common import an_id, fill

FIRST = [
    "amara", "bjorn", "chiara", "dmitri", "eszter", "farida", "goran", "hiroshi", "ines", "jakub", "kwame", "leilani",
    "mateus", "nadia", "oskar", "priyanka", "quentin", "rania", "sione", "tuan", "ugne", "valentina", "wiremu",
    "xiomara", "yusuf", "zsofia", "aleksandra", "bao", "camille", "deniz", "emeka", "fatou", "gunnar", "hana",
]  # fmt: skip
LAST = [
    "okafor", "lindqvist", "esposito", "volkov", "kovacs", "haddad", "petrovic", "tanaka", "carvalho", "novak",
    "mensah", "kahale", "oliveira", "benali", "nystrom", "raghunathan", "moreau", "khalil", "tuilagi", "nguyen",
    "jankauskaite", "castellanos", "parata", "zelaya", "demir", "szabo", "wisniewska", "tran", "leclerc", "yilmaz",
    "eze", "diop", "sigurdsson", "kim", "garcia-lopez", "van-der-berg", "ohara", "mcallister",
]  # fmt: skip
DOMAINS = [
    "gmail.com", "outlook.com", "hotmail.fr", "yahoo.com.br", "icloud.com", "proton.me", "gmx.at", "web.de",
    "libero.it", "wp.pl", "seznam.cz", "mail.ru", "naver.com", "qq.com", "yahoo.co.jp", "rediffmail.com",
    "orange.fr", "telenet.be", "ziggo.nl", "btinternet.com", "shaw.ca", "bigpond.net.au", "xtra.co.nz",
    "kpmg-advisory.de", "lumen-dental.co.uk", "hausbau-schreiner.ch", "granja-solar.es", "studio-alba.it",
    "mail.uni-wien.ac.at", "student.kuleuven.be", "alumni.uct.ac.za", "cs.ubc.ca", "fastfreight.com.mx",
    "talentbridge.io", "orbit-logistics.sg", "kopi-nusantara.co.id", "safaricom.co.ke", "home.nl",
]  # fmt: skip


def address(rng: random.Random) -> tuple[str, str]:
    """(address, display name) of a person."""
    first, last = rng.choice(FIRST), rng.choice(LAST)
    name = f"{first.title()} {last.replace('-', ' ').title()}"
    style = rng.randrange(10)
    if style == 0:
        local = f"{first}.{last}"
    elif style == 1:
        local = f"{first[0]}.{last}"
    elif style == 2:
        local = f"{first}{last}{rng.randint(1, 99)}"
    elif style == 3:
        local = f"{first}.{last}+{rng.choice(['orders', 'shop', 'bills', 'travel', 'amazon', 'news'])}"
    elif style == 4:
        local = f"{first}_{last}"
    elif style == 5:
        local = f"{first}-{last}"
    elif style == 6:
        local = f"{last}.{first[0]}{rng.randint(1960, 2005)}"
    elif style == 7:
        local = f"{first[0]}{last}"
    elif style == 8:
        local = f"{first}.{last}".upper()
    else:
        local = f"{first}{rng.randint(100, 9999)}"
    domain = rng.choice(DOMAINS)
    value = f"{local}@{domain}"
    if style == 8 or rng.random() < 0.05:
        value = value.upper() if rng.random() < 0.5 else f"{local}@{domain.upper()}"
    return value, name


# (setting, template); {e} and {f} are addresses, {n} and {m} their names, {i} an id
TEMPLATES: list[tuple[str, str, str]] = [
    ("signature", "en", "Best regards,\n{n}\nProcurement lead\n{e} | Mon-Thu"),
    ("signature", "de", "Mit freundlichen Grüßen\n{n}\nE-Mail: {e}"),
    ("forwarded", "en", "---------- Forwarded message ---------\nFrom: {n} <{e}>\nDate: Tue, 4 Mar 2025 at 09:12\n"
     "Subject: Re: {i}\nTo: {m} <{f}>"),
    ("forwarded", "fr", "-------- Message transféré --------\nDe : {n} <{e}>\nObjet : Commande {i}"),
    ("headers", "en", "Reply-To: {e}\nCc: {f}\nX-Ticket: {i}"),
    ("crm-csv", "en", "contact_id,full_name,email,owner\n{i},{n},{e},{f}"),
    ("json", "en", '{"id": "{i}", "name": "{n}", "email": "{e}", "marketing_opt_in": false}'),
    ("log", "en", "2025-04-17 08:31:55,102 INFO auth.reset user={e} ticket={i} ip=redacted"),
    ("log", "en", "level=warn msg=\"bounce\" rcpt=<{e}> code=550 ref={i}"),
    ("mailto", "en", "Can you forward this to <a href=\"mailto:{e}\">{n}</a> before Friday?"),
    ("html", "en", "<td class=\"cust-email\">{e}</td><td>{i}</td>"),
    ("vcard", "en", "BEGIN:VCARD\nVERSION:4.0\nFN:{n}\nEMAIL;TYPE=home:{e}\nEND:VCARD"),
    ("chat", "en", "[14:02] {n}: it should go to {e}, not my work one\n[14:03] Bot: Updated for {i}."),
    ("yaml", "en", "customer:\n  name: {n}\n  email: {e}\n  secondary_email: {f}"),
    ("markdown", "en", "| Name | Email |\n|---|---|\n| {n} | {e} |\n| {m} | {f} |"),
    ("kv", "en", "name=\"{n}\" email={e} plan=family"),
    ("xml", "en", "<Guest><Name>{n}</Name><Email>{e}</Email><Booking>{i}</Booking></Guest>"),
    ("prose", "en", "I've changed the login on {i} from {f} to {e} as {n} asked."),
    ("prose", "es", "Hemos enviado la factura {i} a {e}; si no la ve, revise la carpeta de spam."),
    ("prose", "pt", "O e-mail cadastrado na conta é {e}. Quer que eu altere?"),
    ("prose", "it", "Il biglietto {i} è stato inviato a {e}."),
    ("prose", "nl", "De bevestiging is verstuurd naar {e}."),
    ("prose", "pl", "Potwierdzenie zamówienia {i} wysłaliśmy na adres {e}."),
    ("prose", "ja", "確認メールを{e}宛に再送しました。"),
    ("prose", "zh", "我们已将发票发送至{e}，请查收。"),
    ("prose", "ko", "영수증을 {e}(으)로 다시 보내드렸습니다."),
    ("prose", "tr", "Şifre sıfırlama bağlantısı {e} adresine gönderildi."),
    ("prose", "ru", "Письмо с подтверждением отправлено на {e}."),
    ("prose", "ar", "تم إرسال رابط التفعيل إلى {e}."),
    ("prose", "hi", "आपकी रसीद {e} पर भेज दी गई है।"),
    ("prose", "id", "Tiket {i} sudah dikirim ke email {e}."),
    ("prose", "sv", "Kvittot skickades till {e} i morse."),
    ("sms", "en", "Hi {n}, your e-ticket {i} was sent to {e}. Reply STOP to opt out."),
    ("form", "en", "First name: {n}\nEmail address*: {e}\nConfirm email*: {e2}"),
]  # fmt: skip


def email_rows(rng: random.Random) -> list[Line]:
    rows = []
    for k in range(360):
        setting, lang, template = TEMPLATES[k % len(TEMPLATES)]
        e, n = address(rng)
        f, m = address(rng)
        values = {
            "e": (e, EMAIL),
            "e2": (e, EMAIL),
            "f": (f, EMAIL),
            "n": (n, None),
            "m": (m, None),
            "i": (an_id(rng), None),
        }
        rows.append(fill(template, values, "email", f"setting-{setting}", f"lang-{lang}"))
    return rows
