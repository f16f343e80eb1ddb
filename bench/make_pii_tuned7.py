"""Write tuned part 7 of the PII corpus (bench/data/pii_tuned7.jsonl), the sixth held-out part: support-bot replies with and without
personal data, labelled by hand-written rules, for measuring the PII detector on text its authors never saw.

Tuned part 7 is the sixth held-out part: once its errors had been measured and used for the seventh round of rules
(docs/benchmarks.md, "PII accuracy: two parts") it could no longer be held out, so detector changes may now be
fitted to it. What follows describes how it was written, as a held-out part.

Written blind: by someone who read neither the detector (evaluations/) nor any earlier corpus, its generators or the
notes on its past errors, and who never ran the detector on these lines. The templates and value formats come from
the writer's own knowledge of how support replies, and the records they quote, look in many languages; no label was
ever changed to agree with a detector. Seed 50873.

What it holds (see the modules beside this script, bench/pii_tuned7_*.py):

- phones (pii_tuned7_phones.py, pii_tuned7_phone_words.py, pii_tuned7_phone_rows.py): numbers of 48 regions on
  every continent, drawn from the ``phonenumbers`` metadata and kept only when valid for their region exactly as
  written (national, run together, international with and without spaces, E.164, ``00`` + country code, dots,
  dashes, slashes, trunk ``(0)``, area codes in brackets); contact sentences in 24 languages, numbers named only by
  the context, numbers next to order, ticket, booking, tracking, claim and reference ids in both orders, two
  numbers of one person, and numbers in JSON, CSV, Markdown, HTML, XML, vCard, YAML, forms, signatures, chats,
  quoted mail, SMS logs and key=value lines; extensions are never part of a label;
- emails (pii_tuned7_emails.py): people's addresses on generic, new and country-code TLDs and subdomains, in prose
  in 15 languages, headers, quotes, JSON, CSV, HTML, Markdown, YAML, signatures and logs, and next to Japanese,
  Chinese, Thai and Korean text written without spaces;
- cards, SSNs and IBANs (pii_tuned7_money.py): every network of ``NETWORKS``, Luhn-valid, grouped, compact or
  dashed; SSNs with a possible area, group and serial, named as an SSN in 10 languages or in a field name; IBANs of
  SEPA and non-SEPA countries, mod-97 checked (with the national check digits of BE, ES, FR, NL and PT), compact and
  in fours; mixed customer records (pii_tuned7_mixed.py);
- hard negatives (pii_tuned7_negatives.py, pii_tuned7_negatives2.py), 32 kinds, tagged ``["negative", kind]``.

Run: .venv/bin/python bench/make_pii_tuned7.py [--check]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pii_io  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned7_emails import email_rows  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned7_mixed import mixed_rows  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned7_money import card_rows, iban_rows, ssn_rows  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned7_negatives2 import negative_rows  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned7_phone_rows import phone_rows  # noqa: E402 - bench scripts run with bench/ on the path

OUT = Path(__file__).resolve().parent / "data" / "pii_tuned7.jsonl"
SEED = 50873


def build(seed: int = SEED) -> pii_io.Rows:
    rng = random.Random(seed)
    lines = phone_rows(rng) + email_rows(rng) + card_rows(rng) + ssn_rows(rng) + iban_rows(rng) + mixed_rows(rng)
    lines += negative_rows(rng)
    rng.shuffle(lines)
    return [
        {"id": i, "text": line.text, "entities": line.entities, "tags": line.tags} for i, line in enumerate(lines, 1)
    ]


def main() -> int:
    return pii_io.corpus_main(doc=__doc__, build=build, out=OUT, part="tuned part 7", script="make_pii_tuned7.py")


if __name__ == "__main__":
    raise SystemExit(main())
