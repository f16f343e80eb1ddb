"""More replies without personal data for PII tuned part 10, kinds of this part's own: identifiers, codes and
numbers that look like a card, a phone, an SSN, an IBAN or an email to a naive detector but are none of them."""

from __future__ import annotations

import random
import string
from collections.abc import Callable

from pii_corpus_values import Line  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned10_negatives import _digits, _fill  # noqa: E402

V = Callable[[random.Random], str]


def _hex(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def uuid(rng: random.Random) -> str:
    return f"{_hex(rng, 8)}-{_hex(rng, 4)}-4{_hex(rng, 3)}-{rng.choice('89ab')}{_hex(rng, 3)}-{_hex(rng, 12)}"


def ipv4(rng: random.Random) -> str:
    return f"{rng.choice([10, 172, 192, 203, 198])}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"


def ipv6(rng: random.Random) -> str:
    return f"2001:db8:{_hex(rng, 4)}:{_hex(rng, 4)}::{_hex(rng, 3)}"


def mac(rng: random.Random) -> str:
    return ":".join(_hex(rng, 2).upper() for _ in range(6))


def isbn(rng: random.Random) -> str:
    body = "978" + _digits(rng, 9)
    check = (10 - sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body)) % 10) % 10
    return f"{body[:3]}-{body[3]}-{body[4:8]}-{body[8:]}-{check}"


def vin(rng: random.Random) -> str:
    return rng.choice(["1HGCM", "WVWZZ", "JTDKB", "VF1RF", "WBA3A", "SALGA"]) + "".join(
        rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ0123456789") for _ in range(12)
    )


def gps(rng: random.Random) -> str:
    return f"{rng.uniform(-60, 60):.6f}, {rng.uniform(-170, 170):.6f}"


def tracking(rng: random.Random) -> str:
    return rng.choice([f"1Z{_digits(rng, 3)}AA{_digits(rng, 10)}", f"9400{_digits(rng, 18)}", f"JJD{_digits(rng, 18)}"])


def masked_card(rng: random.Random) -> str:
    return rng.choice([f"•••• •••• •••• {_digits(rng, 4)}", f"XXXX-XXXX-XXXX-{_digits(rng, 4)}",
                       f"{rng.choice(['4', '5'])}{_digits(rng, 5)}******{_digits(rng, 4)}"])  # fmt: skip


def masked_phone(rng: random.Random) -> str:
    return rng.choice(
        [f"+44 ***** ***{_digits(rng, 3)}", f"(***) ***-{_digits(rng, 4)}", f"+49 *** ****{_digits(rng, 2)}"]
    )


def code_at(rng: random.Random) -> str:
    return rng.choice(["@media (max-width: 600px)", "@pytest.fixture", "@Override", "@import url(theme.css)",
                       "@keyframes spin", "@dataclass(frozen=True)", "@app.route('/checkout')"])  # fmt: skip


def otp(rng: random.Random) -> str:
    return _digits(rng, 6)


def money(rng: random.Random) -> str:
    return f"{rng.randint(1, 99)},{_digits(rng, 3)},{_digits(rng, 3)}.{_digits(rng, 2)}"


def timestamp(rng: random.Random) -> str:
    return f"{rng.randint(1600000000, 1760000000)}{_digits(rng, 3)}"


def arn(rng: random.Random) -> str:
    return f"arn:aws:iam::{_digits(rng, 12)}:role/{rng.choice(['billing-sync', 'ci-deploy', 'reports-ro'])}"


def hex_color(rng: random.Random) -> str:
    return "#" + _hex(rng, 6).upper()


def flight(rng: random.Random) -> str:
    return f"{rng.choice(['LH', 'BA', 'AF', 'UA', 'EK', 'QF', 'NH', 'TK'])} {rng.randint(10, 9999)}"


def gift_card(rng: random.Random) -> str:
    return "-".join("".join(rng.choice(string.ascii_uppercase + "23456789") for _ in range(4)) for _ in range(4))


def hs_code(rng: random.Random) -> str:
    return f"{rng.randint(1, 97):02d}{_digits(rng, 2)}.{_digits(rng, 2)}.{_digits(rng, 2)}"


def commit(rng: random.Random) -> str:
    return _hex(rng, 40)


def serial(rng: random.Random) -> str:
    return f"SN{_digits(rng, 4)}-{_digits(rng, 4)}-{_digits(rng, 4)}-{_digits(rng, 4)}"


def dates(rng: random.Random) -> str:
    return f"{rng.randint(2019, 2025)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d} {rng.randint(0, 23):02d}:00"


