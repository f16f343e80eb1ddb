"""Hard negatives for PII tuned part 5 (bench/make_pii_tuned5.py), part 1: replies without any personal data
that look as if they had some. The word phone or call next to numbers that are no phone's, image assets with
``@2x.``/``@1.5x.`` scale suffixes, package pins, social handles, ``user@localhost``, IMEIs (15 digits with a Luhn
digit), EINs, BICs, RF creditor references, masked cards and masked emails, npm scoped packages, git remotes, docker
digests, code with ``@``. Part 2 is bench/pii_tuned5_negatives2.py.

Each kind is (templates, filler): a template is (language, text with ``{slots}``), the filler draws the slots."""

from __future__ import annotations

import random
import string
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pii_corpus_values import luhn_digit  # noqa: E402 - bench scripts run with bench/ on the path

Filler = Callable[[random.Random], dict[str, str]]
HEX = "0123456789abcdef"


def digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def date(rng: random.Random) -> str:
    return f"202{rng.randint(3, 6)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


def hexes(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(HEX) for _ in range(n))


# ---- the word phone next to numbers that are no phone's -----------------------------------------------------------

PHONE_WORD = [
    ("en", "Your phone plan renews on {date} at ${price} a month."),
    ("en", "The phone was bought on {date}; the warranty runs for {n} months."),
    ("en", "We answered {count} phone calls last week, {pct}% of them within two minutes."),
    ("en", "Phone model {model} supports eSIM from firmware {ver} onwards."),
    ("en", "Call volume peaked at {count} calls between 09:00 and 10:00 on {date}."),
    ("en", "A phone screen replacement costs ${price} and takes {n} working days."),
    ("en", "You have {gb} GB of data and {mins} minutes of calls left until {date}."),
    ("en", "The call lasted {mm}:{ss} and was transferred twice."),
    ("en", "Press 1 for billing, 2 for a technical problem or 3 to hear these options again."),
    ("en", "Phone storage: {gb} GB used of {cap} GB."),
    ("en", "Your phone bill for March is ${price}, due on {date}."),
    ("en", "Average call handling time dropped from {mins} to {n} minutes after the update."),
    ("es", "Su llamada es la número {n} en la cola; el tiempo de espera estimado es de {mins} minutos."),
    ("es", "El plan de telefonía móvil cuesta {price} € al mes e incluye {gb} GB."),
    ("hi", "फ़ोन पर {mins} मिनट बात हुई, इस महीने का बिल ₹{price} है।"),
    ("hi", "आपके फ़ोन प्लान में {gb} GB डेटा बचा है, जो {date} तक मान्य है।"),
    ("de", "Der Handyvertrag läuft bis {date}; die Grundgebühr beträgt {price} € im Monat."),
]


def phone_word(rng: random.Random) -> dict[str, str]:
    model = rng.choice(["SM-S921B", "Pixel 8a", "iPhone 15 (A3090)", "XT2343-2", "CPH2581", "Redmi Note 13"])
    return {
        "date": date(rng), "price": f"{rng.randint(9, 89)}.{rng.choice(['00', '99', '49'])}", "n": str(rng.randint(2, 24)),
        "count": f"{rng.randint(1, 9)},{digits(rng, 3)}", "pct": str(rng.randint(60, 98)), "model": model,
        "ver": f"{rng.randint(1, 4)}.{rng.randint(0, 9)}.{rng.randint(0, 30)}", "gb": str(rng.randint(1, 60)),
        "mins": str(rng.randint(3, 900)), "mm": f"{rng.randint(0, 59):02d}", "ss": f"{rng.randint(0, 59):02d}",
        "cap": rng.choice(["128", "256", "512"]),
    }  # fmt: skip


# ---- image assets with scale suffixes ------------------------------------------------------------------------------

ASSET = [
    ("en", "The retina logo is missing: upload {file} to /static/img/."),
    ("en", "Please replace {file} and {file2} with the new brand colours."),
    ("en", 'Use <img src="/img/{file}" alt="cart"> for high-density screens.'),
    ("en", "The build failed because {file} is referenced but not in the assets folder."),
    ("en", "The app bundle ships {file}, {file2} and the 1x version of each icon."),
    ("es", "Falta el recurso {file} en la carpeta de imágenes."),
]
ASSET_NAMES = ["icon-cart", "logo", "hero-banner", "avatar-default", "btn_close", "splash", "ic_phone", "mail-icon"]


