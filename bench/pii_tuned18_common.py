"""What the held-out part's modules share (bench/make_pii_tuned18.py): filling a template whose slots are ``{name}``
(other braces, as in JSON, are kept as written) and the ids that stand beside PII in support replies."""

from __future__ import annotations

import random
import re

from pii_corpus_values import Line, luhn_valid

UP = "ABCDEFGHJKLMNPQRSTUVWXYZ"
SLOT = re.compile(r"\{([a-z]\w*)\}")


def fill(template: str, values: dict[str, tuple[str, str | None]], *tags: str) -> Line:
    """``template`` with ``{name}`` slots; ``values[name] = (text, entity or None)``."""
    line = Line(*tags)
    pos = 0
    for match in SLOT.finditer(template):
        line.add(template[pos : match.start()])
        text, entity = values[match.group(1)]
        line.add(text, entity)
        pos = match.end()
    line.add(template[pos:])
    return line


def digits(rng: random.Random, n: int) -> str:
    return rng.choice("123456789") + "".join(rng.choice("0123456789") for _ in range(n - 1))


def letters(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(UP) for _ in range(n))


def an_id(rng: random.Random) -> str:
    """An order, ticket, booking, return or tracking id as shops and carriers print them, never passing a Luhn check
    (so that no id reads as a card number by chance)."""
    while True:
        value = _an_id(rng)
        compact = "".join(ch for ch in value if ch.isdigit())
        if not luhn_valid(compact):
            return value


def _an_id(rng: random.Random) -> str:
    kind = rng.randrange(12)
    if kind == 0:
        return f"ORD-{digits(rng, 8)}"
    if kind == 1:
        return f"#{digits(rng, 4)}-{digits(rng, 4)}"
    if kind == 2:
        return f"TCK-20{rng.randint(19, 26)}-{digits(rng, 6)}"
    if kind == 3:
        return letters(rng, 2) + digits(rng, 1) + letters(rng, 3)
    if kind == 4:
        return f"RMA {digits(rng, 5)}-{rng.choice(UP)}"
    if kind == 5:
        return f"JD{digits(rng, 18)}"
    if kind == 6:
        return f"INV/20{rng.randint(20, 26)}/{digits(rng, 5)}"
    if kind == 7:
        return digits(rng, rng.choice([8, 9, 10, 11]))
    if kind == 8:
        return f"1Z{letters(rng, 3)}{digits(rng, 3)}{digits(rng, 10)}"
    if kind == 9:
        return f"{digits(rng, 3)}-{digits(rng, 7)}-{digits(rng, 7)}"
    if kind == 10:
        return f"CS{digits(rng, 7)}"
    return f"{letters(rng, 3)}{digits(rng, 6)}{letters(rng, 2)}"
