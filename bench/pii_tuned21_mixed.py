"""Mixed replies of the held-out part (bench/make_pii_tuned21.py): a record or a reply that quotes several kinds of
personal data at once (a phone of one region beside an address, a card, an SSN or an IBAN)."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, EMAIL, IBAN, NETWORKS, PHONE, SSN, card_digits, card_format, printed, templated
from pii_tuned21_emails import address
from pii_tuned21_phone_rows import NAMES, reference
from pii_tuned21_phones import REGIONS, phone
from pii_tuned21_values import braces, iban_value, ssn_value

# (language, template); slots: p phone, e email, c card, s ssn, i iban, n name, id reference
TEMPLATES = [
    ("en", "Contact card for {n}:\nTel: {p}\nEmail: {e}\nOpen ticket: {id}"),
    ("en", '{{"name": "{n}", "phone": "{p}", "email": "{e}", "card": "{c}"}}'),
    ("en", "BEGIN:VCARD\nVERSION:3.0\nFN:{n}\nTEL;TYPE=CELL:{p}\nEMAIL:{e}\nEND:VCARD"),
    ("en", "name,phone,email,order\n{n},{p},{e},{id}"),
    ("en", "Verified {n}: SSN {s}, callback {p}, case {id}."),
    ("en", "<tr><td>{n}</td><td>{p}</td><td>{e}</td><td>{i}</td></tr>"),
    ("en", "payout:\n  holder: {n}\n  iban: {i}\n  phone: '{p}'"),
    ("en", "2026-03-0{d}T12:00:00Z INFO signup email={e} phone={p} ref={id}"),
    ("en", "From: {n} <{e}>\nSubject: order {id}\n\nPlease call me on {p}, the card was {c}."),
    ("es", "Cliente {n}: teléfono {p}, correo {e}, pedido {id}."),
    ("fr", "Client {n} — tél. {p} — courriel {e} — IBAN {i}"),
    ("de", "Kunde {n}, Telefon {p}, E-Mail {e}, IBAN {i}."),
    ("pt", "Cliente {n}: telefone {p}, e-mail {e}, cartão {c}."),
    ("it", "Cliente {n}, tel. {p}, e-mail {e}, pratica {id}."),
    ("nl", "Klant {n}: telefoon {p}, e-mail {e}, rekening {i}."),
    ("pl", "Klient {n}, tel. {p}, e-mail {e}, zamówienie {id}."),
    ("ja", "{n}様 電話:{p} メール:{e} 注文番号:{id}"),
    ("zh", "客户{n}，电话{p}，邮箱{e}，订单{id}。"),
    ("ar", "العميل {n}، الهاتف {p}، البريد {e}، الطلب {id}."),
    ("hi", "ग्राहक {n}: फ़ोन {p}, ईमेल {e}, ऑर्डर {id}।"),
    ("sw", "Mteja {n}: simu {p}, barua pepe {e}, oda {id}."),
    ("tr", "Müşteri {n}, telefon {p}, e-posta {e}, sipariş {id}."),
]


def mixed_rows(rng: random.Random, count: int) -> list:
    by_lang: dict[str, list[str]] = {}
    for region, (_, *langs) in REGIONS.items():
        for lang in langs:
            by_lang.setdefault(lang, []).append(region)
    networks = sorted(NETWORKS)
    rows = []
    for i in range(count):
        lang, template = TEMPLATES[i % len(TEMPLATES)]
        region = rng.choice(sorted(by_lang[lang]))
        network = networks[i % len(networks)]
        prefixes, lengths = NETWORKS[network]
        card = card_format(rng, card_digits(rng, rng.choice(prefixes), lengths[0]), network, "spaces")
        iban = iban_value(rng, rng.choice(["DE", "FR", "NL", "ES", "IT", "BE", "AT", "PT", "IE", "PL"]))
        values = {
            "p": (phone(rng, region), PHONE),
            "e": (address(rng), EMAIL),
            "c": (card, CARD),
            "s": (ssn_value(rng), SSN),
            "i": (printed(iban) if rng.random() < 0.5 else iban, IBAN),
            "n": (rng.choice(NAMES), None),
            "id": (reference(rng), None),
            "d": (str(rng.randint(1, 9)), None),
            "lb": ("{", None),
            "rb": ("}", None),
        }
        rows.append(templated(braces(template), values, "mixed", f"region-{region}", f"lang-{lang}"))
    return rows
