"""Email rows of PII tuned part 7: people's addresses (never a role address such as support@) on generic,
new and country-code TLDs and on subdomains, with dots, plus-tags, hyphens, digits and capitals, in prose in many
languages, in ``Name <addr>`` headers, quotes, JSON, CSV, HTML, Markdown and signatures, and right next to Japanese,
Chinese, Thai and Korean text written without spaces."""

from __future__ import annotations

import random

from pii_corpus_values import EMAIL, check_labels, templated
from pii_tuned7_phone_rows import slot_line

FIRST = ["amelia", "noah", "chloe", "mateo", "ingrid", "kwame", "yuki", "arjun", "fatima", "lars", "sofia", "dmitri"]
FIRST += ["nadia", "tomasz", "isabel", "hiroshi", "thandiwe", "olu", "camille", "piotr", "linh", "gabriel", "mei"]
LAST = ["hartley", "okonkwo", "lindqvist", "ferreira", "nakamura", "rao", "haddad", "novak", "dubois", "kowalczyk"]
LAST += ["mbeki", "castillo", "andersen", "tanaka", "nguyen", "o-brien", "vasquez", "schneider", "kaur", "sato"]

DOMAINS = {
    "webmail": ["gmail.com", "outlook.com", "hotmail.co.uk", "yahoo.com.br", "icloud.com", "proton.me", "aol.com"]
    + ["fastmail.com", "zoho.com", "hey.com", "me.com", "live.fr", "msn.com"],
    "isp": ["web.de", "gmx.at", "t-online.de", "free.fr", "orange.fr", "libero.it", "virgilio.it", "seznam.cz"]
    + ["wp.pl", "o2.pl", "comcast.net", "shaw.ca", "bigpond.com", "xtra.co.nz", "telenet.be", "ziggo.nl"],
    "asia": ["naver.com", "daum.net", "qq.com", "163.com", "126.com", "docomo.ne.jp", "yahoo.co.jp", "rediffmail.com"]
    + ["yandex.ru", "mail.ru", "ukr.net"],
    "cctld": ["ferreira-advogados.com.br", "kleinbau.de", "studio-marin.fr", "hartley-law.co.uk", "tanaka-shoji.co.jp"]
    + ["moyo-logistics.co.ke", "lumen-arquitectos.com.mx", "bayside-dental.com.au", "nordfjord.no", "andesmin.cl"]
    + ["pixelworks.co.za", "kaur-associates.co.in", "harbourview.com.sg", "alpenhof.at", "verdi-design.it"],
    "new_tld": ["marta.photography", "brightside.agency", "northpeak.studio", "kettle.dev", "olive.london"]
    + ["spree.berlin", "kitsune.tokyo", "greenleaf.xyz", "atlas.consulting", "mira.design", "loop.team"],
    "subdomain": ["mail.uni-koeln.de", "students.uonbi.ac.ke", "eng.ox.ac.uk", "alumni.stanford.edu", "cs.ubc.ca"]
    + ["med.kyoto-u.ac.jp", "uk.ey-partners.com", "eu.hartwell-group.com", "research.tsinghua.edu.cn"],
}


def local_part(rng: random.Random) -> str:
    first, last = rng.choice(FIRST), rng.choice(LAST)
    shape = rng.randrange(10)
    if shape == 0:
        return f"{first}.{last}"
    if shape == 1:
        return f"{first[0]}{last}{rng.randint(1, 99)}"
    if shape == 2:
        return f"{first}.{last}+{rng.choice(['orders', 'travel', 'bank', 'school', 'returns', 'newsletter'])}"
    if shape == 3:
        return f"{first}_{last}"
    if shape == 4:
        return f"{first}-{last}"
    if shape == 5:
        return f"{first.capitalize()}.{last.capitalize()}"
    if shape == 6:
        return f"{first}{rng.randint(1970, 2006)}"
    if shape == 7:
        return f"{first[0]}.{last}"
    if shape == 8:
        return f"{last}.{first}.{rng.randint(2, 9)}"
    return f"{first}{last[0]}"


def address(rng: random.Random, kind: str | None = None) -> str:
    domain = rng.choice(DOMAINS[kind or rng.choice(sorted(DOMAINS))])
    value = f"{local_part(rng)}@{domain}"
    return value.upper() if rng.random() < 0.04 else value


