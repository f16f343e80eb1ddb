"""`make run PORT=... DEMO_AGENT_PORT=...`: the web server, the demo agent and the seeded demo agent's endpoint
follow the two ports, and a busy port is refused with a sentence that says which variable to change."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import httpx
import pytest
from django.core.management import CommandError, call_command

from evaluations.agents.models import Agent
from evaluations.demo.services import DEMO_AGENT_NAME, demo_setup

ROOT = Path(__file__).resolve().parents[2]
needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def user_env(tmp_path: Path) -> dict[str, str]:
    """A user's shell rather than this test run's: no test settings, CI database or outer make, a fresh SQLite."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("TRUSTGATE_", "DJANGO_", "MAKE", "ANTHROPIC", "AWS_"))
        and key not in ("DATABASE_URL", "PORT", "DEMO_AGENT_PORT", "MFLAGS")
    }
    env["TRUSTGATE_SQLITE_PATH"] = str(tmp_path / "trustgate.sqlite3")
    return env


@pytest.fixture
def listening() -> Iterator[int]:
    """A port something else already listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield int(sock.getsockname()[1])


def seeded_endpoint(database: Path) -> str:
    with sqlite3.connect(database) as db:
        row = db.execute(f"SELECT endpoint_url FROM {Agent._meta.db_table} WHERE name = ?", [DEMO_AGENT_NAME])
        return str(row.fetchone()[0])


def make(*args: str, env: dict[str, str], stdout: IO[str] | int, new_session: bool = False) -> subprocess.Popen[str]:
    # -o setup: this test runs inside the virtualenv that `make setup` made; it must not reinstall it.
    return subprocess.Popen(
        ["make", "--no-print-directory", "-o", "setup", *args], cwd=ROOT, env=env, text=True, stdout=stdout,
        stderr=subprocess.STDOUT, start_new_session=new_session,
    )  # fmt: skip


@needs_make
def test_make_run_serves_the_web_server_and_the_demo_agent_on_the_ports_given(
    tmp_path: Path, user_env: dict[str, str]
) -> None:
    web, agent, moved = free_port(), free_port(), free_port()
    log = tmp_path / "make-run.log"
    with log.open("w") as out:
        run = make("run", f"PORT={web}", f"DEMO_AGENT_PORT={agent}", env=user_env, stdout=out, new_session=True)
    try:
        with httpx.Client(trust_env=False, timeout=5) as http:
            deadline = time.monotonic() + 180  # migrate on a fresh database, then three processes start
            while True:
                try:
                    login = http.get(f"http://127.0.0.1:{web}/login/")
                    health = http.get(f"http://127.0.0.1:{agent}/health")
                    break
                except httpx.TransportError:
                    assert run.poll() is None, log.read_text()
                    assert time.monotonic() < deadline, log.read_text()
                    time.sleep(0.5)
        assert login.status_code == 200 and "Trustgate" in login.text
        assert health.json() == {"ok": True}
        printed = log.read_text()
        assert f"Log in at http://127.0.0.1:{web}/ as  demo / trustgate-demo" in printed
        assert f"Demo agent: {DEMO_AGENT_NAME} -> http://127.0.0.1:{agent}/api/json" in printed
        assert f"Trustgate is up on http://127.0.0.1:{web}/" in printed
        assert seeded_endpoint(tmp_path / "trustgate.sqlite3") == f"http://127.0.0.1:{agent}/api/json"

        os.killpg(run.pid, signal.SIGINT)  # Ctrl-C in the terminal reaches make, `up` and its three children
        run.wait(timeout=60)
    finally:
        try:
            os.killpg(run.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    for port in (web, agent):  # everything stopped: both ports are free again
        with socket.socket() as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(("127.0.0.1", port))

    # make run again with another demo agent port: its first step re-seeds the demo agent's endpoint.
    demo = make("demo", f"DEMO_AGENT_PORT={moved}", env=user_env, stdout=subprocess.PIPE)
    output, _ = demo.communicate(timeout=120)
    assert demo.returncode == 0, output
    assert seeded_endpoint(tmp_path / "trustgate.sqlite3") == f"http://127.0.0.1:{moved}/api/json"


@needs_make
def test_make_run_keeps_the_default_ports(user_env: dict[str, str]) -> None:
    dry_run = make("-n", "run", env=user_env, stdout=subprocess.PIPE)
    commands, _ = dry_run.communicate(timeout=30)
    assert "TRUSTGATE_DEMO_AGENT_PORT=8765 TRUSTGATE_BASE_URL=http://127.0.0.1:8000" in commands
    assert "manage.py up --addr 127.0.0.1:8000" in commands


def test_demo_setup_moves_the_demo_agent_to_the_demo_agent_port(db, settings) -> None:
    settings.TRUSTGATE_DEMO_AGENT_PORT = 9001
    assert demo_setup().agent_url == "http://127.0.0.1:9001/api/json"
    settings.TRUSTGATE_DEMO_AGENT_PORT = 9002
    demo_setup()
    assert [agent.endpoint_url for agent in Agent.objects.all()] == ["http://127.0.0.1:9002/api/json"]


def up(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "up", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )


def test_a_busy_web_port_says_which_variable_to_change(user_env: dict[str, str], listening: int) -> None:
    refused = up("--addr", f"127.0.0.1:{listening}", env=user_env)
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert re.fullmatch(
        rf"CommandError: Cannot start the web server: port {listening} is in use; run `make run PORT=\d+`\.\n",
        refused.stderr,
    ), refused.stderr


def test_a_busy_demo_agent_port_says_which_variable_to_change(user_env: dict[str, str], listening: int) -> None:
    refused = up("--addr", f"127.0.0.1:{free_port()}", env={**user_env, "TRUSTGATE_DEMO_AGENT_PORT": str(listening)})
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert re.fullmatch(
        rf"CommandError: Cannot start the demo agent: port {listening} is in use; run `make run DEMO_AGENT_PORT=\d+`\.\n",
        refused.stderr,
    ), refused.stderr


def test_the_web_server_and_the_demo_agent_need_two_ports(settings) -> None:
    settings.TRUSTGATE_DEMO_AGENT_PORT = 9001
    with pytest.raises(CommandError, match="cannot share port 9001: give them two ports"):
        call_command("up", addr="127.0.0.1:9001")
