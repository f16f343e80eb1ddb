"""What changed against the baseline, scenario by scenario (docs/gate.md, "What changed, scenario by scenario"):
each scenario of a run compared with the baseline is a new failure, fixed, still failing, flaky, unchanged, not
scored in one of the runs, without a baseline yet, or gone since the baseline. Pure: the two runs' per-scenario
attempt tallies in (not-scored and errored attempts already left out), one state per scenario out. The report, the
JSON report and the CI API read the states from here, so they never disagree."""

from __future__ import annotations

import dataclasses
import enum

from evaluations.gate.rules.changes import Scenario, match_scenarios
from evaluations.gate.rules.comparison import scenario_set_difference
from evaluations.gate.rules.counts import SAVED, Profile, RunCounts, Tally
from evaluations.scoring.flakiness import FAILING, FLAKY, PASSING, scenario_flakiness


class Change(enum.StrEnum):
    """A scenario's state against the baseline (its value is what the JSON report and the CI API say)."""

    NEW_FAILURE = "new_failure"
    FLAKY = "flaky"
    STILL_FAILING = "still_failing"
    NOT_SCORED = "not_scored"
    NO_BASELINE = "no_baseline"
    FIXED = "fixed"
    UNCHANGED = "unchanged"
    GONE = "gone"


# Regressions first, then what needs no action (the order of ``Change``): the report's links and lists follow it.
CHANGE_ORDER = tuple(Change)
CHANGE_LABELS = {
    Change.NEW_FAILURE: "New failure",
    Change.FLAKY: "Flaky",
    Change.STILL_FAILING: "Still failing",
    Change.NOT_SCORED: "Not scored in one run",
    Change.NO_BASELINE: "No baseline yet",
    Change.FIXED: "Fixed",
    Change.UNCHANGED: "Unchanged",
    Change.GONE: "Gone since the baseline",
}
# (baseline stability, current stability) of a scenario neither flaky nor unscored in either run → its state.
_BY_STABILITY = {
    (PASSING, PASSING): Change.UNCHANGED,
    (PASSING, FAILING): Change.NEW_FAILURE,
    (FAILING, PASSING): Change.FIXED,
    (FAILING, FAILING): Change.STILL_FAILING,
}


@dataclasses.dataclass(frozen=True)
class ScenarioChange:
    key: str  # this run's key; a gone scenario's is the baseline's
    name: str
    state: Change
    baseline_key: str | None  # None: no baseline yet
    baseline: Tally | None  # the baseline's scored attempts; None: no baseline yet
    current: Tally | None  # this run's; None: gone

    @property
    def label(self) -> str:
        return CHANGE_LABELS[self.state]


@dataclasses.dataclass(frozen=True)
class ChangeSet:
    """Every scenario's change: this run's scenarios in run order, then those gone since the baseline."""

    scenarios: tuple[ScenarioChange, ...]

    def of(self, state: str) -> tuple[ScenarioChange, ...]:
        return tuple(s for s in self.scenarios if s.state == state)

    def counts(self) -> dict[Change, int]:
        """How many scenarios are in each state, every state present (0 when none)."""
        counts = dict.fromkeys(CHANGE_ORDER, 0)
        for scenario in self.scenarios:
            counts[scenario.state] += 1
        return counts

    def by_key(self) -> dict[str, ScenarioChange]:
        """This run's scenarios by their key (gone ones left out: this run has no such key)."""
        return {s.key: s for s in self.scenarios if s.state != Change.GONE}


def change_state(baseline: Tally, current: Tally) -> Change:
    """The state of one scenario held unchanged by both runs, from its scored attempts (every repeat) in each.

    Flaky when some attempts passed and others failed in either run (``scoring.flakiness``); else not scored when
    one run scored none of its attempts; else by whether every scored attempt passed or every one failed in each
    run: passing in both is unchanged, passing then failing a new failure, failing then passing fixed, failing in
    both still failing. The number of repeats may differ between the runs: only the scored ones count."""
    before = scenario_flakiness(passed=baseline.passed, failed=baseline.failed, runs_per_scenario=1).stability
    now = scenario_flakiness(passed=current.passed, failed=current.failed, runs_per_scenario=1).stability
    if FLAKY in (before, now):
        return Change.FLAKY
    return _BY_STABILITY.get((before, now), Change.NOT_SCORED)


def scenario_changes(baseline: RunCounts, current: RunCounts) -> ChangeSet:
    """Each scenario of ``current`` against ``baseline``, matched by content as the gate matches them
    (``changes.match_scenarios``): unchanged scenarios get ``change_state``; new and edited ones have no baseline
    yet; the baseline's unmatched ones are gone. The caller decides that the runs are comparable at all."""
    if _same_scenario_set(baseline.profile, current.profile):
        # The same version of the same saved suite: a key is the same content (the gate compares by key too), and
        # hashing every scenario of a 2,000-scenario run on each page view would cost a quarter of a second.
        base_of = {key: key for key in current.scenarios if key in baseline.scenarios}
        gone_keys: tuple[str, ...] = tuple(key for key in baseline.scenarios if key not in current.scenarios)
    else:
        change = match_scenarios(_scenarios(baseline), _scenarios(current))
        base_of = {current_key: base_key for base_key, current_key in change.matched}
        gone_keys = change.gone_keys
    rows: list[ScenarioChange] = []
    for key, counts in current.scenarios.items():
        base_key = base_of.get(key)
        if base_key is None:
            rows.append(ScenarioChange(key, counts.name, Change.NO_BASELINE, None, None, counts.attempts))
            continue
        before = baseline.scenarios[base_key].attempts
        rows.append(ScenarioChange(key, counts.name, change_state(before, counts.attempts), base_key, before,
                                   counts.attempts))  # fmt: skip
    for key in gone_keys:  # an edited scenario is not gone: this run holds it, with no baseline yet
        counts = baseline.scenarios[key]
        rows.append(ScenarioChange(key, counts.name, Change.GONE, key, counts.attempts, None))
    return ChangeSet(tuple(rows))


def _same_scenario_set(baseline: Profile, current: Profile) -> bool:
    return (
        baseline.mode == current.mode == SAVED
        and baseline.suite_id == current.suite_id
        and not scenario_set_difference(baseline, current)
    )


def _scenarios(counts: RunCounts) -> list[Scenario]:
    return [Scenario(s.key, s.name, s.identity) for s in counts.scenarios.values()]
