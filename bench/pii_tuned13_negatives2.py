"""Hard negatives for the held-out part (bench/make_pii_tuned13.py), second half: masked values, codes, coordinates,
identifiers of things rather than people, and e-mail-shaped strings that are not addresses."""

from __future__ import annotations

import random

from pii_corpus_values import luhn_digit
from pii_tuned13_docs import digits, letters
from pii_tuned13_negatives import Maker


def _masked_email(rng: random.Random) -> str:
    first = rng.choice("ajkmprst")
    dom = rng.choice(["gmail.com", "outlook.com", "yahoo.fr", "web.de", "icloud.com"])
    return rng.choice(
        [
            f"For your security we only show the address as {first}***@{dom}.",
            f"Code sent to {first}{rng.choice('aeiou')}•••••@{dom} - check that inbox.",
            f"Email on file: {first}*****{rng.choice('nrst')}@{dom[0]}***.com",
        ]
    )


def _masked_phone(rng: random.Random) -> str:
    last = digits(rng, rng.choice([2, 3, 4]))
    return rng.choice(
        [
            f"We texted the code to the number ending in {last}.",
            f"Phone on file: +{rng.choice(['44', '49', '33', '1', '91'])} ••• ••• {last}",
            f"Verification call placed to ***-***-{digits(rng, 4)}.",
        ]
    )


def _coordinates(rng: random.Random) -> str:
    lat, lon = rng.uniform(-60, 70), rng.uniform(-170, 170)
    return rng.choice(
        [
            f"The locker is at {lat:.6f}, {lon:.6f} (inside the station, level -1).",
            f"Driver GPS: lat={lat:.5f} lon={lon:.5f} speed=0",
            f"Pin the pickup point at {abs(lat):.4f}°{'N' if lat > 0 else 'S'} {abs(lon):.4f}°{'E' if lon > 0 else 'W'}.",
        ]
    )


def _postcode(rng: random.Random) -> str:
    return rng.choice(
        [
            f"We don't deliver to ZIP+4 {digits(rng, 5)}-{digits(rng, 4)} yet.",
            f"Postcode {rng.choice(['SW1A', 'M1', 'EH3', 'BS8'])} {rng.randint(1, 9)}{letters(rng, 2)} is in zone B.",
            f"CEP {digits(rng, 5)}-{digits(rng, 3)} fica fora da área de entrega expressa.",
            f"PLZ {digits(rng, 5)} und {digits(rng, 5)} werden am Samstag beliefert.",
        ]
    )


def _isbn(rng: random.Random) -> str:
    body = "978" + digits(rng, 9)
    check = (10 - sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body)) % 10) % 10
    isbn = f"{body[:3]}-{body[3]}-{body[4:8]}-{body[8:]}-{check}"
    return rng.choice(
        [
            f"The book you ordered, ISBN {isbn}, is back in stock.",
            f"We shipped the wrong edition; the right one is ISBN {isbn}.",
        ]
    )


def _vin(rng: random.Random) -> str:
    chars = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
    vin = rng.choice(["WVW", "1HG", "JHM", "VF1", "WBA", "SAL"]) + "".join(rng.choice(chars) for _ in range(14))
    return rng.choice(
        [
            f"The recall applies to VIN {vin}; book a slot at any dealer.",
            f"Chassis number (VIN): {vin} - matches the registration document.",
        ]
    )


def _uuid(rng: random.Random) -> str:
    hx = "".join(rng.choice("0123456789abcdef") for _ in range(32))
    u = f"{hx[:8]}-{hx[8:12]}-4{hx[13:16]}-a{hx[17:20]}-{hx[20:]}"
    return rng.choice(
        [
            f"Request id {u} - include it if you contact us again.",
            f'{{"session": "{u}", "status": "expired"}}',
            f"trace_id={u} span=checkout.submit latency_ms={rng.randint(80, 4000)}",
        ]
    )


def _mac(rng: random.Random) -> str:
    mac = ":".join(f"{rng.randint(0, 255):02X}" for _ in range(6))
    return rng.choice(
        [
            f"Add the MAC address {mac} to the allow list on your router.",
            f"The set-top box reports MAC {mac.replace(':', '-')} and firmware 4.2.",
        ]
    )


