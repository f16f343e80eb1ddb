"""Offline validators for our exports."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from referencing import Registry

from tests.support.schemas import SARIF_SCHEMA


@pytest.fixture(scope="session")
def sarif_validators() -> list[Any]:
    schema = json.loads(SARIF_SCHEMA.read_text())

    registry: Registry[Any] = Registry()  # every $ref in the schema is local; an empty registry never fetches
    return [
        jsonschema.Draft7Validator(schema, registry=registry, format_checker=jsonschema.FormatChecker()),
        jsonschema.Draft4Validator(schema, registry=registry),  # the schema's own draft
    ]
