"""Write tuned part 11 of the PII corpus, bench/data/pii_tuned11.jsonl (seed 58211): the tenth held-out part.

Tuned part 11 is the tenth held-out part: once its errors had been measured and used for the next round of rules
(docs/benchmarks.md, "PII accuracy: two parts") it could no longer be held out, so detector changes may now be
fitted to it. What follows describes how it was written, as a held-out part.

Its first line then: Write the held-out PII corpus part (bench/data/pii_heldout.jsonl), written blind, apart from the detector.

How it was written: by an engineer who did not open the detector (evaluations/), the benchmark and scoring docs and
tests, the other corpus parts' generators, modules or data, or their history, and who never ran the detector on
this data. Read were only bench/pii_corpus_values.py (Line, check_labels, NETWORKS, Luhn, SEPA IBAN layouts,
mod-97), bench/pii_io.py (corpus_main), the ``phonenumbers`` package and tests/bench/test_pii_heldout.py (to learn
the interface a part must meet). Sentences, document settings, regions and hard negatives come from the writer's own
knowledge of support-bot replies and the records they quote.

What it holds (seed 58211): about 2,800 replies - phone rows in 77 regions on five continents and 40 languages
(plain, beside an order/ticket/booking id either side, named only by context, two numbers, and quoted in JSON, YAML,
CSV, HTML and Markdown tables, vCards, logs, receipts, emails with headers, key=value, INI, XML, chats, SMS and
forms); cards of every network in pii_corpus_values.NETWORKS; US SSNs in 11 languages; IBANs of SEPA and non-SEPA
countries, printed and electronic; emails of people (``+`` tags, upper case, hyphens, digits); mixed records; and
hard negatives of 41 kinds with no PII. Every label is checked by check_labels with the phone's region.

Usage: python bench/make_pii_tuned11.py [--check]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pii_tuned11_negatives  # noqa: E402
import pii_tuned11_negatives2  # noqa: E402
from pii_corpus_values import Line, check_labels  # noqa: E402
from pii_io import Rows, corpus_main  # noqa: E402
from pii_tuned11_cards import card_rows  # noqa: E402
from pii_tuned11_docs import ident  # noqa: E402
from pii_tuned11_emails import email_rows  # noqa: E402
from pii_tuned11_mixed import mixed_rows  # noqa: E402
from pii_tuned11_phone_rows import phone_rows  # noqa: E402
from pii_tuned11_phones import phone_is_valid  # noqa: E402
from pii_tuned11_ssns_ibans import iban_rows, ssn_rows  # noqa: E402

SEED = 58211
OUT = Path(__file__).resolve().parent / "data" / "pii_tuned11.jsonl"
PER_KIND = 16


def negative_rows(rng: random.Random) -> list[Line]:
    rows: list[Line] = []
    seen: set[str] = set()
    kinds = {**pii_tuned11_negatives.KINDS, **pii_tuned11_negatives2.KINDS}
    for kind, (draw, templates) in kinds.items():
        for n in range(PER_KIND):
            template = templates[n % len(templates)]
            text = template
            while text == template or text in seen:  # a value drawn again: draw another
                text = template.replace("{v}", draw(rng)).replace("{o}", ident(rng))  # type: ignore[operator]
            seen.add(text)
            rows.append(Line("negative", kind).add(text))
    return rows


def build(seed: int = SEED) -> Rows:
    rng = random.Random(seed)
    lines = [
        *phone_rows(rng),
        *email_rows(rng, 330),
        *card_rows(rng, 330),
        *ssn_rows(rng, 320),
        *iban_rows(rng, 320),
        *mixed_rows(rng, 96),
        *negative_rows(rng),
    ]
    rows: Rows = []
    seen: set[str] = set()
    for line in lines:
        check_labels(line, phone_is_valid)
        assert line.text not in seen, line.text
        seen.add(line.text)
        rows.append(
            {"id": f"heldout-{len(rows) + 1:04d}", "text": line.text, "entities": line.entities, "tags": line.tags}
        )
    return rows


def main() -> int:
    return corpus_main(doc=__doc__, build=build, out=OUT, part="tuned part 11", script="make_pii_tuned11.py")


if __name__ == "__main__":
    raise SystemExit(main())
