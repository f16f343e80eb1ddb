"""The held-out PII part (tuned part 9: bench/data/pii_tuned9.jsonl, bench/make_pii_tuned9.py): written apart from every earlier
corpus, what it holds, and its own kinds of hard negatives. The shared integrity tests (tests/bench/test_pii_heldout.py)
check its labels by each scheme's rules and its phones per region; nothing here runs the detector."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import make_pii_tuned9  # noqa: E402
import pii_tuned9_phones  # noqa: E402
from pii_corpus_values import NETWORKS  # noqa: E402
from pii_tuned9_negatives2 import KINDS  # noqa: E402

from tests.bench.test_pii_heldout import ROWS, modules, source  # noqa: E402

EARLIER = ["tuned", "tuned2", "tuned3", "tuned4", "tuned5", "tuned6", "tuned7", "tuned8"]
rows = ROWS["tuned9"]


def entities(entity: str) -> list[str]:
    return [e["value"] for row in rows for e in row["entities"] if e["entity"] == entity]


def test_the_generator_uses_no_earlier_corpus() -> None:
    text = source("tuned9")
    for part in EARLIER:
        for module in modules(part):
            assert f"import {module}" not in text and f"from {module}" not in text, module
    assert "pii_corpus.jsonl" not in text
    for n in range(2, 9):
        assert f"pii_tuned{n}.jsonl" not in text and f"pii_tuned{n}_" not in text, n
    assert "evaluations" not in text.replace("evaluations/scoring/", "")  # named once, as what was not read
    assert make_pii_tuned9.SEED not in (16, 2718, 60221, 90417, 48611, 73129, 50873, 86243)


def test_modules_are_short() -> None:
    for module in modules("tuned9"):
        lines = (ROOT / "bench" / f"{module}.py").read_text(encoding="utf-8").count("\n")
        assert lines <= 500, (module, lines)


def test_the_file_does_not_depend_on_the_hash_seed() -> None:
    env = dict(os.environ, PYTHONHASHSEED="12345")
    done = subprocess.run(
        [sys.executable, "bench/make_pii_tuned9.py", "--check"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_size_labels_and_negatives() -> None:
    assert 2000 <= len(rows) <= 3000
    counts = Counter(e["entity"] for row in rows for e in row["entities"])
    for entity in ["CREDIT_CARD", "US_SSN", "IBAN_CODE", "EMAIL_ADDRESS", "PHONE_NUMBER"]:
        assert counts[entity] >= 300, (entity, counts[entity])
    assert sum(1 for row in rows if not row["entities"]) >= 600
    assert [row["id"] for row in rows] == list(range(1, len(rows) + 1))
    assert len({row["text"] for row in rows}) == len(rows)
    settings = {tag for row in rows for tag in row["tags"] if tag.startswith("setting-")}
    assert len(settings) >= 10, settings


def test_phone_rows_are_tagged_and_cover_every_continent() -> None:
    near_id = [row for row in rows if row["tags"][0] == "phone" and "near-id" in row["tags"]]
    assert len(near_id) >= 250
    continents = set()
    for row in rows:
        if any(e["entity"] == "PHONE_NUMBER" for e in row["entities"]):
            regions = [tag for tag in row["tags"] if tag.startswith("region-")]
            assert len(regions) == 1 and any(tag.startswith("lang-") for tag in row["tags"]), row["id"]
            continents.add(pii_tuned9_phones.REGIONS[regions[0].removeprefix("region-")])
    assert continents == {"north-america", "south-america", "europe", "asia", "africa", "oceania"}
    languages = {tag for row in rows if row["tags"][0] == "phone" for tag in row["tags"] if tag.startswith("lang-")}
    assert {"lang-en", "lang-es", "lang-hi"} <= languages and len(languages) >= 18
    assert any("by-context" in row["tags"] for row in rows)


def test_phone_labels_are_the_number_only() -> None:
    for value in entities("PHONE_NUMBER"):
        assert value[0] in "+(0123456789" and value[-1].isdigit(), value
        assert "tel:" not in value and "ext" not in value and "x" not in value, value
    texts = [row["text"] for row in rows]
    assert any('href="tel:+' in text for text in texts) and any(" ext. " in text for text in texts)


def test_emails_cards_ssns_and_ibans_vary() -> None:
    emails = entities("EMAIL_ADDRESS")
    assert all(not value.startswith("mailto:") and "@" in value for value in emails)
    assert any("+" in e for e in emails) and any(e != e.lower() for e in emails) and any("-" in e for e in emails)
    assert any(row["tags"][0] == "email" and "no-space" in row["tags"] for row in rows)
    networks = {tag.removeprefix("network-") for row in rows for tag in row["tags"] if tag.startswith("network-")}
    assert networks == set(NETWORKS)
    cards = entities("CREDIT_CARD")
    assert any(" " in c for c in cards) and any("-" in c for c in cards) and any(c.isdigit() for c in cards)
    ssns = entities("US_SSN")
    assert any("-" in s for s in ssns) and any(" " in s for s in ssns) and any(s.isdigit() for s in ssns)
    ssn_languages = {tag for row in rows if row["tags"][0] == "ssn" for tag in row["tags"] if tag.startswith("lang-")}
    assert {"lang-en", "lang-es", "lang-hi"} <= ssn_languages and len(ssn_languages) >= 6
    ibans = entities("IBAN_CODE")
    assert any(" " in i for i in ibans) and any(" " not in i for i in ibans)
    iban_tags = {tag for row in rows if row["tags"][0] == "iban" for tag in row["tags"]}
    assert {"sepa", "non-sepa"} <= iban_tags


def test_the_new_kinds_of_negatives() -> None:
    kinds = Counter(row["tags"][1] for row in rows if not row["entities"])
    assert len(KINDS) >= 15
    for kind in KINDS:
        assert kinds[kind] >= 10, kind
    texts = [row["text"] for row in rows if not row["entities"]]
    assert any("@2x." in text for text in texts) and any("@1.5x." in text for text in texts)
    for needle in ["@localhost", "IMEI", "EIN", "RF", "SKU", "ISIN", "arn:aws:iam::", "{{"]:
        assert any(needle in text for text in texts), needle
