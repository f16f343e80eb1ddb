"""Hard negatives of PII tuned part 7, part one: replies with no personal data that a careless detector could
still flag - words for a phone without a number, image assets and packages with an ``@``, handles, localhost,
IMEIs, EINs, BICs, creditor references, and ids with phone-length digits beside phone words."""

from __future__ import annotations

import random
from collections.abc import Callable

from pii_corpus_values import card_digits, iban_check


def n(rng: random.Random, k: int) -> str:
    return rng.choice("123456789") + "".join(rng.choice("0123456789") for _ in range(k - 1))


def pick(rng: random.Random, options: list[str]) -> str:
    return rng.choice(options)


def phone_word(rng: random.Random) -> str:
    return pick(
        rng,
        [
            "Please call us back on the number printed on your confirmation email.",
            "Your phone number has been verified - you can now turn on two-step sign-in.",
            "Bitte rufen Sie uns unter der Nummer auf Ihrer Rechnung an.",
            "Puede llamarnos al número que aparece en el reverso de su tarjeta.",
            "Nous vous rappellerons sur le numéro enregistré dans votre compte.",
            "कृपया अपने पंजीकृत मोबाइल नंबर से हमें कॉल करें।",
            "ご登録の電話番号宛てにSMSをお送りしました。",
            "I can't see a mobile number on this account, would you like to add one?",
            "The phone line was down between 09:00 and 11:30; sorry for the wait.",
            f"Press {rng.randint(1, 9)} when you hear the menu, then {rng.randint(1, 9)} for billing.",
            "Você receberá uma ligação do nosso time em até 2 dias úteis.",
            "Ваш номер телефона подтверждён.",
        ],
    )


def asset(rng: random.Random) -> str:
    name = pick(rng, ["logo", "hero-banner", "icon-cart", "avatar-placeholder", "btn_checkout", "splash"])
    scale = pick(rng, ["@2x.", "@1.5x.", "@3x.", "@2x.", "@1.5x."])
    ext = pick(rng, ["png", "jpg", "webp"])
    return pick(
        rng,
        [
            f"The blurry image is fixed: we now ship {name}{scale}{ext} for high-density screens.",
            f"Missing asset: static/img/{name}{scale}{ext} (404)",
            f'<img src="/assets/{name}.{ext}" srcset="/assets/{name}{scale}{ext} 2x">',
            f"Replace {name}{scale}{ext} in the app bundle and rebuild.",
        ],
    )


def package(rng: random.Random) -> str:
    pkg = pick(rng, ["@angular/core", "react-dom", "@babel/preset-env", "lodash", "@types/node", "vite", "@nestjs/cli"])
    ver = f"{rng.randint(1, 20)}.{rng.randint(0, 15)}.{rng.randint(0, 30)}"
    return pick(
        rng,
        [
            f"Run `npm install {pkg}@{ver}` and restart the dev server.",
            f"The build pins {pkg}@{ver}; upgrading should fix the warning.",
            f"yarn add {pkg}@^{ver}",
            f"Downgrade to {pkg}@{ver} until the regression is fixed.",
            f"go get golang.org/x/net@v0.{rng.randint(10, 30)}.0",
        ],
    )


def handle(rng: random.Random) -> str:
    user = pick(rng, ["maria.lopez", "dev_ops", "kwame_builds", "the.cozy.kitchen", "acme_help", "jun_photo"])
    return pick(
        rng,
        [
            f"Tag us @{user} on Instagram and we'll repost your photo!",
            f"Ping @{user} in the #billing channel for the export.",
            f"Follow @{user} for outage updates.",
            f"Thanks @{user}, fixed in the latest release.",
        ],
    )


def localhost(rng: random.Random) -> str:
    port = rng.choice([3000, 5432, 8000, 8080, 6379, 5173])
    return pick(
        rng,
        [
            f"Before running migrations, set DATABASE_URL=postgres://shopper@localhost:{port}/storefront_dev in .env.",
            f"Open http://localhost:{port}/admin/orders and sign in with the seeded dev account.",
            f"The {rng.randint(1, 5)} a.m. cron report is mailed to root@localhost, which nobody on the team reads.",
            f"Tunnel with ssh -L {port}:localhost:{port} bastion-eu first, then point the client at it.",
            f"In the container the test sender is qa-mailer@localhost, so nothing leaves port {port}.",
        ],
    )


def imei(rng: random.Random) -> str:
    value = card_digits(rng, pick(rng, ["35", "86", "01", "49"]), 15)
    return pick(
        rng,
        [
            f"The device's IMEI is {value}; it has been blocked on our network.",
            f"IMEI: {value}\nModel: Pixel 8\nStatus: unlocked",
            f"Dial *#06# to see the IMEI - yours is {value} per the repair ticket.",
            f"El IMEI del equipo es {value}.",
        ],
    )


