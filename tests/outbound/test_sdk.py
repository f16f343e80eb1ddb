"""The one SDK factory: SDK clients are built from settings and rebuilt when the settings change."""

from __future__ import annotations

from typing import Any

from evaluations.outbound.sdk import bedrock_client
from tests.support.fake_bedrock import FakeBedrock


def test_bedrock_client_is_shared_and_follows_the_settings(fake_bedrock: FakeBedrock, settings: Any) -> None:
    first = bedrock_client(read_timeout=5, max_attempts=1)
    assert bedrock_client(read_timeout=5, max_attempts=1) is first
    assert (first.meta.region_name, first.meta.endpoint_url) == ("us-east-1", fake_bedrock.url)

    settings.AWS_DEFAULT_REGION = "eu-west-1"
    second = bedrock_client(read_timeout=5, max_attempts=1)

    assert second is not first and second.meta.region_name == "eu-west-1"
