"""Replies of the held-out part (bench/make_pii_tuned13.py) that carry several kinds of PII at once: profiles, forms,
exports and notes quoting a phone, an e-mail address, a card, an SSN or an IBAN together. Slots: {p} phone, {e} email,
{c} card, {s} SSN, {i} IBAN, {name} a name, {id} a ticket id."""

from __future__ import annotations

# (setting, template)
MIXED_TEMPLATES: list[tuple[str, str]] = [
    ("form", "Customer profile\nName: {name}\nEmail: {e}\nPhone: {p}\nCard on file: {c}"),
    ("json", '{{"name": "{name}", "email": "{e}", "phone": "{p}", "iban": "{i}"}}'),
    (
        "prose",
        "Hi {name}, I've updated your details: the new email is {e} and payouts go to {i}. "
        "If anything looks off, we'll call {p}.",
    ),
    ("csv", "name,email,ssn\n{name},{e},{s}"),
    ("vcard", "BEGIN:VCARD\nVERSION:3.0\nFN:{name}\nTEL;TYPE=cell:{p}\nEMAIL:{e}\nEND:VCARD"),
    ("email", "From: {name} <{e}>\nSubject: ticket {id}\n\nPlease charge {c} and call me at {p} if it fails."),
    ("kv", "ticket={id} email={e} phone={p} ssn={s}"),
    ("yaml", "applicant:\n  name: {name}\n  ssn: {s}\n  email: {e}\n  phone: '{p}'"),
    ("markdown", "| Field | Value |\n|---|---|\n| Email | {e} |\n| Mobile | {p} |\n| IBAN | {i} |"),
    ("chat", "Customer: email is {e}, card {c}\nAgent: Thanks {name}, I've masked the card in our notes."),
    ("xml", "<customer><email>{e}</email><phone>{p}</phone><account>{i}</account></customer>"),
    ("log", "kyc INFO matched applicant ssn={s} email={e} iban={i} score=0.97"),
    ("html", "<dl><dt>Email</dt><dd>{e}</dd><dt>Phone</dt><dd>{p}</dd><dt>Card</dt><dd>{c}</dd></dl>"),
    ("receipt", "ORDER {id}\nBilled to {c}\nReceipt sent to {e}\nQuestions? {p}"),
]
