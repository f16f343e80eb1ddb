"""Writes bench/data/pii_tuned3.jsonl: tuned part 3 of the PII corpus that bench/pii_accuracy.py measures.

Run: .venv/bin/python bench/make_pii_tuned3.py [--check]  (--check: exit 1 when the committed file differs)

Tuned part 3 is the second held-out part: once its errors had been measured and written in docs/benchmarks.md
("PII accuracy: two parts") it could no longer be held out, so detector changes may now be fitted to it. What
follows describes how it was written, as a held-out part.

Written blind: by someone who read neither the detector's code (evaluations/scoring/pii/ and what it imports) nor
the other two corpora's generators and files (bench/make_pii_corpus.py, bench/make_pii_tuned2.py), and never used
to tune the detector (docs/benchmarks.md, "PII accuracy: two parts"). A detector change must not be fitted to
these lines: when one of its errors is fixed, the fix is tested with new cases written elsewhere, and this file
stays as it is; its labels are not changed to agree with any detector.

Each line is a support-bot reply, ``{"id", "text", "entities": [{"entity", "value", "start", "end"}], "tags"}``.
The labels are what a careful human reviewer marks as personal data the reply reveals: a person's card, SSN, IBAN,
email address or phone number. Lookalikes are hard negatives, tagged ``["negative", kind, ...]``: order, ticket,
booking and tracking numbers next to the words phone, call or mobile; image assets with a scale suffix
(``btn-pay@2x.png``), npm packages (``@scope/name``, ``name@version``), handles, masked addresses
(``j***@gmail.com`` reveals nothing), git remotes, ``user@localhost``, image digests (``image@sha256:...``),
part numbers and claim numbers shaped like SSNs, EINs, bank routing numbers, Luhn-valid ids that are no card
(IMEI, ICCID), BICs, RF creditor references, VAT numbers, meeting ids. A sentence whose label could be argued
either way (a role address such as ``support@``, a company switchboard, a well-known test card, a number that
fails its check) is left out rather than bent.

Only the value rules come from bench/pii_corpus_values.py (card networks with a Luhn digit, SEPA BBAN layouts with
mod-97 check digits); the templates, the phone plans and formats, the languages and the negatives are new. Every
labelled phone is checked with the ``phonenumbers`` package: valid, and of the region its line is tagged with
(``region-XX``); that checks the labels, it tunes nothing. Languages: the red team's (redteam/models.py: English,
Spanish, Hindi) and German, French, Portuguese, Italian, Dutch, Polish, Swedish and Korean.

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
    templated,
)
from pii_io import corpus_main  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned3_cards_ssns_ibans import (  # noqa: E402 - bench scripts run with bench/ on the path
    card_lines,
    card_text,
    iban_lines,
    iban_value,
    ssn_lines,
    ssn_value,
)
from pii_tuned3_emails import email_lines, email_value  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned3_negatives import negative_lines  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned3_phones import (  # noqa: E402 - bench scripts run with bench/ on the path
    phone_is_valid,
    phone_lines,
    phone_value,
)
from pii_tuned3_slots import neutral  # noqa: E402 - bench scripts run with bench/ on the path

OUT = Path(__file__).resolve().parent / "data" / "pii_tuned3.jsonl"
SEED = 60221  # the tuned parts use 16 and 2718

# ---- replies with several kinds of PII ---------------------------------------------------------------------------

MIXED = [
    ("en", "US", "Updated contact details for {name}: email {e}, mobile {p}."),
    ("en", "GB", "Name: {name}\nEmail: {e}\nPhone: {p}"),
    ("en", "US", "I found the applicant: SSN {s}, reachable at {p}."),
    ("en", "NZ", "The refund goes to {c}; we'll text {p} when it's processed."),
    ("en", "ZA", "Booking {booking} for {name}, phone {p}, email {e}."),
    ("en", "SG", "Payment {ref}: card {c}, receipt sent to {e}."),
    ("de", "AT", "Kundendaten: {name}, Tel. {p}, IBAN {i}"),
    ("es", "AR", "Datos del cliente: correo {e}, celular {p}."),
    ("pl", "PL", "Dane do zwrotu: {name}, konto {i}, tel. {p}"),
    ("sv", "SE", "Kontaktuppgifter: {e}, mobil {p}."),
    ("pt", "PT", "Dados de faturação: IBAN {i}, telemóvel {p}."),
    ("fr", "BE", "Coordonnées de {name} : {e}, GSM {p}."),
    ("hi", "IN", "ग्राहक विवरण: ईमेल {e}, मोबाइल {p}।"),
    ("ko", "KR", "고객 정보: 이메일 {e}, 휴대폰 {p}"),
    ("en", "CA", "Home: {p} - work: {p2} ({name})."),
]


def mixed_lines(rng: random.Random) -> list[Line]:
    lines = []
    for r in range(10):
        for lang, region, template in MIXED:
            iban_country = {"AT": "AT", "PL": "PL", "PT": "PT"}.get(region, "DE")
            values = {
                **neutral(rng),
                "e": (email_value(rng), EMAIL),
                "p": (phone_value(rng, region)[1], PHONE),
                "p2": (phone_value(rng, region)[1], PHONE),
                "s": (ssn_value(rng)[1], SSN),
                "c": (card_text(rng, sorted(NETWORKS)[r % len(NETWORKS)])[1], CARD),
                "i": (
                    " ".join(v[k : k + 4] for v in [iban_value(rng, iban_country)] for k in range(0, len(v), 4)),
                    IBAN,
                ),
            }
            lines.append(templated(template, values, "mixed", f"region-{region}", f"lang-{lang}"))
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
    out, seen = [], set()
    for line in lines:
        if line.text in seen:
            continue
        seen.add(line.text)
        check_labels(line, phone_is_valid)
        out.append({"id": len(out) + 1, "text": line.text, "entities": line.entities, "tags": line.tags})
    return out


def main() -> int:
    return corpus_main(doc=__doc__ or "", build=build, out=OUT, part="tuned part 3", script="make_pii_tuned3.py")


if __name__ == "__main__":
    sys.exit(main())
