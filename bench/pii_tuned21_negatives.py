"""Replies without PII of the held-out part (bench/make_pii_tuned21.py): numbers and strings shaped like PII that are
not (order, ticket and tracking ids, dates, times, amounts, versions, hashes, IPs, MACs, serials, IMEIs, VINs, EINs,
BICs, creditor references, masked values, coordinates, postcodes, ISBNs, GTINs, flights, invoices, UUIDs, the word
"phone" beside numbers that are no phone numbers)."""

from __future__ import annotations

import random

from pii_corpus_values import iban_check, luhn_digit
from pii_tuned21_negatives_at import fill_values

BANKS = [
    "DEUTDEFF",
    "COBADEFF",
    "BNPAFRPP",
    "INGBNL2A",
    "BSCHESMM",
    "UNCRITMM",
    "NWBKGB2L",
    "RABONL2U",
    "CITIUS33",
    "HSBCHKHH",
    "BCEELULL",
    "GIBAATWW",
    "NDEAFIHH",
    "SWEDSESS",
    "DABADKKK",
    "BKAUATWW",
    "PKOPPLPW",
    "CEKOCZPP",
    "BOFAUS3N",
]
CARRIERS = ["DHL", "UPS", "FedEx", "PostNL", "La Poste", "Correos", "GLS", "Royal Mail", "Japan Post", "Aramex"]


