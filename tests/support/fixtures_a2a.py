"""``a2a_agent`` (session): a real A2A agent served by ``a2a-sdk`` on 127.0.0.1 (tests/support/a2a_server.py),
its card declaring 0.3; ``a2a_agent_v1``: the same agent speaking only A2A 1.0."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.a2a_server import A2AServer


@pytest.fixture(scope="session")
def a2a_agent() -> Iterator[A2AServer]:
    server = A2AServer()
    yield server
    server.close()


@pytest.fixture(scope="session")
def a2a_agent_v1() -> Iterator[A2AServer]:
    server = A2AServer(version="1.0")
    yield server
    server.close()
