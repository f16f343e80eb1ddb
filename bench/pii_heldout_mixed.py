"""Mixed rows of the held-out part (bench/make_pii_heldout.py): one record or reply that quotes several kinds of PII
at once, as a support bot would when it reads back a whole customer file."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, EMAIL, IBAN, NETWORKS, PHONE, SEPA_BBAN, SSN, bban, iban_check
from pii_heldout_emails import person_email
from pii_heldout_phones import REGIONS, phone_number
from pii_heldout_values import card_text, fill, name, some_id, ssn_value

# (language, setting, template): {p} phone, {e} email, {c} card, {s} SSN, {i} IBAN, {who} name, {id} id
MIXED = [
    ("en", "json", '{{"name": "{who}", "phone": "{p}", "email": "{e}", "ssn": "{s}"}}'),
    ("en", "vcard", "BEGIN:VCARD\nVERSION:3.0\nFN:{who}\nTEL;TYPE=HOME:{p}\nEMAIL:{e}\nEND:VCARD"),
    ("en", "csv", "name,email,phone,card\n{who},{e},{p},{c}"),
    ("en", "prose", "I found {who}'s file for {id}: mobile {p}, email {e}, and the card on file is {c}."),
    ("en", "form", "Applicant: {who}\nSSN: {s}\nPhone: {p}\nEmail: {e}\nDirect deposit IBAN: {i}"),
    ("en", "log", "2025-06-0{d}T10:22:1{d}Z audit update_profile user={e} phone={p} ticket={id}"),
    ("de", "prose", "Kundendaten zu {id}: Telefon {p}, E-Mail {e}, Konto {i}."),
    ("fr", "prose", "Fiche client {id} : tél. {p}, courriel {e}, RIB {i}."),
    ("es", "prose", "Datos del pedido {id}: teléfono {p}, correo {e}, tarjeta {c}."),
    ("it", "markdown-table", "| Cliente | Telefono | Email |\n|---|---|---|\n| {who} | {p} | {e} |"),
    ("nl", "kv", "klant={who} telefoon={p} email={e} iban={i}"),
    ("pt", "yaml", 'cliente: {who}\ntelefone: "{p}"\nemail: {e}\ncartao: "{c}"'),
    ("en", "xml", "<customer><name>{who}</name><phone>{p}</phone><email>{e}</email><ssn>{s}</ssn></customer>"),
    ("en", "chat", "Customer: it's {who}, {e}\nBot: Thanks! And a number for the courier?\nCustomer: {p}"),
    ("en", "html-table", "<tr><td>{who}</td><td>{e}</td><td>{p}</td><td>{c}</td></tr>"),
]

LANG_REGIONS = {
    "en": ["US", "GB", "AU", "NZ", "IE", "CA", "ZA", "NG", "KE", "SG", "IN", "PH"],
    "de": ["DE", "AT", "CH", "LU"], "fr": ["FR", "BE", "CH", "CA", "MA", "SN"], "es": ["ES", "MX", "AR", "CO", "CL", "PE"],
    "it": ["IT", "CH"], "nl": ["NL", "BE"], "pt": ["PT", "BR"],
}  # fmt: skip


def mixed_rows(rng: random.Random, count: int = 150) -> list:
    out = []
    networks = list(NETWORKS)
    for i in range(count):
        lang, setting, template = MIXED[i % len(MIXED)]
        region = rng.choice(LANG_REGIONS[lang])
        assert region in REGIONS
        country = rng.choice(sorted(SEPA_BBAN))
        body = bban(rng, SEPA_BBAN[country])
        iban = country + iban_check(country, body) + body
        slots = {
            "p": (phone_number(rng, region), PHONE), "e": (person_email(rng), EMAIL),
            "c": (card_text(rng, networks[i % len(networks)]), CARD), "s": (ssn_value(rng), SSN), "i": (iban, IBAN),
            "who": (name(rng), None), "id": (some_id(rng), None), "d": (str(rng.randint(1, 9)), None),
        }  # fmt: skip
        out.append(fill(template, slots, "mixed", f"region-{region}", f"lang-{lang}", f"setting-{setting}"))
    return out
