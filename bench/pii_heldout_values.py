"""Cards, SSNs and IBANs for the held-out part (bench/make_pii_heldout.py), each in prose of several languages and in
the records a support bot quotes (receipts, JSON, key=value dumps, CSV rows, forms), plus the random ids and names
the other modules share."""

from __future__ import annotations

import random
import re

from pii_corpus_values import CARD, IBAN, NETWORKS, SEPA_BBAN, SSN, Line, bban, card_digits, iban_check


def fill(template: str, slots: dict[str, tuple[str, str | None]], *tags: str) -> Line:
    """``template`` with ``{name}`` slots (``{{`` and ``}}`` are literal braces); ``slots[name] = (text, entity)``."""
    parts = re.split(r"\{(\w+)\}", template.replace("{{", "\x00").replace("}}", "\x01"))
    line = Line(*tags)
    for i, part in enumerate(parts):
        if i % 2:
            text, entity = slots[part]
            line.add(text, entity)
        else:
            line.add(part.replace("\x00", "{").replace("\x01", "}"))
    return line


FIRST = ["Noor", "Callum", "Beatriz", "Yusuf", "Ingeborg", "Thanh", "Oluwaseun", "Radek", "Mireille", "Kenji"]
FIRST += ["Saoirse", "Dmitri", "Paola", "Hamza", "Wiebke", "Anjali", "Teodora", "Rhys", "Camila", "Björn"]
LAST = ["Okonkwo", "Fairweather", "Lindqvist", "Marchetti", "Haddad", "Nowicki", "Abernathy", "Castellanos"]
LAST += ["Van der Berg", "Takahashi", "Mbeki", "Rautio", "Delacroix", "Szabó", "Quintero", "Oyelaran", "Brandt"]


def name(rng: random.Random) -> str:
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def upper(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(n))


def some_id(rng: random.Random) -> str:
    """An order, ticket, booking, claim or tracking id as shops and carriers print them."""
    kind = rng.randrange(10)
    if kind == 0:
        return f"#{digits(rng, 7)}"
    if kind == 1:
        return f"ORD-{rng.randint(2023, 2026)}-{digits(rng, 6)}"
    if kind == 2:
        return upper(rng, 6)  # airline PNR
    if kind == 3:
        return f"TCK{digits(rng, 8)}"
    if kind == 4:
        return f"1Z{upper(rng, 2)}{digits(rng, 3)}{digits(rng, 11)}"
    if kind == 5:
        return f"CS-{digits(rng, 5)}-{upper(rng, 2)}"
    if kind == 6:
        return f"{digits(rng, 3)}-{digits(rng, 7)}-{digits(rng, 7)}"  # marketplace order
    if kind == 7:
        return f"RMA{digits(rng, 6)}"
    if kind == 8:
        return f"INC{digits(rng, 7)}"
    return f"BK-{upper(rng, 3)}{digits(rng, 4)}"


# ---- cards -------------------------------------------------------------------------------------------------------


def card_text(rng: random.Random, network: str) -> str:
    prefixes, lengths = NETWORKS[network]
    length = rng.choice(lengths)
    number = card_digits(rng, rng.choice(prefixes), length)
    style = rng.choice(["spaces", "spaces", "dashes", "compact"]) if length <= 16 else rng.choice(["spaces", "compact"])
    if style == "compact":
        return number
    sep = " " if style == "spaces" else "-"
    if network in ("American Express", "Diners Club"):
        return sep.join([number[:4], number[4:10], number[10:]])
    if length == 19 and rng.random() < 0.5:
        return sep.join([number[:6], number[6:]])
    return sep.join(number[i : i + 4] for i in range(0, length, 4))


