"""Writes bench/data/pii_tuned2.jsonl: the second tuned part of the PII corpus, which bench/pii_accuracy.py measures
after bench/data/pii_corpus.jsonl and before the held-out part.

Run: .venv/bin/python bench/make_pii_tuned2.py [--check]  (--check: exit 1 when the committed file differs)

This was the first held-out part (bench/make_pii_heldout.py, seed 2718). It was written apart from the detector, by
someone who did not read its code; it was then measured and its errors were looked at, so detector changes may now
be tuned on it and it is no longer held out: it became tuned part 2 (docs/benchmarks.md, "PII accuracy: two
parts"). A fresh held-out part, written blind, replaced it (bench/make_pii_heldout.py).

Each line is a support-bot reply, ``{"id", "text", "entities": [{"entity", "value", "start", "end"}], "tags"}``
(the format of the tuned corpus). The labels say what a careful human reviewer marks as personal data that the
reply reveals, whatever any detector does: a card, SSN, IBAN, email address or phone number of a person. An
identifier that only looks like one (an order, ticket or tracking number next to the word "phone", an image asset
named ``logo@2x.png``, an npm package ``@babel/core``, a handle, ``user@localhost``, an IMEI, an EIN, a BIC, a
creditor reference) is a hard negative and tagged so; a sentence whose label a reviewer could argue either way
(a role address such as ``support@``, a card number that fails its check, a well-known test card) is left out.
Its labels are not changed to agree with a detector.

Only the value rules are shared with bench/make_pii_corpus.py (bench/pii_corpus_values.py). Phones follow each
country's numbering plan, mostly in the ranges reserved for fiction, and each one is checked with the
``phonenumbers`` package (valid for its region, or in a UK drama range, which that package does not list).

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
    SEPA_BBAN,
    SSN,
    Line,
    card_digits,
    card_format,
    check_labels,
    printed,
    templated,
)
from pii_io import corpus_main  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned2_cards_ssns_ibans import (  # noqa: E402 - bench scripts run with bench/ on the path
    card_lines,
    iban_lines,
    iban_of,
    ssn_lines,
    ssn_value,
)
from pii_tuned2_emails import (  # noqa: E402 - bench scripts run with bench/ on the path
    EMAIL_DOMAINS,
    email_lines,
    email_value,
)
from pii_tuned2_ids import (  # noqa: E402 - bench scripts run with bench/ on the path
    Values,
    lead,
    order_id,
    ticket_id,
    tracking_id,
)
from pii_tuned2_negatives import (  # noqa: E402 - bench scripts run with bench/ on the path
    PACKAGES,
    asset,
    negative_lines,
)
from pii_tuned2_phones import (  # noqa: E402 - bench scripts run with bench/ on the path
    PHONE_PLANS,
    phone_lines,
    phone_value,
)

OUT = Path(__file__).resolve().parent / "data" / "pii_tuned2.jsonl"
SEED = 2718  # the tuned corpus uses 16

# ---- mixed replies ------------------------------------------------------------------------------------------------


def mixed_lines(rng: random.Random) -> list[Line]:
    lines = []
    plans = PHONE_PLANS
    for i in range(60):
        tag, region, pattern = plans[(i * 13) % len(plans)]
        phone = phone_value(rng, region, pattern)
        email = email_value(rng, rng.choice(EMAIL_DOMAINS), i)
        network, (prefixes, lengths) = rng.choice(sorted(NETWORKS.items()))
        card = card_format(rng, card_digits(rng, rng.choice(prefixes), lengths[0]), network, "spaces")
        country = rng.choice(sorted(SEPA_BBAN))
        iban = printed(iban_of(rng, country, SEPA_BBAN[country]))
        templates: list[tuple[str, Values]] = [
            (
                "Order {o}: delivery phone {p}, receipt to {e}, icon {a} attached.",
                {"o": (order_id(rng), None), "p": (phone, PHONE), "e": (email, EMAIL), "a": (asset(rng), None)},
            ),
            (
                "Ticket {k} - refund to {i}; the customer asked us to ring {p} once it's done.",
                {"k": (ticket_id(rng), None), "i": (iban, IBAN), "p": (phone, PHONE)},
            ),
            (
                "Your phone order {o} was charged to {c}. Questions? {e}",
                {"o": (lead(rng, 10), None), "c": (card, CARD), "e": (email, EMAIL)},
            ),
            (
                "Tracking {t}: the courier will call {p}; the sender's SSN {s} is on the customs form.",
                {"t": (tracking_id(rng), None), "p": (phone, PHONE), "s": (ssn_value(rng, "-"), SSN)},
            ),
            (
                "Installed {pk}; the licence belongs to {e} (tel. {p}).",
                {"pk": (rng.choice(PACKAGES), None), "e": (email, EMAIL), "p": (phone, PHONE)},
            ),
        ]
        template, values = templates[i % len(templates)]
        lines.append(templated(template, values, "mixed", region))
    return lines


# ---- the corpus ---------------------------------------------------------------------------------------------------


def build(seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    lines = [
        *phone_lines(rng),
        *email_lines(rng),
        *card_lines(rng),
        *ssn_lines(rng),
        *iban_lines(rng),
        *mixed_lines(rng),
        *negative_lines(rng),
    ]
    random.Random(seed + 1).shuffle(lines)
    out = []
    for i, line in enumerate(lines, 1):
        check_labels(line)
        out.append({"id": i, "text": line.text, "entities": line.entities, "tags": line.tags})
    return out


def main() -> int:
    return corpus_main(doc=__doc__ or "", build=build, out=OUT, part="tuned part 2", script="make_pii_tuned2.py")


if __name__ == "__main__":
    sys.exit(main())
