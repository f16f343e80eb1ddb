"""Hard negatives of the held-out part (bench/make_pii_tuned11.py), first half: replies with numbers and strings that
look like PII but are not (ids, dates, amounts, hashes, addresses of machines, masked values, ...). Each kind is a
value drawer and the replies it is put in ({v}: the value)."""

from __future__ import annotations

import random
import string

from pii_corpus_values import luhn_digit


def digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def alnum(rng: random.Random, n: int, alphabet: str = string.ascii_uppercase + string.digits) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def order_id(rng: random.Random) -> str:
    return rng.choice(
        [f"ORD-{rng.randint(2020, 2026)}-{digits(rng, 6)}", f"#{digits(rng, 3)}-{digits(rng, 7)}-{digits(rng, 7)}"]
        + [f"{alnum(rng, 3)}{digits(rng, 9)}", f"SO{digits(rng, 8)}"]
    )


def ticket_id(rng: random.Random) -> str:
    return rng.choice(
        [f"INC{digits(rng, 7)}", f"SUP-{rng.randint(1000, 99999)}", f"CS{digits(rng, 6)}/{rng.randint(1, 9)}"]
    )


def tracking(rng: random.Random) -> str:
    return rng.choice(
        [
            f"1Z{alnum(rng, 6)}{digits(rng, 10)}",
            f"JD{digits(rng, 18)}",
            f"LX{digits(rng, 9)}CN",
            f"RR{digits(rng, 9)}DE",
        ]
    )


def date(rng: random.Random) -> str:
    y, m, d = rng.randint(2019, 2027), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        [f"{y}-{m:02d}-{d:02d}", f"{d:02d}.{m:02d}.{y}", f"{m:02d}/{d:02d}/{y}", f"{d}/{m}/{y % 100:02d}"]
    )


def clock(rng: random.Random) -> str:
    h, m, s = rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)
    return rng.choice([f"{h:02d}:{m:02d}:{s:02d}", f"{h}h{m:02d}", f"{h:02d}:{m:02d} UTC+{rng.randint(1, 9)}"])


def amount(rng: random.Random) -> str:
    a, c = rng.randint(1, 99999), rng.randint(0, 99)
    return rng.choice(
        [f"${a:,}.{c:02d}", f"€ {a:,}.{c:02d}".replace(",", "X").replace(".", ",").replace("X", "."), f"¥{a * 100:,}"]
        + [f"R$ {a},{c:02d}", f"{a} Kč", f"₹{a:,}.{c:02d}"]
    )


def version(rng: random.Random) -> str:
    a, b, c = rng.randint(0, 30), rng.randint(0, 40), rng.randint(0, 300)
    return rng.choice(
        [f"v{a}.{b}.{c}", f"{a}.{b}.{c}.{rng.randint(1000, 9999)}", f"{a}.{b}.{c}-rc.{rng.randint(1, 5)}"]
    )


def hexhash(rng: random.Random) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(rng.choice([7, 12, 40, 64])))


def ipv4(rng: random.Random) -> str:
    return rng.choice(
        [
            f"10.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
            f"192.168.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
        ]
        + [f"203.0.113.{rng.randint(1, 254)}", f"172.{rng.randint(16, 31)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"]
    )


def ipv6(rng: random.Random) -> str:
    groups = [f"{rng.randint(0, 65535):x}" for _ in range(4)]
    return rng.choice([f"2001:db8:{groups[0]}::{groups[1]}:{groups[2]}", f"fe80::{':'.join(groups)}"])


def serial(rng: random.Random) -> str:
    return rng.choice(
        [f"C02{alnum(rng, 9)}", f"{alnum(rng, 2)}{digits(rng, 8)}{alnum(rng, 2)}", f"SN{digits(rng, 12)}"]
    )


def masked_card(rng: random.Random) -> str:
    last = digits(rng, 4)
    return rng.choice(
        [f"**** **** **** {last}", f"•••• {last}", f"XXXX-XXXX-XXXX-{last}", f"{digits(rng, 6)}******{last}"]
    )


def masked_email(rng: random.Random) -> str:
    first = rng.choice("abcdefghijklmnoprstuvwz")
    return rng.choice(
        [
            f"{first}***@g****.com",
            f"{first}{'•' * rng.randint(3, 8)}@outlook.com",
            f"{first}****{rng.choice('aeo')}@*****.de",
        ]
    )


def masked_phone(rng: random.Random) -> str:
    return rng.choice([f"+44 •••• ••• {digits(rng, 3)}", f"***-***-{digits(rng, 4)}", f"+49 *** ****{digits(rng, 2)}"])


def coordinates(rng: random.Random) -> str:
    lat, lon = rng.uniform(-60, 70), rng.uniform(-170, 170)
    return rng.choice(
        [
            f"{lat:.5f}, {lon:.5f}",
            f"{abs(lat):.4f}° {'N' if lat > 0 else 'S'}, {abs(lon):.4f}° {'E' if lon > 0 else 'W'}",
        ]
    )


def promo(rng: random.Random) -> str:
    return rng.choice(
        [f"SPRING{rng.randint(10, 50)}-{alnum(rng, 4)}", f"{alnum(rng, 4)}-{alnum(rng, 4)}-{alnum(rng, 4)}"]
    )


