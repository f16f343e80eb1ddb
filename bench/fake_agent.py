#!/usr/bin/env python3
"""Tiny deterministic fake conversational agent for harness benchmarks.

Python stdlib only. Copied from the workspace's shared/bench/fake_agent.py (so the benches need nothing beside
the repository), with one addition: POST /stream, the same answer streamed.

    python3 fake_agent.py --port 8765 --latency-ms 200

Endpoints
  POST /chat    {"message": "..."}  ->  {"answer": "..."}
                Sleeps --latency-ms (fixed) per request, then answers with a
                deterministic string derived from the message:
                  "ECHO[<message>] len=<n> words=<w> sig=<8 hex of sha256>"
  POST /stream  {"message": "..."}  ->  Server-Sent Events, the same answer in
                --chunks pieces (data: {"delta": "..."}), then data: [DONE].
                Piece i leaves at (i+1) x latency / chunks, so the whole
                reply takes --latency-ms and the first piece latency/chunks.
                The time from the request's arrival to the first piece
                written is measured here (ttft_ms_mean in /stats).
  GET  /stats   {"total_requests", "max_in_flight", "in_flight",
                 "errors", "first_request_at", "last_response_at",
                 "active_span_s", "busy_s", "mean_in_flight", "latency_ms"}
                total_requests counts /chat requests only. max_in_flight is
                the largest number of /chat requests being served at once.
                active_span_s is first /chat arrival -> last /chat response;
                busy_s is the sum of per-request service times, so
                mean_in_flight = busy_s / active_span_s.
  GET  /timeline {"t0": first arrival (epoch s), "spans": [[start, end], ...]}
                per /chat request, seconds relative to t0, in arrival order
                (first 200k requests since the last reset).
  POST /reset   zero all counters (also GET /reset); returns the old stats.
  GET  /health  {"ok": true}
"""

