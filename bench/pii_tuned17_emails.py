"""People's email addresses for the held-out part, in the places a support bot quotes them: signatures, forwarded
headers, CRM exports, JSON, logs, mailto links, HTML, vCards, chat and prose in several languages."""

from __future__ import annotations

import random

from pii_corpus_values import EMAIL, Line
from pii_tuned17_phone_rows import fill

FIRST = [
    "amara", "bjorn", "chiara", "dmitri", "eleni", "farid", "giulia", "hana", "ines", "jakub", "kwame", "leila",
    "mateo", "nadia", "oskar", "priya", "quentin", "rosa", "sanjay", "tamar", "ulla", "viktor", "wen", "ximena",
    "yusuf", "zofia", "aoife", "bongani", "camille", "dara", "emeka", "fatima", "goran", "hiroshi", "ilse",
    "jae-won", "kalani", "lucas", "mei", "nikolai", "olu", "paulo", "rania", "siobhan", "thanh", "uche",
]  # fmt: skip
LAST = [
    "okafor", "lindqvist", "bianchi", "volkov", "papadaki", "haddad", "romano", "sato", "ferreira", "novak",
    "mensah", "karimi", "gonzalez", "petrova", "berg", "raman", "lefevre", "ortega", "iyer", "cohen", "koskinen",
    "horvath", "zhang", "villanueva", "demir", "wisniewska", "obrien", "dlamini", "moreau", "nguyen", "adeyemi",
    "al-sayed", "kovac", "tanaka", "vogel", "park", "kahananui", "silva", "chen", "smirnov", "balogun", "mcbride",
]  # fmt: skip
DOMAINS = [
    "gmail.com", "outlook.com", "hotmail.co.uk", "yahoo.com.br", "icloud.com", "proton.me", "gmx.at", "web.de",
    "orange.fr", "libero.it", "seznam.cz", "o2.pl", "mail.ru", "naver.com", "qq.com", "yahoo.co.jp", "rediffmail.com",
    "bigpond.net.au", "xtra.co.nz", "telkomsa.net", "hey.com", "fastmail.fm", "posteo.de", "zoho.in",
    "kpmg-consult.de", "lindqvist-arkitekter.se", "harbourfreight.co.nz", "uni-wien.ac.at", "ed.ac.uk",
    "mit.edu", "student.unimelb.edu.au", "hospital-sao-lucas.com.br", "bakkerij-devries.nl", "agro-mensah.com.gh",
]  # fmt: skip


def address(rng: random.Random) -> str:
    first, last = rng.choice(FIRST), rng.choice(LAST)
    pattern = rng.randrange(9)
    if pattern == 0:
        local = f"{first}.{last}"
    elif pattern == 1:
        local = f"{first[0]}{last}{rng.randint(1, 99)}"
    elif pattern == 2:
        local = f"{first}.{last}+{rng.choice(['orders', 'shop', 'returns', 'news', 'amzn', 'tax2024'])}"
    elif pattern == 3:
        local = f"{first}-{last}"
    elif pattern == 4:
        local = (
            f"{first}_{last}{rng.choice(['', '.', '_'])}{rng.choice([rng.randint(70, 99), rng.randint(1975, 2004)])}"
        )
    elif pattern == 5:
        local = f"{first}{last[0]}"
    elif pattern == 6:
        local = f"{last}.{first}"
    elif pattern == 7:
        local = f"{first[0]}-{last}"
    else:
        local = f"{first}{rng.randint(1, 9)}{last}"
    value = f"{local}@{rng.choice(DOMAINS)}"
    if rng.random() < 0.12:
        value = value.upper()
    elif rng.random() < 0.1:
        value = value.capitalize()
    return value


# (setting, template); {v} an address, {w} a second one
EMAIL_TEMPLATES: list[tuple[str, str]] = [
    ("signature", "Thanks again for your patience.\n\n--\nKwabena Asante | Procurement\n{v}"),
    (
        "forwarded",
        "---------- Forwarded message ---------\nFrom: Lena Hoffmann <{v}>\nDate: Mon, 4 Nov 2024\n"
        "Subject: Missing item\n\nHi, one box was missing.",
    ),
    ("forwarded", "-----Original Message-----\nFrom: {v}\nSent: Friday, 8 March 2024 16:02\nSubject: RE: invoice"),
    ("crm", "contact_id,full_name,email,segment\n40117,Ana Ferreira,{v},gold"),
    ("crm", '"Id";"Name";"E-mail"\n"7781";"Ruud de Vries";"{v}"'),
    ("json", '{{"customer": {{"id": 55821, "email": "{v}", "marketing_opt_in": false}}}}'),
    ("json", '[{{"role": "owner", "email": "{v}"}}, {{"role": "billing", "email": "{w}"}}]'),
    ("log", "2024-09-30 22:41:07,118 WARN auth.login failed for user={v} ip=10.4.2.17 reason=bad_password"),
    ("log", "mailer: delivered msg-id=5f2a91c0 rcpt={v} status=250"),
    ("mailto", 'You can write to her directly: <a href="mailto:{v}">email Dr. Sato</a>.'),
    ("html", "<tr><td>Account holder</td><td>{v}</td></tr>"),
    ("vcard", "BEGIN:VCARD\nVERSION:4.0\nFN:Giulia Romano\nEMAIL;TYPE=home:{v}\nEND:VCARD"),
    ("chat", "[14:03] customer: can you send it to {v} instead\n[14:03] bot: Sure, the receipt is on its way."),
    ("yaml", "owner:\n  name: Piotr Wiśniewski\n  email: {v}\n  since: 2019-06-01"),
    ("kv", "user_email={v} plan=pro seats=4 trial=false"),
    ("markdown", "| Name | Email |\n|---|---|\n| Tamar Cohen | {v} |"),
    ("xml", "<contact><name>Emeka Balogun</name><email>{v}</email></contact>"),
    ("ini", "[account]\nowner_email = {v}\nregion = eu-west"),
    ("prose", "The order confirmation was sent to {v}; please check the spam folder too."),
    ("prose", "I've changed the login email from {v} to {w} as you asked."),
    ("cc", "I've copied your colleague ({v}) on this thread so she sees the quote."),
    ("es", "Hemos enviado la factura a {v}, revise también la carpeta de correo no deseado."),
    ("de", "Die Bestätigung ging an {v} – bitte prüfen Sie auch den Spam-Ordner."),
    ("fr", "Le lien de réinitialisation a été envoyé à {v}."),
    ("pt", "Enviamos o código de verificação para {v}."),
    ("it", "La ricevuta è stata inviata all'indirizzo {v}."),
    ("nl", "De bevestiging is verstuurd naar {v}."),
    ("pl", "Potwierdzenie wysłaliśmy na adres {v}."),
    ("ja", "確認メールを {v} 宛に再送しました。"),
    ("ko", "영수증을 {v}(으)로 보내드렸습니다."),
    ("zh", "我们已将发票发送至 {v}，请查收。"),
    ("ar", "أرسلنا رابط التفعيل إلى {v}."),
    ("hi", "रसीद {v} पर भेज दी गई है।"),
    ("tr", "Fatura {v} adresine gönderildi."),
    ("sv", "Kvittot har skickats till {v}."),
    ("ru", "Мы отправили чек на адрес {v}."),
]


def email_rows(rng: random.Random) -> list[Line]:
    lines = []
    for i in range(396):
        setting, template = EMAIL_TEMPLATES[i % len(EMAIL_TEMPLATES)]
        values = {"v": (address(rng), EMAIL), "w": (address(rng), EMAIL)}
        lines.append(fill(template, values, "email", f"setting-{setting}"))
    return lines
