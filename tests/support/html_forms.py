"""The fields of a page's form as a browser would post them, read from the HTML a test client got."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any


class _Form(HTMLParser):
    """The fields of the page's main form as a browser would post them (checked boxes only)."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, Any] = {}
        self._textarea: str | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button", "file"):
            if a.get("type") == "checkbox":
                if "checked" in a:
                    self.data[name] = "on"
            else:
                self.data[name] = a.get("value") or ""
        elif tag == "textarea" and name:
            self._textarea = name
            self.data[name] = ""
        elif tag == "select" and name:
            self._select = name
            self.data.setdefault(name, "")
        elif tag == "option" and self._select and "selected" in a:
            self.data[self._select] = a.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "textarea":
            self._textarea = None
        elif tag == "select":
            self._select = None

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.data[self._textarea] += data.removeprefix("\n") if not self.data[self._textarea] else data


def form_fields(client: Any, url: str) -> dict[str, Any]:
    """The fields of the page's forms at ``url`` as a browser would post them."""
    return form_fields_in(client.get(url).content.decode())


def form_fields_in(html: str) -> dict[str, Any]:
    """The fields of the forms of a page already fetched (e.g. one a POST answered) as a browser would post them."""
    parser = _Form()
    parser.feed(html)
    return parser.data
