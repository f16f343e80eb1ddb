"""E-mail addresses, cards, SSNs and IBANs for PII tuned part 16 (bench/make_pii_tuned16.py): people's addresses
from many cultures, every card network, SSNs quoted in several languages and IBANs of SEPA and non-SEPA countries,
each in replies and in the documents replies quote."""

from __future__ import annotations

import random

from pii_corpus_values import (
    CARD,
    EMAIL,
    IBAN,
    NETWORKS,
    SEPA_BBAN,
    SSN,
    bban,
    card_digits,
    card_format,
    iban_check,
    printed,
    ssn_digits,
)

# ---- e-mail addresses of people ----------------------------------------------------------------------------------

PEOPLE = [
    ("Aoife", "Brennan"), ("Mateus", "Carvalho"), ("Yuki", "Tanaka"), ("Oluwaseun", "Adeyemi"), ("Priyanka", "Nair"),
    ("Jan-Erik", "Lindqvist"), ("Zeynep", "Kaya"), ("Thandiwe", "Nkosi"), ("Nguyen", "Thi Lan"), ("Rafael", "Ortiz"),
    ("Małgorzata", "Nowak"), ("Henrik", "Sørensen"), ("Fatima", "Zahra"), ("Dmitri", "Volkov"), ("Chen", "Jie"),
    ("Siobhan", "O'Neill"), ("Kwame", "Asante"), ("Leilani", "Kahale"), ("Ana-Maria", "Popescu"), ("Tomás", "Ruiz"),
    ("Min-jun", "Park"), ("Elif", "Şahin"), ("Jakob", "Gruber"), ("Amara", "Okafor"), ("Ilse", "de Vries"),
    ("Mohammed", "Al-Rashid"), ("Hannah", "Goldberg"), ("Arjun", "Mehta"), ("Camille", "Lefèvre"), ("Mele", "Tupou"),
]  # fmt: skip
WEBMAIL = ["gmail.com", "outlook.com", "hotmail.co.uk", "yahoo.com", "icloud.com", "proton.me", "gmx.at", "mail.ru"]
ISP = ["orange.fr", "t-online.de", "libero.it", "uol.com.br", "naver.com", "qq.com", "rediffmail.com", "wp.pl",
       "seznam.cz", "telenet.be", "xs4all.nl", "bigpond.net.au", "xtra.co.nz", "eircom.net", "mweb.co.za"]  # fmt: skip
WORK = ["kestrel-logistics.com", "bluefin.io", "hollow-oak.co.uk", "nordlys-energi.no", "tamarind.in",
        "studio-ventana.mx", "mail.uni-graz.at", "ee.ucl.ac.uk", "dept.health.gov.au", "corp.alvarez-hnos.es"]  # fmt: skip

ASCII = str.maketrans("łøşéèáíóúñãçöüäåğı'", "loseeaiounacouaagi ")


def person_email(rng: random.Random) -> str:
    first, last = rng.choice(PEOPLE)
    f = first.lower().translate(ASCII).replace(" ", "")
    last_ascii = last.lower().translate(ASCII).replace(" ", "")
    styles = [
        f"{f}.{last_ascii}",
        f"{f[0]}{last_ascii}{rng.randint(1, 99)}",
        f"{f}_{last_ascii}",
        f"{f}.{last_ascii}+{rng.choice(['orders', 'amazon', 'bank', 'promo', 'news', '2026', 'returns'])}",
        f"{f}-{last_ascii}",
        f"{last_ascii}.{f}{rng.randint(1970, 2005)}",
        f"{f}{rng.randint(1, 9)}{rng.randint(0, 9)}",
        f"{f[0]}.{last_ascii}",
    ]
    local = rng.choice(styles)
    domain = rng.choice(rng.choice([WEBMAIL, ISP, WORK]))
    value = f"{local}@{domain}"
    roll = rng.random()
    if roll < 0.12:
        value = value.upper()
    elif roll < 0.22:
        value = local[0].upper() + local[1:] + "@" + domain.capitalize()
    return value


