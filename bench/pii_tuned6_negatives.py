"""Hard negatives of PII tuned part 6, first half: replies without personal data that a naive detector could
take for some. Here: phone words with no number, image assets (``@2x.``, ``@1.5x.``), packages pinned with ``@``,
brand and team handles, ``@localhost`` logins, IMEIs, US EINs, BICs, RF creditor references, ids of phone length
beside phone words, amounts, and dates and times."""

from __future__ import annotations

import random
from collections.abc import Callable

from pii_corpus_values import luhn_digit


def n(rng: random.Random, count: int) -> str:
    return rng.choice("123456789") + "".join(rng.choice("0123456789") for _ in range(count - 1))


def pick(rng: random.Random, options: list[str]) -> str:
    return rng.choice(options)


def phone_word(rng: random.Random) -> str:
    model = pick(rng, ["Pixel 8", "iPhone 15 Pro", "Galaxy A54", "Moto G84", "Xperia 10 V", "Redmi Note 13"])
    hours = f"{rng.randint(7, 10)}:00-{rng.randint(16, 21)}:00"
    return pick(
        rng,
        [
            f"Your {model} qualifies for the trade-in offer; the phone must power on.",
            f"Phone support is open {hours} on weekdays - or use the chat button in the app.",
            f"The phone number field is optional at checkout, so you can leave it blank ({model} app).",
            f"We never ask for your phone PIN. The {model} screen repair takes about {rng.randint(2, 5)} days.",
            f"El número de teléfono no es obligatorio; puedes dejar el campo vacío. Horario: {hours}.",
            f"Die Telefonnummer ist freiwillig. Ihr {model} wird in {rng.randint(2, 6)} Tagen repariert.",
            f"Le numéro de téléphone n'est pas obligatoire. Assistance téléphonique : {hours}.",
            f"फ़ोन नंबर डालना ज़रूरी नहीं है। आपका {model} {rng.randint(2, 6)} दिन में ठीक हो जाएगा।",
            f"I tried to call you back but the line was busy; I'll try again after {rng.randint(2, 5)} pm.",
            f"To change the phone on your account, open Settings > Profile > Phone (works on {model}).",
            f"Il numero di telefono è facoltativo. Il tuo {model} è in garanzia fino al 20{rng.randint(25, 28)}.",
            f"携帯電話番号の入力は任意です。{model} の修理は約{rng.randint(2, 6)}日かかります。",
        ],
    )


def asset(rng: random.Random) -> str:
    name = pick(rng, ["icon-cart", "logo", "hero-banner", "avatar-default", "badge-pro", "btn-close", "spinner"])
    ext = pick(rng, ["png", "webp", "jpg"])
    scale = pick(rng, ["@2x.", "@1.5x.", "@3x.", "@2x.", "@1.5x."])
    other = "@1.5x." if scale != "@1.5x." else "@2x."
    return pick(
        rng,
        [
            f'<img src="/static/img/{name}.{ext}" srcset="/static/img/{name}{scale}{ext} 2x" alt="">',
            f"The blurry {name} was fixed by adding {name}{scale}{ext} and {name}{other}{ext} to assets/.",
            f"background-image: image-set(url({name}{other}{ext}) 1.5x, url({name}{scale}{ext}) 2x);",
            f"Missing file: res/drawable/{name}{scale}{ext} (build {rng.randint(100, 999)})",
        ],
    )


def package(rng: random.Random) -> str:
    major, minor, patch = rng.randint(1, 20), rng.randint(0, 30), rng.randint(0, 40)
    return pick(
        rng,
        [
            f"Run npm install @angular/core@{major}.{minor}.{patch} and rebuild.",
            f"Pin lodash@4.17.{patch} in package.json to avoid the regression.",
            f"yarn add @types/node@{major}.{minor}.{patch} --dev",
            f"pnpm up @vitejs/plugin-react@{major}.{minor}.{patch}",
            f"The fix ships in @stripe/stripe-js@{major}.{minor}.{patch}; please upgrade.",
            f"go get golang.org/x/text@v0.{minor}.{patch}",
            f"Use pip install 'httpx==0.{minor}.{patch}' in the same virtualenv.",
            f"npx create-next-app@{major}.{minor}.{patch} my-shop",
        ],
    )


