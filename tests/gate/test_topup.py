"""Stronger baselines (docs/gate.md): Pin as baseline offers a top-up, launched and charged like a run, that the gate
counts with the baseline once it has finished, without rewriting the baseline's record."""

from __future__ import annotations

import html

from django.urls import reverse

from billing.selectors import balance_for_account
from evaluations.gate.models import Baseline, BaselineTopUp, GateVerdictRecord, VerdictCause
from evaluations.gate.selectors import run_gate
from evaluations.gate.topups import baseline_counts, baseline_size, topup_runs_for
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import EvaluationRun


def test_pin_and_top_up_runs_the_same_scenarios_and_the_gate_counts_them(
    client, alice, acme, demo_agent_record, demo_suite, launch, django_capture_on_commit_callbacks
) -> None:
    baseline = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=2)
    first_record = list(GateVerdictRecord.objects.filter(run=baseline).values())
    assert first_record  # revision 1, written when it finished
    client.force_login(alice)
    page = client.get(reverse("evaluations:run-pin-confirm", args=[baseline.pk])).content.decode()
    n = len(baseline.scenarios)
    assert "Or top it up first" in page
    assert f"5 runs per scenario — {n} scenarios × 3 more runs = {3 * n} conversations, up to " in page
    assert f"10 runs per scenario — {n} scenarios × 8 more runs" in page
    assert "The power planner" in page  # the widget, loaded by htmx
    balance = balance_for_account(account_id=acme.pk)

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("evaluations:run-topup", args=[baseline.pk]), {"target": "5"}, follow=True)

    topup = EvaluationRun.objects.exclude(pk=baseline.pk).get()
    assert response.redirect_chain[-1][0] == reverse("evaluations:run-report", args=[topup.pk])
    said = response.content.decode()
    assert html.escape(f"Run #{baseline.pk} is now the baseline for {demo_agent_record.name}") in said
    assert f"Run #{topup.pk} tops it up to 5 runs per scenario" in said
    assert topup.status == RunStatus.SUCCEEDED and topup.runs_per_scenario == 3
    assert topup.scenarios == baseline.scenarios  # the very scenarios, canary included
    assert Baseline.objects.get(is_current=True).run_id == baseline.pk
    assert BaselineTopUp.objects.get().counted_at is not None
    assert balance_for_account(account_id=acme.pk) < balance  # charged like any run
    assert baseline_size(baseline) == 5
    counts = baseline_counts(baseline, topup_runs_for(run_ids=[baseline.pk])[baseline.pk])
    assert counts.runs_per_scenario == 5
    assert all(s.attempts.scored <= 5 for s in counts.scenarios.values())
    assert sum(s.attempts.scored for s in counts.scenarios.values()) > 2 * n
    # The baseline's own record is not rewritten: revision 1 as it was, then the pin's revision (the pin's own
    # doing: "this run is the pinned baseline"), and nothing from the top-up.
    records = list(GateVerdictRecord.objects.filter(run=baseline).order_by("revision").values())
    assert records[0] == first_record[0] and [r["cause"] for r in records] == ["finish", "pin"]
    baseline.refresh_from_db()
    assert baseline.runs_per_scenario == 2

    later = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=2)
    gate = run_gate(run=later)
    assert gate.baseline_run_id == baseline.pk and gate.comparison is not None
    accuracy = next(m for m in gate.comparison.metrics if m.key == "response_accuracy")
    assert accuracy.baseline.scored > accuracy.current.scored  # 5 runs per scenario against 2
    report = client.get(reverse("evaluations:run-report", args=[later.pk])).content.decode()
    assert "The baseline was topped up: the gate counts its finished top-up runs with it" in report
    page = client.get(reverse("evaluations:run-pin-confirm", args=[baseline.pk])).content.decode()
    assert "with its finished top-ups the gate counts 5" in page and f"run #{topup.pk}</a>: 3 more runs" in page


def test_a_topped_up_baseline_revises_the_verdicts_it_changes(alice, agent, suite, make_run) -> None:
    from evaluations.gate.services import baseline_pin, baseline_topup_counted, baseline_topup_record

    baseline = make_run(agent=agent, suite=suite)
    baseline_pin(run=baseline, user=alice)
    topup = make_run(agent=agent, suite=suite)
    baseline_topup_record(run=baseline, topup_run=topup, user=alice)
    assert baseline_topup_counted(run=topup) is True
    assert baseline_topup_counted(run=topup) is False  # the task delivered twice: counted once
    assert baseline_size(baseline) == 6
    assert not GateVerdictRecord.objects.filter(run=baseline, cause=VerdictCause.TOPUP).exists()


