"""Agreement figures from known label sets: a judge that flips verdicts at fixed positions gives exact accuracy,
kappa and confusion matrices."""

from __future__ import annotations

import pytest

from evaluations.scoring.calibration import MIN_EXAMPLES, agreement, overrule_sentence


def scripted(labels: list[str], flip_every: int) -> list[tuple[str, str]]:
    """(judge, human) pairs where the judge flips every ``flip_every``-th label and copies the rest."""
    flip = {"pass": "fail", "fail": "pass"}
    return [(flip[h] if (i + 1) % flip_every == 0 else h, h) for i, h in enumerate(labels)]


def test_a_judge_flipping_one_verdict_in_ten_of_a_balanced_set() -> None:
    labels = ["fail", "pass"] * 50  # 100 labels, 50 fail
    result = agreement(scripted(labels, flip_every=10))  # positions 9, 19, ...: all "pass" (odd index)
    assert (result.tp, result.fp, result.fn, result.tn) == (50, 10, 0, 40)
    assert result.accuracy == pytest.approx(0.9)
    # pe = 0.6 * 0.5 + 0.4 * 0.5 = 0.5, so kappa = (0.9 - 0.5) / 0.5 = 0.8
    assert result.kappa == pytest.approx(0.8)
    assert result.precision_fail == pytest.approx(50 / 60)
    assert result.recall_fail == pytest.approx(1.0)
    assert result.kappa_interval is not None
    low, high = result.kappa_interval
    se = (0.9 * 0.1 / (100 * 0.25)) ** 0.5  # Cohen's large-sample standard error
    assert low == pytest.approx(0.8 - 1.959964 * se) and high == pytest.approx(0.8 + 1.959964 * se)
    assert result.warning() == ""  # 100 examples, kappa 0.8: trusted


def test_a_judge_that_agrees_only_by_chance_is_flagged() -> None:
    pairs = [("pass", "pass")] * 20 + [("pass", "fail")] * 10 + [("fail", "pass")] * 10 + [("fail", "fail")] * 14
    result = agreement(pairs)
    assert result.n == 54 and result.accuracy == pytest.approx(34 / 54)
    assert result.kappa is not None and result.kappa < 0.6
    assert result.warning() == (
        f"This judge agrees with your reviewers on 63 % of 54 examples, κ = {result.kappa:.2f}: "
        "treat its verdicts with care."
    )


def test_too_few_examples_and_undefined_kappa() -> None:
    assert "fewer than 30" in agreement([("pass", "pass")] * (MIN_EXAMPLES - 1)).warning()
    assert agreement([]).warning().startswith("This judge configuration has no reviewed examples")
    everyone_passes = agreement([("pass", "pass")] * 40)
    assert everyone_passes.kappa is None and everyone_passes.kappa_interval is None
    assert "κ = undefined" in everyone_passes.warning()
    assert everyone_passes.precision_fail is None and everyone_passes.recall_fail is None


def test_anything_but_pass_or_fail_is_refused() -> None:
    with pytest.raises(ValueError, match="pass or fail"):
        agreement([("not_scored", "pass")])


def test_overrule_sentence() -> None:
    assert overrule_sentence(0) == ""
    assert overrule_sentence(1).startswith("1 verdict overruled by reviewers")
    assert overrule_sentence(2).startswith("2 verdicts overruled by reviewers")
