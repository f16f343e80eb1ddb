"""Email rows of the held-out part (bench/make_pii_tuned11.py): addresses of people (never role accounts) built from
names, some with ``+`` tags, upper case, hyphens or digits, in replies in many languages and in documents."""

from __future__ import annotations

import random
import unicodedata

from pii_corpus_values import EMAIL, Line
from pii_tuned11_docs import FIRST, LAST, doc_line, fill

DOMAINS = [
    "gmail.com", "outlook.com", "hotmail.fr", "yahoo.com.br", "icloud.com", "proton.me", "gmx.at", "web.de",
    "libero.it", "orange.fr", "free.fr", "t-online.de", "wp.pl", "o2.pl", "seznam.cz", "centrum.sk", "abv.bg",
    "mail.ru", "yandex.ua", "naver.com", "daum.net", "qq.com", "163.com", "yahoo.co.jp", "docomo.ne.jp",
    "rediffmail.com", "bol.com.br", "uol.com.br", "telia.com", "online.no", "kolumbus.fi", "zoho.in",
    "globe-logistics.com", "kanzlei-berger.de", "estudio-rivera.mx", "nordhavn-shipping.dk", "uni-graz.at",
    "hospital-sanjose.cl", "bakery-amsterdam.nl", "tokyo-denki.co.jp", "mwangi-farms.co.ke", "lagos-tech.ng",
    "studio-kiwi.co.nz", "dept.unimelb.edu.au", "alumni.ethz.ch", "mail.bg", "post.cz", "btinternet.com",
]  # fmt: skip
SENTENCES: dict[str, list[str]] = {
    "en": [
        "I've resent the invoice to {v} - check the spam folder too.",
        "The gift was sent by {v}; we can't share more than that.",
        "Your login email is now {v}. You'll need to confirm it.",
    ],
    "es": ["Le reenvié la factura a {v}.", "El correo registrado en la cuenta es {v}."],
    "pt": ["Enviamos o boleto para {v}.", "O e-mail de acesso agora é {v}."],
    "fr": ["Nous avons envoyé le lien de réinitialisation à {v}.", "L'adresse de connexion est {v}."],
    "de": ["Die Rechnung ging an {v}.", "Ihre neue Login-Adresse lautet {v}."],
    "it": ["Abbiamo inviato la ricevuta a {v}.", "L'indirizzo collegato all'account è {v}."],
    "nl": ["De bevestiging is verstuurd naar {v}.", "Je inlogadres is nu {v}."],
    "pl": ["Fakturę wysłaliśmy na adres {v}.", "Adres e-mail konta to {v}."],
    "sv": ["Kvittot skickades till {v}.", "Din inloggning är {v}."],
    "fi": ["Kuitti lähetettiin osoitteeseen {v}.", "Tilisi sähköposti on {v}."],
    "cs": ["Fakturu jsme poslali na {v}.", "Přihlašovací e-mail je {v}."],
    "tr": ["Faturayı {v} adresine gönderdik.", "Hesabınıza bağlı e-posta: {v}."],
    "ru": ["Счёт отправлен на {v}.", "Логин вашей учётной записи — {v}."],
    "uk": ["Рахунок надіслано на {v}.", "Ваша пошта для входу: {v}."],
    "ja": ["領収書を{v}宛てに再送しました。", "ログイン用メールアドレスは{v}です。"],
    "zh": ["发票已发送至{v}。", "账户绑定的邮箱是{v}。"],
    "ko": ["영수증을 {v}(으)로 다시 보냈습니다.", "로그인 이메일은 {v}입니다."],
    "hi": ["बिल {v} पर भेज दिया गया है।", "आपका लॉगिन ईमेल {v} है।"],
    "ar": ["أرسلنا الفاتورة إلى {v}.", "البريد المسجل في الحساب هو {v}."],
    "he": ["החשבונית נשלחה אל {v}.", "כתובת ההתחברות שלך היא {v}."],
    "id": ["Invoice sudah dikirim ke {v}.", "Email akun Anda adalah {v}."],
    "vi": ["Hóa đơn đã được gửi tới {v}.", "Email đăng nhập của bạn là {v}."],
    "th": ["ส่งใบเสร็จไปที่ {v} แล้วค่ะ", "อีเมลที่ใช้เข้าสู่ระบบคือ {v}"],
    "sw": ["Ankara imetumwa kwa {v}.", "Barua pepe ya akaunti yako ni {v}."],
    "el": ["Το τιμολόγιο στάλθηκε στο {v}.", "Το email σύνδεσης είναι {v}."],
}
SETTINGS = [
    "json",
    "yaml",
    "csv",
    "html-table",
    "md-table",
    "vcard",
    "log",
    "email-headers",
    "kv",
    "ini",
    "xml",
    "form",
]
KEYS = ["email", "e-mail", "mail", "contact_email", "login", "E-Mail-Adresse", "correo", "billing_email"]
VCARD_KEYS = ["EMAIL;TYPE=INTERNET", "EMAIL;TYPE=HOME", "item2.EMAIL;TYPE=pref"]


def ascii_name(name: str) -> str:
    flat = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "".join(ch for ch in flat.lower() if ch.isalpha() or ch == " ").replace(" ", "")


def person_email(rng: random.Random, n: int) -> tuple[str, str]:
    """(address, style) of a person."""
    first, last = ascii_name(rng.choice(FIRST)), ascii_name(rng.choice(LAST))
    domain = rng.choice(DOMAINS)
    style = ["dot", "plus", "upper", "hyphen", "digits", "initial", "underscore", "mixed-case"][n % 8]
    if style == "dot":
        local = f"{first}.{last}"
    elif style == "plus":
        local = f"{first}.{last}+{rng.choice(['orders', 'shop', 'news', 'ebay', 'work', 'a1', 'returns'])}"
    elif style == "upper":
        return f"{first}.{last}@{domain}".upper(), style
    elif style == "hyphen":
        local = f"{first}-{last}"
    elif style == "digits":
        local = f"{first}{last}{rng.choice([rng.randint(1, 99), rng.randint(1960, 2008)])}"
    elif style == "initial":
        local = f"{first[0]}.{last}{rng.randint(1, 9)}"
    elif style == "underscore":
        local = f"{last}_{first}"
    else:
        local = f"{first.capitalize()}.{last.capitalize()}"
    return f"{local}@{domain}", style


def email_rows(rng: random.Random, count: int) -> list[Line]:
    rows: list[Line] = []
    langs = list(SENTENCES)
    for n in range(count):
        value, style = person_email(rng, n)
        if n % 3 == 1:
            setting = SETTINGS[(n // 3) % len(SETTINGS)]
            key = rng.choice(KEYS)
            rows.append(doc_line(rng, setting, key, value, EMAIL, ["email", style, "lang-en"], rng.choice(VCARD_KEYS)))
        else:
            lang = langs[n % len(langs)]
            rows.append(fill(rng.choice(SENTENCES[lang]), {"v": (value, EMAIL)}, "email", style, f"lang-{lang}"))
    return rows
