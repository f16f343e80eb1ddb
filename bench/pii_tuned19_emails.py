"""People's email addresses in the held-out part: built from names the way people pick them (dots, underscores,
hyphens, initials, digits, ``+`` tags, upper case), on webmail, company, university and country domains, quoted in
signatures, forwarded headers, CRM exports, JSON, logs, mailto links, HTML, vCards, chats and prose."""

from __future__ import annotations

import random

from pii_corpus_values import EMAIL, Line

FIRST = ["amelia", "rohan", "sofia", "tomasz", "yuki", "chidi", "ines", "mateus", "freya", "hamid", "lena", "oskar",
         "priya", "diego", "zanele", "mei", "kofi", "astrid", "nikolai", "valentina", "jae-won", "anne-sophie",
         "bilal", "olga", "ravi", "marisol", "tuan", "siobhan", "emre", "fatima", "lucas", "ngozi"]  # fmt: skip
LAST = ["okafor", "lindqvist", "ferreira", "kowalczyk", "tanaka", "haddad", "muller", "santos", "oconnell", "nguyen",
        "patel", "garcia-lopez", "van-dijk", "rossi", "ivanova", "mensah", "berg", "kaur", "dubois", "yilmaz",
        "abubakar", "novak", "schmidt", "moreno", "sato", "odhiambo", "papadopoulos", "horvath"]  # fmt: skip
DOMAINS = ["gmail.com", "outlook.com", "hotmail.co.uk", "yahoo.com.br", "icloud.com", "proton.me", "gmx.at", "web.de",
           "orange.fr", "libero.it", "naver.com", "qq.com", "mail.ru", "seznam.cz", "wp.pl", "ziggo.nl",
           "btinternet.com", "bigpond.net.au", "rediffmail.com", "uol.com.br", "telenet.be", "fastmail.fm",
           "hey.com", "student.uva.nl", "alumni.ethz.ch", "ed.ac.uk", "mail.utoronto.ca", "kth.se",
           "brightwave-logistics.com", "hollandfarms.nl", "kerrigan-law.ie", "atelier-morel.fr", "sunbeam.co.za",
           "tarakan-foods.co.id", "mx.grupo-solano.mx", "eng.nordfjord-energy.no", "clinic-aurora.com.ar"]  # fmt: skip
TAGS = ["orders", "amazon", "bank", "2024", "returns", "news", "shop"]


def person_email(rng: random.Random, f: str = "", last: str = "") -> tuple[str, str]:
    """(style tag, address) of a person, from their first and last name when given."""
    f, last = f or rng.choice(FIRST), last or rng.choice(LAST)
    style = rng.choice(["dot", "initial", "underscore", "digits", "plus", "upper", "hyphen", "plain", "mixed-case"])
    if style == "dot":
        local = f"{f}.{last}"
    elif style == "initial":
        local = f"{f[0]}{last}"
    elif style == "underscore":
        local = f"{f}_{last}"
    elif style == "digits":
        local = f"{f}{last[:3]}{rng.choice(['84', '1991', '07', '2003', '77'])}"
    elif style == "plus":
        local = f"{f}.{last}+{rng.choice(TAGS)}"
    elif style == "upper":
        local = f"{f}.{last}".upper()
    elif style == "hyphen":
        local = f"{f}-{last}" if "-" not in f + last else f"{f}.{last}"
    elif style == "mixed-case":
        local = f"{f.title()}.{last.title()}"
    else:
        local = f"{f}{last}"
    domain = rng.choice(DOMAINS)
    if style == "upper" and rng.random() < 0.5:
        domain = domain.upper()
    return style, f"{local}@{domain}"


