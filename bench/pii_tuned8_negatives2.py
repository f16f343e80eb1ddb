"""Hard negatives of PII tuned part 8, part two: kinds of numbers and at-signs this part adds - book and
barcode numbers, vehicle, securities, legal-entity and ship ids, UUIDs, IP and MAC addresses, coordinates, epoch
times, one-time codes, Message-IDs, template placeholders, code decorators, device models, build numbers, DOIs,
customs codes, flights, postcodes, amounts, court case numbers, opening hours, parcel tracking, date ranges and
numeric constants - plus replies that withhold personal data and plain replies without any."""

from __future__ import annotations

import random
import uuid

from pii_corpus_values import luhn_digit
from pii_tuned8_negatives import dg

UP = "ABCDEFGHJKLMNPRSTUVWXYZ"


def ean13(rng: random.Random, prefix: str) -> str:
    body = prefix + dg(rng, 12 - len(prefix))
    total = sum(int(ch) * (3 if i % 2 else 1) for i, ch in enumerate(body))
    return body + str((10 - total % 10) % 10)


def vin(rng: random.Random) -> str:
    values = dict(
        zip(
            "ABCDEFGHJKLMNPRSTUVWXYZ",
            [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9],
            strict=True,
        )
    )
    chars = [rng.choice(UP + "0123456789") for _ in range(17)]
    chars[0] = rng.choice("123JKSWVZ")
    weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
    total = sum((int(ch) if ch.isdigit() else values[ch]) * w for ch, w in zip(chars, weights, strict=True))
    chars[8] = "X" if total % 11 == 10 else str(total % 11)
    return "".join(chars)


def isin(rng: random.Random) -> str:
    body = rng.choice(["US", "DE", "GB", "FR", "JP", "CH", "NL", "IE"]) + "".join(
        rng.choice("0123456789" * 3 + UP) for _ in range(9)
    )
    return body + luhn_digit("".join(str(int(ch, 36)) for ch in body))


def lei(rng: random.Random) -> str:
    base = dg(rng, 4) + "00" + "".join(rng.choice("0123456789" + UP) for _ in range(12))
    value = int("".join(str(int(ch, 36)) for ch in base + "00"))
    return base + f"{98 - value % 97:02d}"


