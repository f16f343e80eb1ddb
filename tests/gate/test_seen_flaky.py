"""Scenarios seen flaky in an endpoint's earlier runs weigh less in the gate's metric tests: a scenario
that was already flaky is watch-list material unless its drop is significant."""

from __future__ import annotations

import pytest

from evaluations.gate import rules as gate
from evaluations.gate.selectors import run_gate, seen_flaky_scenarios
from evaluations.gate.services import baseline_pin
from tests.gate.test_gate_statistics import run as counts


def test_the_earlier_runs_of_the_endpoint_and_suite_say_which_scenarios_were_flaky(
    alice, agent, suite, make_run
) -> None:
    mixed = {"Refund window": ["pass", "fail", "pass"]}
    make_run(agent=agent, suite=suite, outcomes={"Warranty": ["fail", "pass", "pass"]})  # earlier: counts
    make_run(agent=agent, suite=suite, endpoint_url="https://staging.example.com/chat", outcomes=mixed)  # elsewhere
    baseline = make_run(agent=agent, suite=suite, outcomes={"Discount abuse": ["pass", "fail", "fail"]})
    current = make_run(agent=agent, suite=suite, outcomes={"Card on file": ["fail", "pass", "pass"]})
    make_run(agent=agent, suite=suite, outcomes=mixed)  # later than the run gated: not history for it

    seen = seen_flaky_scenarios(baseline_run=baseline, run=current)

    keys = {s["name"]: s["key"] for s in current.scenarios}
    # The two runs compared are left out, and so are other endpoints and later runs.
    assert seen == {keys["Warranty"]}


def test_a_flip_of_a_scenario_seen_flaky_before_weighs_less_and_the_verdict_says_so() -> None:
    # "r" goes 3/3 → 0/3 while "s" passes 2 of 3 in both runs and six scenarios pass every attempt. Not seen flaky
    # before, the flip blocks (p = 0.04); seen flaky in an earlier run, the same counts are likelier its ordinary
    # swing (p = 0.23), and they do not.
    steady = {f"d{i}": ("accuracy", 3, 0) for i in range(6)}
    base = counts({"r": ("accuracy", 3, 0), "s": ("accuracy", 2, 1), **steady})
    cur = counts({"r": ("accuracy", 0, 3), "s": ("accuracy", 2, 1), **steady})

    plain = gate.compare(base, cur)
    weighed = gate.compare(base, cur, seen_flaky=frozenset({"r"}))

    def accuracy(verdict: gate.GateVerdict) -> gate.MetricComparison:
        return next(m for m in verdict.metrics if m.key == "response_accuracy")

    assert accuracy(plain).raw_p_value == pytest.approx(0.04) and accuracy(plain).blocks
    assert accuracy(weighed).raw_p_value == pytest.approx(0.23) and not accuracy(weighed).blocks
    note = (
        "1 scenario passed some attempts and failed others in this endpoint's earlier runs: flaky before this "
        "comparison, so their swings weigh a quarter in the metric tests."
    )
    assert note in weighed.notes and note not in plain.notes


def test_the_report_gate_reads_the_history(alice, agent, suite, make_run) -> None:
    make_run(agent=agent, suite=suite, outcomes={"Warranty": ["fail", "pass", "pass"]})
    baseline = make_run(agent=agent, suite=suite)
    baseline_pin(run=baseline, user=alice)
    current = make_run(agent=agent, suite=suite)

    result = run_gate(run=current)

    assert result.state == "pass"
    assert any("in this endpoint's earlier runs" in reason for reason in result.reasons)
