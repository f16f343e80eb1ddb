"""The Test request limit (10 a minute per user) holds across web processes: two real servers share one
database, and requests sent to both at once get 10 replies in all, never 10 each."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from tests.agents.test_agents import form_data

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 10
CREATE_USER = (
    "from billing.services import user_create_with_account; "
    "user_create_with_account(username='tess', password='pw-tess-123', account_name='Tess')"
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_up(base: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert server.poll() is None, "the web server stopped"
        try:
            if httpx.get(f"{base}/login/", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.2)
    raise AssertionError(f"{base} did not come up")


@pytest.fixture
def two_servers(tmp_path: Path) -> Iterator[list[str]]:
    """Two `runserver` processes (each with its own memory) on one SQLite file, set up by `migrate` alone."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("TRUSTGATE_", "DJANGO_"))}
    env.pop("DATABASE_URL", None)
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "evalsite.settings",
            "TRUSTGATE_SQLITE_PATH": str(tmp_path / "shared.sqlite3"),
            "TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS": "true",  # the demo agent listens on loopback
            "TRUSTGATE_HTTPS": "false",
            "TRUSTGATE_LOG_LEVEL": "WARNING",
        }
    )
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True, timeout=180)
    subprocess.run([*manage, "shell", "-c", CREATE_USER], cwd=ROOT, env=env, check=True, timeout=120,
                   capture_output=True)  # fmt: skip
    bases = [f"http://127.0.0.1:{free_port()}" for _ in range(2)]
    servers = [
        subprocess.Popen(
            [*manage, "runserver", "--noreload", base.removeprefix("http://")],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )  # fmt: skip
        for base in bases
    ]
    try:
        for base, server in zip(bases, servers, strict=True):
            wait_until_up(base, server)
        yield bases
    finally:
        for server in servers:
            server.send_signal(signal.SIGTERM)
        for server in servers:
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()


def logged_in(base: str) -> httpx.Client:
    client = httpx.Client(base_url=base, timeout=30)
    client.get("/login/")
    response = client.post(
        "/login/",
        data={"username": "tess", "password": "pw-tess-123", "csrfmiddlewaretoken": client.cookies["csrftoken"]},
    )
    assert response.status_code == 302, response.text
    return client


def test_eleventh_test_request_is_refused_whichever_process_serves_it(two_servers, demo_agent) -> None:
    first = logged_in(two_servers[0])
    # The same session on the other process: cookies are per host, not per port.
    second = httpx.Client(base_url=two_servers[1], timeout=30, cookies=first.cookies)
    data = {**form_data(endpoint_url=f"{demo_agent}/chat"), "test_message": "How long is shipping?"}
    headers = {"HX-Request": "true", "X-CSRFToken": first.cookies["csrftoken"]}

    def test_request(client: httpx.Client) -> str:
        response = client.post("/agents/test-request/", data=data, headers=headers)
        assert response.status_code == 200, response.text
        if "Reply received" in response.text:
            return "reply"
        if "Your previous test request is still waiting for its agent" in response.text:
            return "within the limit, but one already waits"  # counted by the limit, then refused: one at a time
        assert re.search(r"try again in \d+ s", response.text), response.text
        return "refused"

    try:
        with ThreadPoolExecutor(max_workers=8) as pool:
            # 16 at once, alternating between the two processes: each alone would allow 10. Every one of the 10 the
            # limit lets through is answered or, while another of the member's waits on the agent, refused as such.
            outcomes = list(pool.map(test_request, [first, second] * 8))
        assert outcomes.count("refused") == 6 and len(outcomes) - 6 == LIMIT, outcomes
        assert outcomes.count("reply") >= 1, outcomes
        assert test_request(first) == test_request(second) == "refused"
    finally:
        first.close()
        second.close()
