"""``a2a_agent`` (session): a real A2A agent served by ``a2a-sdk`` on 127.0.0.1 (tests/support/a2a_server.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.a2a_server import A2AServer


@pytest.fixture(scope="session")
def a2a_agent() -> Iterator[A2AServer]:
    server = A2AServer()
    yield server
    server.close()