EMAIL_PROSE: list[tuple[str, str]] = [
    ("en", "I've resent the invoice to {e} — it can take a few minutes to show up."),
    ("en", "The account was opened with {e}, so the password reset goes there."),
    ("en", "Mr. Brennan asked us to cc his wife ({e}) on anything about the lease."),
    ("en", "Got it: the new login is {e}. The old one is deactivated."),
    ("es", "Le hemos enviado la factura a {e}; revise también la carpeta de spam."),
    ("pt", "O recibo foi enviado para {e} às 14h32."),
    ("fr", "Le lien de réinitialisation a été envoyé à {e}."),
    ("de", "Die Bestätigung ging an {e} – bitte auch im Spam-Ordner nachsehen."),
    ("it", "Abbiamo aggiornato l'indirizzo di fatturazione: ora è {e}."),
    ("nl", "De bevestiging is verstuurd naar {e}."),
    ("pl", "Potwierdzenie wysłaliśmy na adres {e}."),
    ("sv", "Kvittot har skickats till {e}."),
    ("tr", "Fatura {e} adresine gönderildi."),
    ("ja", "確認メールを{e}宛に再送しました。"),
    ("zh", "发票已发送至{e}，请查收。"),
    ("ko", "영수증을 {e}(으)로 다시 보내드렸습니다."),
    ("hi", "रसीद {e} पर भेज दी गई है।"),
    ("ar", "تم إرسال الفاتورة إلى {e}."),
    ("ru", "Чек отправлен на {e}."),
    ("vi", "Hóa đơn đã được gửi tới {e}."),
    ("id", "Tagihan sudah dikirim ke {e}, mohon dicek."),
    ("sw", "Risiti imetumwa kwa {e}."),
    ("el", "Η απόδειξη στάλθηκε στο {e}."),
    ("he", "החשבונית נשלחה אל {e}."),
]
EMAIL_DOCS: list[tuple[str, str]] = [
    ("json", '{"customer_id": 88231, "email": "{e}", "verified": true}'),
    ("yaml", "owner:\n  name: Aoife Brennan\n  email: {e}\n  plan: family"),
    ("csv", "id,email,signup\n4471,{e},2025-11-02"),
    ("html", '<td class="email"><a href="mailto:{e}">{e}</a></td>'),
    ("markdown", "| Name | Email |\n|---|---|\n| Jakob Gruber | {e} |"),
    ("vcard", "BEGIN:VCARD\nVERSION:3.0\nFN:Min-jun Park\nEMAIL;TYPE=HOME:{e}\nEND:VCARD"),
    ("log", "2026-01-07 12:00:03 INFO mailer: delivered msg=ae91 rcpt=<{e}> dsn=2.0.0"),
    ("email", "From: {e}\nTo: support@help.example\nSubject: Wrong size delivered"),
    ("kv", "user={e} role=customer mfa=on"),
    ("ini", "[account]\nemail = {e}\nnewsletter = false"),
    ("xml", "<Customer><Email>{e}</Email><Tier>gold</Tier></Customer>"),
    ("chat", "[09:41] visitor: it's {e}\n[09:41] bot: Thanks, I found your account."),
    ("form", "E-mail address*: {e}\nConfirm e-mail*: (same)"),
    ("receipt", "Receipt emailed to {e}\nThank you for shopping with us!"),
]


def email_rows(rng: random.Random, fill, n: int) -> list:
    rows = []
    for i in range(n):
        if i % 3 == 2:
            setting, template = rng.choice(EMAIL_DOCS)
            tags = ["email", f"setting-{setting}"]
        else:
            lang, template = rng.choice(EMAIL_PROSE)
            tags = ["email", f"lang-{lang}", "setting-prose"]
        value = person_email(rng)
        if "+" in value.split("@")[0]:
            tags.append("plus-tag")
        if value.isupper():
            tags.append("upper")
        rows.append(fill(template, {"e": (value, EMAIL)}, *tags))
    return rows


