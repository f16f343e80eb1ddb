"""What the most recent parts written blind hold (tuned parts 10 to 18, and the held-out part), beyond
the checks every part written apart gets (tests/bench/test_pii_heldout.py): that each generator uses none of the
earlier corpora's modules or files, its size, tags, regions and languages, and its own kinds of hard negatives.
Nothing here runs the detector."""

from __future__ import annotations

import dataclasses
import importlib
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from pii_corpus_values import NETWORKS  # noqa: E402

from tests.bench.test_pii_heldout import ROWS, modules, source  # noqa: E402

ENTITIES = ["CREDIT_CARD", "US_SSN", "IBAN_CODE", "EMAIL_ADDRESS", "PHONE_NUMBER"]
KINDS = {"phone", "email", "card", "ssn", "iban", "mixed", "negative"}


@dataclasses.dataclass(frozen=True)
class Part:
    name: str
    earlier: int  # the parts written before it: tuned, tuned2 .. tuned{earlier}
    id_prefix: str  # "" when its ids are plain numbers
    own_negatives: tuple[str, ...]  # kinds of hard negatives this part has that a tuned detector may not have seen
    needles: tuple[str, ...]  # strings some of its negatives carry
    id_width: int = 4  # the digits of its numbered ids
    id_start: int = 1  # the number of its first id

    @property
    def phones(self) -> ModuleType:
        return importlib.import_module(f"pii_{self.name}_phones")


