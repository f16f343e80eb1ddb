"""What changed against the baseline, scenario by scenario (docs/gate.md): the pure state function over each run's
scored attempts, scenarios matched by content, new ones without a baseline and removed ones gone."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import pytest

from evaluations.gate import rules as gate
from evaluations.gate.rules import Change, RunCounts, ScenarioCounts, Tally

PROFILE = gate.Profile(mode=gate.SAVED, suite_id=1, suite_version=1)


def counts(
    scenarios: Mapping[str, tuple[int, int]], *, content: Mapping[str, Any] | None = None, version: int = 1
) -> RunCounts:
    """A run of version ``version`` of a saved suite whose scenario ``key`` passed and failed the given attempts;
    its content is its turn unless given."""
    rows = {
        key: ScenarioCounts(key, f"Scenario {key}", "accuracy", Tally(passed, failed),
                            content={"key": key, "name": f"Scenario {key}",
                                     **(content or {}).get(key, {"kind": "accuracy", "turns": [f"About {key}?"]})})
        for key, (passed, failed) in scenarios.items()
    }  # fmt: skip
    profile = dataclasses.replace(PROFILE, suite_version=version, scenario_keys=frozenset(rows))
    return RunCounts(None, profile, None, {}, 0, 0, rows)


@pytest.mark.parametrize(
    ("baseline", "current", "state"),
    [
        ((3, 0), (3, 0), Change.UNCHANGED),
        ((3, 0), (0, 3), Change.NEW_FAILURE),
        ((0, 3), (3, 0), Change.FIXED),
        ((0, 3), (0, 3), Change.STILL_FAILING),
        ((2, 1), (3, 0), Change.FLAKY),  # mixed in the baseline
        ((3, 0), (1, 2), Change.FLAKY),  # mixed now
        ((0, 3), (2, 1), Change.FLAKY),  # flaky wins over the rest
        ((2, 1), (0, 0), Change.FLAKY),  # even when this run scored nothing
        ((0, 0), (3, 0), Change.NOT_SCORED),  # nothing scored in the baseline: nothing to compare
        ((3, 0), (0, 0), Change.NOT_SCORED),
        ((1, 0), (0, 5), Change.NEW_FAILURE),  # repeats may differ: only the scored ones count
        ((5, 0), (0, 1), Change.NEW_FAILURE),
    ],
)
def test_each_state_from_the_scored_attempts_of_both_runs(baseline, current, state) -> None:
    assert gate.change_state(Tally(*baseline), Tally(*current)) == state


def test_one_failing_repeat_out_of_five_is_flaky_not_a_new_failure() -> None:
    changes = gate.scenario_changes(counts({"a": (5, 0)}), counts({"a": (4, 1)}))

    assert [s.state for s in changes.scenarios] == [Change.FLAKY]


def test_new_scenarios_have_no_baseline_and_removed_ones_are_gone() -> None:
    baseline = counts({"a": (3, 0), "old": (0, 3)})
    current = counts({"a": (0, 3), "new": (3, 0)})

    changes = gate.scenario_changes(baseline, current)

    assert [(s.key, s.state) for s in changes.scenarios] == [
        ("a", Change.NEW_FAILURE),
        ("new", Change.NO_BASELINE),
        ("old", Change.GONE),
    ]
    assert changes.by_key().keys() == {"a", "new"}  # gone ones are not this run's
    gone = changes.of(Change.GONE)[0]
    assert gone.current is None and gone.baseline == Tally(0, 3)


def test_an_edited_scenario_has_no_baseline_even_under_the_same_key() -> None:
    baseline = counts({"a": (3, 0)}, content={"a": {"kind": "accuracy", "turns": ["Old wording?"]}})
    current = counts({"a": (0, 3)}, content={"a": {"kind": "accuracy", "turns": ["New wording?"]}}, version=2)

    changes = gate.scenario_changes(baseline, current)

    assert [s.state for s in changes.scenarios] == [Change.NO_BASELINE]  # it cannot regress: nothing to compare


def test_scenarios_are_matched_by_content_not_by_key() -> None:
    same = {"kind": "accuracy", "turns": ["Refund?"]}
    baseline = counts({"old-key": (0, 3)}, content={"old-key": same})
    current = counts({"new-key": (3, 0)}, content={"new-key": same})

    changes = gate.scenario_changes(baseline, current)

    (row,) = changes.scenarios
    assert (row.key, row.baseline_key, row.state) == ("new-key", "old-key", Change.FIXED)


def test_the_same_suite_version_matches_by_key_and_a_new_one_by_content() -> None:
    same = {"kind": "accuracy", "turns": ["Refund?"]}
    baseline = counts({"a": (3, 0), "b": (3, 0)}, content={"a": same, "b": {"kind": "accuracy", "turns": ["B?"]}})
    renamed = counts({"a2": (0, 3)}, content={"a2": same}, version=2)

    assert [(s.key, s.state) for s in gate.scenario_changes(baseline, counts({"a": (0, 3), "b": (3, 0)})).scenarios] == [
        ("a", Change.NEW_FAILURE), ("b", Change.UNCHANGED)]  # fmt: skip
    assert [(s.key, s.baseline_key, s.state) for s in gate.scenario_changes(baseline, renamed).scenarios] == [
        ("a2", "a", Change.NEW_FAILURE), ("b", "b", Change.GONE)]  # fmt: skip


def test_counts_have_every_state_in_regressions_first_order() -> None:
    changes = gate.scenario_changes(
        counts({"a": (3, 0), "b": (0, 3), "c": (3, 0), "d": (0, 3)}),
        counts({"a": (0, 3), "b": (3, 0), "c": (3, 0), "d": (0, 3)}),
    )

    assert list(changes.counts()) == list(Change)
    assert list(changes.counts())[:3] == [Change.NEW_FAILURE, Change.FLAKY, Change.STILL_FAILING]
    assert changes.counts()[Change.NEW_FAILURE] == changes.counts()[Change.FIXED] == 1
    assert changes.counts()[Change.STILL_FAILING] == changes.counts()[Change.UNCHANGED] == 1
    assert changes.of(Change.FIXED)[0].label == "Fixed"
