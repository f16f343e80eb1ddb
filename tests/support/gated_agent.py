"""A slow agent for tests that must act while a run waits on its agent: a proxy on 127.0.0.1 in front of a real
agent (the demo agent) that holds every request until ``release`` is set (60 s at most), then forwards it and
returns the agent's answer. ``arrived`` is set when the first request is being held."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx


class GatedAgent:
    def __init__(self, upstream: str) -> None:
        self.arrived = threading.Event()
        self.release = threading.Event()
        gate = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the stdlib's name)
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                gate.arrived.set()
                gate.release.wait(60)
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "content-length")}
                try:
                    answer = httpx.post(
                        upstream + self.path, content=body, headers=headers, trust_env=False, timeout=30
                    )
                except httpx.HTTPError:
                    self.send_error(502)
                    return
                self.send_response(answer.status_code)
                self.send_header("Content-Type", answer.headers.get("Content-Type", "application/json"))
                self.send_header("Content-Length", str(len(answer.content)))
                self.end_headers()
                try:
                    self.wfile.write(answer.content)
                except OSError:
                    pass  # the run was cancelled and its worker hung up

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.handle_error = lambda *args: None  # type: ignore[method-assign]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


@contextmanager
def gated_agent(upstream: str) -> Iterator[GatedAgent]:
    agent = GatedAgent(upstream)
    try:
        yield agent
    finally:
        agent.close()
