"""Replies without PII for the held-out corpus: numbers and codes that look like phones, cards, SSNs or IBANs but are
order and tracking ids, dates, amounts, versions, hashes, addresses of machines, serials, masked values, coordinates,
bank identifiers of institutions and the like. Each kind's replies are tagged ``["negative", kind]``."""

from __future__ import annotations

import random
import string
from collections.abc import Callable

from pii_corpus_values import Line, luhn_digit


def digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def hexs(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def upper(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(n))


def imei(rng: random.Random) -> str:
    body = rng.choice(["35", "86", "49", "01"]) + digits(rng, 12)
    return body + luhn_digit(body)


def creditor_ref(rng: random.Random) -> str:
    ref = digits(rng, rng.randint(8, 16))
    value = int("".join(str(int(ch, 36)) for ch in ref + "RF00"))
    check = f"{98 - value % 97:02d}"
    compact = "RF" + check + ref
    return " ".join(compact[i : i + 4] for i in range(0, len(compact), 4))


def money(rng: random.Random) -> str:
    return rng.choice(
        [
            f"${rng.randint(1000, 99999):,}.{digits(rng, 2)}",
            f"{rng.randint(1000, 99999):,}".replace(",", ".") + f",{digits(rng, 2)} €",
            f"₹{rng.randint(1, 99)},{rng.randint(10, 99)},{digits(rng, 3)}",
            f"¥{rng.randint(10000, 9999999):,}",
            f"R$ {rng.randint(100, 9999)},{digits(rng, 2)}",
        ]
    )


V = Callable[[random.Random], str]
SMALL_POOLS = {"bic", "routing", "phone_word", "decorator", "slack_mention", "css_media", "localhost", "masked_email"}
SMALL_POOLS |= {"sql_var", "mac", "ipv6", "isbn", "flight", "otp", "epoch", "at_time"}
OPENERS = ["Re ticket {n}: ", "Case {n} - ", "Follow-up #{n}: ", "(chat {n}) ", "Ref. {n}. "]
# kind -> (value maker, templates with {v})
KINDS: dict[str, tuple[V, list[str]]] = {
    "order_id": (
        lambda r: rng_pick(r, [f"{digits(r, 3)}-{digits(r, 7)}-{digits(r, 7)}", f"#{digits(r, 10)}", f"SO{digits(r, 9)}"]),
        ["Your order {v} has shipped.", "Pedido {v}: enviado.", "Bestellung {v} wurde storniert.",
         "订单号 {v} 已签收。", "Commande {v} : remboursée."],
    ),
    "tracking": (
        lambda r: rng_pick(r, [f"1Z{upper(r, 3)}{digits(r, 11)}", f"{digits(r, 4)} {digits(r, 4)} {digits(r, 4)}",
                               f"JD{digits(r, 18)}", f"LX{digits(r, 9)}DE", f"{digits(r, 22)}"]),
        ["Tracking number: {v}", "Sendungsnummer {v} – Zustellung morgen.", "The parcel {v} is at the hub.",
         "Número de seguimiento {v}."],
    ),
    "date": (
        lambda r: rng_pick(r, [f"{r.randint(1, 28):02d}.{r.randint(1, 12):02d}.{r.randint(2019, 2026)}",
                               f"{r.randint(2019, 2026)}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}",
                               f"{r.randint(1, 12)}/{r.randint(1, 28)}/{r.randint(2019, 2026)}"]),
        ["Delivery window starts {v}.", "Your plan renews on {v}.", "Fecha de emisión: {v}", "Gültig bis {v}."],
    ),
    "time_range": (
        lambda r: f"{r.randint(7, 11):02d}:{r.choice(['00', '15', '30', '45'])}–{r.randint(12, 20)}:{r.choice(['00', '30'])}",
        ["Opening hours today {v}.", "Lieferfenster {v} Uhr.", "We'll call between {v} local time."],
    ),
    "amount": (money, ["The refund of {v} is on its way.", "Total charged: {v}", "Saldo pendiente {v}."]),
    "version": (
        lambda r: f"{r.randint(1, 19)}.{r.randint(0, 40)}.{r.randint(0, 300)}.{r.randint(1000, 9999)}",
        ["Please update the app to version {v}.", "Firmware {v} fixes the pairing bug.", "Build {v} is rolling out."],
    ),
    "hash": (
        lambda r: rng_pick(r, [hexs(r, 40), hexs(r, 64), hexs(r, 7)]),
        ["The fix landed in commit {v}.", "SHA-256 of the installer: {v}", "Checksum {v} matches."],
    ),
    "ipv4": (
        lambda r: f"{r.randint(11, 223)}.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}",
        ["Your router's WAN address is {v}.", "Blocked login attempt from {v}.", "Allowlist the IP {v}."],
    ),
    "ipv6": (
        lambda r: f"2001:db8:{hexs(r, 4)}:{hexs(r, 4)}::{hexs(r, 3)}",
        ["Device address {v} is assigned.", "Ping {v} from the console."],
    ),
    "mac": (
        lambda r: ":".join(hexs(r, 2).upper() for _ in range(6)),
        ["The modem's MAC is {v}.", "Adresse MAC : {v}"],
    ),
    "serial": (
        lambda r: rng_pick(r, [f"SN{digits(r, 12)}", f"{upper(r, 3)}{digits(r, 8)}{upper(r, 1)}", f"S/N {digits(r, 4)}-{digits(r, 4)}-{digits(r, 4)}"]),
        ["Serial number {v} is still under warranty.", "Seriennummer: {v}", "Número de serie {v}."],
    ),
    "masked_card": (
        lambda r: rng_pick(r, [f"**** **** **** {digits(r, 4)}", f"•••• {digits(r, 4)}", f"{digits(r, 6)}******{digits(r, 4)}", f"XXXX-XXXX-XXXX-{digits(r, 4)}"]),
        ["Charged to the card {v}.", "Tarjeta terminada en {v}.", "Karte {v} wurde belastet."],
    ),
    "masked_phone": (
        lambda r: rng_pick(r, [f"+44 ••• ••• {digits(r, 3)}", f"(***) ***-{digits(r, 4)}", f"+49 151 ****{digits(r, 3)}", f"09X-XXX-{digits(r, 4)}"]),
        ["We sent a code to {v}.", "Código enviado al {v}.", "SMS an {v} verschickt."],
    ),
    "coordinates": (
        lambda r: f"{r.uniform(-60, 70):.6f}, {r.uniform(-170, 170):.6f}",
        ["The pickup point is at {v}.", "GPS: {v}", "Coordenadas del locker: {v}."],
    ),
    "postcode": (
        lambda r: rng_pick(r, [f"{digits(r, 5)}-{digits(r, 4)}", f"{digits(r, 3)}-{digits(r, 4)}", f"{digits(r, 2)}-{digits(r, 3)}"]),
        ["Delivery address ZIP {v}.", "〒{v} 東京都港区", "Kod pocztowy {v}."],
    ),
    "isbn": (lambda r: f"978-{r.randint(0, 9)}-{digits(r, 3)}-{digits(r, 5)}-{r.randint(0, 9)}",
             ["The book (ISBN {v}) is back in stock.", "ISBN {v} ist vergriffen."]),
    "imei": (imei, ["IMEI {v} is now unblocked.", "The handset's IMEI: {v}", "Número IMEI {v} bloqueado por robo."]),
    "ein": (
        lambda r: f"{r.choice(['12', '27', '45', '61', '84', '93'])}-{digits(r, 7)}",
        ["Our company EIN is {v} (for your W-9).", "Employer Identification Number: {v}", "Vendor EIN {v} on the 1099."],
    ),
    "bic": (
        lambda r: rng_pick(r, ["DEUTDEFF", "COBADEFFXXX", "BNPAFRPP", "INGBNL2A", "BBVAESMM", "UBSWCHZH80A",
                               "NWBKGB2L", "RABONL2U", "CITIUS33", "HSBCHKHH", "BCITITMM", "NDEAFIHH"]),
        ["Use BIC {v} for the transfer.", "SWIFT/BIC: {v}", "Code BIC de la banque : {v}."],
    ),
    "creditor_ref": (creditor_ref, ["Please quote the reference {v} with payment.", "Zahlungsreferenz: {v}",
                                    "Référence créancier {v}."]),
    "phone_word": (
        lambda r: rng_pick(r, ["1-800-FLOWERS", "1-888-GO-FEDEX", "1-800-CONTACTS", "0800 NOW TV", "1-866-MY-VISA",
                               "1-877-SAY-HELLO", "1-800-PET-MEDS", "13 CABS", "1300 FLIGHT", "1-855-NO-LEAKS"]),
        ["Call the shop's hotline {v} for bouquets.", "The brand's vanity line {v} is open 24/7.",
         "Their ad just says {v} in big letters."],
    ),
    "flight": (lambda r: f"{r.choice(['LH', 'BA', 'AF', 'QR', 'EK', 'NH'])}{r.randint(10, 9999)} on {r.randint(1, 28)} Apr",
               ["You're rebooked on {v}.", "Umbuchung auf {v} bestätigt."]),
    "vin": (lambda r: f"{upper(r, 3)}{digits(r, 2)}{upper(r, 3)}{digits(r, 9)}",
            ["The VIN {v} is covered by the recall.", "Fahrgestellnummer {v}."]),
    "uuid": (lambda r: f"{hexs(r, 8)}-{hexs(r, 4)}-4{hexs(r, 3)}-a{hexs(r, 3)}-{hexs(r, 12)}",
             ["Request id {v} - please quote it.", "Session {v} expired."]),
    "gtin": (lambda r: f"{r.choice(['40', '50', '87', '73'])}{digits(r, 11)}",
             ["EAN {v} is discontinued.", "Barcode {v} scanned at the till."]),
    "otp": (lambda r: f"{digits(r, 3)} {digits(r, 3)}", ["Your verification code is {v}. It expires in 10 min.",
                                                          "Kod weryfikacyjny: {v}"]),
    "iccid": (lambda r: f"8944{digits(r, 15)}", ["SIM ICCID {v} activated.", "The new SIM card ({v}) is on its way."]),
    "invoice_line": (
        lambda r: f"{r.randint(2, 12)} x {digits(r, 6)} @ {r.randint(2, 90)}.{digits(r, 2)}",
        ["Invoice line: {v}", "Posten {v} storniert."],
    ),
    "routing": (lambda r: r.choice(["021000021", "026009593", "121000248", "011401533", "071000013", "111000025", "322271627"]),
                ["The bank's ABA routing number is {v} (public).", "Routing {v} belongs to the branch, not you.",
                 "ABA {v} is the wire routing for Chase.", "Use routing number {v} for ACH, the account is separate."]),
    "epoch": (lambda r: str(r.randint(1600000000, 1800000000)), ["Event timestamp {v} (Unix).", "ts={v} retry=3"]),
}  # fmt: skip


def rng_pick(rng: random.Random, options: list[str]) -> str:
    return rng.choice(options)


def negative_lines(rng: random.Random, per_kind: int) -> list[Line]:
    lines = []
    for kind, (make, templates) in KINDS.items():
        seen: set[str] = set()
        for i in range(per_kind * 20):
            template = templates[i % len(templates)]
            before, _, after = template.partition("{v}")
            if kind in SMALL_POOLS:  # few distinct values: a case number keeps each reply its own
                before = rng.choice(OPENERS).format(n=rng.randint(1000, 99999)) + before
            text = before + make(rng) + after
            if text not in seen:
                seen.add(text)
                lines.append(Line("negative", kind).add(text))
            if len(seen) == per_kind:
                break
    return lines