PARTS = [
    Part(
        "tuned10",
        9,
        "",
        ("uuid", "commit_sha", "ipv4", "ipv6", "mac_address", "isbn", "vin", "gps", "tracking_only", "masked_card")
        + ("masked_phone", "code_at", "otp_code", "currency_amount", "epoch_ms", "aws_arn", "hex_color", "flight")
        + ("gift_card", "hs_code", "device_serial", "schedule", "no_value"),
        ("@2x.", "@1.5x.", "@localhost", "arn:aws:iam::", "IMEI", "EIN", "RF"),
    ),
    Part(
        "tuned11",
        10,
        "heldout-",
        ("amount", "asset", "bic", "coordinates", "creditor_ref", "ean", "iccid", "imei", "license_key")
        + ("masked_email", "masked_iban", "measurement", "percentage", "phone_word", "postal_code", "promo_code")
        + ("room_seat", "routing", "sepa_creditor_id", "package", "handle", "localhost", "ein", "vin", "mac"),
        ("@2x.", "@1.5x.", "localhost", "IMEI", "EIN", "BIC", "ICCID", "VIN"),
    ),
    Part(
        "tuned12",
        11,
        "heldout-",
        ("docker_digest", "git_remote", "timestamp", "short_code", "sku", "masked_ssn", "masked_phone", "gift_card")
        + ("routing", "uuid", "hash", "version", "tracking", "order_id", "iccid", "imei", "ein", "bic"),
        ("@2x.", "@1.5x.", "localhost", "sha256:", "git@", "IMEI", "ICCID", "VIN"),
    ),
    Part(
        "tuned13",
        12,
        "heldout-",
        ("template_email", "gtin", "booking", "invoice", "date_time", "ip_address", "mac_address", "measurement")
        + ("postcode", "git_remote", "routing", "masked_phone", "masked_email", "creditor_ref", "iccid", "vin"),
        ("@2x.", "@1.5x.", "localhost", "git@", "GTIN", "IMEI", "ICCID", "BIC"),
        id_width=5,
    ),
    Part(
        "tuned14",
        13,
        "heldout-",
        ("creditor_id", "flight", "otp", "ticket", "ipv4", "ipv6", "ean", "invoice", "masked_phone", "routing")
        + ("git_remote", "iccid", "mac", "coordinates", "postcode", "vin"),
        ("@2x.", "@1.5x.", "localhost", "git@", "IMEI", "ICCID", "BIC", "EIN"),
    ),
    Part(
        "tuned15",
        14,
        "heldout-",
        ("dimensions", "docker_digest", "flight", "postal", "masked_phone", "masked_card", "git_remote", "invoice")
        + ("ip", "mac", "hash", "imei", "isbn", "vin", "bic", "ein"),
        ("@2x.", "@1.5x.", "localhost", "git@", "sha256:", "IMEI", "VIN", "BIC"),
        id_width=5,
        id_start=0,
    ),
    Part(
        "tuned16",
        15,
        "heldout-",
        ("handle", "package", "uuid", "docker_digest", "creditor_ref", "iccid", "masked_email", "routing")
        + ("asset", "localhost", "mac", "vin", "imei", "bic", "ein", "phone_word"),
        ("@2x.", "@1.5x.", "localhost", "git@", "sha256:", "ICCID", "IMEI", "BIC"),
        id_width=5,
    ),
    Part(
        "tuned17",
        16,
        "heldout-",
        ("decorator", "version_pin", "slack_mention", "css_media", "sql_var", "at_text", "masked_email", "git_remote")
        + ("docker_digest", "masked_iban", "gtin", "uuid", "creditor_ref", "asset", "handle", "package"),
        ("@2x.", "@1.5x.", "localhost", "git@", "sha256:", "@media", "IMEI", "BIC"),
    ),
    Part(
        "tuned18",
        17,
        "heldout-",
        ("cron", "razor", "kube_context", "jsdoc", "at_price", "at_time", "ssh_prompt", "css_at_rule")
        + ("sql_variable", "mention", "masked_ssn", "loyalty", "otp", "measurement", "vat", "barcode"),
        ("@2x.", "@1.5x.", "localhost", "git@", "sha256:", "@media", "@param", "IMEI"),
    ),
    Part(
        "tuned19",
        18,
        "heldout-",
        ("excel_formula", "perl_array", "matrix_op", "systemd_unit", "ssh_login", "k8s_context", "license_key")
        + ("account_masked", "masked_ssn", "scp_remote", "css_rule", "timestamp", "ipv6", "sku", "ticket", "at_time"),
        ("@2x.", "@1.5x.", "localhost", "git@", "sha256:", "@media", "IMEI", "BIC"),
    ),
    Part(
        "tuned20",
        19,
        "heldout-",
        ("time_range", "invoice_line", "epoch", "service_login", "at_price", "at_time", "scp", "docker_digest")
        + ("routing", "otp", "iccid", "gtin", "coordinates", "masked_phone", "version_pin", "slack_mention"),
        ("@2x.", "@1.5x.", "localhost", "git@", "sha256:", "@media", "@Override", "ICCID"),
    ),
    Part(
        "tuned21",
        20,
        "heldout-",
        ("date_time", "unix_time", "javadoc", "k8s_context", "systemd_unit", "masked_iban", "ticket_id", "invoice")
        + ("at_price", "at_time", "scp_remote", "docker_digest", "coordinates", "masked_phone", "version_pin", "gtin"),
        ("@2x.", "@1.5x.", "localhost", "git@", "sha256:", "@media", "@param", "@keyframes"),
    ),
    Part(
        "heldout",
        21,
        "heldout-",
        ("bad_luhn", "npi", "room_and_extension", "part_number", "license_key", "sepa_creditor_id", "measurements")
        + ("java_annotation", "k8s_ref", "ssh_login", "pinned_version", "sql_variable", "masked_iban", "iccid"),
        ("@2x.", "@1.5x.", "localhost", "git@", "sha256:", "@media", "IMEI", "BIC"),
    ),
]
parts = pytest.mark.parametrize("part", PARTS, ids=lambda part: part.name)


