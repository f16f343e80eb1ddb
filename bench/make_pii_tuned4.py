"""Writes bench/data/pii_tuned4.jsonl: tuned part 4 of the PII corpus that bench/pii_accuracy.py measures.

Run: .venv/bin/python bench/make_pii_tuned4.py [--check]  (--check: exit 1 when the committed file differs)

Tuned part 4 is the third held-out part: once its errors had been measured and used for the fourth round of rules
(docs/benchmarks.md, "PII accuracy: two parts") it could no longer be held out, so detector changes may now be fitted
to it. What follows describes how it was written, as a held-out part.

The third held-out part, written blind: by someone who read neither the detector's code (evaluations/scoring/pii/
and what it imports) nor the earlier corpora's generators and files (tuned parts 1 to 3), and never used to tune
the detector (docs/benchmarks.md, "PII accuracy: two parts"). A detector change must not be fitted to these lines:
when one of its errors is fixed, the fix is tested with new cases written elsewhere, and this file stays as it is;
its labels are not changed to agree with any detector.

Each line is a support-bot reply, ``{"id", "text", "entities": [{"entity", "value", "start", "end"}], "tags"}``,
from one of ten settings (telecom, utilities, e-commerce, healthcare, banking, travel, education, government
services, logistics, SaaS support). The labels are what a careful human reviewer marks as personal data the reply
reveals: a person's card, SSN, IBAN, email address or phone number. Lookalikes are hard negatives, tagged
``["negative", kind, ...]``. A sentence whose label could be argued either way (a number on a person's record
shaped like an SSN, such as a claim or member id; a role address; a company's own phone line; a number that fails
its check; a fediverse handle) is left out entirely rather than labelled one way.

Only the value rules come from bench/pii_corpus_values.py (card networks with a Luhn digit, SEPA BBAN layouts with
mod-97 check digits); the templates, formats, languages and negatives are new. Phones are drawn per region from
the ``phonenumbers`` package's own metadata (an example number's leading digits, the rest random) and kept only
when the package says they are valid for that region, in the form written (``region-XX`` tag); that checks the
labels, it tunes nothing.

Deterministic: the same seed gives the same file (``build(seed)``; the committed file uses SEED).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from pii_corpus_values import (  # noqa: E402 - bench scripts run with bench/ on the path
    CARD,
    EMAIL,
    IBAN,
    NETWORKS,
    PHONE,
    SSN,
    Line,
    check_labels,
)
from pii_io import corpus_main  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned4_cards_ssns_ibans import (  # noqa: E402 - bench scripts run with bench/ on the path
    LAYOUTS,
    card_lines,
    card_text,
    iban_lines,
    iban_text,
    ssn_lines,
    ssn_text,
)
from pii_tuned4_emails import email_lines, email_value  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned4_negatives import negatives  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned4_phones import (  # noqa: E402 - bench scripts run with bench/ on the path
    REGIONS,
    phone_is_valid,
    phone_lines,
    phone_value,
)
from pii_tuned4_slots import fill, ident  # noqa: E402 - bench scripts run with bench/ on the path

OUT = Path(__file__).resolve().parent / "data" / "pii_tuned4.jsonl"
SEED = 90417  # the earlier parts use 16, 2718 and 60221

# ---- several kinds in one reply ------------------------------------------------------------------------------------

MIXED = [
    ("saas", "Contact sheet - {n}: {p}, {e}"),
    ("banking", "Refund to {i}; the confirmation went to {e}."),
    ("ecommerce", "Order {id}: paid with {c}, receipt sent to {e}, courier will call {p}."),
    ("travel", "Lead guest {n}, mobile {p}, email {e}."),
    ("healthcare", "Patient portal account: {e} (phone on file {p})."),
    ("government", "Payee {n}, SSN {s}, payments to {i}."),
]


def mixed_lines(rng: random.Random) -> list[Line]:
    lines = []
    regions = sorted(REGIONS)
    for i in range(120):
        setting, template = MIXED[i % len(MIXED)]
        region = regions[i % len(regions)]
        name, e, _ = email_value(rng)
        values = {
            "n": (name, None),
            "e": (e, EMAIL),
            "p": (phone_value(rng, region)[0], PHONE),
            "i": (iban_text(rng, rng.choice(sorted(LAYOUTS)))[0], IBAN),
            "c": (card_text(rng, rng.choice(sorted(NETWORKS)))[0], CARD),
            "s": (ssn_text(rng)[0], SSN),
            "id": (ident(rng, "ecommerce"), None),
        }
        tags = ["mixed", "lang-en", setting] + ([f"region-{region}"] if "{p}" in template else [])
        lines.append(fill(template, values, *tags))
    return lines


# ---- the corpus -----------------------------------------------------------------------------------------------------


def build(seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    lines = phone_lines(rng) + email_lines(rng) + card_lines(rng) + ssn_lines(rng) + iban_lines(rng)
    lines += mixed_lines(rng) + negatives(rng)
    rng.shuffle(lines)
    rows, seen = [], set()
    for line in lines:
        if line.text in seen:
            continue
        seen.add(line.text)
        check_labels(line, phone_is_valid)
        rows.append({"id": len(rows) + 1, "text": line.text, "entities": line.entities, "tags": line.tags})
    return rows


def main() -> int:
    return corpus_main(doc=__doc__ or "", build=build, out=OUT, part="tuned part 4", script="make_pii_tuned4.py")


if __name__ == "__main__":
    sys.exit(main())
