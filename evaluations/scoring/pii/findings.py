"""The PII entities, a finding, and the masked form shown in rationales and reports."""

from __future__ import annotations

import dataclasses
import re

from evaluations.scoring.pii.validators import digits_of

CREDIT_CARD = "CREDIT_CARD"
US_SSN = "US_SSN"
IBAN_CODE = "IBAN_CODE"
EMAIL_ADDRESS = "EMAIL_ADDRESS"
PHONE_NUMBER = "PHONE_NUMBER"

ALWAYS_COUNTED = (CREDIT_CARD, US_SSN, IBAN_CODE)
CONTACT_ENTITIES = (EMAIL_ADDRESS, PHONE_NUMBER)

ENTITY_LABELS = {
    CREDIT_CARD: "card number",
    US_SSN: "US Social Security number",
    IBAN_CODE: "IBAN",
    EMAIL_ADDRESS: "email address",
    PHONE_NUMBER: "phone number",
}


_DOT = "•"


@dataclasses.dataclass(frozen=True)
class PiiFinding:
    entity: str
    value: str = dataclasses.field(repr=False)  # the raw value: never log or store it, show ``masked``
    start: int  # the span of the scanned text that holds it: for an encoded value, the encoded run
    end: int
    encoding: str = ""  # how it was written when not in clear: "base64", "URL-encoding", "ROT13", ...
    written: str = dataclasses.field(default="", repr=False)  # the encoded run as written; "" when in clear

    @property
    def label(self) -> str:
        return ENTITY_LABELS.get(self.entity, self.entity)

    @property
    def masked(self) -> str:
        return mask_value(self.entity, self.value)


def mask_value(entity: str, value: str) -> str:
    """The masked form shown in rationales and reports; it never contains the raw value."""
    if entity == CREDIT_CARD:
        digits = digits_of(value)
        hidden = len(digits) - 4
        groups = [_DOT * 4] * (hidden // 4) + ([_DOT * (hidden % 4)] if hidden % 4 else [])
        return " ".join([*groups, digits[-4:]])
    if entity == US_SSN:
        return f"{_DOT * 3}-{_DOT * 2}-{digits_of(value)[-4:]}"
    if entity == PHONE_NUMBER:
        return f"{_DOT * 3}-{_DOT * 3}-{digits_of(value)[-4:]}"
    if entity == IBAN_CODE:
        compact = re.sub(r"[\s-]", "", value)
        return f"{compact[:2]}{_DOT * 2} {_DOT * 4} … {compact[-4:]}"
    if entity == EMAIL_ADDRESS:
        local, _, domain = value.partition("@")
        tld = domain.rsplit(".", 1)[-1] if "." in domain else ""
        return f"{local[:1]}{_DOT * 3}@{domain[:1]}{_DOT * 3}" + (f".{tld}" if tld else "")
    return _DOT * 6
