"""Hard negatives of the held-out part (bench/make_pii_heldout.py): replies without PII whose numbers and strings look
like phones, cards, SSNs, IBANs or addresses but are ids, dates, amounts, versions, hashes, codes and the like."""

from __future__ import annotations

import random

from pii_corpus_values import Line, luhn_digit
from pii_heldout_values import digits, some_id, upper


def _hex(r: random.Random, n: int) -> str:
    return "".join(r.choice("0123456789abcdef") for _ in range(n))


def _imei(r: random.Random) -> str:
    body = r.choice(["35", "86", "01", "49"]) + digits(r, 12)
    return body + luhn_digit(body)


def _bad_luhn(r: random.Random) -> str:
    """16 digits whose last digit breaks the Luhn check."""
    body = r.choice(["4", "5", "6"]) + digits(r, 14)
    return body + str((int(luhn_digit(body)) + r.randint(1, 9)) % 10)


def _pick(r: random.Random, *options: str) -> str:
    return r.choice(options)


NEGATIVES = {
    "phone_word": lambda r: _pick(
        r,
        f"Our hotline is 1-800-{r.choice(['FLOWERS', 'GO-FEDEX', 'PICK-UPS', 'CONTACTS', 'MY-APPLE'])} (ticket {some_id(r)}).",
        f"Dial 0800-{r.choice(['REPAIRS', 'TAXICAB', 'PIZZAHUT'])} and quote reference {digits(r, 6)}.",
    ),
    "order_id": lambda r: (
        f"Your order {r.choice(['#', 'Nr. ', 'n.º '])}{digits(r, r.randint(9, 12))} was split into {r.randint(2, 4)} parcels."
    ),
    "tracking": lambda r: _pick(
        r,
        f"Tracking: 1Z{upper(r, 2)}{digits(r, 14)} - out for delivery.",
        f"Sendungsnummer {digits(r, 20)} (DHL), Zustellung morgen.",
        f"Numéro de suivi : {upper(r, 2)}{digits(r, 9)}FR, en cours d'acheminement.",
    ),
    "date": lambda r: (
        f"Das Paket wurde am {r.randint(1, 28):02d}.{r.randint(1, 12):02d}.{r.randint(2023, 2026)} um {r.randint(7, 20)}:{digits(r, 1)}0 Uhr zugestellt."
    ),
    "timestamp": lambda r: (
        f"Last sync: {r.randint(2023, 2026)}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}T{r.randint(0, 23):02d}:{digits(r, 1)}{digits(r, 1)}:{r.randint(10, 59)}.{digits(r, 3)}+0{r.randint(1, 9)}:00, epoch {r.randint(1700000000, 1790000000)}."
    ),
    "amount": lambda r: (
        f"The total came to {r.randint(1, 9)} {digits(r, 3)} {digits(r, 3)},{digits(r, 2)} Ft, split into {r.randint(3, 12)} instalments."
    ),
    "version": lambda r: (
        f"Please update the app to {r.randint(3, 19)}.{r.randint(0, 30)}.{r.randint(0, 9)} (build {digits(r, 8)}) - the crash is fixed there."
    ),
    "hash": lambda r: f"The file checksum is sha1 {_hex(r, 40)}; commit {_hex(r, 7)} introduced the change.",
    "ipv4": lambda r: (
        f"Your router at {r.choice(['10', '192', '172'])}.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)} blocked {r.randint(100, 999)} requests from 203.0.113.{r.randint(1, 254)}."
    ),
    "ipv6": lambda r: f"The device got address 2001:db8:{_hex(r, 4)}:{_hex(r, 4)}::{_hex(r, 3)} via SLAAC.",
    "serial": lambda r: (
        f"Serial number {upper(r, 3)}{digits(r, 9)}{upper(r, 1)} is still under warranty until {r.randint(2026, 2029)}."
    ),
    "imei": lambda r: f"IMEI {_imei(r)} is not on the blocklist; the handset can be activated.",
    "ein": lambda r: (
        f"Our employer identification number (EIN) is {r.randint(10, 98)}-{digits(r, 7)}, as on the invoice."
    ),
    "bic": lambda r: (
        f"SWIFT/BIC for international transfers: {upper(r, 4)}{r.choice(['DE', 'FR', 'GB', 'NL', 'ES'])}{upper(r, 2)}{r.choice(['', 'XXX', '500'])}; the fee is on us."
    ),
    "creditor_ref": lambda r: (
        f"Please quote the creditor reference RF{r.randint(10, 99)}{digits(r, 4)}{digits(r, 4)}{digits(r, 3)} on the transfer."
    ),
    "masked_card": lambda r: (
        f"The charge was made with the card ending {r.choice(['**** **** **** ', 'XXXX-XXXX-XXXX-', '•••• '])}{digits(r, 4)}."
    ),
    "masked_phone": lambda r: (
        f"We sent the code to the number ending in {r.choice(['*** *** ', '+44 ••••• •', '(***) ***-'])}{digits(r, 3)}."
    ),
    "masked_iban": lambda r: f"Refunds go to the account DE** **** **** **** **{digits(r, 2)} {digits(r, 2)} on file.",
    "coordinates": lambda r: (
        f"The pickup point is at {r.randint(-60, 60)}.{digits(r, 6)}, {r.randint(-170, 170)}.{digits(r, 6)} (behind the pharmacy)."
    ),
    "postal_code": lambda r: (
        f"Delivery to postcode {r.randint(10000, 99999)} takes {r.randint(2, 5)} days; {upper(r, 2)}{r.randint(1, 9)} {r.randint(1, 9)}{upper(r, 2)} in the UK takes 3."
    ),
    "isbn": lambda r: (
        f"The book you asked about is ISBN 978-{r.randint(0, 9)}-{digits(r, 3)}-{digits(r, 5)}-{digits(r, 1)}, reprinted in {r.randint(2015, 2025)}."
    ),
    "invoice": lambda r: (
        f"Rechnung RE-{r.randint(2023, 2026)}-{digits(r, 6)} über {r.randint(10, 999)},{digits(r, 2)} € ist beglichen."
    ),
    "flight": lambda r: (
        f"Flight {upper(r, 2)} {r.randint(100, 9999)} on {r.randint(1, 28)} {r.choice(['May', 'June', 'Oct'])} departs {r.randint(6, 22)}:{r.choice(['05', '35', '50'])}, seat {r.randint(1, 40)}{upper(r, 1)}."
    ),
    "vin": lambda r: (
        f"VIN {upper(r, 3)}{digits(r, 2)}{upper(r, 3)}{digits(r, 1)}{upper(r, 1)}{digits(r, 7)} is eligible for the recall repair."
    ),
    "mac_address": lambda r: f"Whitelist MAC {':'.join(_hex(r, 2).upper() for _ in range(6))} in the captive portal.",
    "uuid": lambda r: (
        f"Request id {_hex(r, 8)}-{_hex(r, 4)}-4{_hex(r, 3)}-a{_hex(r, 3)}-{_hex(r, 12)} - please include it in any follow-up."
    ),
    "bad_luhn": lambda r: f"Gift card code {_bad_luhn(r)} has {r.randint(5, 50)}.00 left on it.",
    "iccid": lambda r: f"SIM ICCID 8944{digits(r, 15)} was activated on the new plan.",
    "routing": lambda r: (
        f"Use ABA routing 0{r.randint(1, 9)}{digits(r, 7)} for the domestic wire (not the account number)."
    ),
    "part_number": lambda r: (
        f"Replacement part {digits(r, 3)}-{digits(r, 4)}-{digits(r, 3)} fits models {r.randint(100, 999)} and {r.randint(100, 999)}X."
    ),
    "otp": lambda r: f"Il codice di verifica è {digits(r, 6)} ed è valido per {r.randint(5, 15)} minuti.",
    "npi": lambda r: (
        f"Dr. {upper(r, 1)}. Ortiz, NPI {r.choice(['1', '2'])}{digits(r, 9)}, is in network for your plan."
    ),
    "room_and_extension": lambda r: (
        f"Reception is ext. {r.randint(200, 899)}, housekeeping ext. {r.randint(200, 899)}; your room is {r.randint(101, 1299)}."
    ),
    "measurements": lambda r: (
        f"Package: {r.randint(20, 90)} x {r.randint(20, 90)} x {r.randint(5, 60)} cm, {r.randint(1, 30)}.{digits(r, 1)} kg, declared value {r.randint(20, 900)} USD."
    ),
    "license_key": lambda r: f"License key: {'-'.join(upper(r, 5) for _ in range(5))} (seats: {r.randint(1, 50)}).",
    "sepa_creditor_id": lambda r: (
        f"Gläubiger-ID DE{r.randint(10, 99)}ZZZ0000{digits(r, 7)}, Mandatsreferenz M-{digits(r, 8)}."
    ),
}


def negative_rows(rng: random.Random, per_kind: int = 13) -> list:
    return [Line("negative", kind).add(make(rng)) for kind, make in NEGATIVES.items() for _ in range(per_kind)]
