"""Masking of secrets: the only form of a key Trustgate ever stores, shows, exports, logs or forwards.

``redact(text, *secrets)`` is the one masking function: every boundary where agent (or model) text enters
storage, a page, an export, an alert, a log line or a model prompt calls it, or ``redact_json`` for tool calls
and other JSON-like values (keys and values, nested). The provider credentials in settings are always masked
too, whichever secrets the caller names.

What is masked: any run of ``WINDOW`` (8) or more consecutive characters of a secret, raw or in an encoded form
(URL-encoded, JSON-escaped, base64 at any byte offset), so a partial echo such as ``SECRET-9f2c7d1e55aa`` of
``sk-test-SECRET-9f2c7d1e55aa`` is caught. Overlapping matches become one masked span, shown as
``mask_key(secret)``. A secret shorter than the window is matched whole.

Invisible characters do not hide a key: zero-width spaces and joiners, the soft hyphen, word joiners and
invisible operators, bidirectional controls, variation selectors, tag characters and fillers (``INVISIBLE``)
are left out before the window search, so ``s\u200bk\u200b-…`` is found like ``sk-…``. The masked span is
replaced whole, invisible characters inside it included; text outside a masked span is kept as it came
(an emoji's joiners and variation selectors too) (docs/agents.md).

Speed: the windows of every form are built once per set of secrets and found by sampling (see ``Masker``), so
a 64 KB reply is scanned in about a millisecond.
"""

from __future__ import annotations

import base64
import bisect
import dataclasses
import functools
import json
import re
from collections.abc import Callable, Iterable
from typing import Any, TypeVar, cast
from urllib.parse import quote, quote_plus

from django.conf import settings

__all__ = [
    "INVISIBLE",
    "WINDOW",
    "Masker",
    "map_strings",
    "mask_key",
    "masker",
    "provider_secrets",
    "redact",
    "redact_json",
    "visible_text",
]

WINDOW = 8
_SHORT_KEY = 12
_MIN_PROVIDER_SECRET = 6  # shorter provider values ("test") are too common to replace safely
_PERCENT = re.compile(r"%[0-9A-F]{2}")
# Code points that render as nothing: left out before a key is looked for (first and last of each range).
_INVISIBLE_RANGES = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
    (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0x1BCA0, 0x1BCA3), (0xE0000, 0xE007F), (0xE0100, 0xE01EF),
)  # fmt: skip
INVISIBLE = re.compile("[" + "".join(f"{chr(a)}-{chr(b)}" for a, b in _INVISIBLE_RANGES) + "]+")
# The same set, to tell in one C-level pass (well under a millisecond for 64 KB) that a text has none.
_INVISIBLE_CHARS = frozenset(chr(c) for a, b in _INVISIBLE_RANGES for c in range(a, b + 1))

T = TypeVar("T")


def mask_key(key: str) -> str:
    """``sk-…9f2c`` for a normal key; short keys reveal at most their last 2 characters."""
    if not key:
        return ""
    if len(key) >= _SHORT_KEY:
        return f"{key[:3]}…{key[-4:]}"
    if len(key) >= 8:
        return f"…{key[-2:]}"
    return "••••"


