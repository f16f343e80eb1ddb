"""Replies with people's email addresses for PII tuned part 10: addresses built from a person's name (dots,
hyphens, underscores, digits, plus-tags, upper case) on real mail providers' and firms' domains, in sentences in many
languages, in mail headers, mailto links and in documents."""

from __future__ import annotations

import random
import unicodedata

from pii_corpus_values import EMAIL, Line, check_labels  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned10_docs import FORMATS, NAMES, render, vcard  # noqa: E402

PROVIDERS = [
    "gmail.com", "googlemail.com", "outlook.com", "hotmail.com", "hotmail.fr", "live.co.uk", "yahoo.com",
    "yahoo.co.jp", "yahoo.com.br", "icloud.com", "me.com", "proton.me", "protonmail.ch", "fastmail.fm", "zoho.com",
    "aol.com", "gmx.de", "gmx.at", "web.de", "t-online.de", "freenet.de", "orange.fr", "free.fr", "laposte.net",
    "sfr.fr", "libero.it", "virgilio.it", "tiscali.it", "telenet.be", "skynet.be", "ziggo.nl", "kpnmail.nl",
    "bluewin.ch", "seznam.cz", "centrum.cz", "wp.pl", "o2.pl", "interia.pl", "onet.pl", "mail.ru", "yandex.ru",
    "ukr.net", "abv.bg", "freemail.hu", "qq.com", "163.com", "126.com", "naver.com", "daum.net", "hanmail.net",
    "rediffmail.com", "uol.com.br", "bol.com.br", "terra.com.br", "btinternet.com", "sky.com", "virginmedia.com",
    "bigpond.com", "optusnet.com.au", "xtra.co.nz", "shaw.ca", "sympatico.ca", "comcast.net", "verizon.net",
    "att.net", "prodigy.net.mx", "telkomsa.net", "eircom.net", "sapo.pt", "netcabo.pt", "inbox.lv", "op.pl",
]  # fmt: skip
FIRMS = [
    "halvorsen-bygg.no", "ferraz-advogados.com.br", "kleinmann-logistik.de", "atelier-marchal.fr", "studio-greco.it",
    "okeke-partners.ng", "tanabe-design.jp", "lindholm.se", "pfeiffer-immobilien.at", "villalobos.mx",
    "mensah-consulting.com.gh", "wisniewska-kancelaria.pl", "demir-insaat.com.tr", "haddad-law.ae", "raman.in",
    "brightwater-dental.co.uk", "northfield-accounting.com", "kestrel-analytics.io", "bluegum-vet.com.au",
    "carvalho-arquitetos.pt", "jansen-installatie.nl", "qureshi-textiles.pk", "njoroge.co.ke", "taufa-fisheries.to",
]  # fmt: skip


