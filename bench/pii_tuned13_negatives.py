"""Hard negatives for the held-out part (bench/make_pii_tuned13.py), first half: replies without PII whose numbers and
strings look like a phone, a card, an SSN, an IBAN or an e-mail address but are none (kind -> reply maker)."""

from __future__ import annotations

import random
from collections.abc import Callable

from pii_corpus_values import luhn_digit
from pii_tuned13_docs import digits, letters

Maker = Callable[[random.Random], str]


def _imei(rng: random.Random) -> str:
    body = rng.choice(["35", "86", "01", "49"]) + digits(rng, 12)
    return body + luhn_digit(body)


def _phone_word(rng: random.Random) -> str:
    word = rng.choice(["FLOWERS", "GOFEDEX", "CALLATT", "PIZZANOW", "MYBANK1", "HELPNOW", "TAXI", "PLUMBER", "CARPETS"])
    text = rng.choice(
        [
            "Our jingle number is 1-800-{w}; the operator there can only take new orders, not refunds.",
            "The poster says dial 1-888-{w}, but that line was retired in 2019.",
            "Vanity line on the van: 0800-{w}. It forwards to the same queue as this chat.",
            "Customers still remember the old 1-877-{w} slogan from the radio ads.",
        ]
    )
    return text.replace("{w}", word)


def _asset(rng: random.Random) -> str:
    name = rng.choice(["logo", "hero-banner", "icon-cart", "avatar-default", "badge_gold", "splash", "btn-next"])
    scale = rng.choice(["@2x.", "@1.5x.", "@3x.", "@2x.", "@1.5x."])
    ext = rng.choice(["png", "webp", "jpg"])
    return rng.choice(
        [
            f"The blurry image is because the app loads {name}{scale}{ext} on every screen density.",
            f"Please re-export {name}{scale}{ext} at 144 dpi and drop it in /static/img/.",
            f"CDN miss for /assets/{name}{scale}{ext} (HTTP 404) - cache purge is scheduled.",
        ]
    )


def _package(rng: random.Random) -> str:
    pkg = rng.choice(["react", "lodash", "@angular/core", "left-pad", "express", "typescript", "@babel/preset-env"])
    ver = f"{rng.randint(1, 19)}.{rng.randint(0, 30)}.{rng.randint(0, 12)}"
    return rng.choice(
        [
            f"The widget breaks after upgrading; pin it with `npm install {pkg}@{ver}` for now.",
            f"Our SDK requires {pkg}@^{ver} as a peer dependency.",
            f"yarn resolved {pkg}@{ver} twice - run `yarn dedupe` and rebuild.",
        ]
    )


def _handle(rng: random.Random) -> str:
    h = rng.choice(["shopsupport", "acme_help", "NorthwindCares", "dev_rel", "team.orbit", "bikeshop_ops"])
    return rng.choice(
        [
            f"You can also DM us on X at @{h} - we reply within the hour.",
            f"Tag @{h} in your post and the social team will pick it up.",
            f"Our Instagram is @{h}{rng.randint(1, 99)}; please don't send order details there.",
        ]
    )


def _localhost(rng: random.Random) -> str:
    user = rng.choice(["postgres", "root", "admin", "deploy", "git", "ubuntu", "jenkins"])
    return rng.choice(
        [
            f"Connect with psql -h 127.0.0.1 or simply ssh {user}@localhost -p {rng.randint(2200, 2299)} on the box.",
            f"Mail from cron goes to {user}@localhost, which nobody reads - that's why you missed it.",
            f"The DSN is mysql://{user}@localhost:3306/shop in the dev container.",
        ]
    )


def _imei_reply(rng: random.Random) -> str:
    return rng.choice(
        [
            f"The handset's IMEI is {_imei(rng)}; we've flagged it so the carrier can block it.",
            f"IMEI {_imei(rng)} is still under warranty until {rng.randint(2025, 2027)}.",
            f"Dial *#06# - the first IMEI shown should read {_imei(rng)}.",
        ]
    )


def _ein(rng: random.Random) -> str:
    ein = f"{rng.choice(['12', '27', '45', '46', '81', '94', '33'])}-{digits(rng, 7)}"
    return rng.choice(
        [
            f"Our company EIN for the W-9 is {ein} (that's the business, not a personal number).",
            f"Employer Identification Number: {ein} - use it on the vendor form.",
            f"The 1099 lists payer TIN {ein}, which is our federal employer ID.",
        ]
    )


def _bic(rng: random.Random) -> str:
    bic = rng.choice(
        ["DEUTDEFF", "COBADEFFXXX", "BNPAFRPP", "INGBNL2A", "CHASUS33", "HSBCGB2L", "UNCRITMM", "BARCGB22"]
    )
    return rng.choice(
        [
            f"For international transfers use SWIFT/BIC {bic}; the IBAN stays the one on your statement.",
            f"Our bank's BIC is {bic} - the branch code {digits(rng, 3)} is not needed.",
            f"Correspondent bank: {bic}, intermediary fee {rng.randint(10, 30)} EUR.",
        ]
    )


def _creditor_ref(rng: random.Random) -> str:
    ref = f"RF{rng.randint(10, 99)} {digits(rng, 4)} {digits(rng, 4)} {digits(rng, 4)}"
    return rng.choice(
        [
            f"Please quote the structured creditor reference {ref} when paying, not your name.",
            f"Payment reference (ISO 11649): {ref}",
            f"The bank rejected it because the reference {ref} had a typo.",
        ]
    )


