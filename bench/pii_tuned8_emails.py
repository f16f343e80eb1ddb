"""Replies with people's email addresses for PII tuned part 8: real top-level domains (generic, new gTLDs,
country codes, subdomains), local parts with dots, plus-tags, hyphens, digits and capitals, in prose, ``Name <addr>``,
quotes, JSON, CSV, HTML, Markdown, signatures, and next to text in scripts written without spaces."""

from __future__ import annotations

import random

from pii_corpus_values import EMAIL, Line, check_labels, templated

FIRST = [
    "olivia",
    "kwame",
    "sofia",
    "haruto",
    "mei",
    "arjun",
    "leila",
    "mateo",
    "ingrid",
    "tomasz",
    "chloe",
    "emeka",
    "yara",
    "pablo",
    "aiko",
    "nadia",
    "finn",
    "zanele",
    "dmitri",
    "isabela",
    "omar",
    "hana",
    "rhys",
    "lucia",
]
LAST = [
    "okafor",
    "lindberg",
    "tanaka",
    "fernandes",
    "kowalski",
    "nguyen",
    "abadi",
    "mcallister",
    "schulz",
    "rossi",
    "haddad",
    "mensah",
    "pereira",
    "ivanova",
    "sato",
    "van-dijk",
    "o-brien",
    "castillo",
    "park",
    "dubois",
]
DOMAINS = {
    "generic": ["gmail.com", "outlook.com", "hotmail.co.uk", "yahoo.com", "icloud.com", "aol.com", "fastmail.com",
                "zoho.com", "hey.com", "pm.me", "mail.com", "live.com"],
    "new_gtld": ["kowalski.photography", "studio-rossi.design", "mensah.consulting", "finn.dev", "haddad.law",
                 "bakery.london", "castillo.tech", "sato.tokyo", "greenleaf.garden", "okafor.ventures"],
    "cctld": ["gmx.at", "web.de", "free.fr", "laposte.net", "libero.it", "yandex.ru", "naver.com", "qq.com",
              "163.com", "rediffmail.com", "uol.com.br", "terra.com.br", "seznam.cz", "o2.pl", "telia.com",
              "xtra.co.nz", "shaw.ca", "btinternet.com", "eircom.net", "mweb.co.za", "yahoo.co.jp", "bluewin.ch",
              "skynet.be", "ziggo.nl", "sapo.pt", "hanmail.net", "daum.net", "wp.pl", "mail.ru", "ukr.net"],
    "subdomain": ["students.ucl.ac.uk", "alumni.stanford.edu", "mail.utoronto.ca", "ug.uchile.cl", "stud.tu-berlin.de",
                  "eng.ox.ac.uk", "live.unimelb.edu.au", "cs.iitb.ac.in", "partners.brightwave.co.uk",
                  "staff.hospital-nord.fr"],
}  # fmt: skip


SHOWN = {"van-dijk": "van Dijk", "o-brien": "O'Brien", "mcallister": "McAllister"}


def local_part(rng: random.Random, first: str, last: str) -> str:
    shape = rng.randrange(10)
    if shape == 0:
        return f"{first}.{last}"
    if shape == 1:
        return f"{first[0]}{last}{rng.randint(1, 99)}"
    if shape == 2:
        return f"{first}.{last}+{rng.choice(['orders', 'bills', 'travel', 'shop', 'news2024', 'school'])}"
    if shape == 3:
        return f"{first}_{last}{rng.randint(1970, 2006)}"
    if shape == 4:
        return f"{first.capitalize()}.{last.capitalize()}"
    if shape == 5:
        return f"{first}-{last}"
    if shape == 6:
        return f"{last}.{first[0]}"
    if shape == 7:
        return f"{first}{rng.randint(100, 9999)}"
    if shape == 8:
        return f"{first.upper()}.{last.upper()}"
    return f"{first}.{rng.choice('abcdefghjkmnprstw')}.{last}"


def person(rng: random.Random, kind: str | None = None) -> tuple[str, str, str]:
    """(address, kind of host, the name the address belongs to)."""
    first, last = rng.choice(FIRST), rng.choice(LAST)
    kind = kind or rng.choice(sorted(DOMAINS))
    name = f"{first.capitalize()} {SHOWN.get(last, last.capitalize())}"
    return f"{local_part(rng, first, last)}@{rng.choice(DOMAINS[kind])}", kind, name


def address(rng: random.Random, kind: str | None = None) -> tuple[str, str]:
    e, kind, _ = person(rng, kind)
    return e, kind


