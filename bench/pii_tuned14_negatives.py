"""Replies of the held-out part with no PII: numbers and strings that look like a phone, a card, an SSN, an IBAN or an
email address but are something else (ids, dates, amounts, versions, hashes, network addresses, masked values,
device and bank codes, file names...). Each kind is a function of the random generator returning one reply."""

from __future__ import annotations

import random
import string

from pii_corpus_values import luhn_digit

UP, DIG, HEX = string.ascii_uppercase, string.digits, "0123456789abcdef"


def s(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def n(rng: random.Random, k: int) -> str:
    return rng.choice("123456789") + s(rng, DIG, k - 1)


def pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def order_id(r: random.Random) -> str:
    return pick(
        r,
        f"Your order {n(r, 3)}-{n(r, 7)}-{n(r, 7)} has shipped and should arrive Thursday.",
        f"Bestellnummer {n(r, 10)} wurde storniert; die Erstattung folgt in 3–5 Tagen.",
        f'{{"order_id": "{n(r, 12)}", "status": "packed", "items": {r.randint(1, 9)}}}',
    )


def tracking(r: random.Random) -> str:
    return pick(
        r,
        f"Tracking: 1Z{s(r, UP + DIG, 6)}{n(r, 10)} (UPS Ground)",
        f"Numéro de suivi La Poste : {s(r, UP, 2)}{n(r, 9)}FR",
        f"DHL Sendungsnummer {n(r, 10)} — Zustellung morgen zwischen 10 und 14 Uhr.",
        f"USPS tracking {n(r, 4)} {n(r, 4)} {n(r, 4)} {n(r, 4)} {n(r, 4)} {n(r, 2)}",
    )


def ticket(r: random.Random) -> str:
    return pick(
        r,
        f"I've escalated this as INC{n(r, 7)}; the on-call team will update it.",
        f"Ticket #{n(r, 6)} merged into #{n(r, 6)}.",
        f"Caso n.º {n(r, 8)} abierto el lunes.",
    )


def date(r: random.Random) -> str:
    y, m, d = r.randint(2019, 2027), r.randint(1, 12), r.randint(1, 28)
    return pick(
        r,
        f"Your plan renews on {y}-{m:02d}-{d:02d}.",
        f"Lieferdatum: {d:02d}.{m:02d}.{y}",
        f"Next appointment {m:02d}/{d:02d}/{y} at the {r.choice(['north', 'east'])} clinic.",
        f"日付：{y}年{m}月{d}日",
    )


def time_(r: random.Random) -> str:
    return pick(
        r,
        f"The outage lasted from {r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d} "
        f"to {r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d} UTC.",
        f"Duration 0{r.randint(1, 9)}:{r.randint(10, 59)}:{r.randint(10, 59)}.{n(r, 3)}",
        f"Heure de passage prévue : {r.randint(8, 19)}h{r.randint(10, 59)}",
    )


def amount(r: random.Random) -> str:
    return pick(
        r,
        f"Your balance is ${r.randint(1, 99)},{n(r, 3)}.{s(r, DIG, 2)}.",
        f"Gesamtbetrag: {r.randint(1, 99)}.{n(r, 3)},{s(r, DIG, 2)} €",
        f"合計金額 ¥{r.randint(1, 999)},{n(r, 3)},{n(r, 3)}",
        f"Total due: INR {r.randint(1, 99)},{s(r, DIG, 2)},{n(r, 3)}.00",
    )


def version(r: random.Random) -> str:
    return pick(
        r,
        f"Please update to version {r.randint(1, 30)}.{r.randint(0, 20)}.{r.randint(0, 300)} or later.",
        f"Build {r.randint(10, 22)}.0.{n(r, 5)}.{n(r, 4)} fixed the crash.",
        f"firmware v{r.randint(1, 9)}.{r.randint(0, 99)}.{n(r, 4)}-rc.{r.randint(1, 9)}",
    )


def hash_(r: random.Random) -> str:
    return pick(
        r,
        f"The fix landed in commit {s(r, HEX, 40)}.",
        f"SHA-256: {s(r, HEX, 64)}",
        f"md5sum → {s(r, HEX, 32)}  installer.dmg",
    )


def ipv4(r: random.Random) -> str:
    ip = ".".join(str(r.randint(1, 254)) for _ in range(4))
    return pick(
        r,
        f"Your last login came from {ip}.",
        f"Blocked {ip}:{r.randint(1024, 65535)} after 5 failures.",
        f"server {ip} port {r.randint(1, 9)}{n(r, 3)} unreachable",
    )


def ipv6(r: random.Random) -> str:
    ip = "2001:db8:" + ":".join(s(r, HEX, 4) for _ in range(3)) + "::" + s(r, HEX, 3)
    return pick(r, f"Resolved to {ip}.", f"AAAA record: {ip}", f"ping6 {ip} — 0% packet loss")


def mac(r: random.Random) -> str:
    m = ":".join(s(r, "0123456789ABCDEF", 2) for _ in range(6))
    return pick(r, f"Router MAC address: {m}", f"Device {m.replace(':', '-')} joined the guest network.")


def serial(r: random.Random) -> str:
    return pick(
        r,
        f"Serial number: {s(r, UP + DIG, 12)}",
        f"S/N {s(r, UP, 2)}{n(r, 10)} is still under warranty.",
        f"Seriennummer {n(r, 4)}-{n(r, 4)}-{n(r, 4)}-{n(r, 4)} registriert.",
    )


def masked_card(r: random.Random) -> str:
    return pick(
        r,
        f"Charged to the card ending in {n(r, 4)}.",
        f"Card: **** **** **** {n(r, 4)}",
        f"Tarjeta •••• {n(r, 4)} (caduca {r.randint(1, 12):02d}/{r.randint(26, 31)})",
        f"PAN {n(r, 6)}******{n(r, 4)}",
    )


def masked_email(r: random.Random) -> str:
    return pick(
        r,
        f"We sent a code to {s(r, 'abcdefghij', 1)}***@{s(r, 'gmo', 1)}****.com.",
        f"Code envoyé à {s(r, 'mnop', 2)}•••••@outlook.fr",
        f"Recovery email: {r.choice('jkl')}****{r.randint(1, 9)}@***.de",
    )


def masked_phone(r: random.Random) -> str:
    return pick(
        r,
        f"We'll text the number ending in {n(r, 4)}.",
        f"SMS sent to +44 ••••• •••{n(r, 3)}",
        f"Teléfono: +34 *** *** {n(r, 3)}",
        f"Tel. ****-****-{n(r, 4)}",
    )


def coordinates(r: random.Random) -> str:
    lat, lon = r.uniform(-60, 60), r.uniform(-170, 170)
    return pick(
        r,
        f"The locker is at {lat:.5f}, {lon:.5f}.",
        f"GPS: {lat:.6f},{lon:.6f}",
        f"Koordinaten {abs(lat):.4f}° N, {abs(lon):.4f}° E",
    )


def isbn(r: random.Random) -> str:
    body = "978" + s(r, DIG, 9)
    check = (10 - sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body)) % 10) % 10
    v = f"{body}{check}"
    return pick(r, f"ISBN {v[:3]}-{v[3]}-{v[4:8]}-{v[8:12]}-{v[12]} is back in stock.", f"ISBN-13: {v}")