OWN: dict[str, list[str]] = {
    "isbn": ["The course uses ISBN {isbn13}, 4th edition.", "ISBN-13: {isbn13} (paperback)",
             "Bestellt: Buch mit der ISBN {isbn13}.", "The library copy, ISBN {isbn13}, is on hold for pickup."],
    "gtin": ["Barcode (EAN-13) {ean} scanned twice at self-checkout.", "GTIN {ean} isn't in the catalogue yet.",
             "Código de barras {ean}: producto descatalogado.", "Le code EAN {ean} correspond au format 500 ml."],
    "vin": ["The VIN {vin} shows an open recall for the airbag.", "Fahrgestellnummer (FIN): {vin}",
            "Quote requested for VIN {vin}, 2019 model year.", "VIN {vin} - title is clean, no liens."],
    "isin": ["The fund's ISIN is {isin}; accumulating share class.", "Sell order for ISIN {isin} executed at market.",
             "Wertpapier-ISIN {isin}, Stückzahl 40.", "Dividend for ISIN {isin} is paid in June."],
    "lei": ["Counterparty LEI: {lei}", "The issuer's legal entity identifier is {lei}.",
            "LEI {lei} lapsed; renewal pending with the LOU.", "Reporting requires LEI {lei} on every trade."],
    "mmsi": ["The vessel's MMSI is {mmsi}; it's anchored off the port.", "AIS ping from MMSI {mmsi} at 14:02 UTC.",
             "Container ship (MMSI {mmsi}) delayed by weather.", "MMSI {mmsi} is registered to a ferry operator."],
    "uuid": ["Request id {uuid} - include it when you write back.", "Webhook delivery {uuid} failed with 502.",
             "session={uuid}; the cookie expired after logout.", "Job {uuid} finished in 41 s."],
    "ip_address": ["Login from {ip4} (Frankfurt) was blocked.", "Whitelist {ip4}/32 on the firewall.",
                   "The API answered from [{ip6}]:443.", "Traceroute stops at {ip4} after 9 hops."],
    "mac_address": ["Router MAC {mac} is already paired.", "DHCP lease for {mac} renewed.",
                    "Wi-Fi MAC address of the printer: {mac}", "Block device {mac} from the guest network."],
    "coordinates": ["Pickup pin: {lat}, {lon}.", "The locker is at {lat},{lon} (behind the station).",
                    "GPS fix {lat} {lon}, accuracy 8 m.", "Drop-off coordinates: lat {lat}, lng {lon}"],
    "unix_timestamp": ["created_at: {epoch} (epoch seconds).", "Token expires at {epoch}; refresh before then.",
                       "Log shows ts={epoch}{ms} for the failed charge.", "Last sync: {epoch}"],
    "otp": ["Your verification code is {otp}. It expires in 10 minutes.", "Código de verificación: {otp}",
            "Ihr Bestätigungscode lautet {otp}.", "Use {otp} to sign in. Never share this code."],
    "message_id": ["Message-ID: <{mid}@mail.gmail.com>", "In-Reply-To: <{mid}@eu-west-1.amazonses.com>",
                   "The bounce refers to <{mid}@mx.googlemail.com>.", "Thread id <{mid}@outlook.office365.com>"],
    "template_var": ["Hi {{{{first_name}}}}, we've sent the receipt to {{{{customer.email}}}}.",
                     "Call us back on %CALLBACK_NUMBER% quoting %TICKET_ID%.",
                     "Card ending [[card.last4]] was charged {{{{amount}}}}.",
                     "Template `sms_{slug}`: 'Your driver ${{driver.phone}} is on the way.'",
                     "Dear {{{{name}}}}, order {{{{order_id}}}} ships in {n1} days (template v{n2}).",
                     "Merge field <<EMAIL>> and <<PHONE>> are empty in {n2} of the {n3} letters."],
    "code_decorator": ["Wrap the view in @login_required and @require_POST.", "@media (max-width: {px}px) {{ .nav {{ display: none }} }}",
                       "Add @Override above onCreate() to silence the warning.", "@import url('theme-{slug}.css');",
                       "@pytest.mark.parametrize('n', range({n2})) runs the test {n2} times.",
                       "Annotate the handler with @Scheduled(fixedRate = {n4}) to poll."],
    "device_model": ["Model SM-S{n3}B/DS, Android 14, battery health 91%.", "Device: iPhone15,{n1} (iOS 17.{n1})",
                     "Pixel 8 Pro (GC3VE), build AP1A.{n6}.002", "Modelo Redmi Note 12 (2303{n3}G)."],
    "build_number": ["Windows 11 build 22631.{n4} fixes the driver crash.", "Firmware 4.{n1}.0.{n4} is rolling out.",
                     "App version 7.{n1}.{n3} (build {n6}).", "Kernel 6.{n1}.0-{n3}-generic"],
    "doi": ["Cite it as doi:10.{n4}/s{n5}-024-{n5}-x.", "See https://doi.org/10.{n4}/j.cell.2024.{n2}.0{n2}",
            "Preprint arXiv:24{n2}.{n5}v2", "PMID {n6}{n2}, doi 10.{n4}/nejmoa23{n5}"],
    "hs_code": ["Customs classified the item under HS {hs}.", "Tariff code {hs}: duty 2.5%.",
                "Commodity code {hs} for the lithium batteries.", "Código arancelario {hs}."],
    "flight": ["Flight LH {n3} leaves at 13:05 from gate B{n2}, seat {n2}A.", "Your PNR {pnr} is on UA {n4}.",
               "Rebooked onto BA {n3}, arriving T5 at 21:40.", "Vuelo IB {n4}, localizador {pnr}."],
    "postal_code": ["Ships from ZIP {zip5}-{n4}.", "Postcode SW1A {n1}AA is outside the same-day zone.",
                    "PIN code {pin} - delivery in 2 days.", "Postleitzahl {plz}, Zustellung ab Montag."],
    "money_amount": ["Total due: ₹{inr}", "Balance: USD {usd}", "Betrag: {eur} €", "Refund of ¥{jpy} approved."],
    "case_number": ["Case No. 2:{n2}-cv-0{n4}-JLR is stayed.", "Az. {n1} O {n3}/24 - hearing moved.",
                    "Docket {n2}-{n5} set for mediation.", "Expediente {n4}/2023, juzgado n.º {n1}."],
    "opening_hours": ["Open Mon–Fri 08:{n1}0–20:00, Sat 09:30–14:00.", "Hotline hours: 7:00-22:00 CET, 365 days.",
                      "Horario: L-V 9:00-18:{n1}0.", "Öffnungszeiten: Mo–Sa 10–19 Uhr, Filiale {n3}."],
    "tracking_only": ["UPS 1Z{up6}{n10} was delivered to the parcel locker.", "DHL shipment JJD{n18} is in customs.",
                      "Royal Mail {up2}{n9}GB - signed for at 10:12.", "USPS 9400{n18} out for delivery."],
    "date_range": ["Billing period 2024-{m}-01/2024-{m}-28.", "Valid 01.{m}.2024 – 28.{m}.2025.",
                   "Stay: {m}/12/2024 to {m}/19/2024 (7 nights).", "Coverage from 2023-{m}-15 through 2026-{m}-14."],
    "numeric_constant": ["Max int32 is 2147483647; the counter overflowed.", "Timeout set to {n6} ms.",
                         "2^53 = 9007199254740992, so IDs above that lose precision.", "Batch size {n5}, seed {n6}."],
}  # fmt: skip


