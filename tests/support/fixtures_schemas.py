"""Offline validators for our exports."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from referencing import Registry
from referencing.exceptions import NoSuchResource

from tests.support.schemas import SARIF_SCHEMA


@pytest.fixture(scope="session")
def sarif_validators() -> list[Any]:
    schema = json.loads(SARIF_SCHEMA.read_text())

    def offline(uri: str) -> Any:
        raise NoSuchResource(ref=uri)  # every $ref in the schema is local; never fetch

    registry: Registry = Registry(retrieve=offline)  # type: ignore[call-arg]
    return [
        jsonschema.Draft7Validator(schema, registry=registry, format_checker=jsonschema.FormatChecker()),
        jsonschema.Draft4Validator(schema, registry=registry),  # the schema's own draft
    ]