PROSE = [
    ("en", "retail", "I've resent the invoice to {e} - it can take a few minutes to show up."),
    ("en", "bank", "The statement emails go to {e}; do you want to switch them to paper?"),
    ("en", "school", "The admissions letter was emailed to {e} last Friday."),
    ("en", "hr", "Payslips are delivered to {e}, the address {n} gave during onboarding."),
    ("en", "clinic", "We'll email the lab results to {e} once the doctor signs them off."),
    ("en", "real_estate", "The tenancy agreement was shared with {e} for e-signature."),
    ("en", "crm", "Please loop in {e}, he's the one who placed the order."),
    ("en", "crm", "Reply-to for this thread is {e}."),
    ("en", "retail", 'The gift receipt goes to "{e}" as requested.'),
    ("en", "it_helpdesk", "Password reset sent to {e} (expires in 30 min)."),
    ("es", "retail", "Hemos enviado la factura a {e}. Revisa también la carpeta de spam."),
    ("es", "bank", "El correo registrado en la cuenta de {n} es {e}."),
    ("de", "insurance", "Die Police wurde an {e} verschickt."),
    ("de", "crm", "Bitte schreiben Sie {n} direkt an {e}."),
    ("fr", "hotel", "La confirmation de réservation a été envoyée à {e}."),
    ("fr", "government", "Le justificatif sera adressé par courriel à {e}."),
    ("pt", "retail", "A nota fiscal foi enviada para o e-mail {e}."),
    ("it", "utilities", "La bolletta arriva all'indirizzo {e}."),
    ("nl", "crm", "Het e-mailadres van {n} is {e}."),
    ("pl", "retail", "Fakturę wysłaliśmy na adres {e}."),
    ("sv", "hr", "Lönebeskedet skickas till {e}."),
    ("tr", "bank", "Hesap özeti {e} adresine gönderildi."),
    ("ru", "retail", "Чек отправлен на почту {e}."),
    ("hi", "bank", "आपका स्टेटमेंट {e} पर ईमेल कर दिया गया है।"),
    ("id", "retail", "Invoice sudah dikirim ke email {e} ya, Kak."),
    ("vi", "retail", "Hóa đơn đã được gửi tới email {e}."),
    ("ko", "hotel", "예약 확인 메일을 {e} 로 보내 드렸습니다."),
    ("ar", "bank", "تم إرسال كشف الحساب إلى البريد {e}."),
]
NO_SPACE = [
    ("ja", "retail", "領収書を{e}宛てに送信しました。"),
    ("ja", "hotel", "確認メールは{e}に届いております。"),
    ("zh", "retail", "发票已发送至{e},请查收。"),
    ("zh", "crm", "客户邮箱:{e}(已验证)"),
    ("th", "retail", "ส่งใบเสร็จไปที่{e}แล้วค่ะ"),
    ("zh", "school", "錄取通知已寄到{e}。"),
]
STRUCTURED = [
    ("name_addr", "crm", "To: {n} <{e}>"),
    ("name_addr", "crm", 'From: "{n}" <{e}>\nSubject: Re: refund'),
    ("json", "crm", '{{"customer_id": 88213, "name": "{n}", "email": "{e}"}}'),
    ("json", "retail", '{{"billing": {{"email": "{e}", "country": "NZ"}}}}'),
    ("csv", "hr", "employee,email,start_date\n{n},{e},2024-09-02"),
    ("html", "crm", '<a href="mailto:{e}">{n}</a>'),
    ("html", "school", "<li>{n} &lt;{e}&gt;</li>"),
    ("markdown", "crm", "- **{n}** - [{e}](mailto:{e})"),
    ("markdown", "hr", "| {n} | {e} | onboarding |"),
    ("signature", "real_estate", "Kind regards,\n{n}\n{e}"),
    ("quoted", "crm", "> {n} <{e}> wrote:\n> Could you check the delivery date?"),
    ("yaml", "it_helpdesk", "owner:\n  name: {n}\n  email: {e}"),
    ("form", "insurance", "Policyholder: {n}\nE-mail: {e}\nConsent: yes"),
    ("list", "crm", "Both parents are on file: {e} and {e2}."),
    ("list", "school", "CC: {e}; {e2}"),
]


def _line(template: str, rng: random.Random, tags: tuple[str, ...]) -> Line:
    e, kind, name = person(rng)
    e2, _ = address(rng)
    braced = template.replace("{{", "\x00").replace("}}", "\x01")
    line = templated(braced, {"e": (e, EMAIL), "e2": (e2, EMAIL), "n": (name, None)}, *tags, kind)
    line.text = line.text.replace("\x00", "{").replace("\x01", "}")
    check_labels(line)
    return line


def email_rows(rng: random.Random) -> list[Line]:
    out: list[Line] = []
    for _ in range(6):
        for lang, setting, template in PROSE:
            out.append(_line(template, rng, ("email", f"lang-{lang}", f"setting-{setting}", "prose")))
    for _ in range(8):
        for lang, setting, template in NO_SPACE:
            out.append(_line(template, rng, ("email", f"lang-{lang}", f"setting-{setting}", "no_space")))
    for _ in range(6):
        for shape, setting, template in STRUCTURED:
            out.append(_line(template, rng, ("email", "lang-en", f"setting-{setting}", shape)))
    return out
