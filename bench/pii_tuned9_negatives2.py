"""Hard negatives for PII tuned part 9, part two: kinds of numbers and ``@`` strings that a naive detector
could take for personal data but that are not - ISBNs and EAN barcodes, UUIDs, commit hashes, coordinates, money,
parcel numbers alone, a card's last four digits, IP and MAC addresses, millisecond timestamps, VINs, ISINs, cloud
account ids, DOIs, ZIP+4 codes, dashed SKUs, template placeholders, code decorators, CSS at-rules, CAS numbers,
flight bookings, court case numbers and customs tariff codes. Each kind's check digit is right where it has one."""

from __future__ import annotations

import random
import uuid

from pii_corpus_values import Line, luhn_digit
from pii_tuned9_common import digits, letters
from pii_tuned9_negatives import PROJECTS, negative


def gs1(body: str) -> str:
    """ISBN-13 / EAN-13 check digit."""
    total = sum(int(ch) * (3 if i % 2 else 1) for i, ch in enumerate(body))
    return body + str((10 - total % 10) % 10)


def isin(rng: random.Random) -> str:
    body = rng.choice(["US", "DE", "GB", "FR", "JP", "CH"]) + letters(rng, 1, "0123456789") + digits(rng, 8)
    expanded = "".join(str(int(ch, 36)) for ch in body)
    return body + luhn_digit(expanded)


def vin(rng: random.Random) -> str:
    chars = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
    values = dict(
        zip(
            "ABCDEFGHJKLMNPRSTUVWXYZ",
            [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9],
            strict=True,
        )
    )
    weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
    body = [rng.choice(["1HG", "WVW", "JTD", "5YJ", "VF1", "ZFA"])] + [rng.choice(chars) for _ in range(14)]
    text = "".join(body)
    total = sum((int(ch) if ch.isdigit() else values[ch]) * w for ch, w in zip(text, weights, strict=True))
    check = "X" if total % 11 == 10 else str(total % 11)
    return text[:8] + check + text[9:]


def cas(rng: random.Random) -> str:
    body = digits(rng, rng.randint(2, 6)) + digits(rng, 2)
    check = sum(int(ch) * (i + 1) for i, ch in enumerate(reversed(body))) % 10
    return f"{body[:-2]}-{body[-2:]}-{check}"


def coord(rng: random.Random) -> str:
    return f"{rng.uniform(-60, 70):.5f}, {rng.uniform(-170, 170):.5f}"


def money(rng: random.Random) -> str:
    n = rng.randint(100_000, 99_999_999)
    return rng.choice(
        [f"${n:,}.{rng.randint(0, 99):02d}", f"€ {n:,}".replace(",", "."), f"₹{n:,}", f"{n:,} JPY", f"£{n / 100:,.2f}"]
    )


def parcel(rng: random.Random) -> str:
    return rng.choice(
        ["1Z" + letters(rng, 6, "0123456789ABCDEFGHJKLMNPRSTUVWXY") + digits(rng, 10), digits(rng, 22),
         f"{letters(rng, 2)}{digits(rng, 9)}{rng.choice(['GB', 'DE', 'NL', 'CN'])}", "JD" + digits(rng, 15)]
    )  # fmt: skip


