"""Shared pieces of PII tuned part 4 (bench/make_pii_tuned4.py): ``fill`` (a template with ``{p}``,
``{e}``, ``{id}``... slots into a labelled line), digit, letter and hex helpers, and the ten settings with their
identifiers (never PII by themselves). Split out of the generator unchanged.
"""

from __future__ import annotations

import random
import re

from pii_corpus_values import Line  # noqa: E402 - bench scripts run with bench/ on the path

SLOT = re.compile(r"\{(p|q|e|f|c|s|i|id|n)\}")


def fill(template: str, values: dict[str, tuple[str, str | None]], *tags: str) -> Line:
    """``template`` with ``{p}``, ``{e}``, ``{id}``... slots (other braces, as in JSON, are kept as they are)."""
    line = Line(*tags)
    pos = 0
    for match in SLOT.finditer(template):
        line.add(template[pos : match.start()])
        text, entity = values[match.group(1)]
        line.add(text, entity)
        pos = match.end()
    line.add(template[pos:])
    return line


def d(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def up(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(n))


def hexs(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


# ---- identifiers of the ten settings (never PII by themselves) ----------------------------------------------------

SETTINGS = [
    "telecom",
    "utilities",
    "ecommerce",
    "healthcare",
    "banking",
    "travel",
    "education",
    "government",
    "logistics",
    "saas",
]


def ident(rng: random.Random, setting: str) -> str:
    """An order, ticket, booking or reference id as the setting prints it (the template names what it is)."""
    choices = {
        "telecom": [f"TT-{d(rng, 7)}", f"SR{d(rng, 9)}", f"#{d(rng, 6)}"],
        "utilities": [f"MR-{d(rng, 4)}-{up(rng, 2)}{d(rng, 3)}", f"{up(rng, 1)}{d(rng, 8)}"],
        "ecommerce": [f"#{d(rng, 3)}-{d(rng, 7)}", f"ORD-{up(rng, 3)}{d(rng, 5)}", f"RMA{d(rng, 6)}"],
        "healthcare": [f"APT-{d(rng, 6)}", f"{up(rng, 2)}-{d(rng, 5)}"],
        "banking": [f"CS{d(rng, 8)}", f"D-{d(rng, 4)}-{up(rng, 3)}"],
        "travel": [up(rng, 6), f"PNR {up(rng, 3)}{d(rng, 1)}{up(rng, 2)}", f"HTL-{d(rng, 8)}"],
        "education": [f"ENR/{d(rng, 4)}/{d(rng, 3)}", f"{up(rng, 1)}{d(rng, 7)}"],
        "government": [f"{up(rng, 3)}-{d(rng, 4)}-{d(rng, 6)}", f"P{d(rng, 7)}"],
        "logistics": [f"{up(rng, 2)}{d(rng, 9)}{up(rng, 2)}", f"AWB {d(rng, 3)}-{d(rng, 8)}", f"JJD{d(rng, 12)}"],
        "saas": [f"ws_{hexs(rng, 10)}", f"TKT-{d(rng, 5)}", f"{hexs(rng, 8)}"],
    }
    return rng.choice(choices[setting])