# ---- cards -------------------------------------------------------------------------------------------------------

CARD_TEMPLATES: list[str] = [
    "The {n} charged for order 55-2291 was {c}, exp 11/28.",
    "Payment method on file: {n} {c}",
    "Refunded €42.10 to card {c}; allow 5–10 business days.",
    "Tarjeta registrada: {c} (titular: Rafael Ortiz).",
    "Carte utilisée : {c}, expire fin 03/27.",
    "Karte: {c} · gültig bis 08/29",
    "Cartão de crédito {c} — parcelado em 3x.",
    "カード番号：{c}（有効期限 04/28）",
    "信用卡号：{c}",
    "카드번호 {c} 로 결제되었습니다.",
    "Номер карты: {c}",
    "बैंक कार्ड {c} से भुगतान हुआ।",
    '{"pan": "{c}", "brand": "{n}", "exp_month": 7, "exp_year": 2029}',
    "card_number,holder,exp\n{c},Amara Okafor,06/30",
    "<tr><td>Card</td><td>{c}</td></tr>",
    "| Brand | Number |\n|---|---|\n| {n} | {c} |",
    "2026-02-14T10:22:01Z ERROR gateway decline pan={c} code=05",
    "card: {c}\ncvc: (not stored)\nbrand: {n}",
    "[payment]\ncard = {c}",
    "<Card><Number>{c}</Number></Card>",
    "customer: here's my card {c} pls charge it\nbot: I can't take card numbers in chat, but I've flagged it.",
    "VISA/MC/AMEX ACCEPTED\nCARD {c}\nAPPROVED  AUTH 0K41Z",
]


def card_rows(rng: random.Random, fill, n: int) -> list:
    rows = []
    networks = list(NETWORKS)
    for i in range(n):
        network = networks[i % len(networks)]
        prefixes, lengths = NETWORKS[network]
        length = rng.choice(lengths)
        digits = card_digits(rng, rng.choice(prefixes), length)
        style = rng.choice(["spaces", "dashes", "compact"] if length <= 16 else ["spaces", "compact"])
        value = card_format(rng, digits, network, style)
        template = CARD_TEMPLATES[rng.randrange(len(CARD_TEMPLATES))]
        rows.append(
            fill(
                template,
                {"c": (value, CARD), "n": (network.removesuffix(" 2-series"), None)},
                "card",
                network,
                f"format-{style}",
            )
        )
    return rows


# ---- SSNs --------------------------------------------------------------------------------------------------------

SSN_TEMPLATES: list[tuple[str, str]] = [
    ("en", "I've confirmed the SSN on the application: {s}."),
    ("en", "W-2 box a — Employee's social security number: {s}"),
    ("en", "For the dependent, Medicaid lists SSN {s}."),
    ("en", "Social Security No. {s} — please redact before forwarding."),
    ("es", "Su número de Seguro Social registrado es {s}."),
    ("es", "El SSN del cónyuge ({s}) no coincide con el del formulario W-4."),
    ("hi", "आवेदन में दर्ज सोशल सिक्योरिटी नंबर {s} है।"),
    ("hi", "कर्मचारी का SSN: {s}"),
    ("zh", "申请表上的社会安全号码是{s}。"),
    ("vi", "Số an sinh xã hội (SSN) của ông ấy là {s}."),
    ("ko", "사회보장번호(SSN) {s} 확인되었습니다."),
    ("tl", "Ang SSN na nakatala ay {s}."),
    ("fr", "Le numéro de sécurité sociale américain indiqué est {s}."),
    ("pt", "O SSN informado no cadastro é {s}."),
    ("en", '{"applicant": "T. Ruiz", "ssn": "{s}", "dob": "1979-05-30"}'),
    ("en", "name,ssn,state\nHannah Goldberg,{s},NJ"),
    ("en", "<SSN>{s}</SSN>"),
    ("en", "ssn={s} status=verified source=e-verify"),
]


