"""Replies with several kinds of PII for the held-out part (bench/make_pii_tuned18.py): a phone number of one region
beside an email address and, now and then, a card, an IBAN or an SSN, in prose and in records."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, EMAIL, IBAN, PHONE, SEPA_BBAN, SSN, Line, bban, card_digits, iban_check, printed
from pii_tuned18_common import an_id, fill
from pii_tuned18_emails import address
from pii_tuned18_phones import REGIONS, phone

# (language, template): {p} phone, {e} email, {c} card, {b} IBAN, {s} SSN, {n} name, {i} id
TEMPLATES = [
    ("en", "Updated the profile for {n}: phone {p}, email {e}. Ticket {i} is closed."),
    ("en", "{n}\n{p}\n{e}\nRef: {i}"),
    ("en", '{"customer": "{n}", "phone": "{p}", "email": "{e}", "card": "{c}"}'),
    ("en", "name,phone,email,iban\n{n},{p},{e},{b}"),
    ("en", "BEGIN:VCARD\nVERSION:3.0\nFN:{n}\nTEL:{p}\nEMAIL:{e}\nEND:VCARD"),
    ("en", "Applicant {n} (SSN {s}) can be reached at {p} or {e}."),
    ("en", "<dl><dt>Phone</dt><dd>{p}</dd><dt>Email</dt><dd>{e}</dd><dt>Order</dt><dd>{i}</dd></dl>"),
    ("en", "2025-05-02 16:20:11 INFO kyc.ok case={i} tel={p} mail={e} iban={b}"),
    ("de", "Kontakt für Rückfragen zu {i}: {p} oder per Mail an {e}. Erstattung auf {b}."),
    ("fr", "Pour le dossier {i}, joignez {n} au {p} ou à {e}."),
    ("es", "Datos del cliente: tel. {p}, correo {e}, tarjeta {c}."),
    ("pt", "Cliente {n}: celular {p}, e-mail {e}, pedido {i}."),
    ("it", "Riferimenti: {n}, cell. {p}, email {e}, IBAN {b}."),
    ("nl", "Contactgegevens bij {i}: {p} / {e}"),
    ("ja", "{n}様の連絡先：電話{p}、メール{e}（受付番号{i}）"),
    ("ar", "بيانات العميل {n}: الهاتف {p} والبريد {e}."),
]


def mixed_rows(rng: random.Random, count: int = 128) -> list[Line]:
    rows = []
    regions = list(REGIONS)
    sepa = sorted(SEPA_BBAN)
    for k in range(count):
        lang, template = TEMPLATES[k % len(TEMPLATES)]
        region = regions[(k * 11) % len(regions)]
        e, n = address(rng)
        country = rng.choice(sepa)
        body = bban(rng, SEPA_BBAN[country])
        iban = country + iban_check(country, body) + body
        card = card_digits(rng, rng.choice(["4", "51", "37", "6011"]), 16)
        if card.startswith("37"):
            card = card_digits(rng, "37", 15)
        ssn = f"{rng.randint(1, 665):03d}-{rng.randint(1, 99):02d}-{rng.randint(1, 9999):04d}"
        values = {
            "p": (phone(rng, region), PHONE),
            "e": (e, EMAIL),
            "n": (n, None),
            "i": (an_id(rng), None),
            "c": (" ".join(card[j : j + 4] for j in range(0, len(card), 4)) if k % 2 else card, CARD),
            "b": (printed(iban) if k % 2 else iban, IBAN),
            "s": (ssn, SSN),
        }
        rows.append(fill(template, values, "mixed", f"region-{region}", f"lang-{lang}"))
    return rows
