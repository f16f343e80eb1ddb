"""Tuned part 2 of the PII corpus (bench/data/pii_tuned2.jsonl, the first held-out part, tuned on since its errors
were looked at): what it holds and that its labels are right by each scheme's rules. Nothing here runs the detector:
the corpus is measured by bench/pii_accuracy.py (docs/benchmarks.md, "PII accuracy: two parts")."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import phonenumbers

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from make_pii_tuned2 import phone_is_valid  # noqa: E402
from pii_corpus_values import iban_valid, luhn_valid  # noqa: E402

HELDOUT = ROOT / "bench" / "data" / "pii_tuned2.jsonl"
TUNED = ROOT / "bench" / "data" / "pii_corpus.jsonl"
ROWS = [json.loads(line) for line in HELDOUT.read_text(encoding="utf-8").splitlines()]


def labels(entity: str) -> list[str]:
    return [e["value"] for row in ROWS for e in row["entities"] if e["entity"] == entity]


def test_the_committed_heldout_corpus_is_what_its_generator_writes() -> None:
    done = subprocess.run(
        [sys.executable, "bench/make_pii_tuned2.py", "--check"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_generator_is_written_apart_from_the_detector() -> None:
    source = (ROOT / "bench" / "make_pii_tuned2.py").read_text(encoding="utf-8")
    assert "import evaluations" not in source and "from evaluations" not in source  # no use of the detector


def test_size_and_labels_per_type() -> None:
    assert 1500 <= len(ROWS) <= 3000
    counts = Counter(e["entity"] for row in ROWS for e in row["entities"])
    for entity in ["CREDIT_CARD", "US_SSN", "IBAN_CODE", "EMAIL_ADDRESS", "PHONE_NUMBER"]:
        assert counts[entity] >= 250, (entity, counts[entity])


def test_hard_negatives_are_tagged_and_varied() -> None:
    negatives = [row for row in ROWS if not row["entities"]]
    assert all(row["tags"][0] == "negative" for row in negatives)
    kinds = Counter(row["tags"][1] for row in negatives)
    for kind in ["phone_word", "asset", "package", "handle", "localhost", "imei", "ein", "bic", "creditor_ref"]:
        assert kinds[kind] >= 10, kind
    assert any("@2x." in row["text"] for row in negatives) and any("@1.5x." in row["text"] for row in negatives)


def test_every_label_is_a_span_of_its_text_and_no_line_is_copied_from_the_tuned_corpus() -> None:
    for row in ROWS:
        for entity in row["entities"]:
            assert row["text"][entity["start"] : entity["end"]] == entity["value"], row["id"]
    tuned = {json.loads(line)["text"] for line in TUNED.read_text(encoding="utf-8").splitlines()}
    assert not tuned & {row["text"] for row in ROWS}


def test_cards_ibans_and_ssns_follow_their_schemes() -> None:
    assert all(luhn_valid("".join(ch for ch in card if ch.isdigit())) for card in labels("CREDIT_CARD"))
    assert all(iban_valid(iban) for iban in labels("IBAN_CODE"))
    for ssn in labels("US_SSN"):
        compact = "".join(ch for ch in ssn if ch.isdigit())
        assert len(compact) == 9 and compact[:3] not in ("000", "666") and compact[0] != "9", ssn
        assert compact[3:5] != "00" and compact[5:] != "0000", ssn


def test_phones_are_valid_for_their_country_in_many_countries_and_languages() -> None:
    regions = set()
    for row in ROWS:
        if row["tags"][0] != "phone":
            continue
        region = row["tags"][2]
        regions.add(region)
        for entity in row["entities"]:
            assert phone_is_valid(entity["value"], region), (entity["value"], region)
    assert {"US", "GB", "DE", "FR", "ES", "IT", "NL", "BR", "IN", "AU"} <= regions
    languages = {row["tags"][1] for row in ROWS if row["tags"][0] == "phone"}
    assert {"lang-es", "lang-hi", "lang-de", "lang-fr", "lang-it", "lang-nl", "lang-pt"} <= languages
    order = [row for row in ROWS if row["tags"][:2] == ["phone", "order"]]
    assert len(order) >= 200  # phones next to an order, a delivery, a ticket or a tracking number
    assert phonenumbers.is_valid_number(phonenumbers.parse("+44 20 7946 0958"))
