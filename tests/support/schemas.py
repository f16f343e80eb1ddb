"""The SARIF and JUnit schemas, kept in tests/schemas/ (origin and version in its README)."""

from __future__ import annotations

from pathlib import Path

SCHEMAS = Path(__file__).resolve().parents[1] / "schemas"
SARIF_SCHEMA = SCHEMAS / "sarif-schema-2.1.0.json"
JUNIT_XSD = SCHEMAS / "junit.xsd"
