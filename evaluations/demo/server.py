"""The demo agent's HTTP server (standard library only, so it starts fast and runs anywhere): the protocols
Trustgate speaks, all on one port, each answered by ``replies.respond``. JSON in and out:

* ``POST /chat`` ``{"message": str, "conversation_id"?: str, "history"?: [{role, content}]}`` ->
  ``{"answer", "conversation_id", "tool_calls"}`` (the server remembers turns per conversation_id).
* ``POST /api/json`` ``{"input": {"text"}, "history": [...], "session": id|null}`` ->
  ``{"data": {"reply": {"text"}, "tool_calls": [{"name", "arguments"}]}, "conversation": {"id"}}`` plus
  header ``X-Conversation-Id`` and cookie ``nw_session``.
* ``POST /v1/chat/completions`` (also ``/chat/completions``) - OpenAI-compatible chat.completion; tool calls in
  ``choices[0].message.tool_calls`` with ``function.arguments`` as a JSON string.
* ``GET /health`` -> ``{"ok": true}``; ``GET /policy`` (the policy as text/plain);
  ``POST /__mode {"mode": "regressed"}`` (back with ``{"mode": "normal"}``, read with ``GET /__mode``).

With ``require_key`` the POST chat endpoints need ``Authorization: Bearer KEY``; otherwise they answer
401 ``{"error": "invalid api key <the key received>"}`` (deliberately echoing it, so masking can be tested).
"""

from __future__ import annotations

import collections
import hashlib
import http.server
import json
import sys
import threading
import time
import uuid
from typing import Any, Protocol

from evaluations.demo.mode import MODES, get_mode, set_mode
from evaluations.demo.policy import DEMO_POLICY
from evaluations.demo.replies import Reply, respond


class Output(Protocol):
    """Where ``run_forever`` reports: ``sys.stdout`` or a management command's ``self.stdout``."""

    def write(self, text: str, /) -> Any: ...

    def flush(self) -> Any: ...


class _Conversations:
    """The user turns of each conversation id, for clients that send only the new message. Bounded, so a
    long-running demo agent cannot grow without limit: the oldest conversations and turns are dropped."""

    MAX_CONVERSATIONS = 2000
    MAX_TURNS = 50

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._data: collections.OrderedDict[str, list[str]] = collections.OrderedDict()

    def history(self, conversation_id: str) -> list[str]:
        with self._lock:
            return list(self._data.get(conversation_id, ()))

    def add(self, conversation_id: str, message: str) -> None:
        with self._lock:
            turns = self._data.setdefault(conversation_id, [])
            turns.append(message)
            del turns[: -self.MAX_TURNS]
            self._data.move_to_end(conversation_id)
            while len(self._data) > self.MAX_CONVERSATIONS:
                self._data.popitem(last=False)


def _user_texts(history: Any) -> list[str]:
    """User contents of a ``[{role, content}]`` history (strings are taken as user turns)."""
    out: list[str] = []
    if not isinstance(history, list):
        return out
    for item in history:
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, dict) and item.get("role", "user") == "user":
            content = item.get("content")
            if isinstance(content, str):
                out.append(content)
            elif isinstance(content, list):  # OpenAI content parts
                out.append(" ".join(p.get("text", "") for p in content if isinstance(p, dict)))
    return out


