#!/usr/bin/env python3
"""A fake Anthropic Messages API for the benches: every ``POST /v1/messages`` waits --latency-ms and answers a
``record_verdict`` tool call (pass, score 90). Python stdlib only; the judge reaches it through the real SDK
with ANTHROPIC_BASE_URL. ``GET /stats`` counts calls and the most at once.

    python3 bench/fake_judge.py --port 8766 --latency-ms 100
"""

from __future__ import annotations

import argparse
import itertools
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

_ids = itertools.count(1)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    server: Server

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (quiet)
        pass

    def _send(self, status: int, body: dict[str, Any]) -> None:
        payload = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def do_GET(self) -> None:
        with self.server.lock:
            self._send(200, {"calls": self.server.calls, "max_in_flight": self.server.max_in_flight})

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.path.split("?", 1)[0] != "/v1/messages":
            self._send(404, {"type": "error", "error": {"type": "not_found_error", "message": self.path}})
            return
        with self.server.lock:
            self.server.calls += 1
            self.server.in_flight += 1
            self.server.max_in_flight = max(self.server.max_in_flight, self.server.in_flight)
        time.sleep(self.server.latency_s)
        with self.server.lock:
            self.server.in_flight -= 1
        verdict = {"verdict": "pass", "score": 90, "rationale": "The reply answers the question."}
        self._send(200, {
            "id": f"msg_bench_{next(_ids)}", "type": "message", "role": "assistant", "model": "claude-bench",
            "content": [{"type": "tool_use", "id": f"toolu_bench_{next(_ids)}", "name": "record_verdict",
                         "input": verdict}],
            "stop_reason": "tool_use", "stop_sequence": None, "usage": {"input_tokens": 400, "output_tokens": 40},
        })  # fmt: skip


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 1024

    def __init__(self, address: tuple[str, int], latency_ms: float) -> None:
        super().__init__(address, Handler)
        self.latency_s = latency_ms / 1000
        self.lock = threading.Lock()
        self.calls = self.in_flight = self.max_in_flight = 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=8766)
    parser.add_argument("--latency-ms", type=float, default=100.0)
    args = parser.parse_args()
    Server(("127.0.0.1", args.port), args.latency_ms).serve_forever(poll_interval=0.2)


if __name__ == "__main__":
    main()
