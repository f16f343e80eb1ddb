"""Comparable by construction: launches default to the pinned baseline's settings, red-team-only runs
have their own scope and are gated, each endpoint keeps its own baseline and a run may be gated against another
endpoint's, and the launch plan says what breaks comparability and when the runs are too few for the gate."""

from __future__ import annotations

import pytest
from django.urls import reverse

from evaluations.gate.models import Baseline
from evaluations.gate.selectors import drift_context, launch_defaults, run_gate
from evaluations.gate.services import baseline_pin
from evaluations.launches.plan import launch_plan, low_power_warning
from evaluations.launches.request import LaunchPlanError, LaunchRequest
from evaluations.runs.choices import RunStatus
from redteam.library import LIBRARY_VERSION

STAGING = "STAGING"


@pytest.fixture
def staging_url(demo_agent_record) -> str:
    """The same demo agent under another address: another endpoint of the agent (as staging would be)."""
    return demo_agent_record.endpoint_url.replace("127.0.0.1", "localhost")


def test_a_red_team_only_run_can_be_pinned_and_later_runs_are_gated(alice, demo_agent_record, launch) -> None:
    first = launch(agent=demo_agent_record, suite=None, redteam_depth="quick", runs_per_scenario=1)
    assert first.status == RunStatus.SUCCEEDED
    assert run_gate(run=first).reasons[0].startswith("No baseline is pinned for Northwind bot at ")
    assert "red-team attacks only (Quick, library " in run_gate(run=first).reasons[0]
    pin = baseline_pin(run=first, user=alice)
    assert pin.scope == f"redteam:quick:{LIBRARY_VERSION}" and pin.suite is None

    again = launch(agent=demo_agent_record, suite=None, redteam_depth="quick", runs_per_scenario=1)
    gate = run_gate(run=again)
    assert gate.state in ("pass", "blocked") and gate.baseline_run_id == first.pk
    assert drift_context(run=again)["can_pin"] is True

    # Another depth is another scope: not gated against the Quick baseline.
    standard = launch(agent=demo_agent_record, suite=None, redteam_depth="standard", runs_per_scenario=1)
    assert run_gate(run=standard).state == "no_baseline"


def test_launch_defaults_come_from_the_baseline_then_the_suite_profile(
    alice, demo_agent_record, demo_suite, launch
) -> None:
    assert launch_defaults(agent=demo_agent_record, suite=demo_suite).source == "defaults"
    assert launch_defaults(agent=demo_agent_record, suite=demo_suite).settings.runs_per_scenario == 3
    run = launch(
        agent=demo_agent_record, suite=demo_suite, runs_per_scenario=2, parallel=3, redteam_depth="quick",
        judge_strictness="strict", allowed_contacts=["help@northwind.example"],
    )  # fmt: skip
    baseline_pin(run=run, user=alice)
    defaults = launch_defaults(agent=demo_agent_record, suite=demo_suite)
    assert defaults.source == "baseline" and defaults.baseline is not None and defaults.baseline.run_id == run.pk
    expected = {
        "runs_per_scenario": 2, "parallel": 3, "redteam_depth": "quick", "judge_model": run.judge_model,
        "judge_strictness": "strict", "allowed_contacts": ["help@northwind.example"],
    }  # fmt: skip
    assert defaults.settings.to_dict() == expected
    # The suite's run profile follows the pin: an endpoint without a baseline of its own starts from it.
    demo_suite.refresh_from_db()
    assert demo_suite.run_profile == expected
    other = launch_defaults(agent=demo_agent_record, suite=demo_suite, endpoint_url="http://localhost:1/api/json")
    assert other.source == "profile" and other.settings.to_dict() == expected


def test_the_plan_says_what_breaks_comparability_before_launching(alice, demo_agent_record, demo_suite, launch) -> None:
    baseline = launch(agent=demo_agent_record, suite=demo_suite, redteam_depth="quick")
    baseline_pin(run=baseline, user=alice)
    same = launch_plan(LaunchRequest(agent=demo_agent_record, suite=demo_suite))
    assert same.comparable is True and same.settings.redteam_depth == "quick"
    kinds = [spec.kind for spec in same.frozen.specs]
    # No power warning: the planner models the saved suite's confirmation runs, with which a single scenario that
    # stops passing is caught (the first pass alone would not catch it often enough: it warns).
    assert same.confirmation_runs == 6
    assert low_power_warning(runs_per_scenario=3, baseline_runs=3, kinds=kinds, confirmation_runs=6) == ""
    assert same.warnings == ()
    assert low_power_warning(runs_per_scenario=3, baseline_runs=3, kinds=kinds).startswith(
        "Estimate for 3 runs per scenario against a baseline of 3 over "
    )
    other = launch_plan(LaunchRequest(agent=demo_agent_record, suite=demo_suite, overrides={"redteam_depth": ""}))
    assert other.comparable is False
    assert other.warnings[0] == (
        f"Not comparable with baseline run #{baseline.pk}: The red-team depth differs: Quick in the baseline, none "
        "in this run. The release gate will fail this run; leave the setting out to use the baseline's."
    )
    # The attacks were scenarios of the baseline too, but the depth says it all: one reason, not two.
    assert [w for w in other.warnings if w.startswith("Not comparable")] == [other.warnings[0]]
    assert not Baseline.objects.exclude(run=baseline).exists()  # a plan writes nothing