def vin(r: random.Random) -> str:
    alphabet = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
    return pick(r, f"The recall covers VIN {s(r, alphabet, 17)}.", f"Fahrgestellnummer: {s(r, alphabet, 17)}")


def flight(r: random.Random) -> str:
    return pick(
        r,
        f"Flight {s(r, UP, 2)} {r.randint(100, 9999)} on {r.randint(1, 28)} March, booking ref {s(r, UP, 6)}.",
        f"E-ticket {n(r, 3)}-{n(r, 10)}, seat {r.randint(1, 40)}{r.choice('ABCDEF')}",
    )


def postcode(r: random.Random) -> str:
    return pick(
        r,
        f"Deliveries to {n(r, 5)} are delayed.",
        f"Postcode {s(r, UP, 2)}{r.randint(1, 9)} {r.randint(1, 9)}{s(r, UP, 2)} is covered.",
        f"CEP {n(r, 5)}-{s(r, DIG, 3)}",
        f"〒{n(r, 3)}-{s(r, DIG, 4)}",
    )


def uuid(r: random.Random) -> str:
    u = f"{s(r, HEX, 8)}-{s(r, HEX, 4)}-4{s(r, HEX, 3)}-a{s(r, HEX, 3)}-{s(r, HEX, 12)}"
    return pick(r, f"Request id {u} — please quote it if you write again.", f'{{"session": "{u}"}}')


