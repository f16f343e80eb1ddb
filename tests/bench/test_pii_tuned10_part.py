"""The held-out PII corpus (bench/data/pii_heldout.jsonl, written blind by bench/make_pii_heldout.py): that its
generator uses none of the earlier corpora's modules or files, what it holds, and its own kinds of negatives."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import pii_tuned10_phones  # noqa: E402

from tests.bench.test_pii_heldout import ROWS, modules, source  # noqa: E402

EARLIER = ["tuned", "tuned2", "tuned3", "tuned4", "tuned5", "tuned6", "tuned7", "tuned8", "tuned9"]
ENTITIES = ["CREDIT_CARD", "US_SSN", "IBAN_CODE", "EMAIL_ADDRESS", "PHONE_NUMBER"]


def test_tuned10_generator_uses_no_earlier_corpus() -> None:
    text = source("tuned10")
    assert "import evaluations" not in text and "from evaluations" not in text
    for part in EARLIER:
        for module in modules(part):
            assert f"import {module}" not in text and f"from {module}" not in text, module
    assert "pii_corpus.jsonl" not in text  # its own name, pii_tuned10, it took when it was renamed
    for n in range(2, 10):
        assert f"pii_tuned{n}.jsonl" not in text and f"pii_tuned{n}_" not in text, n
    assert "import pii_corpus_values" in text or "from pii_corpus_values" in text  # the shared value rules only


def test_size_labels_and_negatives() -> None:
    rows = ROWS["tuned10"]
    assert 2000 <= len(rows) <= 3000
    counts = Counter(e["entity"] for row in rows for e in row["entities"])
    for entity in ENTITIES:
        assert counts[entity] >= 300, (entity, counts[entity])
    assert sum(1 for row in rows if not row["entities"]) >= 600
    assert [row["id"] for row in rows] == list(range(1, len(rows) + 1))
    assert len({row["text"] for row in rows}) == len(rows)


def test_tags_kinds_regions_languages_and_settings() -> None:
    rows = ROWS["tuned10"]
    kinds = {"phone", "email", "card", "ssn", "iban", "mixed", "negative"}
    assert {row["tags"][0] for row in rows} == kinds
    for row in rows:
        if any(e["entity"] == "PHONE_NUMBER" for e in row["entities"]):
            (region,) = [t for t in row["tags"] if t.startswith("region-")]
            assert any(t.startswith("lang-") for t in row["tags"]), row["id"]
            assert pii_tuned10_phones.phone_is_valid(
                next(e["value"] for e in row["entities"] if e["entity"] == "PHONE_NUMBER"), region[7:]
            )
    continents = {pii_tuned10_phones.REGIONS[t[7:]][0] for row in rows for t in row["tags"] if t.startswith("region-")}
    assert continents == {"americas", "europe", "asia", "africa", "oceania"}
    near = [row for row in rows if row["tags"][0] == "phone" and "near-id" in row["tags"]]
    assert len(near) >= 250
    assert any("id-first" in row["tags"] for row in near) and any("phone-first" in row["tags"] for row in near)
    assert sum(1 for row in rows if "context-only" in row["tags"]) >= 20
    assert len({t for row in rows for t in row["tags"] if t.startswith("setting-")}) >= 10
    ssn_langs = {t for row in rows if row["tags"][0] == "ssn" for t in row["tags"] if t.startswith("lang-")}
    assert {"lang-en", "lang-es", "lang-hi"} <= ssn_langs and len(ssn_langs) >= 6


def test_cards_of_every_network_and_ibans_sepa_and_not() -> None:
    from pii_corpus_values import NETWORKS

    rows = ROWS["tuned10"]
    networks = {row["tags"][1] for row in rows if row["tags"][0] == "card"}
    assert set(NETWORKS) <= networks
    iban_tags = {t for row in rows if row["tags"][0] == "iban" for t in row["tags"]}
    assert {"sepa", "non-sepa", "print", "electronic"} <= iban_tags
    emails = [e["value"] for row in rows for e in row["entities"] if e["entity"] == "EMAIL_ADDRESS"]
    assert any("+" in v for v in emails) and any(v != v.lower() for v in emails)
    assert any("-" in v.split("@")[0] for v in emails) and any(ch.isdigit() for v in emails for ch in v.split("@")[0])
    for value in emails:
        assert value.split("@")[0] not in ("support", "info", "noreply", "sales", "help")  # people, not roles


def test_tuned10_has_its_own_kinds_of_negatives() -> None:
    rows = ROWS["tuned10"]
    kinds = Counter(row["tags"][1] for row in rows if not row["entities"])
    own = ["uuid", "commit_sha", "ipv4", "ipv6", "mac_address", "isbn", "vin", "gps", "tracking_only", "masked_card"]
    own += ["masked_phone", "code_at", "otp_code", "currency_amount", "epoch_ms", "aws_arn", "hex_color", "flight"]
    own += ["gift_card", "hs_code", "device_serial", "schedule", "no_value"]
    for kind in own:
        assert kinds[kind] >= 10, kind
    texts = [row["text"] for row in rows if not row["entities"]]
    for needle in ["@2x.", "@1.5x.", "@localhost", "arn:aws:iam::", "IMEI", "EIN", "RF"]:
        assert any(needle in text for text in texts), needle
