"""Masking sees through invisible characters: a key with zero-width (or other invisible) code points between its
characters is masked like the key, and the text around it is kept as it came (docs/agents.md)."""

from __future__ import annotations

import time

import pytest

from evaluations.connectors.base import ToolCall
from evaluations.outbound.masking import WINDOW, mask_key, redact, redact_json

KEY = "sk-test-SECRET-9f2c7d1e55aa"
MASK = mask_key(KEY)

# Each kind the masking leaves out, by the test's own list (not the production pattern).
INVISIBLES = {
    "zero-width space": "\u200b",
    "zero-width non-joiner": "\u200c",
    "zero-width joiner": "\u200d",
    "left-to-right mark": "\u200e",
    "right-to-left mark": "\u200f",
    "word joiner": "\u2060",
    "function application": "\u2061",
    "invisible times": "\u2062",
    "invisible separator": "\u2063",
    "invisible plus": "\u2064",
    "byte-order mark": "\ufeff",
    "soft hyphen": "\u00ad",
    "variation selector 16": "\ufe0f",
    "variation selector 1": "\ufe00",
    "variation selector 17": "\U000e0100",
    "tag space": "\U000e0020",
    "tag a": "\U000e0061",
    "cancel tag": "\U000e007f",
    "left-to-right override": "\u202d",
    "mongolian vowel separator": "\u180e",
    "combining grapheme joiner": "\u034f",
    "hangul filler": "\u3164",
}
ALL_INVISIBLE = set(INVISIBLES.values())


def visible(text: str) -> str:
    return "".join(c for c in text if c not in ALL_INVISIBLE)


def key_windows_seen(text: str) -> list[str]:
    """The key's 8-character windows a reader sees in ``text`` (invisible characters do not show)."""
    shown = visible(text)
    return sorted({KEY[i : i + WINDOW] for i in range(len(KEY) - WINDOW + 1) if KEY[i : i + WINDOW] in shown})


@pytest.fixture(autouse=True)
def _no_provider_keys(settings) -> None:
    settings.ANTHROPIC_API_KEY = settings.ANTHROPIC_AUTH_TOKEN = ""
    settings.AWS_SECRET_ACCESS_KEY = settings.AWS_SESSION_TOKEN = settings.TRUSTGATE_OPENAI_JUDGE_API_KEY = ""


@pytest.mark.parametrize("kind", list(INVISIBLES))
def test_a_key_with_an_invisible_character_between_each_of_its_characters_is_masked(kind) -> None:
    hidden = INVISIBLES[kind].join(KEY)
    text = f"Your key is {hidden}. Done."
    assert key_windows_seen(text)  # the finding: it reads as the key
    masked = redact(text, KEY)
    assert key_windows_seen(masked) == []
    assert masked == f"Your key is {MASK}. Done."


def test_mixed_runs_of_invisibles_and_partial_echoes_are_masked() -> None:
    hidden = "".join(c + "\u200b\u2060\ufeff"[i % 3] * (i % 4) for i, c in enumerate(KEY))
    partial = "\u00ad".join(KEY[8:20])
    masked = redact(f"a {hidden} b {partial} c", KEY)
    assert key_windows_seen(masked) == []
    assert visible(masked) == f"a {MASK} b {MASK} c"  # invisibles after the last character stay, harmless


def test_invisibles_outside_a_key_are_kept() -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # an emoji sequence joined by ZWJ
    text = f"{family} heart\u2764\ufe0f and soft\u00adhyphen, {KEY}!"
    assert redact(text, KEY) == f"{family} heart\u2764\ufe0f and soft\u00adhyphen, {MASK}!"
    assert redact(f"{family} no key here", KEY) == f"{family} no key here"


def test_a_short_secret_with_invisibles_is_masked_whole() -> None:
    assert redact("pin: a\u200bb\u200cc1\u200d2", "abc12") == "pin: ••••"


def test_tool_calls_and_nested_json_are_masked_through_invisibles() -> None:
    hidden = "\u200b".join(KEY)
    call = ToolCall(name=f"lookup_{hidden}", arguments={"auth": {hidden: [hidden[4:40]]}})
    masked = redact_json(call, KEY)
    assert key_windows_seen(repr(masked)) == []
    assert masked.name == f"lookup_{MASK}"


def test_masking_text_full_of_invisibles_stays_fast() -> None:
    text = ("\u200b".join("ordinary words ") + "\ufeff") * 4000  # about 120 KB, every other character invisible
    started = time.process_time()
    assert redact(text, KEY) == text
    assert time.process_time() - started < 0.5
