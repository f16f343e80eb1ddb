"""A local stand-in for the Anthropic Messages API (``POST /v1/messages``), driven through the real SDK.

anthropic 2.x talks through httpx2, which respx cannot intercept, so tests point the SDK here with
``ANTHROPIC_BASE_URL``. Replies are scripted per test as a queue (``reply_verdict``, ``reply_text``,
``reply_tool_uses``, ``fail``, ``overloaded``, ``slow``); when the queue is empty the fake answers
``default_text``. Every request is recorded in ``requests`` (body and headers), so a test can assert on the
exact prompt the judge sent. Authentication is accepted in either form (``Authorization: Bearer`` or
``x-api-key``) and never checked.

Like the real API it can also (each off by default, so older tests see what they always saw):

- answer after ``latency`` seconds and count the calls in flight (``most_in_flight``);
- enforce a requests-per-minute limit (``limit_rpm``): a token bucket holding one second of requests, refilled
  continuously; a request over it gets a 429 with ``retry-after`` (counted in ``rejected``), and every reply
  carries the ``anthropic-ratelimit-requests-*`` headers;
- count tokens (``count_tokens``: four characters a token) and play the prompt cache: a prefix marked with
  ``cache_control`` of at least 1,024 tokens is written the first time (``cache_creation_input_tokens``) and
  read when a later request repeats it byte for byte (``cache_read_input_tokens``).
"""

from __future__ import annotations

import collections
import dataclasses
import hashlib
import itertools
import json
import math
import threading
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from tests.support.scripted_http import ScriptedReply, ScriptedServer, parse_json_body


@dataclasses.dataclass
class RecordedRequest:
    path: str
    body: dict[str, Any]
    headers: dict[str, str]
    at: float = dataclasses.field(default_factory=time.monotonic)  # when it arrived

    @property
    def system(self) -> str:
        system = self.body.get("system", "")
        if isinstance(system, list):  # a list of text blocks
            return "".join(block.get("text", "") for block in system if isinstance(block, dict))
        return str(system)

    @property
    def user_text(self) -> str:
        """The text of every message, joined (the judge sends one user message)."""
        parts: list[str] = []
        for message in self.body.get("messages", []):
            content = message.get("content")
            if isinstance(content, str):
                parts.append(content)
            elif isinstance(content, list):
                parts.extend(block.get("text", "") for block in content if isinstance(block, dict))
        return "\n".join(parts)


_ids = itertools.count(1)


_MIN_CACHEABLE_TOKENS = 1024


def _tokens(value: Any) -> int:
    return math.ceil(len(json.dumps(value, ensure_ascii=False)) / 4) if value else 0


def cache_usage(body: dict[str, Any], seen: set[str]) -> dict[str, int]:
    """The usage the real API reports: tools, system and messages up to the last ``cache_control`` block are the
    cacheable prefix; a prefix seen before is read from the cache, a new one (long enough) is written to it."""
    messages = body.get("messages", [])
    prefix_parts: list[Any] = [body.get("tools"), body.get("system")]
    rest_parts: list[Any] = []
    marked = False
    for message in reversed(messages):
        content = message.get("content")
        blocks = content if isinstance(content, list) else [content]
        for index in range(len(blocks) - 1, -1, -1):
            block = blocks[index]
            if not marked and isinstance(block, dict) and "cache_control" in block:
                marked = True
            (prefix_parts if marked else rest_parts).append(block)
    if not marked:
        return {"input_tokens": _tokens(body.get("tools")) + _tokens(body.get("system")) + _tokens(rest_parts)}
    prefix_tokens, rest_tokens = _tokens(prefix_parts), _tokens(rest_parts)
    if prefix_tokens < _MIN_CACHEABLE_TOKENS:
        return {"input_tokens": prefix_tokens + rest_tokens}
    key = hashlib.sha256(json.dumps(prefix_parts, sort_keys=True).encode()).hexdigest()
    if key in seen:
        return {"input_tokens": rest_tokens, "cache_read_input_tokens": prefix_tokens}
    seen.add(key)
    return {"input_tokens": rest_tokens, "cache_creation_input_tokens": prefix_tokens}


class RateLimiter:
    """A requests-per-minute limit as providers enforce it: a token bucket with one second's worth of burst."""

    def __init__(self, rpm: int) -> None:
        self.rpm = rpm
        self.rate = rpm / 60.0
        self.capacity = max(1.0, self.rate)
        self.tokens = self.capacity
        self.stamp = time.monotonic()
        self.lock = threading.Lock()

    def take(self) -> tuple[bool, dict[str, str]]:
        """(allowed, headers for the reply)."""
        with self.lock:
            now = time.monotonic()
            self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
            self.stamp = now
            allowed = self.tokens >= 1.0
            if allowed:
                self.tokens -= 1.0
            full_in = (self.capacity - self.tokens) / self.rate
            headers = {
                "anthropic-ratelimit-requests-limit": str(self.rpm),
                "anthropic-ratelimit-requests-remaining": str(int(self.tokens)),
                "anthropic-ratelimit-requests-reset": (datetime.now(UTC) + timedelta(seconds=full_in)).isoformat(),
            }
            if not allowed:
                headers["retry-after"] = str(max(1, math.ceil((1.0 - self.tokens) / self.rate)))
            return allowed, headers


def message_reply(
    content: list[dict[str, Any]], *, model: str = "claude-fake", stop_reason: str = "end_turn"
) -> dict[str, Any]:
    return {
        "id": f"msg_fake_{next(_ids)}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": {"input_tokens": 120, "output_tokens": 40},
    }


def tool_use_block(name: str, tool_input: dict[str, Any]) -> dict[str, Any]:
    return {"type": "tool_use", "id": f"toolu_fake_{next(_ids)}", "name": name, "input": tool_input}