@parts
def test_the_generator_uses_no_earlier_corpus(part: Part) -> None:
    text = source(part.name)
    assert "import evaluations" not in text and "from evaluations" not in text
    earlier = ["tuned"] + [f"tuned{n}" for n in range(2, part.earlier + 1)]
    for name in earlier:
        for module in modules(name):
            assert f"import {module}" not in text and f"from {module}" not in text, module
    assert "pii_corpus.jsonl" not in text  # its own name, pii_tunedN, it took when it was renamed
    for n in range(2, part.earlier + 1):
        assert f"pii_tuned{n}.jsonl" not in text and f"pii_tuned{n}_" not in text, n
    assert "import pii_corpus_values" in text or "from pii_corpus_values" in text  # the shared value rules only


@parts
def test_size_labels_and_negatives(part: Part) -> None:
    rows = ROWS[part.name]
    assert 2000 <= len(rows) <= 3000
    counts = Counter(e["entity"] for row in rows for e in row["entities"])
    for entity in ENTITIES:
        assert counts[entity] >= 300, (entity, counts[entity])
    assert sum(1 for row in rows if not row["entities"]) >= 600
    numbers = range(part.id_start, part.id_start + len(rows))
    expected = [f"{part.id_prefix}{n:0{part.id_width}d}" for n in numbers] if part.id_prefix else list(numbers)
    assert [row["id"] for row in rows] == expected
    assert len({row["text"] for row in rows}) == len(rows)


@parts
def test_tags_kinds_regions_languages_and_settings(part: Part) -> None:
    rows = ROWS[part.name]
    assert {row["tags"][0] for row in rows} == KINDS
    for row in rows:
        if any(e["entity"] == "PHONE_NUMBER" for e in row["entities"]):
            (region,) = [t for t in row["tags"] if t.startswith("region-")]
            # a phone row says its language (a mixed row of the held-out part need not)
            assert row["tags"][0] != "phone" or any(t.startswith("lang-") for t in row["tags"]), row["id"]
            phone = next(e["value"] for e in row["entities"] if e["entity"] == "PHONE_NUMBER")
            assert part.phones.phone_is_valid(phone, region[7:])
    continents = {part.phones.REGIONS[t[7:]][0] for row in rows for t in row["tags"] if t.startswith("region-")}
    assert continents == {"americas", "europe", "asia", "africa", "oceania"}
    near = [row for row in rows if row["tags"][0] == "phone" and "near-id" in row["tags"]]
    assert len(near) >= 250
    assert any("id-first" in row["tags"] for row in near) and any("phone-first" in row["tags"] for row in near)
    assert sum(1 for row in rows if "context-only" in row["tags"]) >= 20
    assert len({t for row in rows for t in row["tags"] if t.startswith("setting-")}) >= 10
    ssn_langs = {t for row in rows if row["tags"][0] == "ssn" for t in row["tags"] if t.startswith("lang-")}
    assert {"lang-en", "lang-es", "lang-hi"} <= ssn_langs and len(ssn_langs) >= 6


@parts
def test_cards_of_every_network_ibans_sepa_and_not_and_emails_of_people(part: Part) -> None:
    rows = ROWS[part.name]
    assert set(NETWORKS) <= {row["tags"][1] for row in rows if row["tags"][0] == "card"}
    iban_tags = {t for row in rows if row["tags"][0] == "iban" for t in row["tags"]}
    assert {"sepa", "non-sepa", "print", "electronic"} <= iban_tags
    emails = [e["value"] for row in rows for e in row["entities"] if e["entity"] == "EMAIL_ADDRESS"]
    assert any("+" in v for v in emails) and any(v != v.lower() for v in emails)
    assert any("-" in v.split("@")[0] for v in emails) and any(ch.isdigit() for v in emails for ch in v.split("@")[0])
    for value in emails:
        assert value.split("@")[0] not in ("support", "info", "noreply", "sales", "help")  # people, not roles


@parts
def test_its_own_kinds_of_negatives(part: Part) -> None:
    rows = ROWS[part.name]
    kinds = Counter(row["tags"][1] for row in rows if not row["entities"])
    for kind in part.own_negatives:
        assert kinds[kind] >= 10, kind
    texts = [row["text"] for row in rows if not row["entities"]]
    for needle in part.needles:
        assert any(needle in text for text in texts), needle
