"""What the fourth and fifth held-out parts, now tuned parts 5 and 6 (bench/data/pii_tuned5.jsonl and
pii_tuned6.jsonl), hold, beyond the checks every part written apart gets (tests/bench/test_pii_heldout.py). Nothing
here runs the detector."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import pii_tuned5_phones  # noqa: E402
import pii_tuned6_phones  # noqa: E402
from pii_corpus_values import NETWORKS, luhn_valid  # noqa: E402

from tests.bench.test_pii_heldout import ROOT, ROWS, labels, modules, source  # noqa: E402


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


def test_tuned6_generator_uses_no_earlier_corpus() -> None:
    text = source("tuned6")
    earlier = modules("tuned") + modules("tuned2") + modules("tuned3") + modules("tuned4") + modules("tuned5")
    for module in earlier:
        assert f"import {module}" not in text and f"from {module}" not in text, module
    assert not any(f"pii_tuned{n}" in text for n in range(2, 6))
    for name in ("pii_corpus.jsonl", "pii_tuned2.jsonl", "pii_tuned3.jsonl", "pii_tuned4.jsonl", "pii_tuned5.jsonl"):
        assert name not in text, name
    for name in modules("tuned6"):
        lines = (ROOT / "bench" / f"{name}.py").read_text(encoding="utf-8").count("\n")
        assert lines <= 500, (name, lines)


def test_tuned6_size_and_what_it_holds() -> None:
    rows = ROWS["tuned6"]
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


def test_tuned6_phones_are_written_in_many_forms() -> None:
    phones = labels("tuned6", "PHONE_NUMBER")
    texts = [row["text"] for row in ROWS["tuned6"] if row["tags"][0] == "phone"]
    assert any(" (0)" in phone for phone in phones)
    assert any(phone.startswith("(0") for phone in phones)
    assert any(phone.startswith("00") for phone in phones)
    assert any("/" in phone for phone in phones) and any("." in phone for phone in phones)
    assert any("-" in phone for phone in phones)
    assert any(phone.startswith("+") and phone[1:].isdigit() for phone in phones)  # E.164
    assert any(phone.isdigit() for phone in phones)  # run together
    for needle in ["](tel:+", 'href="tel:+', "TEL;TYPE=", '"phone": "', "|---|", "BEGIN:VCARD", "<tel>"]:
        assert any(needle in text for text in texts), needle
    assert sum("two" in row["tags"] for row in ROWS["tuned6"] if row["tags"][0] == "phone") >= 20
    for phone in phones:
        assert phone[0] in "+(" or phone[0].isdigit(), phone
        assert phone[-1].isdigit(), phone
        assert "tel:" not in phone and "ext" not in phone, phone


def test_tuned6_emails_ibans_cards_and_ssns_span_forms_and_schemes() -> None:
    emails = labels("tuned6", "EMAIL_ADDRESS")
    assert any("+" in email for email in emails) and any(ch.isupper() for email in emails for ch in email)
    assert any(email.count(".") >= 3 for email in emails)  # subdomains
    tlds = {email.rsplit(".", 1)[1].lower() for email in emails}
    assert len(tlds) >= 30, tlds
    for local in ("support@", "info@", "noreply@", "sales@"):
        assert not any(email.lower().startswith(local) for email in emails), local
    texts = [row["text"] for row in ROWS["tuned6"] if row["tags"][0] == "email"]
    for needle in ['href="mailto:', "](mailto:", "<", '"email": "', "EMAIL;TYPE="]:
        assert any(needle in text for text in texts), needle
    countries = {iban.replace(" ", "")[:2] for iban in labels("tuned6", "IBAN_CODE")}
    assert {"SA", "AE", "TR", "BR", "IL", "KW", "GE", "UA", "MU", "XK", "DE", "FR", "ES", "NL"} <= countries
    assert len(countries) >= 60, countries
    ibans = labels("tuned6", "IBAN_CODE")
    assert any(" " in iban for iban in ibans) and any(" " not in iban for iban in ibans)
    networks = {tag for row in ROWS["tuned6"] if row["tags"][0] == "card" for tag in row["tags"]}
    assert set(NETWORKS) <= networks
    cards = labels("tuned6", "CREDIT_CARD")
    assert any("-" in card for card in cards) and any(card.isdigit() for card in cards)
    ssns = labels("tuned6", "US_SSN")
    assert any("-" in ssn for ssn in ssns) and any(" " in ssn for ssn in ssns) and any(ssn.isdigit() for ssn in ssns)
    ssn_languages = {tag for row in ROWS["tuned6"] if row["tags"][0] == "ssn" for tag in row["tags"]}
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


def test_tuned6_has_its_own_kinds_of_negatives() -> None:
    negatives = [row for row in ROWS["tuned6"] if not row["entities"]]
    kinds = Counter(row["tags"][1] for row in negatives)
    for kind in HELDOUT_KINDS:
        assert kinds[kind] >= 10, kind
    for row in negatives:
        if row["tags"][1] == "luhn_fail":  # sixteen digits that fail the check, in no card's context
            numbers = ["".join(ch for ch in run if ch.isdigit()) for run in _digit_runs(row["text"], 16)]
            assert numbers and not any(luhn_valid(number) for number in numbers), row["text"]
        if row["tags"][1] == "nowhere_number":  # phone-shaped digits that no numbering plan accepts
            runs = _digit_runs(row["text"], 7)
            assert runs and not any(pii_tuned6_phones.valid_anywhere(run) for run in runs), row["text"]
        if row["tags"][1] == "phone_word_id":  # an id as long as a phone beside a phone word
            assert _digit_runs(row["text"], 9), row["text"]
    texts = [row["text"] for row in negatives]
    for needle in ["@2x.", "@1.5x.", "@localhost", "@Override", "://", "••••", "arn:aws:", "RF", "IMEI", "EIN"]:
        assert any(needle in text for text in texts), needle
    languages = {row["text"].split()[0] for row in negatives if row["tags"][1] == "phone_word_id"}
    assert len(languages) >= 6, languages
