"""Write tuned part 8 of the PII corpus, bench/data/pii_tuned8.jsonl (seed 86243): the seventh held-out part.

Tuned part 8 is the seventh held-out part: once its errors had been measured and used for the eighth round of rules
(docs/benchmarks.md, "PII accuracy: two parts") it could no longer be held out, so detector changes may now be
fitted to it. What follows describes how it was written, as a held-out part (written blind).

Run: .venv/bin/python bench/make_pii_tuned8.py [--check]

How it was written: blind, by someone who read neither the detector (evaluations/) nor any earlier corpus (the tuned
parts' generators, their modules and data files, and the documents that describe the detector and its past errors).
Only the shared value rules of bench/pii_corpus_values.py (card networks with their Luhn digit, SEPA IBAN layouts with
mod-97, SSN rules, ``templated``, ``Line``, ``check_labels``), bench/pii_io.py and the ``phonenumbers`` metadata were
used. Templates, formats, ids and negatives were written from knowledge of how support-bot replies and the data they
quote look, in many languages. The detector was never run on this corpus while it was written, and no label was ever
changed to agree with a detector: a label is what a careful human reviewer marks as a person's card number, US SSN,
IBAN, email address or phone number, and sentences whose label could be argued either way were left out.

What it holds (seeded with 86243, deterministic whatever PYTHONHASHSEED):

- phones drawn per region from ``phonenumbers`` metadata (an example number's leading digits, the rest at random),
  kept only when valid for their region in the exact written form, in 48 regions on every continent, written as
  people write them (national, run together, international with or without spaces, E.164, ``00`` + country code,
  dots, dashes, slashes, trunk ``(0)``, area in brackets), in contact sentences in 22 languages, next to order,
  ticket, booking, claim, tracking and reference ids (``near-id``), inside JSON, CSV, Markdown, HTML, vCard, YAML,
  signatures, chat transcripts, quoted mail and forms, lists of two and numbers named only by their context;
- people's email addresses on generic, new gTLD, country-code and subdomain hosts, in prose, headers, JSON, CSV,
  HTML, Markdown, signatures and next to scripts written without spaces;
- card numbers of every network, grouped, compact or dashed, in prose in many languages, receipts, JSON and tables;
- possible US SSNs named as such in sentences or field names in ten languages;
- SEPA and non-SEPA IBANs with mod-97 check digits, compact and in groups of four;
- replies revealing several kinds at once (``mixed``);
- hard negatives: phone words, ``@2x.``/``@1.5x.`` assets, packages, handles, localhost, IMEIs, EINs, BICs, RF
  creditor references, and this part's own kinds (ISBNs, EANs, VINs, ISINs, LEIs, MMSIs, UUIDs, IP and MAC
  addresses, coordinates, epoch times, one-time codes, Message-IDs, template placeholders, code decorators, device
  models, build numbers, DOIs, HS codes, flights, postcodes, amounts, court cases, opening hours, parcel tracking,
  date ranges, numeric constants), replies that withhold personal data and plain replies.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pii_io  # noqa: E402 - bench scripts run with bench/ on the path
from pii_corpus_values import Line, check_labels  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned8_cards import card_rows  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned8_emails import email_rows  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned8_mixed import mixed_rows  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned8_negatives import required_negatives  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned8_negatives2 import own_negatives, plain_negatives  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned8_phone_rows import phone_rows  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned8_phones import phone_is_valid  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned8_ssns_ibans import iban_rows, ssn_rows  # noqa: E402 - bench scripts run with bench/ on the path

SEED = 86243
OUT = Path(__file__).resolve().parent / "data" / "pii_tuned8.jsonl"


def build(seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    lines: list[Line] = []
    lines += phone_rows(rng)
    lines += email_rows(rng)
    lines += card_rows(rng)
    lines += ssn_rows(rng)
    lines += iban_rows(rng)
    lines += mixed_rows(rng)
    for kind, text in required_negatives(rng) + own_negatives(rng) + plain_negatives(rng):
        lines.append(Line("negative", kind).add(text))
    rng.shuffle(lines)
    rows: list[dict[str, object]] = []
    seen: set[str] = set()
    for line in lines:
        check_labels(line, phone_is_valid)
        if line.text in seen:  # a value drawn twice into the same template: keep the first
            continue
        seen.add(line.text)
        rows.append({"id": len(rows) + 1, "text": line.text, "entities": line.entities, "tags": line.tags})
    return rows


def main() -> int:
    return pii_io.corpus_main(doc=__doc__, build=build, out=OUT, part="tuned part 8", script="make_pii_tuned8.py")


if __name__ == "__main__":
    raise SystemExit(main())