def test_a_size_not_offered_is_refused_with_a_sentence_and_nothing_is_pinned(
    client, alice, agent, suite, make_run
) -> None:
    run = make_run(agent=agent, suite=suite)
    client.force_login(alice)
    response = client.post(reverse("evaluations:run-topup", args=[run.pk]), {"target": "7"})
    assert response.status_code == 400
    assert "Choose one of the sizes offered: 5, 10 runs per scenario." in response.content.decode()
    assert not Baseline.objects.exists() and EvaluationRun.objects.count() == 1


def test_another_workspace_cannot_see_or_top_up_the_run(client, bob, agent, suite, make_run) -> None:
    run = make_run(agent=agent, suite=suite)
    client.force_login(bob)
    assert client.get(reverse("evaluations:run-pin-confirm", args=[run.pk])).status_code == 404
    assert client.post(reverse("evaluations:run-topup", args=[run.pk]), {"target": "5"}).status_code == 404
    assert not Baseline.objects.exists() and EvaluationRun.objects.count() == 1


def test_a_top_up_the_workspace_cannot_pay_for_pins_nothing(
    client, make_run, django_capture_on_commit_callbacks
) -> None:
    from billing.services import user_create_with_account
    from evaluations.agents.models import Protocol
    from evaluations.agents.services import agent_create
    from suites.services import suite_create
    from tests.support.fixtures_runs import single_turn

    dave = user_create_with_account(username="dave", password="pw-dave-123", account_name="Broke")  # no credits
    account = dave.memberships.get().account
    agent = agent_create(account=account, data={"name": "Bot", "protocol": Protocol.SIMPLE_CHAT,
                                                "endpoint_url": "http://127.0.0.1:9/chat"})  # fmt: skip
    suite = suite_create(account=account, agent=agent, name="S", scenarios=[single_turn("Refunds", "How long?")])
    run = make_run(agent=agent, suite=suite)
    client.force_login(dave)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("evaluations:run-topup", args=[run.pk]), {"target": "5"})
    assert response.status_code == 400 and "credit" in response.content.decode()
    assert not Baseline.objects.exists() and not BaselineTopUp.objects.exists() and EvaluationRun.objects.count() == 1


def test_confirmation_runs_compare_with_the_baseline_as_it_stood_when_they_were_planned(
    alice, agent, suite, make_run
) -> None:
    """docs/gate.md, "Confirmation runs", *With a topped-up baseline*: the two looks compare with the top-ups counted
    when the open scenarios were chosen; one counted later is left out (the second look's law read the smaller
    baseline), and the run's settings keep which were counted."""
    from evaluations.gate.confirmation import run_verdict
    from evaluations.gate.services import baseline_pin, baseline_topup_counted, baseline_topup_record

    baseline = make_run(agent=agent, suite=suite)
    baseline_pin(run=baseline, user=alice)
    topup = make_run(agent=agent, suite=suite)
    baseline_topup_record(run=baseline, topup_run=topup, user=alice)
    assert baseline_topup_counted(run=topup) is True
    run = make_run(agent=agent, suite=suite)

    def baseline_scored(planned: tuple[int, ...]) -> int:
        run.settings = run.settings.replace(
            confirmation_runs=6, confirmation_open=(), confirmation_baseline=baseline.pk, confirmation_topups=planned
        )
        run.save(update_fields=["settings_snapshot"])
        run.refresh_from_db()
        assert run.settings.confirmation_topups == planned  # stored and read back
        verdict = run_verdict(baseline_run=baseline, run=run, seen_flaky=frozenset(), topups=[topup])
        assert verdict.confirmation is not None  # the looks of a confirmed run
        return next(m for m in verdict.metrics if m.key == "response_accuracy").baseline.scored

    later, planned = baseline_scored(()), baseline_scored((topup.pk,))
    assert later > 0 and planned == 2 * later  # 3 + 3 runs per scenario when the top-up was counted at planning, else 3
    plain = make_run(agent=agent, suite=suite)  # no confirmation runs: the baseline as it stands, top-up included
    verdict = run_verdict(baseline_run=baseline, run=plain, seen_flaky=frozenset(), topups=[topup])
    assert next(m for m in verdict.metrics if m.key == "response_accuracy").baseline.scored == planned