KINDS: dict[str, tuple[list[str], object]] = {
    "isbn": (["The book's ISBN is {x}, hardcover edition.", "ISBN-13: {x}", "Reprint ordered for ISBN {x}."],
             lambda r: gs1("978" + digits(r, 9))),
    "ean_barcode": (["Scan barcode {x} at the till.", "EAN {x} is mapped to two products in the catalogue.",
                     "GTIN: {x}"], lambda r: gs1(r.choice(["40", "50", "76", "87", "45"]) + digits(r, 10))),
    "uuid": (["Request id {x} failed with a 502.", "session_id={x}", "The webhook event {x} was delivered twice."],
             lambda r: str(uuid.UUID(int=r.getrandbits(128), version=4))),
    "commit_sha": (["Fixed in commit {x}, deploying now.", "git revert {x}", "The regression came in with {x}."],
                   lambda r: "".join(r.choice("0123456789abcdef") for _ in range(r.choice([7, 12, 40])))),
    "coordinates": (["The locker is at {x}.", "Pickup point GPS: {x}", "Drone landing coordinates {x} confirmed."],
                    coord),
    "money": (["Total contract value: {x}.", "The wire of {x} cleared this morning.", "Budget approved: {x}"],
              money),
    "tracking_only": (["Your parcel {x} is out for delivery.", "Tracking number: {x}",
                       "Shipment {x} is held at customs."], parcel),
    "card_last4": (["The payment was made with the card ending in {x}.", "Visa •••• {x} was declined.",
                    "Card: **** **** **** {x} (expired)"], lambda r: "".join(r.choice("0123456789") for _ in range(4))),
    "ip_address": (["Login attempts came from {x}.", "Whitelist {x} on the firewall.", "remote_addr={x} status=403"],
                   lambda r: r.choice([f"10.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}",
                                       f"203.0.113.{r.randint(1, 254)}",
                                       f"2001:db8:{r.randint(1, 65535):x}::{r.randint(1, 65535):x}"])),
    "mac_address": (["Device MAC {x} was blocked.", "Register the printer's MAC address {x}.", "hwaddr {x}"],
                    lambda r: ":".join(f"{r.randint(0, 255):02x}" for _ in range(6))),
    "epoch_ms": (["created_at: {x}", "The event timestamp {x} is in milliseconds.", "Cache expires at {x} (epoch ms)."],
                 lambda r: str(r.randint(1_600_000_000_000, 1_760_000_000_000))),
    "vin": (["The VIN on the registration is {x}.", "VIN {x} has an open recall.", "Vehicle: {x}"], vin),
    "isin": (["The fund's ISIN is {x}.", "Buy order placed for ISIN {x}.", "ISIN: {x} (accumulating)"], isin),
    "aws_account": (["Grant access to AWS account {x}.",
                     "arn:aws:iam::{x}:role/{p}-deployer",
                     "The bucket policy trusts account {x} only."], lambda r: digits(r, 12)),
    "doi": (["See the paper at https://doi.org/{x}.", "DOI: {x}", "Cited as {x} in the appendix."],
            lambda r: f"10.{r.randint(1000, 9999)}/{letters(r, 2, 'abcdefghjkmnpqrstuvwxyz')}{r.randint(10000, 99999)}"),
    "zip_plus4": (["Ship to ZIP {x}.", "The warehouse ZIP+4 is {x}.", "Postal code {x} is outside the zone."],
                  lambda r: f"{r.randint(10000, 99950)}-{r.randint(1, 9999):04d}"),
    "sku_dashed": (["SKU {x} is back in stock.", "Item {x} (SKU) ships in 2 days.", "Reorder part no. {x}."],
                   lambda r: f"{r.randint(200, 899)}-{r.randint(200, 899)}-{r.randint(1000, 9999)}"),
    "placeholder": (["The merge tag {x} was not filled in.", "Template field: {x}", "Replace {x} before sending."],
                    lambda r: r.choice(["{{customer.email}}", "{{ phone_number }}", "<EMAIL>", "[PHONE]",
                                        "XXX-XX-XXXX", "+__ ___ ___ ____", "${CARD_NUMBER}", "%IBAN%"])),
    "decorator": (["Add @{x} above the view.", "Wrap the handler with @{x}.", "The @{x} decorator hides the error."],
                  lambda r: r.choice(["dataclass", "login_required", "pytest.fixture", "app.route('/orders')",
                                      "lru_cache(maxsize=128)", "Override", "Injectable()", "transaction.atomic"])),
    "css_at_rule": (["Our stylesheet starts with @{x}.", "Move the @{x} rule to the top.", "Safari ignores @{x} here."],
                    lambda r: r.choice(["media (max-width: 640px)", "font-face", "import url('theme.css')",
                                        "supports (display: grid)", "keyframes spin", "layer base"])),
    "cas_number": (["The safety sheet lists CAS {x}.", "CAS No.: {x}", "Hazard class 3 - CAS {x}."], cas),
    "flight_pnr": (["Flight {x} is delayed by 40 minutes.", "Booking {x} changed to a later flight.",
                    "Your rebooked itinerary: {x}."],
                   lambda r: f"{r.choice(['LH', 'BA', 'AF', 'UA', 'QF', 'SQ', 'EK'])} {r.randint(10, 9999)}, PNR "
                   + letters(r, 6, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789")),
    "court_case": (["Case No. {x} was dismissed.", "Docket {x}: hearing moved to June.", "Re: {x}"],
                   lambda r: f"{r.randint(1, 9)}:{r.randint(19, 25)}-cv-{r.randint(1, 99999):05d}"),
    "hs_code": (["Customs tariff code {x} applies to the shipment.", "HS code: {x}", "Declared under HTS {x}."],
                lambda r: f"{r.randint(1000, 9999)}.{r.randint(10, 99)}.{r.randint(1000, 9999)}"),
}  # fmt: skip


def negatives_two(rng: random.Random) -> list[Line]:
    rows = []
    for kind, (templates, make) in KINDS.items():
        for i in range(21):
            template = templates[i % len(templates)]
            prefix = rng.choice(["", "Update: ", "FYI - ", "Note: ", "Hi! ", "Thanks. ", "Sure. ", "OK, "])
            values = {"x": make(rng), "p": rng.choice(PROJECTS)}  # type: ignore[operator]
            setting = "code" if kind in ("decorator", "css_at_rule", "uuid", "commit_sha", "epoch_ms") else "chat"
            text = template if template.startswith("@") or "\n" in template else prefix + template
            rows.append(negative(text, values, kind, setting))
    return rows
