"""Hard negatives of PII tuned part 7, part two: numbers and strings that look like PII but are not -
amounts, dates and times, versions, IP and MAC addresses, hashes, UUIDs, numbers failing the Luhn check, numbers
valid in no numbering plan, masked data, code, logs, URLs with ``user@``, ISBNs, barcodes, coordinates, VAT numbers,
routing numbers and SIM ICCIDs - and the rows that carry them."""

from __future__ import annotations

import random
from collections.abc import Callable

import phonenumbers
from pii_corpus_values import Line, card_digits, luhn_valid
from pii_tuned7_negatives import KINDS_A, n, pick
from pii_tuned7_phones import REGIONS


def amount(rng: random.Random) -> str:
    big = f"{rng.randint(1, 9)},{n(rng, 3)},{n(rng, 3)}.{rng.randint(10, 99)}"
    return pick(
        rng,
        [
            f"Your annual statement shows total payments of ${big}.",
            f"Le montant total est de {rng.randint(1000, 9999)} {n(rng, 3)},{rng.randint(10, 99)} €.",
            f"कुल राशि ₹{rng.randint(1, 99)},{n(rng, 2)},{n(rng, 3)} है।",
            f"Invoice total: {rng.randint(10000, 99999)}.{rng.randint(10, 99)} EUR incl. VAT",
            f"Saldo pendiente: {rng.randint(100, 999)}.{n(rng, 3)}.{n(rng, 3)} COP",
        ],
    )


def datetime_(rng: random.Random) -> str:
    y, m, d = rng.randint(2019, 2026), rng.randint(1, 12), rng.randint(1, 28)
    hh, mm = rng.randint(0, 23), rng.randint(0, 59)
    return pick(
        rng,
        [
            f"Your appointment is on {y}-{m:02d}-{d:02d} at {hh:02d}:{mm:02d}.",
            f"Delivered {d:02d}/{m:02d}/{y} {hh:02d}:{mm:02d}:{rng.randint(0, 59):02d}",
            f"Timestamp {y}{m:02d}{d:02d}{hh:02d}{mm:02d}{rng.randint(0, 59):02d} recorded on the scan.",
            f"The window is {d}.{m}.{y}, {hh:02d}:00-{(hh + 2) % 24:02d}:00.",
            f"epoch ms: 17{n(rng, 11)}",
        ],
    )


def version(rng: random.Random) -> str:
    v = ".".join(str(rng.randint(0, 40)) for _ in range(rng.choice([3, 4])))
    return pick(
        rng,
        [
            f"Please update the app to version {v} or later.",
            f"Firmware {v} (build {n(rng, 9)}) fixes the Bluetooth drop-outs.",
            f"Running macOS {rng.randint(12, 15)}.{rng.randint(0, 6)}.{rng.randint(0, 3)}, Chrome {v}.",
        ],
    )


def ip_address(rng: random.Random) -> str:
    v4 = ".".join(str(rng.randint(1, 254)) for _ in range(4))
    v6 = "2001:db8:" + ":".join(f"{rng.randint(0, 65535):x}" for _ in range(3)) + "::" + f"{rng.randint(1, 255):x}"
    return pick(
        rng,
        [
            f"The login came from {v4}, which we've added to the allow-list.",
            f"Point the A record at {v4} and the AAAA record at {v6}.",
            f"Blocked {rng.randint(2, 90)} requests from {v4} in the last hour.",
        ],
    )


def hash_(rng: random.Random) -> str:
    sha = "".join(rng.choice("0123456789abcdef") for _ in range(40))
    digest = "".join(rng.choice("0123456789abcdef") for _ in range(64))
    return pick(
        rng,
        [
            f"Fixed in commit {sha[:12]}; deploy is rolling out now.",
            f"SHA-256 of the installer: {digest}",
            f"Pull image registry.acme-tools.net/web@sha256:{digest}",
            f"git revert {sha}",
        ],
    )


