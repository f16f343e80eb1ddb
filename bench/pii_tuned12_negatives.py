"""Hard negatives of the held-out part (bench/make_pii_tuned12.py), first half: replies with no PII whose values
look like a phone, an e-mail, a card, an SSN or an IBAN - device and tax ids, bank codes, creditor references,
image assets and packages with ``@``, handles, local logins, masked values. Each kind is (value maker, templates)."""

from __future__ import annotations

import random
import string
from collections.abc import Callable

from pii_corpus_values import iban_check, luhn_digit

Maker = Callable[[random.Random], str]


def _digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def _imei(rng: random.Random) -> str:
    body = rng.choice(["35", "86", "01", "49"]) + _digits(rng, 12)
    full = body + luhn_digit(body)
    style = rng.randint(0, 2)
    if style == 0:
        return full
    if style == 1:
        return f"{full[:2]}-{full[2:8]}-{full[8:14]}-{full[14]}"
    return f"{full[:8]} {full[8:14]} {full[14]}"


def _ein(rng: random.Random) -> str:
    prefix = rng.choice(["12", "20", "27", "45", "46", "81", "83", "84", "88", "93", "98"])
    return f"{prefix}-{_digits(rng, 7)}"


def _bic(rng: random.Random) -> str:
    bank = "".join(rng.choice(string.ascii_uppercase) for _ in range(4))
    country = rng.choice(["DE", "FR", "NL", "ES", "IT", "GB", "CH", "AT", "BE", "PL", "SE", "AE", "SG", "JP"])
    location = rng.choice(["FF", "PP", "2A", "MM", "2L", "BB", "WW", "22", "XX"])
    branch = rng.choice(["", "", "XXX", _digits(rng, 3)])
    return bank + country + location + branch


def _creditor_ref(rng: random.Random) -> str:
    ref = _digits(rng, rng.randint(8, 16))
    value = "RF" + iban_check("RF", ref) + ref
    return " ".join(value[i : i + 4] for i in range(0, len(value), 4)) if rng.random() < 0.6 else value


def _asset(rng: random.Random) -> str:
    name = rng.choice(["logo", "hero-banner", "icon-cart", "avatar-default", "btn_checkout", "map-pin", "splash"])
    scale = rng.choice(["@2x", "@1.5x", "@3x", "@2x", "@1.5x"])
    return f"{name}{scale}.{rng.choice(['png', 'webp', 'jpg', 'avif'])}"


def _package(rng: random.Random) -> str:
    return rng.choice(
        [
            f"@angular/core@{rng.randint(14, 19)}.{rng.randint(0, 3)}.{rng.randint(0, 12)}",
            f"@types/node@{rng.randint(18, 22)}.{rng.randint(0, 19)}.{rng.randint(0, 9)}",
            f"lodash@4.17.{rng.randint(15, 21)}",
            f"@babel/preset-env@7.{rng.randint(20, 26)}.{rng.randint(0, 9)}",
            f"react-dom@{rng.randint(16, 19)}.{rng.randint(0, 3)}.{rng.randint(0, 2)}",
            f"@company/ui-kit@{rng.randint(1, 5)}.{rng.randint(0, 30)}.0-beta.{rng.randint(1, 9)}",
            f"@sentry/browser@{rng.randint(7, 8)}.{rng.randint(0, 120)}.{rng.randint(0, 5)}",
        ]
    )


def _handle(rng: random.Random) -> str:
    first = rng.choice(["maria", "kenji", "lucia", "amara", "jonas", "noor", "tomek", "aroha", "lin", "kwame"])
    return "@" + rng.choice([f"{first}_{rng.randint(80, 99)}", f"{first}.travels", f"the_real_{first}", f"{first}dev"])


def _localhost(rng: random.Random) -> str:
    user = rng.choice(["root", "postgres", "deploy", "app", "guest", "admin", "jenkins", "www-data"])
    return rng.choice(
        [
            f"{user}@localhost",
            f"postgres://{user}@localhost:5432/shop",
            f"amqp://{user}@localhost:5672/",
            f"ssh {user}@localhost -p 22{rng.randint(10, 99)}",
            f"mysql -u {user} -h 127.0.0.1",
            f"'{user}'@'localhost'",
        ]
    )


