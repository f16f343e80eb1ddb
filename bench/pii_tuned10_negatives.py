"""Replies without personal data for PII tuned part 10 that a naive detector might still flag: vanity phone
words, image assets at @2x and @1.5x, package specifiers, social handles, accounts at localhost, IMEIs, EINs, BICs
and ISO 11649 creditor references. Each kind's sentence is filled with freshly drawn values."""

from __future__ import annotations

import random
import string
from collections.abc import Callable

from pii_corpus_values import Line, luhn_digit  # noqa: E402 - bench scripts run with bench/ on the path


def _digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def _fill(rng: random.Random, template: str, values: dict[str, Callable[[random.Random], str]]) -> str:
    out, rest = "", template
    while "{" in rest:
        before, _, after = rest.partition("{")
        name, _, rest = after.partition("}")
        out += before + values[name](rng)
    return out + rest


def vanity(rng: random.Random) -> str:
    word = rng.choice(["FLOWERS", "GO-PIZZA", "HOLIDAY", "TAXI-NOW", "CARPETS", "PLUMBER", "MOVE-NOW", "4-SOLAR"])
    return f"1-{rng.choice(['800', '888', '877', '866'])}-{word}"


def asset(rng: random.Random) -> str:
    name = rng.choice(["logo", "hero-banner", "icon-cart", "avatar-placeholder", "btn_checkout", "splash", "badge-new"])
    return f"{name}@{rng.choice(['2x', '1.5x', '2x', '3x', '1.5x'])}.{rng.choice(['png', 'webp', 'jpg'])}"


def package(rng: random.Random) -> str:
    return rng.choice(
        [
            f"@babel/preset-env@7.{rng.randint(10, 25)}.{rng.randint(0, 9)}",
            f"lodash@4.17.{rng.randint(10, 21)}",
            f"@types/node@{rng.randint(16, 22)}.{rng.randint(0, 19)}.{rng.randint(0, 9)}",
            f"react-dom@18.{rng.randint(0, 3)}.{rng.randint(0, 9)}",
            f"@angular/core@{rng.randint(14, 18)}.{rng.randint(0, 2)}.{rng.randint(0, 9)}",
            f"left-pad@1.{rng.randint(1, 3)}.0",
            f"@sentry/browser@^{rng.randint(6, 8)}.{rng.randint(0, 99)}.0",
        ]
    )


def handle(rng: random.Random) -> str:
    return "@" + rng.choice(["maria_lopez", "dev_ops_guy", "kwame.codes", "noodle_fan88", "anh_pham", "the_real_gus"])


def at_localhost(rng: random.Random) -> str:
    return rng.choice(["root", "postgres", "admin", "deploy", "jenkins", "www-data"]) + "@localhost"


def imei(rng: random.Random) -> str:
    body = rng.choice(["35", "86", "01", "49"]) + _digits(rng, 12)
    full = body + luhn_digit(body)
    return full if rng.random() < 0.6 else f"{full[:2]}-{full[2:8]}-{full[8:14]}-{full[14]}"


def ein(rng: random.Random) -> str:
    return f"{rng.choice(['12', '20', '27', '45', '46', '81', '94', '38'])}-{_digits(rng, 7)}"


def bic(rng: random.Random) -> str:
    return rng.choice(
        ["DEUTDEFF", "COBADEFFXXX", "BNPAFRPP", "INGBNL2A", "BBVAESMM", "UNCRITMM", "NWBKGB2L", "RABONL2U", "KBCBBEBB"]
        + ["POFICHBEXXX", "HANDSESS", "DABAFIHH", "BKAUATWW", "GIBACZPX", "PKOPPLPW", "CITIUS33", "HSBCHKHH"]
    )


def creditor_ref(rng: random.Random) -> str:
    ref = _digits(rng, rng.randint(8, 15))
    value = int("".join(str(int(ch, 36)) for ch in ref + "RF00"))
    compact = f"RF{98 - value % 97:02d}{ref}"
    return " ".join(compact[i : i + 4] for i in range(0, len(compact), 4)) if rng.random() < 0.6 else compact


