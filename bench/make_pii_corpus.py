"""Writes bench/data/pii_corpus.jsonl: the labelled corpus that bench/pii_accuracy.py measures the PII detector on.

Run: .venv/bin/python bench/make_pii_corpus.py [--check]  (--check: exit 1 when the committed file differs)

Each line is a support-bot reply: ``{"id", "text", "entities": [{"entity", "value", "start", "end"}], "tags"}``.
The labels say what a careful human reviewer would mark as personal data that the reply reveals, whatever the
detector does. Values are built from the rules of each scheme (card networks' prefixes and lengths with a Luhn
check digit, SSN areas, each SEPA country's IBAN layout with mod-97 check digits, national phone numbering
plans and the reserved fictional ranges), never filtered through the detector. Hard negatives are identifiers
that look like PII (orders, tickets, tracking numbers, ISBN, EAN, SKU, versions, dates, times, prices, IPs,
ZIP codes, Luhn-invalid cards, SSNs with impossible areas, IBANs with a wrong check). The hand-written cases
include, verbatim, every example the corpus was specified with (tag ``issue16``; docs/benchmarks.md).
Deterministic: the same seed gives the same file.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from pii_corpus_cases import issue_lines, probe_lines  # noqa: E402 - bench scripts run with bench/ on the path
from pii_corpus_labels import (  # noqa: E402 - bench scripts run with bench/ on the path
    labelled_lines,
    national_lines,
    unseen_form_lines,
)
from pii_corpus_negatives import negative_lines, ups  # noqa: E402 - bench scripts run with bench/ on the path
from pii_corpus_values import (  # noqa: E402 - bench scripts run with bench/ on the path
    CARD,
    DOMAINS,
    EMAIL,
    IBAN,
    LOCALS,
    PHONE,
    SEPA_BBAN,
    Line,
    card_digits,
    card_format,
    card_lines,
    d,
    email_lines,
    iban_lines,
    iban_valid,
    iban_value,
    luhn_valid,
    nz,
    phone_lines,
    printed,
    ssn_lines,
    templated,
)
from pii_io import corpus_main  # noqa: E402 - bench scripts run with bench/ on the path

OUT = Path(__file__).resolve().parent / "data" / "pii_corpus.jsonl"

# ---- mixed replies (the hand-written cases, tag issue16, are in bench/pii_corpus_cases.py) ----------------------


def mixed_lines(rng: random.Random) -> list[Line]:
    """PII next to look-alikes: the detector must take the one and leave the other."""
    lines = []
    for i in range(24):
        network, prefix, length = rng.choice(
            [("Visa", "4", 16), ("Mastercard", "52", 16), ("American Express", "37", 15), ("Discover", "6011", 16)]
        )
        card = card_format(rng, card_digits(rng, prefix, length), network, "spaces")
        phone = f"({rng.choice(['212', '415', '617'])}) 555-01{d(rng, 2)}"
        country = sorted(SEPA_BBAN)[i % len(SEPA_BBAN)]
        iban = printed(iban_value(rng, country))
        email = f"{rng.choice(LOCALS)}@{rng.choice(DOMAINS['webmail'] + DOMAINS['example'])}"
        order = nz(rng, 10)
        ticket = f"TKT-2024-{d(rng, 6)}"
        templates = [
            (
                "Order #{o} was charged to {c}; a receipt went to {e}.",
                {"o": (order, None), "c": (card, CARD), "e": (email, EMAIL)},
            ),
            (
                "Ticket {t}: the customer asked us to call {p} about IBAN {i}.",
                {"t": (ticket, None), "p": (phone, PHONE), "i": (iban, IBAN)},
            ),
            (
                "Tracking {u} - delivery contact {p}, invoice {o}.",
                {
                    "u": (ups(rng, True), None),
                    "p": (phone, PHONE),
                    "o": (f"{order[:3]}-{order[3:6]}-{order[6:]}", None),
                },
            ),
            (
                "On {dt} at {tm} we refunded ${pr} to {i}.",
                {
                    "dt": (f"2024-0{rng.randint(1, 9)}-{rng.randint(10, 28)}", None),
                    "tm": (f"{rng.randint(10, 23)}:{rng.randint(10, 59)}", None),
                    "pr": (f"{rng.randint(1, 9)},{d(rng, 3)}.{d(rng, 2)}", None),
                    "i": (iban, IBAN),
                },
            ),
        ]
        template, values = templates[i % len(templates)]
        lines.append(templated(template, values, "mixed"))
    return lines


SEED = 16


def build(seed: int = SEED) -> list[dict[str, object]]:
    """The corpus lines; another ``seed`` draws other values into the same templates (bench/pii_accuracy.py
    --seed measures on such a fresh draw, to see that the figures do not hang on the committed values)."""
    rng = random.Random(seed)
    lines = [
        *issue_lines(),
        *probe_lines(),
        *card_lines(rng),
        *ssn_lines(rng),
        *iban_lines(rng),
        *email_lines(rng),
        *phone_lines(rng),
        *mixed_lines(rng),
        *negative_lines(rng),
        *labelled_lines(seed),
        *national_lines(seed),
        *unseen_form_lines(seed),
    ]
    out = []
    for i, line in enumerate(lines, 1):
        for entity in line.entities:
            value = str(entity["value"])
            assert line.text[int(entity["start"]) : int(entity["end"])] == value  # type: ignore[call-overload]
            digits = "".join(ch for ch in value if ch.isdigit())
            if entity["entity"] == CARD:
                assert luhn_valid(digits), value
            if entity["entity"] == IBAN:
                assert iban_valid(value), value
        out.append({"id": i, "text": line.text, "entities": line.entities, "tags": line.tags})
    return out


def main() -> int:
    return corpus_main(doc=__doc__ or "", build=build, out=OUT, part="corpus", script="make_pii_corpus.py")


if __name__ == "__main__":
    sys.exit(main())
