"""Fake Anthropic fixtures: one Messages API server per session, scripted and reset per test."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from evaluations.llm import clients as llm
from tests.support.fake_anthropic import FakeAnthropic


@pytest.fixture(scope="session")
def fake_anthropic_server() -> Iterator[FakeAnthropic]:
    server = FakeAnthropic()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def fake_anthropic(fake_anthropic_server: FakeAnthropic) -> Iterator[FakeAnthropic]:
    """The fake, emptied before and after the test."""
    fake_anthropic_server.reset()
    yield fake_anthropic_server
    fake_anthropic_server.reset()


def use_anthropic_at(settings: Any, url: str, *, timeout: int = 1) -> None:
    """Every model call (judge, generation, attacker) on the Anthropic provider at ``url``, no retries."""
    settings.ANTHROPIC_BASE_URL = url
    settings.ANTHROPIC_API_KEY = "sk-ant-test-key-0000"
    settings.ANTHROPIC_AUTH_TOKEN = ""
    settings.TRUSTGATE_JUDGE_PROVIDER = "anthropic"
    settings.TRUSTGATE_MODEL_TIMEOUT = timeout
    settings.TRUSTGATE_MODEL_MAX_RETRIES = 0
    llm.reset_clients()


@pytest.fixture
def anthropic_judge_env(fake_anthropic: FakeAnthropic, settings: Any) -> Iterator[FakeAnthropic]:
    """The judge on the Anthropic provider, pointed at the fake, with a 1 s timeout and no retries."""
    use_anthropic_at(settings, fake_anthropic.url)
    yield fake_anthropic
    llm.reset_clients()