@pytest.mark.django_db
def test_low_power_warning_quotes_the_planners_figure_for_these_settings() -> None:
    kinds = ["accuracy"] * 4 + ["guardrails"] * 2 + ["red_team"] * 4
    one = low_power_warning(runs_per_scenario=1, baseline_runs=None, kinds=kinds)
    assert one.startswith("Estimate for 1 run per scenario over 10 scenarios: a single scenario that stops passing is ")
    assert "Use 5 runs per scenario to catch it about" in one  # what to do, with the figure it reaches
    against = low_power_warning(runs_per_scenario=3, baseline_runs=1, kinds=kinds)
    assert "against a baseline of 1" in against and "pin a baseline topped up" in against
    assert low_power_warning(runs_per_scenario=5, baseline_runs=5, kinds=kinds) == ""  # 5/5 → 0/5 blocks alone
    # Confirmation runs are modelled and said; they raise the figure where the baseline allows, not where it is too
    # small for any scenario to block alone.
    assert low_power_warning(runs_per_scenario=3, baseline_runs=3, kinds=kinds, confirmation_runs=6) == ""
    small = low_power_warning(runs_per_scenario=3, baseline_runs=1, kinds=kinds, confirmation_runs=4)
    assert small.startswith(
        "Estimate for 3 runs per scenario against a baseline of 1 over 10 scenarios, with up to 4 confirmation runs "
        "of each scenario the first pass leaves open: a single scenario that stops passing is caught about "
    )
    assert "the baseline is too small" in small


def test_each_endpoint_keeps_its_own_baseline_and_staging_can_be_gated_against_production(
    alice, demo_agent_record, demo_suite, launch, staging_url
) -> None:
    production = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    baseline_pin(run=production, user=alice)
    staging = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1, endpoint_url=staging_url)
    assert run_gate(run=staging).state == "no_baseline"  # its own endpoint has none
    assert f"at {staging_url}" in run_gate(run=staging).reasons[0]

    gated = launch(
        agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1, endpoint_url=staging_url,
        compare_with_endpoint=demo_agent_record.endpoint_url,
    )  # fmt: skip
    assert run_gate(run=gated).baseline_run_id == production.pk
    assert run_gate(run=gated).state in ("pass", "blocked")

    # Pinning staging gives staging its own baseline; production's stays.
    baseline_pin(run=staging, user=alice)
    assert set(Baseline.objects.filter(is_current=True).values_list("endpoint_url", flat=True)) == {
        demo_agent_record.endpoint_url, staging_url
    }  # fmt: skip


def test_comparing_with_an_endpoint_without_a_baseline_is_refused(demo_agent_record, demo_suite, staging_url) -> None:
    with pytest.raises(LaunchPlanError, match=f"No baseline is pinned for Northwind bot at {staging_url}") as exc:
        launch_plan(LaunchRequest(agent=demo_agent_record, suite=demo_suite, compare_with_endpoint=staging_url))
    assert exc.value.field == "compare_with_endpoint"


def test_a_red_team_only_run_is_pinned_from_its_report(client, alice, demo_agent_record, launch) -> None:
    run = launch(agent=demo_agent_record, suite=None, redteam_depth="quick", runs_per_scenario=1)
    client.force_login(alice)
    report = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    assert "The suite of this run was deleted" not in report
    assert reverse("evaluations:run-pin-confirm", args=[run.pk]) in report
    page = client.post(reverse("evaluations:run-pin-baseline", args=[run.pk]), follow=True).content.decode()
    assert f"Run #{run.pk} is now the baseline for Northwind bot with red-team attacks only (Quick, library" in page
    assert Baseline.objects.get().scope == f"redteam:quick:{LIBRARY_VERSION}"


def test_a_difference_no_setting_caused_is_not_told_to_leave_a_setting_out(
    alice, demo_agent_record, demo_suite, launch
) -> None:
    """The red-team library changed on this Trustgate since the baseline was pinned: nothing the launch set causes
    it, so the plan says to pin a new baseline, never to leave a setting out."""
    from evaluations.runs.models import EvaluationRun

    baseline = launch(agent=demo_agent_record, suite=demo_suite, redteam_depth="quick")
    snapshot = {**baseline.settings_snapshot, "redteam_library_version": "2020.01.1"}
    EvaluationRun.objects.filter(pk=baseline.pk).update(settings_snapshot=snapshot)
    baseline.refresh_from_db()
    baseline_pin(run=baseline, user=alice)
    plan = launch_plan(LaunchRequest(agent=demo_agent_record, suite=demo_suite))
    assert plan.comparable is False
    assert plan.warnings[0] == (
        f"Not comparable with baseline run #{baseline.pk}: The red-team library version differs: 2020.01.1 in the "
        f"baseline, {LIBRARY_VERSION} in this run. No setting of this launch causes it (it changed on this Trustgate "
        "since the baseline was pinned), so the release gate will fail this run; if the change is intended, pin a "
        "good run made this way as the baseline."
    )
    assert not any("leave the setting out" in warning for warning in plan.warnings)