class _BadRequest(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class DemoAgentServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(
        self, address: tuple[str, int], *, latency_ms: int = 0, require_key: str = "", quiet: bool = True
    ) -> None:
        super().__init__(address, _Handler)
        self.latency_ms = max(0, int(latency_ms or 0))
        self.require_key = require_key or ""
        self.quiet = quiet
        self.conversations = _Conversations()


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body are separate writes: no 40 ms delayed-ACK stalls
    server_version = "NorthwindDemoAgent/1.0"
    server: DemoAgentServer
    MAX_BODY = 1024 * 1024

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        if not self.server.quiet:
            sys.stderr.write("demo_agent: %s - %s\n" % (self.address_string(), format % args))

    # -- helpers --------------------------------------------------------------------------------------------------

    def _send(self, status: int, body: Any, headers: dict[str, str] | None = None, content_type: str = "") -> None:
        if isinstance(body, str) and content_type:
            payload = body.encode("utf-8")
        else:
            payload = json.dumps(body).encode("utf-8")
            content_type = "application/json"
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(payload)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(payload)

    def _read_json(self) -> Any:
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            raise _BadRequest(400, "bad Content-Length") from None
        if length > self.MAX_BODY:
            raise _BadRequest(413, "request body too large")
        raw = self.rfile.read(length) if length > 0 else b""
        try:
            return json.loads(raw.decode("utf-8") or "null")
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise _BadRequest(400, "request body is not valid JSON") from None

    def _check_key(self) -> bool:
        key = self.server.require_key
        if not key:
            return True
        header = self.headers.get("Authorization", "")
        got = header[7:].strip() if header[:7].lower() == "bearer " else header.strip()
        if got == key:
            return True
        self._send(401, {"error": f"invalid api key {got}"})
        return False

    def _cookie(self, name: str) -> str:
        for part in (self.headers.get("Cookie") or "").split(";"):
            k, _, v = part.strip().partition("=")
            if k == name:
                return v
        return ""

    # -- routing --------------------------------------------------------------------------------------------------

    def do_GET(self) -> None:  # noqa: N802
        path = self.path.split("?", 1)[0]
        if path == "/health":
            self._send(200, {"ok": True})
        elif path == "/__mode":
            self._send(200, {"mode": get_mode()})
        elif path == "/policy":
            self._send(200, DEMO_POLICY, content_type="text/plain; charset=utf-8")
        elif path == "/":
            self._send(
                200,
                {
                    "name": "Northwind Outfitters demo agent",
                    "endpoints": ["/chat", "/api/json", "/v1/chat/completions", "/health", "/__mode", "/policy"],
                },
            )
        else:
            self._send(404, {"error": "not found"})

    def do_POST(self) -> None:  # noqa: N802
        path = self.path.split("?", 1)[0].rstrip("/") or "/"
        handlers = {
            "/chat": self._chat,
            "/api/json": self._api_json,
            "/v1/chat/completions": self._openai,
            "/chat/completions": self._openai,
            "/__mode": self._set_mode,
        }
        handler = handlers.get(path)
        try:
            if handler is None:
                # Drain the body so keep-alive stays in sync.
                self._read_json_quietly()
                self._send(404, {"error": "not found"})
                return
            body = self._read_json()
            if handler is not self._set_mode:
                if not self._check_key():
                    return
                if self.server.latency_ms:
                    time.sleep(self.server.latency_ms / 1000)
            handler(body)
        except _BadRequest as exc:
            self._send(exc.status, {"error": exc.message})

    def _read_json_quietly(self) -> None:
        try:
            self._read_json()
        except _BadRequest:
            pass

    # -- endpoints ------------------------------------------------------------------------------------------------

    def _set_mode(self, body: Any) -> None:
        mode = body.get("mode") if isinstance(body, dict) else None
        if mode not in MODES:
            raise _BadRequest(400, f"mode must be one of {', '.join(MODES)}")
        self._send(200, {"mode": set_mode(mode)})

    def _converse(self, conversation_id: str, message: str, history: Any) -> Reply:
        """The reply in a stateful conversation: a history the client sent wins over the turns remembered."""
        reply = respond(message, _user_texts(history) or self.server.conversations.history(conversation_id))
        self.server.conversations.add(conversation_id, message)
        return reply

    def _chat(self, body: Any) -> None:
        if not isinstance(body, dict) or not isinstance(body.get("message"), str):
            raise _BadRequest(400, 'expected {"message": "..."}')
        conversation_id = body.get("conversation_id")
        conversation_id = str(conversation_id) if conversation_id else uuid.uuid4().hex
        reply = self._converse(conversation_id, body["message"], body.get("history"))
        self._send(200, {"answer": reply.text, "conversation_id": conversation_id, "tool_calls": reply.tool_calls})

    def _api_json(self, body: Any) -> None:
        if not isinstance(body, dict):
            raise _BadRequest(400, 'expected {"input": {"text": "..."}}')
        source = body.get("input")
        message = source.get("text") if isinstance(source, dict) else source
        if not isinstance(message, str):
            raise _BadRequest(400, 'expected {"input": {"text": "..."}}')
        session = body.get("session") or self._cookie("nw_session") or self.headers.get("X-Conversation-Id")
        session = str(session) if session else uuid.uuid4().hex
        reply = self._converse(session, message, body.get("history"))
        self._send(
            200,
            {
                "data": {"reply": {"text": reply.text}, "tool_calls": reply.tool_calls},
                "conversation": {"id": session},
            },
            headers={"X-Conversation-Id": session, "Set-Cookie": f"nw_session={session}; Path=/; HttpOnly"},
        )

    def _openai(self, body: Any) -> None:
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list) or not body["messages"]:
            raise _BadRequest(400, 'expected {"model": "...", "messages": [...]}')
        users = _user_texts(body["messages"])
        if not users:
            raise _BadRequest(400, "messages must contain a user message")
        reply = respond(users[-1], users[:-1])
        message: dict[str, Any] = {"role": "assistant", "content": reply.text}
        if reply.tool_calls:
            message["tool_calls"] = [
                {
                    "id": "call_" + hashlib.sha256(f"{i}:{call}".encode()).hexdigest()[:16],
                    "type": "function",
                    "function": {"name": call["name"], "arguments": json.dumps(call["arguments"])},
                }
                for i, call in enumerate(reply.tool_calls)
            ]
        prompt_tokens = sum(len(u.split()) for u in users)
        completion_tokens = len(reply.text.split())
        self._send(
            200,
            {
                "id": "chatcmpl-" + uuid.uuid4().hex[:24],
                "object": "chat.completion",
                "created": int(time.time()),
                "model": str(body.get("model") or "northwind-demo"),
                "choices": [
                    {
                        "index": 0,
                        "message": message,
                        "finish_reason": "tool_calls" if reply.tool_calls else "stop",
                    }
                ],
                "usage": {
                    "prompt_tokens": prompt_tokens,
                    "completion_tokens": completion_tokens,
                    "total_tokens": prompt_tokens + completion_tokens,
                },
            },
        )


