"""Hard negatives for PII tuned part 9, part one: replies that carry no personal data but look like they
might - talk of phones with no number in it, image assets named ``@2x``/``@1.5x``, package specifiers with ``@``,
team and bot handles, accounts on localhost, IMEIs (Luhn-valid, 15 digits), employer identification numbers, BIC
codes and RF creditor references (ISO 11649, mod-97)."""

from __future__ import annotations

import random

from pii_corpus_values import Line, luhn_digit
from pii_tuned9_common import digits, fill, letters

PHONE_WORD = [
    "We'll call the phone number saved on your account - no need to send it here.",
    "To change your mobile number, open Settings > Profile > Phone and tap Edit ({k}).",
    "Your phone number must include the country code, e.g. starting with + and no spaces ({k}).",
    "The courier will phone you about 30 minutes before arrival; route {k} runs after lunch.",
    "I can't see a telephone number on the order, could you add one in your profile? ({k})",
    "SMS verification failed {c} times on {k}; please request a new code from the app.",
    "Teléfono: lo puedes cambiar desde tu perfil, sección Datos de contacto ({k}).",
    "Die Telefonnummer ist optional; ohne sie bekommst du nur E-Mails ({k}).",
    "फ़ोन नंबर बदलने के लिए ऐप में प्रोफ़ाइल खोलें ({k})।",
    "電話番号はマイページの「登録情報」から変更できます（{k}）。",
]
ASSET = [
    "Swap {a}@2x.png for {a}@1.5x.png on the checkout page, the old one is blurry.",
    "The retina icon {a}@2x.webp is missing from the {b} bundle.",
    "Please export {a}@1.5x.jpg and {a}@3x.jpg for Android.",
    "background-image: url('/static/img/{a}@2x.png');",
    '<img src="/assets/{b}/{a}.png" srcset="/assets/{b}/{a}@2x.png 2x, /assets/{b}/{a}@1.5x.png 1.5x">',
]
PACKAGE = [
    "Run npm install {s}@{v} and restart the dev server.",
    "Pinning {a}@{v} fixed the build; {a}@latest pulled a breaking change.",
    "yarn add {s}@^{v}",
    "The lockfile still has {a}@{v} resolved from the registry mirror.",
    "brew install {f} and add it to your PATH.",
    "pnpm why {s}  # {s}@{v} is required by {a}",
]
HANDLE = [
    "I've escalated this to @{t} in Slack; they'll reply on the ticket.",
    "Ping @{t} if the nightly job fails again.",
    "cc @{s2}/{t} for review",
    "Thanks for the report! @{t} is looking into the {b} outage.",
    "Our status account @{b}status posts every incident update.",
]
LOCALHOST = [
    "Connect with psql postgres://{t}@localhost:5432/{b} and rerun the migration.",
    "The cron mail is sent to {t}@localhost, so nobody sees it.",
    "ssh {t}@localhost -p 22{m}",
    "Open http://localhost:{p}/admin/ and log in with the dev account.",
    "redis://default@localhost:6379/{m} is the cache URL in .env.example",
    "MAILTO={t}@localhost in the crontab keeps the output on the box.",
]
EIN = [
    "Our Employer Identification Number (EIN) is {e}; use it on the W-9.",
    "Vendor EIN: {e}",
    "The invoice lists the supplier's federal tax ID (EIN {e}).",
    "The 1099-NEC was filed by the company under EIN {e}.",
    "EIN {e} belongs to the staffing agency, not the individual contractor.",
]
BIC = [
    "For international transfers, use the BIC {c}.",
    "SWIFT/BIC: {c}",
    "The beneficiary bank's SWIFT code is {c}; the IBAN is sent separately.",
    "Corrected the correspondent bank to {c} in the payment template.",
    "Bankleitzahl entfällt, nur der BIC {c} wird benötigt.",
]
CREDITOR_REF = [
    "Please quote the creditor reference {r} with your payment.",
    "Structured reference: {r}",
    "Betalingskenmerk {r} meesturen, anders komt de betaling niet aan.",
    "RF reference {r} was missing, so the bank rejected the transfer.",
    "Viitenumero: {r}",
]
IMEI = [
    "The IMEI of the returned handset is {i}; it matches the box.",
    "IMEI: {i}\nModel: {b} 5G\nStatus: unlocked",
    "Dial *#06# - it should show {i}, the IMEI we registered.",
    "We blocked IMEI {i} after the theft report.",
    "IMEI/MEID {i} passed the blacklist check.",
]

