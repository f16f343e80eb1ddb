"""The Content-Security-Policy allows no inline script and no inline style: no template may need them. Page
behaviour lives in static/trustgate.js, styles in static/trustgate.css. Email templates are not served pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("templates", "evaluations", "suites", "redteam", "billing")
INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)[^>]*>", re.I)  # a script element without src
EVENT_HANDLER = re.compile(r"\son[a-z]+\s*=", re.I)  # onclick=, onsubmit=, ...
INLINE_STYLE = re.compile(r"\sstyle\s*=|<style\b", re.I)
JS_URL = re.compile(r"(?:href|action|src)\s*=\s*[\"']?\s*javascript:", re.I)
HTMX_EVAL = re.compile(
    r"\shx-on[:-]|\shx-vars=|hx-vals\s*=\s*[\"']\s*js:", re.I
)  # htmx features that evaluate strings (unsafe-eval)


def page_templates() -> list[Path]:
    paths = {path for package in PACKAGES for path in (ROOT / package).rglob("*.html")}
    return sorted(path for path in paths if "email" not in path.parts)


def test_the_templates_are_found() -> None:
    assert len(page_templates()) > 40


@pytest.mark.parametrize("path", page_templates(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_template_needs_inline_script_or_style(path: Path) -> None:
    text = path.read_text()
    for name, pattern in [("inline <script>", INLINE_SCRIPT), ("inline event handler", EVENT_HANDLER),
                          ("inline style", INLINE_STYLE), ("javascript: URL", JS_URL), ("htmx eval", HTMX_EVAL)]:  # fmt: skip
        match = pattern.search(text)
        line = text[: match.start()].count("\n") + 1 if match else 0
        assert match is None, (
            f"{path.relative_to(ROOT)}:{line}: {name} ({match and match.group(0)!r}); move it to static/"
        )
