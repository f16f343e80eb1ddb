"""Text normalisation the rules share: NFKC and curly-quote folding, word characters, sentences, invisibles."""

from __future__ import annotations

import re
import unicodedata

_QUOTES = {0x2018: "'", 0x2019: "'", 0x201B: "'", 0x02BC: "'", 0x2032: "'", 0x201C: '"', 0x201D: '"'}


def norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text).translate(_QUOTES)


def is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_" or unicodedata.category(ch).startswith("M")


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?।])\s+|\n+", text.strip()) if s.strip()]


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


# Soft hyphen, zero-width, bidi-control and other invisible characters: a translate() table that drops them.
INVISIBLE = dict.fromkeys(
    [0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x3164, 0xFEFF, 0xFFA0]
    + list(range(0x200B, 0x2010))
    + list(range(0x202A, 0x202F))
    + list(range(0x2060, 0x2070))
    + list(range(0xFE00, 0xFE10)),
    None,
)
