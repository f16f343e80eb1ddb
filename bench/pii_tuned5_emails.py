"""Email replies for PII tuned part 5 (bench/make_pii_tuned5.py): people's own addresses (never a role
address such as support@ or a fediverse handle: those could be argued either way and are left out) at webmail
providers, companies on country-code and newer generic top-level domains, and university subdomains; written plain,
as ``Name <address>``, in quotes, JSON, CSV, HTML and Markdown mailto links and mail headers."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pii_corpus_values import EMAIL, Line, templated  # noqa: E402 - bench scripts run with bench/ on the path

PEOPLE = [
    ("Dana", "Whitfield"), ("Marcus", "Obi"), ("Priya", "Raman"), ("Liam", "O'Neill"), ("Aisha", "Bello"),
    ("Lucía", "Fernández"), ("Carlos", "Medina"), ("Valentina", "Rojas"), ("Ingrid", "Haugen"), ("Jonas", "Brandt"),
    ("Camille", "Laurent"), ("Giulia", "Romano"), ("Mariana", "Costa"), ("Anna", "Nowak"), ("Olena", "Kovalenko"),
    ("Elif", "Yılmaz"), ("Min-ji", "Kim"), ("Yumi", "Takahashi"), ("Wei", "Chen"), ("Siti", "Rahmawati"),
    ("Tanvir", "Hasan"), ("Ayesha", "Khan"), ("Rahul", "Verma"), ("Noura", "Al-Otaibi"), ("Youssef", "Benali"),
    ("Sipho", "Ndlovu"), ("Grace", "Tan"), ("Hannah", "Kirby"), ("Sanne", "de Vries"), ("Rui", "Figueiredo"),
    ("Thandiwe", "Mokoena"), ("Mateo", "García"), ("Chloé", "Dubois"), ("Erik", "Lindqvist"), ("Nadia", "Haddad"),
]  # fmt: skip
ASCII = str.maketrans("áéíóúñçãâêôüöäåøıłśźżćńęąÁÉÍÓÚÑÇÜÖÄØŁŚŻ", "aeiouncaaeouoaaoilszzcneaAEIOUNCUOAOLSZ")
DOMAINS = {
    "webmail": [
        "gmail.com", "outlook.com", "hotmail.com", "yahoo.com", "icloud.com", "proton.me", "aol.com", "gmx.de",
        "web.de", "t-online.de", "orange.fr", "free.fr", "laposte.net", "libero.it", "hotmail.es", "yahoo.com.mx",
        "hotmail.com.ar", "uol.com.br", "bol.com.br", "wp.pl", "onet.pl", "ukr.net", "naver.com", "daum.net",
        "yahoo.co.jp", "rediffmail.com", "btinternet.com", "bigpond.com", "xtra.co.nz", "online.no", "bluewin.ch",
        "yahoo.com.tw", "netvigator.com", "singnet.com.sg", "yahoo.co.id", "fastmail.com", "zoho.com", "mail.com",
        "sky.com", "live.co.uk", "telkomsa.net", "seznam.cz",
    ],
    "cctld": [
        "bergmann-logistik.de", "atelier-roux.fr", "ferreira-advogados.com.br", "kowalski-serwis.pl",
        "tanaka-shoji.co.jp", "harbourview-dental.co.nz", "capeline-freight.co.za", "lindqvist-arkitekter.no",
        "vidal-asesores.es", "studio-marini.it", "haddad-trading.ae", "noorclinic.com.pk", "anadolu-tekstil.com.tr",
        "kyivsoft.com.ua", "sunrise-agro.com.bd", "pampa-vinos.com.ar", "andes-consultores.ec", "mentor-ed.com.uy",
        "yildiz-hukuk.com.tr", "seoul-pharm.co.kr", "lotus-design.com.tw", "merdeka-digital.co.id", "raman-ca.in",
        "brightwater.ie", "vanderberg.nl", "alpenblick-hotel.at", "zurich-treuhand.ch", "riyadh-eng.com.sa",
        "casablanca-immo.ma", "caracas-medica.com.ve", "baja-surf.mx", "maple-ridge-law.ca",
    ],
    "new_gtld": [
        "kestrel.dev", "parcelpigeon.app", "northwind.io", "fernweh.travel", "lumen.studio", "oakandash.design",
        "brightpath.consulting", "harbour.legal", "clearview.health", "tinyroast.coffee", "pixelpress.agency",
        "greenbasket.shop", "mesa.cloud", "tallship.online", "quietmind.yoga", "kiezladen.berlin", "tideway.london",
        "riverside.nyc", "orbit.tech", "fieldnotes.blog", "halden.email", "mbeki.africa", "rosewood.family",
        "loom.ai", "cobalt.xyz", "maison.paris", "tamago.tokyo", "glen.scot", "bici.bike", "paws.vet",
    ],
    "subdomain": [
        "students.uni-freiburg.de", "alumni.iitd.ac.in", "eng.uct.ac.za", "estudiantes.uam.es", "etu.univ-lyon1.fr",
        "studenti.unimi.it", "aluno.usp.br", "st.amu.edu.pl", "mail.utoronto.ca", "staff.unimelb.edu.au",
        "g.ucla.edu", "live.ucl.ac.uk", "student.uva.nl", "uc.cl", "mails.tsinghua.edu.cn", "u.nus.edu",
        "eu.globex-corp.com", "mx.ventas-norte.com", "ops.kestrel.dev", "mail.harbourview-dental.co.nz",
    ],
}  # fmt: skip


def ascii_name(text: str) -> str:
    return text.translate(ASCII).replace("'", "").replace(" ", "").lower()


def address(rng: random.Random, first: str, last: str, kind: str | None = None) -> str:
    f, la = ascii_name(first), ascii_name(last)
    style = rng.choice(["dot", "dot", "plain", "initial", "under", "hyphen", "plus", "digits", "reverse", "middle"])
    local = {
        "dot": f"{f}.{la}",
        "plain": f"{f}{la}",
        "initial": f"{f[0]}.{la}" if rng.random() < 0.5 else f"{f[0]}{la}",
        "under": f"{f}_{la}",
        "hyphen": f"{f}-{la}",
        "plus": f"{f}.{la}+{rng.choice(['orders', 'bank', 'travel', 'news', 'receipts', 'shop', 'school'])}",
        "digits": f"{f}{la}{rng.choice(['84', '1990', '07', '2001', '77', '13'])}",
        "reverse": f"{la}.{f}",
        "middle": f"{f}.{rng.choice('abcdefghjklmnprstw')}.{la}",
    }[style]
    domain = rng.choice(DOMAINS[kind or rng.choice(list(DOMAINS))])
    if rng.random() < 0.06:  # some people type their address with capitals
        local = ".".join(part.capitalize() for part in local.split("."))
    return f"{local}@{domain}"


# (setting, template): {v} and {w} are addresses, {name} the person
SENTENCES = [
    ("saas", "The account is registered to {v}; I've sent the password reset link there."),
    ("e-commerce", "The order confirmation went to {v} on Monday, so please check that inbox."),
    ("banking", "Statements for {name} are emailed to {v} at the start of each month."),
    ("healthcare", "The clinic has {v} as the patient's email for appointment reminders."),
    ("hr", "{name}'s personal email, {v}, is on the onboarding form."),
    ("education", "Your tutor, {name}, can be contacted at {v}."),
    ("travel", "The e-ticket was issued to {v}. Ask the passenger to check the spam folder."),
    ("insurance", "The policyholder asked that all claim letters go to {v} from now on."),
    ("telecom", "The bill for this line is sent to {v}, the address {name} gave at sign-up."),
    ("utilities", "We'll email the meter reading confirmation to {v}."),
    ("government", "The applicant's correspondence address is {v}."),
    ("logistics", "Delivery exceptions are emailed to the consignee at {v}."),
    ("saas", "I've added {v} as a billing contact on the workspace, as {name} asked."),
    ("hr", "References: {name} ({v}) agreed to be contacted."),
    ("e-commerce", "The gift receipt will be emailed to {v}, not to the buyer."),
    ("banking", "Two-factor codes go to {v}; the old address was removed on 3 May."),
    ("saas", "Sure, the workspace owner is {name} <{v}>."),
    ("education", "The parent contact for the field trip is {name} <{v}>."),
    ("e-commerce", 'The customer wrote from "{v}" asking about the refund.'),
    ("travel", "Please confirm the booking email: '{v}'."),
    ("hr", "Forwarding the CV to the hiring manager - candidate's email: {v}"),
    ("healthcare", "Email on file: {v} (verified 2024-11-02)."),
    ("insurance", "Both policyholders are listed: {v} and {w}."),
    ("saas", "The invitations went to {v} and {w}; only the first has been accepted."),
    ("es", "La confirmación del pedido se envió a {v} el lunes."),
    ("es", "El correo electrónico registrado de {name} es {v}."),
    ("es", "Puede escribirle directamente a su asesora: {v}."),
    ("hi", "{name} का ईमेल पता {v} है।"),
    ("hi", "पासवर्ड रीसेट लिंक {v} पर भेज दिया गया है।"),
    ("de", "Die Rechnung wurde an {v} geschickt, die Adresse aus dem Kundenkonto."),
    ("fr", "L'adresse e-mail de {name} est {v}."),
    ("pt", "O e-mail cadastrado do titular é {v}."),
    ("it", "Abbiamo inviato la ricevuta a {v}."),
    ("nl", "Het e-mailadres van {name} in ons systeem is {v}."),
    ("pl", "Potwierdzenie wysłaliśmy na adres {v}."),
    ("tr", "Fatura {v} adresine gönderildi."),
    ("ar", "تم إرسال الفاتورة إلى البريد الإلكتروني {v}."),
    ("ja", "{name}様のメールアドレスは{v}です。"),
    ("ko", "{name} 님의 이메일 주소는 {v}입니다."),
    ("zh", "收據已寄到 {v}。"),
    ("id", "Email yang terdaftar atas nama {name} adalah {v}."),
    ("uk", "Квитанцію надіслано на адресу {v}."),
    ("nb", "Kvitteringen er sendt til {v}."),
]
LANGS = {"es", "hi", "de", "fr", "pt", "it", "nl", "pl", "tr", "ar", "ja", "ko", "zh", "id", "uk", "nb"}


def sentence_row(rng: random.Random, template: tuple[str, str]) -> Line:
    setting, text = template
    first, last = rng.choice(PEOPLE)
    values = {"v": (address(rng, first, last), EMAIL), "name": (f"{first} {last}", None)}
    if "{w}" in text:
        other = rng.choice([p for p in PEOPLE if p != (first, last)])
        values["w"] = (address(rng, *other), EMAIL)
    language = setting if setting in LANGS else "en"
    tags = ["email", f"lang-{language}", "sentence"] + ([] if setting in LANGS else [f"setting-{setting}"])
    return templated(text, values, *tags)


def structured_row(rng: random.Random, kind: str) -> Line:
    (first, last), (first2, last2) = rng.sample(PEOPLE, 2)
    v, w = address(rng, first, last), address(rng, first2, last2)
    name, name2 = f"{first} {last}", f"{first2} {last2}"
    line = Line("email", "lang-en", kind)
    if kind == "json":
        line.add(f'Here is the profile from the CRM:\n{{"id": {rng.randint(10000, 99999)}, "name": "{name}", ')
        return line.add('"email": "').add(v, EMAIL).add(f'", "marketing_opt_in": {rng.choice(["true", "false"])}}}')
    if kind == "csv":
        line.add("Export of the two attendees:\nname,email,ticket_type\n")
        line.add(f"{name},").add(v, EMAIL).add(",standard\n")
        return line.add(f"{name2},").add(w, EMAIL).add(",vip")
    if kind == "html_name":
        return line.add('Contact the owner: <a href="mailto:').add(v, EMAIL).add(f'">{name}</a>')
    if kind == "html_addr":
        return line.add('<p>Email: <a href="mailto:').add(v, EMAIL).add('">').add(v, EMAIL).add("</a></p>")
    if kind == "md_name":
        return line.add(f"You can write to [{name}](mailto:").add(v, EMAIL).add(") about the invoice.")
    if kind == "md_addr":
        return line.add("Reach the tenant at [").add(v, EMAIL).add("](mailto:").add(v, EMAIL).add(").")
    if kind == "header":
        line.add(f"From: {name} <").add(v, EMAIL).add(">\n")
        line.add(f"To: {name2} <").add(w, EMAIL).add(">\nSubject: Re: lease renewal")
        return line
    if kind == "table":
        line.add("| Member | Email | Plan |\n|---|---|---|\n")
        return line.add(f"| {name} | ").add(v, EMAIL).add(f" | {rng.choice(['Pro', 'Basic', 'Team'])} |")
    if kind == "angle":
        return line.add(f"Cc'd {name2}: <").add(w, EMAIL).add("> - let me know if that's wrong.")
    if kind == "list":
        line.add("Recipients of the weekly report:\n- ").add(v, EMAIL).add("\n- ").add(w, EMAIL)
        return line
    if kind == "yaml":
        line.add(f"```yaml\nowner:\n  name: {name}\n  email: ").add(v, EMAIL)
        return line.add(f"\n  timezone: {rng.choice(['Europe/Oslo', 'Asia/Seoul', 'America/Lima'])}\n```")
    raise ValueError(kind)


STRUCTURED = {
    "json": 16, "csv": 12, "html_name": 10, "html_addr": 8, "md_name": 10, "md_addr": 8, "header": 10, "table": 10,
    "angle": 8, "list": 8, "yaml": 8,
}  # fmt: skip


def email_lines(rng: random.Random) -> list[Line]:
    lines = [sentence_row(rng, SENTENCES[i % len(SENTENCES)]) for i in range(200)]
    for kind, count in STRUCTURED.items():
        lines.extend(structured_row(rng, kind) for _ in range(count))
    return lines
