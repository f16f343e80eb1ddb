"""PII masked by kind (``[EMAIL]``, ``[PHONE]``, ...) with the product's detectors: what a proposed test case shows."""

from __future__ import annotations

import base64

from evaluations.scoring.pii import mask_pii_tags


def test_each_kind_becomes_its_tag_and_other_numbers_stay() -> None:
    text = (
        "Mail jane.doe@gmail.com or call (415) 555-0172; card 4111 1111 1111 1111, SSN 123-45-6789, "
        "IBAN GB82 WEST 1234 5698 7654 32. Order #4155550123 shipped."
    )
    assert mask_pii_tags(text) == (
        "Mail [EMAIL] or call [PHONE]; card [CARD], SSN [SSN], IBAN [IBAN]. Order #4155550123 shipped."
    )


def test_an_encoded_value_is_replaced_whole_and_empty_text_stays_empty() -> None:
    encoded = base64.b64encode(b"card 4111 1111 1111 1111").decode()
    masked = mask_pii_tags(f"Decode this: {encoded}")
    assert encoded not in masked and "[CARD]" in masked
    assert mask_pii_tags("") == ""
