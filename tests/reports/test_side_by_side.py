"""The side-by-side view's pure parts (docs/runs.md, "Reports"): the word diff and how repeats pair."""

from __future__ import annotations

from evaluations.reports.builders import side_by_side as sbs


def attempt(repeat: int, reply: str) -> dict[str, object]:
    return {
        "repeat": repeat,
        "transcript": [{"role": "user", "content": "Q?"}, {"role": "assistant", "content": reply}],
    }


def test_only_changed_words_are_marked_and_whitespace_is_kept() -> None:
    old, new, marked = sbs.word_diff("Refunds within 30 days.\nThanks", "Refunds  within 14 days.\nThanks")

    assert marked
    assert old == [{"op": "same", "text": "Refunds within "}, {"op": "del", "text": "30"},
                   {"op": "same", "text": " days.\nThanks"}]  # fmt: skip
    assert new == [{"op": "same", "text": "Refunds  within "}, {"op": "ins", "text": "14"},
                   {"op": "same", "text": " days.\nThanks"}]  # fmt: skip


def test_answers_too_long_to_compare_are_shown_unmarked() -> None:
    long = " ".join(["word"] * (sbs.DIFF_WORDS_MAX + 1))

    old, new, marked = sbs.word_diff(long, "short")

    assert not marked and old == [{"op": "same", "text": long}] and new == [{"op": "same", "text": "short"}]


def test_each_repeat_pairs_with_the_same_repeat_of_the_baseline_else_its_first() -> None:
    view = sbs.side_by_side(
        current=[attempt(1, "a"), attempt(2, "b"), attempt(5, "c")],
        baseline=[attempt(1, "A"), attempt(2, "b")],
        baseline_run_id=7,
    )

    assert [(p["repeat"], p["baseline"]["repeat"], p["same_repeat"]) for p in view["pairs"]] == [
        (1, 1, True), (2, 2, True), (5, 1, False)]  # fmt: skip
    assert view["pairs"][1]["is_same"] and not view["pairs"][0]["is_same"]


def test_a_baseline_without_attempts_pairs_with_nothing() -> None:
    (pair,) = sbs.side_by_side(current=[attempt(1, "a")], baseline=[], baseline_run_id=7)["pairs"]

    assert pair["baseline"] is None and pair["current_segments"] == [{"op": "ins", "text": "a"}]
