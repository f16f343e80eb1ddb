"""Replies without PII for the held-out part (bench/make_pii_tuned18.py): numbers and codes that look like phones,
cards, SSNs or IBANs but are order and tracking ids, dates, amounts, versions, hashes, addresses of machines,
serials, masked values, coordinates, device and tax ids, bank and creditor codes, phone words and the like."""

from __future__ import annotations

import random

from pii_corpus_values import Line, iban_check, luhn_digit
from pii_tuned18_common import an_id, digits, letters


def dd(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def hexs(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def luhn15(rng: random.Random, prefix: str, n: int) -> str:
    body = prefix + dd(rng, n - len(prefix) - 1)
    return body + luhn_digit(body)


def creditor_ref(rng: random.Random) -> str:
    ref = digits(rng, rng.randint(6, 14))
    check = iban_check("RF", ref)  # ISO 11649 uses the same mod-97 rule
    compact = f"RF{check}{ref}"
    return " ".join(compact[i : i + 4] for i in range(0, len(compact), 4))


def _gen(rng: random.Random, kind: str) -> str:  # noqa: C901 - one branch per kind
    r = rng
    if kind == "order_id":
        return r.choice(
            [
                "Your order {x} has left our warehouse in Venlo.",
                "Order {x} was split into two parcels.",
                "Bestellnummer {x} - Status: versandt.",
                "订单号 {x} 已发货。",
            ]
        ).format(x=an_id(r))
    if kind == "tracking":
        return r.choice(
            [
                f"Tracking: 1Z{letters(r, 3)}{dd(r, 3)}{dd(r, 10)} (UPS Ground)",
                f"DHL Sendungsnummer {dd(r, 12)} - Zustellung morgen.",
                f"USPS tracking {9400}{dd(r, 18)} shows 'In transit'.",
                f"Royal Mail ref {letters(r, 2)}{dd(r, 9)}GB",
            ]
        )
    if kind == "date":
        return r.choice(
            [
                f"The warranty ends on {r.randint(2025, 2031)}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}.",
                f"Fecha de entrega: {r.randint(1, 28):02d}/{r.randint(1, 12):02d}/{r.randint(2024, 2027)}",
                f"Termin am {r.randint(1, 28)}.{r.randint(1, 12)}.{r.randint(2025, 2027)} um 10 Uhr.",
                f"Valid {r.randint(1, 12):02d}/{r.randint(25, 31)} through {r.randint(1, 12):02d}/{r.randint(32, 35)}.",
            ]
        )
    if kind == "time":
        return r.choice(
            [
                f"Your slot is {r.randint(8, 14):02d}:{r.choice(['00', '15', '30', '45'])}-{r.randint(15, 20):02d}:00.",
                f"Logged at {r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}.{dd(r, 3)} UTC",
                f"Flight departs 20{r.randint(24, 27)}-0{r.randint(1, 9)}-1{r.randint(0, 9)}T{r.randint(10, 23)}:{r.randint(10, 59)}:00+02:00",
            ]
        )
    if kind == "amount":
        return r.choice(
            [
                f"Total due: ${r.randint(1, 999)},{dd(r, 3)},{dd(r, 3)}.{dd(r, 2)}",
                f"Betrag: {r.randint(1, 99)}.{dd(r, 3)}.{dd(r, 3)},{dd(r, 2)} EUR",
                f"कुल राशि ₹{r.randint(1, 99)},{dd(r, 2)},{dd(r, 3)}.00",
                f"Refund of {r.randint(100, 999)} {dd(r, 3)} {dd(r, 3)} JPY approved.",
            ]
        )
    if kind == "version":
        return r.choice(
            [
                f"Please update the app to {r.randint(1, 30)}.{r.randint(0, 99)}.{r.randint(0, 999)} (build {dd(r, 8)}).",
                f"Firmware v{r.randint(1, 9)}.{r.randint(0, 20)}.{r.randint(0, 99)}-rc.{r.randint(1, 5)} fixes the Wi-Fi drop.",
                f"Kernel 6.{r.randint(1, 12)}.{r.randint(0, 60)}-{r.randint(100, 300)}-generic",
            ]
        )
    if kind == "hash":
        return r.choice(
            [
                f"Fixed in commit {hexs(r, 40)}.",
                f"SHA-256: {hexs(r, 64)}",
                f"Checksum md5 {hexs(r, 32)} matches.",
                f'ETag: "{hexs(r, 32)}"',
            ]
        )
    if kind == "ip":
        return r.choice(
            [
                f"Blocked login from {r.randint(11, 223)}.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}.",
                f"Gateway 2001:db8:{hexs(r, 4)}:{hexs(r, 4)}::{hexs(r, 3)} is unreachable.",
                f"Set DNS to 10.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}/24 and retry.",
            ]
        )
    if kind == "serial":
        not_luhn = dd(r, 15)
        not_luhn += str((int(luhn_digit(not_luhn)) + r.randint(1, 9)) % 10)  # no card number by chance
        return r.choice(
            [
                f"Serial number: C02{letters(r, 2)}{dd(r, 1)}{letters(r, 3)}{dd(r, 1)}{letters(r, 2)}",
                f"S/N {'-'.join(not_luhn[i : i + 4] for i in range(0, 16, 4))} is registered to your store.",
                f"Device SN {letters(r, 3)}{dd(r, 10)} is still under warranty.",
            ]
        )
    if kind == "masked_card":
        return r.choice(
            [
                f"Paid with card •••• •••• •••• {dd(r, 4)}.",
                f"Visa ending **** **** **** {dd(r, 4)}",
                f"Karte XXXX-XXXX-XXXX-{dd(r, 4)} wurde belastet.",
                f"PAN {dd(r, 6)}******{dd(r, 4)} (tokenised)",
            ]
        )
    if kind == "masked_ssn":
        return r.choice(
            [
                f"SSN on file: ***-**-{dd(r, 4)}",
                f"Social ending in {dd(r, 4)} (the rest is hidden: XXX-XX-****).",
                f"Número de seguro social: ###-##-{dd(r, 4)}",
            ]
        )
    if kind == "masked_iban":
        return r.choice(
            [
                f"Refund to DE** **** **** **** **{dd(r, 2)} {dd(r, 2)}.",
                f"IBAN: NL** INGB **** **{dd(r, 4)}",
                f"Compte FR76 **** **** **** **** ***{dd(r, 1)} {dd(r, 3)}",
            ]
        )
    if kind == "coordinates":
        return r.choice(
            [
                f"The pickup point is at {r.uniform(-60, 60):.6f}, {r.uniform(-170, 170):.6f}.",
                f"GPS: {r.randint(10, 59)}°{r.randint(0, 59)}'{r.randint(0, 59)}.{r.randint(0, 9)}\"N "
                f"{r.randint(1, 99)}°{r.randint(0, 59)}'{r.randint(0, 59)}\"E",
            ]
        )
    if kind == "imei":
        v = luhn15(r, r.choice(["35", "86", "01", "99"]), 15)
        return r.choice(
            [
                f"IMEI {v} has been blocked at your request.",
                f"IMEI: {v[:2]} {v[2:8]} {v[8:14]} {v[14]}",
                f"Le numéro IMEI {v} est bien couvert par l'assurance.",
            ]
        )
    if kind == "ein":
        return r.choice(
            [
                f"Our EIN is {r.randint(10, 99)}-{dd(r, 7)} for the W-9.",
                f"Employer ID (EIN): {r.randint(10, 99)}-{dd(r, 7)}",
                f"FEIN {r.randint(10, 99)}-{dd(r, 7)} appears on the 1099-K.",
            ]
        )
    if kind == "bic":
        bank = r.choice(["DEUT", "COBA", "BNPA", "INGB", "RABO", "BSCH", "UNCR", "NDEA", "HSBC", "BARC", "CHAS"])
        cc = r.choice(["DE", "FR", "NL", "ES", "IT", "FI", "GB", "US"])
        return r.choice(
            [
                f"BIC/SWIFT: {bank}{cc}{letters(r, 2)}",
                f"SWIFT code {bank}{cc}{r.choice(['2L', 'MM', 'FF'])}{dd(r, 3)}",
                f"Please use BIC {bank}{cc}XX for international transfers.",
            ]
        )
    if kind == "creditor_ref":
        return r.choice(
            [
                f"Use the reference {creditor_ref(r)} when you pay.",
                f"Viitenumero / Referens: {creditor_ref(r)}",
                f"Structured reference: {creditor_ref(r)}",
            ]
        )
    if kind == "phone_word":
        w = r.choice(["FLOWERS", "CONTACTS", "GOT-JUNK", "PLUMBER", "MATTRES", "TAXICAB", "HOLIDAY", "PIZZA-NOW"])
        return r.choice(
            [f"Call 1-800-{w} any time.", f"Dial 1-888-{w} for roadside help.", f"Our hotline is 0800-{w}."]
        )
    if kind == "isbn":
        return r.choice(
            [
                f"ISBN 978-{r.randint(0, 9)}-{dd(r, 3)}-{dd(r, 5)}-{r.randint(0, 9)} is back in stock.",
                f"ISBN-13: 979{dd(r, 10)}",
            ]
        )
    if kind == "postal":
        return r.choice(
            [
                f"Ship to postcode {r.choice(['SW1A 1AA', 'EC1V 9BD', 'M1 1AE'])}.",
                f"PLZ {digits(r, 5)} Berlin",
                f"ZIP {digits(r, 5)}-{dd(r, 4)}",
                f"〒{dd(r, 3)}-{dd(r, 4)} 東京都",
            ]
        )
    if kind == "vin":
        chars = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
        return f"VIN {r.choice(['1HG', 'WVW', 'JTD', 'VF1', 'ZFA'])}{''.join(r.choice(chars) for _ in range(14))} - recall done."
    if kind == "iccid":
        v = luhn15(r, "8944", r.choice([19, 20]))
        return r.choice([f"SIM ICCID {v} activated.", f"ICCID: {' '.join(v[i : i + 4] for i in range(0, len(v), 4))}"])
    if kind == "routing":
        return r.choice(
            [
                f"ABA routing number {r.choice(['0', '1', '2'])}{dd(r, 8)} (not the account).",
                f"Sort code {dd(r, 2)}-{dd(r, 2)}-{dd(r, 2)}",
                f"BSB {dd(r, 3)}-{dd(r, 3)}",
            ]
        )
    if kind == "barcode":
        return r.choice(
            [
                f"EAN {r.choice(['400', '590', '871', '301'])}{dd(r, 10)}",
                f"UPC-A: 0{dd(r, 11)}",
                f"GTIN 0{dd(r, 13)} maps to SKU {letters(r, 3)}-{dd(r, 5)}.",
            ]
        )
    if kind == "flight":
        return r.choice(
            [
                f"Flight {r.choice(['LH', 'AF', 'QR', 'NH', 'UA'])} {r.randint(10, 9999)}, seat {r.randint(1, 45)}{r.choice('ABCDEF')}",
                f"E-ticket 176-{dd(r, 10)}, PNR {letters(r, 6)}",
            ]
        )
    if kind == "measurement":
        return r.choice(
            [
                f"Parcel {r.randint(10, 99)} x {r.randint(10, 99)} x {r.randint(5, 40)} cm, {r.uniform(0.5, 30):.2f} kg",
                f"Meter reading {dd(r, 6)} kWh on {r.randint(1, 28)} March.",
                f"Odometer {r.randint(1, 299)} {dd(r, 3)} km",
            ]
        )
    if kind == "uuid":
        return f"Request id {hexs(r, 8)}-{hexs(r, 4)}-4{hexs(r, 3)}-a{hexs(r, 3)}-{hexs(r, 12)}"
    if kind == "vat":
        return r.choice(
            [
                f"USt-IdNr. DE{dd(r, 9)}",
                f"VAT number GB {dd(r, 3)} {dd(r, 4)} {dd(r, 2)}",
                f"N.º contribuinte PT{dd(r, 9)}",
                f"TVA intracom. FR{dd(r, 2)}{dd(r, 9)}",
            ]
        )
    if kind == "otp":
        return r.choice(
            [
                f"Your verification code is {dd(r, 6)}. It expires in 10 minutes.",
                f"Código de seguridad: {dd(r, 3)}-{dd(r, 3)}",
                f"認証コード：{dd(r, 6)}",
            ]
        )
    if kind == "loyalty":
        miles = dd(r, 14)
        miles += str((int(luhn_digit(miles)) + r.randint(1, 9)) % 10)  # no card number by chance
        return r.choice(
            [
                f"Miles & More no. {' '.join(miles[i : i + 3] for i in range(0, 15, 3))}",
                f"Payback-Kundennummer {dd(r, 10)}",
                f"Member #{dd(r, 4)} {dd(r, 4)} {dd(r, 4)}",
            ]
        )
    if kind == "policy":
        return r.choice(
            [
                f"Policy {letters(r, 2)}-{dd(r, 3)}-{dd(r, 3)}-{dd(r, 4)} renews automatically.",
                f"Claim number {dd(r, 3)}-{dd(r, 2)}-{dd(r, 4)}-{dd(r, 2)} was approved.",
            ]
        )
    raise AssertionError(kind)


KINDS = [
    "order_id", "tracking", "date", "time", "amount", "version", "hash", "ip", "serial", "masked_card", "masked_ssn",
    "masked_iban", "coordinates", "imei", "ein", "bic", "creditor_ref", "phone_word", "isbn", "postal", "vin",
    "iccid", "routing", "barcode", "flight", "measurement", "uuid", "vat", "otp", "loyalty", "policy",
]  # fmt: skip


def negative_rows(rng: random.Random, per_kind: int = 20) -> list[Line]:
    rows, seen = [], set()
    for kind in KINDS:
        for _ in range(per_kind):
            text = _gen(rng, kind)
            while text in seen:
                text = _gen(rng, kind)
            seen.add(text)
            rows.append(Line("negative", kind).add(text))
    return rows
