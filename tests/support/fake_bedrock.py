"""A local stand-in for Bedrock Runtime's Converse API, driven through the real boto3 client.

It answers ``POST /model/<url-quoted model id>/converse``. Replies are scripted per test (``reply_text``,
``reply_tool_use``, ``reply_json``, ``fail``, or a ``handler`` callable); when the script is empty it answers
``default_text``. Every request is recorded in ``requests``.
"""

from __future__ import annotations

import collections
import dataclasses
import threading
from collections.abc import Callable
from typing import Any
from urllib.parse import unquote

from tests.support.scripted_http import ScriptedReply, ScriptedServer, parse_json_body


@dataclasses.dataclass
class RecordedRequest:
    path: str
    model_id: str
    body: dict[str, Any]
    headers: dict[str, str]


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
        self._http = ScriptedServer(
            self._handle_post, name="fake-bedrock", extra_headers={"x-amzn-RequestId": "fake-request-id"}
        )

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
        return self._http.url

    def start(self) -> None:
        self._http.start()

    def stop(self) -> None:
        self._http.stop()

    def _handle_post(self, path: str, raw: bytes, headers: dict[str, str]) -> ScriptedReply:
        parts = path.split("?", 1)[0].split("/")
        if len(parts) != 4 or parts[1] != "model" or parts[3] != "converse":
            unknown = {"x-amzn-errortype": "UnknownOperationException"}
            return ScriptedReply(404, {"message": f"Unknown path {path}"}, headers=unknown)
        body = parse_json_body(raw)
        return self._next_reply(RecordedRequest(path=path, model_id=unquote(parts[2]), body=body, headers=headers))
