"""A loopback agent that streams its replies (SSE, NDJSON, AG-UI, OpenAI chunks), started once per session.

Each test sets ``server.handle`` to a function that gets the request (path, parsed JSON body, headers) and returns
a ``Stream``: the pieces to write, each after its delay, with chunked transfer encoding — or a plain reply. Every
request is kept in ``server.requests``. A GET answers the JSON document set for its path in ``server.documents``
(an A2A agent card), else 404; GETs are not kept.
"""

from __future__ import annotations

import dataclasses
import json
import threading
import time
from collections.abc import Callable, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclasses.dataclass
class Stream:
    pieces: Sequence[bytes | str] = ()
    delays: Sequence[float] = ()  # before each piece; missing: none
    status: int = 200
    content_type: str = "text/event-stream"
    headers: dict[str, str] = dataclasses.field(default_factory=dict)
    hold: float = 0.0  # after the last piece, before the stream ends (a stall)


@dataclasses.dataclass
class Request:
    path: str
    body: Any
    headers: dict[str, str]
    client_port: int = 0  # the client's end of the connection: the same for requests on one kept connection


def sse(*events: Any, event: str = "") -> list[str]:
    """SSE pieces: each item a JSON value (or a str sent as it is) as one event's data."""
    prefix = f"event: {event}\n" if event else ""
    return [f"{prefix}data: {e if isinstance(e, str) else json.dumps(e)}\n\n" for e in events]


def ndjson(*objects: Any) -> list[str]:
    return [json.dumps(o) + "\n" for o in objects]


class StreamServer:
    def __init__(self) -> None:
        self.handle: Callable[[Request], Stream] = lambda request: Stream(sse("hello"))
        self.requests: list[Request] = []
        self.documents: dict[str, Any] = {}
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                pass

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                request = Request(
                    self.path, json.loads(raw or b"null"), dict(self.headers.items()), self.client_address[1]
                )
                owner.requests.append(request)
                try:
                    owner.write(self, owner.handle(request))
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client stopped reading, as it should past the cap or the end marker

            def do_GET(self) -> None:
                found = owner.documents.get(self.path)
                body = json.dumps(found).encode() if found is not None else b"{}"
                self.send_response(200 if found is not None else 404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()

    def url(self, path: str = "/agent") -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"

    def reset(self) -> None:
        self.handle = lambda request: Stream(sse("hello"))
        self.requests = []
        self.documents = {}

    @staticmethod
    def write(handler: BaseHTTPRequestHandler, stream: Stream) -> None:
        handler.send_response(stream.status)
        handler.send_header("Content-Type", stream.content_type)
        handler.send_header("Transfer-Encoding", "chunked")
        for name, value in stream.headers.items():
            handler.send_header(name, value)
        handler.end_headers()
        handler.wfile.flush()
        for index, piece in enumerate(stream.pieces):
            delay = stream.delays[index] if index < len(stream.delays) else 0.0
            if delay:
                time.sleep(delay)
            data = piece.encode() if isinstance(piece, str) else piece
            handler.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            handler.wfile.flush()
        if stream.hold:
            time.sleep(stream.hold)
        handler.wfile.write(b"0\r\n\r\n")
        handler.wfile.flush()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
