"""Replies of the held-out part with no PII: numbers and strings that look like a phone, a card, an SSN or an IBAN
but are order and ticket ids, tracking numbers, dates, amounts, versions, hashes, addresses of machines, serials,
masked values, coordinates and codes of many kinds, each in several phrasings."""

from __future__ import annotations

import random
from collections.abc import Callable

from pii_corpus_values import Line, luhn_digit, luhn_valid

U = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def _d(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def _u(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(U) for _ in range(n))


def _not_luhn(rng: random.Random, n: int) -> str:
    while True:
        s = rng.choice("123456789") + _d(rng, n - 1)
        if not luhn_valid(s):
            return s


def _imei(rng: random.Random) -> str:
    """An IMEI: a type allocation code of a handset maker (35 or 86), a serial and a Luhn digit."""
    body = rng.choice(["35", "86"]) + _d(rng, 12)
    return body + luhn_digit(body)


def _hex(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


KINDS: dict[str, Callable[[random.Random], str]] = {
    "order_id": lambda r: r.choice([
        f"Your order #{_d(r, 8)} shipped this morning and should arrive Friday.",
        f"Pedido nº {_d(r, 3)}-{_d(r, 7)} confirmado, gracias por su compra.",
        f"Bestellnummer: {_u(r, 2)}{_d(r, 9)} – Status: versandbereit",
        f'{{"order_id": "{_d(r, 4)}-{_d(r, 4)}-{_d(r, 3)}", "status": "packed"}}']),
    "ticket": lambda r: r.choice([
        f"I've opened ticket INC{_d(r, 7)} for the outage; engineering is on it.",
        f"Referencia de su incidencia: {_d(r, 3)}-{_d(r, 3)}-{_d(r, 4)}-{_u(r, 2)}.",
        f"Case {_d(r, 8)} has been escalated to tier 2.",
        f"工单号：{_d(r, 12)}，我们会在24小时内回复。"]),
    "tracking": lambda r: r.choice([
        f"Tracking: 1Z{_u(r, 1)}{_d(r, 2)}{_u(r, 3)}{_d(r, 10)} (UPS Ground).",
        f"USPS tracking {_d(r, 4)} {_d(r, 4)} {_d(r, 4)} {_d(r, 4)} {_d(r, 4)} {_d(r, 2)}",
        f"Sendungsnummer {_d(r, 2)}{_u(r, 2)}{_d(r, 9)}DE – DHL Paket",
        f"Colis suivi sous le numéro {_u(r, 2)}{_d(r, 9)}FR."]),
    "date": lambda r: r.choice([
        f"Your warranty runs from {r.randrange(1, 28):02d}/{r.randrange(1, 13):02d}/20{_d(r, 1)}{r.randrange(3, 9)} "
        f"to {r.randrange(1, 28):02d}/{r.randrange(1, 13):02d}/2029.",
        f"Fecha de entrega: 2026-{r.randrange(1, 13):02d}-{r.randrange(1, 29):02d}",
        f"Termin am {r.randrange(1, 29)}.{r.randrange(1, 13)}.2026 um {r.randrange(8, 18)}:00 Uhr bestätigt.",
        f"配送予定日：2026年{r.randrange(1, 13)}月{r.randrange(1, 29)}日"]),
    "time": lambda r: r.choice([
        f"Our chat hours are {r.randrange(7, 10)}:00–{r.randrange(17, 22)}:30 CET, Monday to Saturday.",
        f"The courier window is {r.randrange(8, 12)}:{r.choice(['00', '15', '30'])} - {r.randrange(13, 19)}:00.",
        f"Elapsed: {r.randrange(0, 3):02d}:{r.randrange(60):02d}:{r.randrange(60):02d}.{_d(r, 3)}"]),
    "amount": lambda r: r.choice([
        f"The refund of €{r.randrange(100, 9999)},{_d(r, 2)} will appear within 5–7 days.",
        f"Total: ${r.randrange(1, 999)},{_d(r, 3)}.{_d(r, 2)} (incl. tax)",
        f"Saldo pendiente: {r.randrange(100, 999)}.{_d(r, 3)},{_d(r, 2)} COP",
        f"₹{r.randrange(1, 99)},{_d(r, 2)},{_d(r, 3)} has been credited back."]),
    "version": lambda r: r.choice([
        f"Please update the app to version {r.randrange(1, 20)}.{r.randrange(30)}.{r.randrange(200)} "
        f"(build {_d(r, 6)}).",
        f"Firmware {r.randrange(1, 9)}.{r.randrange(10)}.{r.randrange(10)}.{_d(r, 4)} fixes the Bluetooth drop.",
        f"Running kernel 6.{r.randrange(1, 12)}.{r.randrange(0, 80)}-{r.randrange(1, 200)}-generic"]),
    "hash": lambda r: r.choice([
        f"Commit {_hex(r, 40)} reverted the change.", f"SHA-256: {_hex(r, 64)}",
        f"Checksum (MD5) {_hex(r, 32)} matches the download."]),
    "ipv4": lambda r: r.choice([
        f"The login came from {r.randrange(11, 223)}.{r.randrange(256)}.{r.randrange(256)}.{r.randrange(1, 255)}.",
        f"Whitelist {r.randrange(11, 223)}.{r.randrange(256)}.{r.randrange(256)}.0/24 on the firewall."]),
    "ipv6": lambda r: f"Client address 2001:db8:{_hex(r, 4)}:{_hex(r, 4)}::{_hex(r, 3)} was rate-limited.",
    "serial": lambda r: r.choice([
        f"Serial number: {_u(r, 2)}{_d(r, 2)}{_u(r, 1)}{_d(r, 6)}{_u(r, 2)}",
        f"S/N {_d(r, 4)}-{_d(r, 4)}-{_d(r, 4)}-{_u(r, 2)} is still under warranty.",
        f"Número de série do aparelho: {_u(r, 3)}{_d(r, 9)}"]),
    "masked_card": lambda r: r.choice([
        f"Paid on {r.randrange(1, 29)} {r.choice(['Jan', 'Feb', 'Mar', 'Apr'])} with Visa ending in {_d(r, 4)}.", f"Card: **** **** **** {_d(r, 4)} · auth code {_u(r, 2)}{_d(r, 4)}",
        f"Tarjeta •••• {_d(r, 4)} (caduca {r.randrange(1, 13):02d}/2{r.randrange(6, 10)})",
        f"pan_masked={_d(r, 6)}******{_d(r, 4)} rrn={_d(r, 12)}"]),
    "masked_ssn": lambda r: r.choice([
        f"SSN on file: ***-**-{_d(r, 4)} (applicant #{_d(r, 5)})", f"Social Security: XXX-XX-{_d(r, 4)} (verified {r.randrange(1, 13)}/{r.randrange(1, 29)})",
        f"Últimos cuatro del seguro social: {_d(r, 4)} – expediente {_u(r, 2)}-{_d(r, 5)}"]),
    "masked_phone": lambda r: r.choice([
        f"We texted code {_d(r, 6)} to the number ending in {_d(r, 2)}; it expires in 10 minutes.", f"Phone: +44 •••• ••• {_d(r, 3)} (verified {r.randrange(1, 29)}/0{r.randrange(1, 10)})",
        f"Código {_d(r, 6)} enviado a +34 6** *** *{_d(r, 2)}"]),
    "coordinates": lambda r: (f"Pickup point at {r.randrange(-60, 60)}.{_d(r, 6)}, {r.randrange(-170, 170)}."
                              f"{_d(r, 6)} (next to the pharmacy)."),
    "postcode": lambda r: r.choice([
        f"We deliver to {r.randrange(10000, 99999)} and all of {r.randrange(10000, 99999)} as well.",
        f"Postcode {_u(r, 2)}{r.randrange(1, 20)} {r.randrange(1, 10)}{_u(r, 2)} is outside our zone.",
        f"CEP {_d(r, 5)}-{_d(r, 3)} atendido pela transportadora."]),
    "imei": lambda r: r.choice([
        "IMEI: {}-{}-{}-{}".format(*(lambda v: (v[:2], v[2:8], v[8:14], v[14]))(_imei(r))),
        f"The device IMEI is {_imei(r)}; it is blacklisted.", f"IMEI 1 {_imei(r)} / IMEI 2 {_imei(r)}"]),
    "ein": lambda r: r.choice([
        f"Our EIN is {r.randrange(10, 99)}-{_d(r, 7)} for your records.",
        f"Employer Identification Number (EIN): {r.randrange(10, 99)}-{_d(r, 7)}",
        f"Federal tax ID {r.randrange(10, 99)}-{_d(r, 7)} appears on the 1099."]),
    "bic": lambda r: r.choice([
        f"BIC/SWIFT: {r.choice(['DEUT', 'BNPA', 'COBA', 'INGB', 'RABO', 'BARC', 'UBSW'])}"
        f"{r.choice(['DE', 'FR', 'NL', 'GB', 'CH'])}{_u(r, 2)}{r.choice(['', 'XXX', '500'])}",
        f"Use SWIFT code {_u(r, 4)}{r.choice(['US', 'ES', 'IT'])}{_u(r, 1)}{_d(r, 1)} for international wires."]),
    "creditor_ref": lambda r: r.choice([
        f"Please quote reference RF{_d(r, 2)} {_d(r, 4)} {_d(r, 4)} {_d(r, 4)} with the payment.",
        f"Viitenumero: {_d(r, 5)} {_d(r, 5)} {_d(r, 3)}",
        f"Gläubiger-ID DE{_d(r, 2)}ZZZ0000{_d(r, 7)} erscheint auf Ihrem Kontoauszug."]),
    "phone_word": lambda r: r.choice([
        f"Phone model: iPhone {r.randrange(11, 17)} Pro, iOS {r.randrange(15, 19)}.{r.randrange(6)}.1",
        f"Please turn your phone off and on again, then reopen the app (v{r.randrange(3, 9)}.{r.randrange(20)}).",
        f"Call duration: {r.randrange(1, 59)} min {r.randrange(60)} s, queue position {r.randrange(1, 40)}.",
        f"Telefonnummer nicht hinterlegt – Kunde wünscht Kontakt nur per Chat (Ticket {_d(r, 6)})."]),
    "isbn": lambda r: f"ISBN 978-{r.randrange(0, 2)}-{_d(r, 3)}-{_d(r, 5)}-{r.randrange(10)} is back in stock.",
    "vin": lambda r: f"VIN: {_u(r, 1)}{_d(r, 1)}{_u(r, 3)}{_d(r, 2)}{_u(r, 2)}{_d(r, 1)}{_u(r, 1)}{_d(r, 6)}",
    "flight": lambda r: (f"Flight {_u(r, 2)} {r.randrange(100, 9999)} departs {r.randrange(0, 24):02d}:"
                         f"{r.randrange(60):02d}, gate {_u(r, 1)}{r.randrange(1, 60)}."),
    "iccid": lambda r: f"SIM ICCID 89{r.choice(['44', '49', '01', '34'])}{_d(r, 15)} activated.",
    "routing": lambda r: r.choice([
        f"ABA routing number {_d(r, 9)} (for ACH only).", f"Sort code {_d(r, 2)}-{_d(r, 2)}-{_d(r, 2)}, branch {r.choice(['Leeds', 'Bristol', 'Cardiff'])}",
        f"BSB {_d(r, 3)}-{_d(r, 3)} ({r.choice(['CBA', 'NAB', 'ANZ', 'Westpac'])}, payee code {_d(r, 4)})"]),
    "sku": lambda r: r.choice([
        f"SKU {_u(r, 3)}-{_d(r, 4)}-{_u(r, 2)} is on backorder.", f"EAN {_not_luhn(r, 13)} – Artikel nicht lieferbar.",
        f"Part no. {_d(r, 3)}-{_d(r, 3)}-{_d(r, 3)}-{_u(r, 1)}"]),
    "invoice": lambda r: r.choice([
        f"Factura {_u(r, 1)}{_d(r, 3)}-{_d(r, 8)} emitida el 03/0{r.randrange(1, 10)}.",
        f"Rechnung Nr. {2026}/{_d(r, 6)} ist bezahlt.", f"Invoice {_not_luhn(r, 16)} settled."]),
    "timestamp": lambda r: r.choice([
        f"event_ts={r.randrange(1700000000, 1790000000)}{_d(r, 3)} retry=3",
        f"Created at {r.randrange(1700000000, 1790000000)} (unix)."]),
    "measurement": lambda r: r.choice([
        f"Parcel: {r.randrange(10, 99)} x {r.randrange(10, 99)} x {r.randrange(5, 60)} cm, {r.randrange(1, 30)}.{_d(r, 2)} kg",
        f"Screen {r.randrange(1280, 3840)}x{r.randrange(720, 2160)} @ {r.choice([60, 90, 120, 144])} Hz"]),
    "license_key": lambda r: "Licence key: " + "-".join(_u(r, 5) for _ in range(5)),
    "account_masked": lambda r: r.choice([
        f"IBAN: DE** **** **** **** **{_d(r, 2)} {_d(r, 2)}", f"Account ending …{_d(r, 4)} will be debited on the {r.randrange(1, 29)}th.",
        f"Cuenta ES{_d(r, 2)} **** **** ** ******{_d(r, 4)}"]),
}  # fmt: skip


def negative_rows(rng: random.Random, per_kind: int = 14) -> list[Line]:
    rows = []
    for kind, make in KINDS.items():
        seen: set[str] = set()
        while len(seen) < per_kind:
            text = make(rng)
            if text not in seen:
                seen.add(text)
                rows.append(Line("negative", kind).add(text))
    return rows
