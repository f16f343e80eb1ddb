"""PII tuned part 8, the seventh held-out part (bench/data/pii_tuned8.jsonl, bench/make_pii_tuned8.py), written blind: that
its generator uses none of the earlier corpora, what it holds, and the kinds of hard negatives it adds. Nothing here
runs the detector."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import make_pii_tuned8  # noqa: E402
import pii_tuned8_phones  # noqa: E402
from pii_corpus_values import NETWORKS, SEPA_BBAN  # noqa: E402

from tests.bench.test_pii_heldout import ROWS, modules, source  # noqa: E402

ROWS_HELD = ROWS["tuned8"]
EARLIER = ["tuned", "tuned2", "tuned3", "tuned4", "tuned5", "tuned6", "tuned7"]
FORBIDDEN_FILES = ["pii_corpus.jsonl"] + [f"pii_tuned{n}.jsonl" for n in range(2, 8)]
OWN_KINDS = [
    "isbn", "gtin", "vin", "isin", "lei", "mmsi", "uuid", "ip_address", "mac_address", "coordinates",
    "unix_timestamp", "otp", "message_id", "template_var", "code_decorator", "device_model", "build_number", "doi",
    "hs_code", "flight", "postal_code", "money_amount", "case_number", "opening_hours", "tracking_only",
    "date_range", "numeric_constant",
]  # fmt: skip


def entities(entity: str) -> list[tuple[dict[str, object], dict[str, object]]]:
    return [(row, e) for row in ROWS_HELD for e in row["entities"] if e["entity"] == entity]


def test_tuned8_generator_uses_none_of_the_earlier_corpora() -> None:
    text = source("tuned8")
    for part in EARLIER:
        for module in modules(part) if part != "tuned" else ["make_pii_corpus", "pii_corpus_cases"]:
            assert f"import {module}" not in text and f"from {module}" not in text, module
    assert not any(f"pii_tuned{n}" in text for n in range(2, 8)) and "pii_corpus_cases" not in text
    assert "pii_corpus_labels" not in text
    assert "pii_corpus_negatives" not in text
    for name in FORBIDDEN_FILES:
        assert name not in text, name
    assert "import evaluations" not in text and "from evaluations" not in text


def test_the_generator_is_split_into_small_modules_and_says_how_it_was_written() -> None:
    names = modules("tuned8")
    assert names[0] == "make_pii_tuned8" and len(names) >= 6
    for name in names:
        assert len((ROOT / "bench" / f"{name}.py").read_text(encoding="utf-8").splitlines()) <= 500, name
    doc = make_pii_tuned8.__doc__ or ""
    assert "blind" in doc and str(make_pii_tuned8.SEED) in doc and "never" in doc
    assert make_pii_tuned8.SEED not in (16, 2718, 60221, 90417, 48611, 73129, 50873)


def test_the_corpus_is_the_same_whatever_the_hash_seed() -> None:
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "bench/make_pii_tuned8.py", "--check"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
        )
        assert done.returncode == 0, done.stdout + done.stderr


def test_size_labels_and_replies_without_pii() -> None:
    assert 2000 <= len(ROWS_HELD) <= 3000
    counts = Counter(e["entity"] for row in ROWS_HELD for e in row["entities"])
    for entity in ["CREDIT_CARD", "US_SSN", "IBAN_CODE", "EMAIL_ADDRESS", "PHONE_NUMBER"]:
        assert counts[entity] >= 300, (entity, counts[entity])
    assert sum(1 for row in ROWS_HELD if not row["entities"]) >= 600
    assert [row["id"] for row in ROWS_HELD] == list(range(1, len(ROWS_HELD) + 1))
    assert len({row["text"] for row in ROWS_HELD}) == len(ROWS_HELD)
    kinds = {row["tags"][0] for row in ROWS_HELD}
    assert kinds == {"phone", "email", "card", "ssn", "iban", "mixed", "negative"}


def test_phone_rows_carry_one_region_and_a_language_and_many_sit_next_to_ids() -> None:
    for row in ROWS_HELD:
        if any(e["entity"] == "PHONE_NUMBER" for e in row["entities"]):
            assert sum(tag.startswith("region-") for tag in row["tags"]) == 1, row["id"]
            assert any(tag.startswith("lang-") for tag in row["tags"]), row["id"]
    near = [row for row in ROWS_HELD if row["tags"][0] == "phone" and "near-id" in row["tags"]]
    assert len(near) >= 250
    formats = {tag for row in ROWS_HELD if row["tags"][0] == "phone" for tag in row["tags"]}
    for shape in ["json", "csv", "markdown", "html", "vcard", "yaml", "signature", "chat", "quoted_mail", "form"]:
        assert shape in formats, shape
    assert {"two", "context"} <= formats


def test_phones_are_written_the_ways_people_write_them() -> None:
    phones = [str(e["value"]) for _, e in entities("PHONE_NUMBER")]
    assert any(p.startswith("+") and " " not in p for p in phones)  # E.164
    assert any(p.startswith("00") for p in phones)
    assert any("(0)" in p for p in phones)
    assert any(p.startswith("(") for p in phones)
    assert any("/" in p for p in phones) and any("." in p for p in phones) and any("-" in p for p in phones)
    assert any(p.isdigit() for p in phones)  # run together
    for p in phones:
        assert p[0] in "+(0123456789" and p[-1].isdigit(), p
    assert not pii_tuned8_phones.phone_is_valid("+1 212 555 01", "US")


def test_emails_cards_ssns_and_ibans_cover_their_shapes() -> None:
    emails = [str(e["value"]) for _, e in entities("EMAIL_ADDRESS")]
    assert any("+" in e for e in emails) and any(e != e.lower() for e in emails) and any("-" in e for e in emails)
    assert not any(e.split("@")[0] in ("support", "info", "noreply", "sales", "admin") for e in emails)
    card_networks = {row["tags"][4] for row in ROWS_HELD if row["tags"][0] == "card"}
    assert card_networks == set(NETWORKS)
    cards = [str(e["value"]) for _, e in entities("CREDIT_CARD")]
    assert any(c.isdigit() for c in cards) and any("-" in c for c in cards) and any(" " in c for c in cards)
    ssns = [str(e["value"]) for _, e in entities("US_SSN")]
    assert any("-" in s for s in ssns) and any(" " in s for s in ssns) and any(s.isdigit() for s in ssns)
    ssn_languages = {row["tags"][1] for row in ROWS_HELD if row["tags"][0] == "ssn"}
    assert {"lang-en", "lang-es", "lang-hi"} <= ssn_languages and len(ssn_languages) >= 6
    iban_countries = {row["tags"][3] for row in ROWS_HELD if row["tags"][0] == "iban"}
    assert set(SEPA_BBAN) <= iban_countries and len(iban_countries - set(SEPA_BBAN)) >= 20
    ibans = [str(e["value"]) for _, e in entities("IBAN_CODE")]
    assert any(" " in i for i in ibans) and any(" " not in i for i in ibans)


def test_settings_and_languages() -> None:
    settings = {tag for row in ROWS_HELD for tag in row["tags"] if tag.startswith("setting-")}
    assert len(settings) >= 10, settings
    languages = {tag for row in ROWS_HELD for tag in row["tags"] if tag.startswith("lang-")}
    assert len(languages) >= 18


def test_its_own_kinds_of_hard_negatives() -> None:
    negatives = [row for row in ROWS_HELD if not row["entities"]]
    assert all(row["tags"][:1] == ["negative"] and len(row["tags"]) == 2 for row in negatives)
    kinds = Counter(row["tags"][1] for row in negatives)
    for kind in OWN_KINDS:
        assert kinds[kind] >= 10, (kind, kinds[kind])
    assert len(OWN_KINDS) >= 15
    texts = [row["text"] for row in negatives]
    for needle in ["@2x.", "@1.5x.", "localhost", "Message-ID: <", "MMSI", "ISIN", "LEI", "VIN", "RF"]:
        assert any(needle in text for text in texts), needle
