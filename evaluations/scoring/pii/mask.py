"""PII replaced by the name of its kind (``[EMAIL]``, ``[PHONE]``, ``[CARD]``, ``[SSN]``, ``[IBAN]``): for text that
becomes a test case, where a dotted partial value (``j•••@e•••.com``) would only be noise (docs/suites.md)."""

from __future__ import annotations

from evaluations.scoring.pii.findings import CREDIT_CARD, EMAIL_ADDRESS, IBAN_CODE, PHONE_NUMBER, US_SSN, PiiFinding
from evaluations.scoring.pii.scan import mask_pii

PII_TAGS = {
    EMAIL_ADDRESS: "[EMAIL]",
    PHONE_NUMBER: "[PHONE]",
    CREDIT_CARD: "[CARD]",
    US_SSN: "[SSN]",
    IBAN_CODE: "[IBAN]",
}


def pii_tag(finding: PiiFinding) -> str:
    return PII_TAGS.get(finding.entity, "[PII]")


def mask_pii_tags(text: str) -> str:
    """``text`` with every value the product's detectors find (contacts included, nothing allowed) replaced by
    its tag; an encoded run holding one becomes ``[base64: [CARD]]``."""
    return mask_pii(text, shown_as=pii_tag, withhold_contacts=True) if text else text