def otp(r: random.Random) -> str:
    return pick(
        r,
        f"Your verification code is {n(r, 6)}. It expires in 10 minutes.",
        f"Código de acceso: {n(r, 3)} {s(r, DIG, 3)}",
        f"PIN reset code {n(r, 8)}",
    )


def invoice(r: random.Random) -> str:
    return pick(
        r,
        f"Invoice INV-{r.randint(2020, 2026)}-{n(r, 6)} is attached.",
        f"Rechnung Nr. {n(r, 4)}/{n(r, 5)}/{r.randint(20, 26)}",
        f"Facture FA{n(r, 9)} réglée.",
    )


def iccid(r: random.Random) -> str:
    body = "89" + s(r, DIG, 17)
    return pick(r, f"SIM ICCID {body}{luhn_digit(body)} is active.", f"ICCID: {body}{luhn_digit(body)}F")


def ean(r: random.Random) -> str:
    body = r.choice(["40", "50", "76", "87", "49"]) + s(r, DIG, 10)
    check = (10 - sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body)) % 10) % 10
    return pick(r, f"EAN {body}{check} — 12 units left.", f"Barcode: {body}{check}")


def phone_word(r: random.Random) -> str:
    return pick(
        r,
        f"There is no phone number on file for account #{n(r, 5)}; you can add one under Settings.",
        f"Telefonnummer: (nicht angegeben) — Kunde {n(r, 4)}",
        f"Please call us through the app; our phone line closes at {r.randint(5, 9)} pm.",
        f"Le champ « téléphone » est vide pour le dossier {n(r, 6)}.",
        f"phone: null, phone_verified: false, attempts: {r.randint(0, 5)}",
    )


def asset(r: random.Random) -> str:
    name = r.choice(["logo", "icon-cart", "hero", "avatar-default", "badge", "btn-close", "splash"])
    return pick(
        r,
        f"Replace {name}@2x.png and {name}@3x.png in /static/img/ (rev {n(r, 3)}).",
        f"The retina asset {name}@1.5x.webp is {r.randint(12, 99)} KB too large.",
        f'<img src="/img/{name}@2x.jpg" srcset="/img/{name}@1.5x.jpg 1.5x" width="{r.randint(40, 400)}">',
    )


def package(r: random.Random) -> str:
    pkg = r.choice(["@babel/core", "@types/node", "@angular/cli", "@vue/compiler-sfc", "@aws-sdk/client-s3"])
    return pick(
        r,
        f"Pin {pkg}@{r.randint(1, 20)}.{r.randint(0, 30)}.{r.randint(0, 9)} in package.json.",
        f"npm i {pkg}@^{r.randint(1, 20)}.{r.randint(0, 9)}.0 --save-dev",
        f"yarn why {pkg}@{r.randint(1, 20)}.{r.randint(0, 9)}.{r.randint(0, 9)}",
    )


def handle(r: random.Random) -> str:
    h = r.choice(["maria_lopez", "tech.with.tom", "kofi_bakes", "yuki.draws", "the_real_jonas"]) + str(r.randint(1, 99))
    return pick(
        r,
        f"Tag us @{h} on Instagram for a chance to win.",
        f"Retweeted by @{h} and {r.randint(2, 90)} others.",
        f"Our community mod is @{h} on TikTok.",
    )


