"""Fake Bedrock fixtures: one server per session, scripted and reset per test."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from evaluations.connectors.bedrock import reset_client
from tests.support.fake_bedrock import FakeBedrock


@pytest.fixture(scope="session")
def fake_bedrock_server() -> Iterator[FakeBedrock]:
    server = FakeBedrock()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def fake_bedrock(
    fake_bedrock_server: FakeBedrock, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> Iterator[FakeBedrock]:
    """The fake, emptied, with boto3 pointed at it through the AWS settings."""
    fake_bedrock_server.reset()
    settings.AWS_ENDPOINT_URL_BEDROCK_RUNTIME = fake_bedrock_server.url
    settings.AWS_ACCESS_KEY_ID = "AKIATESTTESTTEST"
    settings.AWS_SECRET_ACCESS_KEY = "test-secret-access-key"
    settings.AWS_SESSION_TOKEN = ""
    settings.AWS_DEFAULT_REGION = "us-east-1"
    settings.AWS_PROFILE = ""
    # boto3 also reads its own files and variables for what the settings leave open: keep the developer's out.
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    monkeypatch.setenv("AWS_CONFIG_FILE", "/nonexistent/aws-config")
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", "/nonexistent/aws-credentials")
    for name in ("AWS_PROFILE", "AWS_SESSION_TOKEN", "AWS_ENDPOINT_URL", "AWS_REGION"):
        monkeypatch.delenv(name, raising=False)
    reset_client()
    yield fake_bedrock_server
    reset_client()
    fake_bedrock_server.reset()
