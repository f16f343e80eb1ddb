"""A loopback HTTP server that records every request it gets: the "must see zero requests" witness for code
that must never fetch (a schema ``$ref``, the cloud metadata address)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class RecordingServer:
    """Answers every request with ``status`` and ``body`` and records (method, path) in ``hits``."""

    def __init__(self, body: bytes = b"", content_type: str = "text/plain", status: int = 200) -> None:
        self.hits: list[tuple[str, str]] = []
        hits = self.hits

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                hits.append((self.command, self.path))
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_PUT = do_POST = do_HEAD = _answer  # noqa: N815 (the stdlib's names)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str = "/") -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}{path}"

    @property
    def paths(self) -> list[str]:
        return [path for _, path in self.hits]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@contextmanager
def recording_server(
    body: bytes = b"", content_type: str = "text/plain", status: int = 200
) -> Iterator[RecordingServer]:
    server = RecordingServer(body, content_type, status)
    try:
        yield server
    finally:
        server.close()