def _values(rng: random.Random) -> dict[str, str]:
    isbn = ean13(rng, rng.choice(["978", "979"]))
    return {
        "isbn13": rng.choice([isbn, f"{isbn[:3]}-{isbn[3]}-{isbn[4:7]}-{isbn[7:12]}-{isbn[12]}"]),
        "ean": ean13(rng, rng.choice(["400", "50", "87", "30", "84", "73"])),
        "vin": vin(rng), "isin": isin(rng), "lei": lei(rng),
        "mmsi": rng.choice(["211", "232", "244", "257", "303", "477", "538", "563"]) + dg(rng, 6),
        "uuid": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
        "ip4": f"{rng.choice([10, 172, 185, 203, 91])}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}",
        "ip6": f"2001:db8:{rng.randint(1, 65535):x}::{rng.randint(1, 65535):x}",
        "mac": ":".join(f"{rng.randint(0, 255):02X}" for _ in range(6)),
        "lat": f"{rng.uniform(-60, 60):.5f}", "lon": f"{rng.uniform(-170, 170):.5f}",
        "epoch": str(rng.randint(1_650_000_000, 1_760_000_000)), "ms": dg(rng, 3),
        "otp": dg(rng, 6), "mid": "".join(rng.choice("abcdefghijkmnpqrstuvwxyz0123456789") for _ in range(20)),
        "slug": rng.choice(["dark", "delivery_eta", "promo", "legacy", "v2"]), "px": str(rng.choice([480, 600, 768])),
        "n1": str(rng.randint(1, 9)), "n2": dg(rng, 2), "n3": dg(rng, 3), "n4": dg(rng, 4), "n5": dg(rng, 5),
        "n6": dg(rng, 6), "n9": dg(rng, 9), "n10": dg(rng, 10), "n18": dg(rng, 18),
        "up2": "".join(rng.choices(UP, k=2)), "up6": "".join(rng.choices(UP + "0123456789", k=6)),
        "hs": f"{rng.choice(['8471', '8507', '6109', '3304', '9503'])}.{dg(rng, 2)}.{dg(rng, 2)}",
        "pnr": "".join(rng.choices(UP + "23456789", k=6)), "zip5": dg(rng, 5), "pin": "5" + dg(rng, 5),
        "plz": f"{rng.randint(10, 99)}{dg(rng, 3)}", "inr": f"{rng.randint(1, 99)},{dg(rng, 2)},{dg(rng, 3)}.00",
        "usd": f"{rng.randint(1, 999)},{dg(rng, 3)}.{dg(rng, 2)}", "eur": f"{rng.randint(1, 99)}.{dg(rng, 3)},{dg(rng, 2)}",
        "jpy": f"{rng.randint(1, 999)},{dg(rng, 3)}", "m": f"{rng.randint(1, 12):02d}",
    }  # fmt: skip