def handle(rng: random.Random) -> str:
    team = pick(rng, ["billing-team", "oncall-payments", "devops", "web-squad", "qa-leads", "deploy-bot"])
    brand = pick(rng, ["NorthwindHelp", "AcmeCares", "ContosoStatus", "FabrikamNews", "GlobexDev"])
    return pick(
        rng,
        [
            f"I've pinged @{team} in Slack; they'll look at incident {rng.randint(100, 999)} today.",
            f"For outage updates follow @{brand} on X.",
            f"Please don't use @channel for ticket #{rng.randint(1000, 9999)}; @{team} is enough.",
            f"The GitHub team @{team.replace('-', '')}/reviewers must approve PR {rng.randint(100, 9999)}.",
            f"Sigue a @{brand} en Instagram para ver las novedades de la tienda.",
            f"Retweet from @{brand}: service restored at {rng.randint(10, 23)}:{rng.randint(10, 59)} UTC.",
        ],
    )


def localhost(rng: random.Random) -> str:
    port = rng.choice([5432, 3306, 6379, 8080, 27017, 5672])
    user = pick(rng, ["postgres", "root", "app", "admin", "guest", "deploy"])
    return pick(
        rng,
        [
            f"Set DATABASE_URL=postgres://{user}@localhost:{port}/shop in your .env file.",
            f"ssh {user}@localhost -p {rng.randint(2200, 2299)} works, so the tunnel is up.",
            f"The cron mail goes to {user}@localhost, which nobody reads on that box.",
            f"amqp://{user}@127.0.0.1:{port}/ refused the connection at startup.",
            f"mysql -u {user} -h localhost -P {port} -p  # then run SHOW DATABASES;",
        ],
    )


def imei(rng: random.Random) -> str:
    body = pick(rng, ["35", "86", "01", "49"]) + n(rng, 12)
    value = body + luhn_digit(body)
    shown = value if rng.random() < 0.6 else f"{value[:2]} {value[2:8]} {value[8:14]} {value[14]}"
    return pick(
        rng,
        [
            f"The IMEI of the handset is {shown}; it is not blacklisted.",
            f"IMEI: {shown} (dial *#06# to check it matches the box).",
            f"El IMEI del equipo es {shown}; ya lo desbloqueamos.",
            f"Die IMEI {shown} ist für die Garantie registriert.",
        ],
    )


def ein(rng: random.Random) -> str:
    prefix = rng.choice(["12", "20", "27", "45", "46", "52", "81", "84", "94", "98"])
    value = f"{prefix}-{n(rng, 7)}"
    company = pick(rng, ["Northwind Traders LLC", "Bluebird Bakery Inc.", "Contoso Health Corp.", "Hollow Pine LLC"])
    return pick(
        rng,
        [
            f"{company}'s employer identification number (EIN) is {value}.",
            f"Vendor tax ID: EIN {value} ({company})",
            f"The 1099 was issued by {company}, EIN {value}.",
            f"El EIN de la empresa {company} es {value}.",
        ],
    )


def bic(rng: random.Random) -> str:
    code = pick(rng, ["COBADEFF", "BNPAFRPP", "DEUTDEFF", "NWBKGB2L", "CHASUS33", "ABNANL2A", "BSCHESMM", "UBSWCHZH"])
    if rng.random() < 0.5:
        code += pick(rng, ["XXX", "500", "380", "100"])
    return pick(
        rng,
        [
            f"The bank's BIC is {code}, used for international transfers.",
            f"SWIFT/BIC: {code}",
            f"Für Auslandsüberweisungen lautet der BIC {code}.",
            f"Le code BIC de la banque est {code}.",
        ],
    )