PROSE = [
    ("en", "I've resent the invoice to {e} - can you check the spam folder?"),
    ("en", "The account owner is listed as {e}; I can only discuss it with them."),
    ("es", "Le enviamos la factura a {e} hace una hora."),
    ("fr", "Le lien de réinitialisation a été envoyé à {e}."),
    ("de", "Die Bestätigung ging an {e}, bitte prüfen Sie auch den Spam-Ordner."),
    ("pt", "O recibo foi enviado para {e}."),
    ("it", "Abbiamo inviato la ricevuta a {e}."),
    ("nl", "De bevestiging is verstuurd naar {e}."),
    ("pl", "Potwierdzenie wysłaliśmy na adres {e}."),
    ("ja", "確認メールを{e}宛てに再送しました。"),
    ("ko", "영수증을 {e}(으)로 보내드렸습니다."),
    ("zh", "发票已发送至{e}，请查收。"),
    ("ru", "Чек отправлен на {e}."),
    ("tr", "Fatura {e} adresine gönderildi."),
    ("hi", "रसीद {e} पर भेज दी गई है।"),
    ("ar", "أرسلنا الفاتورة إلى {e}."),
    ("vi", "Hóa đơn đã được gửi tới {e}."),
    ("sv", "Kvittot har skickats till {e}."),
    ("id", "Struk sudah kami kirim ke {e}."),
    ("sw", "Tumetuma risiti kwa {e}."),
]


def _one(rng: random.Random, s: int, line: Line, e: str, name: str) -> str:
    if s == 0:
        line.add(f"Thanks,\n{name}\nCustomer since 2019\n").add(e, EMAIL).add("\n")
        return "signature"
    if s == 1:
        line.add(f"---------- Forwarded message ---------\nFrom: {name} <").add(e, EMAIL)
        line.add(f">\nDate: Tue, {rng.randrange(1, 28)} May 2026 09:1{rng.randrange(10)}\nSubject: Re: refund\n")
        return "forwarded-header"
    if s == 2:
        line.add("contact_id,full_name,email,stage\n").add(f"{rng.randrange(100000, 999999)},{name},")
        line.add(e, EMAIL).add(",customer")
        return "crm-csv"
    if s == 3:
        line.add(f'{{"name": "{name}", "email": "').add(e, EMAIL).add('", "opt_in": true}')
        return "json"
    if s == 4:
        line.add(f"2026-04-0{rng.randrange(1, 10)} 12:0{rng.randrange(10)}:33 WARN bounce recipient=<")
        line.add(e, EMAIL).add("> code=552")
        return "log"
    if s == 5:
        line.add('<a href="mailto:').add(e, EMAIL).add(f'">{name}</a>')
        return "mailto"
    if s == 6:
        line.add("<tr><td>Email</td><td>").add(e, EMAIL).add("</td></tr>")
        return "html"
    if s == 7:
        line.add(f"BEGIN:VCARD\nVERSION:4.0\nFN:{name}\nEMAIL;TYPE=home:").add(e, EMAIL).add("\nEND:VCARD")
        return "vcard"
    if s == 8:
        line.add("[14:02] customer: can u send it to ").add(e, EMAIL).add(" instead\n[14:03] agent: done!")
        return "chat"
    if s == 9:
        line.add("To: ").add(e, EMAIL).add(f"\nSubject: Your return RMA-{rng.randrange(10000, 99999)}\n")
        return "email-header"
    if s == 10:
        line.add("| Name | Email |\n|---|---|\n| " + name + " | ").add(e, EMAIL).add(" |")
        return "markdown"
    if s == 11:
        line.add("user.email = ").add(e, EMAIL).add("\nuser.locale = en_GB")
        return "ini"
    lang, template = rng.choice(PROSE)
    before, _, after = template.partition("{e}")
    line.add(before).add(e, EMAIL).add(after)
    line.tags.append(f"lang-{lang}")
    return "prose"


def email_rows(rng: random.Random) -> list[Line]:
    rows = []
    for i in range(390):
        first, last = rng.choice(FIRST), rng.choice(LAST)
        style, e = person_email(rng, first, last)
        name = first.title() + " " + last.replace("-", " ").title().replace(" ", "-")
        line = Line("email", style)
        setting = _one(rng, i % 13, line, e, name)
        line.tags.append(f"setting-{setting}")
        if i % 10 == 0:  # a second person's address in the same reply
            style2, e2 = person_email(rng)
            line.add("\nAlso on the account: ").add(e2, EMAIL).add(".")
            line.tags.append("two")
        rows.append(line)
    return rows