def _order_id(rng: random.Random) -> str:
    return rng.choice(
        [
            f"Order {digits(rng, 3)}-{digits(rng, 7)}-{digits(rng, 7)} was split into two shipments.",
            f"Your order number is {digits(rng, 10)}; it ships from the Leipzig warehouse.",
            f"I merged orders #{digits(rng, 7)} and #{digits(rng, 7)} so you pay shipping once.",
        ]
    )


def _tracking(rng: random.Random) -> str:
    return rng.choice(
        [
            f"Tracking: 1Z{letters(rng, 1)}{digits(rng, 2)}{letters(rng, 2)}{digits(rng, 10)} (UPS Ground).",
            f"The DHL waybill {digits(rng, 10)} shows 'held at customs'.",
            f"Royal Mail reference {letters(rng, 2)}{digits(rng, 9)}GB is out for delivery.",
            f"USPS tracking {rng.choice(['9400', '9205', '9361'])} {digits(rng, 4)} {digits(rng, 4)} {digits(rng, 4)}"
            f" {digits(rng, 4)} {digits(rng, 2)} was updated an hour ago.",
        ]
    )


def _date_time(rng: random.Random) -> str:
    y, m, d = rng.randint(2023, 2026), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        [
            f"The warranty runs from {d:02d}.{m:02d}.{y} to {d:02d}.{m:02d}.{y + 2}.",
            f"Window booked: {y}-{m:02d}-{d:02d} 08:00-12:00, rebooking allowed until {y}-{m:02d}-{d:02d}T06:00:00Z.",
            f"Billing period {m:02d}/{d:02d}/{y} - {m:02d}/{d:02d}/{y + 1}, renewal at 00:00 UTC.",
            f"Last sync at {rng.randint(1_600_000_000, 1_800_000_000)} (unix time), i.e. a few minutes ago.",
        ]
    )


def _amount(rng: random.Random) -> str:
    return rng.choice(
        [
            f"The total is {rng.randint(1, 9)} {digits(rng, 3)} {digits(rng, 3)},{digits(rng, 2)} Ft including VAT.",
            f"Refund issued: ¥{rng.randint(1, 999)},{digits(rng, 3)},{digits(rng, 3)} for the whole fleet order.",
            f"Invoice total INR {rng.randint(1, 99)},{digits(rng, 2)},{digits(rng, 3)}.00, payable in 30 days.",
            f"Balance: USD {rng.randint(100, 999)},{digits(rng, 3)}.{digits(rng, 2)} across {rng.randint(2, 9)} accounts.",
        ]
    )


def _version(rng: random.Random) -> str:
    return rng.choice(
        [
            f"Update the firmware to {rng.randint(1, 9)}.{rng.randint(0, 99)}.{digits(rng, 4)}.{digits(rng, 3)}.",
            f"You're on build {rng.randint(20, 25)}{digits(rng, 2)}.{digits(rng, 4)}.{digits(rng, 3)}; "
            f"the fix is in the next one.",
            f"Android app v{rng.randint(3, 9)}.{rng.randint(0, 40)}.{rng.randint(0, 9)} (code {digits(rng, 9)}).",
        ]
    )


def _hash(rng: random.Random) -> str:
    hx = "".join(rng.choice("0123456789abcdef") for _ in range(64))
    return rng.choice(
        [
            f"The download's SHA-256 should be {hx}.",
            f"Fixed in commit {hx[:40]} on main.",
            f"Pull by digest: registry.example/shop/api@sha256:{hx}",
        ]
    )


def _ip(rng: random.Random) -> str:
    a = f"{rng.randint(11, 223)}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    h = ":".join("".join(rng.choice("0123456789abcdef") for _ in range(4)) for _ in range(4))
    return rng.choice(
        [
            f"Your router's WAN address is {a}; whitelist it in the dashboard.",
            f"Blocked after 5 failed logins from {a} and 2001:db8:{h}.",
            f"Set the DNS to {a} and reboot the modem.",
        ]
    )


def _serial(rng: random.Random) -> str:
    return rng.choice(
        [
            f"Serial number {letters(rng, 3)}{digits(rng, 9)} is registered to the store, not to you.",
            f"S/N {digits(rng, 4)}-{digits(rng, 4)}-{digits(rng, 4)}-{digits(rng, 4)} on the back label is the boiler's.",
            f"Device serial {digits(rng, 12)} is out of warranty since spring.",
        ]
    )


def _masked_card(rng: random.Random) -> str:
    last = digits(rng, 4)
    return rng.choice(
        [
            f"The charge was on the Visa ending in {last} (**** **** **** {last}).",
            f"Card on file: {rng.choice(['5', '4', '3'])}{digits(rng, 5)}******{last}, expires 08/27.",
            f"We only store the last four digits, XXXX-XXXX-XXXX-{last}.",
        ]
    )


NEGATIVES_A: dict[str, Maker] = {
    "phone_word": _phone_word,
    "asset": _asset,
    "package": _package,
    "handle": _handle,
    "localhost": _localhost,
    "imei": _imei_reply,
    "ein": _ein,
    "bic": _bic,
    "creditor_ref": _creditor_ref,
    "order_id": _order_id,
    "tracking": _tracking,
    "date_time": _date_time,
    "amount": _amount,
    "version": _version,
    "hash": _hash,
    "ip_address": _ip,
    "serial": _serial,
    "masked_card": _masked_card,
}
