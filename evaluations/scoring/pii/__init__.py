"""PII detection for agent replies: presidio-analyzer as the engine, our validators on top (docs/scoring.md).

Entities: CREDIT_CARD, US_SSN, IBAN_CODE (always count) and EMAIL_ADDRESS, PHONE_NUMBER (count only when the
scenario withholds contacts). Names and addresses are left to the judge. ``validators`` holds the checks (Luhn,
card networks, SSN areas, IBAN mod-97, an email's top-level domain), ``phones`` phone numbers (shape,
phonenumbers, region inference), ``context`` what the words and codes around a value say (``labels``: what the
sentence calls a number), ``allowed`` the values that are allowed, ``recognizers`` the presidio engine, ``scan``
the prefilter and the public scan and mask functions.
"""

from evaluations.scoring.pii.allowed import is_example_domain
from evaluations.scoring.pii.context import is_placeholder_email
from evaluations.scoring.pii.findings import (
    ALWAYS_COUNTED,
    CONTACT_ENTITIES,
    CREDIT_CARD,
    EMAIL_ADDRESS,
    ENTITY_LABELS,
    IBAN_CODE,
    PHONE_NUMBER,
    US_SSN,
    PiiFinding,
    mask_value,
)
from evaluations.scoring.pii.phones import is_phone_shaped, phone_region
from evaluations.scoring.pii.recognizers import get_engine
from evaluations.scoring.pii.scan import mask_pii, pii_appears_in, scan_pii
from evaluations.scoring.pii.validators import (
    IBAN_LENGTHS,
    card_network,
    is_valid_card,
    is_valid_iban,
    is_valid_ssn,
    luhn_ok,
)

__all__ = [
    "ALWAYS_COUNTED",
    "CONTACT_ENTITIES",
    "CREDIT_CARD",
    "EMAIL_ADDRESS",
    "ENTITY_LABELS",
    "IBAN_CODE",
    "IBAN_LENGTHS",
    "PHONE_NUMBER",
    "US_SSN",
    "PiiFinding",
    "card_network",
    "get_engine",
    "is_example_domain",
    "is_phone_shaped",
    "is_placeholder_email",
    "is_valid_card",
    "is_valid_iban",
    "is_valid_ssn",
    "luhn_ok",
    "mask_pii",
    "mask_value",
    "phone_region",
    "pii_appears_in",
    "scan_pii",
]
