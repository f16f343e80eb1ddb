"""HTTP with the standard library (urllib.request): JSON in and out, every answer returned, never raised.

Keys travel only in headers; nothing here prints or logs a request."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any

USER_AGENT = "trustgate-cli/1.0"


@dataclass
class Answer:
    """One HTTP answer. ``status`` is 0 when there was none (refused connection, timeout); ``error`` says why."""

    status: int
    data: Any = None
    text: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    error: str = ""

    def detail(self) -> str:
        """The server's message: ``detail``, or every field error as ``field: message``."""
        if self.status == 0:
            return self.error
        data = self.data
        if isinstance(data, dict):
            if "detail" in data:
                return str(data["detail"])
            parts = []
            for key, value in data.items():
                text = " ".join(str(v) for v in value) if isinstance(value, list) else str(value)
                parts.append(f"{key}: {text}")
            return "; ".join(parts)
        return self.text[:500]

    def header(self, name: str) -> str:
        return self.headers.get(name.lower(), "")


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect would resend the Authorization header to wherever it points: answer it as it is instead."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirects)


def request(
    method: str, url: str, *, headers: dict[str, str], body: Any = None, timeout: float = 300, raw: bool = False
) -> Answer:
    data = None if body is None else json.dumps(body).encode()
    all_headers = {"User-Agent": USER_AGENT, **headers}
    if data is not None:
        all_headers.setdefault("Content-Type", "application/json")
    req = urllib.request.Request(url, data=data, method=method, headers=all_headers)
    try:
        with _OPENER.open(req, timeout=timeout) as response:
            status, content, response_headers = response.status, response.read(), response.headers
    except urllib.error.HTTPError as error:
        status, content, response_headers = error.code, error.read(), error.headers
    except (urllib.error.URLError, OSError, ValueError) as error:
        reason = getattr(error, "reason", error)
        return Answer(status=0, error=f"no answer from {url.split('?')[0]}: {reason}")
    text = content.decode("utf-8", "replace")
    parsed: Any = None
    if not raw or status >= 400:  # a refusal is JSON whatever was asked for
        try:
            parsed = json.loads(text) if text else None
        except ValueError:
            parsed = None
    return Answer(
        status=status, data=parsed, text=text, headers={k.lower(): v for k, v in (response_headers or {}).items()}
    )


class Api:
    """The Trustgate CI API at ``base_url`` with a personal API key (``Authorization: Bearer``)."""

    def __init__(self, base_url: str, key: str, *, timeout: float = 300) -> None:
        self.base_url = base_url.rstrip("/")
        self.key = key
        self.timeout = timeout

    def url(self, path: str) -> str:
        return f"{self.base_url}/api/v1/{path.lstrip('/')}"

    def call(
        self, method: str, path: str, body: Any = None, *, headers: dict[str, str] | None = None, raw: bool = False
    ) -> Answer:
        all_headers = {"Authorization": f"Bearer {self.key}", "Accept": "application/json", **(headers or {})}
        return request(method, self.url(path), headers=all_headers, body=body, timeout=self.timeout, raw=raw)
