"""Write the held-out part of the PII corpus (bench/data/pii_heldout.jsonl), written blind.

How it was written: blind to the detector. Its author read only bench/pii_corpus_values.py (the shared value rules:
Line, check_labels, NETWORKS, Luhn, SEPA IBAN layouts, mod-97), bench/pii_io.py (corpus_main), the phonenumbers
package's metadata, and tests/bench/test_pii_heldout.py for the interface a part named "heldout" must meet. No
detector code, no evaluation, no benchmark or scoring document, no other part's data or generator was opened, and
the detector was never run on these lines. Every sentence and record layout here is the author's own, from how
support-bot replies and the records they quote look in many languages and formats.

What it holds (seed 21583): about 2,650 replies -
- phone rows: for each of 96 regions on five continents (bench/pii_heldout_phones.py REGIONS), three sentences in
  the region's language (an id before the number, the number before an id, plain) and two quoted documents (JSON,
  YAML, CSV, HTML and Markdown tables, vCards, logs, receipts, mail headers, key=value, INI, XML, chat, SMS, forms),
  plus numbers named only by context; every number has random digits and is valid for its region by phonenumbers;
- email rows: people's addresses (dots, hyphens, digits, + tags, upper case) in signatures, forwarded headers, CRM
  exports, JSON, logs, mailto: links, HTML, vCards, chat and prose;
- card rows for every network in NETWORKS (Luhn-valid), SSN rows in 10 languages, IBAN rows (SEPA and non-SEPA,
  printed and electronic, mod-97 valid), mixed rows quoting several kinds at once;
- hard negatives without PII: ids, dates, amounts, versions, hashes, IPs, serials, masked values, codes, and "@"
  strings that are not people's addresses (handles, @2x assets, scoped packages, scp remotes, decorators, ...).

Usage: python bench/make_pii_heldout.py [--check]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pii_io  # noqa: E402
from pii_corpus_values import check_labels  # noqa: E402
from pii_heldout_emails import at_negative_rows, email_rows  # noqa: E402
from pii_heldout_mixed import mixed_rows  # noqa: E402
from pii_heldout_negatives import negative_rows  # noqa: E402
from pii_heldout_phone_rows import phone_rows  # noqa: E402
from pii_heldout_phones import phone_is_valid  # noqa: E402
from pii_heldout_values import card_lines, iban_lines, ssn_lines  # noqa: E402

SEED = 21583
OUT = Path(__file__).resolve().parent / "data" / "pii_heldout.jsonl"


def build(seed: int = SEED) -> list[dict[str, object]]:
    rng = random.Random(seed)
    lines = phone_rows(rng) + email_rows(rng) + card_lines(rng) + ssn_lines(rng) + iban_lines(rng)
    lines += mixed_rows(rng) + negative_rows(rng) + at_negative_rows(rng)
    seen: set[str] = set()
    for line in lines:
        check_labels(line, phone_is_valid)
        assert line.text not in seen, line.text
        seen.add(line.text)
    rng.shuffle(lines)
    return [
        {"id": f"heldout-{i:04d}", "text": line.text, "entities": line.entities, "tags": line.tags}
        for i, line in enumerate(lines, 1)
    ]


def main() -> int:
    return pii_io.corpus_main(doc=__doc__, build=build, out=OUT, part="held-out corpus", script="make_pii_heldout.py")


if __name__ == "__main__":
    sys.exit(main())
