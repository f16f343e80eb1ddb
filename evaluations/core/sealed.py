"""Sealed values: secrets Trustgate must keep to use later (an alert channel's URL or key, a webhook's signing key),
Fernet-encrypted with ``TRUSTGATE_FERNET_KEY``, so the database never holds them in clear (docs/monitors.md#alerts)."""

from __future__ import annotations

from cryptography.fernet import Fernet, InvalidToken
from django.conf import settings


class SealBroken(Exception):
    """The value cannot be opened: ``TRUSTGATE_FERNET_KEY`` (or ``TRUSTGATE_SECRET_KEY`` it defaults from) changed."""


def _fernet() -> Fernet:
    return Fernet(settings.TRUSTGATE_FERNET_KEY.encode())


def seal(value: str) -> str:
    return _fernet().encrypt(value.encode("utf-8")).decode("ascii") if value else ""


def unseal(token: str) -> str:
    """The clear value ("" for ""). Raises ``SealBroken`` when the key changed since it was sealed."""
    if not token:
        return ""
    try:
        return _fernet().decrypt(token.encode("ascii")).decode("utf-8")
    except (InvalidToken, ValueError):
        raise SealBroken(
            "The stored value could not be decrypted (TRUSTGATE_FERNET_KEY changed); enter it again."
        ) from None
