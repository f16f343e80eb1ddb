"""Hard negatives of the held-out part (bench/make_pii_tuned12.py), second half: ids, dates, amounts, versions,
hashes, network addresses, serials, coordinates, postal codes, barcodes and repository references - long digit runs
and ``@`` signs that belong to no person. Each kind is (value maker, templates)."""

from __future__ import annotations

import random
import string
import uuid

from pii_tuned12_negatives import Maker, _digits


def _order(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{rng.randint(100, 999)}-{_digits(rng, 7)}-{_digits(rng, 7)}",
            f"{rng.randint(10**9, 10**10 - 1)}",
            f"{rng.randint(2000, 2099)} {_digits(rng, 3)} {_digits(rng, 4)}",
            f"#{_digits(rng, 3)}-{_digits(rng, 3)}-{_digits(rng, 4)}",
        ]
    )


def _tracking(rng: random.Random) -> str:
    return rng.choice(
        [
            f"9400 1{_digits(rng, 3)} {_digits(rng, 4)} {_digits(rng, 4)} {_digits(rng, 4)} {_digits(rng, 2)}",
            "1Z" + "".join(rng.choice(string.digits + "AEFRVWXY") for _ in range(16)),
            f"{_digits(rng, 4)} {_digits(rng, 4)} {_digits(rng, 4)}",
            f"00{_digits(rng, 18)}",
            f"LX{_digits(rng, 9)}DE",
        ]
    )


def _date(rng: random.Random) -> str:
    y, m, d = rng.randint(1990, 2026), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        [f"{y}-{m:02d}-{d:02d}", f"{d:02d}.{m:02d}.{y}", f"{m:02d}/{d:02d}/{y}", f"{d}/{m}/{y}", f"{y}{m:02d}{d:02d}"]
    )


def _time(rng: random.Random) -> str:
    a, b = rng.randint(6, 11), rng.randint(13, 22)
    return rng.choice(
        [
            f"{a:02d}:00-{b:02d}:30",
            f"{a}:15 am - {b - 12}:45 pm",
            f"{a:02d}h30 à {b:02d}h00",
            f"{b:02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}",
        ]
    )


def _amount(rng: random.Random) -> str:
    n = rng.randint(1000, 9999999)
    return rng.choice(
        [
            f"€{n // 100:,}".replace(",", ".") + f",{n % 100:02d}",
            f"USD {n // 100:,}.{n % 100:02d}",
            f"₹{n:,}",
            f"{n // 100:,} Kč".replace(",", " "),
            f"R$ {n // 100:,}".replace(",", ".") + f",{n % 100:02d}",
            f"¥{n:,}",
        ]
    )


def _version(rng: random.Random) -> str:
    return rng.choice(
        [
            f"v{rng.randint(1, 20)}.{rng.randint(0, 40)}.{rng.randint(0, 99)}",
            f"10.0.{rng.randint(17000, 26100)}.{rng.randint(1000, 5000)}",
            f"{rng.randint(100, 130)}.0.{rng.randint(1000, 6999)}.{rng.randint(10, 250)}",
            f"build {rng.randint(2023, 2026)}.{rng.randint(1, 12):02d}.{rng.randint(1, 28):02d}.{rng.randint(1, 9)}",
        ]
    )


def _hash(rng: random.Random) -> str:
    n = rng.choice([7, 12, 32, 40, 64])
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def _ip(rng: random.Random) -> str:
    if rng.random() < 0.6:
        return (
            f"{rng.choice([10, 172, 192, 203, 198])}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
        )
    return "2001:db8:" + ":".join(f"{rng.randint(0, 65535):x}" for _ in range(3)) + "::" + f"{rng.randint(1, 255):x}"


def _mac(rng: random.Random) -> str:
    sep = rng.choice([":", "-"])
    return sep.join(f"{rng.randint(0, 255):02X}" for _ in range(6))


def _serial(rng: random.Random) -> str:
    alnum = string.ascii_uppercase + string.digits
    return rng.choice(
        [
            "C02" + "".join(rng.choice(alnum) for _ in range(9)),
            f"SN{_digits(rng, 12)}",
            f"{_digits(rng, 4)}-{_digits(rng, 4)}-{_digits(rng, 4)}-{_digits(rng, 4)}-{_digits(rng, 2)}",
            "".join(rng.choice(alnum) for _ in range(5)) + "-" + "".join(rng.choice(alnum) for _ in range(5)),
        ]
    )


