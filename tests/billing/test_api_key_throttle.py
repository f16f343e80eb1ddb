"""Failed API keys are throttled per client address, so keys cannot be guessed: past
TRUSTGATE_API_KEY_FAILURES_PER_MINUTE failures in a minute, that address gets 429 with Retry-After before any key
is looked up (docs/configuration.md). Other addresses, and valid keys that never failed, are not slowed down."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import caches
from django.test import Client

from billing.api import authentication

SUITES = "/api/v1/aiagent/suites"
ATTACKER = "203.0.113.7"
CI_RUNNER = "198.51.100.20"


@pytest.fixture(autouse=True)
def _three_failures_a_minute(settings, db) -> None:
    settings.TRUSTGATE_API_KEY_FAILURES_PER_MINUTE = 3
    caches["limits"].clear()


def get(client: Client, token: str, address: str) -> Any:
    return client.get(SUITES, headers={"Authorization": f"Bearer {token}"}, REMOTE_ADDR=address)


def test_failures_past_the_limit_are_429_with_retry_after(client, api_token) -> None:
    for _ in range(3):
        assert get(client, "tg_guess", ATTACKER).status_code == 401
    response = get(client, "tg_guess", ATTACKER)
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 61
    assert response.json()["detail"].startswith("Too many requests with an invalid API key from your address.")


def test_a_throttled_address_gets_429_even_for_a_valid_key_and_no_key_is_looked_up(
    client, api_token, monkeypatch
) -> None:
    for _ in range(3):
        get(client, "tg_guess", ATTACKER)
    looked_up: list[str] = []
    monkeypatch.setattr(authentication, "api_key_find", lambda token: looked_up.append(token))
    assert get(client, api_token, ATTACKER).status_code == 429  # a lucky guess would not be told it was right
    assert looked_up == []


def test_other_addresses_are_not_slowed_down(client, api_token) -> None:
    for _ in range(5):
        get(client, "tg_guess", ATTACKER)
    assert get(client, api_token, CI_RUNNER).status_code == 200
    assert get(client, "tg_typo", CI_RUNNER).status_code == 401  # its own count starts at zero


def test_valid_keys_never_count(client, api_token) -> None:
    for _ in range(10):
        assert get(client, api_token, CI_RUNNER).status_code == 200
    assert get(client, "tg_typo", CI_RUNNER).status_code == 401


def test_malformed_and_revoked_keys_count_as_failures(client, api_token, alice, acme) -> None:
    from billing.services import api_key_create, api_key_revoke

    key, revoked = api_key_create(user=alice, account=acme, name="old")
    api_key_revoke(api_key=key)
    assert client.get(SUITES, headers={"Authorization": "Bearer a b"}, REMOTE_ADDR=ATTACKER).status_code == 401
    assert get(client, revoked, ATTACKER).status_code == 401
    assert get(client, "x" * 300, ATTACKER).status_code == 401
    assert get(client, api_token, ATTACKER).status_code == 429


def test_no_credentials_at_all_do_not_count(client) -> None:
    for _ in range(5):
        assert client.get(SUITES, REMOTE_ADDR=ATTACKER).status_code == 401
    assert get(client, "tg_typo", ATTACKER).status_code == 401
