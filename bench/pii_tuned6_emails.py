"""People's email addresses for PII tuned part 6: local parts made from names (dots, hyphens, underscores,
digits, plus-tags, capitals) on webmail, country, new gTLD, company and university domains, written in sentences in
several languages and in records: ``Name <addr>``, quotes, JSON, CSV, HTML ``mailto:``, Markdown links, signatures,
mail headers and vCards. Role addresses (support@, info@, noreply@) are left out: they name no person."""

from __future__ import annotations

import random

from pii_corpus_values import EMAIL, Line, check_labels, templated

FIRST = ["maria", "kwame", "svetlana", "hiroshi", "aoife", "rahul", "ingrid", "tomasz", "beatriz", "oluwaseun",
         "mehmet", "linh", "jakob", "fatima", "diego", "eleni", "noah", "anjali", "pieter", "chiara"]  # fmt: skip
LAST = ["okonkwo", "ivanova", "tanaka", "murphy", "iyer", "sorensen", "kowalski", "almeida", "adeyemi", "demir",
        "nguyen", "huber", "haddad", "castillo", "papadakis", "miller", "desai", "devries", "ricci", "lindgren"]  # fmt: skip
DOMAINS = {
    "webmail": ["gmail.com", "outlook.com", "hotmail.com", "yahoo.com", "icloud.com", "proton.me", "aol.com",
                "zoho.com", "fastmail.com", "hey.com", "gmx.net", "mail.com"],
    "country": ["yahoo.co.jp", "hotmail.fr", "libero.it", "t-online.de", "gmx.at", "bluewin.ch", "telenet.be",
                "ziggo.nl", "seznam.cz", "wp.pl", "o2.pl", "mail.ru", "yandex.kz", "abv.bg", "freemail.hu",
                "inbox.lv", "sapo.pt", "uol.com.br", "bol.com.br", "prodigy.net.mx", "bigpond.net.au", "xtra.co.nz",
                "rediffmail.com", "naver.com", "qq.com", "163.com", "otenet.gr", "walla.co.il", "netvigator.com",
                "shaw.ca", "sky.com", "btinternet.com", "eircom.net", "orange.sn", "safaricom.co.ke", "mweb.co.za"],
    "new_gtld": ["ricci.studio", "desai.consulting", "okonkwo.tech", "lindgren.photography", "huber.berlin",
                 "castillo.design", "murphy.london", "tanaka.tokyo", "iyer.dev", "almeida.email", "demir.xyz",
                 "papadakis.art", "nguyen.blog", "haddad.life"],
    "company": ["kowalski-bau.pl", "almeida-advogados.com.br", "sorensen-arkitekter.dk", "devries-logistiek.nl",
                "miller-dental.com", "haddad-trading.ae", "adeyemi-foods.com.ng", "tanaka-kogyo.co.jp",
                "huber-elektro.at", "ricci-ottica.it", "castillo-abogados.cl", "ivanova-studio.ru"],
    "subdomain": ["students.uonbi.ac.ke", "alumni.ox.ac.uk", "mail.utoronto.ca", "student.unimelb.edu.au",
                  "uni-muenster.de", "ug.uchile.cl", "stud.ntnu.no", "mail.mcgill.ca", "cs.tsinghua.edu.cn",
                  "iitb.ac.in", "post.harvard.edu", "my.smccd.edu"],
}  # fmt: skip


def local_part(rng: random.Random, first: str, last: str) -> str:
    style = rng.randrange(12)
    year = str(rng.randint(1958, 2006))
    if style == 0:
        return f"{first}.{last}"
    if style == 1:
        return f"{first[0]}{last}"
    if style == 2:
        return f"{first}_{last}{year[2:]}"
    if style == 3:
        return f"{first}-{last}"
    if style == 4:
        return f"{first}.{last}+{rng.choice(['orders', 'shop', 'travel', 'bank', 'news'])}"
    if style == 5:
        return f"{first}{last}{year}"
    if style == 6:
        return f"{first.capitalize()}.{last.capitalize()}"
    if style == 7:
        return f"{last}.{first[0]}"
    if style == 8:
        return f"{first}{rng.randint(1, 999)}"
    if style == 9:
        return f"{first[0].upper()}{last.upper()}"
    if style == 10:
        return f"{first}.{rng.choice('abcdefghjkmnprstw')}.{last}"
    return f"{first}{last[0]}.{rng.randint(10, 99)}"


def address(rng: random.Random, kind: str) -> tuple[str, str]:
    """(a person's name, their address on a ``kind`` domain)."""
    first, last = rng.choice(FIRST), rng.choice(LAST)
    local = local_part(rng, first, last)
    domain = rng.choice(DOMAINS[kind])
    if rng.random() < 0.04:
        domain = domain.upper()
    return f"{first.capitalize()} {last.capitalize()}", f"{local}@{domain}"