def uuid_(rng: random.Random) -> str:
    h = "".join(rng.choice("0123456789abcdef") for _ in range(32))
    u = f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"
    return pick(rng, [f"Request ID {u} - please include it in your reply.", f"session_id={u}", f"Device ID: {u}"])


def luhn_fail(rng: random.Random) -> str:
    while True:
        value = n(rng, 16)
        if not luhn_valid(value):
            break
    grouped = " ".join(value[i : i + 4] for i in range(0, 16, 4))
    return pick(
        rng,
        [
            f"Your loyalty membership number is {grouped}.",
            f"Meter point number: {value}",
            f"Voucher serial {grouped} has already been redeemed.",
            f"Numéro de contrat : {value}",
        ],
    )


def _valid_nowhere(text: str) -> bool:
    for region in REGIONS:
        try:
            if phonenumbers.is_valid_number(phonenumbers.parse(text, region)):
                return False
        except phonenumbers.NumberParseException:
            continue
    return True


def no_plan(rng: random.Random) -> str:
    while True:
        value = pick(
            rng,
            [
                f"(0{rng.randint(0, 1)}{rng.randint(0, 9)}) 1{n(rng, 2)}-{n(rng, 4)}",
                f"000-{n(rng, 3)}-{n(rng, 4)}",
                f"+0 {n(rng, 3)} {n(rng, 3)} {n(rng, 4)}",
                f"123-456-{n(rng, 4)}",
            ],
        )
        if _valid_nowhere(value):
            break
    return pick(
        rng,
        [
            f"The sign-up form shows {value} as a placeholder - just overwrite it.",
            f"Part number {value} is out of stock until June.",
            f"Lot {value} was recalled; check the sticker on the box.",
        ],
    )


def masked(rng: random.Random) -> str:
    return pick(
        rng,
        [
            f"Paid with the card ending •••• {n(rng, 4)}.",
            f"SSN on file: ***-**-{n(rng, 4)}",
            f"We sent the code to j•••••@g•••l.com and +44 ••••• ••{n(rng, 3)}.",
            f"IBAN DE** **** **** **** **{n(rng, 2)} {n(rng, 2)}",
            f"Account: XXXX-XXXX-XXXX-{n(rng, 4)}",
            f"Teléfono registrado: *** *** {n(rng, 3)}",
        ],
    )


def code(rng: random.Random) -> str:
    return pick(
        rng,
        [
            'EMAIL_RE = re.compile(r"[^@\\s]+@[^@\\s]+\\.[a-z]{2,}")',
            "phone = models.CharField(max_length=32, blank=True)",
            f"if len(card_number) not in (15, 16): raise ValueError('bad length {n(rng, 2)}')",
            "const mask = (s) => s.replace(/\\d(?=\\d{4})/g, '*');",
            f"SELECT id, email FROM users WHERE id = {n(rng, 7)};",
        ],
    )


def log_line(rng: random.Random) -> str:
    return pick(
        rng,
        [
            f"2025-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}T0{rng.randint(0, 9)}:{rng.randint(10, 59)}:07Z "
            f"worker-{rng.randint(1, 9)} pid={n(rng, 5)} job={n(rng, 10)} duration_ms={n(rng, 4)}",
            f"[ERROR] payment-svc txn={n(rng, 12)} code=51 msg=insufficient_funds",
            f"INFO sent batch {n(rng, 9)} ({rng.randint(10, 999)} rows) to queue orders.v2",
        ],
    )


def url_userinfo(rng: random.Random) -> str:
    host = pick(rng, ["git.acme-tools.net", "build-07.internal.acme.io", "files.shopfront.cloud", "repo.devhub.dev"])
    user = pick(rng, ["deploy", "git", "ci-bot", "backup"])
    return pick(
        rng,
        [
            f"Clone it with git clone ssh://{user}@{host}/web/storefront.git",
            f"The mirror is at https://{user}@{host}/mirror/ - it asks for a token.",
            f"sftp://{user}@{host}:2222/exports/daily.csv failed with 'permission denied'.",
        ],
    )


