"""The HTTP plumbing the fake model servers share: a threaded loopback server that answers each POST with a
scripted reply (status, JSON or text body, headers, optional delay)."""

from __future__ import annotations

import dataclasses
import json
import threading
import time
from collections.abc import Callable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclasses.dataclass
class ScriptedReply:
    status: int
    body: dict[str, Any] | str
    headers: dict[str, str] = dataclasses.field(default_factory=dict)
    delay: float = 0.0


# (path, raw body, request headers) -> the reply to send
PostHandler = Callable[[str, bytes, dict[str, str]], ScriptedReply]


class ScriptedServer:
    """Serves ``handle_post`` on 127.0.0.1 in a daemon thread; every reply also carries ``extra_headers``."""

    def __init__(
        self,
        handle_post: PostHandler,
        *,
        name: str,
        extra_headers: Mapping[str, str] | None = None,
        port: int = 0,  # 0: any free port
    ) -> None:
        self._handle_post = handle_post
        self._port = port
        self._name = name
        self._extra_headers = dict(extra_headers or {})
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        assert self._server is not None, "start() the fake first"
        return f"http://127.0.0.1:{self._server.server_port}"

    def start(self) -> None:
        handle_post, extra_headers = self._handle_post, self._extra_headers

        class RequestHandler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - keep test output quiet
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                reply = handle_post(self.path, raw, dict(self.headers.items()))
                if reply.delay:
                    time.sleep(reply.delay)
                if isinstance(reply.body, str):
                    payload, content_type = reply.body.encode("utf-8"), "text/plain"
                else:
                    payload, content_type = json.dumps(reply.body).encode("utf-8"), "application/json"
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", content_type)
                    self.send_header("Content-Length", str(len(payload)))
                    for name, value in {**extra_headers, **reply.headers}.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)

        self._server = ThreadingHTTPServer(("127.0.0.1", self._port), RequestHandler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, args=(0.05,), name=self._name, daemon=True).start()

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None


def parse_json_body(raw: bytes) -> Any:
    try:
        return json.loads(raw or b"{}")
    except json.JSONDecodeError:
        return {"_raw": raw.decode("utf-8", "replace")}