def asset(rng: random.Random) -> dict[str, str]:
    def one() -> str:
        scale = rng.choice(["@2x", "@2x", "@1.5x", "@1.5x", "@3x"])
        return f"{rng.choice(ASSET_NAMES)}{scale}.{rng.choice(['png', 'webp', 'jpg'])}"

    return {"file": one(), "file2": one()}


# ---- package pins and npm scopes -----------------------------------------------------------------------------------

PACKAGE = [
    ("en", "The workflow pins `{action}`; bump it when the runner image changes."),
    ("en", "Run `npm install {pkg}` to get the version with the fix."),
    ("en", "We tested against {pkg} and {action} in CI."),
    ("en", "The lock file still says {pkg}; regenerate it and commit."),
    ("en", "`go install golang.org/x/tools/gopls@v0.{minor}.{patch}` installs the language server."),
]
ACTIONS = ["actions/setup-python@v5", "actions/checkout@v4", "actions/cache@v4", "docker/build-push-action@v6"]
PACKAGES = ["lodash", "express", "react", "left-pad", "zod", "axios", "vite", "pino"]


def package(rng: random.Random) -> dict[str, str]:
    version = f"{rng.randint(0, 19)}.{rng.randint(0, 30)}.{rng.randint(0, 12)}"
    return {"action": rng.choice(ACTIONS), "pkg": f"{rng.choice(PACKAGES)}@{version}"} | {
        "minor": str(rng.randint(10, 19)),
        "patch": str(rng.randint(0, 9)),
    }


NPM_SCOPE = [
    ("en", "Upgrade {scoped} first; the peer dependency warning comes from it."),
    ("en", "`pnpm add {scoped}` fixed the type errors in the build."),
    ("en", "The import from {scoped} breaks after 2.x, pin it in package.json."),
    ("en", "Both {scoped} and {scoped2} need the same major version."),
]
SCOPES = ["@angular/core", "@types/node", "@babel/preset-env", "@aws-sdk/client-s3", "@vue/cli", "@nestjs/common"]


def npm_scope(rng: random.Random) -> dict[str, str]:
    def one() -> str:
        return f"{rng.choice(SCOPES)}@{rng.randint(1, 20)}.{rng.randint(0, 15)}.{rng.randint(0, 9)}"

    return {"scoped": one(), "scoped2": rng.choice(SCOPES)}


# ---- social handles, localhost users, code with @ ---------------------------------------------------------------

HANDLE = [
    ("en", "Follow {h} for outage updates; we post there first."),
    ("en", "Tag {h} in your photo to enter the giveaway."),
    ("en", "Our community team answers DMs at {h} on weekdays."),
    ("es", "Síguenos en Instagram como {h} para ver las novedades."),
    ("en", "The campaign hashtag is #SummerDeals and the account is {h}."),
]
HANDLES = ["@northwind_cafe", "@kestrel_status", "@lumen.studio", "@tinyroast", "@parcelpigeonapp", "@fernweh_travel"]


def handle(rng: random.Random) -> dict[str, str]:
    return {"h": rng.choice(HANDLES) + rng.choice(["", "", "_help", "hq"])}


LOCALHOST = [
    ("en", "Cron sends its output to {u}@localhost, so check the local mailbox."),
    ("en", "Connect with `psql -U {u} -h localhost` and then run the migration."),
    ("en", "The git commits show {u}@localhost as the author because user.email was never set."),
    ("en", "`ssh {u}@localhost -p {port}` opens a shell in the dev container."),
    ("en", "MAILTO={u}@localhost in the crontab keeps the reports on the box."),
]


def localhost(rng: random.Random) -> dict[str, str]:
    return {"u": rng.choice(["root", "postgres", "deploy", "www-data", "vagrant", "ubuntu"]), "port": str(rng.randint(2200, 2299))}  # fmt: skip


