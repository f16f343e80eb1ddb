"""Confirmation runs (docs/gate.md, Confirmation runs): the two looks' levels, which scenarios a first pass leaves
open, the verdict and its words, and what a launch holds for them."""

from __future__ import annotations

import random

import pytest

from billing.selectors import run_credits
from billing.services import run_cost_estimate
from evaluations.gate import rules as gate
from evaluations.gate.rules import confirmation
from evaluations.gate.services import baseline_pin
from evaluations.launches.request import LaunchError
from evaluations.runs.choices import RunStatus

PROFILE = gate.Profile(mode=gate.SAVED)


def _run(outcomes: dict[str, tuple[int, int]], runs: int = 3) -> gate.RunCounts:
    rows = [gate.ScenarioCounts(key, key.title(), "accuracy", gate.Tally(*tally)) for key, tally in outcomes.items()]
    return gate.counts_from_scenarios(rows, profile=PROFILE, runs_per_scenario=runs)


def test_the_two_looks_spend_the_gates_five_percent_between_them() -> None:
    assert confirmation.FIRST_LOOK_LEVEL + confirmation.SECOND_LOOK_LEVEL == pytest.approx(gate.ALPHA)


def test_a_scenario_is_open_when_it_passed_in_the_baseline_and_failed_now_unless_seen_flaky() -> None:
    base = _run({"a": (3, 0), "b": (3, 0), "c": (0, 3), "d": (2, 1), "e": (3, 0)})
    first = _run({"a": (0, 3), "b": (3, 0), "c": (0, 3), "d": (2, 1), "e": (2, 1)})
    assert confirmation.open_scenarios(base, first) == ("a", "d", "e")
    assert confirmation.open_scenarios(base, first, seen_flaky=frozenset({"d"})) == ("a", "e")


def test_the_open_law_is_the_three_way_split_given_the_selection() -> None:
    # 3/3 in the baseline, 0/3 then 0/6: of the 136 weighted splits of 3 passes that open the scenario, one has
    # every pass in the baseline.
    law = confirmation.open_law(3, 3, 6, 3)
    assert sum(law) == pytest.approx(1.0) and law[3] == pytest.approx(1 / 136)
    assert confirmation.closed_law(3, 3, 4) == (0.0, 1.0, 0.0, 0.0)  # closed: 1/3 vs 3/3 is the only way


def test_one_scenario_flipping_is_blocked_after_its_confirmation_runs_and_the_verdict_says_so() -> None:
    base = _run({"warranty": (3, 0), "refund": (3, 0), "hours": (3, 0)})
    first = _run({"warranty": (0, 3), "refund": (3, 0), "hours": (3, 0)})
    assert confirmation.first_look(base, first).state == gate.PASS  # 3/3 → 0/3 alone is p = 1/20
    opened = confirmation.open_scenarios(base, first)
    combined = confirmation.combine(
        first, {"warranty": gate.ScenarioCounts("warranty", "W", "accuracy", gate.Tally(0, 6))}
    )
    verdict = confirmation.confirmed_compare(base, first, combined, opened, confirmation_runs=6)
    assert verdict.state == gate.BLOCKED
    assert verdict.confirmation == gate.Confirmation(2, 3, 6, ("Warranty",), 0.02)
    assert verdict.notes[0].startswith(
        "Confirmation runs: 3 runs + 6 confirmation runs for 1 scenario (“Warranty”), which the first pass left open"
    )
    unchanged = confirmation.confirmed_compare(base, base, None, (), confirmation_runs=6)
    assert unchanged.state == gate.PASS and unchanged.confirmation is not None
    assert unchanged.confirmation.sentence == "3 runs, no confirmation runs needed"


def test_the_benchs_first_look_shortcut_agrees_with_the_first_look() -> None:
    rng = random.Random(7)
    suite = [gate.SimScenario(f"s{i}", kind, p) for i, (kind, p) in enumerate(
        [("accuracy", 1.0), ("accuracy", 0.7), ("accuracy", 1.0), ("guardrails", 0.8), ("pii", 1.0)] * 3)]  # fmt: skip
    worse = [gate.SimScenario(s.key, s.kind, s.pass_probability * 0.4) for s in suite]
    for _ in range(20):
        base = gate.simulate_run(suite, runs=3, rng=rng, profile=PROFILE)
        cur = gate.simulate_run(worse, runs=3, rng=rng, profile=PROFILE)
        fixed = gate.compare(base, cur)
        first = confirmation.first_look(base, cur)
        assert confirmation.blocks_at(fixed, confirmation.FIRST_LOOK_LEVEL) == (first.state == gate.BLOCKED)


@pytest.mark.django_db
def test_a_launch_against_a_baseline_holds_for_every_confirmation_run_it_may_add(
    launch, alice, demo_agent_record, demo_suite
) -> None:
    baseline = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=2)
    assert baseline.settings.confirmation_runs == 0  # nothing to confirm against: no baseline yet
    baseline_pin(run=baseline, user=alice)
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=2)
    assert run.status == RunStatus.SUCCEEDED and run.settings.confirmation_runs == 6
    assert run.settings.confirmation_open == () and run.attempts.count() == 2 * len(run.scenarios)
    most = run_cost_estimate(scenarios=run.scenarios, runs_per_scenario=2 + 6, judge_enabled=False)
    assert run_credits(run_id=run.pk).held == most.max_credits
    off = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=2, confirmation_runs=0)
    assert off.settings.confirmation_runs == 0
    assert run_credits(run_id=off.pk).held < most.max_credits
    with pytest.raises(LaunchError, match="Confirmation runs must be between 0 \\(off\\) and 10"):
        launch(agent=demo_agent_record, suite=demo_suite, confirmation_runs=11)