def map_strings(value: Any, change: Callable[[str], str]) -> Any:
    """``value`` with ``change`` applied to every string in it, dict keys included, through lists, tuples, dicts
    and dataclasses (a ``ToolCall``, a ``Turn``, an ``AgentReply``); anything else is returned as it is."""
    if isinstance(value, str):
        return change(value)
    if isinstance(value, list):
        return [map_strings(item, change) for item in value]
    if isinstance(value, tuple):
        return tuple(map_strings(item, change) for item in value)
    if isinstance(value, dict):
        return {map_strings(key, change): map_strings(item, change) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changed = {f.name: map_strings(getattr(value, f.name), change) for f in dataclasses.fields(value) if f.init}
        return dataclasses.replace(value, **changed)
    return value


def _forms(secret: str) -> set[str]:
    """The ways a secret tends to be echoed back: raw, URL-encoded, JSON-escaped, base64.

    base64 is taken from each of the first three characters of a key of a window or more, so the key (or part of
    it) encoded inside a longer string lines up with one of them whatever its offset.
    """
    raw = secret.encode("utf-8")
    forms = {
        secret,
        quote(secret, safe=""),
        quote_plus(secret, safe=""),
        json.dumps(secret)[1:-1],
        json.dumps(secret, ensure_ascii=False)[1:-1],
    }
    for offset in range(3) if len(secret) >= WINDOW else (0,):
        forms.add(base64.b64encode(raw[offset:]).decode("ascii"))
        forms.add(base64.urlsafe_b64encode(raw[offset:]).decode("ascii"))
    forms |= {_PERCENT.sub(lambda m: m.group().lower(), form) for form in forms}
    forms |= {form.rstrip("=") for form in forms}
    return {form for form in forms if form}


def _needles(secret: str) -> set[str]:
    """Every string that must not survive: each window of each form (a short secret's forms whole)."""
    needles: set[str] = set()
    for form in _forms(secret):
        if len(secret) < WINDOW or len(form) < WINDOW:
            needles.add(form)
        else:
            needles.update(form[i : i + WINDOW] for i in range(len(form) - WINDOW + 1))
    return needles


_STRIDE = 5
_GRAM = WINDOW + 1 - _STRIDE  # every window holds the gram that starts at a multiple of the stride inside it
# The gram at each multiple of the stride, in one C-level pass.
_SAMPLES = re.compile(f"(.{{{_GRAM}}}).{{{_STRIDE - _GRAM}}}", re.DOTALL)


class Masker:
    """Masks a fixed set of secrets. Built once per set of secrets (see ``masker``); cheap to call per reply.

    Speed: a window of 8 characters always contains the 4 characters that start at the multiple of 5 inside
    it, so the text is first sampled there (one C-level ``findall``, about 1 ms for 64 KB); only where a
    sample belongs to some secret are the windows around it looked up.
    """

    def __init__(self, secrets: Iterable[str]) -> None:
        self._masked: dict[str, str] = {}  # window -> the mask its span is replaced with
        short: dict[str, str] = {}  # the forms of secrets shorter than a window, matched whole
        # Longest secrets first, so a window shared with a shorter secret shows the longer one's mask.
        for secret in sorted({s for s in secrets if s}, key=len, reverse=True):
            # Matched in text with the invisible characters left out, so the secret is too.
            for needle in _needles(INVISIBLE.sub("", secret) or secret):
                (self._masked if len(needle) == WINDOW else short).setdefault(needle, mask_key(secret))
        self._short = short
        self._short_pattern = (
            re.compile("|".join(re.escape(n) for n in sorted(short, key=len, reverse=True))) if short else None
        )
        self._grams = frozenset(window[i : i + _GRAM] for window in self._masked for i in range(WINDOW - _GRAM + 1))

    def __bool__(self) -> bool:
        return bool(self._masked or self._short)

    def _window_spans(self, text: str) -> list[tuple[int, int, str]]:
        samples = _SAMPLES.findall(text)
        if len(text) % _STRIDE >= _GRAM:  # the last gram ends the text, with no character after it to consume
            samples.append(text[len(samples) * _STRIDE :][:_GRAM])
        hits = self._grams.intersection(samples)
        if not hits:
            return []
        anchors: set[int] = set()  # every place a sampled gram occurs (a superset of the sampled places)
        for gram in hits:
            at = text.find(gram)
            while at != -1:
                anchors.add(at)
                at = text.find(gram, at + 1)
        starts = sorted({start for at in anchors for start in range(max(0, at - WINDOW + _GRAM), at + 1)})
        return [
            (start, start + WINDOW, mask)
            for start in starts
            if (mask := self._masked.get(text[start : start + WINDOW])) is not None
        ]

    def _spans(self, text: str) -> list[tuple[int, int, str]]:
        found = self._window_spans(text) if self._masked else []
        if self._short_pattern is not None:
            found += [(m.start(), m.end(), self._short[m.group()]) for m in self._short_pattern.finditer(text)]
        return found

    def text(self, text: str) -> str:
        """``text`` with every run of a secret replaced by the secret's masked form (overlaps merged), found
        with the invisible characters left out (``INVISIBLE``)."""
        if not text or not self:
            return text
        visible, where = visible_text(text)
        # A span of the visible text, mapped back: from its first character to just after its last one.
        found = [(where(start), where(end - 1) + 1, mask) for start, end, mask in self._spans(visible)]
        if not found:
            return text
        found.sort()
        parts: list[str] = []
        last = 0  # the end of the text already handled
        for start, end, mask in found:
            if start < last:  # overlaps the span just masked: widen it
                last = max(last, end)
                continue
            parts += [text[last:start], mask]
            last = end
        parts.append(text[last:])
        return "".join(parts)

    def json(self, value: T) -> T:
        """``value`` (a tool call, its arguments, any JSON-like structure) with every string masked, keys too."""
        return cast(T, map_strings(value, self.text)) if self else value


def visible_text(text: str) -> tuple[str, Callable[[int], int]]:
    """``text`` with its invisible characters (``INVISIBLE``) left out, and the map from an index of that text to
    one of ``text``. A span ``[start, end)`` found in it is ``[where(start), where(end - 1) + 1)`` in ``text``."""
    if text.isascii() or _INVISIBLE_CHARS.isdisjoint(text):
        return text, _same
    return _visible(text, [(m.start(), m.end()) for m in INVISIBLE.finditer(text)])


def _same(index: int) -> int:
    return index


def _visible(text: str, runs: list[tuple[int, int]]) -> tuple[str, Callable[[int], int]]:
    """``text`` without its invisible ``runs``, and the map from an index of that text to one of ``text``."""
    pieces: list[str] = []
    starts: list[int] = []  # where each kept piece starts in the visible text
    origins: list[int] = []  # ... and in ``text``
    kept = 0
    last = 0
    for start, end in [*runs, (len(text), len(text))]:
        if start > last:
            starts.append(kept)
            origins.append(last)
            pieces.append(text[last:start])
            kept += start - last
        last = end

    def where(index: int) -> int:
        piece = bisect.bisect_right(starts, index) - 1
        return origins[piece] + index - starts[piece]

    return "".join(pieces), where


def provider_secrets() -> tuple[str, ...]:
    """The judge and generation providers' credentials and the SMTP password from settings (the values long enough to mask)."""
    values = (
        settings.ANTHROPIC_API_KEY,
        settings.ANTHROPIC_AUTH_TOKEN,
        settings.AWS_SECRET_ACCESS_KEY,
        settings.AWS_SESSION_TOKEN,
        settings.TRUSTGATE_OPENAI_JUDGE_API_KEY,
        settings.EMAIL_HOST_PASSWORD,  # an SMTP error may quote the login
    )
    return tuple(value for value in values if len(value) >= _MIN_PROVIDER_SECRET)


@functools.lru_cache(maxsize=16)
def _masker(secrets: frozenset[str]) -> Masker:
    return Masker(secrets)


def masker(*secrets: str) -> Masker:
    """The masker for ``secrets`` plus the provider credentials; built once per set, then reused."""
    return _masker(frozenset(secret for secret in (*secrets, *provider_secrets()) if secret))


def redact(text: str, *secrets: str) -> str:
    """``text`` with each secret (and the provider credentials) masked: any 8 consecutive characters of one,
    raw or encoded. "Bearer <key>" becomes "Bearer sk-…9f2c"."""
    if not text:
        return text
    return masker(*secrets).text(text)


def redact_json(value: T, *secrets: str) -> T:
    """``redact`` for every string inside a JSON-like value (tool-call names and arguments, keys included)."""
    return masker(*secrets).json(value)