def _extra(rng: random.Random) -> dict[str, str]:
    n = rng.randint
    d15 = "35" + "".join(rng.choice("0123456789") for _ in range(12))
    ref = "".join(rng.choice("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(n(8, 15)))
    isbn12 = "978" + "".join(rng.choice("0123456789") for _ in range(9))
    isbn_check = (10 - sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(isbn12)) % 10) % 10
    gtin12 = "".join(rng.choice("0123456789") for _ in range(12))
    gtin_check = (10 - sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(gtin12)) % 10) % 10
    hexd = "0123456789abcdef"
    return {
        "imei": d15 + luhn_digit(d15),
        "ein": f"{n(10, 98)}-{n(1000000, 9999999)}",
        "bic": rng.choice(BANKS) + rng.choice(["", "XXX", f"{n(100, 999)}"]),
        "rf": "RF" + iban_check("RF", ref) + ref,
        "isbn": f"{isbn12[:3]}-{isbn12[3]}-{isbn12[4:8]}-{isbn12[8:]}-{isbn_check}",
        "gtin": gtin12 + str(gtin_check),
        "uuid": "-".join("".join(rng.choice(hexd) for _ in range(k)) for k in (8, 4, 4, 4, 12)),
        "mac": ":".join(f"{n(0, 255):02X}" for _ in range(6)),
        "ipv6": f"2001:db8:{n(0, 65535):x}:{n(0, 65535):x}::{n(1, 65535):x}",
        "sha": "".join(rng.choice(hexd) for _ in range(40)),
        "md5": "".join(rng.choice(hexd) for _ in range(32)),
        "vin": "".join(rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ0123456789") for _ in range(17)),
        "carrier": rng.choice(CARRIERS),
        "ups": "1Z" + "".join(rng.choice("0123456789ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(16)),
        "trk": f"{n(10**11, 10**12 - 1)}",
        "ord": f"{n(10**9, 10**10 - 1)}",
        "l4": f"{n(0, 9999):04d}",
        "lat": f"{rng.uniform(-60, 70):.6f}",
        "lon": f"{rng.uniform(-170, 170):.6f}",
        "flight": f"{rng.choice(['LH', 'BA', 'AF', 'KL', 'EK', 'QF', 'NH', 'LA', 'ET'])}{n(10, 9999)}",
        "pnr": "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(6)),
        "inv": f"{n(2024, 2026)}{n(1, 12):02d}-{n(10000, 99999)}",
        "ts": f"{n(1700000000, 1790000000)}",
        "ts2": f"{n(1700000000, 1790000000)}",
        "sn": f"{rng.choice(['SN', 'S/N', 'C02', 'F4K'])}{n(10**7, 10**9)}",
        "zip": rng.choice([f"{n(10000, 99999)}", f"{n(10000, 99999)}-{n(1000, 9999)}", f"{n(1000, 9999)} {rng.choice('ABCDEFGH')}{rng.choice('JKLMNPRS')}"]),
        "pct": f"{n(1, 99)}.{n(0, 9)}%",
        "big": f"{n(1, 9)},{n(100, 999)},{n(100, 999)}.{n(10, 99)}",
    }  # fmt: skip


KINDS: dict[str, list[str]] = {
    "order_id": [
        "Order {ord} was split into two parcels; the second ships on {d}.",
        "Bestellnummer {ord} — Versand am {d}.",
        "Your order no. {ord} (placed {d}) is ready for pickup.",
        "pedido nº {ord} entregue em {d}",
    ],
    "tracking": [
        "{carrier} tracking {ups}: out for delivery.",
        "Sendungsnummer {trk} ({carrier}) — Zustellung voraussichtlich {d}.",
        "Tracking no. {trk} shows 'held at customs' since {d}.",
        "追跡番号 {trk} の荷物は{d}に発送されました。",
    ],
    "ticket_id": [
        "Ticket #{n5} has been merged into #{n4}.",
        "Case {ord} is waiting on the warehouse team.",
        "Incident INC{n5} closed by {team} at {time}.",
    ],
    "date_time": [
        "Your slot is {d} {time} (UTC+{n1}), ticket T-{n5}.",
        "Last sync: {d}T{time}:{n2}Z, next run in {n2} minutes.",
        "Echéance le {n1}/{n2}/2026 à {time}, facture {inv}.",
    ],
    "amount": [
        "Total charged: EUR {big} including VAT {pct}.",
        "Refund amount ₹{big} will reach you in 5–7 days.",
        "We credited ${amt} and waived the {amt} fee.",
    ],
    "version": [
        "Please update to version {v} (build {n5}); {v} had the sync bug.",
        "Firmware {v}-rc{n1} is rolling out to {pct} of devices.",
        "App v{v} ({n5}) fixes the crash on Android {n2}.",
    ],
    "hash": [
        "Commit {sha} reverts the checkout change.",
        "MD5 of the installer: {md5}",
        "The build artifact hash is sha1:{sha}.",
    ],
    "ipv4": [
        "Blocked IP {ip} after {n2} failed logins.",
        "Your router's WAN address is {ip}; gateway 10.0.{n1}.1.",
        "Requests from {ip} were rate limited at {time}.",
    ],
    "ipv6": [
        "The AAAA record points to {ipv6}.",
        "Client {ipv6} got a 503 at {time}.",
    ],
    "mac_address": [
        "Whitelist the printer's MAC {mac} on the guest VLAN.",
        "Device {mac} dropped off Wi-Fi at {time}.",
    ],
    "serial": [
        "Warranty covers serial {sn} until {d}.",
        "The replacement unit has S/N {n5}{n4}; the old one was {sn}.",
    ],
    "imei": [
        "Your phone's IMEI is {imei}; the unlock request is pending.",
        "IMEI {imei} was blacklisted on {d} after the theft report.",
        "Device swap: old IMEI {imei}, ticket T-{n5}.",
    ],
    "vin": [
        "Recall check for VIN {vin}: no open campaigns.",
        "The lease contract lists vehicle {vin}, registered {d}.",
    ],
    "ein": [
        "Our company EIN is {ein}, as printed on the W-9 we sent.",
        "Vendor {w} Supplies LLC, EIN {ein}, invoice {inv}.",
        "Federal Employer Identification Number: {ein}",
    ],
    "bic": [
        "The receiving bank's BIC/SWIFT for transfer {inv} is {bic}.",
        "SWIFT code: {bic} — intermediary bank for USD payments (ticket T-{n5}).",
        "BIC {bic} (branch code {n3}) is correct for the transfer.",
    ],
    "creditor_ref": [
        "Please use the structured reference {rf} when you pay invoice {inv}.",
        "Creditor reference: {rf}",
        "Zahlungsreferenz {rf} bitte unverändert übernehmen.",
    ],
    "phone_word": [
        "Phone model {w}-{n3} ships with firmware {v}; SKU {n5}.",
        "Your phone plan {n2}GB renews on {d} for ${amt}.",
        "Phone verification code: {n5} (valid {n1} minutes, never share it).",
        "Phone case order {ord} is back-ordered until {d}.",
        "Phone extension only: ext. {n4} for the {team} desk.",
    ],
    "masked_card": [
        "The card ending in {l4} was declined (code 05).",
        "Paid with •••• •••• •••• {l4} on {d}.",
        "card=XXXXXXXXXXXX{l4} exp=**/** status=ok",
    ],
    "masked_iban": [
        "Refund sent to DE** **** **** **** **{n2} {l4}.",
        "IBAN on file: FR76 **** **** **** **** ***{n1} {n2}",
        "Account ending {l4} (IBAN masked) will receive the payout.",
    ],
    "masked_phone": [
        "We texted the code to the number ending in {n2} at {time}.",
        "SMS sent to +44 •••• ••• {n3}.",
        "Phone on file: (***) ***-{l4}, last verified {d}",
    ],
    "coordinates": [
        "Drop-off location: {lat}, {lon} (gate {n1}).",
        "GPS fix {lat},{lon} at {time}, accuracy {n2} m.",
    ],
    "postal_code": [
        "Delivery area {zip} is covered by next-day shipping.",
        "We don't ship to postcode {zip} yet.",
    ],
    "isbn": [
        "The book's ISBN is {isbn}; a reprint is due {d}.",
        "ISBN {isbn} — paperback, {n3} pages.",
    ],
    "gtin": [
        "Barcode (EAN-13) {gtin} scans as a different product.",
        "GTIN {gtin} is listed twice in your catalogue feed.",
    ],
    "flight": [
        "Flight {flight} on {d}, booking code {pnr}, seat {n2}C.",
        "Your rebooked flight is {flight}, departing {time}, PNR {pnr}.",
    ],
    "invoice": [
        "Invoice {inv} (net {amt}) is due on {d}.",
        "Rechnung Nr. {inv} vom {d}, Betrag {amt} EUR.",
    ],
    "uuid": [
        "Request id {uuid} — include it if you contact us again.",
        "session={uuid} user_agent=Mobile build={n5}",
    ],
    "unix_time": [
        "expires_at={ts} issued_at={ts2} scope=read",
        "The token was created at epoch {ts}.",
    ],
}


def negatives(rng: random.Random, per_kind: int) -> list[tuple[str, str]]:
    out = []
    for kind, templates in KINDS.items():
        for i in range(per_kind):
            values = fill_values(rng) | _extra(rng)
            out.append((kind, templates[i % len(templates)].format(**values)))
    return out
