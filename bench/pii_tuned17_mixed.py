"""Replies of the held-out part holding several kinds of PII at once (a customer record quoted whole)."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, EMAIL, IBAN, PHONE, SEPA_BBAN, SSN, Line, bban, card_digits, iban_check, printed
from pii_tuned17_emails import address
from pii_tuned17_phone_rows import fill, ref
from pii_tuned17_phones import phone

MIXED: list[tuple[str, str, str, tuple[str, ...]]] = [
    ("en", "vcard", "BEGIN:VCARD\nFN:Customer\nTEL:{p}\nEMAIL:{e}\nEND:VCARD", ("US", "GB", "AU", "NG", "SG")),
    ("en", "json", '{{"name": "R. Osei", "phone": "{p}", "email": "{e}", "card": "{c}"}}', ("GH", "KE", "NZ", "IE")),
    ("en", "form", "Phone: {p}\nEmail: {e}\nSSN: {s}\nCase: {id}", ("US", "CA", "JM", "TT")),
    ("de", "prose", "Kundin erreichbar unter {p} oder {e}; Erstattung auf {i}.", ("DE", "AT", "CH")),
    ("fr", "prose", "Client joignable au {p} ou par courriel à {e}, remboursement sur {i}.", ("FR", "BE", "MA", "SN")),
    ("es", "csv", "telefono,correo,pedido\n{p},{e},{id}", ("MX", "AR", "CO", "CL", "ES", "PE")),
    ("pt", "prose", "Cadastro atualizado: celular {p}, e-mail {e}, cartão {c}.", ("BR", "PT")),
    ("ja", "prose", "ご登録情報：電話 {p}、メール {e}、カード {c}", ("JP",)),
    ("nl", "kv", "tel={p} email={e} iban={i}", ("NL", "BE")),
    ("it", "prose", "Recapiti del cliente: {p}, {e}. Ordine {id}.", ("IT",)),
]


def mixed_rows(rng: random.Random) -> list[Line]:
    lines = []
    for lang, setting, template, regions in MIXED:
        for region in regions:
            for _ in range(2):
                b = bban(rng, SEPA_BBAN["DE" if rng.random() < 0.5 else "FR"])
                country = "DE" if len(b) == 18 else "FR"
                iban = country + iban_check(country, b) + b
                card = card_digits(rng, rng.choice(["4", "51", "2221", "55"]), 16)
                area = rng.choice([a for a in range(1, 900) if a != 666])
                values = {
                    "p": (phone(rng, region), PHONE),
                    "e": (address(rng), EMAIL),
                    "c": (" ".join(card[i : i + 4] for i in range(0, 16, 4)), CARD),
                    "s": (f"{area:03d}-{rng.randint(1, 99):02d}-{rng.randint(1, 9999):04d}", SSN),
                    "i": (printed(iban), IBAN),
                    "id": (ref(rng), None),
                }
                lines.append(fill(template, values, "mixed", f"region-{region}", f"lang-{lang}", f"setting-{setting}"))
    return lines