SENTENCES = {
    "en": [
        "The account is registered to {e}; I've sent the reset link there.",
        "{name} asked us to send the invoice to {e} instead.",
        "I found it - the confirmation went to {e} on Monday.",
        "Her contact address on file is {e}.",
        "You can write to him directly at {e}, he handles the returns.",
        "The previous owner's login was {e}, so I've transferred the licence.",
        "Please cc {e} - that's the customer's wife, who placed the order.",
        "We emailed {e} twice but got no reply.",
    ],
    "es": [
        "La cuenta está a nombre de {name}, correo {e}.",
        "Le enviamos el enlace de restablecimiento a {e}.",
        "Su correo electrónico es {e}; confírmalo, por favor.",
    ],
    "de": [
        "Die Rechnung ging an {e}, wie von {name} gewünscht.",
        "Seine E-Mail-Adresse lautet {e}.",
        "Wir haben die Bestätigung an {e} geschickt.",
    ],
    "fr": [
        "L'adresse e-mail de {name} est {e}.",
        "Nous avons envoyé le lien à {e} ce matin.",
        "Vous pouvez lui écrire à {e}.",
    ],
    "pt": ["O e-mail cadastrado é {e}.", "Enviamos o boleto para {e}, conforme {name} pediu."],
    "it": ["L'indirizzo email del cliente è {e}.", "Abbiamo inviato la ricevuta a {e}."],
    "nl": ["Het e-mailadres van {name} is {e}.", "We hebben de factuur naar {e} gestuurd."],
    "pl": ["Adres e-mail klientki to {e}.", "Potwierdzenie wysłaliśmy na {e}."],
    "hi": ["ग्राहक का ईमेल पता {e} है।", "हमने रसीद {e} पर भेज दी है।"],
    "ja": ["お客様のメールアドレスは {e} です。", "確認メールを {e} に送信しました。"],
    "tr": ["Müşterinin e-posta adresi {e}.", "Faturayı {e} adresine gönderdik."],
    "ru": ["Электронная почта клиента: {e}.", "Мы отправили чек на {e}."],
}

# records: (setting, template); {e} the address, {lb}/{rb} braces
RECORDS = [
    ("angle", "From: {name} <{e}>\nSubject: Re: my refund"),
    ("angle", "I've added {name} <{e}> to the shared booking."),
    ("quoted", 'The customer typed "{e}" in the email field.'),
    ("json", '{lb}"name": "{name}", "email": "{e}", "verified": true{rb}'),
    ("csv", "name,email,plan\n{name},{e},Pro"),
    ("html", '<p>Reply to <a href="mailto:{e}">{name}</a> by Friday.</p>'),
    ("html_both", '<a href="mailto:{e}">{e2}</a>'),
    ("md_link", "Write to [{e2}](mailto:{e}) for the signed copy."),
    ("signature", "Kind regards,\n{name}\n{e}"),
    ("table", "| Name | Email |\n|---|---|\n| {name} | {e} |"),
    ("vcard", "BEGIN:VCARD\nVERSION:3.0\nFN:{name}\nEMAIL;TYPE=home:{e}\nEND:VCARD"),
    ("header", "Reply-To: {e}\nTo: billing desk"),
]


def _line(template: str, values: dict[str, tuple[str, str | None]], tags: list[str]) -> Line:
    line = templated(template, values, *tags)
    check_labels(line)
    return line


def email_rows(rng: random.Random) -> list[Line]:
    lines = []
    kinds = list(DOMAINS)
    languages = list(SENTENCES)
    for i in range(230):
        kind = kinds[i % len(kinds)]
        lang = "en" if i % 3 == 0 else languages[i % len(languages)]
        name, e = address(rng, kind)
        values = {"e": (e, EMAIL), "name": (name, None)}
        lines.append(_line(rng.choice(SENTENCES[lang]), values, ["email", kind, f"lang-{lang}", "setting-prose"]))
    for i in range(96):
        setting, template = RECORDS[i % len(RECORDS)]
        kind = kinds[i % len(kinds)]
        name, e = address(rng, kind)
        values = {"e": (e, EMAIL), "e2": (e, EMAIL), "name": (name, None), "lb": ("{", None), "rb": ("}", None)}
        lines.append(_line(template, values, ["email", kind, f"setting-{setting}"]))
    for _ in range(16):  # two people in one reply
        (name, a), (_, b) = address(rng, rng.choice(kinds)), address(rng, rng.choice(kinds))
        values = {"a": (a, EMAIL), "b": (b, EMAIL), "name": (name, None)}
        template = rng.choice(
            [
                "Both owners are on the account: {a} and {b}.",
                "{name} asked to move the notifications from {a} to {b}.",
                "To: {a}\nCc: {b}",
            ]
        )
        lines.append(_line(template, values, ["email", "two", "setting-prose"]))
    return lines