class FakeAnthropic:
    def __init__(self) -> None:
        self.requests: list[RecordedRequest] = []
        self.default_text = "Hello from the fake Anthropic API."
        self._script: collections.deque[ScriptedReply] = collections.deque()
        self._lock = threading.Lock()
        self.latency = 0.0
        self.count_tokens = False
        self.rejected = 0
        self.rejected_at: list[float] = []  # time.monotonic() of each refusal
        self.in_flight = 0
        self.most_in_flight = 0
        self._limiter: RateLimiter | None = None
        self._cache: set[str] = set()
        self._http = ScriptedServer(self._handle_post, name="fake-anthropic")

    # Scripting -------------------------------------------------------------------------------------------
    def reply_verdict(
        self,
        verdict: str = "pass",
        score: Any = 90,
        rationale: str | None = "The reply follows the policy.",
        *,
        dimensions: dict[str, Any] | None = None,
        text: str = "",
    ) -> None:
        """A ``record_verdict`` tool call (``rationale=None`` leaves the field out)."""
        tool_input: dict[str, Any] = {"verdict": verdict, "score": score}
        if rationale is not None:
            tool_input["rationale"] = rationale
        if dimensions is not None:
            tool_input["dimensions"] = dimensions
        self.reply_tool_uses([("record_verdict", tool_input)], text=text)

    def reply_tool_uses(self, calls: list[tuple[str, dict[str, Any]]], *, text: str = "") -> None:
        content: list[dict[str, Any]] = [{"type": "text", "text": text}] if text else []
        content.extend(tool_use_block(name, tool_input) for name, tool_input in calls)
        self._push(ScriptedReply(200, message_reply(content, stop_reason="tool_use")))

    def reply_text(self, text: str, *, delay: float = 0.0) -> None:
        self._push(ScriptedReply(200, message_reply([{"type": "text", "text": text}]), delay=delay))

    def reply_json_verdict(self, verdict: dict[str, Any], *, prefix: str = "Here is my verdict:\n") -> None:
        """The verdict as a JSON object inside a text reply (the fallback path)."""
        self.reply_text(prefix + json.dumps(verdict))

    def reply_raw(self, status: int, body: dict[str, Any] | str, *, delay: float = 0.0) -> None:
        self._push(ScriptedReply(status, body, delay=delay))

    def fail(self, status: int, error_type: str, message: str = "Something went wrong.") -> None:
        """An Anthropic-style error body: ``{"type": "error", "error": {"type": ..., "message": ...}}``."""
        body = {"type": "error", "error": {"type": error_type, "message": message}}
        self._push(ScriptedReply(status, body, headers={"request-id": "req_fake"}))

    def overloaded(self) -> None:
        self.fail(529, "overloaded_error", "Overloaded")

    def server_error(self) -> None:
        self.fail(500, "api_error", "Internal server error")

    def slow(self, seconds: float, verdict: str = "pass") -> None:
        """A valid verdict that arrives only after ``seconds`` (beyond the client's timeout)."""
        content = [tool_use_block("record_verdict", {"verdict": verdict, "score": 90, "rationale": "Late."})]
        self._push(ScriptedReply(200, message_reply(content, stop_reason="tool_use"), delay=seconds))

    def limit_rpm(self, rpm: int | None) -> None:
        """Enforce ``rpm`` requests a minute (None: no limit)."""
        self._limiter = RateLimiter(rpm) if rpm else None

    def reset(self) -> None:
        with self._lock:
            self.requests.clear()
            self._script.clear()
            self.default_text = "Hello from the fake Anthropic API."
            self.latency = 0.0
            self.count_tokens = False
            self.rejected = self.in_flight = self.most_in_flight = 0
            self.rejected_at.clear()
            self._limiter = None
            self._cache.clear()

    def _push(self, reply: ScriptedReply) -> None:
        with self._lock:
            self._script.append(reply)

    def _next_reply(self, request: RecordedRequest) -> ScriptedReply:
        with self._lock:
            self.requests.append(request)
            if self._script:
                return self._script.popleft()
        model = str(request.body.get("model", "claude-fake"))
        return ScriptedReply(200, message_reply([{"type": "text", "text": self.default_text}], model=model))

    # Server ----------------------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        return self._http.url

    def start(self) -> None:
        self._http.start()

    def stop(self) -> None:
        self._http.stop()

    def _handle_post(self, path: str, raw: bytes, headers: dict[str, str]) -> ScriptedReply:
        if path.split("?", 1)[0] != "/v1/messages":
            return ScriptedReply(404, {"type": "error", "error": {"type": "not_found_error", "message": f"No {path}"}})
        limit_headers: dict[str, str] = {}
        if self._limiter is not None:
            allowed, limit_headers = self._limiter.take()
            if not allowed:
                with self._lock:
                    self.rejected += 1
                    self.rejected_at.append(time.monotonic())
                body = {"type": "error", "error": {"type": "rate_limit_error", "message": "Rate limited."}}
                return ScriptedReply(429, body, headers=limit_headers)
        with self._lock:
            self.in_flight += 1
            self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            request = RecordedRequest(path=path, body=parse_json_body(raw), headers=headers)
            reply = self._next_reply(request)
            if self.latency:
                time.sleep(self.latency)
        finally:
            with self._lock:
                self.in_flight -= 1
        if self.count_tokens and reply.status == 200 and isinstance(reply.body, dict):
            with self._lock:
                usage = cache_usage(request.body, self._cache)
            reply = dataclasses.replace(reply, body={**reply.body, "usage": {**usage, "output_tokens": 40}})
        return dataclasses.replace(reply, headers={**limit_headers, **reply.headers})
