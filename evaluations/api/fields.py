"""Strict JSON fields for the CI API's input: a value must already have the type the schema states.

DRF's own fields coerce: ``0`` and ``"yes"`` pass as booleans, ``true`` as the number 1.0, ``"3"`` and even the
full-width ``"３"`` as the integer 3. A CI file with a typo would then launch a run with settings nobody wrote;
these fields refuse anything but the JSON type the OpenAPI schema documents, with DRF's usual messages.
"""

from __future__ import annotations

from typing import Any

from django.core.validators import ProhibitNullCharactersValidator, RegexValidator
from rest_framework import serializers


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer (``2.0`` is one, as in JSON Schema); never a boolean or a string."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid")
        if isinstance(data, float):
            if not data.is_integer():  # also inf, which json reads from 1e999
                self.fail("invalid")
            data = int(data)
        return int(super().to_internal_value(data))


class StrictFloatField(serializers.FloatField):
    """A JSON number; never a boolean or a string."""

    def to_internal_value(self, data: Any) -> float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid")
        return float(super().to_internal_value(data))


class StrictBooleanField(serializers.BooleanField):
    """``true`` or ``false``; never ``0``, ``1`` or a string."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class StrictCharField(serializers.CharField):
    """A JSON string; never a number or a boolean. Characters in ``refuse`` (NUL by default) are refused with
    ``refuse_message``, as a pattern the schema shows (DRF's own NUL check is invisible there)."""

    def __init__(
        self, *, refuse: str = "\x00", refuse_message: str = "Null characters are not allowed.", **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        escaped = "".join(f"\\x{ord(c):02x}" for c in refuse)
        self.validators = [v for v in self.validators if not isinstance(v, ProhibitNullCharactersValidator)]
        # "+", not "*": drf-spectacular documents a blank-allowing field with a pattern as oneOf [pattern, blank],
        # and "" must match only one of them. A blank value never reaches the validators.
        self.validators.append(RegexValidator(rf"^[^{escaped}]+\Z", message=refuse_message))

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))
