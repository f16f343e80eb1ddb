"""A local stand-in for Bedrock Runtime's Converse API, driven through the real boto3 client.

It answers ``POST /model/<url-quoted model id>/converse``. Replies are scripted per test (``reply_text``,
``reply_tool_use``, ``reply_json``, ``fail``, or a ``handler`` callable); when the script is empty it answers
``default_text``. Every request is recorded in ``requests``.
"""

from __future__ import annotations

import collections
import dataclasses
import json
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import unquote


@dataclasses.dataclass
class RecordedRequest:
    path: str
    model_id: str
    body: dict[str, Any]
    headers: dict[str, str]


@dataclasses.dataclass
class ScriptedReply:
    status: int
    body: dict[str, Any]
    headers: dict[str, str] = dataclasses.field(default_factory=dict)
    delay: float = 0.0


Handler = Callable[[RecordedRequest], ScriptedReply]


def converse_reply(content: list[dict[str, Any]], *, stop_reason: str = "end_turn") -> dict[str, Any]:
    return {
        "output": {"message": {"role": "assistant", "content": content}},
        "stopReason": stop_reason,
        "usage": {"inputTokens": 10, "outputTokens": 5, "totalTokens": 15},
        "metrics": {"latencyMs": 12},
    }


class FakeBedrock:
    def __init__(self) -> None:
        self.requests: list[RecordedRequest] = []
        self.default_text = "Hello from the fake Bedrock."
        self.handler: Handler | None = None
        self._script: collections.deque[ScriptedReply] = collections.deque()
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # Scripting -------------------------------------------------------------------------------------------
    def reply_text(self, text: str, *, delay: float = 0.0) -> None:
        self._push(ScriptedReply(200, converse_reply([{"text": text}]), delay=delay))

    def reply_tool_use(self, name: str, arguments: dict[str, Any], *, text: str = "") -> None:
        content: list[dict[str, Any]] = [{"text": text}] if text else []
        content.append({"toolUse": {"toolUseId": f"tooluse_{len(self._script)}", "name": name, "input": arguments}})
        self._push(ScriptedReply(200, converse_reply(content, stop_reason="tool_use")))

    def reply_json(self, body: dict[str, Any], *, status: int = 200) -> None:
        self._push(ScriptedReply(status, body))

    def fail(self, status: int, error_type: str, message: str = "Something went wrong.") -> None:
        """An AWS-style error: the status, ``x-amzn-errortype`` and ``{"message": ...}``."""
        self._push(ScriptedReply(status, {"message": message}, headers={"x-amzn-errortype": error_type}))

    def reset(self) -> None:
        with self._lock:
            self.requests.clear()
            self._script.clear()
            self.handler = None
            self.default_text = "Hello from the fake Bedrock."

    def _push(self, reply: ScriptedReply) -> None:
        with self._lock:
            self._script.append(reply)

    def _next_reply(self, request: RecordedRequest) -> ScriptedReply:
        with self._lock:
            self.requests.append(request)
            if self._script:
                return self._script.popleft()
            handler = self.handler
        if handler is not None:
            return handler(request)
        return ScriptedReply(200, converse_reply([{"text": self.default_text}]))

    # Server ----------------------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        assert self._server is not None, "start() the fake first"
        return f"http://127.0.0.1:{self._server.server_port}"

    def start(self) -> None:
        fake = self

        class RequestHandler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - keep test output quiet
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                parts = self.path.split("?", 1)[0].split("/")
                if len(parts) != 4 or parts[1] != "model" or parts[3] != "converse":
                    unknown = {"x-amzn-errortype": "UnknownOperationException"}
                    self._send(ScriptedReply(404, {"message": f"Unknown path {self.path}"}, headers=unknown))
                    return
                try:
                    body = json.loads(raw or b"{}")
                except json.JSONDecodeError:
                    body = {"_raw": raw.decode("utf-8", "replace")}
                request = RecordedRequest(
                    path=self.path, model_id=unquote(parts[2]), body=body, headers=dict(self.headers.items())
                )
                self._send(fake._next_reply(request))

            def _send(self, reply: ScriptedReply) -> None:
                if reply.delay:
                    time.sleep(reply.delay)
                payload = json.dumps(reply.body).encode("utf-8")
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.send_header("x-amzn-RequestId", "fake-request-id")
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), RequestHandler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.05,), name="fake-bedrock", daemon=True
        )
        self._thread.start()

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
