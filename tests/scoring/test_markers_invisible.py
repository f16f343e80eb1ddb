"""A secret marker laced with invisible characters is masked in stored and shown text like a plain copy: zero-width,
soft hyphen, bidi, variation-selector and tag characters between its letters hide nothing (docs/agents.md)."""

from __future__ import annotations

import pytest

from evaluations.scoring.rules import mask_markers

MARKER = "PRJ-ORCHID-7731"
OTHER = "staff override phrase bluebird"
INVISIBLES = ["\u200b", "\u200c", "\u200d", "\u00ad", "\u2060", "\u202e", "\ufe0f", "\U000e0041", "\u200b\u00ad"]


def laced(text: str, invisible: str) -> str:
    return invisible.join(text)


@pytest.mark.parametrize("invisible", INVISIBLES)
def test_a_marker_with_an_invisible_character_between_each_letter_is_masked(invisible: str) -> None:
    text = f"Sure, the id is {laced(MARKER, invisible)} as asked."
    masked = mask_markers(text, [MARKER])
    assert masked == "Sure, the id is [secret marker 1 “PR…”] as asked."


def test_case_and_invisibles_together_and_two_markers_keep_their_own_labels() -> None:
    text = f"a {laced(MARKER.lower(), chr(0x200B))} b {laced(OTHER.upper(), chr(0xAD))} c {MARKER}"
    masked = mask_markers(text, [MARKER, OTHER])
    assert masked == "a [secret marker 1 “PR…”] b [secret marker 2 “st…”] c [secret marker 1 “PR…”]"


def test_invisibles_outside_a_marker_are_kept_as_they_came() -> None:
    text = "family 👨\u200d👩\u200d👧 and ❤\ufe0f, no marker"
    assert mask_markers(text, [MARKER]) == text


def test_a_marker_typed_with_an_invisible_character_still_masks_the_plain_copy() -> None:
    assert mask_markers(f"id {MARKER}.", ["PRJ-\u200bORCHID-7731"]) == "id [secret marker 1 “PR…”]."


def test_a_long_reply_full_of_invisibles_keeps_its_text_and_loses_only_the_marker() -> None:
    filler = ("\u200b" * 50 + "word ") * 4_000
    masked = mask_markers(filler + laced(MARKER, "\u200b"), [MARKER] + [f"marker-number-{n:03}" for n in range(49)])
    assert masked == filler + "[secret marker 1 “PR…”]"