def _ascii(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "".join(ch for ch in folded.lower() if ch.isalnum() or ch == " ")


def address(rng: random.Random, name: str, firm: bool = False) -> tuple[str, str]:
    """(address, style) for a person called ``name``."""
    parts = _ascii(name).split() or ["kim", "lee"]
    first, last = parts[0], parts[-1]
    styles = {
        "dot": f"{first}.{last}",
        "initial": f"{first[0]}.{last}",
        "digits": f"{first}{last}{rng.randint(1, 99):02d}",
        "underscore": f"{first}_{last}",
        "hyphen": f"{first}-{last}",
        "plus": f"{first}.{last}+{rng.choice(['orders', 'shop', 'bills', 'travel', 'news', 'amazon', 'bank'])}",
        "upper": f"{first.capitalize()}.{last.capitalize()}",
        "year": f"{last}{first[0]}{rng.choice(['1979', '1988', '1993', '2001', '85', '07'])}",
        "middle": f"{first}.{rng.choice('abcdefghjkmnprstw')}.{last}",
        "short": f"{first[:3]}{last[:4]}",
    }
    style = rng.choice(list(styles))
    local = styles[style]
    domain = rng.choice(FIRMS) if firm else rng.choice(PROVIDERS)
    if style == "upper" and rng.random() < 0.3:
        domain = domain.upper()
    return f"{local}@{domain}", style


# lang -> sentences with {e} (and {e2} for a second address)
EMAIL_PHRASES: dict[str, list[str]] = {
    "en": [
        "The password reset went to {e}; please check the spam folder as well.",
        "I can see two logins on this account, {e} and {e2}, so I've merged them.",
        "Her invoices are emailed to {e} every month.",
        "Going forward we'll write to {e} instead of the old work address.",
        "Confirmed: the gift receipt was sent to {e} at 14:02.",
        "He registered with {e}, which is why your login didn't match.",
    ],
    "es": [
        "El enlace para restablecer la contraseña se envió a {e}.",
        "La factura de marzo está a nombre de {e}.",
        "A partir de ahora le escribiremos a {e}.",
    ],
    "de": [
        "Die Rechnung wurde an {e} verschickt.",
        "Ihr Konto ist auf {e} registriert, nicht auf {e2}.",
        "Ab sofort schicken wir alle Unterlagen an {e}.",
    ],
    "fr": [
        "Le lien de réinitialisation a été envoyé à {e}.",
        "Vos factures partent désormais vers {e}.",
        "Le compte est au nom de {e} ; l'ancienne adresse {e2} a été supprimée.",
    ],
    "pt": ["O código de verificação foi enviado para {e}.", "A nota fiscal foi emitida para {e}."],
    "it": ["Abbiamo inviato la conferma a {e}.", "Il suo account risulta registrato con {e}."],
    "nl": ["De bevestiging is verstuurd naar {e}.", "Uw account staat op naam van {e}."],
    "pl": ["Link do zmiany hasła wysłaliśmy na {e}.", "Faktura została wysłana na adres {e}."],
    "hi": ["पासवर्ड रीसेट लिंक {e} पर भेज दिया गया है।", "आपका अकाउंट {e} से रजिस्टर्ड है।"],
    "ja": ["パスワード再設定のご案内を{e}宛にお送りしました。", "ご登録のメールアドレスは{e}です。"],
    "zh": ["重置密码的链接已发送至{e}。", "您的账户绑定的邮箱是{e}。"],
    "ko": ["비밀번호 재설정 링크를 {e}(으)로 보내 드렸습니다.", "가입하신 이메일 주소는 {e}입니다."],
    "ru": ["Ссылка для сброса пароля отправлена на {e}.", "Ваш аккаунт привязан к адресу {e}."],
    "tr": ["Şifre sıfırlama bağlantısı {e} adresine gönderildi.", "Faturanız {e} adresine iletildi."],
    "ar": ["تم إرسال رابط إعادة تعيين كلمة المرور إلى {e}.", "حسابك مسجل بالبريد {e}."],
    "sv": ["Kvittot skickades till {e}.", "Ditt konto är registrerat på {e}."],
    "id": ["Tautan reset kata sandi sudah dikirim ke {e}.", "Akun Anda terdaftar dengan email {e}."],
}
EMAIL_FIELDS = {
    "en": ("Email", "email"), "es": ("Correo electrónico", "correo"), "de": ("E-Mail", "email"),
    "fr": ("Courriel", "courriel"), "pt": ("E-mail", "email"), "it": ("Posta elettronica", "email"),
    "ja": ("メールアドレス", "mail"), "pl": ("Adres e-mail", "email"),
}  # fmt: skip
SETTINGS = ["retail", "saas", "bank", "education", "healthcare", "travel", "government", "real_estate"]


def _sentence(rng: random.Random, lang: str) -> Line:
    template = rng.choice(EMAIL_PHRASES[lang])
    tags = ["email", f"lang-{lang}", f"setting-{rng.choice(SETTINGS)}"]
    values = {}
    styles = []
    for slot in ("e", "e2"):
        if "{" + slot + "}" in template:
            value, style = address(rng, rng.choice(NAMES), firm=rng.random() < 0.25)
            values[slot] = (value, EMAIL)
            styles.append(style)
    line = Line(*tags, *styles)
    rest = template
    while "{" in rest:
        before, _, after = rest.partition("{")
        name, _, rest = after.partition("}")
        line.add(before).add(*values[name])
    return line.add(rest)


def _special(rng: random.Random) -> Line:
    name = rng.choice(NAMES)
    value, style = address(rng, name, firm=rng.random() < 0.4)
    kind = rng.choice(["header", "mailto", "angle", "cc", "signature", "vcard", "quoted_reply"])
    tags = ["email", "lang-en", f"setting-{rng.choice(SETTINGS)}", kind, style]
    line = Line(*tags)
    if kind == "header":
        line.add(f"The message in the thread came from:\nFrom: {name} <").add(value, EMAIL)
        line.add(f">\nDate: Tue, {rng.randint(1, 28)} May 2024 09:{rng.randint(10, 59)}:03 +0200\nSubject: Re: refund")
    elif kind == "mailto":
        line.add('You can reply to the seller here: <a href="mailto:').add(value, EMAIL).add('">')
        line.add(value, EMAIL).add("</a>")
    elif kind == "angle":
        line.add(f"Added {name} <").add(value, EMAIL).add("> as a second account holder.")
    elif kind == "cc":
        other, _ = address(rng, rng.choice(NAMES))
        line.add("I've cc'd ").add(value, EMAIL).add(" and ").add(other, EMAIL).add(" on the case update.")
    elif kind == "signature":
        line.add(f"The customer signed off with:\n--\n{name}\nFreelance translator\n").add(value, EMAIL)
    elif kind == "vcard":
        return vcard(rng, name, [("EMAIL;TYPE=home", value, EMAIL)], *tags)
    else:
        line.add(f"> On Mon, {name} <").add(value, EMAIL).add("> wrote:\n> Please cancel my subscription.\n")
        line.add("Done - the subscription ends on the 30th.")
    return line


def email_rows(rng: random.Random, count: int = 300) -> list[Line]:
    lines = []
    langs = list(EMAIL_PHRASES)
    for i in range(count):
        roll = i % 10
        if roll < 5:
            line = _sentence(rng, "en" if roll == 0 else langs[i % len(langs)])
        elif roll < 7:
            line = _special(rng)
        else:
            lang = rng.choice(list(EMAIL_FIELDS))
            label, key = EMAIL_FIELDS[lang]
            name = rng.choice(NAMES)
            value, style = address(rng, name, firm=rng.random() < 0.3)
            fmt = rng.choice(FORMATS)
            fields = [("Name", "name", name, None), (label, key, value, EMAIL)]
            line = render(rng, fmt, fields, "email", f"lang-{lang}", "setting-crm", fmt, style)
        check_labels(line)
        lines.append(line)
    return lines
