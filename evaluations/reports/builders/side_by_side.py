"""A scenario opened on a run compared with a baseline: the baseline's answer beside this run's, repeat by repeat
(the same repeat in the baseline when it has one, else its first), the words that differ marked, with both runs'
verdicts, rule findings and judge rationales (docs/runs.md, "Reports"). Pure: the attempts come as
``data.attempt_view`` dicts (their text masked when written; nothing here unmasks). The diff is a list of plain
segments the template escapes like any other text: agent text is hostile, so no markup is built here."""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from typing import Any

DIFF_WORDS_MAX = 4000  # words per answer marked word by word; a longer pair is shown unmarked (difflib is quadratic)
_TOKENS = re.compile(r"\s+|[^\s]+")


def answer_text(attempt: dict[str, Any]) -> str:
    """The agent's replies of one conversation, in order, one paragraph each."""
    return "\n\n".join(turn["content"] for turn in attempt["transcript"] if turn["role"] == "assistant")


def word_diff(old: str, new: str) -> tuple[list[dict[str, str]], list[dict[str, str]], bool]:
    """``(old segments, new segments, marked)``: each side as ``{"op", "text"}`` segments, ``op`` being "same",
    "del" (only in ``old``) or "ins" (only in ``new``); whitespace is kept as it was. ``marked`` is False when an
    answer is too long to compare word by word: each side is then one "same" segment."""
    a, b = _TOKENS.findall(old), _TOKENS.findall(new)
    if sum(not t.isspace() for t in a) > DIFF_WORDS_MAX or sum(not t.isspace() for t in b) > DIFF_WORDS_MAX:
        return [{"op": "same", "text": old}], [{"op": "same", "text": new}], False
    left: list[dict[str, str]] = []
    right: list[dict[str, str]] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            _add(left, "same", a[i1:i2])
            _add(right, "same", b[j1:j2])
            continue
        _add(left, "del", a[i1:i2])
        _add(right, "ins", b[j1:j2])
    return left, right, True


def _add(segments: list[dict[str, str]], op: str, tokens: Sequence[str]) -> None:
    """Append ``tokens`` as a segment, merged with the previous one of the same kind. Only words are marked: the
    whitespace around a changed run of words is not (a changed space is not a changed word)."""
    text = "".join(tokens)
    core = text.strip()
    if op == "same" or not core:
        _append(segments, "same", text)
        return
    start = text.index(core)
    _append(segments, "same", text[:start])
    _append(segments, op, core)
    _append(segments, "same", text[start + len(core) :])


def _append(segments: list[dict[str, str]], op: str, text: str) -> None:
    if not text:
        return
    if segments and segments[-1]["op"] == op:
        segments[-1]["text"] += text
    else:
        segments.append({"op": op, "text": text})


def side_by_side(
    *, current: Sequence[dict[str, Any]], baseline: Sequence[dict[str, Any]], baseline_run_id: int
) -> dict[str, Any]:
    """``{"baseline_run_id", "pairs"}``: one pair per repeat of this run (``current``, by repeat), each with the
    baseline attempt of the same repeat or else the baseline's first (``baseline`` empty: none), both answers as
    diff segments."""
    by_repeat = {attempt["repeat"]: attempt for attempt in baseline}
    first = baseline[0] if baseline else None
    pairs = []
    for attempt in current:
        before = by_repeat.get(attempt["repeat"], first)
        old, new, marked = word_diff(answer_text(before) if before is not None else "", answer_text(attempt))
        pairs.append({
            "repeat": attempt["repeat"],
            "current": attempt,
            "baseline": before,
            "same_repeat": before is not None and before["repeat"] == attempt["repeat"],
            "baseline_segments": old,
            "current_segments": new,
            "is_marked": marked,
            "is_same": old == new,
        })  # fmt: skip
    return {"baseline_run_id": baseline_run_id, "pairs": pairs}