def amount(rng: random.Random) -> str:
    return f"{rng.randint(3, 900)}.{rng.randint(0, 99):02d}"


NEGATIVES: dict[str, tuple[list[str], dict[str, Callable[[random.Random], str]]]] = {
    "phone_word": (
        [
            "The florist's order line is {v}; they handle same-day wreaths.",
            "That advert says to dial {v}, but it's a national franchise, not the local shop.",
            "Their billboard number {v} forwards to a call centre in another state.",
            "Spell it out on the keypad: {v}.",
        ],
        {"v": vanity},
    ),
    "asset": (
        [
            "The retina version is missing: {v} returns 404 from the CDN.",
            "Please add {v} to the asset catalogue so high-density screens pick it up.",
            "Your theme only ships {v}, so the header looks blurry on older phones.",
            "I replaced {v} with an SVG; the build no longer warns about it.",
        ],
        {"v": asset},
    ),
    "package": (
        [
            "Pinning {v} in package.json fixes the peer-dependency warning.",
            "Run `npm install {v}` and restart the dev server.",
            "The lockfile still resolves {v}, which is why the old bug is back.",
            "Downgrade to {v} until the regression is patched upstream.",
        ],
        {"v": package},
    ),
    "handle": (
        [
            "Tag {v} on Instagram and we'll repost your photo.",
            "The reviewer {v} mentioned the same issue in the app store comments.",
            "You can DM {v} on X if the form doesn't load.",
            "Our community moderator, {v}, pinned the workaround in the forum.",
        ],
        {"v": handle},
    ),
    "localhost": (
        [
            "Cron mails go to {v} by default, so nobody outside the box sees them.",
            "The connection string uses {v}:5432, which only works on the server itself.",
            "Bounces were addressed to {v}; I've pointed them at the ticket queue instead.",
            "Log in as {v} only from the console - remote access is disabled.",
        ],
        {"v": at_localhost},
    ),
    "imei": (
        [
            "The handset's IMEI is {v}; the carrier has now unblocked it.",
            "Dial *#06# and compare with the IMEI on the box: {v}.",
            "Warranty claim noted for device IMEI {v}.",
            "IMEI {v} was reported stolen, so we cannot activate the SIM on it.",
        ],
        {"v": imei},
    ),
    "ein": (
        [
            "The vendor's EIN on the W-9 is {v}.",
            "Our Employer Identification Number is {v}; it appears on every 1099 we issue.",
            "The nonprofit's EIN, {v}, checks out in the IRS exempt-organisation search.",
            "Enter EIN {v} in box b of the form.",
        ],
        {"v": ein},
    ),
    "bic": (
        [
            "The bank's SWIFT/BIC code is {v}.",
            "For transfers from abroad add BIC {v}; the IBAN alone is not enough.",
            "The payment bounced because {v} was typed with a trailing space.",
            "Correspondent bank: {v} (intermediary for USD wires).",
        ],
        {"v": bic},
    ),
    "creditor_ref": (
        [
            "Quote the structured reference {v} so the payment is matched automatically.",
            "Your invoice carries creditor reference {v}.",
            "Use {v} as the payment reference, not the invoice number.",
            "The remittance field must say {v} exactly - amount due {a} EUR.",
        ],
        {"v": creditor_ref, "a": amount},
    ),
}


def negative_rows(rng: random.Random, per_kind: int = 30) -> list[Line]:
    lines = []
    for kind, (templates, values) in NEGATIVES.items():
        for i in range(per_kind):
            text = _fill(rng, templates[i % len(templates)], values)
            need = {0: "@1.5x.", 1: "@2x."}.get(i) if kind == "asset" else None
            while need and need not in text:  # both densities appear whatever the draws
                text = _fill(rng, templates[i % len(templates)], values)
            lines.append(Line("negative", kind, "lang-en", "setting-" + rng.choice(["saas", "retail", "bank", "it"])))
            lines[-1].add(text)
    return lines
