"""Hard negatives of PII tuned part 15: replies with no PII whose numbers and strings look like PII (ids,
dates, amounts, versions, hashes, addresses of machines, masked values, codes...). Each kind writes its replies."""

from __future__ import annotations

import random
import string

from pii_corpus_values import Line, luhn_digit

U, D, H = string.ascii_uppercase, string.digits, "0123456789abcdef"


def s(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def n(rng: random.Random, lo: int, hi: int) -> int:
    return rng.randint(lo, hi)


def imei(rng: random.Random) -> str:
    body = rng.choice(["35", "86", "01"]) + s(rng, D, 12)
    return body + luhn_digit(body)


def _kinds(rng: random.Random) -> dict[str, list[str]]:
    r = rng
    return {
        "order_id": [f"Your order {n(r, 10**9, 10**10 - 1)} shipped today and should arrive Thursday.",
                     f"Bestellnummer {n(r, 100, 999)}-{n(r, 1000000, 9999999)}-{n(r, 1000000, 9999999)} wurde storniert.",
                     f"Pedido nº {n(r, 10**7, 10**8 - 1)} confirmado, total R$ {n(r, 20, 900)},90."],
        "tracking": [f"Tracking: 1Z{s(r, U + D, 6)}{n(r, 10**9, 10**10 - 1)} (UPS), out for delivery.",
                     f"Colis {s(r, U, 2)}{n(r, 10**8, 10**9 - 1)}FR suivi sur La Poste.",
                     f"DHL waybill {n(r, 10**9, 10**10 - 1)} is held at customs."],
        "date": [f"Your plan renews on {n(r, 1, 28):02d}/{n(r, 1, 12):02d}/{n(r, 2025, 2027)}.",
                 f"Lieferung am {n(r, 1, 28)}.{n(r, 1, 12)}.{n(r, 2025, 2026)} zwischen 8 und 12 Uhr.",
                 f"Created 20{n(r, 20, 26)}-{n(r, 1, 12):02d}-{n(r, 1, 28):02d}T{n(r, 0, 23):02d}:{n(r, 0, 59):02d}:00+09:00"],
        "time": [f"Pickup window {n(r, 7, 11)}:{n(r, 0, 5)}0–{n(r, 12, 20)}:{n(r, 0, 5)}0, Mon–Fri.",
                 f"The call lasted 00:{n(r, 10, 59)}:{n(r, 10, 59)} and was recorded at {n(r, 10, 23)}:{n(r, 10, 59)}.",
                 f"Opening hours: {n(r, 8, 9)}h{n(r, 0, 5)}0 - {n(r, 17, 19)}h{n(r, 0, 5)}0, lunch {n(r, 12, 13)}h{n(r, 0, 5)}0 (store {n(r, 100, 999)})."],
        "amount": [f"Refund issued: € {n(r, 1, 9)}.{n(r, 100, 999)},{n(r, 10, 99)} to the original payment.",
                   f"Total due: USD {n(r, 1000, 99999):,}.{n(r, 10, 99)} incl. tax.",
                   f"合计：¥{n(r, 1000, 999999):,}（税込）"],
        "version": [f"Please update the app to {n(r, 1, 9)}.{n(r, 0, 40)}.{n(r, 0, 300)} (build {n(r, 10000, 99999)}).",
                    f"Firmware v{n(r, 1, 5)}.{n(r, 10, 99)}.{n(r, 100, 999)}.{n(r, 1000, 9999)} fixes the pairing issue.",
                    f"Running kernel {n(r, 5, 6)}.{n(r, 1, 19)}.0-{n(r, 10, 120)}-generic on kiosk {s(r, U, 2)}-{n(r, 10, 999)}."],
        "hash": [f"Commit {s(r, H, 40)} introduced the fix.",
                 f"SHA-256: {s(r, H, 64)}",
                 f"md5sum of the export is {s(r, H, 32)}."],
        "ip": [f"Login blocked from {n(r, 11, 223)}.{n(r, 0, 255)}.{n(r, 0, 255)}.{n(r, 1, 254)} (3 failed attempts).",
               f"The printer is at 192.168.{n(r, 0, 9)}.{n(r, 2, 254)}, port 9100.",
               f"Allowed range: 2001:db8:{s(r, H, 4)}::/48"],
        "serial": [f"Serial no. {s(r, U, 2)}{n(r, 10**8, 10**9 - 1)}{s(r, U, 1)} is still under warranty.",
                   f"S/N: {n(r, 10**11, 10**12 - 1)} - model XR-{n(r, 100, 999)}",
                   f"Seriennummer {s(r, U + D, 12)} registriert."],
        "masked_card": [f"Paid with Visa •••• {n(r, 1000, 9999)}.",
                        f"Card: **** **** **** {n(r, 1000, 9999)} (exp {n(r, 1, 12):02d}/{n(r, 26, 30)})",
                        f"Tarjeta terminada en {n(r, 1000, 9999)}, cargo aprobado."],
        "masked_phone": [f"We sent a code to +44 7*** ***{n(r, 100, 999)}.",
                         f"SMS envoyé au 06 ** ** ** {n(r, 10, 99)}, code valable {n(r, 5, 30)} min.",
                         f"验证码已发送至 138****{n(r, 1000, 9999)}"],
        "masked_email": [f"A reset link went to {r.choice('jmkpa')}***@gmail.com at {n(r, 10, 23)}:{n(r, 10, 59)}.",
                         f"Código {n(r, 100000, 999999)} enviado a {r.choice('lrs')}•••••@hotmail.com",
                         f"Login: {r.choice('dt')}****{r.choice('nk')}@***.de (Sitzung {n(r, 1000, 9999)})"],
        "coordinates": [f"Drop-off pin: {n(r, -60, 60)}.{n(r, 100000, 999999)}, {n(r, -170, 170)}.{n(r, 100000, 999999)}",
                        f"GPS {n(r, 10, 59)}°{n(r, 10, 59)}'{n(r, 10, 59)}\"N {n(r, 1, 99)}°{n(r, 10, 59)}'{n(r, 10, 59)}\"E",
                        f"lat={n(r, -40, 60)}.{n(r, 1000, 9999)} lon={n(r, -120, 150)}.{n(r, 1000, 9999)}"],
        "phone_word": [f"Phone: not provided by the customer (case {n(r, 10000, 99999)}).",
                       f"Tel.: auf Anfrage (Ticket {n(r, 1000, 9999)}).",
                       f"Please use the phone icon in the app to call the driver; ETA {n(r, 5, 40)} min, stop {n(r, 2, 30)}."],
        "asset": [f"Replace logo@2x.png and logo@1.5x.png in /static/v{n(r, 2, 9)}/{s(r, H, 6)}/.",
                  f"Missing file: icons/{r.choice(['cart', 'bag', 'user', 'home', 'menu'])}@2x.{r.choice(['png', 'webp'])} ({n(r, 2, 900)} KB)",
                  f"banner_{n(r, 100, 999)}@1.5x.jpg failed to upload."],
        "package": [f"Pin lodash@4.17.{n(r, 10, 21)} and @babel/core@7.{n(r, 10, 26)}.{n(r, 0, 9)} in package.json.",
                    f"npm i @angular/cli@{n(r, 14, 19)}.{n(r, 0, 3)}.{n(r, 0, 9)}",
                    f"pip install --user requests=={n(r, 2, 2)}.{n(r, 25, 32)}.{n(r, 0, 3)} urllib3<{n(r, 2, 3)}"],
        "handle": [f"Follow us on Instagram @shop_{s(r, 'abcdefghijk', 5)} for drops.",
                   f"Tweet @{r.choice(['Help', 'Support', 'Care'])}{n(r, 10, 99)}{s(r, U, 2)} with your order number.",
                   f"Telegram: @{s(r, 'abcdefghmnop', 6)}_bot"],
        "localhost": [f"Mail queued for root@localhost (pid {n(r, 1000, 99999)}).",
                      f"ssh -i ~/.ssh/id_{s(r, 'abcdef', 4)} deploy@localhost -p {n(r, 2200, 2299)}",
                      f"cron: mail to admin@localhost: job {n(r, 10, 99)} done"],
        "imei": [f"IMEI {imei(r)} is blocked by the carrier.",
                 f"Device IMEI: {imei(r)} / IMEI2: {imei(r)}",
                 f"El IMEI {imei(r)} aparece en la factura."],
        "ein": [f"Our EIN is {n(r, 10, 98)}-{n(r, 1000000, 9999999)} for the W-9.",
                f"Employer Identification Number: {n(r, 10, 98)}-{n(r, 1000000, 9999999)}",
                f"Federal Tax ID (EIN) {n(r, 10, 98)}-{n(r, 1000000, 9999999)} on the invoice."],
        "bic": [f"BIC/SWIFT: {r.choice(['DEUTDEFF', 'BNPAFRPP', 'COBADEFF', 'INGBNL2A', 'BBVAESMM', 'UNCRITMM'])}{r.choice(['', 'XXX', '500'])} · Kto-Nr. intern {n(r, 1000, 9999)}",
                f"SWIFT code {r.choice(['CHASUS33', 'HSBCHKHH', 'BARCGB22', 'NWBKGB2L'])} for international transfers (batch {n(r, 100, 999)}).",
                f"Code BIC : {r.choice(['SOGEFRPP', 'CRLYFRPP', 'AGRIFRPP'])}, agence {n(r, 10000, 99999)}."],
        "creditor_ref": [f"Payment reference RF{n(r, 10, 99)} {n(r, 1000, 9999)} {n(r, 1000, 9999)} {n(r, 1000, 9999)}",
                         f"Gläubiger-ID DE{n(r, 10, 99)}ZZZ0000{n(r, 1000000, 9999999)}",
                         f"Structured ref: +++{n(r, 100, 999)}/{n(r, 1000, 9999)}/{n(r, 10000, 99999)}+++"],
        "isbn": [f"ISBN 978-{n(r, 0, 9)}-{n(r, 100, 999)}-{n(r, 10000, 99999)}-{n(r, 0, 9)} is back in stock.",
                 f"ISBN-13: 979{n(r, 10**9, 10**10 - 1)}",
                 f"Libro con ISBN 978{n(r, 10**9, 10**10 - 1)} agotado."],
        "vin": [f"VIN {s(r, 'ABCDEFGHJKLMNPRSTUVWXYZ' + D, 17)} is covered by the recall.",
                f"Fahrgestellnummer: WVW{s(r, 'ABCDEFGHJKLMNPRSTUVWXYZ' + D, 14)}",
                f"Chassis no. JT{s(r, 'ABCDEFGHJKLMNPRSTUVWXYZ' + D, 15)}"],
        "uuid": [f"request_id={s(r, H, 8)}-{s(r, H, 4)}-4{s(r, H, 3)}-a{s(r, H, 3)}-{s(r, H, 12)}",
                 f"Session {s(r, H, 8)}-{s(r, H, 4)}-{s(r, H, 4)}-{s(r, H, 4)}-{s(r, H, 12)} expired.",
                 f"<TransactionId>{s(r, H, 8).upper()}-{s(r, H, 4).upper()}-{s(r, H, 4).upper()}-{s(r, H, 4).upper()}-{s(r, H, 12).upper()}</TransactionId>"],
        "mac": [f"Router MAC {':'.join(s(r, H, 2) for _ in range(6))} registered.",
                f"Wi-Fi adapter: {'-'.join(s(r, H, 2).upper() for _ in range(6))}",
                f"mac={s(r, H, 4)}.{s(r, H, 4)}.{s(r, H, 4)} vlan={n(r, 2, 4000)}"],
        "invoice": [f"Invoice INV-{n(r, 2024, 2026)}-{n(r, 100000, 999999)} is attached.",
                    f"Rechnung Nr. {n(r, 10**7, 10**8 - 1)} vom {n(r, 1, 28)}.{n(r, 1, 12)}.2025",
                    f"Factura F{n(r, 100, 999)}-{n(r, 10**6, 10**7 - 1)}, importe 48,00 €"],
        "flight": [f"Flight {r.choice(['LH', 'AF', 'BA', 'QR', 'NH', 'LA'])}{n(r, 100, 9999)}, PNR {s(r, U, 6)}, seat {n(r, 1, 45)}{r.choice('ABCDEF')}.",
                   f"E-ticket 0{n(r, 10, 99)}-{n(r, 10**9, 10**10 - 1)} issued.",
                   f"Train ICE {n(r, 100, 999)}, Wagen {n(r, 1, 14)}, Platz {n(r, 11, 99)}."],
        "postal": [f"Ship to postcode {r.choice(['SW1A 1AA', 'EC1A 1BB', 'M1 1AE'])}, parcel {n(r, 2, 9)} of {n(r, 10, 12)}, {n(r, 2, 40)} kg; no PO boxes.",
                   f"CEP {n(r, 10000, 99999)}-{n(r, 100, 999)}, São Paulo.",
                   f"〒{n(r, 100, 999)}-{n(r, 1000, 9999)} 東京都"],
        "docker_digest": [f"Pull registry.example.io/api@sha256:{s(r, H, 64)}",
                          f"image: nginx:1.{n(r, 19, 27)}.{n(r, 0, 5)}-alpine@sha256:{s(r, H, 64)}",
                          f"digest sha256:{s(r, H, 64)} verified"],
        "git_remote": [f"git clone git@github.com:acme-{s(r, 'abcdefg', 5)}/shop-api.git --depth {n(r, 1, 50)}",
                       f"remote: git@gitlab.com:team{n(r, 1, 99)}/{s(r, 'klmnop', 4)}-infra.git (fetch)",
                       f"origin  ssh://git@bitbucket.org/acme/{s(r, 'abcdefgh', 5)}-app.git"],
        "dimensions": [f"Box size {n(r, 20, 90)}x{n(r, 20, 90)}x{n(r, 10, 60)} cm, {n(r, 1, 30)}.{n(r, 0, 9)} kg.",
                       f"Screen {n(r, 1280, 3840)}×{n(r, 720, 2160)} px at {n(r, 60, 240)} Hz",
                       f"Pallet {n(r, 1000, 1300)} mm × {n(r, 800, 1200)} mm, max {n(r, 500, 1500)} kg"],
    }  # fmt: skip


def negative_rows(rng: random.Random, per_kind: int = 20) -> list[Line]:
    rows = []
    for i in range(per_kind):
        for kind, texts in _kinds(rng).items():
            rows.append(Line("negative", kind, f"form-{i % 3}").add(texts[i % 3]))
    return rows
