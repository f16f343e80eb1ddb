"""The PII corpora written apart from the detector: the held-out part (bench/data/pii_heldout.jsonl, written blind)
and tuned parts 2 to 5 (bench/data/pii_tuned2.jsonl to pii_tuned5.jsonl, the first four held-out parts, tuned on
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
from pii_corpus_values import NETWORKS, iban_valid, luhn_valid  # noqa: E402

DATA = ROOT / "bench" / "data"
PHONE_MODULES = {
    "heldout": pii_heldout_phones,
    "tuned5": pii_tuned5_phones,
    "tuned3": pii_tuned3_phones,
    "tuned4": pii_tuned4_phones,
}
FILES = {
    "heldout": DATA / "pii_heldout.jsonl",
    "tuned5": DATA / "pii_tuned5.jsonl",
    "tuned4": DATA / "pii_tuned4.jsonl",
    "tuned3": DATA / "pii_tuned3.jsonl",
    "tuned2": DATA / "pii_tuned2.jsonl",
    "tuned": DATA / "pii_corpus.jsonl",
}
GENERATORS = {
    "heldout": "make_pii_heldout.py",
    "tuned5": "make_pii_tuned5.py",
    "tuned4": "make_pii_tuned4.py",
    "tuned3": "make_pii_tuned3.py",
    "tuned2": "make_pii_tuned2.py",
}
# each generator (bench/make_pii_*.py) is split into modules beside it named after its part; bench/pii_corpus_values.py
# holds the value rules that every generator shares
MODULE_PREFIXES = {
    "heldout": "pii_heldout_",
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


def test_tuned5_generator_uses_no_earlier_corpus() -> None:
    text = source("tuned5")
    for module in modules("tuned") + modules("tuned2") + modules("tuned3") + modules("tuned4"):
        assert f"import {module}" not in text and f"from {module}" not in text, module
    for name in ("pii_corpus.jsonl", "pii_tuned2.jsonl", "pii_tuned3.jsonl", "pii_tuned4.jsonl"):
        assert name not in text, name


def test_tuned5_size_and_what_it_holds() -> None:
    rows = ROWS["tuned5"]
    assert 2000 <= len(rows) <= 3000
    counts = Counter(e["entity"] for row in rows for e in row["entities"])
    for entity in ["CREDIT_CARD", "US_SSN", "IBAN_CODE", "EMAIL_ADDRESS", "PHONE_NUMBER"]:
        assert counts[entity] >= 300, (entity, counts[entity])
    assert sum(1 for row in rows if not row["entities"]) >= 600
    assert all(row["tags"][0] in {"phone", "email", "card", "ssn", "iban", "mixed", "negative"} for row in rows)
    near_id = [row for row in rows if row["tags"][0] == "phone" and "near-id" in row["tags"]]
    assert len(near_id) >= 250
    settings = {tag for row in rows for tag in row["tags"] if tag.startswith("setting-")}
    assert len(settings) >= 10, settings


def test_tuned5_phones_are_written_in_many_forms() -> None:
    phones = labels("tuned5", "PHONE_NUMBER")
    texts = [row["text"] for row in ROWS["tuned5"] if row["tags"][0] == "phone"]
    assert any(" (0)" in phone for phone in phones)  # +44 (0)20 ...
    assert any(phone.startswith("(0") for phone in phones)  # (0226) 355 23 74
    assert any(phone.startswith("00") for phone in phones)
    assert any("/" in phone for phone in phones) and any("." in phone for phone in phones)
    assert any(phone.startswith("+") and phone[1:].isdigit() for phone in phones)  # E.164
    assert any(phone.isdigit() for phone in phones)  # run together
    for needle in ["](tel:+", 'href="tel:+', "TEL;TYPE=", '"phone": "', "|---|"]:
        assert any(needle in text for text in texts), needle
    for phone in phones:
        assert phone[0] in "+(" or phone[0].isdigit(), phone
        assert phone[-1].isdigit(), phone


def test_tuned5_ibans_and_cards_span_schemes() -> None:
    countries = {iban.replace(" ", "")[:2] for iban in labels("tuned5", "IBAN_CODE")}
    assert {"SA", "AE", "TR", "BR", "IL", "KW", "QA", "PK", "DE", "FR", "ES", "NL"} <= countries
    assert any(" " in iban for iban in labels("tuned5", "IBAN_CODE"))
    assert any(" " not in iban for iban in labels("tuned5", "IBAN_CODE"))
    networks = {tag for row in ROWS["tuned5"] if row["tags"][0] == "card" for tag in row["tags"]}
    assert {"Visa", "Mastercard", "American Express", "Discover", "JCB", "Diners Club", "UnionPay", "Mir"} <= networks
    assert {"Mastercard 2-series", "Maestro"} <= networks
    ssn_languages = {tag for row in ROWS["tuned5"] if row["tags"][0] == "ssn" for tag in row["tags"]}
    assert {"lang-en", "lang-es", "lang-hi"} <= ssn_languages


def test_tuned5_has_its_own_kinds_of_negatives() -> None:
    kinds = Counter(row["tags"][1] for row in ROWS["tuned5"] if not row["entities"])
    for kind in [
        "id_by_phone",
        "timestamp",
        "version",
        "ip_address",
        "guid",
        "hash",
        "luhn_fail",
        "nowhere_number",
        "masked_card",
        "masked_email",
        "npm_scope",
        "git_remote",
        "docker_digest",
        "isbn",
        "shell_target",
        "placeholder",
        "template_var",
        "url_at",
        "vat_id",
        "code_at",
    ]:
        assert kinds[kind] >= 10, kind
    negatives = [row for row in ROWS["tuned5"] if not row["entities"]]
    for row in negatives:
        if row["tags"][1] == "luhn_fail":  # sixteen digits that fail the check, in no card's context
            numbers = ["".join(ch for ch in run if ch.isdigit()) for run in _digit_runs(row["text"], 16)]
            assert numbers and not any(luhn_valid(number) for number in numbers), row["text"]
        if row["tags"][1] == "nowhere_number":
            assert not any(pii_tuned5_phones.valid_anywhere(run) for run in _digit_runs(row["text"], 7)), row["text"]
    texts = [row["text"] for row in negatives]
    for needle in ["@2x.", "@1.5x.", "@localhost", "@sha256:", "git@", "•••• ", "***@", "RF"]:
        assert any(needle in text for text in texts), needle


def _digit_runs(text: str, least: int) -> list[str]:
    """Runs of digits, spaces allowed inside, holding at least ``least`` digits (a number as a reader sees it)."""
    runs, current = [], ""
    for ch in text + "x":
        if ch.isdigit() or (ch == " " and current):
            current += ch
            continue
        current = current.strip()
        if sum(c.isdigit() for c in current) >= least:
            runs.append(current)
        current = ""
    return runs


def test_heldout_generator_uses_no_earlier_corpus() -> None:
    text = source("heldout")
    earlier = modules("tuned") + modules("tuned2") + modules("tuned3") + modules("tuned4") + modules("tuned5")
    for module in earlier:
        assert f"import {module}" not in text and f"from {module}" not in text, module
    assert "pii_tuned" not in text
    for name in ("pii_corpus.jsonl", "pii_tuned2.jsonl", "pii_tuned3.jsonl", "pii_tuned4.jsonl", "pii_tuned5.jsonl"):
        assert name not in text, name
    for name in modules("heldout"):
        lines = (ROOT / "bench" / f"{name}.py").read_text(encoding="utf-8").count("\n")
        assert lines <= 500, (name, lines)


def test_heldout_size_and_what_it_holds() -> None:
    rows = ROWS["heldout"]
    assert 2000 <= len(rows) <= 3000
    counts = Counter(e["entity"] for row in rows for e in row["entities"])
    for entity in ["CREDIT_CARD", "US_SSN", "IBAN_CODE", "EMAIL_ADDRESS", "PHONE_NUMBER"]:
        assert counts[entity] >= 300, (entity, counts[entity])
    assert sum(1 for row in rows if not row["entities"]) >= 600
    assert all(row["tags"][0] in {"phone", "email", "card", "ssn", "iban", "mixed", "negative"} for row in rows)
    assert [row["id"] for row in rows] == list(range(1, len(rows) + 1))
    assert len({row["text"] for row in rows}) == len(rows)
    for row in rows:
        regions = [tag for tag in row["tags"] if tag.startswith("region-")]
        if any(e["entity"] == "PHONE_NUMBER" for e in row["entities"]):
            assert len(regions) == 1 and any(tag.startswith("lang-") for tag in row["tags"]), row["id"]
        else:
            assert not regions, row["id"]
    near_id = [row for row in rows if row["tags"][0] == "phone" and "near-id" in row["tags"]]
    assert len(near_id) >= 250
    # ids with digit runs as long as the phone beside them, on either side of it
    long_ids = [row for row in near_id if len(_digit_runs(row["text"], 10)) > len(row["entities"])]
    assert len(long_ids) >= 50
    before = after = 0
    for row in near_id:
        first = row["entities"][0]
        runs = [row["text"].find(run) for run in _digit_runs(row["text"], 6) if run not in first["value"]]
        before += any(0 <= at < first["start"] for at in runs)
        after += any(at > first["end"] for at in runs)
    assert before >= 50 and after >= 50, (before, after)
    settings = {tag for row in rows for tag in row["tags"] if tag.startswith("setting-")}
    assert len(settings) >= 10, settings


def test_heldout_phones_are_written_in_many_forms() -> None:
    phones = labels("heldout", "PHONE_NUMBER")
    texts = [row["text"] for row in ROWS["heldout"] if row["tags"][0] == "phone"]
    assert any(" (0)" in phone for phone in phones)
    assert any(phone.startswith("(0") for phone in phones)
    assert any(phone.startswith("00") for phone in phones)
    assert any("/" in phone for phone in phones) and any("." in phone for phone in phones)
    assert any("-" in phone for phone in phones)
    assert any(phone.startswith("+") and phone[1:].isdigit() for phone in phones)  # E.164
    assert any(phone.isdigit() for phone in phones)  # run together
    for needle in ["](tel:+", 'href="tel:+', "TEL;TYPE=", '"phone": "', "|---|", "BEGIN:VCARD", "<tel>"]:
        assert any(needle in text for text in texts), needle
    assert sum("two" in row["tags"] for row in ROWS["heldout"] if row["tags"][0] == "phone") >= 20
    for phone in phones:
        assert phone[0] in "+(" or phone[0].isdigit(), phone
        assert phone[-1].isdigit(), phone
        assert "tel:" not in phone and "ext" not in phone, phone


def test_heldout_emails_ibans_cards_and_ssns_span_forms_and_schemes() -> None:
    emails = labels("heldout", "EMAIL_ADDRESS")
    assert any("+" in email for email in emails) and any(ch.isupper() for email in emails for ch in email)
    assert any(email.count(".") >= 3 for email in emails)  # subdomains
    tlds = {email.rsplit(".", 1)[1].lower() for email in emails}
    assert len(tlds) >= 30, tlds
    for local in ("support@", "info@", "noreply@", "sales@"):
        assert not any(email.lower().startswith(local) for email in emails), local
    texts = [row["text"] for row in ROWS["heldout"] if row["tags"][0] == "email"]
    for needle in ['href="mailto:', "](mailto:", "<", '"email": "', "EMAIL;TYPE="]:
        assert any(needle in text for text in texts), needle
    countries = {iban.replace(" ", "")[:2] for iban in labels("heldout", "IBAN_CODE")}
    assert {"SA", "AE", "TR", "BR", "IL", "KW", "GE", "UA", "MU", "XK", "DE", "FR", "ES", "NL"} <= countries
    assert len(countries) >= 60, countries
    ibans = labels("heldout", "IBAN_CODE")
    assert any(" " in iban for iban in ibans) and any(" " not in iban for iban in ibans)
    networks = {tag for row in ROWS["heldout"] if row["tags"][0] == "card" for tag in row["tags"]}
    assert set(NETWORKS) <= networks
    cards = labels("heldout", "CREDIT_CARD")
    assert any("-" in card for card in cards) and any(card.isdigit() for card in cards)
    ssns = labels("heldout", "US_SSN")
    assert any("-" in ssn for ssn in ssns) and any(" " in ssn for ssn in ssns) and any(ssn.isdigit() for ssn in ssns)
    ssn_languages = {tag for row in ROWS["heldout"] if row["tags"][0] == "ssn" for tag in row["tags"]}
    assert {"lang-en", "lang-es", "lang-hi"} <= ssn_languages
    assert len({tag for tag in ssn_languages if tag.startswith("lang-")}) >= 6


HELDOUT_KINDS = [
    "phone_word_id",
    "amount",
    "date_time",
    "version",
    "ip_address",
    "hash",
    "uuid",
    "luhn_fail",
    "nowhere_number",
    "masked_data",
    "url_user",
    "code_at",
    "log_line",
    "coordinates",
    "isbn",
    "gtin",
    "cloud_id",
    "mac_address",
    "stats",
]


def test_heldout_has_its_own_kinds_of_negatives() -> None:
    negatives = [row for row in ROWS["heldout"] if not row["entities"]]
    kinds = Counter(row["tags"][1] for row in negatives)
    for kind in HELDOUT_KINDS:
        assert kinds[kind] >= 10, kind
    for row in negatives:
        if row["tags"][1] == "luhn_fail":  # sixteen digits that fail the check, in no card's context
            numbers = ["".join(ch for ch in run if ch.isdigit()) for run in _digit_runs(row["text"], 16)]
            assert numbers and not any(luhn_valid(number) for number in numbers), row["text"]
        if row["tags"][1] == "nowhere_number":  # phone-shaped digits that no numbering plan accepts
            runs = _digit_runs(row["text"], 7)
            assert runs and not any(pii_heldout_phones.valid_anywhere(run) for run in runs), row["text"]
        if row["tags"][1] == "phone_word_id":  # an id as long as a phone beside a phone word
            assert _digit_runs(row["text"], 9), row["text"]
    texts = [row["text"] for row in negatives]
    for needle in ["@2x.", "@1.5x.", "@localhost", "@Override", "://", "••••", "arn:aws:", "RF", "IMEI", "EIN"]:
        assert any(needle in text for text in texts), needle
    languages = {row["text"].split()[0] for row in negatives if row["tags"][1] == "phone_word_id"}
    assert len(languages) >= 6, languages
