"""Neutral identifiers of tuned part 2 of the PII corpus (bench/make_pii_tuned2.py): digit helpers and the order,
tracking and ticket numbers, IMEIs, ICCIDs, RF creditor references and SEPA creditor ids that sit next to
labelled values and make up hard negatives. None of them is PII. Split out of the generator unchanged.
"""

from __future__ import annotations

import random

from pii_corpus_values import iban_check, luhn_digit  # noqa: E402 - bench scripts run with bench/ on the path

Values = dict[str, tuple[str, str | None]]


def digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def lead(rng: random.Random, n: int) -> str:
    """n digits, the first 2-9."""
    return rng.choice("23456789") + digits(rng, n - 1)


# ---- identifiers that are not PII (next to labelled values, and in the hard negatives) --------------------------


def order_id(rng: random.Random) -> str:
    return rng.choice(
        [
            lead(rng, 5),
            "#" + lead(rng, 7),
            f"ORD-{digits(rng, 6)}",
            f"{lead(rng, 3)}-{digits(rng, 7)}-{digits(rng, 7)}",
            f"#{rng.choice('ABCDEFGHJK')}-{digits(rng, 5)}",
            f"W{digits(rng, 9)}",
            lead(rng, 10),
        ]
    )


def tracking_id(rng: random.Random) -> str:
    return rng.choice(
        [
            f"DX-{digits(rng, 5)}",
            f"JD{digits(rng, 16)}",
            f"TBA{digits(rng, 12)}",
            f"1Z{''.join(rng.choice('0123456789ABCDEFGHJKLMNPRSTUVWXYZ') for _ in range(6))}{digits(rng, 10)}",
            f"{rng.choice('RLCE')}{rng.choice('ABJMNPRT')}{digits(rng, 9)}GB",
            f"{lead(rng, 4)} {digits(rng, 4)} {digits(rng, 4)}",
        ]
    )


def ticket_id(rng: random.Random) -> str:
    return rng.choice([f"#{lead(rng, 6)}", f"SR-{digits(rng, 7)}", f"INC{digits(rng, 7)}", f"CS-{digits(rng, 5)}"])


def imei(rng: random.Random) -> str:
    body = rng.choice(["35", "86", "01", "49"]) + digits(rng, 12)
    return body + luhn_digit(body)


def iccid(rng: random.Random) -> str:
    body = "89" + rng.choice(["44", "49", "33", "34", "01"]) + digits(rng, 14)
    return body + luhn_digit(body)


def creditor_reference(rng: random.Random) -> str:
    """ISO 11649 structured creditor reference (RF + mod-97 check digits): a payment reference, not an account."""
    ref = lead(rng, rng.randint(8, 14))
    check = iban_check("RF", ref)
    compact = "RF" + check + ref
    return " ".join(compact[i : i + 4] for i in range(0, len(compact), 4))


def sepa_creditor_id(rng: random.Random) -> str:
    """A SEPA creditor identifier (a company's direct-debit id: country, check digits, ZZZ, national id)."""
    national = "0" + digits(rng, 10)
    check = iban_check("DE", national)
    return f"DE{check}ZZZ{national}"