def serve(
    host: str = "127.0.0.1", port: int = 0, latency_ms: int = 0, require_key: str = "", quiet: bool = True
) -> tuple[DemoAgentServer, threading.Thread]:
    """Start the demo agent in a daemon thread. The port is ``server.server_address[1]``.

    Stop it with ``server.shutdown(); server.server_close()``.
    """
    server = DemoAgentServer((host, port), latency_ms=latency_ms, require_key=require_key, quiet=quiet)
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="northwind-demo-agent", daemon=True
    )
    thread.start()
    return server, thread


def run_forever(
    host: str = "127.0.0.1", port: int = 8765, latency_ms: int = 0, require_key: str = "", out: Output | None = None
) -> None:
    """Serve in the foreground until Ctrl-C."""
    out = out or sys.stdout
    server = DemoAgentServer((host, port), latency_ms=latency_ms, require_key=require_key, quiet=False)
    base = f"http://{host}:{server.server_address[1]}"
    out.write(
        f"Northwind demo agent on {base} (mode {get_mode()}; POST /chat, /api/json, /v1/chat/completions; "
        f"GET /health, /policy; POST /__mode)\n"
    )
    if require_key:
        out.write("Requires Authorization: Bearer <key>\n")
    out.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        out.write("Stopping the demo agent.\n")
    finally:
        server.server_close()
