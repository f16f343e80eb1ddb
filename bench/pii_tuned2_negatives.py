"""Hard negatives of tuned part 2 of the PII corpus (bench/make_pii_tuned2.py): identifiers that only look like
PII (ids next to the word phone, image assets with a scale suffix, npm packages, handles, ``user@localhost``,
IMEIs, EINs, BICs, creditor references and more), tagged ``["negative", kind]``. Split out of the generator
unchanged.
"""

from __future__ import annotations

import random

from pii_corpus_values import Line  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned2_ids import (  # noqa: E402 - bench scripts run with bench/ on the path
    creditor_reference,
    digits,
    iccid,
    imei,
    lead,
    order_id,
    sepa_creditor_id,
    ticket_id,
    tracking_id,
)

# ---- hard negatives -----------------------------------------------------------------------------------------------

ASSET_NAMES = [
    "icon", "logo", "banner", "hero", "avatar", "splash", "btn-primary", "Icon-App-60x60", "AppIcon", "background",
    "thumbnail", "sprite", "header-bg", "checkmark", "onboarding-step1",
]  # fmt: skip
ASSET_SCALES = ["2x", "3x", "1.5x", "4x", "2x", "3x"]
ASSET_EXTS = ["png", "jpg", "jpeg", "webp", "svg", "gif", "avif"]
PACKAGES = [
    "@babel/core", "@types/node", "@angular/cli@17.1.0", "@vue/cli@5.0.8", "react@18.2.0", "lodash@4.17.21",
    "typescript@5.4.5", "@tanstack/react-query@5.28.4", "eslint@^8.57.0", "@nestjs/common", "@mui/material@5.15.14",
    "next@14.1.4", "@sentry/browser@7.108.0", "vite@5.2.0",
]  # fmt: skip
HANDLES = ["@support", "@acme_help", "@NorthgateCare", "@maria.lopez", "@channel", "@here", "@devops-oncall"]


def asset(rng: random.Random) -> str:
    return f"{rng.choice(ASSET_NAMES)}@{rng.choice(ASSET_SCALES)}.{rng.choice(ASSET_EXTS)}"


