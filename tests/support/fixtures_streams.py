"""``stream_server`` (function scope, one server for the session): a loopback agent that streams its replies
(tests/support/stream_server.py), reset before each test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.stream_server import StreamServer
from tests.support.ws_server import WsServer


@pytest.fixture(scope="session")
def stream_server_session() -> Iterator[StreamServer]:
    server = StreamServer()
    yield server
    server.close()


@pytest.fixture
def stream_server(stream_server_session: StreamServer) -> StreamServer:
    stream_server_session.reset()
    return stream_server_session


@pytest.fixture(scope="session")
def ws_server_session() -> Iterator[WsServer]:
    server = WsServer()
    yield server
    server.close()


@pytest.fixture
def ws_server(ws_server_session: WsServer) -> WsServer:
    """A loopback WebSocket agent (tests/support/ws_server.py), reset before each test."""
    ws_server_session.reset()
    return ws_server_session
