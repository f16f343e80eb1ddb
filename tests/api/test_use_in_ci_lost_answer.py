"""The generated CI step sends its launch again when the answer is lost, with the same launch key
(``Idempotency-Key``), so the retry answers the run the first request started: one run, one charge
(docs/ci.md#retrying-a-launch). Run for real: bash + curl + jq through a proxy that drops the first launch's answer
after the server has acted on it."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import pytest
from django.urls import reverse

from billing.services import api_key_create
from evaluations.runs.models import EvaluationRun
from tests.api.test_use_in_ci import AGENT_KEY, _tools, run_bash
from tests.api.test_use_in_ci import fetch as fetch  # the live server's pages as alice


class DroppingProxy:
    """Forwards every request to ``upstream``; the first launch (``dry_run`` false) reaches the server, whose answer
    is then dropped: the connection closes with no reply, as when a load balancer or the network loses it."""

    def __init__(self, upstream: str) -> None:
        self.launch_keys: list[str] = []
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - keep test output quiet
                pass

            def _forward(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = {k: v for k, v in self.headers.items() if k.lower() not in {"host", "content-length"}}
                answer = httpx.request(self.command, upstream + self.path, headers=headers, content=body,
                                       trust_env=False, timeout=60)  # fmt: skip
                launch = self.command == "POST" and b'"dry_run":false' in body.replace(b" ", b"")
                if launch:
                    proxy.launch_keys.append(self.headers.get("Idempotency-Key", ""))
                if launch and len(proxy.launch_keys) == 1:
                    self.close_connection = True  # the server launched the run; its answer never arrives
                    return
                self.send_response(answer.status_code)
                for name in ("Content-Type", "Retry-After", "Idempotent-Replayed"):
                    if name in answer.headers:
                        self.send_header(name, answer.headers[name])
                self.send_header("Content-Length", str(len(answer.content)))
                self.end_headers()
                self.wfile.write(answer.content)

            do_GET = do_POST = _forward

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True).start()
        self.url = f"http://127.0.0.1:{self._server.server_port}"

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


@pytest.fixture
def proxy(live_server) -> Iterator[DroppingProxy]:
    server = DroppingProxy(live_server.url)
    yield server
    server.close()


@pytest.mark.django_db(transaction=True)
def test_a_launch_whose_answer_was_lost_is_sent_again_and_starts_one_run(
    live_server, fetch, alice, acme, demo_agent_record, demo_suite, proxy, tmp_path
) -> None:
    _tools()
    _, token = api_key_create(user=alice, account=acme, name="GitHub Actions")
    script = fetch(reverse("suites:ci-script", args=[demo_suite.pk]))
    before = EvaluationRun.objects.count()
    done = run_bash(script, tmp_path, {"TRUSTGATE_API_KEY": token, "AGENT_API_KEY": AGENT_KEY,
                                       "TRUSTGATE_URL": proxy.url})  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "The launch got no answer" in done.stdout
    assert "sending it again with the same launch key, so it starts one run at most." in done.stdout
    assert EvaluationRun.objects.count() == before + 1
    run = EvaluationRun.objects.order_by("-pk").first()
    assert run is not None and f"Run #{run.pk} started for suite {demo_suite.pk}." in done.stdout
    assert len(proxy.launch_keys) == 2 and proxy.launch_keys[0] == proxy.launch_keys[1]
    assert (
        proxy.launch_keys[0].startswith("trustgate-gate-") and len(proxy.launch_keys[0]) == len("trustgate-gate-") + 32
    )
