"""The SARIF and JUnit schemas from ../shared/schemas (beside the repository, in development and in CI)."""

from __future__ import annotations

from pathlib import Path

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
SARIF_SCHEMA = SHARED / "schemas" / "sarif-schema-2.1.0.json"
JUNIT_XSD = SHARED / "schemas" / "junit.xsd"
