"""Fake Slack, Microsoft Teams and PagerDuty receivers: one real HTTP server on 127.0.0.1 that checks each request
against the payload shape the service documents and answers the way the service does.

* Slack incoming webhook (``POST /slack/<token>``): a JSON object with ``text`` and/or ``blocks`` (at most 50, of
  Block Kit types; a header's plain_text at most 150 characters; a section's text at most 3,000 or at most 10
  fields of 2,000; buttons with a plain_text label and a URL). Answers ``200 ok``; ``400 invalid_blocks`` or
  ``invalid_payload``; ``404 no_service`` for an unknown token (the body echoes the path, so a test can check the
  error is masked).
* Teams workflow webhook (``POST /teams/<token>``): ``{"type": "message", "attachments": [{"contentType":
  "application/vnd.microsoft.card.adaptive", "content": {"type": "AdaptiveCard", "version", "body": [...]}}]}``.
  Answers ``202`` with an empty body, ``400`` otherwise.
* PagerDuty Events API v2 (``POST /v2/enqueue``): ``routing_key`` (32 characters), ``event_action`` trigger /
  acknowledge / resolve, ``dedup_key`` (at most 255), and for a trigger ``payload.summary`` (at most 1,024),
  ``payload.source`` and ``payload.severity`` (critical, error, warning, info). Answers ``202 {"status":
  "success", "message": "Event processed", "dedup_key"}`` and keeps incidents by dedup key; ``400 {"status":
  "invalid event", ...}`` otherwise.

``fail_next(kind, n, status)`` makes the next ``n`` requests of a kind fail with ``status`` (a channel that fails,
then recovers).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

SLACK_BLOCK_TYPES = {"section", "header", "context", "actions", "divider", "image", "rich_text", "input"}
CARD_ELEMENT_TYPES = {"TextBlock", "FactSet", "Container", "ColumnSet", "Image", "ActionSet", "RichTextBlock"}
PD_SEVERITIES = {"critical", "error", "warning", "info"}


def slack_problems(body: Any) -> list[str]:
    if not isinstance(body, dict) or not (body.get("text") or body.get("blocks")):
        return ["invalid_payload: text or blocks are required"]
    problems = []
    if not isinstance(body.get("text", ""), str):
        problems.append("text must be a string")
    blocks = body.get("blocks", [])
    if not isinstance(blocks, list) or len(blocks) > 50:
        return ["invalid_blocks: at most 50 blocks"]
    for index, block in enumerate(blocks):
        kind = block.get("type") if isinstance(block, dict) else None
        if kind not in SLACK_BLOCK_TYPES:
            problems.append(f"block {index}: unknown type {kind!r}")
            continue
        if kind == "header":
            text = block.get("text", {})
            if text.get("type") != "plain_text" or not 0 < len(text.get("text", "")) <= 150:
                problems.append(f"block {index}: a header needs plain_text of at most 150 characters")
        elif kind == "section":
            text, fields = block.get("text"), block.get("fields")
            if text is None and fields is None:
                problems.append(f"block {index}: a section needs text or fields")
            if text is not None and (
                text.get("type") not in ("mrkdwn", "plain_text") or not 0 < len(text.get("text", "")) <= 3000
            ):
                problems.append(f"block {index}: section text must be mrkdwn or plain_text, 1 to 3000 characters")
            if fields is not None and (len(fields) > 10 or any(not 0 < len(f.get("text", "")) <= 2000 for f in fields)):
                problems.append(f"block {index}: at most 10 fields of at most 2000 characters")
        elif kind == "actions":
            for element in block.get("elements", []):
                label = element.get("text", {})
                if (
                    element.get("type") != "button"
                    or label.get("type") != "plain_text"
                    or len(label.get("text", "")) > 75
                ):
                    problems.append(f"block {index}: a button needs a plain_text label of at most 75 characters")
                if not str(element.get("url", "")).startswith(("http://", "https://")) or len(element["url"]) > 3000:
                    problems.append(f"block {index}: a button URL must be http(s), at most 3000 characters")
        elif kind == "context" and not 0 < len(block.get("elements", [])) <= 10:
            problems.append(f"block {index}: a context has 1 to 10 elements")
    return [f"invalid_blocks: {p}" for p in problems]


def _card_problems(elements: list[Any], where: str) -> list[str]:
    problems = []
    for index, element in enumerate(elements):
        kind = element.get("type") if isinstance(element, dict) else None
        if kind not in CARD_ELEMENT_TYPES:
            problems.append(f"{where}[{index}]: unknown element {kind!r}")
        elif kind == "TextBlock" and not isinstance(element.get("text"), str):
            problems.append(f"{where}[{index}]: a TextBlock needs text")
        elif kind == "FactSet" and any(
            not isinstance(f.get("title"), str) or not isinstance(f.get("value"), str) for f in element.get("facts", [])
        ):
            problems.append(f"{where}[{index}]: facts need string title and value")
        elif kind == "Container":
            problems += _card_problems(element.get("items", []), f"{where}[{index}].items")
    return problems


def teams_problems(body: Any) -> list[str]:
    if not isinstance(body, dict) or body.get("type") != "message":
        return ['type must be "message"']
    attachments = body.get("attachments")
    if not isinstance(attachments, list) or not attachments:
        return ["attachments must hold the card"]
    attachment = attachments[0]
    if attachment.get("contentType") != "application/vnd.microsoft.card.adaptive":
        return ["contentType must be application/vnd.microsoft.card.adaptive"]
    card = attachment.get("content") or {}
    if card.get("type") != "AdaptiveCard" or not isinstance(card.get("version"), str):
        return ["content must be an AdaptiveCard with a version"]
    problems = _card_problems(card.get("body", []), "body")
    for action in card.get("actions", []):
        if action.get("type") != "Action.OpenUrl" or not str(action.get("url", "")).startswith("http"):
            problems.append("actions must be Action.OpenUrl with a url")
    return problems


def pagerduty_problems(body: Any) -> list[str]:
    if not isinstance(body, dict):
        return ["Event object is invalid"]
    problems = []
    if not isinstance(body.get("routing_key"), str) or len(body["routing_key"]) != 32:
        problems.append("'routing_key' must be 32 characters")
    action = body.get("event_action")
    if action not in ("trigger", "acknowledge", "resolve"):
        problems.append("'event_action' is invalid")
    dedup = body.get("dedup_key")
    if action in ("acknowledge", "resolve") and not dedup:
        problems.append("'dedup_key' is required to acknowledge or resolve")
    if dedup is not None and (not isinstance(dedup, str) or len(dedup) > 255):
        problems.append("'dedup_key' must be a string of at most 255 characters")
    if action == "trigger":
        payload = body.get("payload") or {}
        if not 0 < len(str(payload.get("summary", ""))) <= 1024:
            problems.append("'payload.summary' must be 1 to 1024 characters")
        if not payload.get("source"):
            problems.append("'payload.source' is required")
        if payload.get("severity") not in PD_SEVERITIES:
            problems.append("'payload.severity' must be critical, error, warning or info")
        for link in body.get("links", []):
            if not link.get("href"):
                problems.append("'links' need an href")
    return problems


class AlertReceivers:
    """One loopback server for all three services; everything received is kept in ``received[kind]``."""

    TOKENS = ("T000/B000/GOODTOKEN0000000000000000",)

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.received: dict[str, list[dict[str, Any]]] = {}
        self.raw: list[bytes] = []
        self.incidents: dict[str, list[str]] = {}  # dedup key -> actions in order
        self.failures: dict[str, tuple[int, int]] = {}
        self.reset()
        receivers = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the stdlib's name)
                length = int(self.headers.get("Content-Length", "0"))
                raw = self.rfile.read(length)
                status, content_type, body = receivers.handle(self.path, raw)
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def reset(self) -> None:
        with self.lock:
            self.received = {"slack": [], "teams": [], "pagerduty": []}
            self.raw = []
            self.incidents = {}
            self.failures = {}

    def url(self, path: str) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}{path}"

    def fail_next(self, kind: str, count: int, status: int = 500) -> None:
        with self.lock:
            self.failures[kind] = (count, status)

    def handle(self, path: str, raw: bytes) -> tuple[int, str, bytes]:
        kind = "slack" if path.startswith("/slack/") else "teams" if path.startswith("/teams/") else "pagerduty"
        with self.lock:
            self.raw.append(raw)
            left, status = self.failures.get(kind, (0, 500))
            if left:
                self.failures[kind] = (left - 1, status)
                return status, "text/plain", f"temporarily unavailable {path}".encode()
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        if kind == "slack":
            if "GOOD" not in path:
                return 404, "text/plain", f"no_service {path}".encode()
            problems = slack_problems(body)
            if problems:
                return 400, "text/plain", problems[0].encode()
            self._keep(kind, body)
            return 200, "text/plain", b"ok"
        if kind == "teams":
            problems = teams_problems(body)
            if problems:
                return 400, "application/json", json.dumps({"error": {"message": problems[0]}}).encode()
            self._keep(kind, body)
            return 202, "text/plain", b""
        if path != "/v2/enqueue":
            return 404, "application/json", b'{"status": "not found"}'
        problems = pagerduty_problems(body)
        if problems:
            reply = {"status": "invalid event", "message": "Event object is invalid", "errors": problems}
            return 400, "application/json", json.dumps(reply).encode()
        assert isinstance(body, dict)
        with self.lock:
            self.incidents.setdefault(body["dedup_key"], []).append(body["event_action"])
        self._keep(kind, body)
        reply = {"status": "success", "message": "Event processed", "dedup_key": body["dedup_key"]}
        return 202, "application/json", json.dumps(reply).encode()

    def _keep(self, kind: str, body: Any) -> None:
        with self.lock:
            self.received[kind].append(body)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@contextmanager
def alert_receivers() -> Iterator[AlertReceivers]:
    receivers = AlertReceivers()
    try:
        yield receivers
    finally:
        receivers.close()
