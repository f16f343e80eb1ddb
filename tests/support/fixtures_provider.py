"""A model provider that is configured but never called: for tests that launch hand-written cases (which only
the judge can score) and look at something else, choosing no judge for the run (``judge_model="rules_only"``).
Without any provider such a launch is refused, since it could score nothing."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def provider_configured(settings: Any) -> Any:
    settings.TRUSTGATE_JUDGE_PROVIDER = "anthropic"
    settings.ANTHROPIC_API_KEY = "sk-ant-never-called-0000"
    settings.ANTHROPIC_BASE_URL = "http://127.0.0.1:9"
    return settings


@pytest.fixture
def rules_only(settings: Any) -> Any:
    """No model provider at all: rules only (docs/scoring.md), what a fresh install without keys runs."""
    settings.TRUSTGATE_JUDGE_PROVIDER = ""
    settings.ANTHROPIC_API_KEY = ""
    settings.ANTHROPIC_BASE_URL = ""
    return settings