NEGATIVES2: dict[str, tuple[list[str], dict[str, V]]] = {
    "uuid": (
        [
            "Your request id is {v}; include it if you write again.",
            "Session {v} expired before the payment page loaded.",
        ],
        {"v": uuid},
    ),
    "commit_sha": (
        ["The fix landed in commit {v} and ships in tonight's build.", "Reverting {v} restored the old checkout flow."],
        {"v": commit},
    ),
    "ipv4": (
        [
            "The login attempts came from {v}, which we have now blocked.",
            "Whitelist {v} in the firewall so the webhook gets through.",
        ],
        {"v": ipv4},
    ),
    "ipv6": (
        ["Your router was assigned {v} by the ISP.", "The health check fails on {v} because the port is closed."],
        {"v": ipv6},
    ),
    "mac_address": (
        ["The printer's MAC address is {v}; reserve an IP for it.", "Device {v} keeps dropping off the guest Wi-Fi."],
        {"v": mac},
    ),
    "isbn": (
        ["The textbook you ordered is ISBN {v}, second edition.", "We only stock ISBN {v} in paperback."],
        {"v": isbn},
    ),
    "vin": (
        ["The recall covers VIN {v}; book a dealer appointment.", "The insurance quote was generated for VIN {v}."],
        {"v": vin},
    ),
    "gps": (
        ["The pickup pin was dropped at {v}, right by the north gate.", "Geofence centre: {v}, radius 250 m."],
        {"v": gps},
    ),
    "tracking_only": (
        ["Tracking {v} shows the parcel at the sorting hub.", "The label with {v} was printed but never scanned."],
        {"v": tracking},
    ),
    "masked_card": (
        [
            "The charge went to the card {v}; the full number is never shown to us.",
            "Autopay uses {v}. To change it, go to Billing > Payment methods.",
        ],
        {"v": masked_card},
    ),
    "masked_phone": (
        ["We sent the code to {v}; check that phone for the SMS.", "The number on file ends as shown: {v}."],
        {"v": masked_phone},
    ),
    "code_at": (
        [
            "Wrap the rule in {v} so it only applies on small screens, then redeploy.",
            "The snippet you pasted starts with {v}, which the linter rejects.",
        ],
        {"v": code_at},
    ),
    "otp_code": (
        [
            "Never share codes like {v} - our staff will not ask for them.",
            "The code {v} you received has expired; request a new one.",
        ],
        {"v": otp},
    ),
    "currency_amount": (
        ["The wire of USD {v} cleared this morning.", "Your annual turnover was reported as {v} INR."],
        {"v": money},
    ),
    "epoch_ms": (
        [
            "The event timestamp {v} converts to last Tuesday, 14:03 UTC.",
            "Sort the export by created_at ({v} is the oldest row).",
        ],
        {"v": timestamp},
    ),
    "aws_arn": (
        ["Attach the policy to {v} and rerun the job.", "The error says {v} is not authorised to read the bucket."],
        {"v": arn},
    ),
    "hex_color": (
        [
            "Brand colour {v} fails contrast on white; try a darker shade.",
            "Set the button background to {v} in the theme editor.",
        ],
        {"v": hex_color},
    ),
    "flight": (
        [
            "Your connection is {v}, departing gate B12 at 17:40.",
            "{v} was cancelled, so we rebooked you on the next departure.",
        ],
        {"v": flight},
    ),
    "gift_card": (
        ["Redeem gift code {v} at checkout; it never expires.", "Promo voucher {v} has already been used once."],
        {"v": gift_card},
    ),
    "hs_code": (
        [
            "Customs classified the item under HS code {v}.",
            "Declare the goods as tariff number {v} on the commercial invoice.",
        ],
        {"v": hs_code},
    ),
    "device_serial": (
        ["The laptop's serial is {v}; the warranty ends next spring.", "Serial {v} is registered to another account."],
        {"v": serial},
    ),
    "schedule": (
        [
            "The maintenance window starts {v} UTC and lasts two hours.",
            "Your appointment is booked for {v} at the Oxford Road branch.",
        ],
        {"v": dates},
    ),
}

# replies with no value at all, in several languages: they talk about personal data without giving any
PLAIN = [
    ("en", "For your security we never read out full card numbers over chat."),
    ("en", "I can't see your Social Security number - only the last four digits are stored."),
    ("en", "Please don't post your IBAN here; use the secure upload link instead."),
    ("en", "Your phone number has been removed from the marketing list."),
    ("es", "Por seguridad, no comparta el número completo de su tarjeta por este chat."),
    ("de", "Bitte senden Sie uns Ihre Bankverbindung nur über das sichere Formular."),
    ("fr", "Votre adresse e-mail a bien été modifiée ; vous recevrez une confirmation."),
    ("hi", "सुरक्षा कारणों से हम चैट पर आपका कार्ड नंबर नहीं माँगते।"),
    ("ja", "セキュリティのため、カード番号はチャットでお伺いしておりません。"),
    ("pt", "Por segurança, nunca pedimos a senha do seu cartão."),
    ("it", "Il numero di telefono è stato rimosso dal suo profilo."),
    ("nl", "Uw IBAN wordt nooit via chat opgevraagd."),
]


def negative_rows2(rng: random.Random, per_kind: int = 18) -> list[Line]:
    lines = []
    for kind, (templates, values) in NEGATIVES2.items():
        for i in range(per_kind):
            text = _fill(rng, templates[i % len(templates)], values)
            lines.append(Line("negative", kind, "lang-en", "setting-" + rng.choice(["saas", "retail", "travel", "it"])))
            lines[-1].add(text)
    for i in range(36):
        lang, text = PLAIN[i % len(PLAIN)]
        prefix = rng.choice(["", "Thanks for waiting. ", "Good question! ", "Sure. ", "Understood. ", "Of course. "])
        suffix = rng.choice(
            ["", f" (case {rng.randint(100, 999)})", " Have a nice day!", f" Ref. {rng.randint(10, 99)}"]
        )
        lines.append(Line("negative", "no_value", f"lang-{lang}", "setting-support").add(prefix + text + suffix))
    return lines
