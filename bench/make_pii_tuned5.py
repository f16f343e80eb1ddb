"""Write tuned part 5 of the PII corpus (bench/data/pii_tuned5.jsonl): support-bot replies, labelled by hand-made
rules; the fourth held-out part.

Run: .venv/bin/python bench/make_pii_tuned5.py [--check]

Tuned part 5 is the fourth held-out part: once its errors had been measured and used for the fifth round of rules
(docs/benchmarks.md, "PII accuracy: two parts") it could no longer be held out, so detector changes may now be
fitted to it. What follows describes how it was written, as a held-out part.

How it was written: blind. Its author read neither the detector (evaluations/scoring/) nor any earlier corpus (the
tuned parts and their generators), nor the list of the detector's past errors in docs/benchmarks.md; only the value
rules every generator shares (bench/pii_corpus_values.py: Luhn, SEPA layouts, mod-97), the shared writer
(bench/pii_io.py) and the ``phonenumbers`` package's own metadata. The detector was never run on it while it was
written, and its labels are never changed to agree with a detector: a disagreement is the detector's error to
measure, or, when the rule below was misapplied, a labelling error fixed by the rule alone.

What a label is: what a careful reviewer marks as a person's data the reply reveals - a card number, a US SSN, an
IBAN, an email address or a phone number - spanning exactly the value as written (a phone from its leading ``+``,
``(`` or first digit to its last digit; no ``tel:``/``mailto:`` prefix, quotes, brackets that are not the number's,
or trailing punctuation). A sentence whose label could be argued either way (an SSN-shaped member id, a role address
such as support@, a company's switchboard, a number failing its check digit presented as a card, a fediverse
handle) is left out rather than labelled one way.

What it holds (seed 48611, a few seconds to build):

- phones (bench/pii_tuned5_phone_rows.py): numbers of forty regions drawn from ``phonenumbers`` metadata and kept
  only when valid for their region in the exact form written (national, international, E.164, 00, run together,
  dots, dashes, slashes, ``+44 (0)...``, ``(0226) ...``, regrouped), in contact sentences in nineteen languages, next
  to order/ticket/booking/tracking/claim/reference ids (tag ``near-id``), in pairs, in JSON, CSV, Markdown tables and
  ``tel:`` links, HTML and vCards; each row tagged ``region-XX`` and ``lang-xx``;
- emails (bench/pii_tuned5_emails.py), cards of every network (bench/pii_tuned5_cards.py), SSNs named as such
  (bench/pii_tuned5_ssns.py), SEPA and non-SEPA IBANs (bench/pii_tuned5_ibans.py), and replies with several
  (bench/pii_tuned5_mixed.py);
- hard negatives (bench/pii_tuned5_negatives.py, bench/pii_tuned5_negatives2.py): replies without personal data
  that look as if they had some, tagged ``["negative", kind]``.

The settings span telecom, utilities, e-commerce, healthcare, banking, travel, education, government, logistics,
SaaS support, insurance and HR. ``--check`` exits 1 when the committed file is not what this writes (same seed,
same file).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pii_io  # noqa: E402 - bench scripts run with bench/ on the path
from pii_corpus_values import CARD, IBAN, PHONE, SSN, Line, iban_valid, luhn_valid, templated  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_cards import card_lines  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_emails import email_lines  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_ibans import iban_lines  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_mixed import mixed_lines  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_negatives import KINDS_1  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_negatives2 import KINDS_2  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_phone_rows import phone_lines  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_phones import phone_is_valid  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_ssns import ssn_lines  # noqa: E402 - bench scripts run with bench/ on the path

OUT = Path(__file__).resolve().parent / "data" / "pii_tuned5.jsonl"
SEED = 48611
NEGATIVES_PER_KIND = 22


def negative_lines(rng: random.Random, seen: set[str]) -> list[Line]:
    lines = []
    for kind, (templates, filler) in {**KINDS_1, **KINDS_2}.items():
        for i in range(NEGATIVES_PER_KIND):
            for attempt in range(40):
                language, template = templates[(i + attempt) % len(templates)]
                values = {slot: (text, None) for slot, text in filler(rng).items()}
                line = templated(template, values, "negative", kind, f"lang-{language}")
                if line.text not in seen:
                    seen.add(line.text)
                    lines.append(line)
                    break
    return lines


def check(line: Line) -> None:
    """Every label is a span of its text and follows its scheme; a phone is valid, as written, in its region."""
    regions = [tag.removeprefix("region-") for tag in line.tags if tag.startswith("region-")]
    for entity in line.entities:
        value = str(entity["value"])
        assert line.text[int(entity["start"]) : int(entity["end"])] == value, line.text
        compact = "".join(ch for ch in value if ch.isalnum())
        if entity["entity"] == PHONE:
            assert len(regions) == 1 and phone_is_valid(value, regions[0]), (value, regions)
        elif entity["entity"] == CARD:
            assert luhn_valid(compact), value
        elif entity["entity"] == IBAN:
            assert iban_valid(compact), value
        elif entity["entity"] == SSN:
            assert len(compact) == 9 and compact[:3] not in ("000", "666") and compact[0] != "9", value
            assert compact[3:5] != "00" and compact[5:] != "0000", value
    assert not line.entities or line.tags[0] != "negative", line.text


def build(seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    labelled = [
        *phone_lines(rng),
        *email_lines(rng),
        *card_lines(rng),
        *iban_lines(rng),
        *ssn_lines(rng),
        *mixed_lines(rng),
    ]
    seen: set[str] = set()
    lines = []
    for line in labelled:
        if line.text not in seen:
            seen.add(line.text)
            lines.append(line)
    lines += negative_lines(rng, seen)
    rng.shuffle(lines)
    rows = []
    for n, line in enumerate(lines, 1):
        check(line)
        rows.append({"id": n, "text": line.text, "entities": line.entities, "tags": line.tags})
    return rows


def main() -> int:
    return pii_io.corpus_main(doc=__doc__, build=build, out=OUT, part="tuned part 5", script="make_pii_tuned5.py")


if __name__ == "__main__":
    raise SystemExit(main())