def flight(rng: random.Random) -> str:
    return rng.choice(
        [f"{rng.choice(['LH', 'BA', 'AF', 'TK', 'QR', 'NH', 'LA'])} {rng.randint(10, 9999)}", f"PNR {alnum(rng, 6)}"]
    )


def isbn(rng: random.Random) -> str:
    body = "978" + digits(rng, 9)
    check = (10 - sum(int(ch) * (1 if i % 2 == 0 else 3) for i, ch in enumerate(body)) % 10) % 10
    return f"{body[:3]}-{body[3]}-{body[4:7]}-{body[7:12]}-{check}"


def vin(rng: random.Random) -> str:
    return alnum(rng, 17, "ABCDEFGHJKLMNPRSTUVWXYZ0123456789")


def mac(rng: random.Random) -> str:
    return ":".join(f"{rng.randint(0, 255):02X}" for _ in range(6))


def uuid(rng: random.Random) -> str:
    h = "".join(rng.choice("0123456789abcdef") for _ in range(32))
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{h[16:20]}-{h[20:]}"


def postal(rng: random.Random) -> str:
    return rng.choice(
        [
            f"{digits(rng, 5)} Berlin",
            f"SW{rng.randint(1, 20)} {rng.randint(1, 9)}{alnum(rng, 2, 'ABDEFGHJLNPQRSTUWXYZ')}",
        ]
        + [f"〒{digits(rng, 3)}-{digits(rng, 4)}", f"M{rng.randint(1, 9)}V {rng.randint(1, 9)}L{rng.randint(1, 9)}"]
    )


def imei(rng: random.Random) -> str:
    body = rng.choice(["35", "86", "49"]) + digits(rng, 12)
    full = body + luhn_digit(body)
    return rng.choice([full, f"{full[:2]}-{full[2:8]}-{full[8:14]}-{full[14]}"])


KINDS: dict[str, tuple[object, list[str]]] = {
    "order_id": (
        order_id,
        ["Your order {v} was split into two parcels.", "Bestellung {v} ist storniert.", "Pedido {v}: en camino."],
    ),
    "ticket_id": (ticket_id, ["I've escalated ticket {v} to tier 2.", "Le ticket {v} est clôturé.", "工单{v}已关闭。"]),
    "tracking": (
        tracking,
        ["Tracking: {v} (carrier updates every 4h)", "Sendungsnummer {v}", "El envío {v} está en aduanas."],
    ),
    "date": (date, ["Your plan renews on {v}.", "Die Lieferung ist für {v} geplant.", "Prazo final: {v}."]),
    "time": (
        clock,
        ["The outage started at {v} and lasted 14 minutes.", "Rendez-vous confirmé à {v}.", "予約時間は{v}です。"],
    ),
    "amount": (amount, ["The total due is {v}.", "Erstattet wurden {v}.", "Se cobró {v} en la última factura."]),
    "version": (
        version,
        [
            "Please update the app to {v} and try again.",
            "Firmware {v} fixes the pairing bug.",
            "Versión instalada: {v}",
        ],
    ),
    "hash": (
        hexhash,
        [
            "The build was made from commit {v}.",
            "Checksum (sha256): {v}",
            "Verify the file hash {v} before installing.",
        ],
    ),
    "ipv4": (
        ipv4,
        ["Your router's LAN address is {v}.", "Login blocked from {v} after 5 attempts.", "Server: {v} port 8443"],
    ),
    "ipv6": (ipv6, ["The device got the address {v}.", "Traffic from {v} was rate-limited.", "IPv6: {v}"]),
    "serial": (serial, ["The serial on the sticker is {v}.", "Seriennummer: {v}", "Número de serie {v} registrado."]),
    "masked_card": (masked_card, ["You paid with the card {v}.", "Carte utilisée : {v}", "Karte {v} ist abgelaufen."]),
    "masked_email": (masked_email, ["We sent a code to {v}.", "Code envoyé à {v}", "認証コードを{v}に送信しました。"]),
    "masked_phone": (masked_phone, ["A code was texted to {v}.", "SMS gesendet an {v}", "Enviamos el código al {v}."]),
    "coordinates": (coordinates, ["The pickup point is at {v}.", "GPS: {v}", "Standort des Lockers: {v}"]),
    "promo_code": (promo, ["Use code {v} for 15% off your next order.", "Gutscheincode: {v}", "Cupom {v} aplicado."]),
    "flight": (flight, ["Your connecting flight is {v}.", "Vol {v} retardé de 40 minutes.", "Buchung {v} bestätigt."]),
    "isbn": (isbn, ["The book's ISBN is {v}.", "ISBN {v} ist vergriffen.", "ISBN: {v} (tapa blanda)"]),
    "vin": (vin, ["The vehicle VIN is {v}.", "Fahrgestellnummer {v}", "VIN: {v} - recall does not apply."]),
    "mac": (mac, ["The printer's MAC address is {v}.", "Adresse MAC : {v}", "Whitelist device {v} in the router."]),
    "uuid": (uuid, ["Request id {v} - include it if you write back.", "session={v}", "Trace-ID: {v}"]),
    "postal_code": (postal, ["We deliver to {v} on Tuesdays.", "Código postal: {v}", "Lieferadresse PLZ/Ort: {v}"]),
    "imei": (imei, ["The phone's IMEI is {v}; it is now blacklisted.", "IMEI: {v}", "IMEI do aparelho: {v}"]),
}
