"""Fixtures for the bundled Northwind demo agent (``evaluations/demo_agent.py``).

* ``demo_agent`` (session): base URL (``http://127.0.0.1:<port>``) of a demo agent running in a daemon thread.
* ``demo_agent_mode`` (function): ``demo_agent_mode("regressed")`` switches the agent's process-wide mode via
  ``POST /__mode``; the mode is reset to ``"normal"`` after the test.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import httpx
import pytest


@pytest.fixture(scope="session")
def demo_agent() -> Iterator[str]:
    from evaluations.demo import agent

    server, thread = agent.serve(port=0)
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
        agent.set_mode("normal")


@pytest.fixture
def demo_agent_mode(demo_agent: str) -> Iterator[Callable[[str], str]]:
    def set_mode(mode: str) -> str:
        response = httpx.post(f"{demo_agent}/__mode", json={"mode": mode}, trust_env=False, timeout=5)
        response.raise_for_status()
        return response.json()["mode"]

    try:
        yield set_mode
    finally:
        set_mode("normal")
