"""Shared pieces of PII tuned part 9 (bench/make_pii_tuned9.py): filling a template whose literal braces
(JSON, code) stay as they are, the references that sit next to numbers (orders, tickets, bookings, parcels, claims),
people's names, and the check every finished line goes through."""

from __future__ import annotations

import random
import re
import string

from pii_corpus_values import Line, check_labels
from pii_tuned9_phones import phone_is_valid

SLOT = re.compile(r"\{([a-z][a-z0-9_]*)\}")


def fill(template: str, values: dict[str, tuple[str, str | None]], *tags: str) -> Line:
    """``template`` with ``{name}`` slots for the names in ``values`` (other braces are kept); each value is
    ``(text, entity or None)``. The line's labels are checked before it is returned."""
    line = Line(*tags)
    pos = 0
    for match in SLOT.finditer(template):
        if match.group(1) not in values:
            continue
        line.add(template[pos : match.start()])
        text, entity = values[match.group(1)]
        line.add(text, entity)
        pos = match.end()
    line.add(template[pos:])
    check_labels(line, phone_is_valid)
    return line


def digits(rng: random.Random, n: int) -> str:
    return rng.choice("123456789") + "".join(rng.choice(string.digits) for _ in range(n - 1))


def letters(rng: random.Random, n: int, alphabet: str = "ABCDEFGHJKLMNPQRSTUVWXYZ") -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def ref(rng: random.Random) -> str:
    """An order, ticket, booking, parcel or claim reference as shops, airlines and carriers print them; many are
    long runs of digits."""
    kind = rng.randrange(14)
    if kind == 0:
        return "#" + digits(rng, 7)
    if kind == 1:
        return f"{digits(rng, 3)}-{digits(rng, 7)}-{digits(rng, 7)}"
    if kind == 2:
        return "1Z" + letters(rng, 3, "0123456789ABCDEFGHJKLMNPRSTUVWXY") + letters(rng, 3) + digits(rng, 10)
    if kind == 3:
        return digits(rng, 22)
    if kind == 4:
        return digits(rng, 12)
    if kind == 5:
        return f"TCK-{digits(rng, 6)}"
    if kind == 6:
        return letters(rng, 6, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    if kind == 7:
        return f"CLM-{rng.randint(2022, 2025)}-{digits(rng, 6)}"
    if kind == 8:
        return "SF" + digits(rng, 13)
    if kind == 9:
        return f"{digits(rng, 4)} {digits(rng, 4)} {digits(rng, 4)} {digits(rng, 4)} {digits(rng, 4)} {digits(rng, 2)}"
    if kind == 10:
        return digits(rng, 10)
    if kind == 11:
        return f"INC{digits(rng, 7)}"
    if kind == 12:
        return f"RMA{digits(rng, 8)}"
    return f"{letters(rng, 2)}{digits(rng, 9)}{rng.choice(['GB', 'DE', 'NL', 'CN'])}"


FIRST = ["Megan", "Tomás", "Aisha", "Pieter", "Yuki", "Rohan", "Chidi", "Ingrid", "Mateo", "Leila", "Grace", "Olu"]
LAST = ["Okafor", "Lindgren", "Haddad", "Nakamura", "Silva", "Kowalski", "Brennan", "Mehta", "Dubois", "Novak"]


def name(rng: random.Random) -> str:
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"
