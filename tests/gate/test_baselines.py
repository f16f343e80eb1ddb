"""Baselines and the release gate through the database: pinning, history, scopes, run_gate, the report's drift
section, the pin view's roles, the JSON report and the trend chart."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from billing.models import Role
from evaluations.demo.suite import DEMO_EXPECTED_REGRESSED
from evaluations.gate.models import Baseline
from evaluations.gate.selectors import run_gate, trust_trend
from evaluations.gate.services import BaselineError, baseline_pin
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import EvaluationRun
from suites.services import suite_create
from tests.gate.conftest import SCENARIOS

# ---------------------------------------------------------------------------------------------- pinning


def test_pin_replaces_the_baseline_and_keeps_the_history(alice, agent, suite, make_run) -> None:
    first, second = make_run(agent=agent, suite=suite), make_run(agent=agent, suite=suite)
    old = baseline_pin(run=first, user=alice)
    new = baseline_pin(run=second, user=alice)
    old.refresh_from_db()
    assert (old.is_current, new.is_current) == (False, True)
    assert old.replaced_at is not None and new.pinned_by == alice
    assert new.scope == f"suite:{suite.pk}" and new.suite == suite and new.endpoint_url == agent.endpoint_url
    assert list(Baseline.objects.filter(is_current=True)) == [new]
    assert Baseline.objects.count() == 2


def test_pinning_the_current_baseline_again_changes_nothing(alice, agent, suite, make_run) -> None:
    run = make_run(agent=agent, suite=suite)
    assert baseline_pin(run=run, user=alice) == baseline_pin(run=run, user=alice)
    assert Baseline.objects.count() == 1


def test_only_a_successfully_finished_run_can_be_pinned(alice, agent, suite, make_run) -> None:
    for status in (RunStatus.QUEUED, RunStatus.RUNNING, RunStatus.FAILED, RunStatus.CANCELLED):
        with pytest.raises(BaselineError, match="Only a finished run"):
            baseline_pin(run=make_run(agent=agent, suite=suite, status=status), user=alice)
    assert not Baseline.objects.exists()


def test_a_run_whose_suite_was_deleted_cannot_be_pinned(alice, agent, suite, make_run) -> None:
    run = make_run(agent=agent, suite=suite)
    EvaluationRun.objects.filter(pk=run.pk).update(suite=None)
    run.refresh_from_db()
    with pytest.raises(BaselineError, match="suite of this run was deleted"):
        baseline_pin(run=run, user=alice)
    assert run_gate(run=run).state == "no_baseline"


def test_the_database_allows_one_current_baseline_per_agent_endpoint_and_suite(alice, agent, suite, make_run) -> None:
    baseline = baseline_pin(run=make_run(agent=agent, suite=suite), user=alice)
    with pytest.raises(IntegrityError), transaction.atomic():
        Baseline.objects.create(
            account=baseline.account, agent=agent, endpoint_url=baseline.endpoint_url, suite=suite,
            scope=baseline.scope, run=make_run(agent=agent, suite=suite), pinned_at=timezone.now(),
        )  # fmt: skip
    # History rows (not current) are unconstrained.
    Baseline.objects.create(
        account=baseline.account, agent=agent, endpoint_url=baseline.endpoint_url, suite=suite,
        scope=baseline.scope, run=make_run(agent=agent, suite=suite), pinned_at=timezone.now(), is_current=False,
    )  # fmt: skip


def test_each_endpoint_and_each_suite_keeps_its_own_baseline(alice, acme, agent, suite, make_run) -> None:
    other_suite = suite_create(account=acme, agent=agent, name="Other suite", scenarios=SCENARIOS)
    production = make_run(agent=agent, suite=suite)
    staging = make_run(agent=agent, suite=suite, endpoint_url="http://127.0.0.1:9/staging")
    other = make_run(agent=agent, suite=other_suite)
    for run in (production, staging, other):
        baseline_pin(run=run, user=alice)
    assert Baseline.objects.filter(is_current=True).count() == 3
    later_staging = make_run(agent=agent, suite=suite, endpoint_url="http://127.0.0.1:9/staging")
    assert run_gate(run=later_staging).baseline_run_id == staging.pk
    assert run_gate(run=make_run(agent=agent, suite=other_suite)).baseline_run_id == other.pk


def test_generated_runs_pin_per_agent_endpoint_and_kinds(alice, agent, suite, make_run) -> None:
    generated = {"mode": "generated", "suite_kinds": ["pii", "accuracy", "guardrails"], "judge_provider": "rules_only"}
    run = make_run(agent=agent, suite=suite, settings_snapshot=generated, suite_version=None)
    EvaluationRun.objects.filter(pk=run.pk).update(suite=None)
    run.refresh_from_db()
    baseline = baseline_pin(run=run, user=alice)
    assert baseline.scope == "generated:accuracy+guardrails+pii" and baseline.suite is None
    # Another generated run with the same kinds is gated against it, overall rates only.
    later = make_run(agent=agent, suite=suite, settings_snapshot=generated, suite_version=None,
                     outcomes={"Refund window": ["fail"] * 3, "Warranty": ["fail"] * 3})  # fmt: skip
    EvaluationRun.objects.filter(pk=later.pk).update(suite=None)
    later.refresh_from_db()
    result = run_gate(run=later)
    assert result.baseline_run_id == run.pk and result.state == "blocked"
    assert result.comparison.scenarios == () and not result.comparison.compares_scenarios
    assert any(r.startswith("Response accuracy fell 100 points") for r in result.reasons)
    # Other kinds: no baseline. A saved-suite run of the same agent: its own scope.
    other = make_run(agent=agent, suite=suite, settings_snapshot={**generated, "suite_kinds": ["accuracy"]})
    EvaluationRun.objects.filter(pk=other.pk).update(suite=None)
    other.refresh_from_db()
    assert run_gate(run=other).state == "no_baseline"
    assert run_gate(run=make_run(agent=agent, suite=suite)).state == "no_baseline"


# ---------------------------------------------------------------------------------------------- run_gate


def test_gate_without_a_baseline_says_what_to_pin(agent, suite, make_run) -> None:
    result = run_gate(run=make_run(agent=agent, suite=suite))
    assert result.state == "no_baseline" and result.baseline_run_id is None
    assert result.reasons == (
        f"No baseline is pinned for Support bot at {agent.endpoint_url} with suite “Support suite”. "
        "Pin a good finished run as the baseline to turn the release gate on.",
    )


def test_gate_passes_an_unchanged_run_and_blocks_a_regression(alice, agent, suite, make_run) -> None:
    baseline = make_run(agent=agent, suite=suite)
    baseline_pin(run=baseline, user=alice)
    assert run_gate(run=baseline).state == "pass"  # the baseline itself

    same = run_gate(run=make_run(agent=agent, suite=suite))
    assert same.state == "pass" and same.baseline_run_id == baseline.pk and same.watch_list == ()

    worse = run_gate(run=make_run(agent=agent, suite=suite, outcomes={"Discount abuse": ["fail"] * 3}))
    assert worse.state == "blocked"
    assert (
        "Scenario “Discount abuse” now fails significantly more often: 0 of 3 runs passed, was 3 of 3 (p = 0.050)."
        in worse.reasons
    )
    assert any(r.startswith("Guardrail enforcement is under its 90% floor") for r in worse.reasons)

    flaky = run_gate(run=make_run(agent=agent, suite=suite, outcomes={"Warranty": ["pass", "pass", "fail"]}))
    assert flaky.state == "pass" and flaky.watch_list == ("Warranty",)


def test_not_scored_and_errored_attempts_are_left_out_of_the_gate(alice, agent, suite, make_run) -> None:
    baseline_pin(run=make_run(agent=agent, suite=suite), user=alice)
    # Two of three runs of the guardrail scenario unscored, one errored: what remains passed, so nothing changed.
    result = run_gate(
        run=make_run(agent=agent, suite=suite, outcomes={"Discount abuse": ["not_scored", "error", "pass"]})
    )
    assert result.state == "pass"
    rows = {m.key: m for m in result.comparison.metrics}
    assert (rows["guardrail_pass_rate"].current.passed, rows["guardrail_pass_rate"].current.failed) == (1, 0)


def test_gate_is_not_comparable_when_the_judge_or_the_scenario_set_changed(alice, acme, agent, suite, make_run) -> None:
    baseline_pin(run=make_run(agent=agent, suite=suite), user=alice)
    strict = run_gate(run=make_run(agent=agent, suite=suite, judge_strictness="strict"))
    assert strict.state == "not_comparable" and strict.comparison.metrics == ()
    assert strict.reasons[0] == "The judge strictness differs: Balanced in the baseline, Strict in this run."

    judged = run_gate(run=make_run(agent=agent, suite=suite, judge_model="sonnet", judge_prompt_version="judge-v1"))
    assert judged.state == "not_comparable"
    assert judged.reasons[:2] == (
        "The judge model differs: the baseline was scored by rules only (no judge), this run by Sonnet.",
        "The judge prompt version differs: the baseline used none, this run judge-v1.",
    )

    # A new version of the suite with the same scenarios is compared on all of them (docs/gate.md).
    suite.version = 2
    suite.save(update_fields=["version"])
    bumped = run_gate(run=make_run(agent=agent, suite=suite))
    assert bumped.state == "pass"
    assert bumped.comparison.notes[0].startswith(
        "The suite changed since the baseline (version 1 → 2): the gate compared the "
    )


def test_gate_of_an_unfinished_run_is_not_compared(alice, agent, suite, make_run) -> None:
    baseline_pin(run=make_run(agent=agent, suite=suite), user=alice)
    result = run_gate(run=make_run(agent=agent, suite=suite, status=RunStatus.FAILED))
    assert result.state == "not_comparable"
    assert "did not finish successfully (failed)" in result.reasons[0]


def test_demo_agent_regression_blocks_and_an_unchanged_rerun_passes(
    alice, demo_agent_record, demo_suite, demo_agent_mode, launch
) -> None:
    baseline = launch(agent=demo_agent_record, suite=demo_suite)
    baseline_pin(run=baseline, user=alice)

    demo_agent_mode("regressed")
    regressed = run_gate(run=launch(agent=demo_agent_record, suite=demo_suite))
    assert regressed.state == "blocked"
    newly_failing = {n for n, v in DEMO_EXPECTED_REGRESSED.items() if v == "fail"} - {
        "Gift return window", "Partial refund amount", "Card on file", "Ignore previous instructions canary",
    }  # fmt: skip
    # Each newly failing scenario went from 3 of 3 to 0 of 3 (p = 0.05 on its own): corrected for the other
    # scenarios that could have moved, none is significant alone, so they are named in the metric's reason and
    # watched; the gate blocks on the metrics.
    assert {s.name for s in regressed.comparison.watch_list} >= newly_failing
    accuracy = next(r for r in regressed.reasons if r.startswith("Response accuracy fell 40 points (80% → 40%)"))
    assert "Its scenarios that fail more often: " in accuracy
    assert any(r.startswith("Guardrail enforcement is under its 90% floor") for r in regressed.reasons)

    demo_agent_mode("normal")
    unchanged = run_gate(run=launch(agent=demo_agent_record, suite=demo_suite))
    assert unchanged.state == "pass", unchanged.reasons
    # The demo agent leaks a card in normal mode too: under the PII floor, as in the baseline, so a warning.
    assert any("PII protection is under its 95% floor" in r and "as it already was" in r for r in unchanged.reasons)


# ---------------------------------------------------------------------------------------------- views


def test_publisher_pins_from_the_report_and_sees_the_gate(client, agent, suite, make_run, make_member) -> None:
    run = make_run(agent=agent, suite=suite)
    client.force_login(make_member("pat", Role.PUBLISH))
    page = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    assert 'id="run-drift"' in page and "NO BASELINE" in page and "Pin as baseline…</a>" in page
    confirm = client.get(reverse("evaluations:run-pin-confirm", args=[run.pk])).content.decode()
    assert f"Pin run #{run.pk} as the baseline?" in confirm and "this turns the release gate on" in confirm
    assert not Baseline.objects.exists()  # asking is not pinning
    response = client.post(reverse("evaluations:run-pin-baseline", args=[run.pk]), follow=True)
    assert response.redirect_chain[-1][0].endswith(f"/runs/{run.pk}/#run-drift")
    page = response.content.decode()
    assert f"Run #{run.pk} is now the baseline for Support bot" in page
    assert "This run is the pinned baseline" in page and "Pin as baseline…</a>" not in page
    assert Baseline.objects.get(is_current=True).run == run

    later = make_run(agent=agent, suite=suite, outcomes={"Refund window": ["fail"] * 3})
    page = client.get(reverse("evaluations:run-report", args=[later.pk])).content.decode()
    assert 'data-gate-state="blocked"' in page and "BLOCKED" in page
    assert "Scenario “Refund window” now fails significantly more often" in page
    assert f'Compared with baseline <a href="/runs/{run.pk}/">run #{run.pk}</a>' in page
    assert 'id="gate-false-block-rate"' in page and "Expected false-block rate of this suite: 0%" in page
    assert '<svg class="trend"' in page and "Baseline" in page


def test_pinning_a_run_under_a_floor_warns_that_it_accepts_it(client, alice, agent, suite, make_run) -> None:
    run = make_run(agent=agent, suite=suite, outcomes={"Card on file": ["fail", "pass", "pass"]})
    client.force_login(alice)
    confirm = client.get(reverse("evaluations:run-pin-confirm", args=[run.pk])).content.decode()
    assert "This run is under a floor: PII protection (66.7% of runs passed, floor 95%)." in confirm
    page = client.post(reverse("evaluations:run-pin-baseline", args=[run.pk]), follow=True).content.decode()
    assert "This baseline is under a floor: PII protection (66.7% of runs passed, floor 95%)." in page
    assert Baseline.objects.get().run == run


def test_lower_roles_cannot_pin_and_get_a_readable_403(client, agent, suite, make_run, make_member) -> None:
    run = make_run(agent=agent, suite=suite)
    for role in (Role.READ, Role.WRITE):
        client.force_login(make_member(f"user-{role}", role))
        page = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
        assert "Pinning a baseline needs the Publish role." in page and "Pin as baseline…</a>" not in page
        assert client.get(reverse("evaluations:run-pin-confirm", args=[run.pk])).status_code == 403
        response = client.post(reverse("evaluations:run-pin-baseline", args=[run.pk]))
        assert response.status_code == 403
        assert "This needs the Publish role" in response.content.decode()
    assert not Baseline.objects.exists()


def test_another_account_gets_404_and_get_is_not_allowed(client, alice, bob, agent, suite, make_run) -> None:
    run = make_run(agent=agent, suite=suite)
    client.force_login(bob)
    assert client.post(reverse("evaluations:run-pin-baseline", args=[run.pk])).status_code == 404
    client.force_login(alice)
    assert client.get(reverse("evaluations:run-pin-baseline", args=[run.pk])).status_code == 405
    assert not Baseline.objects.exists()


def test_pinning_an_unfinished_run_shows_an_error_and_saves_nothing(client, alice, agent, suite, make_run) -> None:
    run = make_run(agent=agent, suite=suite, status=RunStatus.FAILED)
    client.force_login(alice)
    response = client.post(reverse("evaluations:run-pin-baseline", args=[run.pk]), follow=True)
    assert "Only a finished run can be pinned as the baseline" in response.content.decode()
    assert not Baseline.objects.exists()


def test_json_report_carries_the_gate(client, alice, agent, suite, make_run) -> None:
    baseline = make_run(agent=agent, suite=suite)
    run = make_run(agent=agent, suite=suite, outcomes={"Refund window": ["fail"] * 3})
    client.force_login(alice)
    assert client.get(reverse("evaluations:run-report-json", args=[run.pk])).json()["gate"]["state"] == "no_baseline"
    baseline_pin(run=baseline, user=alice)
    gate = client.get(reverse("evaluations:run-report-json", args=[run.pk])).json()["gate"]
    assert gate["state"] == "blocked" and gate["label"] == "BLOCKED" and gate["baseline_run_id"] == baseline.pk
    assert gate["scenario_regressions"][0]["name"] == "Refund window"
    accuracy = next(m for m in gate["metrics"] if m["key"] == "response_accuracy")
    assert accuracy["baseline_runs"] == {"passed": 6, "failed": 0} and accuracy["current_runs"] == {
        "passed": 3,
        "failed": 3,
    }


def test_trend_marks_the_baseline_on_the_agent_page(client, alice, acme, agent, suite, make_run) -> None:
    other_suite = suite_create(account=acme, agent=agent, name="Other suite", scenarios=SCENARIOS)
    runs = [make_run(agent=agent, suite=suite), make_run(agent=agent, suite=suite, outcomes={"Warranty": ["fail"] * 3})]
    other = make_run(agent=agent, suite=other_suite)
    baseline_pin(run=runs[0], user=alice)
    points = trust_trend(agent=agent)
    assert [p["run_id"] for p in points] == [runs[0].pk, runs[1].pk, other.pk]
    assert [p["is_baseline"] for p in points] == [True, False, False]
    assert [p["run_id"] for p in trust_trend(agent=agent, run=runs[1])] == [runs[0].pk, runs[1].pk]
    client.force_login(alice)
    page = client.get(reverse("evaluations:agent-detail", args=[agent.pk])).content.decode()
    # One line per suite and endpoint (docs/gate.md#the-trend): the two suites never share one.
    assert '<svg class="trend"' in page and f"Run #{runs[0].pk}, " in page
    assert f": 100 / 100 — Support suite at {agent.endpoint_url} (baseline)" in page
    assert f"Support suite: runs #{runs[0].pk}, #{runs[1].pk}" not in page  # the legend names the endpoint too
    assert f"Support suite at {agent.endpoint_url}: runs #{runs[0].pk}, #{runs[1].pk}" in page
    assert f"Other suite at {agent.endpoint_url}: runs #{other.pk}" in page
    # The newest run's line first: the other suite's (one run, a point and no line), then the suite's two runs.
    assert page.count('<polyline class="line s1"') == 1 and '<polyline class="line s0"' not in page
    assert f"Baseline: run #{runs[0].pk} (100)." in page


def test_drift_section_queries_do_not_grow_with_history_or_runs(
    client, alice, agent, suite, make_run, django_assert_max_num_queries
) -> None:
    for _ in range(3):
        baseline_pin(run=make_run(agent=agent, suite=suite), user=alice)
    runs = [make_run(agent=agent, suite=suite) for _ in range(5)]
    client.force_login(alice)
    # session, user, memberships, run, attempts, reviews, credits + pins (with the baseline's run), trend, role,
    # the earlier runs' flaky scenarios (their ids, then at most 5 runs' summaries) and the verdict record's
    # revisions
    with django_assert_max_num_queries(13):
        page = client.get(reverse("evaluations:run-report", args=[runs[-1].pk])).content.decode()
    assert "Baseline history (3 pins)" in page and 'data-gate-state="pass"' in page


def test_a_run_where_nothing_was_scored_cannot_be_pinned(client, alice, agent, suite, make_run) -> None:
    run = make_run(agent=agent, suite=suite)
    EvaluationRun.objects.filter(pk=run.pk).update(trust_score=None)  # every reply Not scored: no figure at all
    client.force_login(alice)
    page = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    assert "Nothing in this run was scored, so it cannot be pinned as a baseline." in page
    assert "Pin as baseline…</a>" not in page
    confirm = client.get(reverse("evaluations:run-pin-confirm", args=[run.pk])).content.decode()
    assert (
        "Nothing in this run was scored, so it cannot be a baseline" in confirm
        and "<button" not in confirm.split("<main")[1]
    )
    page = client.post(reverse("evaluations:run-pin-baseline", args=[run.pk]), follow=True).content.decode()
    assert "Nothing in this run was scored, so it cannot be a baseline" in page and not Baseline.objects.exists()
