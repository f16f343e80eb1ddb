"""Replies without PII for the held-out part whose numbers and strings look like PII but are not: references,
dates, amounts, versions, hashes, addresses of machines, serials, coordinates, vanity numbers, device and company
identifiers, bank codes and masked values."""

from __future__ import annotations

import random

from pii_corpus_values import luhn_valid
from pii_tuned17_negatives import LEADS, Maker, hexs, num, pick


def not_luhn(digits: str) -> str:
    """``digits`` with its last digit changed if the whole would pass a Luhn check."""
    return digits[:-1] + str((int(digits[-1]) + 1) % 10) if luhn_valid(digits) else digits


def imei(r: random.Random) -> str:
    from pii_corpus_values import luhn_digit

    body = pick(r, "35", "86", "01") + num(r, 12)
    return body + luhn_digit(body)


L = "ABCDEFGHJKLMNPRSTUVWXYZ"


def letters(r: random.Random, n: int) -> str:
    return "".join(r.choice(L) for _ in range(n))


KINDS: dict[str, list[Maker]] = {
    "order_id": [
        lambda r: f"Order {num(r, 3)}-{num(r, 7)}-{num(r, 7)} was cancelled before it shipped.",
        lambda r: f"Your order number is {num(r, 10)}; keep it for returns.",
        lambda r: f'{{"order_id": {num(r, 9)}, "status": "refunded"}}',
    ],
    "tracking": [
        lambda r: f"Tracking: 1Z{letters(r, 3)}{num(r, 3)}{num(r, 10)} (UPS Ground)",
        lambda r: (
            f"USPS tracking {num(r, 4)} {num(r, 4)} {num(r, 4)} {num(r, 4)} {num(r, 4)} {num(r, 2)} shows it in transit."
        ),
        lambda r: f"DHL waybill {num(r, 10)} - delivery expected Thursday.",
    ],
    "date": [
        lambda r: (
            f"The warranty runs from {r.randint(1, 28):02d}.{r.randint(1, 12):02d}.{r.randint(2019, 2025)} to "
            f"{r.randint(1, 28):02d}.{r.randint(1, 12):02d}.{r.randint(2026, 2030)}."
        ),
        lambda r: f"Renewal date: {r.randint(2024, 2027)}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}",
        lambda r: f"Delivered {r.randint(1, 12)}/{r.randint(1, 28)}/{r.randint(2022, 2025)} at the front desk.",
    ],
    "time": [
        lambda r: (
            f"The outage lasted from {r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d} "
            f"to {r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d} UTC."
        ),
        lambda r: (
            f"Store hours today: {r.randint(7, 10)}:{pick(r, '00', '30')}-{r.randint(17, 22)}:{pick(r, '00', '30')}."
        ),
    ],
    "amount": [
        lambda r: f"Total due: €{r.randint(1, 9)}.{num(r, 3)}.{num(r, 3)},{num(r, 2)} incl. VAT",
        lambda r: (
            f"Refund of ${r.randint(10, 999)}.{num(r, 2)} issued; balance now ${r.randint(1000, 99999):,}.{num(r, 2)}."
        ),
        lambda r: f"合計金額 ¥{r.randint(1000, 999999):,}（税込）",
    ],
    "version": [
        lambda r: (
            f"Update the firmware to {r.randint(1, 12)}.{r.randint(0, 40)}.{r.randint(0, 300)}.{r.randint(1000, 9999)}."
        ),
        lambda r: (
            f"App version v{r.randint(2, 9)}.{r.randint(0, 20)}.{r.randint(0, 99)} (build {num(r, 6)}) fixes the crash."
        ),
    ],
    "hash": [
        lambda r: f"SHA-256 of the installer: {hexs(r, 64)}",
        lambda r: f"Fixed in commit {hexs(r, 40)}.",
        lambda r: f"md5sum: {hexs(r, 32)}  backup.tar.gz",
    ],
    "ip": [
        lambda r: (
            f"Requests from {r.randint(11, 223)}.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)} were rate-limited."
        ),
        lambda r: f"Set the DNS to 2001:db8:{hexs(r, 4)}::{hexs(r, 2)} and restart the router.",
    ],
    "serial": [
        lambda r: f"Serial number: {letters(r, 3)}{num(r, 2)}{letters(r, 2)}{num(r, 5)}",
        lambda r: f"S/N {num(r, 4)}-{num(r, 4)}-{num(r, 4)} is still under warranty.",
    ],
    "coordinates": [
        lambda r: f"Pickup point: {r.randint(-45, 60)}.{num(r, 6)}, {r.randint(-120, 150)}.{num(r, 6)}",
        lambda r: (
            f"GPS {r.randint(10, 59)}°{r.randint(0, 59)}'{r.randint(0, 59)}\"N {r.randint(1, 99)}°{r.randint(0, 59)}'E"
        ),
    ],
    "phone_word": [
        lambda r: f"Call 1-800-{pick(r, 'FLOWERS', 'GOT-JUNK', 'CONTACTS', 'PETMEDS', 'MATTRES')} any time.",
        lambda r: f"Our order line is 1-888-{pick(r, 'NEW-TIRE', 'BUY-BIKE', 'FIX-ROOF', 'EAT-PIZZA')}, open 24/7.",
    ],
    "imei": [
        lambda r: f"The IMEI of the blocked handset is {imei(r)}.",
        lambda r: f"IMEI 1: {imei(r)}\nIMEI 2: {imei(r)}",
    ],
    "ein": [
        lambda r: f"Our company's EIN is {r.randint(10, 98)}-{num(r, 7)} for your vendor form.",
        lambda r: f"Employer Identification Number: {r.randint(10, 98)}-{num(r, 7)}",
    ],
    "bic": [
        lambda r: f"SWIFT/BIC: {pick(r, 'DEUTDEFF', 'BNPAFRPP', 'COBADEFFXXX', 'INGBNL2A', 'UNCRITMM', 'BARCGB22')}",
        lambda r: (
            f"Use BIC {letters(r, 4)}{pick(r, 'DE', 'FR', 'NL', 'ES')}{letters(r, 2)} for the transfer; the reference is {num(r, 6)}."
        ),
    ],
    "creditor_ref": [
        lambda r: f"Payment reference: RF{num(r, 2)} {num(r, 4)} {num(r, 4)} {num(r, 4)}",
        lambda r: f"SEPA creditor ID: {pick(r, 'DE', 'NL', 'AT')}{num(r, 2)}ZZZ{num(r, 11)}",
    ],
    "masked_card": [
        lambda r: f"The card ending •••• {num(r, 4)} was declined.",
        lambda r: f"Paid with XXXX-XXXX-XXXX-{num(r, 4)} on {r.randint(1, 28)}/{r.randint(1, 12)}.",
        lambda r: f"card: ************{num(r, 4)} exp **/**",
    ],
    "masked_iban": [
        lambda r: f"Refund account: {pick(r, 'DE', 'FR', 'NL', 'ES')}** **** **** **** **{num(r, 2)} {num(r, 2)}",
        lambda r: f"IBAN ending in {num(r, 4)} (the rest is hidden for security).",
    ],
    "isbn": [
        lambda r: f"ISBN 978-{r.randint(0, 9)}-{num(r, 3)}-{num(r, 5)}-{r.randint(0, 9)} is back in stock.",
    ],
    "postcode": [
        lambda r: (
            f"We deliver to {pick(r, 'SW1A 2AA', 'EC1V 9HX', 'M1 1AE')} and {r.randint(10000, 99999)} {pick(r, 'Berlin', 'Paris', 'Madrid')}."
        ),
        lambda r: f"ZIP+4 {r.randint(10000, 99999)}-{num(r, 4)} is outside our same-day zone.",
    ],
    "invoice": [
        lambda r: f"Invoice INV-{r.randint(2021, 2025)}-{num(r, 6)} is attached; net 30.",
        lambda r: f"Rechnungsnummer {r.randint(2021, 2025)}/{num(r, 5)} vom {r.randint(1, 28)}.{r.randint(1, 12)}.",
    ],
    "flight": [
        lambda r: (
            f"Flight {pick(r, 'LH', 'BA', 'AF', 'QR', 'EK')} {r.randint(100, 9999)}, PNR {letters(r, 6)}, seat {r.randint(1, 40)}{pick(r, 'A', 'C', 'F')}."
        ),
        lambda r: f"E-ticket {num(r, 3)}-{num(r, 10)} was reissued.",
    ],
    "vin": [
        lambda r: f"VIN: {num(r, 1)}{letters(r, 4)}{num(r, 2)}{letters(r, 1)}{num(r, 1)}{letters(r, 1)}{num(r, 6)}",
    ],
    "gtin": [
        lambda r: f"EAN {not_luhn(pick(r, '4', '5', '8') + num(r, 12))} - scan it at the self-checkout.",
        lambda r: f"UPC {not_luhn('0' + num(r, 11))} / SKU {letters(r, 3)}-{num(r, 4)}",
    ],
    "mac": [
        lambda r: f"MAC address {':'.join(hexs(r, 2).upper() for _ in range(6))} is now whitelisted.",
        lambda r: f"Device id {'-'.join(hexs(r, 2) for _ in range(6))} registered to the router.",
    ],
    "uuid": [
        lambda r: f"Request ID {hexs(r, 8)}-{hexs(r, 4)}-4{hexs(r, 3)}-a{hexs(r, 3)}-{hexs(r, 12)}",
    ],
}


def other_negatives(rng: random.Random, per_kind: int = 16) -> list[tuple[str, str]]:
    out = []
    for kind, makers in KINDS.items():
        seen: set[str] = set()
        for _ in range(2000):
            if len(seen) >= per_kind:
                break
            text = rng.choice(LEADS) + rng.choice(makers)(rng)
            if text not in seen:
                seen.add(text)
                out.append((kind, text))
    return out