CARD_TEMPLATES = [
    "Payment method on the subscription: {net} {v}, exp {exp}. The next charge is on the 3rd.",
    "Receipt #{id}\n------------\n2x Filter cartridge   {amt}\nPAID  {net}  {v}\nAuth code {auth}",
    '{{"customer": "{who}", "card_number": "{v}", "brand": "{net}", "exp": "{exp}"}}',
    "card_holder={who} card_pan={v} card_exp={exp} status=declined reason=do_not_honor",
    "{who},{net},{v},{exp},{amt}",
    "Karte für die Rückbuchung: {v} ({net}), Inhaber {who}.",
    "La tarjeta con la que se pagó el pedido {id} es {v}, caduca {exp}.",
    "Le paiement de {amt} a été débité sur la carte {v} le 12/03.",
    "A cobrança foi feita no cartão {v} em nome de {who}.",
    "| Titular | Tarjeta | Vence |\n|---|---|---|\n| {who} | {v} | {exp} |",
    "<tr><td>{who}</td><td>{v}</td><td>{exp}</td></tr>",
    "Hi {who}, the card we tried was {v} and the bank returned code 05.",
    "カード番号：{v}（有効期限 {exp}）でお支払いが完了しています。",
    "Numer karty użytej przy zamówieniu {id}: {v}.",
    "Card: {v}\nExpiry: {exp}\nName: {who}",
    "[billing] {id} charge_failed pan={v} amount={amt}",
    "Ödeme {v} numaralı kartla yapıldı, tutar {amt}.",
    "Kartu yang terdaftar: {v} a.n. {who}.",
    "Je vous confirme le remplacement : nouvelle carte {net} {v}.",
    "SMS: Your {net} {v} was used for {amt} at CITYMART. Not you? Reply STOP.",
]


def card_lines(rng: random.Random, per_network: int = 31) -> list:
    out = []
    for network in NETWORKS:
        for _ in range(per_network):
            value = card_text(rng, network)
            slots = {
                "v": (value, CARD), "net": (network, None), "who": (name(rng), None), "id": (some_id(rng), None),
                "exp": (f"{rng.randint(1, 12):02d}/{rng.randint(26, 32)}", None), "auth": (digits(rng, 6), None),
                "amt": (f"{rng.randint(3, 900)}.{digits(rng, 2)} EUR", None),
            }  # fmt: skip
            out.append(fill(rng.choice(CARD_TEMPLATES), slots, "card", network))
    return out


# ---- SSNs --------------------------------------------------------------------------------------------------------

SSN_TEMPLATES = [
    ("en", "The SSN on {who}'s W-2 is {v}; the wages for {yr} match."),
    ("en", "Employee: {who}\nSSN: {v}\nHire date: 0{m}/14/{yr}"),
    ("en", '{{"applicant": "{who}", "ssn": "{v}", "dob": "19{y2}-0{m}-21"}}'),
    ("en", 'ssn={v} name="{who}" verified=true source=experian'),
    ("en", "For the 1099 we'll use the social security number {v} you gave us."),
    ("en", "{who}'s Social is {v}, he said to update the payroll file."),
    ("es", "El número de Seguro Social de {who} es {v}, según el formulario W-4."),
    ("es", "Para la declaración usamos el SSN {v} del titular."),
    ("hi", "{who} का सोशल सिक्योरिटी नंबर (SSN) {v} है, जो W-2 फ़ॉर्म पर दर्ज है।"),
    ("hi", "टैक्स फ़ाइलिंग के लिए SSN {v} इस्तेमाल किया गया।"),
    ("fr", "Le numéro de sécurité sociale américain (SSN) de {who} est le {v}."),
    ("de", "Die US-Sozialversicherungsnummer (SSN) von {who} lautet {v}."),
    ("pt", "O SSN informado por {who} para o formulário I-9 é {v}."),
    ("zh", "{who}的美国社会安全号码（SSN）是{v}。"),
    ("ko", "{who}님의 SSN은 {v}로 확인되었습니다."),
    ("tl", "Ang SSN ni {who} sa payroll ay {v}."),
    ("vi", "Số an sinh xã hội (SSN) của {who} là {v}."),
    ("en", "| Name | SSN | State |\n|---|---|---|\n| {who} | {v} | OH |"),
    ("en", '<input name="ssn" value="{v}"> <!-- {who} -->'),
    ("en", '2025-0{m}-11T09:4{m}:02Z INFO kyc.match subject="{who}" ssn={v} score=0.97'),
]


