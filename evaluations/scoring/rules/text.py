"""Text normalisation the rules share: NFKC and curly-quote folding, word characters, sentences, invisibles."""

from __future__ import annotations

import re
import unicodedata

from evaluations.scoring.decoding import INVISIBLE

__all__ = ["INVISIBLE", "is_word_char", "nfc", "norm", "sentences"]

_QUOTES = {0x2018: "'", 0x2019: "'", 0x201B: "'", 0x02BC: "'", 0x2032: "'", 0x201C: '"', 0x201D: '"'}


def norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text).translate(_QUOTES)


def is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_" or unicodedata.category(ch).startswith("M")


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?।])\s+|\n+", text.strip()) if s.strip()]


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)
