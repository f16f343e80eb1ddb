"""Hard negatives of PII tuned part 8, part one: replies without personal data that a naive detector may take
for it - phone words without a number, image assets with ``@2x.``/``@1.5x.``, package pins, social handles,
``user@localhost`` and loopback addresses, IMEIs, EINs, BICs and RF creditor references."""

from __future__ import annotations

import random

from pii_corpus_values import iban_check, luhn_digit


def dg(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def imei(rng: random.Random) -> str:
    body = rng.choice(["35", "86", "01", "49", "99"]) + dg(rng, 12)
    return body + luhn_digit(body)


def rf_ref(rng: random.Random) -> str:
    ref = dg(rng, rng.randint(8, 16))
    return "RF" + iban_check("RF", ref) + ref


PHONE_WORD = [
    "The phone number field is optional; leave it blank if you'd rather we email you.",
    "Your phone didn't receive the code? Check that SMS from short codes isn't blocked.",
    "Enter your mobile number with the country code, e.g. starting with a plus sign.",
    "El campo de teléfono es obligatorio para envíos a domicilio.",
    "Bitte geben Sie Ihre Telefonnummer ohne Leerzeichen ein.",
    "Le numéro de portable doit comporter dix chiffres.",
    "मोबाइल नंबर दर्ज करें, OTP उसी पर भेजा जाएगा।",
    "Phone: not provided. Preferred contact: in-app chat.",
    "To reach billing, choose option 2 in the phone menu, then option 1.",
    "The callback feature is off this week, so nobody will phone you back automatically.",
    "Telefone: (não informado)",
    "電話番号の欄は空欄のままで大丈夫です。",
    "We never ask for your phone PIN or voicemail password.",
    "Tap 'Call driver' in the app; the number is masked on both sides.",
    "휴대폰 번호를 입력하지 않으셔도 주문할 수 있습니다.",
    "Нажмите «Позвонить», и оператор свяжется с вами через приложение.",
]
ASSET = [
    "Swap the header to {name}@2x.png for Retina screens.",
    "The build copies {name}@3x.png and {name}@2x.png.",
    "Android picks {name}@1.5x.webp on hdpi devices.",
    "Missing asset: img/{name}@1.5x.jpg (404)",
    'srcset="{name}.png 1x, {name}@2x.png 2x"',
    "Upload {name}@2x.svg? SVGs don't need density variants.",
    "Sprite sheet regenerated: sprites/{name}@2x.png, 512x512.",
    "CDN cache purged for /static/{name}@1.5x.png",
]
ASSET_NAMES = ["logo", "hero-banner", "icon_cart", "avatar-placeholder", "btn_checkout", "splash", "badge-new"]
PACKAGE = [
    "Run `npm install @types/node@{v}` and restart the TS server.",
    "Pin it: `lodash@{v}` in package.json.",
    "`yarn add @angular/core@{v}` fixed the peer warning.",
    "We deploy with `pnpm add vite@{v}`.",
    "go get golang.org/x/text@v{v}",
    "The lockfile resolves `@babel/preset-env@{v}`.",
    "`npx create-next-app@{v} storefront` scaffolds the shop.",
    "Upgrade `@sentry/browser@{v}` to get the fix.",
]
HANDLE = [
    "You can follow updates from @{h} on X.",
    "Tag @{h} in the Slack thread and she'll pick it up.",
    "Our designer is @{h} on Dribbble.",
    "DM @{h} on Instagram for the giveaway rules.",
    "GitHub user @{h} opened the issue.",
    "Mention @{h} in the PR for a review.",
    "The winner is @{h} - congrats!",
    "Bitte @{h} im Teams-Kanal markieren.",
]
HANDLES = ["maria_lopez", "kenji.dev", "the_real_sam", "priya-builds", "lukas_b", "ana.codes", "tomw", "jo_design"]
LOCALHOST = [
    "Connect with `psql postgres@localhost:5432/shop`.",
    "The dev server runs at http://localhost:{port}/checkout.",
    "SMTP in dev goes to mailpit at localhost:{port}; nothing leaves the machine.",
    "Use redis://default@127.0.0.1:{port}/0 for the test queue.",
    "Callback URL: http://127.0.0.1:{port}/oauth/cb",
    "`ssh -p {port} dev@localhost` reaches the VM.",
    "root@localhost can't log in over the socket; use sudo.",
    "Mail for www-data@localhost is in /var/mail.",
]
IMEI = [
    "IMEI {i} is on the blocklist, so the handset can't register.",
    "The device's IMEI: {i} (from *#06#).",
    "Warranty claim for IMEI {i} approved.",
    "IMEI/MEID {i} - unlocked for all carriers.",
    "El IMEI {i} figura como robado.",
    "IMEI-Nummer {i} wurde gesperrt.",
    "Trade-in device, IMEI {i}, grade B.",
    "Swap done: old IMEI {i}, new handset shipped.",
]
EIN = [
    "Our company's EIN is {e}; use it on the W-9.",
    "Employer identification number (EIN): {e}",
    "The 1099-NEC lists payer TIN {e} (Brightwave LLC).",
    "Nonprofit EIN {e} - donations are tax-deductible.",
    "Federal Tax ID / EIN of the franchise: {e}",
    "Vendor form: EIN {e}, entity type S-corp.",
    "El EIN de la empresa es {e}.",
    "Please quote EIN {e} on the invoice header.",
]
BIC = [
    "BIC/SWIFT: {b}",
    "Use SWIFT code {b} for incoming international wires.",
    "The bank's BIC is {b}.",
    "Code BIC de la banque : {b}",
    "BIC der Empfängerbank: {b}",
    "Intermediary bank SWIFT {b}, then our branch.",
    "Correspondent: {b} (USD clearing).",
    "Le code SWIFT {b} correspond à l'agence centrale.",
]
BICS = ["DEUTDEFF", "BNPAFRPPXXX", "COBADEFFXXX", "CHASUS33", "HSBCGB2L", "INGBNL2A", "BSCHESMMXXX", "UNCRITMM",
        "NWBKGB2L", "CITIUS33XXX", "SBININBB", "BOFAUS3N", "RABONL2U", "NDEAFIHH"]  # fmt: skip
CREDITOR_REF = [
    "Please quote the creditor reference {r} with your transfer.",
    "Structured reference (ISO 11649): {r}",
    "Referenz: {r} - bitte unverändert übernehmen.",
    "Référence créancier : {r}",
    "Payment reference {r} matched invoice INV-7731.",
    "Use {r} as the remittance info, not the invoice number.",
    "Viitenumero {r} (RF-muoto).",
    "Betalingskenmerk: {r}",
]


def _fill(rng: random.Random, template: str) -> str:
    ein = f"{rng.choice(['12', '20', '27', '45', '46', '52', '84', '94'])}-{dg(rng, 7)}"
    rf = rf_ref(rng)
    if rng.random() < 0.5:
        rf = " ".join(rf[i : i + 4] for i in range(0, len(rf), 4))
    values = {
        "name": rng.choice(ASSET_NAMES), "v": f"{rng.randint(1, 20)}.{rng.randint(0, 30)}.{rng.randint(0, 12)}",
        "h": rng.choice(HANDLES), "port": str(rng.choice([3000, 5173, 8000, 8025, 6379, 2222, 8080])),
        "i": imei(rng), "e": ein, "b": rng.choice(BICS), "r": rf,
    }  # fmt: skip
    return template.format(**values)


REQUIRED: dict[str, list[str]] = {
    "phone_word": PHONE_WORD, "asset": ASSET, "package": PACKAGE, "handle": HANDLE, "localhost": LOCALHOST,
    "imei": IMEI, "ein": EIN, "bic": BIC, "creditor_ref": CREDITOR_REF,
}  # fmt: skip


def required_negatives(rng: random.Random) -> list[tuple[str, str]]:
    """(kind, text) pairs, 16 of each kind."""
    out: list[tuple[str, str]] = []
    for kind, templates in REQUIRED.items():
        seen: set[str] = set()
        i = 0
        while len(seen) < 16:
            text = _fill(rng, templates[i % len(templates)])
            i += 1
            if text not in seen:
                seen.add(text)
                out.append((kind, text))
    return out