def _coordinates(rng: random.Random) -> str:
    lat, lon = rng.uniform(-45, 60), rng.uniform(-120, 150)
    return rng.choice([f"{lat:.5f}, {lon:.5f}", f"{lat:.6f},{lon:.6f}", f"geo:{lat:.4f},{lon:.4f}"])


def _postal(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{rng.randint(10000, 99999)}-{rng.randint(1000, 9999)}",
            f"{rng.randint(1000, 9999)} {rng.choice(string.ascii_uppercase)}{rng.choice(string.ascii_uppercase)}",
            f"{rng.randint(100, 999)}-{rng.randint(1000, 9999)}",
            f"{rng.randint(10, 99)}-{rng.randint(100, 999)}",
            f"{rng.randint(10000, 99999)}-{rng.randint(100, 999)}",
        ]
    )


def _isbn(rng: random.Random) -> str:
    body = "978" + rng.choice(["0", "1", "3", "84", "88"]) + _digits(rng, 12 - 3 - 1)
    body = body[:12]
    check = (10 - sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body)) % 10) % 10
    full = body + str(check)
    return f"{full[:3]}-{full[3]}-{full[4:8]}-{full[8:12]}-{full[12]}" if rng.random() < 0.5 else full


def _ean(rng: random.Random) -> str:
    body = rng.choice(["400", "590", "871", "500", "761", "880", "690"]) + _digits(rng, 9)
    check = (10 - sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body)) % 10) % 10
    return body + str(check)


def _vin(rng: random.Random) -> str:
    chars = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
    return rng.choice(["1HG", "WVW", "JTD", "VF1", "ZFA", "KMH"]) + "".join(rng.choice(chars) for _ in range(14))


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def _git_remote(rng: random.Random) -> str:
    org = rng.choice(["acme", "northwind", "shop-platform", "data-eng"])
    repo = rng.choice(["checkout", "mobile-app", "infra", "billing-api"])
    return rng.choice(
        [
            f"git@github.com:{org}/{repo}.git",
            f"git@gitlab.com:{org}/{repo}.git",
            f"ssh://git@bitbucket.org/{org}/{repo}.git",
        ]
    )


def _docker_digest(rng: random.Random) -> str:
    image = rng.choice(["nginx", "postgres", "redis", "ghcr.io/acme/api", "python"])
    return f"{image}@sha256:" + "".join(rng.choice("0123456789abcdef") for _ in range(64))


def _timestamp(rng: random.Random) -> str:
    secs = rng.randint(1_600_000_000, 1_800_000_000)
    return str(secs * 1000 + rng.randint(0, 999)) if rng.random() < 0.5 else str(secs)


def _short_code(rng: random.Random) -> str:
    return str(rng.choice([rng.randint(20000, 99999), rng.randint(100000, 999999), rng.randint(1000, 9999)]))


def _sku(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{_digits(rng, 3)}-{_digits(rng, 2)}-{_digits(rng, 4)}-{rng.choice(string.ascii_uppercase)}",
            f"SKU{_digits(rng, 9)}",
            f"{_digits(rng, 3)}.{_digits(rng, 3)}.{_digits(rng, 2)}",
            f"MPN {rng.choice(string.ascii_uppercase)}{_digits(rng, 4)}{rng.choice(string.ascii_uppercase)}/A",
        ]
    )


