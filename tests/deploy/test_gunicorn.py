"""The deployment of docs/deployment.md, for real: the Procfile's release step, then gunicorn with several
worker processes serving pages and whitenoise serving the collected static files, behind a TLS proxy's
X-Forwarded-Proto; and `manage.py check --deploy` clean with those settings."""

from __future__ import annotations

import gzip
import http.client
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def production_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A production environment (DEBUG off, HTTPS behind a proxy, collected static files) on its own SQLite
    file, after the Procfile's release step has run (migrate, collectstatic, schedules)."""
    tmp = tmp_path_factory.mktemp("deploy")
    env = {key: value for key, value in os.environ.items() if not key.startswith(("TRUSTGATE_", "DJANGO_"))}
    env.pop("DATABASE_URL", None)
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "evalsite.settings",
            "TRUSTGATE_SQLITE_PATH": str(tmp / "deploy.sqlite3"),
            "TRUSTGATE_SECRET_KEY": secrets.token_urlsafe(64),
            "TRUSTGATE_ALLOWED_HOSTS": "trustgate.example.com",
            "TRUSTGATE_TRUST_X_FORWARDED_PROTO": "true",
            "TRUSTGATE_STATIC_COLLECTED": "true",
            "TRUSTGATE_STATIC_ROOT": str(tmp / "static"),
            "TRUSTGATE_LOG_LEVEL": "WARNING",
        }
    )
    release = Path(ROOT / "Procfile").read_text().split("release:", 1)[1].splitlines()[0].strip()
    release = release.replace("python ", f"{sys.executable} ")
    done = subprocess.run(release, shell=True, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)  # noqa: S602 (our Procfile)
    assert done.returncode == 0, done.stdout + done.stderr
    return env


@pytest.fixture(scope="module")
def gunicorn(production_env: dict[str, str]) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    port = free_port()
    server = subprocess.Popen(
        [os.path.join(os.path.dirname(sys.executable), "gunicorn"), "-c", "deploy/gunicorn.conf.py",
         "--bind", f"127.0.0.1:{port}", "--workers", "3", "--access-logfile", "/dev/null"],
        cwd=ROOT, env=production_env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert server.poll() is None, server.stderr.read().decode() if server.stderr else ""
                assert time.monotonic() < deadline, "gunicorn did not start listening within 60 s"
                time.sleep(0.1)
        yield port, server
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()


class Response(http.client.HTTPResponse):
    body = b""  # read in full by fetch, before it closes the connection


def fetch(port: int, path: str, headers: dict[str, str] | None = None) -> Response:
    """GET through the proxy's eyes: the public host name, and HTTPS said in X-Forwarded-Proto."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.response_class = Response
    connection.request(
        "GET", path, headers={"Host": "trustgate.example.com", "X-Forwarded-Proto": "https", **(headers or {})}
    )
    response = cast(Response, connection.getresponse())
    response.body = response.read()
    connection.close()
    return response


def test_the_release_step_leaves_a_clean_deploy_check(production_env: dict[str, str]) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=production_env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout + done.stderr


def test_gunicorn_runs_several_worker_processes(gunicorn: tuple[int, subprocess.Popen[bytes]]) -> None:
    port, server = gunicorn
    deadline = time.monotonic() + 60
    while True:  # the master listens first, then forks its workers
        children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
        if len(children) >= 3 or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert len(children) == 3
    assert all(b"gunicorn" in Path(f"/proc/{child}/cmdline").read_bytes() for child in children)
    assert all(fetch(port, "/login/").status == 200 for _ in range(6))


def test_gunicorn_serves_the_login_page_with_its_security_headers(
    gunicorn: tuple[int, subprocess.Popen[bytes]],
) -> None:
    port, _ = gunicorn
    page = fetch(port, "/login/")
    html = page.body.decode()
    assert page.status == 200
    assert "Sign in" in html or "Log in" in html
    assert "default-src 'self'" in (page.getheader("Content-Security-Policy") or "")
    assert "max-age=31536000" in (page.getheader("Strict-Transport-Security") or "")
    assert "Secure" in (page.getheader("Set-Cookie") or "")  # the CSRF cookie, over HTTPS only


def test_plain_http_is_redirected_to_https(gunicorn: tuple[int, subprocess.Popen[bytes]]) -> None:
    port, _ = gunicorn
    response = fetch(port, "/login/", {"X-Forwarded-Proto": "http"})
    assert response.status == 301
    assert response.getheader("Location") == "https://trustgate.example.com/login/"


def test_the_database_answers_through_gunicorn(gunicorn: tuple[int, subprocess.Popen[bytes]]) -> None:
    port, _ = gunicorn
    response = fetch(port, "/api/v1/aiagent/suites", {"Authorization": "Bearer tg_not-a-real-key"})
    assert response.status == 401
    assert b"Invalid API key." in response.body


def test_whitenoise_serves_collected_static_files_compressed_and_cached(
    gunicorn: tuple[int, subprocess.Popen[bytes]],
) -> None:
    port, _ = gunicorn
    html = fetch(port, "/login/").body.decode()
    stylesheet = re.search(r'href="(/static/trustgate\.[0-9a-f]{12}\.css)"', html)
    assert stylesheet, "the page links the content-hashed stylesheet"
    plain = fetch(port, stylesheet.group(1))
    assert plain.status == 200
    assert plain.body == (ROOT / "static" / "trustgate.css").read_bytes()
    assert plain.getheader("Content-Type", "").startswith("text/css")
    assert "immutable" in (plain.getheader("Cache-Control") or "")
    compressed = fetch(port, stylesheet.group(1), {"Accept-Encoding": "gzip"})
    assert compressed.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(compressed.body) == plain.body
    assert fetch(port, "/static/no-such-file.css").status == 404