def ein(rng: random.Random) -> str:
    value = f"{rng.choice([12, 20, 27, 45, 46, 54, 81, 84, 91, 94])}-{n(rng, 7)}"
    return pick(
        rng,
        [
            f"Our company's EIN is {value}; it's printed on every invoice.",
            f"Employer Identification Number (EIN): {value}",
            f"The 1099 lists the payer's federal tax ID, EIN {value}.",
        ],
    )


def bic(rng: random.Random) -> str:
    code = pick(rng, ["COBADEFFXXX", "BNPAFRPP", "DEUTDEBBXXX", "RABONL2U", "BARCGB22", "CHASUS33", "UBSWCHZH80A"])
    return pick(
        rng,
        [
            f"For international transfers use our bank's BIC {code}.",
            f"SWIFT code: {code}",
            f"Der BIC der Bank lautet {code}.",
            f"Le code BIC de la banque est {code}.",
        ],
    )


def creditor_ref(rng: random.Random) -> str:
    ref = n(rng, rng.choice([8, 10, 12, 16]))
    value = "RF" + iban_check("RF", ref) + ref
    written = " ".join(value[i : i + 4] for i in range(0, len(value), 4)) if rng.random() < 0.6 else value
    return pick(
        rng,
        [
            f"Please quote the creditor reference {written} with your payment.",
            f"Reference (RF): {written}",
            f"Viitenumero: {written}",
            f"Use {written} as the structured reference, not free text.",
        ],
    )


def id_phone_word(rng: random.Random) -> str:
    """An id with as many digits as a phone number, next to a word for a phone, in several languages."""
    num = n(rng, rng.choice([9, 10, 11]))
    return pick(
        rng,
        [
            f"Please have your ticket number {num} ready when you call us.",
            f"When you phone, quote case {num} so we can find your file quickly.",
            f"Bitte nennen Sie am Telefon Ihre Kundennummer {num}.",
            f"Cuando llame, indique su número de pedido {num}.",
            f"Lors de votre appel, indiquez le numéro de dossier {num}.",
            f"कॉल करते समय अपना शिकायत नंबर {num} बताएं।",
            f"お電話の際は受付番号{num}をお伝えください。",
            f"Ao ligar, informe o protocolo {num}.",
            f"Call our hotline and give the agent your account number {num}.",
            f"Khi gọi điện, vui lòng cung cấp mã đơn {num}.",
        ],
    )


def contact_word(rng: random.Random) -> str:
    return pick(
        rng,
        [
            "We've emailed you a link to reset your password.",
            "Reply to this email if the problem continues.",
            "Your email address is hidden from other buyers.",
            "Le hemos enviado un correo electrónico con los pasos a seguir.",
            "Wir haben Ihnen eine E-Mail mit dem Rücksendeetikett geschickt.",
            "The sender's address bounced, so we couldn't reply.",
            "Vous recevrez un e-mail de confirmation dans quelques minutes.",
            "確認メールが届かない場合は迷惑メールフォルダをご確認ください。",
            "Check the email address you typed - there may be a typo in the domain.",
            "ईमेल पता बदलने के लिए सेटिंग्स में जाएं।",
            "Abbiamo inviato un'email con il codice di verifica.",
        ],
    )


def ssn_word(rng: random.Random) -> str:
    return pick(
        rng,
        [
            "We will never ask for your Social Security number over chat.",
            "Please don't send your SSN by email; use the secure upload instead.",
            "The form needs the last four digits of the SSN only, which you already gave.",
            "Nunca le pediremos su número de Seguro Social por teléfono.",
            f"Your SSN was verified on {rng.randint(1, 28)} March; nothing else is needed.",
        ],
    )


def card_word(rng: random.Random) -> str:
    return pick(
        rng,
        [
            "Your card was declined by the issuer; please try another payment method.",
            "The card on file expires next month - update it in Settings > Billing.",
            "We don't store full card numbers, only a token from the payment processor.",
            "La tarjeta fue rechazada. Intente con otra tarjeta o con PayPal.",
            f"Card payments over ${rng.randint(5, 20)}00 need 3-D Secure approval.",
        ],
    )


KINDS_A: dict[str, Callable[[random.Random], str]] = {
    "phone_word": phone_word,
    "asset": asset,
    "package": package,
    "handle": handle,
    "localhost": localhost,
    "imei": imei,
    "ein": ein,
    "bic": bic,
    "creditor_ref": creditor_ref,
    "id_phone_word": id_phone_word,
    "contact_word": contact_word,
    "ssn_word": ssn_word,
    "card_word": card_word,
}
