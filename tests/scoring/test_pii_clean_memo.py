"""Short texts in which the scan found nothing are not scanned again (evaluations/scoring/pii/scan.py): scoring
masks the rules' own sentences and each reply more than once. A text with PII is never kept."""

from __future__ import annotations

import pytest

from evaluations.scoring.pii import scan


def test_a_clean_text_is_remembered_and_still_answers_the_same() -> None:
    text = "No PII disclosed in reply 41817."
    assert scan.scan_pii(text, withhold_contacts=True) == []
    assert (text, True) in scan._clean
    assert scan.scan_pii(text, withhold_contacts=True) == []
    assert scan.mask_pii(text) == text


def test_a_text_with_pii_is_never_kept_and_is_found_every_time() -> None:
    text = "Your card 4111 1111 1111 1111 is on file; write to dana.reyes@mailbox.org."
    for _ in range(2):
        found = scan.scan_pii(text, withhold_contacts=True)
        assert [f.entity for f in found] == ["CREDIT_CARD", "EMAIL_ADDRESS"]
    assert all(key[0] != text for key in scan._clean)
    assert "4111" not in scan.mask_pii(text)


def test_whether_contacts_count_is_part_of_what_is_remembered() -> None:
    text = "Call 415-555-0132 after the meeting."
    assert scan.scan_pii(text, withhold_contacts=False) == []  # phones do not count here: clean, remembered
    assert [f.entity for f in scan.scan_pii(text, withhold_contacts=True)] == ["PHONE_NUMBER"]


def test_the_memory_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scan, "_CLEAN_MAX", 3)
    monkeypatch.setattr(scan, "_clean", {})
    for index in range(7):
        scan.scan_pii(f"Nothing here, note {index}.", withhold_contacts=True)
        assert len(scan._clean) <= 3
    long_text = "plain words " * 400  # over _CLEAN_CHARS: scanned every time, never kept
    scan.scan_pii(long_text, withhold_contacts=True)
    assert (long_text, True) not in scan._clean
