from __future__ import annotations

import socket

import pytest


@pytest.fixture
def unused_tcp_port() -> int:
    """A loopback port with nothing listening on it (connection refused)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