import argparse
import hashlib
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def make_answer(message: str) -> str:
    sig = hashlib.sha256(message.encode("utf-8")).hexdigest()[:8]
    words = len(message.split())
    return f"ECHO[{message}] len={len(message)} words={words} sig={sig}"


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        self.total = 0
        self.in_flight = 0
        self.max_in_flight = 0
        self.errors = 0
        self.first_at = None
        self.last_at = None
        self.busy = 0.0
        self.spans = []
        self.ttfts = []

    def begin(self) -> float:
        now = time.time()
        with self.lock:
            self.total += 1
            self.in_flight += 1
            if self.in_flight > self.max_in_flight:
                self.max_in_flight = self.in_flight
            if self.first_at is None:
                self.first_at = now
        return now

    def end(self, started: float, error: bool = False) -> None:
        now = time.time()
        with self.lock:
            self.in_flight -= 1
            self.busy += now - started
            self.last_at = now
            if len(self.spans) < 200_000:
                self.spans.append((started, now))
            if error:
                self.errors += 1

    def timeline(self) -> dict:
        with self.lock:
            t0 = self.first_at or 0.0
            spans = sorted(self.spans)
        return {"t0": t0, "spans": [[round(a - t0, 6), round(b - t0, 6)] for a, b in spans]}

    def snapshot(self, latency_ms: float) -> dict:
        with self.lock:
            span = (self.last_at - self.first_at) if self.first_at is not None and self.last_at is not None else 0.0
            return {
                "total_requests": self.total,
                "max_in_flight": self.max_in_flight,
                "in_flight": self.in_flight,
                "errors": self.errors,
                "first_request_at": self.first_at,
                "last_response_at": self.last_at,
                "active_span_s": round(span, 6),
                "busy_s": round(self.busy, 6),
                "mean_in_flight": round(self.busy / span, 4) if span > 0 else 0.0,
                "latency_ms": latency_ms,
                "ttft_ms_mean": round(1000 * sum(self.ttfts) / len(self.ttfts), 3) if self.ttfts else None,
                "streamed": len(self.ttfts),
            }


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, like a real agent endpoint
    server_version = "FakeAgent/1.0"
    # TCP_NODELAY. Without it, keep-alive clients that send headers and body
    # in separate segments hit Nagle + delayed-ACK and every request stalls
    # ~40 ms on Linux (measured: 44 ms per request at --latency-ms 0).
    disable_nagle_algorithm = True

    def log_message(self, fmt, *args):  # quiet
        if self.server.verbose:
            sys.stderr.write("%s - %s\n" % (self.address_string(), fmt % args))

    def _send_json(self, code: int, obj: dict) -> None:
        body = json.dumps(obj).encode("utf-8")
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        # Headers and body leave in one send() (one TCP segment for small
        # answers) instead of end_headers() + a second write.
        self._headers_buffer.append(b"\r\n")
        self._headers_buffer.append(body)
        self.wfile.write(b"".join(self._headers_buffer))
        self._headers_buffer = []

    def _read_body(self) -> bytes:
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        if path == "/stats":
            self._send_json(200, self.server.stats.snapshot(self.server.latency_ms))
        elif path == "/timeline":
            self._send_json(200, self.server.stats.timeline())
        elif path == "/reset":
            self._reset()
        elif path == "/health":
            self._send_json(200, {"ok": True})
        else:
            self._send_json(404, {"error": "not found"})

    def _reset(self):
        old = self.server.stats.snapshot(self.server.latency_ms)
        with self.server.stats.lock:
            self.server.stats.reset()
        self._send_json(200, old)

    def do_POST(self):
        path = self.path.split("?", 1)[0]
        if path == "/reset":
            self._read_body()
            self._reset()
            return
        if path not in ("/chat", "/stream"):
            self._read_body()
            self._send_json(404, {"error": "not found"})
            return
        stats = self.server.stats
        started = stats.begin()
        error = False
        try:
            raw = self._read_body()
            try:
                payload = json.loads(raw or b"{}")
                message = payload.get("message")
                if not isinstance(message, str):
                    raise ValueError("'message' must be a string")
            except (ValueError, AttributeError) as exc:
                error = True
                if self.server.latency_s:
                    time.sleep(self.server.latency_s)
                self._send_json(400, {"error": f"bad request: {exc}"})
                return
            if path == "/stream":
                self._stream(make_answer(message), started)
                return
            if self.server.latency_s:
                time.sleep(self.server.latency_s)
            self._send_json(200, {"answer": make_answer(message)})
        finally:
            stats.end(started, error)

    def _stream_piece(self, data: bytes) -> None:
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def _stream(self, answer: str, started: float) -> None:
        chunks = self.server.chunks
        bounds = [len(answer) * i // chunks for i in range(chunks + 1)]
        pieces = [answer[bounds[i] : bounds[i + 1]] for i in range(chunks)]  # none empty for answers >= chunks
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        step = self.server.latency_s / chunks
        for index, piece in enumerate(pieces):
            due = started + (index + 1) * step
            if due > time.time():
                time.sleep(due - time.time())
            self._stream_piece(b"data: " + json.dumps({"delta": piece}).encode() + b"\n\n")
            if index == 0:
                ttft = time.time() - started
                with self.server.stats.lock:
                    self.server.stats.ttfts.append(ttft)
        self._stream_piece(b"data: [DONE]\n\n")
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 1024


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--latency-ms", type=float, default=0.0, help="fixed sleep per /chat request (ms)")
    ap.add_argument("--chunks", type=int, default=20, help="pieces of a /stream reply")
    ap.add_argument("--verbose", action="store_true", help="log each request")
    args = ap.parse_args(argv)

    srv = Server((args.host, args.port), Handler)
    srv.stats = Stats()
    srv.latency_ms = args.latency_ms
    srv.latency_s = args.latency_ms / 1000.0
    srv.verbose = args.verbose
    srv.chunks = max(1, args.chunks)
    print(f"fake_agent listening on http://{args.host}:{srv.server_address[1]} latency={args.latency_ms}ms", flush=True)
    try:
        srv.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
