"""Personal API keys and a small client for the CI API (``Authorization: Bearer <key>``)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from billing.services import api_key_create


class Api:
    """The Django test client, speaking JSON with a bearer key (``key=None`` sends no Authorization header)."""

    def __init__(self, client: Client, key: str | None) -> None:
        self.client = client
        self.key = key

    def headers(self, key: str | None = "default") -> dict[str, str]:
        key = self.key if key == "default" else key
        return {"Authorization": f"Bearer {key}"} if key is not None else {}

    def get(self, path: str, *, key: str | None = "default") -> Any:
        return self.client.get(path, headers=self.headers(key))

    def post(
        self,
        path: str,
        body: Any = None,
        *,
        key: str | None = "default",
        raw: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Any:
        data = raw if raw is not None else json.dumps(body if body is not None else {})
        headers = {**self.headers(key), **(headers or {})}
        return self.client.post(path, data=data, content_type="application/json", headers=headers)


@pytest.fixture
def api_token(alice, acme) -> str:
    """A personal API key of alice (Admin of Acme), acting in Acme."""
    return api_key_create(user=alice, account=acme, name="CI")[1]


@pytest.fixture
def api(client, api_token) -> Api:
    return Api(client, api_token)
