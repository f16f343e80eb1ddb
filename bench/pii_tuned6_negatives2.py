"""Hard negatives of PII tuned part 6, second half: versions, IP addresses, hashes, UUIDs, sixteen-digit
numbers failing the Luhn check (in no card's context), phone-shaped numbers valid in no numbering plan, masked data,
URLs with ``user@``, code with ``@``, log lines, coordinates, ISBNs, GTIN barcodes, cloud account ids, MAC addresses
and statistics."""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable

from pii_corpus_values import luhn_digit, luhn_valid
from pii_tuned6_negatives import n, pick
from pii_tuned6_phones import valid_anywhere

HEX = "0123456789abcdef"


def hexes(rng: random.Random, count: int) -> str:
    return "".join(rng.choice(HEX) for _ in range(count))


def version(rng: random.Random) -> str:
    a, b, c = rng.randint(1, 24), rng.randint(0, 40), rng.randint(0, 9999)
    return pick(
        rng,
        [
            f"You're on Windows build 10.0.{rng.randint(19041, 26100)}.{c}; update to get the fix.",
            f"The app version {a}.{b}.{c} (build {n(rng, 9)}) has the bug.",
            f"Firmware v{a}.{b}.{c}-rc.{rng.randint(1, 9)} was released on Tuesday.",
            f"Chrome {rng.randint(110, 130)}.0.{rng.randint(5000, 6999)}.{rng.randint(10, 250)} is supported.",
            f"Versión instalada: {a}.{b}.{c}.{rng.randint(1000, 9999)}",
        ],
    )


def ip_address(rng: random.Random) -> str:
    v4 = f"{rng.randint(11, 223)}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    v6 = f"2001:db8:{hexes(rng, 4)}:{hexes(rng, 3)}::{hexes(rng, 2)}"
    return pick(
        rng,
        [
            f"The request came from {v4}:{rng.randint(1024, 65535)}, which is our CDN.",
            f"Allow-list {v4}/32 in the firewall for the webhook.",
            f"Ping to [{v6}] timed out after 3 tries.",
            f"Server IP: {v4} / {v6}",
        ],
    )


def hash_value(rng: random.Random) -> str:
    return pick(
        rng,
        [
            f"SHA-256 of the installer: {hexes(rng, 64)}",
            f"The fix is in commit {hexes(rng, 40)} on main.",
            f"md5sum: {hexes(rng, 32)}  backup.tar.gz",
            f"Revert {hexes(rng, 7)} and redeploy, please.",
        ],
    )


def uuid_value(rng: random.Random) -> str:
    value = str(uuid.UUID(int=rng.getrandbits(128), version=4))
    return pick(
        rng,
        [
            f"Request id {value} - include it when you write back.",
            f"Subscription {value} was cancelled at the end of the period.",
            f"The device was enrolled as {value.upper()}.",
        ],
    )


def luhn_fail(rng: random.Random) -> str:
    while True:
        body = n(rng, 15)
        digit = str((int(luhn_digit(body)) + rng.randint(1, 9)) % 10)
        value = body + digit
        if not luhn_valid(value):
            break
    shown = value if rng.random() < 0.5 else " ".join(value[i : i + 4] for i in range(0, 16, 4))
    return pick(
        rng,
        [
            f"Consignment number {shown} left the hub this morning.",
            f"Your meter point reference is {shown}.",
            f"Batch serial {shown} was recalled by the manufacturer.",
            f"Número de expediente del envío: {shown}",
            f"Sendungsverfolgung: {shown}",
        ],
    )


def nowhere_number(rng: random.Random) -> str:
    while True:
        value = rng.choice(["0", "1", "9"]) + "".join(rng.choice("0123456789") for _ in range(rng.randint(6, 10)))
        if not valid_anywhere(value):
            break
    return pick(
        rng,
        [
            f"Part number {value} is back in stock.",
            f"The warehouse bin is {value}.",
            f"Lote de fabricación {value}.",
            f"Artikelnummer {value} ist leider ausverkauft.",
            f"Catalogue code {value}, page 12.",
        ],
    )


def masked_data(rng: random.Random) -> str:
    last4 = n(rng, 4)
    return pick(
        rng,
        [
            f"We charged the card ending •••• •••• •••• {last4}.",
            f"The code was sent to j•••••@gmail.com and +44 •••• ••• {last4[:3]}.",
            f"SSN on file: XXX-XX-{last4}",
            f"Refund to IBAN DE•• •••• •••• •••• ••{last4[:2]} {last4[2:]}••",
            f"Card **** {last4} was removed from your wallet.",
            f"Verificamos el correo m***@hotmail.com y el teléfono ******{last4}.",
        ],
    )


def url_user(rng: random.Random) -> str:
    user = pick(rng, ["deploy", "anonymous", "git", "ci", "readonly"])
    host = pick(rng, ["git.internal.example", "ftp.gnu.org", "bitbucket.org", "registry.example.net"])
    return pick(
        rng,
        [
            f"Clone with https://{user}@{host}/shop/api.git (token in the vault).",
            f"The mirror is at ftp://{user}@{host}/pub/releases/{rng.randint(1, 9)}.{rng.randint(0, 9)}/",
            f"git remote set-url origin ssh://{user}@{host}:7999/team/web.git",
            f"Fetch failed: https://{user}:***@{host}/v2/ returned 401.",
        ],
    )


