"""A fake of GitHub's issue-comments REST API on 127.0.0.1, as the GitHub Action's pull-request comment uses it
(docs/ci.md): ``GET``/``POST /repos/{owner}/{repo}/issues/{n}/comments`` and
``PATCH /repos/{owner}/{repo}/issues/comments/{id}``.

It checks the documented request — ``Authorization: Bearer <token>`` (or ``token <token>``), ``Accept:
application/vnd.github+json``, a JSON body with a string ``body`` — and answers GitHub's status codes (401, 404,
415, 422); anything it refuses is kept in ``refused`` so a test can assert there was nothing."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

_LIST = re.compile(r"^/repos/([^/]+)/([^/]+)/issues/(\d+)/comments$")
_ONE = re.compile(r"^/repos/([^/]+)/([^/]+)/issues/comments/(\d+)$")


class FakeGitHub:
    def __init__(self, token: str) -> None:
        self.token = token
        self.comments: dict[int, dict[str, Any]] = {}  # id -> {id, body, issue: (owner, repo, n)}
        self.requests: list[tuple[str, str]] = []
        self.refused: list[str] = []
        self._next_id = 1001
        self._lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def _send(self, status: int, data: Any) -> None:
                body = json.dumps(data).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def _handle(self) -> None:
                with fake._lock:
                    status, data = fake.answer(self.command, self.path, self.headers, self._body())
                self._send(status, data)

            def _body(self) -> bytes:
                length = int(self.headers.get("Content-Length") or 0)
                return self.rfile.read(length) if length else b""

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _handle  # noqa: N815 (the stdlib's names)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}"

    def _refuse(self, status: int, message: str) -> tuple[int, Any]:
        self.refused.append(message)
        return status, {"message": message, "documentation_url": "https://docs.github.com/rest"}

    def answer(self, method: str, target: str, headers: Any, raw: bytes) -> tuple[int, Any]:
        url = urlsplit(target)
        self.requests.append((method, url.path))
        if headers.get("Authorization") not in (f"Bearer {self.token}", f"token {self.token}"):
            return self._refuse(401, "Bad credentials")
        if headers.get("Accept") != "application/vnd.github+json":
            return self._refuse(415, f"Unsupported Accept header {headers.get('Accept')!r}")
        body: Any = None
        if method in ("POST", "PATCH"):
            if not (headers.get("Content-Type") or "").startswith("application/json"):
                return self._refuse(415, "Send the body as JSON")
            try:
                body = json.loads(raw)
            except ValueError:
                return self._refuse(400, "Problems parsing JSON")
            if not isinstance(body, dict) or not isinstance(body.get("body"), str) or not body["body"]:
                return self._refuse(422, "Invalid request: body is a required string")
        if match := _LIST.match(url.path):
            issue = (match.group(1), match.group(2), int(match.group(3)))
            if method == "GET":
                query = parse_qs(url.query)
                per_page, page = int(query.get("per_page", ["30"])[0]), int(query.get("page", ["1"])[0])
                mine = [c for c in self.comments.values() if c["issue"] == issue]
                return 200, [self._public(c) for c in mine[(page - 1) * per_page : page * per_page]]
            if method == "POST":
                comment = {"id": self._next_id, "body": body["body"], "issue": issue}
                self._next_id += 1
                self.comments[comment["id"]] = comment
                return 201, self._public(comment)
        if (match := _ONE.match(url.path)) and method == "PATCH":
            found = self.comments.get(int(match.group(3)))
            if found is None or found["issue"][:2] != (match.group(1), match.group(2)):
                return self._refuse(404, "Not Found")
            found["body"] = body["body"]
            return 200, self._public(found)
        return self._refuse(404, f"Not Found: {method} {url.path}")

    def _public(self, comment: dict[str, Any]) -> dict[str, Any]:
        owner, repo, number = comment["issue"]
        return {"id": comment["id"], "body": comment["body"], "user": {"login": "github-actions[bot]"},
                "html_url": f"https://github.com/{owner}/{repo}/pull/{number}#issuecomment-{comment['id']}"}  # fmt: skip

    def on(self, owner: str, repo: str, number: int) -> list[dict[str, Any]]:
        return [c for c in self.comments.values() if c["issue"] == (owner, repo, number)]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@contextmanager
def fake_github(token: str) -> Iterator[FakeGitHub]:
    server = FakeGitHub(token)
    try:
        yield server
    finally:
        server.close()
