"""Hard negatives for PII tuned part 5 (bench/make_pii_tuned5.py), part 2: order, invoice, part, SKU and
tracking numbers of phone-like length beside the word phone, timestamps and durations, version strings, IP
addresses, GUIDs, hex hashes, 16-digit numbers that fail the Luhn check in no card's context, numbers that are a valid
phone number in no region, ISBNs, ``user@host`` shell targets, amounts, input placeholders, template variables, URLs
with ``@``, company VAT ids, flights and coordinates. Built like part 1 (bench/pii_tuned5_negatives.py)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pii_corpus_values import luhn_digit  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_negatives import Filler, date, digits, hexes  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_phones import valid_anywhere  # noqa: E402 - bench scripts run with bench/ on the path


def run(rng: random.Random, n: int) -> str:
    return rng.choice("123456789") + digits(rng, n - 1)


# ---- ids of phone-like length beside the word phone -----------------------------------------------------------------

ID_BY_PHONE = [
    ("en", "Order {o} was placed by phone on {date}."),
    ("en", "Invoice {o} covers the phone screen repair and the new battery."),
    ("en", "Part number {part} is the phone's charging port assembly."),
    ("en", "SKU {sku} (phone case, black) is back in stock."),
    ("en", "Tracking number {o} is for the replacement phone."),
    ("en", "Ticket {o} about the phone line fault has been closed."),
    ("en", "Your phone repair job number is {o}; quote it if you call us."),
    ("en", "Refund {o} was approved during the call this morning."),
    ("es", "El pedido {o} se hizo por teléfono el {date}."),
    ("es", "La factura {o} corresponde a la reparación del celular."),
    ("hi", "फ़ोन से किया गया ऑर्डर नंबर {o} है।"),
    ("hi", "फ़ोन रिपेयर की रसीद संख्या {o} है।"),
    ("de", "Die Auftragsnummer {o} gehört zur telefonischen Bestellung."),
]


def id_by_phone(rng: random.Random) -> dict[str, str]:
    part = rng.choice(
        [f"821-{run(rng, 5)}-0{rng.randint(1, 9)}", f"GH82-{run(rng, 5)}A", f"{run(rng, 4)}-{run(rng, 6)}"]
    )
    return {"o": run(rng, rng.randint(9, 11)), "date": date(rng), "part": part, "sku": run(rng, rng.randint(10, 12))}


# ---- timestamps, durations, versions ------------------------------------------------------------------------------

TIMESTAMP = [
    ("en", "The webhook fired at {iso} and was retried at {iso2}."),
    ("en", "[{iso}] worker-3 finished the export in {ms} ms"),
    ("en", "Epoch {epoch} is when the ticket was opened."),
    ("en", "The call recording is {hh}:{mm}:{ss} long."),
    ("en", "The session expired at {epoch_ms} (epoch milliseconds in the log)."),
    ("en", "Your callback is scheduled for {d}/{mo}/2025 at {hh}:{mm}."),
    ("en", "The job is set to `{mm} {hh} * * 1-5` in the crontab."),
    ("en", "Average hold time today: {mm} min {ss} s."),
    ("es", "La llamada duró {hh}:{mm}:{ss} según el registro."),
]


def timestamp(rng: random.Random) -> dict[str, str]:
    hh, mm, ss = f"{rng.randint(0, 23):02d}", f"{rng.randint(0, 59):02d}", f"{rng.randint(0, 59):02d}"
    iso = f"{date(rng)}T{hh}:{mm}:{ss}{rng.choice(['Z', '+01:00', '+05:30', '-07:00'])}"
    epoch = rng.randint(1_690_000_000, 1_760_000_000)
    return {
        "iso": iso, "iso2": f"{date(rng)}T{rng.randint(0, 23):02d}:{mm}:{ss}Z", "ms": str(rng.randint(40, 99999)),
        "epoch": str(epoch), "epoch_ms": f"{epoch}{rng.randint(0, 999):03d}", "hh": hh, "mm": mm, "ss": ss,
        "d": f"{rng.randint(1, 28):02d}", "mo": f"{rng.randint(1, 12):02d}",
    }  # fmt: skip


VERSION = [
    ("en", "Your phone runs Android {a} (build {build}); the fix ships in the next update."),
    ("en", "Please update to iOS {ios} or later."),
    ("en", "The bug reproduces on Chrome {chrome} but not on Firefox {ff}."),
    ("en", "Windows build 10.0.{win} has the driver issue."),
    ("en", "Router firmware {fw} fixes the dropped calls on Wi-Fi calling."),
    ("en", "The API version header must be {api}."),
    ("en", "We're on v{sem}; the changelog for v{sem2} lists the phone-number validation fix."),
]


def version(rng: random.Random) -> dict[str, str]:
    return {
        "a": str(rng.randint(11, 15)), "build": f"{rng.choice(['UP1A', 'TQ3A', 'AP2A'])}.{run(rng, 6)}.0{rng.randint(10, 99)}",
        "ios": f"{rng.randint(15, 18)}.{rng.randint(0, 6)}.{rng.randint(1, 3)}",
        "chrome": f"{rng.randint(118, 131)}.0.{run(rng, 4)}.{rng.randint(10, 200)}",
        "ff": f"{rng.randint(115, 133)}.0.{rng.randint(1, 3)}", "win": f"{rng.choice(['19045', '22631', '26100'])}.{run(rng, 4)}",
        "fw": f"{rng.randint(1, 7)}.{rng.randint(0, 12)}.{rng.randint(0, 40)}.{run(rng, 4)}",
        "api": f"202{rng.randint(3, 5)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
        "sem": f"{rng.randint(1, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 9)}",
        "sem2": f"{rng.randint(10, 12)}.0.0-rc.{rng.randint(1, 4)}",
    }  # fmt: skip


# ---- network and code identifiers -----------------------------------------------------------------------------------

IP_ADDRESS = [
    ("en", "The failed logins came from {ip}."),
    ("en", "Allow {ip} and {ip2} on the firewall before the cut-over."),
    ("en", "`curl http://{ip}:{port}/health` returns 503 since the deploy."),
    ("en", "Your router's admin page is at http://{ip}/."),
    ("en", "The SIP trunk registers from {ip6}, port 5060."),
]


def ip_address(rng: random.Random) -> dict[str, str]:
    def v4() -> str:
        first = rng.choice(["192.168", "10.20", "172.16", "203.0", "198.51"])
        return f"{first}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"

    ip6 = f"2001:db8:{hexes(rng, 4)}::{hexes(rng, 3)}:{hexes(rng, 4)}"
    return {"ip": v4(), "ip2": v4(), "port": str(rng.choice([8080, 8443, 9000, 3000])), "ip6": ip6}


GUID = [
    ("en", "Request ID {u} - include it when you contact us."),
    ("en", "tenant_id: {u}"),
    ("en", "The Correlation-Id header was {u} for the failed payment."),
    ("en", "Delete the device with id {u} from the admin console."),
]


def guid(rng: random.Random) -> dict[str, str]:
    h = hexes(rng, 32)
    return {"u": f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{rng.choice('89ab')}{h[17:20]}-{h[20:]}"}


HASH = [
    ("en", "Commit {sha} introduced the regression."),
    ("en", "SHA-256 of the installer: {sha256}"),
    ("en", "Revert {short} and redeploy."),
    ("en", 'The ETag was "{md5}" before the cache purge.'),
]


def hash_(rng: random.Random) -> dict[str, str]:
    return {"sha": hexes(rng, 40), "sha256": hexes(rng, 64), "short": hexes(rng, rng.choice([7, 8, 12])), "md5": hexes(rng, 32)}  # fmt: skip


# ---- numbers that fail their checks or are valid nowhere ------------------------------------------------------------

LUHN_FAIL = [
    ("en", "The smart meter's serial number is {n}."),
    ("en", "Consignment {n} cleared customs on {date}."),
    ("en", "Batch {n} of the cough syrup has been recalled."),
    ("en", "Container seal {n} was intact at delivery."),
    ("en", "The event barcode {n} was scanned twice at the gate."),
]


def luhn_fail(rng: random.Random) -> dict[str, str]:
    body = run(rng, 15)
    good = luhn_digit(body)
    value = body + rng.choice([d for d in "0123456789" if d != good])
    if rng.random() < 0.5:
        value = " ".join(value[i : i + 4] for i in range(0, 16, 4))
    return {"n": value, "date": date(rng)}


NOWHERE = [
    ("en", "Your place in the queue is number {n}; we'll call when it's your turn."),
    ("en", "Confirmation code {n} - keep it for the phone banking line."),
    ("en", "Error {n} means the SIM has not been provisioned yet."),
    ("en", "The voucher serial {n} has already been redeemed."),
    ("es", "El código de confirmación {n} ya fue usado."),
]


def nowhere(rng: random.Random) -> dict[str, str]:
    """A number that ``phonenumbers`` reads as a valid phone number in no region (nor as an international one)."""
    while True:
        n = rng.choice(["0000", "00", "1", "9999", "0", "11"]) + digits(rng, rng.randint(4, 8))
        shown = " ".join([n[:3], n[3:6], n[6:]]).strip() if rng.random() < 0.4 and len(n) > 7 else n
        if not valid_anywhere(shown):
            return {"n": shown}


ISBN = [
    ("en", "The course textbook's ISBN is {isbn}."),
    ("en", "ISBN {isbn} is out of print; order {isbn2} instead."),
    ("es", "El ISBN del libro es {isbn}."),
]


def isbn_number(rng: random.Random) -> str:
    body = rng.choice(["978", "979"]) + digits(rng, 9)
    check = (10 - sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(body)) % 10) % 10
    full = body + str(check)
    cut = rng.randint(5, 7)
    return f"{full[:3]}-{full[3]}-{full[4 : cut + 2]}-{full[cut + 2 : 12]}-{full[12]}"


def isbn(rng: random.Random) -> dict[str, str]:
    return {"isbn": isbn_number(rng), "isbn2": isbn_number(rng)}


SHELL_TARGET = [
    ("en", "Copy the build with `scp dist.tar.gz {t}:/srv/app/`."),
    ("en", "Log in as {t} and restart the worker."),
    ("en", "The Ansible inventory lists {t} as the database host."),
]


def shell_target(rng: random.Random) -> dict[str, str]:
    user = rng.choice(["deploy", "ubuntu", "ec2-user", "pi", "admin"])
    host = rng.choice([f"10.0.{rng.randint(0, 9)}.{rng.randint(2, 250)}", f"ip-172-31-{rng.randint(0, 40)}-{rng.randint(1, 250)}", "raspberrypi.local", f"build-{rng.randint(1, 9):02d}"])  # fmt: skip
    return {"t": f"{user}@{host}"}


# ---- amounts, placeholders, template variables, URLs with @ -------------------------------------------------------

AMOUNT = [
    ("en", "The annual premium is {amt}, payable in two instalments."),
    ("en", "Outstanding balance: {amt}"),
    ("en", "Your refund of {amt} has been approved."),
    ("hi", "आपका बकाया बिल {inr} है।"),
]


def amount(rng: random.Random) -> dict[str, str]:
    n = rng.randint(1000, 9_999_999)
    lakh = f"{n // 100000},{n // 1000 % 100:02d},{n % 1000:03d}" if n >= 100000 else f"{n // 1000},{n % 1000:03d}"
    amt = rng.choice([f"${n:,}.{rng.randint(0, 99):02d}", f"₹{lakh}", f"€ {n:,}".replace(",", ".") + ",00", f"¥{n:,}"])
    return {"amt": amt, "inr": f"₹{lakh}"}


PLACEHOLDER = [
    ("en", "Enter your {field} in the format {p}."),
    ("en", "The {field} field hint says {p}; leave it empty if you have none."),
    ("en", "Validation failed for {field}: expected {p}."),
    ("en", "The form shows the mask {p} in the {field} box until the customer starts typing."),
    ("es", 'Escriba el campo "{field}" con el formato {p}.'),
]
MASKS = [
    ("mobile number", "+44 7XXX XXXXXX"), ("phone number", "(###) ###-####"), ("SSN", "XXX-XX-XXXX"),
    ("mobile number", "+91 XXXXX XXXXX"), ("phone number", "0X XX XX XX XX"), ("IBAN", "DEkk bbbb bbbb cccc cccc cc"),
    ("card number", "#### #### #### ####"), ("postcode", "AA9A 9AA"), ("IBAN", "GBkk bbbb ssss sscc cccc cc"),
]  # fmt: skip


def placeholder(rng: random.Random) -> dict[str, str]:
    field, mask = rng.choice(MASKS)
    return {"field": field, "p": mask}


TEMPLATE_VAR = [
    ("en", "The SMS template reads: Hi {a}, your code is {b}."),
    ("en", "The mail merge failed because {c} was empty for 12 rows."),
    ("en", "Put {c} in the footer and the system fills in the customer's details."),
]


def template_var(rng: random.Random) -> dict[str, str]:
    a = rng.choice(["{{first_name}}", "{{ customer.name }}", "${FIRST_NAME}", "%NAME%"])
    b = rng.choice(["{{otp}}", "{{ code }}", "${OTP}", "[[verification_code]]"])
    c = rng.choice(["{{ customer.phone }}", "${user.email}", "%PHONE_NUMBER%", "<<ACCOUNT_IBAN>>", "{{ card.last4 }}"])
    return {"a": a, "b": b, "c": c}


URL_AT = [
    ("en", "Our write-up is at {url}."),
    ("en", "The video {url} shows how to pair the headset."),
    ("en", "Subscribe to {url} for release notes."),
]


def url_at(rng: random.Random) -> dict[str, str]:
    url = rng.choice([f"https://medium.com/@kestrel-eng/how-we-cut-latency-{hexes(rng, 12)}", f"https://www.youtube.com/@tinyroast{rng.choice(['', 'coffee', '-hq'])}/videos", f"https://www.tiktok.com/@lumen.studio/video/{run(rng, 19)}"])  # fmt: skip
    return {"url": url}


VAT_ID = [
    ("en", "Our VAT number is {vat} ({co})."),
    ("en", "Add the supplier's VAT ID {vat} to the invoice header ({co})."),
    ("de", "USt-IdNr. der Northwind Handels GmbH: {de}"),
]


def vat_id(rng: random.Random) -> dict[str, str]:
    vat, co = rng.choice(
        [
            (f"DE{run(rng, 9)}", "Kestrel Logistik GmbH"),
            (f"FR{digits(rng, 2)}{run(rng, 9)}", "Atelier Roux SARL"),
            (f"ATU{run(rng, 8)}", "Alpenblick Hotel GmbH"),
            (f"NL{run(rng, 9)}B01", "Vanderberg B.V."),
            (f"ESB{run(rng, 8)}", "Vidal Asesores S.L."),
            (f"IE{run(rng, 7)}W", "Brightwater Foods Ltd"),
        ]
    )
    return {"vat": vat, "co": co, "de": f"DE{run(rng, 9)}"}


FLIGHT = [
    ("en", "Flight {f} departs at {hh}:{mm} from gate {g}; your seat is {seat}."),
    ("en", "The connection {f} was cancelled; you're rebooked on {f2}."),
    ("es", "El vuelo {f} sale a las {hh}:{mm} desde la puerta {g}."),
]


def flight(rng: random.Random) -> dict[str, str]:
    airline = ["LH", "BA", "EK", "AI", "IB", "TK", "QR", "LA"]
    return {
        "f": f"{rng.choice(airline)} {rng.randint(10, 9999)}", "f2": f"{rng.choice(airline)}{rng.randint(10, 9999)}",
        "hh": f"{rng.randint(5, 23):02d}", "mm": f"{rng.randint(0, 59):02d}", "g": f"{rng.choice('ABCDE')}{rng.randint(1, 60)}",
        "seat": f"{rng.randint(1, 45)}{rng.choice('ABCDEF')}",
    }  # fmt: skip


COORDINATES = [
    ("en", "The depot is at {lat}, {lon}; drivers enter from the north gate."),
    ("en", "GPS of the substation: lat {lat}, lon {lon}."),
]


def coordinates(rng: random.Random) -> dict[str, str]:
    return {"lat": f"{rng.uniform(-40, 60):.6f}", "lon": f"{rng.uniform(-120, 140):.6f}"}


KINDS_2: dict[str, tuple[list[tuple[str, str]], Filler]] = {
    "id_by_phone": (ID_BY_PHONE, id_by_phone), "timestamp": (TIMESTAMP, timestamp), "version": (VERSION, version),
    "ip_address": (IP_ADDRESS, ip_address), "guid": (GUID, guid), "hash": (HASH, hash_),
    "luhn_fail": (LUHN_FAIL, luhn_fail), "nowhere_number": (NOWHERE, nowhere), "isbn": (ISBN, isbn),
    "shell_target": (SHELL_TARGET, shell_target), "amount": (AMOUNT, amount), "placeholder": (PLACEHOLDER, placeholder),
    "template_var": (TEMPLATE_VAR, template_var), "url_at": (URL_AT, url_at), "vat_id": (VAT_ID, vat_id),
    "flight": (FLIGHT, flight), "coordinates": (COORDINATES, coordinates),
}  # fmt: skip
