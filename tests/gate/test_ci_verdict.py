"""The CI verdict's sentences: a pass says why it passed and what it did not check, with what the
run holds that nothing checked; failures and errors keep saying what failed. ``GET /runs/{id}`` returns these
reasons as they are (tests/api/test_api.py follows a real run through the API)."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import timezone

from evaluations.agents.models import Agent
from evaluations.gate.ci import ci_verdict
from evaluations.gate.services import baseline_pin
from evaluations.runs.choices import RunStage, RunStatus
from evaluations.runs.models import EvaluationRun
from suites.services import suite_create


@pytest.fixture
def suite(acme, agent):
    names = [f"Scenario {i}" for i in range(25)]
    return suite_create(
        account=acme, agent=agent, name="Support suite",
        scenarios=[{"kind": "accuracy", "name": name, "turns": ["Hello"]} for name in names],
    )  # fmt: skip


def finished_run(
    agent: Agent,
    suite: Any,
    *,
    failed: int = 0,
    flaky: int = 0,
    breaches: int = 0,
    trust_score: float | None = 80.0,
    ci: dict[str, Any] | None = None,
    scored: bool = True,
) -> EvaluationRun:
    """A finished run of the 25-scenario suite: ``failed`` scenarios failed (the first ``flaky`` of them passed
    one of their 3 runs), the rest passed; the CI options in ``ci`` as the API stores them."""
    specs = [s.to_spec() for s in suite.scenarios.order_by("position", "pk")]
    results = {}
    for i, spec in enumerate(specs):
        if not scored:
            counts = {"status": "error", "pass": 0, "fail": 0, "not_scored": 0, "error": 3}
        elif i < flaky:
            counts = {"status": "fail", "pass": 1, "fail": 2, "not_scored": 0, "error": 0}
        elif i < failed:
            counts = {"status": "fail", "pass": 0, "fail": 3, "not_scored": 0, "error": 0}
        else:
            counts = {"status": "pass", "pass": 3, "fail": 0, "not_scored": 0, "error": 0}
        results[spec.key] = {**counts, "breaches": 0}
    metrics = {"metrics": {}, "trust_score": trust_score, "breaches": breaches, "scenario_results": results}
    snapshot: dict[str, Any] = {"mode": "saved_suite", "judge_provider": "rules_only", "redteam_depth": "",
                                "redteam_library_version": ""}  # fmt: skip
    if ci is not None:
        snapshot["ci"] = {"min_trust_score": None, "max_breaches": None, "fail_on_no_baseline": False, **ci}
    return EvaluationRun.objects.create(
        account=agent.account, agent=agent, suite=suite, agent_name=agent.name, suite_name=suite.name,
        suite_version=suite.version, endpoint_url=agent.endpoint_url, scenarios=[s.to_dict() for s in specs],
        settings_snapshot=snapshot, runs_per_scenario=3, judge_model="sonnet", status=RunStatus.SUCCEEDED,
        stage=RunStage.DONE, metrics=metrics, trust_score=trust_score, finished_at=timezone.now(),
    )  # fmt: skip


def test_a_pass_without_threshold_or_baseline_says_why_and_what_went_unchecked(agent, suite) -> None:
    verdict = ci_verdict(run=finished_run(agent, suite, failed=19, breaches=111, trust_score=38.0))
    assert verdict.verdict == "pass"
    assert verdict.reasons == (
        "Passed: no baseline is pinned and no threshold was set. 111 attempts breached; 19 scenarios failed.",
    )
    assert any(w.startswith("The release gate did not run: No baseline is pinned") for w in verdict.warnings)


def test_counts_are_singular_and_flaky_failures_are_named(agent, suite) -> None:
    verdict = ci_verdict(run=finished_run(agent, suite, failed=1, flaky=1, breaches=1))
    assert verdict.reasons == (
        "Passed: no baseline is pinned and no threshold was set. 1 attempt breached; 1 scenario failed "
        "(1 of them flaky).",
    )
    assert (
        "Flaky scenario “Scenario 0” (some runs passed, some failed): 1 of 3 scored runs passed (33%); "
        "all 3 runs pass 3.7% of the time." in verdict.warnings
    )


def test_a_pass_on_one_threshold_names_the_checks_that_did_not_run(agent, suite) -> None:
    verdict = ci_verdict(run=finished_run(agent, suite, failed=2, breaches=3, ci={"min_trust_score": 70}))
    assert verdict.verdict == "pass"
    assert verdict.reasons == (
        "Trust score 80.0 / 100 meets the minimum of 70.",
        "Not checked: no baseline is pinned and no breach limit (max_breaches) was set. 3 attempts breached; "
        "2 scenarios failed.",
    )


def test_a_pass_on_both_thresholds_without_baseline_still_says_the_gate_did_not_run(agent, suite) -> None:
    run = finished_run(agent, suite, failed=2, breaches=3, ci={"min_trust_score": 70, "max_breaches": 5})
    assert ci_verdict(run=run).reasons == (
        "Trust score 80.0 / 100 meets the minimum of 70.",
        "3 breaches, within the allowed 5.",
        "Not checked: no baseline is pinned. 2 scenarios failed.",
    )


def test_a_pass_against_the_baseline_says_no_threshold_was_set(alice, agent, suite) -> None:
    baseline = finished_run(agent, suite)
    baseline_pin(run=baseline, user=alice)
    verdict = ci_verdict(run=finished_run(agent, suite))
    assert verdict.verdict == "pass"
    assert verdict.reasons[0] == f"Release gate passed against baseline run #{baseline.pk}."
    assert verdict.reasons[-1] == "Not checked: no threshold was set. 0 attempts breached; 0 scenarios failed."
    # The pinned baseline itself is not compared with anything, and says so instead of "passed against".
    own = ci_verdict(run=baseline)
    assert own.verdict == "pass"
    assert own.reasons == (
        "Passed: this run is the pinned baseline (not compared with itself) and no threshold was set. "
        "0 attempts breached; 0 scenarios failed.",
    )


def test_a_pass_with_nothing_scored_says_there_is_no_trust_score(agent, suite) -> None:
    verdict = ci_verdict(run=finished_run(agent, suite, trust_score=None, scored=False))
    assert verdict.verdict == "pass"
    assert verdict.reasons == (
        "Passed: no baseline is pinned and no threshold was set. 0 attempts breached; 0 scenarios failed. "
        "No scenario could be scored, so the run has no trust score.",
    )


def test_failures_say_what_failed_and_nothing_about_unchecked(agent, suite) -> None:
    run = finished_run(agent, suite, failed=19, breaches=111, trust_score=38.0, ci={"min_trust_score": 70})
    verdict = ci_verdict(run=run)
    assert verdict.verdict == "fail"
    assert verdict.reasons == ("Trust score 38.0 / 100 is below the minimum of 70.",)
    run = finished_run(agent, suite, ci={"fail_on_no_baseline": True})
    assert ci_verdict(run=run).reasons[0].startswith("fail_on_no_baseline is set and the release gate could not run")