def _phone_word(rng: random.Random) -> str:
    return rng.choice(["phone", "mobile number", "callback number", "landline", "WhatsApp number", "number on file"])


def _masked_card(rng: random.Random) -> str:
    last = _digits(rng, 4)
    return rng.choice(
        [
            f"**** **** **** {last}",
            f"•••• {last}",
            f"XXXX-XXXX-XXXX-{last}",
            f"{rng.choice(['4', '5'])}{_digits(rng, 5)}******{last}",
            f"ending in {last}",
            f"37**-******-*{_digits(rng, 4)}",
        ]
    )


def _masked_email(rng: random.Random) -> str:
    first = rng.choice("abcdefghijklmnoprstuvwz")
    return rng.choice(
        [
            f"{first}***@gmail.com",
            f"{first}{rng.choice('aeiou')}•••••@outlook.com",
            f"{first}*****{rng.choice('nrst')}@y****.com",
            f"{first}***@***.de",
            f"{first}••••@icloud.com",
        ]
    )


def _masked_phone(rng: random.Random) -> str:
    return rng.choice(
        [
            f"+44 **** ***{_digits(rng, 3)}",
            f"(***) ***-{_digits(rng, 4)}",
            f"+49 ••• •••• {_digits(rng, 2)}",
            f"******{_digits(rng, 4)}",
            f"+33 6 ** ** ** {_digits(rng, 2)}",
            f"07*** ***{_digits(rng, 3)}",
        ]
    )


def _masked_ssn(rng: random.Random) -> str:
    return rng.choice([f"***-**-{_digits(rng, 4)}", f"XXX-XX-{_digits(rng, 4)}", f"•••-••-{_digits(rng, 4)}"])


def _gift_card(rng: random.Random) -> str:
    while True:
        digits = rng.choice(["6006", "6035", "7777", "0420"]) + _digits(rng, 12)
        if luhn_digit(digits[:-1]) != digits[-1]:
            return " ".join(digits[i : i + 4] for i in range(0, 16, 4))


def _routing(rng: random.Random) -> str:
    while True:
        d = [rng.randint(0, 9) for _ in range(8)]
        d[0] = rng.choice([0, 1, 2, 3])
        total = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5])
        check = (10 - total % 10) % 10
        value = "".join(map(str, d)) + str(check)
        if value[0] == "0" or value[0] in "123":
            return value


def _iccid(rng: random.Random) -> str:
    body = "89" + rng.choice(["01", "44", "49", "33", "91", "61", "86"]) + _digits(rng, 14)
    return body + luhn_digit(body)