def code_at(rng: random.Random) -> str:
    return pick(
        rng,
        [
            f"Add @Override above toString() in line {rng.randint(10, 400)}.",
            f"@media (max-width: {rng.choice([480, 600, 768, 1024])}px) {{ .cart {{ display: none; }} }}",
            f"Decorate the view with @login_required and @cache_page({rng.randint(60, 900)}).",
            "EMAIL_RE = r'^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$'  # validation only",
            f"result = weights @ inputs  # matrix product, shape ({rng.randint(2, 64)}, 1)",
            f"@app.route('/orders/<int:order_id>') handles {rng.randint(100, 999)} requests a second.",
        ],
    )


def log_line(rng: random.Random) -> str:
    return pick(
        rng,
        [
            f"[2024-05-{rng.randint(10, 28)} 12:00:01] INFO pid={rng.randint(1000, 99999)} worker-3 processed "
            f"{rng.randint(10**6, 10**9)} bytes in {rng.randint(100, 9999)} ms",
            f"WARN queue=orders lag={rng.randint(1000, 999999)} offset={n(rng, 11)} partition={rng.randint(0, 11)}",
            f"GET /api/v1/items?page={rng.randint(1, 99)} 200 {rng.randint(100, 99999)}b {rng.randint(1, 999)}ms",
            f"kernel: [{rng.randint(1000, 99999)}.{n(rng, 6)}] eth0: link up, 1000 Mbps",
        ],
    )


def coordinates(rng: random.Random) -> str:
    lat, lon = rng.uniform(-60, 70), rng.uniform(-170, 170)
    return pick(
        rng,
        [
            f"The store is at {lat:.6f}, {lon:.6f} on the map.",
            f"Pickup point GPS: {abs(lat):.5f}° {'N' if lat > 0 else 'S'}, {abs(lon):.5f}° {'E' if lon > 0 else 'W'}",
            f"geo:{lat:.4f},{lon:.4f}?z={rng.randint(10, 18)}",
        ],
    )


def _ean13(body: str) -> str:
    total = sum(int(ch) * (3 if i % 2 else 1) for i, ch in enumerate(body))
    return body + str((10 - total % 10) % 10)


def isbn(rng: random.Random) -> str:
    value = _ean13("978" + n(rng, 9))
    shown = f"{value[:3]}-{value[3]}-{value[4:8]}-{value[8:12]}-{value[12]}" if rng.random() < 0.5 else value
    return pick(
        rng,
        [
            f"The book you ordered is ISBN {shown}, back in print next month.",
            f"ISBN: {shown} — edición de bolsillo.",
            f"Wir haben ISBN {shown} nachbestellt.",
        ],
    )


def gtin(rng: random.Random) -> str:
    value = _ean13(rng.choice(["40", "50", "76", "80", "87", "45", "69"]) + n(rng, 10))
    return pick(
        rng,
        [
            f"Scan barcode {value} at the self-checkout.",
            f"EAN {value} is listed twice in the catalogue.",
            f"Código de barras del producto: {value}",
        ],
    )


def cloud_id(rng: random.Random) -> str:
    account = n(rng, 12)
    return pick(
        rng,
        [
            f"Grant arn:aws:iam::{account}:role/deploy read access to the bucket.",
            f"The AWS account {account} hit its Lambda concurrency limit.",
            f"GCP project number {account} owns the service account.",
            f"arn:aws:sns:eu-west-1:{account}:order-events has {rng.randint(2, 9)} subscribers.",
        ],
    )


def mac_address(rng: random.Random) -> str:
    mac = ":".join(hexes(rng, 2).upper() for _ in range(6))
    return pick(
        rng,
        [
            f"Your router's MAC address is {mac}; add it to the allow-list.",
            f"Device {mac} got lease {rng.randint(1, 254)} for 86400 s.",
            f"Dirección MAC del equipo: {mac.replace(':', '-')}",
        ],
    )


def stats(rng: random.Random) -> str:
    views = rng.randint(1_000_000, 99_999_999)
    return pick(
        rng,
        [
            f"The campaign reached {views:,} people and got {rng.randint(10000, 99999):,} clicks.",
            f"Downloads last month: {views} (up {rng.randint(2, 40)}%).",
            f"Población del municipio: {views:,} habitantes.".replace(",", "."),
            f"Total steps this year: {views:,}".replace(",", " "),
        ],
    )


KINDS_B: dict[str, tuple[Callable[[random.Random], str], int]] = {
    "version": (version, 22),
    "ip_address": (ip_address, 22),
    "hash": (hash_value, 22),
    "uuid": (uuid_value, 20),
    "luhn_fail": (luhn_fail, 24),
    "nowhere_number": (nowhere_number, 22),
    "masked_data": (masked_data, 24),
    "url_user": (url_user, 22),
    "code_at": (code_at, 22),
    "log_line": (log_line, 22),
    "coordinates": (coordinates, 20),
    "isbn": (isbn, 20),
    "gtin": (gtin, 20),
    "cloud_id": (cloud_id, 22),
    "mac_address": (mac_address, 20),
    "stats": (stats, 20),
}