def creditor_ref(rng: random.Random) -> str:
    ref = n(rng, rng.randint(8, 16))
    check = 98 - int("".join(str(int(ch, 36)) for ch in ref + "RF00")) % 97
    value = f"RF{check:02d}{ref}"
    shown = value if rng.random() < 0.5 else " ".join(value[i : i + 4] for i in range(0, len(value), 4))
    return pick(
        rng,
        [
            f"Please quote the creditor reference {shown} with your payment.",
            f"Viitenumero: {shown}",
            f"Structured reference (ISO 11649): {shown}",
            f"Gebruik betalingskenmerk {shown} bij je overschrijving.",
        ],
    )


def phone_word_id(rng: random.Random) -> str:
    value = n(rng, rng.choice([9, 10, 11, 12]))
    return pick(
        rng,
        [
            f"Phone support opened ticket {value} for you; no need to call again.",
            f"Your call was logged under case number {value}.",
            f"Llamada registrada con el número de pedido {value}.",
            f"Telefonische Anfrage erfasst, Vorgangsnummer {value}.",
            f"Appel enregistré sous le numéro de dossier {value}.",
            f"फ़ोन पर की गई शिकायत का टिकट नंबर {value} है।",
            f"通話記録の受付番号は {value} です。",
            f"Chamada registrada com o protocolo {value}.",
            f"Звонок зарегистрирован, номер обращения {value}.",
            f"Mobile order {value} was placed from the phone app.",
        ],
    )


def amount(rng: random.Random) -> str:
    whole = rng.randint(100000, 99999999)
    return pick(
        rng,
        [
            f"The invoice total is ${whole:,}.{rng.randint(10, 99)}.",
            f"Итого к оплате: {whole:,} ₽".replace(",", " "),
            f"Montant total : {whole:,} €".replace(",", "\u202f"),
            f"Total: ¥{whole:,} (tax included)",
            f"Der Gesamtbetrag beträgt {whole:,} EUR.".replace(",", "."),
            f"कुल राशि ₹{whole:,} है।",
            f"Balance carried forward: {whole} cents",
        ],
    )


def date_time(rng: random.Random) -> str:
    y, mo, d = rng.randint(2019, 2025), rng.randint(1, 12), rng.randint(1, 28)
    h, mi, s = rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)
    epoch = rng.randint(1_550_000_000, 1_760_000_000)
    return pick(
        rng,
        [
            f"The order was placed at {y}-{mo:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}+02:00.",
            f"Zugestellt am {d:02d}.{mo:02d}.{y} um {h:02d}:{mi:02d} Uhr.",
            f"Delivered {mo:02d}/{d:02d}/{y} {h % 12 + 1}:{mi:02d} PM",
            f"Timestamp {y}{mo:02d}{d:02d}{h:02d}{mi:02d}{s:02d} in the export file.",
            f"created_at={epoch} updated_at={epoch + rng.randint(60, 9999)}",
            f"La entrega fue el {d:02d}/{mo:02d}/{y} a las {h:02d}:{mi:02d}.",
            f"Last login: {epoch}{rng.randint(100, 999)} (milliseconds since epoch)",
            f"{y}年{mo}月{d}日 {h:02d}:{mi:02d} に発送しました。",
        ],
    )


KINDS_A: dict[str, tuple[Callable[[random.Random], str], int]] = {
    "phone_word": (phone_word, 24),
    "asset": (asset, 22),
    "package": (package, 22),
    "handle": (handle, 22),
    "localhost": (localhost, 22),
    "imei": (imei, 22),
    "ein": (ein, 22),
    "bic": (bic, 20),
    "creditor_ref": (creditor_ref, 22),
    "phone_word_id": (phone_word_id, 30),
    "amount": (amount, 24),
    "date_time": (date_time, 26),
}
