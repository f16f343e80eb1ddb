"""Neutral slots of tuned part 3 of the PII corpus (bench/make_pii_tuned3.py): digit and letter helpers, names,
order, ticket, booking, reference, tracking and claim numbers, dates, times and amounts, which fill a template
beside the labelled value and are never labelled themselves. Split out of the generator unchanged.
"""

from __future__ import annotations

import random

Values = dict[str, tuple[str, str | None]]
UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def d(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def nz(rng: random.Random, n: int) -> str:
    return rng.choice("123456789") + d(rng, n - 1)


def letters(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(UPPER) for _ in range(n))


# ---- neutral slots: names, identifiers, dates, amounts (never labelled) ------------------------------------------

NAMES = [
    "Agnieszka Nowak", "Björn Lindqvist", "Inês Carvalho", "Wouter Peeters", "Katharina Gruber", "Aroha Ngata",
    "Thandiwe Dlamini", "Wei Ling Tan", "Ji-woo Park", "Martina Fernández", "Rohan Mehta", "Emily Carter",
    "Liam O'Sullivan", "Sofia Conti", "Daan de Vries", "Camille Lefèvre", "Jonas Becker", "Lucía Romero",
    "Ananya Iyer", "Marcus Bell", "Hannah Kowalczyk", "Tiago Almeida", "Yuki Sato", "Grace Mbeki",
]  # fmt: skip


def order_no(rng: random.Random) -> str:
    return rng.choice(
        [
            f"#{nz(rng, rng.choice([5, 6, 7]))}",
            f"A{d(rng, 7)}",
            f"ORD-{rng.randint(2023, 2026)}-{d(rng, 6)}",
            f"{d(rng, 3)}-{d(rng, 7)}-{d(rng, 7)}",
            f"{nz(rng, 4)} {d(rng, 4)} {d(rng, 2)}",
            nz(rng, 10),
            f"W{d(rng, 9)}",
        ]
    )


def ticket_no(rng: random.Random) -> str:
    return rng.choice(
        [f"#{nz(rng, 6)}", f"CS-{d(rng, 6)}", f"INC{d(rng, 7)}", f"T{nz(rng, 4)}-{d(rng, 4)}", f"SR {nz(rng, 8)}"]
    )


def booking_no(rng: random.Random) -> str:
    return rng.choice(
        [
            letters(rng, 2) + d(rng, 1) + letters(rng, 3),
            f"HB-{nz(rng, 6)}",
            f"RES{d(rng, 8)}",
            f"{nz(rng, 4)}.{d(rng, 3)}.{d(rng, 3)}",
            f"BK {nz(rng, 3)} {d(rng, 3)} {d(rng, 3)}",
        ]
    )


def ref_no(rng: random.Random) -> str:
    return rng.choice(
        [f"REF-{nz(rng, 6)}", f"R{nz(rng, 9)}", f"{d(rng, 2)}/{nz(rng, 6)}", f"RF-{letters(rng, 2)}{d(rng, 5)}"]
    )


def tracking_no(rng: random.Random) -> str:
    return rng.choice(
        [
            f"1Z{letters(rng, 3)}{d(rng, 3)}{d(rng, 10)}",
            f"{letters(rng, 2)}{d(rng, 9)}{rng.choice(['DE', 'GB', 'PL', 'SE', 'NL', 'PT', 'BE', 'NZ'])}",
            f"JJD{d(rng, 18)}",
            f"3S{letters(rng, 4)}{d(rng, 7)}",
            nz(rng, 12),
        ]
    )


def claim_no(rng: random.Random) -> str:
    return rng.choice([f"CLM-{d(rng, 7)}", f"{d(rng, 2)}-{nz(rng, 6)}-{d(rng, 2)}", f"K{d(rng, 8)}"])


def date(rng: random.Random) -> str:
    day, month = rng.randint(1, 28), rng.randint(1, 12)
    return rng.choice([f"{rng.randint(2025, 2027)}-{month:02d}-{day:02d}", f"{day:02d}/{month:02d}", f"{day}.{month}."])


def clock(rng: random.Random) -> str:
    return f"{rng.randint(8, 18)}:{rng.choice(['00', '15', '30', '45'])}"


def amount(rng: random.Random) -> str:
    v = rng.randint(12, 2400)
    return rng.choice([f"${v}.{d(rng, 2)}", f"€{v},{d(rng, 2)}", f"£{v}.00", f"₹{v * 7:,}", f"{v} zł", f"{v} kr"])


def neutral(rng: random.Random) -> Values:
    return {
        "name": (rng.choice(NAMES), None),
        "order": (order_no(rng), None),
        "ticket": (ticket_no(rng), None),
        "booking": (booking_no(rng), None),
        "ref": (ref_no(rng), None),
        "track": (tracking_no(rng), None),
        "claim": (claim_no(rng), None),
        "date": (date(rng), None),
        "time": (clock(rng), None),
        "amount": (amount(rng), None),
    }
