"""PII tuned part 7, the sixth held-out part (bench/data/pii_tuned7.jsonl, bench/make_pii_tuned7.py), written blind: that its generator
uses none of the earlier corpora, what it holds, and its own kinds of hard negatives. Nothing here runs the detector;
the shared checks of every part written apart from the detector are in tests/bench/test_pii_heldout.py."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from pii_corpus_values import NETWORKS, SEPA_BBAN, Line, check_labels  # noqa: E402
from pii_tuned7_phones import phone_is_valid  # noqa: E402

from tests.bench.test_pii_heldout import ROWS, modules, source  # noqa: E402

PART = ROWS["tuned7"]
CONTINENTS = {
    "america": {"US", "CA", "MX", "BR", "AR", "CO", "CL", "PE", "JM"},
    "europe": {"GB", "IE", "DE", "AT", "CH", "FR", "BE", "NL", "ES", "PT", "IT", "PL", "SE", "TR", "RU", "UA"},
    "asia": {"IN", "PK", "JP", "CN", "TW", "KR", "ID", "PH", "VN", "TH", "SA", "AE", "IL", "SG"},
    "africa": {"NG", "KE", "TZ", "ZA", "EG", "MA", "GH"},
    "oceania": {"AU", "NZ"},
}
OWN_NEGATIVES = [
    "id_phone_word", "contact_word", "ssn_word", "card_word", "amount", "datetime", "version", "ip_address", "hash",
    "uuid", "luhn_fail", "no_plan", "masked", "code", "log_line", "url_userinfo", "isbn", "barcode", "coordinates",
    "vat_number", "routing", "mac_address", "iccid",
]  # fmt: skip


def entities(entity: str) -> list[dict]:
    return [e for row in PART for e in row["entities"] if e["entity"] == entity]


def test_tuned7_generator_uses_no_earlier_corpus() -> None:
    text = source("tuned7")
    for part in ["tuned", "tuned2", "tuned3", "tuned4", "tuned5", "tuned6"]:
        for module in modules(part):
            assert f"import {module}" not in text and f"from {module}" not in text, module
    for name in ["pii_corpus.jsonl", *(f"pii_tuned{k}.jsonl" for k in range(2, 7))]:
        assert name not in text, name
    assert "evaluations" not in text.replace("evaluations/", "")  # named once in the docstring, never imported
    assert "SEED = 50873" in text


def test_tuned7_modules_are_small() -> None:
    for name in modules("tuned7"):
        lines = (ROOT / "bench" / f"{name}.py").read_text(encoding="utf-8").count("\n")
        assert lines <= 500, (name, lines)


def test_size_labels_and_replies_without_pii() -> None:
    assert 2000 <= len(PART) <= 3000
    counts = Counter(e["entity"] for row in PART for e in row["entities"])
    for entity in ["CREDIT_CARD", "US_SSN", "IBAN_CODE", "EMAIL_ADDRESS", "PHONE_NUMBER"]:
        assert counts[entity] >= 300, (entity, counts[entity])
    assert sum(1 for row in PART if not row["entities"]) >= 600
    assert [row["id"] for row in PART] == list(range(1, len(PART) + 1))
    assert {row["tags"][0] for row in PART} == {"phone", "email", "card", "ssn", "iban", "mixed", "negative"}


def test_every_line_passes_the_shared_label_rules() -> None:
    for row in PART:
        line = Line(*row["tags"])
        line.text, line.entities = row["text"], row["entities"]
        check_labels(line, phone_is_valid)


def test_phones_cover_every_continent_languages_ids_and_settings() -> None:
    rows = [row for row in PART if any(e["entity"] == "PHONE_NUMBER" for e in row["entities"])]
    regions = Counter(tag.removeprefix("region-") for row in rows for tag in row["tags"] if tag.startswith("region-"))
    for continent, members in CONTINENTS.items():
        assert members <= set(regions), continent
    assert len(regions) >= 30 and min(regions.values()) >= 5
    assert all(sum(tag.startswith("region-") for tag in row["tags"]) == 1 for row in rows)
    assert all(any(tag.startswith("lang-") for tag in row["tags"]) for row in rows)
    languages = {tag for row in rows for tag in row["tags"] if tag.startswith("lang-")}
    assert len(languages) >= 18 and {"lang-en", "lang-es", "lang-hi"} <= languages
    near = [row for row in rows if row["tags"][0] == "phone" and "near-id" in row["tags"]]
    assert len(near) >= 250
    assert len({tag for row in PART for tag in row["tags"] if tag.startswith("setting-")}) >= 10
    assert any("context-only" in row["tags"] for row in rows)
    styles = {tag for row in rows for tag in row["tags"] if tag.startswith("style-")}
    for style in ["national", "international", "e164", "run_together", "double_zero", "dots", "slash"]:
        assert f"style-{style}" in styles, style
    forms = {tag for row in rows for tag in row["tags"] if tag.startswith("form-")}
    for form in ["json", "csv", "markdown", "html", "vcard", "yaml", "signature", "chat", "quoted_mail"]:
        assert f"form-{form}" in forms, form
    extension = [row for row in rows if "form-extension" in row["tags"]]
    assert extension and all(" ext. " not in e["value"] for row in extension for e in row["entities"])


def test_emails_cards_ssns_and_ibans_vary() -> None:
    emails = [e["value"] for e in entities("EMAIL_ADDRESS")]
    assert any("+" in v for v in emails) and any(v != v.lower() for v in emails) and any("-" in v for v in emails)
    assert not any(v.split("@")[0] in ("support", "info", "sales", "noreply", "admin") for v in emails)
    no_space = [row for row in PART if "no-spaces" in row["tags"]]
    assert {tag for row in no_space for tag in row["tags"]} >= {"lang-ja", "lang-zh", "lang-th", "lang-ko"}
    networks = {row["tags"][1] for row in PART if row["tags"][0] == "card"}
    assert networks == set(NETWORKS)
    cards = [e["value"] for e in entities("CREDIT_CARD")]
    assert any("-" in v for v in cards) and any(" " in v for v in cards) and any(v.isdigit() for v in cards)
    ssn_langs = {tag for row in PART if row["tags"][0] == "ssn" for tag in row["tags"] if tag.startswith("lang-")}
    assert len(ssn_langs) >= 6 and {"lang-en", "lang-es", "lang-hi"} <= ssn_langs
    ibans = [e["value"] for e in entities("IBAN_CODE")]
    countries = {v[:2] for v in ibans}
    assert len(countries - set(SEPA_BBAN)) >= 10 and len(countries & set(SEPA_BBAN)) >= 30
    assert any(" " in v for v in ibans) and any(" " not in v for v in ibans)


def test_tuned7_has_its_own_kinds_of_negatives() -> None:
    kinds = Counter(row["tags"][1] for row in PART if not row["entities"])
    for kind in OWN_NEGATIVES:
        assert kinds[kind] >= 10, kind
    texts = [row["text"] for row in PART if not row["entities"]]
    for needle in ["@2x.", "@1.5x.", "@localhost", "@sha256:", "ssh://", "ISBN", "IMEI", "EIN", "RF", "•••• "]:
        assert any(needle in text for text in texts), needle
