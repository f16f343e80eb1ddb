"""Email addresses of PII tuned part 4 (bench/make_pii_tuned4.py): people, domains, the sentence templates
per language and the line builder. Split out of the generator unchanged.
"""

from __future__ import annotations

import random

from pii_corpus_values import EMAIL, Line  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned4_slots import fill  # noqa: E402 - bench scripts run with bench/ on the path

# ---- emails ---------------------------------------------------------------------------------------------------------

PEOPLE = [
    ("Tereza Dvořáková", "tereza.dvorakova"), ("Nikos Papadakis", "n.papadakis"), ("Eszter Kovács", "kovacs.eszter"),
    ("Andrei Popa", "andrei.popa87"), ("Mikko Virtanen", "mikko_virtanen"), ("Mette Holm", "mette-holm"),
    ("Seán O'Brien", "sean.obrien"), ("Noa Levi", "noa.levi"), ("Emre Yıldız", "emre.yildiz"),
    ("Haruto Sato", "haruto.sato"), ("Maria Santos", "maria.santos+shop"), ("Aisyah Rahman", "aisyah.rahman"),
    ("Somchai Kittisak", "somchai.k"), ("Nguyen Van An", "nguyen.van.an"), ("Chinedu Okeke", "chinedu.okeke"),
    ("Wanjiru Kamau", "wanjiru.kamau"), ("Mona Hassan", "mona.hassan"), ("Valentina Rojas", "vrojas"),
    ("Juan Pablo Gómez", "juanpablo.gomez"), ("Lucía Quispe", "lucia.quispe"), ("Dara Whelan", "dwhelan+bills"),
    ("Kofi Mensah", "kofi.mensah1990"), ("Ingrid Sørensen", "ingrid.s"), ("Bartek Zieliński", "b.zielinski"),
    ("Hye-jin Park", "hyejin.park"), ("Oluwaseun Ade", "oluwaseun_ade"), ("Carmen Ortiz", "CarmenOrtiz"),
    ("Liam Nguyen", "liam.nguyen+travel"), ("Fatima Zahra", "fz.benali"), ("Tomasz Wójcik", "t.wojcik-84"),
]  # fmt: skip
EMAIL_DOMAINS = [
    "gmail.com", "outlook.com", "yahoo.com", "hotmail.com", "icloud.com", "proton.me", "zoho.com", "fastmail.com",
    "gmx.net", "aol.com", "seznam.cz", "email.cz", "otenet.gr", "freemail.hu", "yahoo.ro", "luukku.com", "jubii.dk",
    "eircom.net", "walla.co.il", "mynet.com", "yahoo.co.jp", "docomo.ne.jp", "yahoo.com.ph", "yahoo.com.my",
    "hotmail.co.th", "vnn.vn", "student.cuni.cz", "tau.ac.il", "u-tokyo.ac.jp", "up.edu.ph", "um.edu.my",
    "chula.ac.th", "unilag.edu.ng", "uonbi.ac.ke", "uc.cl", "unal.edu.co", "pucp.edu.pe", "kovacs-bt.hu",
    "ladnik-stavby.cz", "tavernaelena.gr", "fermaverde.ro", "saunakeskus.fi", "bageriet-nord.dk",
    "clinicadelsur.cl", "lagos-logistics.com.ng", "nairobibikes.co.ke", "nilepharma.com.eg", "agrotech.com.co",
    "studio-lumen.photography", "okafor.consulting", "brightsmile.dental", "beanhouse.coffee", "hillside.farm",
    "mail.northgate-legal.co.uk", "eu.tenants.riverside-homes.ie", "xn--brnnhrt-ewa.dk",
]  # fmt: skip