WITHHELD = [
    "I'm not able to share {who}'s phone number, but I can pass your message on.",
    "For privacy reasons we don't read out card numbers; the app shows the last four digits.",
    "I can't give out another customer's email address.",
    "Please don't post your Social Security number in chat - I've removed it from the transcript.",
    "We can't confirm bank details over chat; check the IBAN in your online banking instead.",
    "The courier will contact {who} through the app; numbers stay hidden on both sides.",
    "Sorry, {who}'s contact details are private. Would you like me to forward a note?",
    "No lo puedo compartir: el teléfono de {who} es información privada.",
    "Aus Datenschutzgründen kann ich die E-Mail-Adresse von {who} nicht herausgeben.",
    "Je ne peux pas communiquer le numéro de {who}, mais je lui transmets votre demande.",
    "{who} का फ़ोन नंबर हम साझा नहीं कर सकते।",
    "I've masked the account number in this reply; {who} can see it in the portal.",
]
WHO = ["the driver", "the seller", "the host", "Dr. Reyes", "your neighbour", "the previous owner", "Mr. Haddad"]
OPEN = [
    "Thanks for waiting!",
    "Good news:",
    "Quick update -",
    "Sorry about the mix-up.",
    "Hi there,",
    "All sorted:",
    "Happy to help.",
    "Following up on your question:",
    "Gracias por escribirnos.",
    "Danke für Ihre Geduld.",
]
BODY = ["the replacement ships tomorrow and should arrive within three working days.",
        "your subscription renews on the first of next month at the same price.",
        "the store has the jacket in medium; we've put one aside until Saturday.",
        "the outage in your area was fixed this morning, so a restart should bring the router back.",
        "your appointment has moved to Thursday afternoon, same clinic.",
        "the refund was approved and will show up on your statement in a few days.",
        "we've upgraded your room to a sea view at no extra cost.",
        "the form only needs your signature on page two; everything else is filled in.",
        "the late fee has been waived as a one-off.",
        "your laptop passed diagnostics; you can collect it any time after noon."]  # fmt: skip


def own_negatives(rng: random.Random, per_kind: int = 14) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for kind, templates in OWN.items():
        seen: set[str] = set()
        i = 0
        while len(seen) < per_kind and i < per_kind * 20:
            text = templates[i % len(templates)].format(**_values(rng))
            i += 1
            if text not in seen:
                seen.add(text)
                out.append((kind, text))
    return out


def plain_negatives(rng: random.Random) -> list[tuple[str, str]]:
    out = [("withheld", t.format(who=rng.choice(WHO))) for t in WITHHELD for _ in range(1)]
    out += [("withheld", t.format(who=w)) for t in WITHHELD if "{who}" in t for w in rng.sample(WHO, 4)]
    pairs = [(a, b) for a in OPEN for b in BODY]
    out += [("plain", f"{a} {b[0].upper() + b[1:] if a.endswith(('!', '.')) else b}") for a, b in rng.sample(pairs, 90)]
    unique: dict[str, str] = {}
    for kind, text in out:
        unique.setdefault(text, kind)
    return [(kind, text) for text, kind in unique.items()]