NEGATIVES_B: dict[str, tuple[Maker, list[str]]] = {
    "order_id": (
        _order,
        [
            "Your order {v} shipped this morning.",
            "Bestellnummer: {v}",
            "Pedido {v} cancelado a petición del cliente.",
            "order_id={v} state=refunded",
            "注文番号 {v} の返品を受け付けました。",
        ],
    ),
    "tracking": (
        _tracking,
        [
            "Tracking number {v} shows the parcel at the local depot.",
            "Sendungsnummer {v} - Zustellung morgen.",
            "Número de seguimiento: {v}",
            "<tracking>{v}</tracking>",
        ],
    ),
    "date": (
        _date,
        [
            "Your plan renews on {v}.",
            "Fecha de emisión: {v}",
            "Lieferdatum {v}, zwischen 8 und 12 Uhr.",
            "dob_changed_at={v} by=system",
            "Le remboursement a été validé le {v}.",
        ],
    ),
    "time": (
        _time,
        [
            "Our opening hours are {v}, Monday to Saturday.",
            "Créneau de livraison : {v}",
            "Der Techniker kommt zwischen {v}.",
            "Last sync at {v} UTC.",
        ],
    ),
    "amount": (
        _amount,
        [
            "The refund of {v} was approved.",
            "Total a pagar: {v}",
            "Betrag {v} wurde gutgeschrieben.",
            "Outstanding balance: {v}",
            "合計金額 {v}（税込）",
        ],
    ),
    "version": (
        _version,
        [
            "Please update the app - you're on {v}.",
            "Firmware {v} fixes the Bluetooth drop-outs.",
            "Bitte installieren Sie Version {v}.",
            "User-Agent reported build {v}.",
        ],
    ),
    "hash": (
        _hash,
        [
            "The fix landed in commit {v}.",
            "checksum (sha) = {v}",
            "Der Build {v} ist fehlgeschlagen.",
            "Attachment hash {v} matches the original.",
        ],
    ),
    "ip": (
        _ip,
        [
            "The login came from {v}, which we have now blocked.",
            "Whitelist {v} on the firewall.",
            "IP-Adresse: {v}",
            "remote_addr={v} status=403",
        ],
    ),
    "mac": (
        _mac,
        [
            "The router's MAC address is {v}.",
            "Adresse MAC : {v}",
            "Whitelist device {v} in the admin panel.",
            "mac={v} vendor=unknown",
        ],
    ),
    "serial": (
        _serial,
        [
            "The serial number on the label is {v}.",
            "Seriennummer: {v}",
            "Número de serie {v} - garantía hasta 2027.",
            "S/N {v}",
        ],
    ),
    "coordinates": (
        _coordinates,
        [
            "The courier's last ping was at {v}.",
            "Pickup point coordinates: {v}",
            "Coordenadas de entrega: {v}",
            "Standort: {v}",
        ],
    ),
    "postal_code": (
        _postal,
        [
            "We don't deliver to postal code {v} yet.",
            "CEP/ZIP informado: {v}",
            "The store near {v} has it in stock.",
            "zip={v} country_hint=auto",
        ],
    ),
    "isbn": (
        _isbn,
        [
            "The book you ordered is ISBN {v}.",
            "ISBN: {v} - out of print",
            "Das Buch mit der ISBN {v} ist vorrätig.",
            "Référence ISBN {v}.",
        ],
    ),
    "ean": (
        _ean,
        [
            "Barcode {v} is not in our catalogue.",
            "EAN: {v}",
            "Código de barras {v} escaneado dos veces.",
            "gtin={v} qty=2",
        ],
    ),
    "vin": (
        _vin,
        ["The vehicle's VIN is {v}.", "Fahrgestellnummer: {v}", "VIN {v} has an open recall.", "Número de chasis {v}."],
    ),
    "uuid": (
        _uuid,
        [
            "Request id {v} - please include it when you contact us.",
            "session={v}",
            "Trace-Id: {v}",
            "ID de la transacción: {v}",
        ],
    ),
    "git_remote": (
        _git_remote,
        [
            "Clone the repo with `git clone {v}`.",
            "remote.origin.url={v}",
            "Push rejected by {v} (protected branch).",
            "Das Repository liegt unter {v}.",
        ],
    ),
    "docker_digest": (
        _docker_digest,
        ["Pin the image to {v} to avoid surprises.", "image: {v}", "Pulled {v} successfully.", "Deploy used {v}."],
    ),
    "timestamp": (
        _timestamp,
        [
            "The event was logged at epoch {v}.",
            '"created_at": {v}',
            'ts={v} level=info msg="cart updated"',
            "expires={v}",
        ],
    ),
    "short_code": (
        _short_code,
        [
            "Text STOP to {v} to unsubscribe from our offers.",
            "Envía ALTA al {v} para recibir avisos.",
            "Your verification code is {v}. It expires in 10 minutes.",
            "SMS-Kurzwahl {v}, 0,99 €/SMS.",
        ],
    ),
    "sku": (
        _sku,
        [
            "Item {v} is back in stock.",
            "Artikelnummer: {v}",
            "Referencia {v} descatalogada.",
            "sku={v} qty=1 price=19.99",
        ],
    ),
}
