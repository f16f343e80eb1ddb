"""A Trustgate deployed as docs/deployment.md says, for the scale-out benches: the Procfile's release step on a
fresh database, gunicorn (deploy/gunicorn.conf.py) behind a pretend TLS proxy, django-q2 clusters and the fake
agent, each its own process.

PostgreSQL when a URL is given: the stack creates its own database on that server (``trustgate_bench_<random>``)
and drops it at the end, so the database the URL names is never touched. Without one, a SQLite file in a
temporary directory (several clusters can share it; the figures then mean little).
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_port(port: int, process: subprocess.Popen[bytes], what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"{what} did not come up on port {port}") from None
            time.sleep(0.05)


def stop(process: subprocess.Popen[bytes], timeout: float = 30) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)  # qcluster finishes its running task; gunicorn drains
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class Stack:
    """Use as a context manager; ``seed()`` sets Django up in this process on the stack's database."""

    def __init__(self, *, database_url: str = "") -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="trustgate-stack-"))
        self.server_url = database_url
        self.database = f"trustgate_bench_{secrets.token_hex(4)}" if database_url else ""
        self.clusters: list[subprocess.Popen[bytes]] = []
        self.others: list[subprocess.Popen[bytes]] = []
        self.token = ""
        self.env = {key: value for key, value in os.environ.items() if not key.startswith(("TRUSTGATE_", "DJANGO_"))}
        self.env.pop("DATABASE_URL", None)
        self.env.update(
            {
                "DJANGO_SETTINGS_MODULE": "evalsite.settings",
                "TRUSTGATE_SECRET_KEY": secrets.token_urlsafe(64),
                "TRUSTGATE_ALLOWED_HOSTS": "127.0.0.1",
                "TRUSTGATE_TRUST_X_FORWARDED_PROTO": "true",  # HTTPS as production, told by the pretend proxy
                "TRUSTGATE_STATIC_COLLECTED": "true",
                "TRUSTGATE_STATIC_ROOT": str(self.tmp / "static"),
                "TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS": "true",  # the fake agent lives on 127.0.0.1
                "TRUSTGATE_LOG_LEVEL": "WARNING",
                "TRUSTGATE_Q_SYNC": "false",
            }
        )
        if database_url:
            parts = urlsplit(database_url)
            self.env["DATABASE_URL"] = urlunsplit(parts._replace(path=f"/{self.database}"))
        else:
            self.env["TRUSTGATE_SQLITE_PATH"] = str(self.tmp / "stack.sqlite3")

    @property
    def vendor(self) -> str:
        return "postgresql" if self.database else "sqlite"

    def __enter__(self) -> Stack:
        if self.database:
            self._admin(f'CREATE DATABASE "{self.database}"')
        release = (ROOT / "Procfile").read_text().split("\nrelease:", 1)[1].splitlines()[0].strip()
        release = release.replace("python ", f"{sys.executable} ")
        subprocess.run(release, shell=True, cwd=ROOT, env=self.env, check=True, stdout=subprocess.DEVNULL)  # noqa: S602
        return self

    def __exit__(self, *exc: object) -> None:
        for process in [*self.clusters, *self.others]:
            stop(process)
        if self.database:
            from django.db import connections

            connections.close_all()
            self._admin(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')
        shutil.rmtree(self.tmp, ignore_errors=True)

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.server_url, autocommit=True) as connection:
            connection.execute(sql)

    def seed(self, *, conversations: int, agent_url: str) -> None:
        """A user with an API key, credits for ``conversations`` agent messages and an agent at ``agent_url``."""
        os.environ.update(self.env)
        import django

        django.setup()
        from django.conf import settings

        from billing.services import api_key_create, credits_grant, user_create_with_account
        from evaluations.agents.models import Protocol
        from evaluations.agents.services import agent_create

        user = user_create_with_account(username="bench", password="bench-pass-123", account_name="Bench")
        self.account = user.memberships.get().account
        credits_grant(
            account=self.account, amount=conversations * settings.TRUSTGATE_PRICE_AGENT_MESSAGE,
            note="Bench credits", key=f"bench-grant:{self.account.pk}",
        )  # fmt: skip
        self.token = api_key_create(user=user, account=self.account, name="bench")[1]
        self.agent = agent_create(
            account=self.account, data={"name": "Fake", "protocol": Protocol.SIMPLE_CHAT, "endpoint_url": agent_url}
        )

    def suite(self, scenarios: int, *, name: str) -> int:
        """A suite of ``scenarios`` single-turn scenarios on the agent (rules only); returns its id."""
        from suites.services import suite_create

        items = [
            {"kind": "accuracy", "name": f"Q{i}", "turns": [f"Question number {i}: what is {i}+{i}?"],
             "required_phrases": ["ECHO"], "forbidden_phrases": ["ERROR"]}
            for i in range(scenarios)
        ]  # fmt: skip
        return int(suite_create(account=self.account, name=name, scenarios=items, agent=self.agent).pk)

    def start_agent(self, *, latency_ms: float) -> str:
        port = free_port()
        agent = subprocess.Popen(
            [sys.executable, str(ROOT / "bench" / "fake_agent.py"), "--port", str(port), "--latency-ms", str(latency_ms)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        self.others.append(agent)
        wait_port(port, agent, "the fake agent")
        return f"http://127.0.0.1:{port}/chat"

    def start_web(self, *, workers: int) -> int:
        """gunicorn as the Procfile's web line starts it, with ``workers`` processes; returns its port."""
        port = free_port()
        web = subprocess.Popen(
            [str(Path(sys.executable).parent / "gunicorn"), "-c", "deploy/gunicorn.conf.py", "--bind",
             f"127.0.0.1:{port}", "--workers", str(workers), "--access-logfile", "/dev/null"],
            cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        self.others.append(web)
        self.web = web
        wait_port(port, web, "gunicorn")
        self.web_port = port
        return port

    def start_clusters(self, count: int) -> None:
        """``count`` django-q2 clusters of one worker each, as on ``count`` machines."""
        self.clusters += [
            subprocess.Popen(
                [sys.executable, "manage.py", "qcluster"],
                cwd=ROOT,
                env=self.env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )  # fmt: skip
            for _ in range(count)
        ]

    def stop_clusters(self) -> None:
        for cluster in self.clusters:
            stop(cluster)
        self.clusters = []

    def api(self, method: str, path: str, body: dict[str, Any] | None = None,
            connection: http.client.HTTPConnection | None = None) -> tuple[int, Any]:  # fmt: skip
        """One CI API call through gunicorn, as the TLS proxy would pass it on."""
        own = connection is None
        connection = connection or http.client.HTTPConnection("127.0.0.1", self.web_port, timeout=60)
        headers = {"Authorization": f"Bearer {self.token}", "X-Forwarded-Proto": "https",
                   "Content-Type": "application/json"}  # fmt: skip
        connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = connection.getresponse()
        data = response.read()
        if own:
            connection.close()
        return response.status, json.loads(data) if data else None

    def launch(self, suite_id: int, *, runs: int, parallel: int) -> int:
        status, body = self.api(
            "POST", "/api/v1/aiagent/runs", {"suite": suite_id, "runs_per_scenario": runs, "parallel": parallel}
        )
        if status != 202:
            raise SystemExit(f"launch refused: {status} {body}")
        return int(body["id"])

    def wait_finished(self, run_ids: list[int], *, timeout: float = 600) -> dict[int, Any]:
        """Wait (reading the database, not the web) until every run has ended; returns them by id."""
        from evaluations.runs.models import EvaluationRun

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            runs = {run.pk: run for run in EvaluationRun.objects.filter(pk__in=run_ids)}
            if all(not run.is_active for run in runs.values()):
                return runs
            time.sleep(0.02)
        raise SystemExit(f"runs {run_ids} did not finish within {timeout:.0f} s")