def hex_digest(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def negative_makers(rng: random.Random) -> list[tuple[str, str]]:
    """(kind, reply): replies that reveal none of the five kinds of personal data, only look-alikes."""
    o10 = lead(rng, 10)
    return [
        # numbers next to the word "phone" (or a delivery) that are no phone number
        ("phone_word", f"Your phone order #{lead(rng, 10)} shipped today."),
        ("phone_word", f"Phone order {o10} was cancelled and refunded."),
        ("phone_word", f"The phone you ordered (order {lead(rng, 3)}-{digits(rng, 7)}-{digits(rng, 7)}) is out for delivery."),
        ("phone_word", f"Phone case SKU {lead(rng, 10)} is back in stock."),
        ("phone_word", f"Phone repair ticket {lead(rng, 6)}: the screen will be replaced by Friday."),
        ("phone_word", f"We received your phone trade-in, reference TI-{digits(rng, 8)}."),
        ("phone_word", f"Phone bill for March: $84.17, account {lead(rng, 9)}."),
        ("phone_word", f"Phone plan 40 GB, contract number {lead(rng, 10)}."),
        ("phone_word", f"Order {lead(rng, 3)} {lead(rng, 3)} {digits(rng, 4)} (one phone charger) has been delivered."),
        ("phone_word", f"Tracking for your new phone: {tracking_id(rng)}."),
        ("phone_word", f"The phone order line is open 08:00-20:00; have your order number {lead(rng, 8)} ready."),
        ("phone_word", f"Delivery {lead(rng, 10)} was attempted at 14:32 on 2025-03-18."),
        ("phone_word", f"I phoned the warehouse about delivery {lead(rng, 4)} {digits(rng, 3)} {digits(rng, 4)}; it leaves today."),
        ("phone_word", f"Phone support ticket {lead(rng, 3)}-{lead(rng, 3)}-{digits(rng, 4)} is closed."),
        ("phone_word", f"Su pedido de teléfono móvil {lead(rng, 10)} ha sido enviado."),
        ("phone_word", f"आपका फ़ोन ऑर्डर {lead(rng, 10)} भेज दिया गया है।"),
        ("phone_word", f"Ihre Bestellung {lead(rng, 10)} (Telefon) wurde versandt."),
        ("phone_word", f"Votre commande de téléphone n° {lead(rng, 9)} a été expédiée."),
        ("imei", f"Your phone's IMEI is {imei(rng)}; we've blocked it as stolen."),
        ("iccid", f"The SIM card number (ICCID) is {iccid(rng)}."),
        ("phone_model", f"Phone model SM-S918B, serial R5CT{digits(rng, 7)}."),
        ("phone_hours", "Our phone lines are open 9:00-17:30, Monday to Saturday (press 2 for orders)."),
        ("price", f"The phone costs {rng.randint(2, 9)} {digits(rng, 3)},00 € with the 24-month plan."),
        ("price", f"Refund of ${rng.randint(1, 9)},{digits(rng, 3)}.{digits(rng, 2)} for order {order_id(rng)} is on its way."),
        ("stats", f"We shipped {rng.randint(1, 9)} {digits(rng, 3)} {digits(rng, 3)} parcels in {rng.randint(2019, 2025)}."),
        ("date_time", f"Delivered on {rng.randint(1, 28):02d}.{rng.randint(1, 12):02d}.{rng.randint(2023, 2026)} {rng.randint(10, 23)}:{rng.randint(10, 59)}, order {order_id(rng)}."),
        ("tracking", f"Tracking number {tracking_id(rng)}; the courier's depot is in Leeds."),
        ("ticket", f"Ticket {ticket_id(rng)} was merged into {ticket_id(rng)}."),
        # @-strings that are no email address
        ("asset", f"Upload {asset(rng)} to the CDN so the header looks sharp on retina screens."),
        ("asset", f"The build is missing assets/img/{asset(rng)}."),
        ("asset", f"Replace {asset(rng)} and {asset(rng)} with the new artwork."),
        ("asset", f'<img src="/static/{(a := rng.choice(ASSET_NAMES))}.png" srcset="/static/{a}@2x.png 2x, /static/{a}@3x.png 3x">'),
        ("asset", f"https://cdn.acme-retail.com/img/{asset(rng)} returns 404 since the deploy."),
        ("asset", f"Exported {asset(rng)}, {asset(rng)} and {asset(rng)} from Figma."),
        ("package", f"Run `npm install {rng.choice(PACKAGES)}` and restart the dev server."),
        ("package", f"The lockfile pins {rng.choice(PACKAGES)} and {rng.choice(PACKAGES)}."),
        ("package", f"pnpm add {rng.choice(PACKAGES)} fixed the peer dependency warning."),
        ("package", f"brew install python@3.{rng.randint(10, 13)} openssl@3"),
        ("package", f"uses: actions/checkout@v4 then actions/setup-node@v{rng.randint(3, 4)}"),
        ("handle", f"Ping {rng.choice(HANDLES)} on Slack if the deploy fails."),
        ("handle", f"DM us {rng.choice(HANDLES)} - we answer within the hour."),
        ("localhost", f"The cron job mails root@localhost when the backup of order {order_id(rng)} fails."),
        ("localhost", "Log in as user@localhost on the dev box, not on production."),
        ("localhost", f"DATABASE_URL=postgres://app@localhost:5432/shop_{digits(rng, 2)}"),
        ("ssh", f"ssh deploy@10.0.{rng.randint(0, 255)}.{rng.randint(1, 254)} and restart the worker."),
        ("docker", f"Pin the image as nginx@sha256:{hex_digest(rng, 64)}."),
        ("snapshot", f"Restore tank/home@{rng.randint(2023, 2025)}-0{rng.randint(1, 9)}-1{rng.randint(0, 9)} first."),
        ("css", "@media (min-width: 768px) { .logo { background-image: url(logo@2x.png); } }"),
        ("decorator", "Add @app.route('/orders') above the view, then @login_required."),
        ("git", "Run git reset HEAD@{2} to undo the last two moves."),
        ("masked", f"We sent a code to j***@{rng.choice(['gmail.com', 'outlook.com', 'yahoo.fr'])}."),
        ("masked", f"Your card ending in {digits(rng, 4)} was charged €{rng.randint(5, 99)}.{digits(rng, 2)}."),
        ("masked", f"Card **** **** **** {digits(rng, 4)} expires next month."),
        ("masked", f"SSN on file: ***-**-{digits(rng, 4)}."),
        ("masked", f"The IBAN ends in …{digits(rng, 4)}; the rest is hidden."),
        ("time", f"Let's meet @ {rng.randint(1, 11)}pm to go over ticket {ticket_id(rng)}."),
        # look-alikes of cards, SSNs and IBANs
        ("ein", f"Our EIN is {rng.randint(10, 98)}-{digits(rng, 7)} (the company's tax id)."),
        ("zip4", f"Ship to the warehouse, ZIP {lead(rng, 5)}-{digits(rng, 4)}."),
        ("part_number", f"Part no. {lead(rng, 3)}-{digits(rng, 2)}-{digits(rng, 4)} fits the 2021 model."),
        ("bic", f"BIC {rng.choice(['COBADEFFXXX', 'BNPAFRPP', 'INGBNL2A', 'CAIXESBBXXX', 'UNCRITMM'])} for the transfer."),
        ("vat", f"VAT number {rng.choice([f'DE{lead(rng, 9)}', f'NL{lead(rng, 9)}B01', f'IT{digits(rng, 11)}', f'FR{digits(rng, 2)}{lead(rng, 9)}'])} is on the invoice."),
        ("creditor_ref", f"Please quote payment reference {creditor_reference(rng)}."),
        ("creditor_id", f"Gläubiger-ID {sepa_creditor_id(rng)}, Mandatsreferenz MNDT-{digits(rng, 6)}."),
        ("sort_code", f"Our bank: sort code {rng.randint(10, 99)}-{rng.randint(10, 99)}-{rng.randint(10, 99)}."),
        ("order", f"Amazon order {lead(rng, 3)}-{digits(rng, 7)}-{digits(rng, 7)} arrives tomorrow."),
        ("epoch", f"created_at={rng.randint(1_600_000_000_000, 1_750_000_000_000)} order={order_id(rng)}"),
        ("uuid", f"Request id {hex_digest(rng, 8)}-{hex_digest(rng, 4)}-4{hex_digest(rng, 3)}-a{hex_digest(rng, 3)}-{hex_digest(rng, 12)} failed."),
        ("version", f"App version {rng.randint(1, 9)}.{rng.randint(0, 40)}.{rng.randint(0, 400)} (build {lead(rng, 8)})."),
        ("meeting", f"Zoom meeting ID {lead(rng, 3)} {digits(rng, 4)} {digits(rng, 4)}, passcode {digits(rng, 6)}."),
    ]  # fmt: skip


def negative_lines(rng: random.Random) -> list[Line]:
    lines = []
    for _ in range(10):
        for kind, text in negative_makers(rng):
            lines.append(Line("negative", kind).add(text))
    return lines