def _routing(rng: random.Random) -> str:
    body = rng.choice(["0210", "0260", "1210", "0110", "0713"]) + digits(rng, 4)
    weights = [3, 7, 1, 3, 7, 1, 3, 7]
    check = (10 - sum(int(c) * w for c, w in zip(body, weights, strict=True)) % 10) % 10
    return rng.choice(
        [
            f"Our bank's ABA routing number is {body}{check}; the account number is on your invoice.",
            f"Wire instructions: routing {body}{check}, reference your invoice number only.",
        ]
    )


def _booking(rng: random.Random) -> str:
    return rng.choice(
        [
            f"Your PNR is {letters(rng, 6)}; flight {rng.choice(['LH', 'BA', 'AF', 'TK', 'QR'])}{rng.randint(100, 9999)}"
            f" departs gate B{rng.randint(1, 60)}.",
            f"E-ticket {rng.choice(['220', '125', '057', '235'])}-{digits(rng, 10)} has been reissued.",
            f"Hotel confirmation {digits(rng, 4)}.{digits(rng, 3)}.{digits(rng, 3)} - check-in from 15:00.",
        ]
    )


def _invoice(rng: random.Random) -> str:
    return rng.choice(
        [
            f"Invoice INV-{rng.randint(2022, 2026)}-{digits(rng, 6)} was credited in full.",
            f"Rechnungsnummer {digits(rng, 4)} {digits(rng, 4)} {digits(rng, 2)} - bitte bei Zahlung angeben.",
            f"Facture n° FA{digits(rng, 8)} du {rng.randint(1, 28)}/0{rng.randint(1, 9)}/2025.",
        ]
    )


def _template_email(rng: random.Random) -> str:
    return rng.choice(
        [
            "The reply went out with a literal {{customer.email}} because the merge field failed.",
            "Use the placeholder <your-name>@<your-company> in the SSO settings, we fill it in.",
            f"Bug {rng.randint(1000, 9999)}: the form accepts 'name@' and 'name@domain' without a dot.",
            "In the template write ${user.email}, not the address itself.",
        ]
    )


def _git_remote(rng: random.Random) -> str:
    repo = rng.choice(["shop/api", "acme/mobile-app", "infra/terraform", "support/macros"])
    return rng.choice(
        [
            f"Clone it with git clone git@github.com:{repo}.git and run make.",
            f"The mirror is at git@gitlab.example:{repo}.git (read-only).",
        ]
    )


def _gtin(rng: random.Random) -> str:
    body = rng.choice(["40", "50", "76", "87", "49"]) + digits(rng, 10)
    check = (10 - sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body)) % 10) % 10
    return rng.choice(
        [
            f"Scan the barcode EAN {body}{check} at the self-checkout.",
            f"GTIN {body}{check} is the 500 ml bottle, not the litre one.",
        ]
    )


def _sim(rng: random.Random) -> str:
    body = "8944" + digits(rng, 14)
    return rng.choice(
        [
            f"The SIM's ICCID is {body}{luhn_digit(body)}; activation takes about an hour.",
            f"Replace SIM card {body}{luhn_digit(body)} - it was reported lost.",
        ]
    )


def _measure(rng: random.Random) -> str:
    return rng.choice(
        [
            f"Parcel: {rng.randint(20, 120)} x {rng.randint(20, 80)} x {rng.randint(5, 60)} cm, "
            f"{rng.randint(1, 30)}.{digits(rng, 3)} kg.",
            f"Meter reading {digits(rng, 6)}.{digits(rng, 1)} kWh on {rng.randint(1, 28)} March.",
            f"Pressure {rng.randint(1, 3)}.{digits(rng, 2)} bar, flow {rng.randint(100, 999)} l/h, "
            f"set point {rng.randint(40, 70)} °C.",
        ]
    )


NEGATIVES_B: dict[str, Maker] = {
    "masked_email": _masked_email,
    "masked_phone": _masked_phone,
    "coordinates": _coordinates,
    "postcode": _postcode,
    "isbn": _isbn,
    "vin": _vin,
    "uuid": _uuid,
    "mac_address": _mac,
    "routing": _routing,
    "booking": _booking,
    "invoice": _invoice,
    "template_email": _template_email,
    "git_remote": _git_remote,
    "gtin": _gtin,
    "iccid": _sim,
    "measurement": _measure,
}