def ssn_value(rng: random.Random) -> str:
    while True:
        area = rng.randint(1, 899)
        if area != 666:
            break
    raw = f"{area:03d}{rng.randint(1, 99):02d}{rng.randint(1, 9999):04d}"
    sep = rng.choice(["-", "-", "-", " ", ""])
    return f"{raw[:3]}{sep}{raw[3:5]}{sep}{raw[5:]}"


def ssn_lines(rng: random.Random, count: int = 310) -> list:
    out = []
    for i in range(count):
        lang, template = SSN_TEMPLATES[i % len(SSN_TEMPLATES)]
        slots = {
            "v": (ssn_value(rng), SSN), "who": (name(rng), None), "yr": (str(rng.randint(2019, 2025)), None),
            "m": (str(rng.randint(1, 9)), None), "y2": (str(rng.randint(55, 99)), None),
        }  # fmt: skip
        out.append(fill(template, slots, "ssn", f"lang-{lang}"))
    return out


# ---- IBANs -------------------------------------------------------------------------------------------------------

NON_SEPA_BBAN = {
    "TR": "5n1n16c", "AE": "3n16n", "SA": "2n18c", "IL": "3n3n13n", "PK": "4a16c", "QA": "4a21c", "KW": "4a22c",
    "JO": "4a4n18c", "BR": "8n5n10n1a1c", "KZ": "3n13c", "MU": "4a2n2n12n3n3a", "TN": "2n3n13n2n", "LB": "4n20c",
    "EG": "4n4n17n", "GE": "2a16n", "AZ": "4a20c", "UA": "6n19c", "BH": "4a14c", "CR": "4n14n", "DO": "4c20n",
}  # fmt: skip

IBAN_TEMPLATES = [
    "Refunds for {who} go to IBAN {v} (BIC {bic}).",
    "Bankverbindung für die Erstattung: {v}, Kontoinhaber {who}.",
    "Le remboursement sera viré sur le compte {v} au nom de {who}.",
    "Hemos domiciliado los recibos en la cuenta {v}.",
    "Il bonifico va fatto sull'IBAN {v} intestato a {who}.",
    "Het bedrag wordt teruggestort op {v} t.n.v. {who}.",
    "Przelew zwrotny wyślemy na rachunek {v}.",
    "Beneficiary: {who}\nIBAN: {v}\nSWIFT: {bic}\nReference: {id}",
    '{{"payee": "{who}", "iban": "{v}", "bic": "{bic}"}}',
    'payout.account={v} payout.holder="{who}"',
    "{who};{v};{bic};{amt}",
    "<Cdtr><Nm>{who}</Nm></Cdtr><CdtrAcct><Id><IBAN>{v}</IBAN></Id></CdtrAcct>",
    "يرجى التحويل إلى الحساب {v} باسم {who}.",
    "İade {v} IBAN numaralı hesaba yapılacak.",
    "O reembolso cai na conta {v} em até 5 dias úteis.",
    "Refund of {amt} for {id} sent to account {v}.",
    "Återbetalningen går till {v}.",
    "Palautus maksetaan tilille {v}.",
]


def iban_lines(rng: random.Random, count: int = 310) -> list:
    out = []
    sepa = sorted(SEPA_BBAN)
    non = sorted(NON_SEPA_BBAN)
    for i in range(count):
        is_sepa = i % 3 != 2
        country = rng.choice(sepa) if is_sepa else rng.choice(non)
        body = bban(rng, (SEPA_BBAN if is_sepa else NON_SEPA_BBAN)[country])
        value = country + iban_check(country, body) + body
        form = "print" if rng.random() < 0.5 else "electronic"
        text = " ".join(value[j : j + 4] for j in range(0, len(value), 4)) if form == "print" else value
        slots = {
            "v": (text, IBAN), "who": (name(rng), None), "id": (some_id(rng), None),
            "bic": (upper(rng, 4) + country + upper(rng, 2), None), "amt": (f"{rng.randint(5, 3000)},{digits(rng, 2)}", None),
        }  # fmt: skip
        template = IBAN_TEMPLATES[i % len(IBAN_TEMPLATES)]
        out.append(fill(template, slots, "iban", "sepa" if is_sepa else "non-sepa", form, country))
    return out