def localhost(r: random.Random) -> str:
    return pick(
        r,
        f"Run psql postgres://app@localhost:{r.randint(5000, 5999)}/shop to reproduce.",
        f"ssh deploy@localhost -p {r.randint(2000, 2999)}",
        f"Open http://localhost:{r.randint(3000, 9000)}/admin",
        f"REDIS_URL=redis://localhost:6379/{r.randint(0, 15)}  # build box {n(r, 3)}",
    )


def imei(r: random.Random) -> str:
    body = r.choice(["35", "86", "01", "49"]) + s(r, DIG, 12)
    v = body + luhn_digit(body)
    return pick(
        r,
        f"IMEI {v} is not blacklisted.",
        f"IMEI: {v[:2]} {v[2:8]} {v[8:14]} {v[14]}",
        f"Your device (IMEI {v}) qualifies for trade-in.",
    )


def ein(r: random.Random) -> str:
    return pick(
        r,
        f"Our employer identification number (EIN) is {n(r, 2)}-{s(r, DIG, 7)}.",
        f"Payer's federal EIN: {n(r, 2)}-{s(r, DIG, 7)}",
        f"FEIN {n(r, 2)}-{s(r, DIG, 7)} on the 1099.",
    )


def bic(r: random.Random) -> str:
    b = (
        s(r, UP, 4)
        + r.choice(["DE", "FR", "NL", "IT", "ES", "GB", "CH"])
        + s(r, UP + DIG, 2)
        + r.choice(["", "XXX", s(r, UP + DIG, 3)])
    )
    return pick(r, f"BIC/SWIFT: {b}", f"The receiving bank's SWIFT code is {b}.", f"Code BIC de la banque : {b}")


def creditor_ref(r: random.Random) -> str:
    ref = s(r, DIG, r.randint(8, 15))
    value = int("".join(str(int(c, 36)) for c in ref + "RF00"))
    v = f"RF{98 - value % 97:02d}{ref}"
    spaced = " ".join(v[i : i + 4] for i in range(0, len(v), 4))
    return pick(
        r, f"Please quote creditor reference {spaced} with your payment.", f"Referenz: {v}", f"Viitenumero {spaced}"
    )


def routing(r: random.Random) -> str:
    d = [int(c) for c in s(r, DIG, 8)]
    check = (10 - (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5])) % 10) % 10
    v = "".join(map(str, d)) + str(check)
    return pick(r, f"ABA routing number {v} (checking).", f"Routing/transit: {v}")


def creditor_id(r: random.Random) -> str:
    return pick(
        r,
        f"SEPA creditor ID DE{s(r, DIG, 2)}ZZZ{n(r, 11)} will appear on your statement.",
        f"Identifiant créancier SEPA : FR{s(r, DIG, 2)}ZZZ{n(r, 6)}",
    )


def git_remote(r: random.Random) -> str:
    return pick(
        r,
        f"Clone git@github.com:acme-{n(r, 2)}/checkout-service.git and run make.",
        f"remote: git@gitlab.com:team{r.randint(1, 99)}/infra.git (fetch)",
    )


KINDS = {f.__name__.rstrip("_"): f for f in [
    order_id, tracking, ticket, date, time_, amount, version, hash_, ipv4, ipv6, mac, serial, masked_card,
    masked_email, masked_phone, coordinates, isbn, vin, flight, postcode, uuid, otp, invoice, iccid, ean,
    phone_word, asset, package, handle, localhost, imei, ein, bic, creditor_ref, routing, creditor_id, git_remote,
]}  # fmt: skip


def negative_texts(rng: random.Random, per_kind: int = 18) -> list[tuple[str, str]]:
    """(kind, text) pairs: ``per_kind`` distinct replies of each kind."""
    out = []
    for kind, make in KINDS.items():
        seen: set[str] = set()
        while len(seen) < per_kind:
            text = make(rng)
            if text not in seen:
                seen.add(text)
                out.append((kind, text))
    return out
