"""The decodings the scans look through (docs/scoring.md, Encoded leaks): one decoder for the canary, the secret
markers and PII.

The whole-text view: hidden or look-alike characters revealed (Unicode tag characters decoded to ASCII,
zero-width and other invisible characters dropped, fullwidth and other compatibility forms NFKC-folded, Cyrillic
and Greek look-alikes mapped to Latin), with the source index of each revealed character. Span views, decoded
only where the text looks encoded: base64 runs (standard or URL-safe alphabet, wrapped or not, nested once) and
tokens holding a %XX escape (URL-encoding). Each decoding keeps the span of the source text it came from, so what
is found in it can be masked where it was written. ROT13, leetspeak and dropped separators are the canary's and
the markers' only (``rules.canary``): ROT13 leaves digits alone, and the other two turn digits into letters.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import functools
import re
import unicodedata
from urllib.parse import unquote_plus

HIDDEN = "hidden or look-alike characters"
ROT13 = "ROT13"
BASE64 = "base64"
URL_ENCODING = "URL-encoding"

# Soft hyphen, zero-width, bidi-control and other invisible characters: a translate() table that drops them.
INVISIBLE = dict.fromkeys(
    [0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x3164, 0xFEFF, 0xFFA0]
    + list(range(0x200B, 0x2010))
    + list(range(0x202A, 0x202F))
    + list(range(0x2060, 0x2070))
    + list(range(0xFE00, 0xFE10)),
    None,
)

_HOMOGLYPHS = str.maketrans(
    # Cyrillic
    "АВЕЅІЈКМНОРСТХУаеіјорсуххѕԁԛԝһӏ"
    # Greek
    "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧοικνρυτ",
    "ABESIJKMHOPCTXYaeijopcyxxsdqwhlABEZHIKMNOPTYXoikvput",
)
_NON_ASCII = re.compile(r"[^\x00-\x7f]")
_B64_RUN = re.compile(r"[A-Za-z0-9+/_-]{8,}={0,2}(?:\s+[A-Za-z0-9+/_-]{4,}={0,2})*")
_B64_TAIL = re.compile(r"[ \t]*\r?\n?[ \t]*([A-Za-z0-9+/_-]{4,}={0,2})(?![A-Za-z0-9+/_=-])")  # a wrap's last line
_WORD = re.compile(r"[A-Za-z][a-z]*(?:-[A-Za-z]?[a-z]*)*")  # "Outfitters", "well-known": base64 of text never is
_TOKEN = re.compile(r"\S+")
_PCT_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")  # a token holding one is read URL-decoded ("sam%40mail.com")


@dataclasses.dataclass(frozen=True)
class Decoded:
    how: str  # BASE64 or URL_ENCODING
    start: int  # the span of the source text that decodes to ``text``
    end: int
    text: str


@functools.lru_cache(maxsize=4096)
def _reveal_char(ch: str) -> str:
    cp = ord(ch)
    if 0xE0000 <= cp <= 0xE007F:  # tag characters: the printable ones spell ASCII, the rest say nothing
        return chr(cp - 0xE0000) if 0xE0020 <= cp <= 0xE007E else ""
    if cp in INVISIBLE:
        return ""
    return unicodedata.normalize("NFKC", ch).translate(_HOMOGLYPHS)


def reveal_mapped(text: str) -> tuple[str, list[int] | None]:
    """``text`` with hidden and look-alike characters revealed, and the source index of each revealed character
    (None when nothing changed: the text is its own revealed form). Only non-ASCII characters change."""
    if text.isascii():
        return text, None
    changes = [(m.start(), rep) for m in _NON_ASCII.finditer(text) if (rep := _reveal_char(m.group())) != m.group()]
    if not changes:
        return text, None
    out: list[str] = []
    positions: list[int] = []
    last = 0
    for index, rep in changes:
        out += [text[last:index], rep]
        positions += [*range(last, index), *[index] * len(rep)]
        last = index + 1
    out.append(text[last:])
    positions += range(last, len(text))
    return "".join(out), positions


def reveal(text: str) -> str:
    """Hidden and look-alike characters revealed, NFKC over the whole (combining marks composed)."""
    return unicodedata.normalize("NFKC", reveal_mapped(text)[0])


def _base64_text(chunk: str) -> str | None:
    data = chunk.rstrip("=").replace("-", "+").replace("_", "/")
    data = data[: len(data) - (len(data) % 4 == 1)]
    try:
        raw = base64.b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        return None
    plain = raw.decode("utf-8", errors="ignore")
    if plain.isprintable() or sum(ch.isprintable() for ch in plain) >= 0.8 * max(1, len(plain)):
        return plain
    return None


Piece = tuple[int, int, str]  # (start, end, text) of a whitespace-separated piece of a base64 run


def _prose_runs(text: str) -> list[list[Piece]]:
    """Every base64-looking run, as its whitespace-separated pieces (prose words included)."""
    return [
        [(m.start() + p.start(), m.start() + p.end(), p.group()) for p in _TOKEN.finditer(m.group())]
        for m in _B64_RUN.finditer(text)
    ]


def _encoded_runs(text: str, min_chars: int) -> list[list[Piece]]:
    """The runs that can hold an encoded value: tokens of ``min_chars`` or more base64 characters that are not
    words, those separated only by whitespace grouped as one wrapped run (with a short last line)."""
    runs: list[list[Piece]] = []
    for m in re.finditer(rf"[A-Za-z0-9+/_-]{{{min_chars},}}={{0,2}}", text):
        if _WORD.fullmatch(m.group().rstrip("=")):
            continue
        piece = (m.start(), m.end(), m.group())
        if runs and text[runs[-1][-1][1] : m.start()].isspace():
            runs[-1].append(piece)
        else:
            runs.append([piece])
    for run in runs:
        tail = _B64_TAIL.match(text, run[-1][1])
        if tail and not _WORD.fullmatch(tail.group(1).rstrip("=")):
            run.append((tail.start(1), tail.end(1), tail.group(1)))
    return runs


def _base64_spans(text: str, depth: int, min_chars: int, words: bool) -> list[Decoded]:
    """Each base64-looking run (each piece of a wrapped run, and the pieces joined) that decodes to mostly
    printable text, with its span; a decoding that holds base64 again is decoded once more (same span). Without
    ``words``, only runs of ``min_chars`` or more that are not words are read: ordinary prose costs one pass of
    a regular expression."""
    decoded: list[Decoded] = []
    for pieces in _prose_runs(text) if words else _encoded_runs(text, min_chars):
        chunks = {chunk: (start, end) for start, end, chunk in pieces}
        if len(pieces) > 1:
            chunks.setdefault("".join(p[2] for p in pieces), (pieces[0][0], pieces[-1][1]))
        for chunk, (start, end) in chunks.items():
            plain = _base64_text(chunk) if len(chunk) >= min_chars else None
            if plain is None:
                continue
            decoded.append(Decoded(BASE64, start, end, plain))
            if depth > 1:
                decoded += [Decoded(BASE64, start, end, d.text) for d in _base64_spans(plain, 1, min_chars, words)]
    return decoded


def _url_spans(text: str) -> list[Decoded]:
    if "%" not in text:
        return []
    spans = []
    for m in _TOKEN.finditer(text):  # tokens, then a search in each: linear, however long a token is
        if "%" in m.group() and _PCT_ESCAPE.search(m.group()):
            spans.append(Decoded(URL_ENCODING, m.start(), m.end(), unquote_plus(m.group())))
    return spans


@functools.lru_cache(maxsize=128)
def decoded_spans(text: str, *, min_chars: int = 8, words: bool = True) -> tuple[Decoded, ...]:
    """The span decodings of ``text`` (base64, URL-encoding), also of its revealed form (a base64 run laced with
    zero-width characters), each with the span of ``text`` it decodes: computed once per text, however many
    values (the canary, each marker) are looked for in it.

    ``min_chars`` and ``words=False`` narrow the base64 runs decoded to those that can hold what a scan looks
    for: PII (a card number is 20 base64 characters, a short address 12) never hides in a run of prose words,
    and skipping them keeps the scan of ordinary text cheap (``bench/pii_scan.py``)."""
    found = _base64_spans(text, 2, min_chars, words) + _url_spans(text)
    revealed, positions = reveal_mapped(text)
    if positions is not None:
        for d in _base64_spans(revealed, 2, min_chars, words) + _url_spans(revealed):
            start, end = positions[d.start], positions[d.end - 1] + 1
            found.append(Decoded(d.how, start, end, d.text))
    return tuple(found)