CODE_AT = [
    ("en", "Add `{deco}` above the view and the route will register."),
    ("en", "The CSS rule `@media (max-width: {w}px)` hides the sidebar on phones."),
    ("en", "`{deco}` was removed in the last refactor, which is why the test stopped running."),
    ("en", "In Java the `@Override` annotation on line {n} is flagged because the parent method was renamed."),
]


def code_at(rng: random.Random) -> dict[str, str]:
    deco = rng.choice(["@app.route('/orders')", "@pytest.mark.slow", "@login_required", "@dataclass(frozen=True)"])
    return {"deco": deco, "w": str(rng.choice([480, 600, 768])), "n": str(rng.randint(10, 400))}


# ---- IMEIs, EINs, BICs, creditor references ---------------------------------------------------------------------

IMEI = [
    ("en", "The IMEI of the returned handset is {imei}."),
    ("en", "IMEI 1: {imei} / IMEI 2: {imei2} - both slots are unlocked."),
    ("en", "The blacklist request for IMEI {imei} was approved by the carrier."),
    ("en", "Dial *#06# to see your phone's IMEI; ours shows {imei}."),
    ("es", "El IMEI del equipo en reparación es {imei}."),
    ("hi", "लौटाए गए फ़ोन का IMEI नंबर {imei} है।"),
]


def imei_number(rng: random.Random) -> str:
    body = rng.choice(["35", "86", "01", "35", "99"]) + digits(rng, 12)
    value = body + luhn_digit(body)
    if rng.random() < 0.3:
        return f"{value[:2]}-{value[2:8]}-{value[8:14]}-{value[14]}"
    return value


def imei(rng: random.Random) -> dict[str, str]:
    return {"imei": imei_number(rng), "imei2": imei_number(rng)}


EIN = [
    ("en", "Our supplier's EIN is {ein}; put it on the 1099-NEC."),
    ("en", "Employer Identification Number (EIN): {ein} - Northwind Traders LLC."),
    ("en", "The charity's EIN, {ein}, is listed on its IRS determination letter."),
    ("en", "W-9 received from Kestrel Logistics Inc., EIN {ein}."),
    ("es", "El EIN de la empresa es {ein}."),
]
EIN_PREFIXES = ["01", "04", "10", "13", "20", "26", "27", "30", "35", "46", "52", "61", "74", "82", "84", "93", "98"]


def ein(rng: random.Random) -> dict[str, str]:
    return {"ein": f"{rng.choice(EIN_PREFIXES)}-{digits(rng, 7)}"}


BIC = [
    ("en", "The receiving bank's BIC is {bic}."),
    ("en", "For international transfers use SWIFT code {bic}; the IBAN stays the same."),
    ("de", "Bitte geben Sie als BIC {bic} an."),
    ("en", "SWIFT/BIC: {bic} (correspondent bank for USD payments)."),
    ("fr", "Le code BIC de notre banque est {bic}."),
]
BANKS = ["DEUT", "BNPA", "COBA", "INGB", "BBVA", "UBSW", "NDEA", "HSBC", "CITI", "SCBL", "ABNA", "RABO"]


def bic(rng: random.Random) -> dict[str, str]:
    country = rng.choice(["DE", "FR", "NL", "ES", "CH", "SE", "GB", "US", "SG", "AE"])
    branch = rng.choice(["", "", "XXX", "500", "100"])
    return {"bic": rng.choice(BANKS) + country + rng.choice(["FF", "PP", "2A", "22", "MM", "2X"]) + branch}


CREDITOR_REF = [
    ("en", "Please quote the payment reference {rf} when you pay invoice {inv}."),
    ("en", "Structured creditor reference: {rf}"),
    ("en", "The bank rejected the transfer because the reference {rf} was cut short."),
    ("fi", "Käytä maksaessa viitettä {rf}."),
    ("nl", "Vermeld bij de betaling de referentie {rf}."),
]


def creditor_ref(rng: random.Random) -> dict[str, str]:
    ref = (
        digits(rng, rng.randint(6, 14))
        if rng.random() < 0.7
        else "".join(rng.choice("ABCDEFGH0123456789") for _ in range(9))
    )
    check = 98 - int("".join(str(int(ch, 36)) for ch in ref + "RF00")) % 97
    rf = f"RF{check:02d}{ref}"
    if rng.random() < 0.6:
        rf = " ".join(rf[i : i + 4] for i in range(0, len(rf), 4))
    return {"rf": rf, "inv": f"INV-{digits(rng, 6)}"}