EMAIL_TEMPLATES = {
    "en": [
        ("saas", "I've changed the login email on your account to {e}."),
        ("travel", "The e-ticket was emailed to {e} at 14:02."),
        ("utilities", "Your landlord's contact, {n} <{e}>, is now the second contact on the account."),
        ("healthcare", "Prescription refill reminders now go to {e}."),
        ("banking", "The March statement was sent to {e}; please check the spam folder."),
        ("education", "The course certificate will be emailed to {e} within 3 working days."),
        ("saas", "Reply-To: {e}"),
        ("saas", '{"customer_email": "{e}", "plan": "pro", "seats": 12}'),
        ("ecommerce", "Invoice recipients: {e}, {f}"),
        ("healthcare", 'To write to her, use <a href="mailto:{e}">this link</a>.'),
        ("logistics", "The parcel notification bounced from {e} - is the address spelled right?"),
        ("utilities", "Outage alerts for your street will go to ({e})."),
        ("education", "The admissions notes list the candidate as '{e}'."),
        ("government", "E-mail address on the permit application: {e}"),
        ("saas", "name,email,city\n{n},{e},Haifa"),
        ("telecom", "Forwarding is on: mail for the old address now arrives at {e}."),
        ("banking", "We have two addresses for {n}: {e} and {f}."),
        ("ecommerce", "Your gift receipt will be emailed to the recipient, {n}, at {e} on the 24th."),
        ("travel", "The hotel will send the invoice to {e}, as you asked."),
        ("saas", "User {e} was removed from the workspace by an admin."),
        ("government", "We'll write to {n} at {e} once the renewal is processed."),
        ("healthcare", "Lab results portal: username {e}"),
        ("telecom", "Contact details updated -\n  email: {e}\n  preferred: email"),
        ("education", "Your supervisor's address is {e}."),
    ],
    "es": [("ecommerce", "Le enviamos la factura a {e}."), ("travel", "La tarjeta de embarque se envió a {e}.")],
    "hi": [("ecommerce", "रसीद {e} पर भेज दी गई है।"), ("banking", "ग्राहक का ईमेल पता {e} है।")],
    "cs": [("ecommerce", "Potvrzení jsme poslali na {e}.")],
    "el": [("ecommerce", "Στείλαμε την απόδειξη στο {e}.")],
    "hu": [("saas", "A számlát a(z) {e} címre küldtük.")],
    "ro": [("utilities", "Am trimis factura la {e}.")],
    "fi": [("travel", "Lähetimme vahvistuksen osoitteeseen {e}.")],
    "da": [("banking", "Kontoudtoget er sendt til {e}.")],
    "tr": [("ecommerce", "Fatura {e} adresine gönderildi.")],
    "ja": [("ecommerce", "確認メールを {e} に送信しました。")],
    "vi": [("ecommerce", "Chúng tôi đã gửi hóa đơn tới {e}.")],
    "th": [("ecommerce", "เราส่งใบเสร็จไปที่ {e} แล้วค่ะ")],
    "he": [("ecommerce", "שלחנו את החשבונית לכתובת {e}.")],
    "ar": [("ecommerce", "أرسلنا الفاتورة إلى {e}.")],
    "pt": [("banking", "Enviamos o comprovante para {e}.")],
    "de": [("utilities", "Die Rechnung ging an {e}.")],
    "fr": [("travel", "La facture a été envoyée à {e}.")],
}


def email_value(rng: random.Random) -> tuple[str, str, str]:
    name, local = rng.choice(PEOPLE)
    domain = rng.choice(EMAIL_DOMAINS)
    value = f"{local}@{domain}"
    form = "plain"
    roll = rng.random()
    if roll < 0.06:
        value, form = value.upper(), "upper"
    elif roll < 0.14:
        value, form = f"{local}{rng.randint(2, 99)}@{domain}", "digits"
    return name, value, form


def email_lines(rng: random.Random) -> list[Line]:
    lines = []
    langs = sorted(EMAIL_TEMPLATES)
    for i in range(400):
        lang = "en" if i % 3 else langs[(i // 3) % len(langs)]
        setting, template = rng.choice(EMAIL_TEMPLATES[lang])
        name, e, form = email_value(rng)
        _, f, _ = email_value(rng)
        values = {"e": (e, EMAIL), "f": (f, EMAIL), "n": (name, None)}
        lines.append(fill(template, values, "email", f"lang-{lang}", setting, form))
    for _ in range(12):  # a Markdown link shows the address twice
        _, e, _ = email_value(rng)
        lines.append(fill("Write to the new owner: [{e}](mailto:{f})", {"e": (e, EMAIL), "f": (e, EMAIL)}, "email", "lang-en", "saas", "markdown"))  # fmt: skip
    return lines