WORDS = ["logo", "hero", "banner", "avatar-default", "icon-cart", "badge-new", "splash", "promo-tile", "arrow-left"]
PROJECTS = ["checkout", "storefront", "billing", "atlas", "harbor", "pulse", "ledger", "nimbus"]
PACKAGES = ["lodash", "react-dom", "zod", "axios", "date-fns", "eslint", "vite", "prisma", "webpack", "typescript"]
SCOPES = ["@babel/core", "@types/node", "@angular/core", "@aws-sdk/client-s3", "@tanstack/react-query", "@sentry/node"]
FORMULAS = ["node@20", "python@3.12", "postgresql@16", "openssl@3", "icu4c@74", "mysql-client@8.4", "php@8.2"]
TEAMS = ["payments-oncall", "release-bot", "support-leads", "sre", "qa-team", "dependabot", "design-system", "infra"]
BANKS = ["DEUT", "COBA", "BNPA", "INGB", "RABO", "BARC", "HSBC", "CHAS", "SOGE", "UBSW", "BBVA", "NDEA", "CITI"]
BANK_COUNTRY = {"DEUT": "DE", "COBA": "DE", "BNPA": "FR", "INGB": "NL", "RABO": "NL", "BARC": "GB", "HSBC": "HK",
                "CHAS": "US", "SOGE": "FR", "UBSW": "CH", "BBVA": "ES", "NDEA": "FI", "CITI": "US"}  # fmt: skip


def version(rng: random.Random) -> str:
    return f"{rng.randint(0, 19)}.{rng.randint(0, 40)}.{rng.randint(0, 30)}"


def imei(rng: random.Random) -> str:
    body = rng.choice(["35", "86", "01", "99"]) + "".join(rng.choice("0123456789") for _ in range(12))
    value = body + luhn_digit(body)
    return value if rng.random() < 0.6 else f"{value[:2]}-{value[2:8]}-{value[8:14]}-{value[14]}"


def ein(rng: random.Random) -> str:
    return f"{rng.choice(['12', '20', '27', '45', '46', '81', '84', '86', '87', '91', '94', '95'])}-{digits(rng, 7)}"


def bic(rng: random.Random) -> str:
    bank = rng.choice(BANKS)
    branch = rng.choice(["", "XXX", letters(rng, 3, "0123456789ABCDEFGHJKLMNPRSTUVWXYZ")])
    return bank + BANK_COUNTRY[bank] + letters(rng, 2, "2345678ABCDEFGHJKLMNPRSTUVWXYZ") + branch


def creditor_ref(rng: random.Random) -> str:
    body = "".join(rng.choice("0123456789") for _ in range(rng.randint(6, 16)))
    if rng.random() < 0.3:
        body = letters(rng, 2) + body
    check = 98 - int("".join(str(int(ch, 36)) for ch in body + "RF00")) % 97
    value = f"RF{check:02d}{body}"
    return value if rng.random() < 0.4 else " ".join(value[i : i + 4] for i in range(0, len(value), 4))


def negative(template: str, values: dict[str, str], kind: str, setting: str) -> Line:
    return fill(template, {key: (value, None) for key, value in values.items()}, "negative", kind, f"setting-{setting}")


def negatives_one(rng: random.Random) -> list[Line]:
    rows = []
    for i in range(24):
        common = {
            "k": f"ticket {letters(rng, 2)}-{rng.randint(100, 9999)}",
            "c": str(rng.randint(2, 6)),
            "f": rng.choice(FORMULAS),
            "a": rng.choice(WORDS) + rng.choice(["", "-dark", "-v2", f"-{rng.randint(2, 9)}"]),
            "b": rng.choice(PROJECTS),
            "s": rng.choice(SCOPES),
            "s2": rng.choice(["acme", "globex", "initech", "umbrella"]),
            "v": version(rng),
            "m": str(rng.randint(10, 22)),
            "t": rng.choice(TEAMS),
            "p": str(rng.choice([3000, 5173, 8000, 8080, 8443, 9000, 4200])),
        }
        pkg = dict(common, a=rng.choice(PACKAGES))
        rows.append(negative(PHONE_WORD[i % len(PHONE_WORD)], common, "phone_word", "chat"))
        rows.append(negative(ASSET[i % len(ASSET)], common, "asset", "code"))
        rows.append(negative(PACKAGE[i % len(PACKAGE)], pkg, "package", "code"))
        rows.append(negative(HANDLE[i % len(HANDLE)], common, "handle", "chat"))
        rows.append(negative(LOCALHOST[i % len(LOCALHOST)], common, "localhost", "code"))
        rows.append(negative(EIN[i % len(EIN)], dict(common, e=ein(rng)), "ein", "form"))
        rows.append(negative(BIC[i % len(BIC)], dict(common, c=bic(rng)), "bic", "chat"))
        ref = dict(common, r=creditor_ref(rng))
        rows.append(negative(CREDITOR_REF[i % len(CREDITOR_REF)], ref, "creditor_ref", "invoice"))
        device = dict(common, i=imei(rng), b=rng.choice(["Pixel 8", "Galaxy A54", "Moto G84", "Nokia G42"]))
        rows.append(negative(IMEI[i % len(IMEI)], device, "imei", "chat"))
    return rows