# ---- masked cards and emails ---------------------------------------------------------------------------------------

MASKED_CARD = [
    ("en", "The payment was made with the Visa {mask}."),
    ("en", "Card on file: {mask} (expires {exp})."),
    ("en", "We refunded $24.50 to {mask}; it can take 5 to 10 days to appear."),
    ("es", "El cargo se hizo a la tarjeta {mask}."),
    ("en", "Your default payment method is Mastercard {mask}."),
    ("en", "The card ending in {last} was declined twice on {date}."),
]


def masked_card(rng: random.Random) -> dict[str, str]:
    last = digits(rng, 4)
    bin_ = rng.choice(["4", "5"]) + digits(rng, 5)
    mask = rng.choice([f"•••• {last}", f"**** **** **** {last}", f"XXXX-XXXX-XXXX-{last}", f"{bin_}******{last}"])
    return {"mask": mask, "last": last, "exp": f"{rng.randint(1, 12):02d}/{rng.randint(26, 30)}", "date": date(rng)}


MASKED_EMAIL = [
    ("en", "We sent the verification code to {m}."),
    ("en", "A reset link is on its way to {m}; it expires in 30 minutes."),
    ("en", "For your security we only show part of the address: {m}."),
    ("es", "Enviamos el código a {m}."),
    ("hi", "सत्यापन कोड {m} पर भेजा गया है।"),
]


def masked_email(rng: random.Random) -> dict[str, str]:
    local = rng.choice(["j", "ma", "s.p", "k", "an", "t"])
    stars = rng.choice(["***", "•••••", "****", "*"])
    tail = rng.choice(["", "", "z", "a"])
    return {
        "m": f"{local}{stars}{tail}@{rng.choice(['gmail.com', 'outlook.com', 'yahoo.co.uk', 'proton.me', 'gmx.de'])}"
    }


# ---- git remotes and docker digests ----------------------------------------------------------------------------------

GIT_REMOTE = [
    ("en", "Clone it with `git clone {remote}` and check out the release branch."),
    ("en", "The deploy key only has read access to {remote}."),
    ("en", "`git remote set-url origin {remote}` fixes the push error."),
]


def git_remote(rng: random.Random) -> dict[str, str]:
    repo = rng.choice(["acme/shop", "kestrel/api", "northwind/infra", "lumen/site", "team/billing-service"])
    host = rng.choice(["git@github.com:", "git@gitlab.com:", "git@bitbucket.org:", "ssh://git@git.kestrel.dev:2222/"])
    return {"remote": f"{host}{repo}.git"}


DOCKER_DIGEST = [
    ("en", "Pin the image by digest: `{image}`."),
    ("en", "The cluster pulled {image}, which is the patched build."),
    ("en", "Roll back to {image} if the health check fails again."),
]


def docker_digest(rng: random.Random) -> dict[str, str]:
    name = rng.choice(["nginx", "postgres", "ghcr.io/acme/api", "redis", "python"])
    return {"image": f"{name}@sha256:{hexes(rng, 64)}"}


KINDS_1: dict[str, tuple[list[tuple[str, str]], Filler]] = {
    "phone_word": (PHONE_WORD, phone_word), "asset": (ASSET, asset), "package": (PACKAGE, package),
    "npm_scope": (NPM_SCOPE, npm_scope), "handle": (HANDLE, handle), "localhost": (LOCALHOST, localhost),
    "code_at": (CODE_AT, code_at), "imei": (IMEI, imei), "ein": (EIN, ein), "bic": (BIC, bic),
    "creditor_ref": (CREDITOR_REF, creditor_ref), "masked_card": (MASKED_CARD, masked_card),
    "masked_email": (MASKED_EMAIL, masked_email), "git_remote": (GIT_REMOTE, git_remote),
    "docker_digest": (DOCKER_DIGEST, docker_digest),
}  # fmt: skip