def _isbn13(rng: random.Random) -> str:
    body = "978" + "".join(rng.choice("0123456789") for _ in range(9))
    check = (10 - sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body)) % 10) % 10
    return body + str(check)


def isbn(rng: random.Random) -> str:
    value = _isbn13(rng)
    written = f"{value[:3]}-{value[3]}-{value[4:8]}-{value[8:12]}-{value[12]}"
    return pick(rng, [f"The textbook is ISBN {written}.", f"ISBN: {value} (paperback)"])


def barcode(rng: random.Random) -> str:
    body = pick(rng, ["40", "50", "76", "87", "30"]) + "".join(rng.choice("0123456789") for _ in range(10))
    check = (10 - sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body)) % 10) % 10
    return pick(rng, [f"EAN {body}{check} - scanned twice at the till.", f"GTIN: {body}{check}"])


def coordinates(rng: random.Random) -> str:
    lat, lon = rng.uniform(-60, 60), rng.uniform(-170, 170)
    return pick(rng, [f"The pickup point is at {lat:.6f}, {lon:.6f}.", f"GPS {lat:.5f} {lon:.5f} (locker #12)"])


def vat_number(rng: random.Random) -> str:
    value = pick(rng, [f"DE{n(rng, 9)}", f"FR{n(rng, 11)}", f"GB{n(rng, 9)}", f"NL{n(rng, 9)}B01", f"IT{n(rng, 11)}"])
    return pick(rng, [f"Our VAT number is {value}.", f"USt-IdNr.: {value}", f"N° TVA intracommunautaire : {value}"])


def _aba(rng: random.Random) -> str:
    while True:
        body = rng.choice(["0", "1", "2"]) + "".join(rng.choice("0123456789") for _ in range(7))
        for last in "0123456789":
            value = body + last
            weights = [3, 7, 1] * 3
            if sum(int(c) * w for c, w in zip(value, weights, strict=True)) % 10 == 0:
                return value


def routing(rng: random.Random) -> str:
    value = _aba(rng)
    return pick(
        rng,
        [
            f"Our bank's ABA routing number is {value}.",
            f"Wire instructions: routing {value}, reference your invoice number.",
        ],
    )


def mac_address(rng: random.Random) -> str:
    mac = ":".join(f"{rng.randint(0, 255):02X}" for _ in range(6))
    return pick(rng, [f"Router MAC: {mac}", f"Please whitelist the device {mac} on the guest Wi-Fi."])


def iccid(rng: random.Random) -> str:
    value = card_digits(rng, pick(rng, ["8944", "8901", "8949", "8933"]), rng.choice([19, 20]))
    return pick(
        rng, [f"SIM ICCID {value} has been activated.", f"Your replacement SIM (ICCID: {value}) is on its way."]
    )


KINDS_B: dict[str, Callable[[random.Random], str]] = {
    "amount": amount,
    "datetime": datetime_,
    "version": version,
    "ip_address": ip_address,
    "hash": hash_,
    "uuid": uuid_,
    "luhn_fail": luhn_fail,
    "no_plan": no_plan,
    "masked": masked,
    "code": code,
    "log_line": log_line,
    "url_userinfo": url_userinfo,
    "isbn": isbn,
    "barcode": barcode,
    "coordinates": coordinates,
    "vat_number": vat_number,
    "routing": routing,
    "mac_address": mac_address,
    "iccid": iccid,
}
KINDS = {**KINDS_A, **KINDS_B}


def negative_rows(rng: random.Random, per_kind: int = 23) -> list[Line]:
    rows = []
    for kind, make in KINDS.items():
        seen: set[str] = set()
        for _ in range(per_kind * 5):
            if len(seen) == per_kind:
                break
            text = make(rng)
            if text not in seen:
                seen.add(text)
                rows.append(Line("negative", kind).add(text))
    return rows