NEGATIVES_A: dict[str, tuple[Maker, list[str]]] = {
    "phone_word": (
        _phone_word,
        [
            "For security I can't read out the {v} - please check it under Profile > Contact details.",
            "We'll text a code to the {v} we have for you; it ends with the digits shown in the app.",
            "I'm not able to show the {v} in this chat, but you can edit it in Settings.",
            "Tel.: on request | Fax: none | {v}: not provided",
            "Your {v} hasn't been verified yet, so two-step login is off.",
            "Please reply with the {v} you'd like us to use - the one on the account bounced.",
            '{{"phone": null, "phone_verified": false, "note": "{v} missing"}}',
        ],
    ),
    "asset": (
        _asset,
        [
            "The retina image failed to load: GET /static/img/{v} returned 404.",
            '<img src="/assets/{v}" alt="" width="120">',
            "Replace {v} in the theme folder and clear the CDN cache.",
            'srcset="img/{v} 2x" is missing from the product page template.',
            "Die Datei {v} ist zu groß (2,3 MB), bitte komprimieren.",
        ],
    ),
    "package": (
        _package,
        [
            "The build broke after upgrading to {v}; pin the previous version for now.",
            "npm ERR! peer dep missing: {v}",
            "Run `npm install {v} --save-exact` and restart the dev server.",
            '"dependencies": {{ "{v}": "" }} is not valid - put the version on the right-hand side.',
            "yarn why {v}",
        ],
    ),
    "handle": (
        _handle,
        [
            "Tag us on Instagram - the winner last month was {v}.",
            "Our community manager {v} will reply to your post on X.",
            "El sorteo lo ganó {v}; lo anunciamos en TikTok.",
            "Slack: ping {v} in #checkout-incidents if the deploy stalls.",
            "Follow {v} for the restock alerts.",
        ],
    ),
    "localhost": (
        _localhost,
        [
            "The worker can't connect: `{v}` refused the connection.",
            "In dev the service logs in as {v}; production uses a secrets manager.",
            "ERROR  connection failed: {v} (password authentication failed)",
            "Local dev login: {v}",
            "Run it against {v} from inside the container instead.",
        ],
    ),
    "imei": (
        _imei,
        [
            "The replacement phone has IMEI {v}; please keep the box for the warranty.",
            "IMEI: {v}\nModel: Galaxy A54\nColour: graphite",
            "Para desbloquear el equipo necesitamos el IMEI {v} que aparece al marcar *#06#.",
            "Das Gerät mit der IMEI {v} wurde als gestohlen gemeldet und gesperrt.",
            "device_imei={v} status=blacklisted carrier=unknown",
        ],
    ),
    "ein": (
        _ein,
        [
            "Our company's EIN is {v}; use it on the W-9 instead of a personal number.",
            "Employer Identification Number: {v}",
            "The 1099-K was issued to the business, federal tax ID {v}.",
            "El número de identificación del empleador (EIN) de la tienda es {v}.",
            "Vendor: Blue Heron Supply LLC, FEIN {v}, net 30.",
        ],
    ),
    "bic": (
        _bic,
        [
            "For international transfers you'll also need the BIC/SWIFT code {v}.",
            "SWIFT: {v}",
            "Le code BIC de notre banque est {v}.",
            "Der BIC {v} gehört zur Filiale in der Innenstadt.",
            "bic={v} clearing=SEPA-SCT",
        ],
    ),
    "creditor_ref": (
        _creditor_ref,
        [
            "Please quote the structured reference {v} when paying the invoice.",
            "Reference (RF): {v}",
            "Betalingskenmerk: {v} - vergeet dit niet in te vullen.",
            "Viitenumero {v}, eräpäivä 15.11.",
            "Creditor reference {v} identifies the invoice, not your account.",
        ],
    ),
    "masked_card": (
        _masked_card,
        [
            "The payment was made with the card {v}; I can only see the last four digits.",
            "Tarjeta: {v} (caducada)",
            "Karte {v} wurde als Standard-Zahlungsmittel entfernt.",
            'card_display="{v}" wallet=apple_pay',
            "Refund issued to Visa {v} on 12 May.",
        ],
    ),
    "masked_email": (
        _masked_email,
        [
            "We sent the code to {v} - the full address is hidden for your privacy.",
            "Le code a été envoyé à {v}.",
            "Account email: {v} (masked)",
            "Check the inbox of {v}; it may take a few minutes.",
        ],
    ),
    "masked_phone": (
        _masked_phone,
        [
            "We'll send an SMS to {v}.",
            "Der Code wurde an {v} gesendet.",
            "Registered mobile: {v}",
            "Si ce n'est plus votre numéro ({v}), mettez-le à jour dans l'appli.",
        ],
    ),
    "masked_ssn": (
        _masked_ssn,
        [
            "For your protection the SSN on file shows as {v}.",
            "SSN: {v} (verified 2024)",
            "El número de Seguro Social aparece como {v} en el portal.",
            "Only the last four are kept: {v}.",
        ],
    ),
    "gift_card": (
        _gift_card,
        [
            "Gift card {v} has a balance of $25.00 left.",
            "Tarjeta regalo: {v} - saldo 40,00 €",
            "The voucher number {v} was already redeemed on 2 June.",
            "Geschenkkarte {v}, PIN auf der Rückseite freirubbeln.",
        ],
    ),
    "routing": (
        _routing,
        [
            "The ACH routing number for our bank is {v}; your account number is not shown here.",
            "Routing (ABA): {v}",
            "Direct deposit needs the routing number {v} and the account number from your checks.",
            "Número de ruta bancaria: {v}",
            "aba_routing={v} account_type=checking",
        ],
    ),
    "iccid": (
        _iccid,
        [
            "The SIM card's ICCID is {v}; it's printed under the chip.",
            "ICCID: {v}\nStatus: active\nPlan: 10 GB",
            "Para activar la eSIM usa el ICCID {v}.",
            "sim_iccid={v} msisdn=null",
        ],
    ),
}
