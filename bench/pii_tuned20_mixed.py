"""Mixed rows of the held-out corpus: records that quote several kinds of PII at once (a customer's phone, e-mail,
card, IBAN or SSN) as vCards, receipts, CRM JSON, key=value dumps, e-mails and chat; each carries the region and
language of its phone."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, EMAIL, IBAN, PHONE, SEPA_BBAN, SSN, Line, bban, card_digits, iban_check, printed
from pii_tuned20_emails import person_email
from pii_tuned20_phone_rows import fill
from pii_tuned20_phones import REGIONS, phone
from pii_tuned20_values import ssn_text

MIXED: list[tuple[str, str, str]] = [
    ("vcard", "en", "BEGIN:VCARD\nVERSION:3.0\nFN:{name}\nTEL;TYPE=CELL:{p}\nEMAIL:{e}\nNOTE:order {id}\nEND:VCARD"),
    ("receipt", "en", "RECEIPT {id}\n2 x Filter cartridge   39.90\nPAID  VISA {c}\nCustomer: {name}  Tel {p}\n"
     "Thank you!"),
    ("json", "en", '{"customer": {"name": "{name}", "phone": "{p}", "email": "{e}"}, "card": "{c}", '
     '"order": "{id}"}'),
    ("kv", "en", "name=\"{name}\" phone={p} email={e} iban={i} ref={id}"),
    ("email", "en", "From: {name} <{e}>\nSubject: Refund for {id}\n\nPlease send it to {i}. You can call me on {p}."),
    ("chat", "en", "[09:12] Customer: my number is {p} and the card was {c}\n[09:13] Agent: thanks, order {id} found"),
    ("yaml", "en", "applicant:\n  name: {name}\n  ssn: {s}\n  phone: \"{p}\"\n  email: {e}"),
    ("csv", "en", "order,name,phone,email,card\n{id},{name},{p},{e},{c}"),
    ("prose", "de", "Kunde {name}, Tel. {p}, E-Mail {e}; Erstattung von Auftrag {id} auf {i}."),
    ("prose", "es", "Cliente {name}: teléfono {p}, correo {e}, tarjeta {c} (pedido {id})."),
    ("prose", "fr", "Dossier {id} : {name}, tél. {p}, courriel {e}, IBAN {i}."),
    ("html", "en", "<dl><dt>Phone</dt><dd>{p}</dd><dt>Email</dt><dd>{e}</dd><dt>SSN</dt><dd>{s}</dd></dl>"),
    ("markdown", "en", "| Field | Value |\n|---|---|\n| Phone | {p} |\n| Email | {e} |\n| Card | {c} |"),
    ("xml", "en", "<customer id=\"{id}\"><tel>{p}</tel><mail>{e}</mail><iban>{i}</iban></customer>"),
    ("log", "en", "2025-03-04T08:15:02Z DEBUG kyc.verify phone={p} ssn={s} email={e} result=match"),
]  # fmt: skip


def mixed_lines(rng: random.Random, count: int) -> list[Line]:
    lines = []
    regions = list(REGIONS)
    for i in range(count):
        setting, lang, template = MIXED[i % len(MIXED)]
        region = regions[(i * 7) % len(regions)]
        name, address = person_email(rng)
        network = rng.choice(["4", "51", "37", "6011", "3528", "62"])
        card = card_digits(rng, network, 15 if network == "37" else 16)
        country = rng.choice(sorted(SEPA_BBAN))
        b = bban(rng, SEPA_BBAN[country])
        iban = country + iban_check(country, b) + b
        values: dict[str, tuple[str, str | None]] = {
            "name": (name, None),
            "p": (phone(rng, region), PHONE),
            "e": (address, EMAIL),
            "c": (" ".join(card[j : j + 4] for j in range(0, len(card), 4)) if i % 2 else card, CARD),
            "i": (printed(iban) if i % 3 else iban, IBAN),
            "s": (ssn_text(rng), SSN),
            "id": (f"{rng.choice(['A', 'W', 'Q'])}{rng.randint(100000, 9999999)}", None),
        }
        tags = ["mixed", f"region-{region}", f"lang-{lang}", f"setting-{setting}"]
        lines.append(fill(Line(*tags), template, values))
    return lines