def ssn_rows(rng: random.Random, fill, n: int) -> list:
    rows = []
    for i in range(n):
        lang, template = SSN_TEMPLATES[i % len(SSN_TEMPLATES)]
        d = ssn_digits(rng)
        sep = rng.choice(["-", "-", "-", " ", ""])
        value = f"{d[:3]}{sep}{d[3:5]}{sep}{d[5:]}"
        rows.append(fill(template, {"s": (value, SSN)}, "ssn", f"lang-{lang}"))
    return rows


# ---- IBANs -------------------------------------------------------------------------------------------------------

# non-SEPA countries that use IBANs, with their BBAN layouts (SWIFT registry notation)
OTHER_BBAN = {
    "SA": "2n18c", "AE": "3n16n", "TR": "5n1n16c", "IL": "3n3n13n", "BR": "8n5n10n1a1c", "QA": "4a21c",
    "KW": "4a22c", "JO": "4a4n18c", "BH": "4a14c", "LB": "4n20c", "EG": "4n4n17n", "TN": "2n3n13n2n",
    "PK": "4a16c", "AZ": "4a20c", "GE": "2a16n", "KZ": "3n13c", "UA": "6n19c", "CR": "4n14n", "DO": "4c20n",
    "GT": "4c20c", "XK": "4n10n2n", "BA": "3n3n8n2n", "MU": "4a2n2n12n3n3a", "IQ": "4a3n12n",
}  # fmt: skip

IBAN_TEMPLATES: list[str] = [
    "Refunds go to the IBAN you gave us: {i}.",
    "Bitte überweisen Sie den Betrag auf {i} (Verwendungszweck: Rechnung 2026-117).",
    "Veuillez effectuer le virement sur le compte {i}.",
    "Il rimborso sarà accreditato sull'IBAN {i}.",
    "Het bedrag wordt teruggestort op {i}.",
    "Proszę o przelew na rachunek {i}.",
    "O reembolso será feito para o IBAN {i}.",
    "Reembolsaremos el importe en la cuenta {i}.",
    "سيتم تحويل المبلغ إلى الآيبان {i}.",
    "İade {i} IBAN numaralı hesaba yapılacaktır.",
    "ההחזר יועבר לחשבון {i}.",
    "Beneficiary: Mohammed Al-Rashid\nIBAN: {i}\nSWIFT: NBOKKWKW",
    '{"payout": {"iban": "{i}", "holder": "Ilse de Vries"}}',
    "iban,holder,mandate\n{i},Jakob Gruber,MNDT-00417",
    "<CdtrAcct><Id><IBAN>{i}</IBAN></Id></CdtrAcct>",
    "| Holder | IBAN |\n|---|---|\n| Elif Şahin | {i} |",
    "2026-04-01 09:00:12 INFO sepa.debit mandate=M-88 iban={i} amount=29.99",
    "account:\n  iban: {i}\n  currency: EUR",
]


def iban_rows(rng: random.Random, fill, n: int) -> list:
    rows = []
    sepa, other = sorted(SEPA_BBAN), sorted(OTHER_BBAN)
    for i in range(n):
        is_sepa = i % 3 != 2
        country = rng.choice(sepa if is_sepa else other)
        b = bban(rng, (SEPA_BBAN if is_sepa else OTHER_BBAN)[country])
        value = country + iban_check(country, b) + b
        form = rng.choice(["print", "electronic"])
        text = printed(value) if form == "print" else value
        template = IBAN_TEMPLATES[rng.randrange(len(IBAN_TEMPLATES))]
        tags = ["iban", country, "sepa" if is_sepa else "non-sepa", form]
        rows.append(fill(template, {"i": (text, IBAN)}, *tags))
    return rows
