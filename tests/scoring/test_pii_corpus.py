"""The labelled PII corpus (bench/data/pii_corpus.jsonl): what it holds, that its labels are right by each scheme's
rules, and that the detector reaches precision and recall of at least 0.99 on it for every entity type."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from evaluations.scoring.pii import IBAN_LENGTHS, card_network, is_valid_iban, luhn_ok, scan_pii

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "bench" / "data" / "pii_corpus.jsonl"
ROWS = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()]
SEPA = {
    "AD", "AL", "AT", "BE", "BG", "CH", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GB", "GI", "GR", "HR", "HU",
    "IE", "IS", "IT", "LI", "LT", "LU", "LV", "MC", "MD", "ME", "MK", "MT", "NL", "NO", "PL", "PT", "RO", "RS", "SE",
    "SI", "SK", "SM", "VA",
}  # fmt: skip


def labels(entity: str) -> list[str]:
    return [e["value"] for row in ROWS for e in row["entities"] if e["entity"] == entity]


def test_the_committed_corpus_is_what_the_generator_writes() -> None:
    done = subprocess.run(
        [sys.executable, "bench/make_pii_corpus.py", "--check"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_size_and_hard_negatives() -> None:
    assert len(ROWS) >= 500
    negatives = [row for row in ROWS if not row["entities"]]
    assert len(negatives) >= 150
    kinds = Counter(row["tags"][1] for row in negatives if row["tags"][0] == "negative")
    for kind in [
        "order", "ticket", "tracking", "isbn", "ean", "sku", "version", "date", "time", "price", "ip", "zip",
        "label_id", "asset",
    ]:  # fmt: skip
        assert kinds[kind] >= 4, kind


def test_every_label_is_a_span_of_its_text() -> None:
    for row in ROWS:
        for entity in row["entities"]:
            assert row["text"][entity["start"] : entity["end"]] == entity["value"], row["id"]


def test_cards_of_every_network_and_format_with_valid_checksums() -> None:
    cards = labels("CREDIT_CARD")
    networks = {card_network("".join(ch for ch in card if ch.isdigit())) for card in cards}
    assert networks == {"visa", "mastercard", "amex", "discover", "jcb", "diners", "unionpay", "maestro", "mir"}
    assert all(luhn_ok("".join(ch for ch in card if ch.isdigit())) for card in cards)
    assert any(" " in c for c in cards) and any("-" in c for c in cards) and any(c.isdigit() for c in cards)
    assert any(len(c.split()) == 3 and len(c.split()[1]) == 6 for c in cards)  # Amex / Diners 4-6-5, 4-6-4


def test_ibans_of_every_sepa_country_in_print_and_electronic_form() -> None:
    ibans = labels("IBAN_CODE")
    assert all(is_valid_iban(iban) for iban in ibans)
    printed = {iban[:2] for iban in ibans if " " in iban}
    electronic = {iban[:2] for iban in ibans if " " not in iban}
    assert SEPA <= printed and SEPA <= electronic and SEPA <= set(IBAN_LENGTHS)


def test_emails_phones_and_ssns_are_varied() -> None:
    domains = {email.rsplit("@", 1)[1] for email in labels("EMAIL_ADDRESS")}
    assert {"example.com", "gmail.com", "staging.example", "xn--mnchen-3ya.de", "dvla.gov.uk"} <= domains
    phone_formats = {row["tags"][1] for row in ROWS if row["tags"][0] == "phone"}
    assert len({name.split()[0] for name in phone_formats}) >= 10  # countries
    assert len(labels("US_SSN")) >= 40
    # phones beside order and delivery words, in the red team's languages (bench/make_pii_corpus.py, tuned part)
    languages = {row["tags"][2] for row in ROWS if row["tags"][0] == "label_phone" and len(row["tags"]) > 2}
    assert languages == {"en", "es", "hi"}


def test_the_issue_examples_are_in_the_corpus_verbatim() -> None:
    text = "\n".join(row["text"] for row in ROWS)
    for example in [
        "jordan.rivera84@example.com", "TKT-2024-004417", "1Z K8E K5R 03 8681 3371", "0-306-40615-2",
        "+44 7700 900697", "+49 30 19229013", "617-555-0115", "1 (800) 555-0130", "ES29 6232 0592 5973 4104 3860",
    ]:  # fmt: skip
        assert example in text


@pytest.fixture(scope="module")
def scores() -> dict[str, tuple[float, float]]:
    tp: Counter[str] = Counter()
    fp: Counter[str] = Counter()
    fn: Counter[str] = Counter()
    for row in ROWS:
        gold = {(e["entity"], e["start"], e["end"]) for e in row["entities"]}
        found = {(f.entity, f.start, f.end) for f in scan_pii(row["text"], withhold_contacts=True)}
        for entity, *_ in found & gold:
            tp[entity] += 1
        for entity, *_ in found - gold:
            fp[entity] += 1
        for entity, *_ in gold - found:
            fn[entity] += 1
    return {e: (tp[e] / ((tp[e] + fp[e]) or 1), tp[e] / ((tp[e] + fn[e]) or 1)) for e in set(tp) | set(fn)}


@pytest.mark.parametrize("entity", ["CREDIT_CARD", "US_SSN", "IBAN_CODE", "EMAIL_ADDRESS", "PHONE_NUMBER"])
def test_precision_and_recall_are_at_least_0_99(scores: dict[str, tuple[float, float]], entity: str) -> None:
    precision, recall = scores[entity]
    assert precision >= 0.99 and recall >= 0.99, f"{entity}: precision {precision:.3f}, recall {recall:.3f}"