PROSE = {
    "en": [
        "I've changed the login email on your account to {e}; the confirmation link is on its way.",
        "The invoice was sent to {e} on Friday - could you check the spam folder?",
        "Your manager, {n}, asked us to copy {e} on every update.",
        "Account holder: {n} ({e}), joined in 2021.",
        "We couldn't deliver to {e}. Is there another address we should use?",
        "The booking confirmation went to '{e}', which is what the guest entered.",
        "{e} is the address the school has on file for the parent.",
    ],
    "es": ["Hemos enviado la factura a {e}.", "El correo electrónico del titular es {e}."],
    "fr": ["Le devis a été envoyé à l'adresse {e}.", "Votre adresse e-mail est désormais {e}."],
    "de": ["Die Bestätigung ging an {e}.", "Ihre E-Mail-Adresse wurde auf {e} geändert."],
    "pt": ["Enviamos o boleto para o e-mail {e}.", "O e-mail cadastrado é {e}."],
    "it": ["Abbiamo inviato la ricevuta a {e}.", "L'indirizzo email del cliente è {e}."],
    "hi": ["आपका ईमेल पता {e} है।", "रसीद {e} पर भेज दी गई है।"],
    "nl": ["De factuur is verstuurd naar {e}.", "Uw e-mailadres is gewijzigd in {e}."],
    "pl": ["Potwierdzenie wysłaliśmy na adres {e}."],
    "tr": ["Fatura {e} adresine gönderildi."],
    "ru": ["Мы отправили чек на адрес {e}."],
    "ar": ["تم إرسال الفاتورة إلى البريد الإلكتروني {e}."],
    "sv": ["Kvittot skickades till {e}."],
    "id": ["Bukti pembayaran sudah dikirim ke {e}."],
    "vi": ["Hóa đơn đã được gửi tới email {e}."],
}

# addresses next to text written without spaces
NO_SPACE = {
    "ja": ["ご登録のメールアドレスは{e}です。", "確認メールを{e}に送信しました。", "連絡先：{e}（田中様）"],
    "zh": ["您的邮箱是{e}，请查收验证邮件。", "发票已发送至{e}。", "联系人邮箱：{e}"],
    "th": ["อีเมลของลูกค้าคือ{e}ค่ะ", "ส่งใบเสร็จไปที่{e}แล้วครับ"],
    "ko": ["등록된 이메일은 {e}입니다.", "영수증을{e}으로 보내드렸습니다.", "이메일:{e}"],
}

STRUCTURED = [
    ("header", "From: [[n]] <[[e]]>\nSubject: Re: refund for order [[num]]"),
    ("header", 'To: "[[n]]" <[[e]]>, [[n2]] <[[e2]]>'),
    ("json", '{"user": {"display_name": "[[n]]", "email": "[[e]]", "verified": true}}'),
    ("json", '{"attendees":["[[e]]","[[e2]]"]}'),
    ("csv", "name,email,plan\n[[n]],[[e]],premium\n[[n2]],[[e2]],basic"),
    ("html", '<p>Contact: <a href="mailto:[[e]]">[[e]]</a></p>'),
    ("markdown", "- **Owner:** [[n]] ([[e]])\n- **Backup:** [[e2]]"),
    ("markdown", "Send the signed form to [[[e]]](mailto:[[e]])."),
    ("signature", "Best regards,\n[[n]]\nSenior Buyer\n[[e]]"),
    ("yaml", "owner:\n  name: [[n]]\n  email: [[e]]"),
    ("quote", 'The customer wrote: "please use [[e]] from now on".'),
    ("log", "password reset requested for [[e]] from the mobile app"),
]

NAMES = ["Amelia Hartley", "Kwame Mensah", "Ingrid Lindqvist", "Arjun Rao", "Fatima Haddad", "Camille Dubois"]
NAMES += ["Piotr Kowalczyk", "Linh Nguyen", "Mateo Castillo", "Yuki Tanaka"]


def email_rows(rng: random.Random) -> list:
    rows = []
    kinds = sorted(DOMAINS)
    for i in range(150):
        lang = "en" if i % 3 == 0 else sorted(PROSE)[i % len(PROSE)]
        kind = kinds[i % len(kinds)]
        template = rng.choice(PROSE[lang])
        values = {"e": (address(rng, kind), EMAIL), "n": (rng.choice(NAMES), None)}
        rows.append(templated(template, values, "email", f"lang-{lang}", f"domain-{kind}", "form-prose"))
    for i in range(50):
        lang = sorted(NO_SPACE)[i % len(NO_SPACE)]
        kind = rng.choice(["asia", "webmail", "cctld", "subdomain"])
        values = {"e": (address(rng, kind), EMAIL)}
        rows.append(templated(rng.choice(NO_SPACE[lang]), values, "email", f"lang-{lang}", "no-spaces"))
    for i in range(84):
        form, template = STRUCTURED[i % len(STRUCTURED)]
        e = address(rng)
        values = {
            "e": (e, EMAIL),
            "e2": (address(rng), EMAIL),
            "n": (rng.choice(NAMES), None),
            "n2": (rng.choice(NAMES), None),
            "num": (str(rng.randint(10**7, 10**8)), None),
        }
        rows.append(slot_line(template, values, "email", "lang-en", f"form-{form}"))
    for row in rows:
        check_labels(row)
    return rows
