"""The PII corpora written apart from the detector: the held-out part (bench/data/pii_heldout.jsonl, written blind)
and tuned parts 2 to 9 (bench/data/pii_tuned2.jsonl to pii_tuned9.jsonl, the former held-out parts, tuned on
since their errors were looked at):
what they hold and that their labels are right by each scheme's rules. Nothing here runs the detector: the corpora
are measured by bench/pii_accuracy.py (the held-out part last), and the held-out part is never a goal a detector
change is tuned on (docs/benchmarks.md, "PII accuracy: two parts")."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import phonenumbers
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import pii_heldout_phones  # noqa: E402
import pii_tuned2_phones  # noqa: E402
import pii_tuned3_phones  # noqa: E402
import pii_tuned4_phones  # noqa: E402
import pii_tuned5_phones  # noqa: E402
import pii_tuned6_phones  # noqa: E402
import pii_tuned7_phones  # noqa: E402
import pii_tuned8_phones  # noqa: E402
import pii_tuned9_phones  # noqa: E402
import pii_tuned10_phones  # noqa: E402
import pii_tuned11_phones  # noqa: E402
import pii_tuned12_phones  # noqa: E402
import pii_tuned13_phones  # noqa: E402
import pii_tuned14_phones  # noqa: E402
import pii_tuned15_phones  # noqa: E402
import pii_tuned16_phones  # noqa: E402
import pii_tuned17_phones  # noqa: E402
import pii_tuned18_phones  # noqa: E402
import pii_tuned19_phones  # noqa: E402
import pii_tuned20_phones  # noqa: E402
import pii_tuned21_phones  # noqa: E402
from pii_corpus_values import iban_valid, luhn_valid  # noqa: E402

DATA = ROOT / "bench" / "data"
PHONE_MODULES = {
    "heldout": pii_heldout_phones,
    "tuned21": pii_tuned21_phones,
    "tuned20": pii_tuned20_phones,
    "tuned19": pii_tuned19_phones,
    "tuned18": pii_tuned18_phones,
    "tuned17": pii_tuned17_phones,
    "tuned16": pii_tuned16_phones,
    "tuned15": pii_tuned15_phones,
    "tuned14": pii_tuned14_phones,
    "tuned13": pii_tuned13_phones,
    "tuned12": pii_tuned12_phones,
    "tuned11": pii_tuned11_phones,
    "tuned10": pii_tuned10_phones,
    "tuned9": pii_tuned9_phones,
    "tuned8": pii_tuned8_phones,
    "tuned7": pii_tuned7_phones,
    "tuned6": pii_tuned6_phones,
    "tuned5": pii_tuned5_phones,
    "tuned3": pii_tuned3_phones,
    "tuned4": pii_tuned4_phones,
}
FILES = {
    "heldout": DATA / "pii_heldout.jsonl",
    "tuned21": DATA / "pii_tuned21.jsonl",
    "tuned20": DATA / "pii_tuned20.jsonl",
    "tuned19": DATA / "pii_tuned19.jsonl",
    "tuned18": DATA / "pii_tuned18.jsonl",
    "tuned17": DATA / "pii_tuned17.jsonl",
    "tuned16": DATA / "pii_tuned16.jsonl",
    "tuned15": DATA / "pii_tuned15.jsonl",
    "tuned14": DATA / "pii_tuned14.jsonl",
    "tuned13": DATA / "pii_tuned13.jsonl",
    "tuned12": DATA / "pii_tuned12.jsonl",
    "tuned11": DATA / "pii_tuned11.jsonl",
    "tuned10": DATA / "pii_tuned10.jsonl",
    "tuned9": DATA / "pii_tuned9.jsonl",
    "tuned8": DATA / "pii_tuned8.jsonl",
    "tuned7": DATA / "pii_tuned7.jsonl",
    "tuned6": DATA / "pii_tuned6.jsonl",
    "tuned5": DATA / "pii_tuned5.jsonl",
    "tuned4": DATA / "pii_tuned4.jsonl",
    "tuned3": DATA / "pii_tuned3.jsonl",
    "tuned2": DATA / "pii_tuned2.jsonl",
    "tuned": DATA / "pii_corpus.jsonl",
}
GENERATORS = {
    "heldout": "make_pii_heldout.py",
    "tuned21": "make_pii_tuned21.py",
    "tuned20": "make_pii_tuned20.py",
    "tuned19": "make_pii_tuned19.py",
    "tuned18": "make_pii_tuned18.py",
    "tuned17": "make_pii_tuned17.py",
    "tuned16": "make_pii_tuned16.py",
    "tuned15": "make_pii_tuned15.py",
    "tuned14": "make_pii_tuned14.py",
    "tuned13": "make_pii_tuned13.py",
    "tuned12": "make_pii_tuned12.py",
    "tuned11": "make_pii_tuned11.py",
    "tuned10": "make_pii_tuned10.py",
    "tuned9": "make_pii_tuned9.py",
    "tuned8": "make_pii_tuned8.py",
    "tuned7": "make_pii_tuned7.py",
    "tuned6": "make_pii_tuned6.py",
    "tuned5": "make_pii_tuned5.py",
    "tuned4": "make_pii_tuned4.py",
    "tuned3": "make_pii_tuned3.py",
    "tuned2": "make_pii_tuned2.py",
}
# each generator (bench/make_pii_*.py) is split into modules beside it named after its part; bench/pii_corpus_values.py
# holds the value rules that every generator shares
MODULE_PREFIXES = {
    "heldout": "pii_heldout_",
    "tuned21": "pii_tuned21_",
    "tuned20": "pii_tuned20_",
    "tuned19": "pii_tuned19_",
    "tuned18": "pii_tuned18_",
    "tuned17": "pii_tuned17_",
    "tuned16": "pii_tuned16_",
    "tuned15": "pii_tuned15_",
    "tuned14": "pii_tuned14_",
    "tuned13": "pii_tuned13_",
    "tuned12": "pii_tuned12_",
    "tuned11": "pii_tuned11_",
    "tuned10": "pii_tuned10_",
    "tuned9": "pii_tuned9_",
    "tuned8": "pii_tuned8_",
    "tuned7": "pii_tuned7_",
    "tuned6": "pii_tuned6_",
    "tuned5": "pii_tuned5_",
    "tuned4": "pii_tuned4_",
    "tuned3": "pii_tuned3_",
    "tuned2": "pii_tuned2_",
    "tuned": "pii_corpus_",
}
SHARED_VALUES = "pii_corpus_values"
ROWS = {
    part: [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()] for part, path in FILES.items()
}
APART = pytest.mark.parametrize("part", list(GENERATORS))  # the parts written apart from the detector


def modules(part: str) -> list[str]:
    """The names of the generator of ``part`` and of the modules it is split into (bench/ is on the path)."""
    generator = "make_pii_corpus" if part == "tuned" else GENERATORS[part].removesuffix(".py")
    found = sorted(path.stem for path in (ROOT / "bench").glob(f"{MODULE_PREFIXES[part]}*.py"))
    return [generator, *(name for name in found if name != SHARED_VALUES)]


def source(part: str) -> str:
    return "".join((ROOT / "bench" / f"{name}.py").read_text(encoding="utf-8") for name in modules(part))


def labels(part: str, entity: str) -> list[str]:
    return [e["value"] for row in ROWS[part] for e in row["entities"] if e["entity"] == entity]


@APART
def test_the_committed_corpus_is_what_its_generator_writes(part: str) -> None:
    done = subprocess.run(
        [sys.executable, f"bench/{GENERATORS[part]}", "--check"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr


@APART
def test_the_generator_is_written_apart_from_the_detector(part: str) -> None:
    assert len(modules(part)) > 1  # the generator and the modules it is split into
    text = source(part)
    assert "import evaluations" not in text and "from evaluations" not in text  # no use of the detector


def test_tuned3_generator_uses_neither_earlier_corpus() -> None:
    text = source("tuned3")
    for module in modules("tuned") + modules("tuned2"):
        assert f"import {module}" not in text and f"from {module}" not in text, module
    assert "pii_corpus.jsonl" not in text and "pii_tuned2.jsonl" not in text


@APART
def test_size_and_labels_per_type(part: str) -> None:
    assert 1500 <= len(ROWS[part]) <= 3000
    counts = Counter(e["entity"] for row in ROWS[part] for e in row["entities"])
    for entity in ["CREDIT_CARD", "US_SSN", "IBAN_CODE", "EMAIL_ADDRESS", "PHONE_NUMBER"]:
        assert counts[entity] >= 250, (entity, counts[entity])


@APART
def test_hard_negatives_are_tagged_and_varied(part: str) -> None:
    negatives = [row for row in ROWS[part] if not row["entities"]]
    assert all(row["tags"][0] == "negative" for row in negatives)
    kinds = Counter(row["tags"][1] for row in negatives)
    for kind in ["phone_word", "asset", "package", "handle", "localhost", "imei", "ein", "bic", "creditor_ref"]:
        assert kinds[kind] >= 10, kind
    assert any("@2x." in row["text"] for row in negatives) and any("@1.5x." in row["text"] for row in negatives)


def test_tuned3_has_new_kinds_of_negatives() -> None:
    kinds = Counter(row["tags"][1] for row in ROWS["tuned3"] if not row["entities"])
    for kind in ["masked_email", "git_remote", "docker_digest", "version_spec", "part_number", "routing", "iccid"]:
        assert kinds[kind] >= 10, kind
    texts = [row["text"] for row in ROWS["tuned3"] if not row["entities"]]
    for needle in ["git@github.com:", "@sha256:", "***@", "@localhost"]:
        assert any(needle in text for text in texts), needle


@APART
def test_every_label_is_a_span_of_its_text_and_no_line_is_copied_from_another_corpus(part: str) -> None:
    for row in ROWS[part]:
        for entity in row["entities"]:
            assert row["text"][entity["start"] : entity["end"]] == entity["value"], row["id"]
    texts = {row["text"] for row in ROWS[part]}
    for other in FILES:
        if other != part:
            assert not texts & {row["text"] for row in ROWS[other]}, other


@APART
def test_cards_ibans_and_ssns_follow_their_schemes(part: str) -> None:
    assert all(luhn_valid("".join(ch for ch in card if ch.isdigit())) for card in labels(part, "CREDIT_CARD"))
    assert all(iban_valid(iban) for iban in labels(part, "IBAN_CODE"))
    for ssn in labels(part, "US_SSN"):
        compact = "".join(ch for ch in ssn if ch.isdigit())
        assert len(compact) == 9 and compact[:3] not in ("000", "666") and compact[0] != "9", ssn
        assert compact[3:5] != "00" and compact[5:] != "0000", ssn


def test_tuned2_phones_are_valid_for_their_country_in_many_countries_and_languages() -> None:
    rows = ROWS["tuned2"]
    regions = set()
    for row in rows:
        if row["tags"][0] != "phone":
            continue
        region = row["tags"][2]
        regions.add(region)
        for entity in row["entities"]:
            assert pii_tuned2_phones.phone_is_valid(entity["value"], region), (entity["value"], region)
    assert {"US", "GB", "DE", "FR", "ES", "IT", "NL", "BR", "IN", "AU"} <= regions
    languages = {row["tags"][1] for row in rows if row["tags"][0] == "phone"}
    assert {"lang-es", "lang-hi", "lang-de", "lang-fr", "lang-it", "lang-nl", "lang-pt"} <= languages
    order = [row for row in rows if row["tags"][:2] == ["phone", "order"]]
    assert len(order) >= 200  # phones next to an order, a delivery, a ticket or a tracking number
    assert phonenumbers.is_valid_number(phonenumbers.parse("+44 20 7946 0958"))


# what each blind part's phones must cover, beyond being valid for their region: (regions, least regions, languages,
# least languages, a number that is valid elsewhere but not in the region named)
PHONE_COVERAGE = {
    "heldout": (
        {"US", "CA", "MX", "BR", "AR", "CO", "CL", "PE", "JM", "GT", "UY", "EC", "CR", "DO", "PY", "BO", "TT", "PA"}
        | {"GB", "IE", "DE", "AT", "CH", "FR", "BE", "NL", "ES", "PT", "IT", "PL", "CZ", "SK", "HU", "RO", "BG", "GR"}
        | {"HR", "SI", "RS", "UA", "LT", "LV", "EE", "FI", "SE", "NO", "DK", "IS", "MT", "AL", "LU", "TR", "IN", "PK"}
        | {"BD", "LK", "NP", "JP", "KR", "CN", "TW", "HK", "SG", "MY", "ID", "TH", "VN", "PH", "IL", "SA", "AE", "GE"}
        | {"AM", "IR", "MN", "KZ", "EG", "MA", "NG", "GH", "KE", "TZ", "ZA", "ET", "SN", "UG", "RW", "TN", "CI", "ZM"}
        | {"AU", "NZ", "FJ", "PG", "WS", "TO"},
        96,
        {"lang-en", "lang-es", "lang-fr", "lang-pt", "lang-ga", "lang-de", "lang-it", "lang-nl", "lang-ca", "lang-pl"}
        | {"lang-cs", "lang-sk", "lang-hu", "lang-ro", "lang-bg", "lang-el", "lang-hr", "lang-sl", "lang-sr", "lang-uk"}
        | {"lang-lt", "lang-lv", "lang-et", "lang-fi", "lang-sv", "lang-nb", "lang-da", "lang-is", "lang-mt", "lang-sq"}
        | {"lang-tr", "lang-hi", "lang-ur", "lang-bn", "lang-ta", "lang-ne", "lang-ja", "lang-ko", "lang-zh", "lang-ms"}
        | {"lang-id", "lang-th", "lang-vi", "lang-tl", "lang-he", "lang-ar", "lang-ka", "lang-hy", "lang-fa", "lang-mn"}
        | {"lang-ru", "lang-sw", "lang-af", "lang-am"},
        54,
        ("+44 7825 431092", "IE"),
    ),
    "tuned21": (
        {"US", "CA", "MX", "BR", "AR", "CO", "CL", "PE", "JM", "GT", "UY", "EC", "CR", "DO", "PY", "BO", "TT", "PA"}
        | {"GB", "IE", "DE", "AT", "CH", "FR", "BE", "NL", "ES", "PT", "IT", "PL", "CZ", "SK", "HU", "RO", "BG", "GR"}
        | {"HR", "SI", "RS", "UA", "LT", "LV", "EE", "FI", "SE", "NO", "DK", "IS", "MT", "AL", "TR", "LU", "IN", "PK"}
        | {"BD", "LK", "NP", "JP", "KR", "CN", "TW", "HK", "SG", "MY", "ID", "TH", "VN", "PH", "IL", "SA", "AE", "GE"}
        | {"AM", "IR", "MN", "KZ", "EG", "MA", "NG", "GH", "KE", "TZ", "ZA", "ET", "SN", "UG", "RW", "TN", "CI", "ZM"}
        | {"AU", "NZ", "FJ", "PG", "WS", "TO"},
        96,
        {"lang-en", "lang-es", "lang-fr", "lang-pt", "lang-ga", "lang-de", "lang-it", "lang-nl", "lang-ca", "lang-pl"}
        | {"lang-cs", "lang-sk", "lang-hu", "lang-ro", "lang-bg", "lang-el", "lang-hr", "lang-sl", "lang-sr", "lang-uk"}
        | {"lang-lt", "lang-lv", "lang-et", "lang-fi", "lang-sv", "lang-nb", "lang-da", "lang-is", "lang-mt", "lang-sq"}
        | {"lang-tr", "lang-hi", "lang-ur", "lang-bn", "lang-ta", "lang-ne", "lang-ja", "lang-ko", "lang-zh", "lang-ms"}
        | {"lang-id", "lang-th", "lang-vi", "lang-tl", "lang-he", "lang-ar", "lang-ka", "lang-hy", "lang-fa", "lang-mn"}
        | {"lang-ru", "lang-sw", "lang-af", "lang-am"},
        54,
        ("+43 664 1234567", "DE"),
    ),
    "tuned20": (
        {"US", "CA", "MX", "BR", "AR", "CO", "CL", "PE", "JM", "GT", "UY", "EC", "CR", "DO", "PY", "BO", "TT", "PA"}
        | {"GB", "IE", "DE", "AT", "CH", "FR", "BE", "NL", "ES", "PT", "IT", "PL", "CZ", "SK", "HU", "RO", "BG", "GR"}
        | {"HR", "SI", "RS", "UA", "LT", "LV", "EE", "FI", "SE", "NO", "DK", "IS", "MT", "AL", "TR", "LU", "IN", "PK"}
        | {"BD", "LK", "NP", "JP", "KR", "CN", "TW", "HK", "SG", "MY", "ID", "TH", "VN", "PH", "IL", "SA", "AE", "GE"}
        | {"AM", "IR", "MN", "KZ", "EG", "MA", "NG", "GH", "KE", "TZ", "ZA", "ET", "SN", "UG", "RW", "TN", "CI", "ZM"}
        | {"AU", "NZ", "FJ", "PG", "WS", "TO"},
        96,
        {"lang-en", "lang-fr", "lang-es", "lang-pt", "lang-ga", "lang-de", "lang-it", "lang-nl", "lang-ca", "lang-pl"}
        | {"lang-cs", "lang-sk", "lang-hu", "lang-ro", "lang-bg", "lang-el", "lang-hr", "lang-sl", "lang-sr", "lang-uk"}
        | {"lang-lt", "lang-lv", "lang-et", "lang-fi", "lang-sv", "lang-nb", "lang-da", "lang-is", "lang-mt", "lang-sq"}
        | {"lang-tr", "lang-hi", "lang-ur", "lang-bn", "lang-ta", "lang-ne", "lang-ja", "lang-ko", "lang-zh", "lang-ms"}
        | {"lang-id", "lang-th", "lang-vi", "lang-tl", "lang-he", "lang-ar", "lang-ka", "lang-hy", "lang-fa", "lang-mn"}
        | {"lang-ru", "lang-sw", "lang-af", "lang-am"},
        54,
        ("+420 601 123 456", "SK"),
    ),
    "tuned19": (
        {"US", "CA", "MX", "BR", "AR", "CO", "CL", "PE", "JM", "GT", "UY", "EC", "CR", "DO", "PY", "BO", "GB", "IE"}
        | {"DE", "AT", "CH", "FR", "BE", "NL", "ES", "PT", "IT", "PL", "CZ", "SK", "HU", "RO", "BG", "GR", "HR", "SI"}
        | {"RS", "UA", "LT", "LV", "EE", "FI", "SE", "NO", "DK", "IS", "MT", "AL", "TR", "IN", "PK", "BD", "LK", "NP"}
        | {"JP", "KR", "CN", "TW", "HK", "SG", "MY", "ID", "TH", "VN", "PH", "IL", "SA", "AE", "GE", "AM", "IR", "MN"}
        | {"KZ", "EG", "MA", "NG", "GH", "KE", "TZ", "ZA", "ET", "SN", "UG", "RW", "TN", "AU", "NZ", "FJ", "PG", "WS"}
        | {"TO"},
        91,
        {"lang-en", "lang-fr", "lang-es", "lang-pt", "lang-ga", "lang-de", "lang-it", "lang-nl", "lang-ca", "lang-pl"}
        | {"lang-cs", "lang-sk", "lang-hu", "lang-ro", "lang-bg", "lang-el", "lang-hr", "lang-sl", "lang-sr", "lang-uk"}
        | {"lang-lt", "lang-lv", "lang-et", "lang-fi", "lang-sv", "lang-nb", "lang-da", "lang-is", "lang-mt", "lang-sq"}
        | {"lang-tr", "lang-hi", "lang-ur", "lang-bn", "lang-ta", "lang-ne", "lang-ja", "lang-ko", "lang-zh", "lang-ms"}
        | {"lang-id", "lang-th", "lang-vi", "lang-tl", "lang-he", "lang-ar", "lang-ka", "lang-hy", "lang-fa", "lang-mn"}
        | {"lang-ru", "lang-sw", "lang-af", "lang-am"},
        54,
        ("+48 512 345 678", "SK"),
    ),
    "tuned18": (
        {"US", "CA", "MX", "BR", "AR", "CO", "CL", "PE", "JM", "GT", "UY", "EC", "CR", "DO", "PY", "BO", "GB", "IE"}
        | {"DE", "AT", "CH", "FR", "BE", "NL", "ES", "PT", "IT", "PL", "CZ", "SK", "HU", "RO", "BG", "GR", "HR", "SI"}
        | {"RS", "UA", "LT", "LV", "EE", "FI", "SE", "NO", "DK", "IS", "MT", "AL", "LU", "TR", "IN", "PK", "BD", "LK"}
        | {"NP", "JP", "KR", "CN", "TW", "HK", "SG", "MY", "ID", "TH", "VN", "PH", "IL", "SA", "AE", "GE", "AM", "IR"}
        | {"MN", "KZ", "EG", "MA", "NG", "GH", "KE", "TZ", "ZA", "ET", "SN", "UG", "RW", "TN", "AU", "NZ", "FJ", "PG"}
        | {"WS", "TO"},
        92,
        {"lang-en", "lang-fr", "lang-es", "lang-pt", "lang-ga", "lang-de", "lang-it", "lang-nl", "lang-ca", "lang-pl"}
        | {"lang-cs", "lang-sk", "lang-hu", "lang-ro", "lang-bg", "lang-el", "lang-hr", "lang-sl", "lang-sr", "lang-uk"}
        | {"lang-lt", "lang-lv", "lang-et", "lang-fi", "lang-sv", "lang-nb", "lang-da", "lang-is", "lang-mt", "lang-sq"}
        | {"lang-tr", "lang-hi", "lang-ur", "lang-bn", "lang-ta", "lang-ne", "lang-ja", "lang-ko", "lang-zh", "lang-ms"}
        | {"lang-id", "lang-th", "lang-vi", "lang-tl", "lang-he", "lang-ar", "lang-ka", "lang-hy", "lang-fa", "lang-mn"}
        | {"lang-ru", "lang-sw", "lang-af", "lang-am"},
        54,
        ("+386 40 123 456", "HR"),
    ),
    "tuned17": (
        {"US", "CA", "MX", "BR", "AR", "CO", "CL", "PE", "JM", "GT", "UY", "EC", "CR", "DO", "TT", "GB", "IE", "DE"}
        | {"AT", "CH", "FR", "BE", "NL", "ES", "PT", "IT", "PL", "CZ", "SK", "HU", "RO", "BG", "GR", "HR", "SI", "RS"}
        | {"UA", "LT", "LV", "EE", "FI", "SE", "NO", "DK", "IS", "MT", "AL", "TR", "IN", "PK", "BD", "LK", "NP", "JP"}
        | {"KR", "CN", "TW", "HK", "SG", "MY", "ID", "TH", "VN", "PH", "IL", "SA", "AE", "GE", "AM", "IR", "MN", "KZ"}
        | {"EG", "MA", "NG", "GH", "KE", "TZ", "ZA", "ET", "SN", "UG", "RW", "AU", "NZ", "FJ", "PG", "WS"},
        88,
        {"lang-en", "lang-es", "lang-pt", "lang-fr", "lang-de", "lang-it", "lang-nl", "lang-ca", "lang-ga", "lang-pl"}
        | {"lang-cs", "lang-sk", "lang-hu", "lang-ro", "lang-bg", "lang-el", "lang-hr", "lang-sl", "lang-sr", "lang-uk"}
        | {"lang-ru", "lang-lt", "lang-lv", "lang-et", "lang-fi", "lang-sv", "lang-nb", "lang-da", "lang-is", "lang-mt"}
        | {"lang-sq", "lang-tr", "lang-hi", "lang-ur", "lang-bn", "lang-ta", "lang-ne", "lang-ja", "lang-ko", "lang-zh"}
        | {"lang-ms", "lang-id", "lang-th", "lang-vi", "lang-tl", "lang-he", "lang-ar", "lang-ka", "lang-hy", "lang-fa"}
        | {"lang-mn", "lang-sw", "lang-af", "lang-am"},
        54,
        ("+61 412 345 678", "NZ"),
    ),
    "tuned16": (
        {"US", "CA", "MX", "BR", "AR", "CO", "CL", "PE", "JM", "GT", "UY", "EC", "CR", "DO", "TT", "GB", "IE", "DE"}
        | {"AT", "CH", "FR", "BE", "NL", "ES", "PT", "IT", "PL", "CZ", "SK", "HU", "RO", "BG", "GR", "HR", "SI", "RS"}
        | {"UA", "LT", "LV", "EE", "FI", "SE", "NO", "DK", "IS", "MT", "AL", "TR", "IN", "PK", "BD", "LK", "NP", "JP"}
        | {"KR", "CN", "TW", "HK", "SG", "MY", "ID", "TH", "VN", "PH", "IL", "SA", "AE", "GE", "AM", "IR", "MN", "KZ"}
        | {"EG", "MA", "NG", "GH", "KE", "TZ", "ZA", "ET", "SN", "UG", "RW", "AU", "NZ", "FJ", "PG", "WS"},
        86,
        {"lang-en", "lang-es", "lang-pt", "lang-fr", "lang-de", "lang-it", "lang-nl", "lang-ca", "lang-ga", "lang-pl"}
        | {"lang-cs", "lang-sk", "lang-hu", "lang-ro", "lang-bg", "lang-el", "lang-hr", "lang-sl", "lang-sr", "lang-uk"}
        | {"lang-ru", "lang-lt", "lang-lv", "lang-et", "lang-fi", "lang-sv", "lang-nb", "lang-da", "lang-is", "lang-mt"}
        | {"lang-sq", "lang-tr", "lang-hi", "lang-ur", "lang-bn", "lang-ta", "lang-ne", "lang-ja", "lang-ko", "lang-zh"}
        | {"lang-ms", "lang-id", "lang-th", "lang-vi", "lang-tl", "lang-he", "lang-ar", "lang-ka", "lang-hy", "lang-fa"}
        | {"lang-mn", "lang-sw", "lang-af", "lang-am"},
        54,
        ("+353 87 123 4567", "GB"),
    ),
    "tuned15": (
        {"US", "CA", "MX", "GT", "CR", "PA", "DO", "CO", "PE", "CL", "AR", "UY", "BR", "JM", "TT", "EC", "PY", "BO"}
        | {"GB", "IE", "FR", "BE", "NL", "DE", "AT", "CH", "IT", "ES", "PT", "PL", "CZ", "SK", "HU", "RO", "BG", "GR"}
        | {"HR", "SI", "RS", "UA", "LT", "LV", "EE", "FI", "SE", "NO", "DK", "IS", "MT", "AL", "LU", "TR", "IL", "SA"}
        | {"AE", "IN", "PK", "BD", "NP", "LK", "JP", "KR", "CN", "TW", "HK", "SG", "MY", "ID", "TH", "VN", "PH", "KZ"}
        | {"GE", "AM", "IR", "MN", "EG", "MA", "TN", "NG", "GH", "KE", "TZ", "UG", "RW", "ET", "ZA", "ZM", "SN", "MG"}
        | {"AU", "NZ", "FJ", "PG", "WS", "TO"},
        96,
        {"lang-af", "lang-am", "lang-ar", "lang-bg", "lang-bn", "lang-cs", "lang-da", "lang-de", "lang-el", "lang-en"}
        | {"lang-es", "lang-et", "lang-fa", "lang-fi", "lang-fr", "lang-ga", "lang-he", "lang-hi", "lang-hr", "lang-hu"}
        | {"lang-hy", "lang-id", "lang-is", "lang-it", "lang-ja", "lang-ka", "lang-ko", "lang-lt", "lang-lv", "lang-mn"}
        | {"lang-ms", "lang-mt", "lang-nb", "lang-ne", "lang-nl", "lang-pl", "lang-pt", "lang-ro", "lang-ru", "lang-sk"}
        | {"lang-sl", "lang-sq", "lang-sr", "lang-sv", "lang-sw", "lang-ta", "lang-th", "lang-tl", "lang-tr", "lang-uk"}
        | {"lang-ur", "lang-vi", "lang-zh"},
        53,
        ("+64 21 123 4567", "AU"),
    ),
    "tuned14": (
        {"US", "CA", "MX", "GT", "CR", "PA", "DO", "CO", "PE", "CL", "AR", "UY", "BR", "JM", "TT", "EC", "PY", "BO"}
        | {"GB", "IE", "FR", "BE", "NL", "DE", "AT", "CH", "IT", "ES", "PT", "PL", "CZ", "SK", "HU", "RO", "BG", "GR"}
        | {"HR", "SI", "RS", "UA", "LT", "LV", "EE", "FI", "SE", "NO", "DK", "IS", "MT", "AL", "LU", "TR", "IL", "SA"}
        | {"AE", "IN", "PK", "BD", "NP", "LK", "JP", "KR", "CN", "TW", "HK", "SG", "MY", "ID", "TH", "VN", "PH", "KZ"}
        | {"GE", "AM", "IR", "MN", "EG", "MA", "NG", "GH", "KE", "TZ", "ET", "ZA", "SN", "UG", "RW", "ZM", "TN", "MG"}
        | {"AU", "NZ", "FJ", "PG", "WS", "TO"},
        96,
        {"lang-af", "lang-am", "lang-ar", "lang-az", "lang-bg", "lang-bn", "lang-bs", "lang-ca", "lang-cs", "lang-da"}
        | {"lang-de", "lang-el", "lang-en", "lang-es", "lang-et", "lang-fa", "lang-fi", "lang-fr", "lang-ga", "lang-he"}
        | {"lang-hi", "lang-hr", "lang-hu", "lang-hy", "lang-id", "lang-is", "lang-it", "lang-ja", "lang-ka", "lang-ko"}
        | {"lang-lt", "lang-lv", "lang-mn", "lang-ms", "lang-mt", "lang-nb", "lang-ne", "lang-nl", "lang-pl", "lang-pt"}
        | {"lang-ro", "lang-ru", "lang-sk", "lang-sl", "lang-sq", "lang-sr", "lang-sv", "lang-sw", "lang-ta", "lang-th"}
        | {"lang-tl", "lang-tr", "lang-uk", "lang-ur", "lang-vi", "lang-zh"},
        56,
        ("+64 21 123 4567", "AU"),
    ),
    "tuned13": (
        {"US", "CA", "MX", "GT", "CR", "PA", "DO", "CO", "PE", "CL", "AR", "UY", "BR", "JM", "TT", "EC", "HT", "PY"}
        | {"GB", "IE", "FR", "BE", "NL", "DE", "AT", "CH", "IT", "ES", "PT", "PL", "CZ", "SK", "HU", "RO", "BG", "GR"}
        | {"HR", "SI", "RS", "UA", "LT", "LV", "EE", "FI", "SE", "NO", "DK", "IS", "MT", "AL", "LU", "TR", "IL", "SA"}
        | {"AE", "IN", "PK", "BD", "NP", "LK", "JP", "KR", "CN", "TW", "HK", "SG", "MY", "ID", "TH", "VN", "PH", "KZ"}
        | {"GE", "AM", "IR", "MN", "EG", "MA", "NG", "GH", "KE", "TZ", "ET", "ZA", "SN", "UG", "RW", "ZW", "TN", "MG"}
        | {"AU", "NZ", "FJ", "PG", "WS", "TO"},
        96,
        {"lang-en", "lang-es", "lang-hi", "lang-fr", "lang-pt", "lang-ga", "lang-nl", "lang-de", "lang-it", "lang-ca"}
        | {"lang-pl", "lang-cs", "lang-sk", "lang-hu", "lang-ro", "lang-bg", "lang-el", "lang-hr", "lang-sl", "lang-sr"}
        | {"lang-uk", "lang-lt", "lang-lv", "lang-et", "lang-fi", "lang-sv", "lang-nb", "lang-da", "lang-is", "lang-mt"}
        | {"lang-sq", "lang-tr", "lang-he", "lang-ar", "lang-ur", "lang-bn", "lang-ne", "lang-ta", "lang-ja", "lang-ko"}
        | {"lang-zh", "lang-ms", "lang-id", "lang-th", "lang-vi", "lang-tl", "lang-ru", "lang-ka", "lang-hy", "lang-fa"}
        | {"lang-mn", "lang-sw", "lang-am", "lang-af"},
        54,
        ("+48 512 345 678", "CZ"),
    ),
    "tuned12": (
        {"US", "CA", "MX", "GT", "HN", "SV", "NI", "CR", "PA", "DO", "PR", "JM", "TT", "CO", "VE", "EC", "PE", "BO"}
        | {"CL", "AR", "UY", "PY", "BR", "GB", "IE", "FR", "BE", "LU", "NL", "DE", "AT", "CH", "IT", "MT", "ES", "PT"}
        | {"PL", "CZ", "SK", "HU", "RO", "BG", "GR", "CY", "HR", "SI", "RS", "UA", "LT", "LV", "EE", "FI", "SE", "NO"}
        | {"DK", "IS", "TR", "IL", "SA", "AE", "QA", "JO", "IN", "PK", "BD", "NP", "LK", "JP", "KR", "CN", "TW", "HK"}
        | {"SG", "MY", "ID", "TH", "VN", "PH", "KZ", "GE", "EG", "MA", "TN", "DZ", "SN", "CI", "CM", "NG", "GH", "KE"}
        | {"TZ", "UG", "RW", "ET", "ZA", "ZM", "MU", "AU", "NZ", "FJ", "PG", "WS"},
        102,
        {"lang-en", "lang-es", "lang-hi", "lang-ca", "lang-pt", "lang-fr", "lang-ga", "lang-nl", "lang-de", "lang-it"}
        | {"lang-mt", "lang-pl", "lang-cs", "lang-sk", "lang-hu", "lang-ro", "lang-bg", "lang-el", "lang-hr", "lang-sl"}
        | {"lang-sr", "lang-uk", "lang-ru", "lang-lt", "lang-lv", "lang-et", "lang-fi", "lang-sv", "lang-nb", "lang-da"}
        | {"lang-is", "lang-tr", "lang-he", "lang-ar", "lang-ur", "lang-bn", "lang-ne", "lang-ja", "lang-ko", "lang-zh"}
        | {"lang-ms", "lang-id", "lang-th", "lang-vi", "lang-tl", "lang-ka", "lang-sw", "lang-am", "lang-af"}
        | {"lang-zu"},
        50,
        ("+351 912 345 678", "ES"),
    ),
    "tuned11": (
        {"US", "CA", "MX", "BR", "AR", "CO", "CL", "PE", "UY", "EC", "BO", "PY", "DO", "CR", "PA", "JM", "GB", "IE"}
        | {"DE", "AT", "CH", "FR", "BE", "LU", "NL", "ES", "PT", "IT", "PL", "SE", "NO", "DK", "FI", "CZ", "SK", "GR"}
        | {"RO", "HU", "UA", "TR", "HR", "BG", "LT", "EE", "SI", "IN", "PK", "BD", "JP", "CN", "TW", "HK", "KR", "ID"}
        | {"VN", "TH", "PH", "SG", "MY", "SA", "AE", "IL", "NG", "KE", "TZ", "UG", "ZA", "EG", "MA", "GH", "SN", "CI"}
        | {"ET", "AU", "NZ", "FJ", "PG"},
        77,
        {"lang-en", "lang-es", "lang-hi", "lang-de", "lang-fr", "lang-pt", "lang-it", "lang-nl", "lang-pl", "lang-sv"}
        | {"lang-nb", "lang-da", "lang-fi", "lang-cs", "lang-sk", "lang-el", "lang-ro", "lang-hu", "lang-uk", "lang-tr"}
        | {"lang-hr", "lang-bg", "lang-lt", "lang-et", "lang-sl", "lang-ur", "lang-bn", "lang-ja", "lang-zh", "lang-ko"}
        | {"lang-id", "lang-vi", "lang-th", "lang-tl", "lang-ms", "lang-ar", "lang-he", "lang-sw", "lang-af"}
        | {"lang-am"},
        40,
        ("+34 612 345 678", "PT"),
    ),
    "tuned10": (
        {"US", "CA", "MX", "BR", "AR", "CO", "CL", "PE", "GB", "IE", "DE", "AT", "CH", "FR", "BE", "NL", "ES", "PT"}
        | {"IT", "PL", "SE", "NO", "DK", "FI", "CZ", "GR", "RO", "HU", "UA", "TR", "IN", "PK", "JP", "CN", "KR", "ID"}
        | {"VN", "TH", "PH", "SG", "MY", "SA", "AE", "IL", "NG", "KE", "TZ", "ZA", "EG", "MA", "GH", "AU", "NZ"},
        53,
        {"lang-en", "lang-es", "lang-hi", "lang-de", "lang-fr", "lang-pt", "lang-it", "lang-nl", "lang-pl", "lang-sv"}
        | {"lang-nb", "lang-da", "lang-fi", "lang-cs", "lang-el", "lang-ro", "lang-hu", "lang-uk", "lang-tr"}
        | {"lang-ur", "lang-ja", "lang-zh", "lang-ko", "lang-id", "lang-vi", "lang-th", "lang-tl", "lang-ms"}
        | {"lang-ar", "lang-he", "lang-sw"},
        31,
        ("+33 6 12 34 56 78", "BE"),
    ),
    "tuned9": (
        {"US", "CA", "MX", "JM", "GT", "CR", "DO", "BR", "AR", "CO", "CL", "PE", "UY", "GB", "IE", "DE", "AT", "CH"}
        | {"FR", "BE", "NL", "ES", "PT", "IT", "PL", "SE", "FI", "CZ", "RO", "HU", "GR", "UA", "RU", "TR", "IN", "JP"}
        | {"CN", "TW", "HK", "KR", "ID", "VN", "TH", "PH", "SG", "MY", "SA", "AE", "IL", "PK", "NG", "KE", "TZ", "ZA"}
        | {"EG", "MA", "GH", "SN", "AU", "NZ", "FJ"},
        61,
        {"lang-en", "lang-es", "lang-hi", "lang-de", "lang-fr", "lang-pt", "lang-it", "lang-nl", "lang-pl", "lang-sv"}
        | {"lang-fi", "lang-cs", "lang-ro", "lang-hu", "lang-el", "lang-uk", "lang-ru", "lang-tr", "lang-ar"}
        | {"lang-he", "lang-ja", "lang-zh", "lang-ko", "lang-id", "lang-ms", "lang-vi", "lang-th", "lang-tl"}
        | {"lang-sw", "lang-ur"},
        30,
        ("+55 11 91234 5678", "PT"),
    ),
    "tuned8": (
        {"US", "CA", "MX", "JM", "BR", "AR", "CO", "CL", "PE", "GB", "IE", "DE", "AT", "CH", "FR", "BE", "NL", "ES"}
        | {"PT", "IT", "PL", "SE", "GR", "TR", "RU", "IN", "JP", "CN", "TW", "HK", "KR", "ID", "VN", "TH", "PH", "SG"}
        | {"SA", "AE", "EG", "NG", "KE", "TZ", "ZA", "GH", "MA", "SN", "AU", "NZ"},
        48,
        {"lang-en", "lang-es", "lang-hi", "lang-de", "lang-fr", "lang-pt", "lang-it", "lang-nl", "lang-pl", "lang-sv"}
        | {"lang-tr", "lang-ru", "lang-ja", "lang-zh", "lang-ko", "lang-ar", "lang-id", "lang-vi", "lang-th"}
        | {"lang-sw", "lang-tl", "lang-el"},
        22,
        ("+49 151 23456789", "AT"),
    ),
    "tuned7": (
        {"US", "GB", "IN", "DE", "FR", "ES", "MX", "BR", "JP", "AU", "CA", "AR", "CO", "CL", "PE", "JM", "IE", "AT"}
        | {"CH", "BE", "NL", "PT", "IT", "PL", "SE", "TR", "RU", "UA", "PK", "CN", "TW", "KR", "ID", "PH", "VN", "TH"}
        | {"SA", "AE", "IL", "SG", "NG", "KE", "TZ", "ZA", "EG", "MA", "GH", "NZ"},
        48,
        {"lang-en", "lang-es", "lang-hi", "lang-de", "lang-fr", "lang-pt", "lang-it", "lang-nl", "lang-pl", "lang-sv"}
        | {"lang-tr", "lang-ru", "lang-uk", "lang-ja", "lang-zh", "lang-ko", "lang-id", "lang-tl", "lang-vi"}
        | {"lang-th", "lang-ar", "lang-he", "lang-sw", "lang-ur"},
        24,
        ("+254 712 345678", "TZ"),
    ),
    "tuned6": (
        {"SE", "DK", "FI", "CZ", "HU", "RO", "GR", "IL", "RU", "TH", "VN", "PH", "MY", "NG", "KE", "GH", "TZ", "CL"}
        | {"CO", "PE", "CN", "SA", "LK", "NP", "KZ", "RS", "HR", "BG", "SK", "LT", "US", "GB", "IN", "ES", "MX", "DE"}
        | {"FR", "BR", "CA", "AU", "JP", "IT"}
        | {"CR", "GT", "DO", "PA", "UY", "BO", "EE", "LV", "SI", "IS", "LU", "JO", "QA", "UZ", "GE", "MN", "KH"}
        | {"UG", "RW", "ET", "SN", "CM", "ZM", "NZ", "FJ", "PT", "IE"},
        60,
        {"lang-en", "lang-es", "lang-hi", "lang-sv", "lang-da", "lang-fi", "lang-cs"}
        | {"lang-hu", "lang-ro", "lang-el", "lang-he", "lang-ru", "lang-th", "lang-vi"}
        | {"lang-tl", "lang-ms", "lang-sw", "lang-zh", "lang-ar", "lang-ja", "lang-pt"},
        25,
        ("+7 701 123 4567", "RU"),
    ),
    "tuned5": (
        {"NO", "CH", "PL", "SA", "AE", "ZA", "NZ", "SG", "HK", "TW", "KR", "ID", "PK", "BD", "UA", "MA", "AR", "VE"}
        | {"EC", "UY", "US", "GB", "IN", "ES", "MX", "DE", "FR", "BR"},
        25,
        {"lang-en", "lang-es", "lang-hi", "lang-ar", "lang-zh", "lang-ko", "lang-ur", "lang-bn", "lang-uk", "lang-id"},
        15,
        ("+971 50 123 4567", "SA"),
    ),
    "tuned3": (
        {"PL", "SE", "PT", "BE", "AT", "NZ", "ZA", "SG", "KR", "AR"},
        15,
        {"lang-en", "lang-es", "lang-hi", "lang-de", "lang-fr", "lang-pt", "lang-pl", "lang-sv", "lang-ko"},
        9,
        ("+44 20 7946 0958", "US"),
    ),
    "tuned4": (
        {"CZ", "GR", "HU", "RO", "FI", "DK", "IE", "IL", "TR", "JP", "PH", "MY", "TH", "VN", "NG", "KE", "EG"}
        | {"CL", "CO", "PE"},
        20,
        {"lang-en", "lang-es", "lang-hi"},  # the red team's (redteam/models.py)
        15,
        ("+81 90-1234-5678", "TH"),
    ),
}


@pytest.mark.parametrize("part", list(PHONE_COVERAGE))
def test_phones_are_valid_for_their_region_in_many_countries_and_languages(part: str) -> None:
    must_regions, least_regions, must_languages, least_languages, (elsewhere, region_named) = PHONE_COVERAGE[part]
    phone_is_valid = PHONE_MODULES[part].phone_is_valid
    rows = ROWS[part]
    regions: Counter[str] = Counter()
    for row in rows:
        phones = [e["value"] for e in row["entities"] if e["entity"] == "PHONE_NUMBER"]
        if not phones:
            continue
        (region,) = [tag.removeprefix("region-") for tag in row["tags"] if tag.startswith("region-")]
        for phone in phones:
            assert phone_is_valid(phone, region), (phone, region)
            regions[region] += 1
    assert len(regions) >= least_regions and min(regions.values()) >= 5, regions
    assert must_regions <= set(regions)
    languages = {tag for row in rows for tag in row["tags"] if tag.startswith("lang-")}
    assert must_languages <= languages and len(languages) >= least_languages, languages
    near_id = [row for row in rows if row["tags"][0] == "phone" and "near-id" in row["tags"]]
    assert len(near_id) >= 200  # phones next to an order, ticket, booking, reference, claim or tracking number
    assert not phone_is_valid(elsewhere, region_named)  # the region is checked, not only the shape


def test_tuned4_generator_uses_no_earlier_corpus() -> None:
    text = source("tuned4")
    for module in modules("tuned") + modules("tuned2") + modules("tuned3"):
        assert f"import {module}" not in text and f"from {module}" not in text, module
    for name in ("pii_corpus.jsonl", "pii_tuned2.jsonl", "pii_tuned3.jsonl"):
        assert name not in text, name


def test_tuned4_has_its_own_kinds_of_negatives() -> None:
    kinds = Counter(row["tags"][1] for row in ROWS["tuned4"] if not row["entities"])
    for kind in [
        "masked_email",
        "git_remote",
        "docker_digest",
        "k8s_ref",
        "log_line",
        "ssh_login",
        "part_number",
        "npi",
        "iccid",
        "sepa_creditor_id",
        "routing",
        "masked_card",
    ]:
        assert kinds[kind] >= 10, kind
    texts = [row["text"] for row in ROWS["tuned4"] if not row["entities"]]
    for needle in ["kubernetes-admin@", "@sha256:", "@localhost", "git@", "•••••@"]:
        assert any(needle in text for text in texts), needle
