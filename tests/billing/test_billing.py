"""Credits (docs/credits.md): the ledger adds up, a run holds its maximum, is charged once for what it used, releases the
rest, is refunded when judge or generation failed, and an unaffordable run is refused before anything exists."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, connection, transaction
from django.urls import reverse

from billing import selectors as billing_selectors
from billing import services as billing_services
from billing.models import BALANCE_SIGN, CreditEntry, EntryKind
from billing.selectors import balance_for_account, run_credits
from billing.services import (
    InsufficientCredits,
    credits_grant,
    run_cost_estimate,
    run_hold,
    run_settle,
    user_create_with_account,
)
from evaluations.agents.models import Protocol
from evaluations.agents.services import agent_create
from evaluations.launches.request import LaunchError
from evaluations.runs import services as run_services
from evaluations.runs.models import Attempt, EvaluationRun, RunStatus, Verdict
from evaluations.runs.selectors import run_usage
from suites.services import suite_create
from tests.support.fixtures_accounts import TEST_CREDITS
from tests.support.fixtures_runs import single_turn
from tests.support.launching import launch_run

POSTGRES_ONLY = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="SQLite has no row locks and serializes every writer with one database lock, so two launches cannot "
    "race there; this test needs PostgreSQL (DATABASE_URL=postgres://...).",
)


def ledger_adds_up(account_id: int) -> int:
    """The balance equals the signed sum of the entries, and every settled run's hold = charge + release."""
    entries = list(CreditEntry.objects.filter(account_id=account_id))
    balance = balance_for_account(account_id=account_id)
    assert balance == sum(BALANCE_SIGN[e.kind] * e.amount for e in entries) >= 0
    for run_ref in {e.run_ref for e in entries if e.run_ref}:
        credits = run_credits(run_id=run_ref)
        if credits.charged or credits.released:
            assert credits.charged + credits.released == credits.held
            assert credits.refunded in (0, credits.charged)
    return balance


def workspace(username: str, credits: int) -> tuple[Any, Any]:
    user = user_create_with_account(username=username, password="pw-" + username, account_name=f"{username} Inc")
    account = user.memberships.get().account
    if credits:
        credits_grant(account=account, amount=credits, note="Starting credits")
    return user, account


def simple_suite(account: Any, count: int, turns: int = 1) -> Any:
    scenarios = [
        {**single_turn(f"Case {i}", f"Question {i}?"), "turns": [f"Question {i}, part {t}?" for t in range(turns)]}
        for i in range(count)
    ]
    return suite_create(account=account, name=f"Suite of {count}", scenarios=scenarios)


def simple_agent(account: Any, url: str = "http://127.0.0.1:9/chat") -> Any:
    return agent_create(account=account, data={"name": "Bot", "protocol": Protocol.SIMPLE_CHAT, "endpoint_url": url})


# --- the estimate ------------------------------------------------------------------------------------------


def test_estimate_is_turns_times_runs_plus_judge_calls(settings) -> None:
    settings.TRUSTGATE_PRICE_AGENT_MESSAGE, settings.TRUSTGATE_PRICE_JUDGE_CALL = 1, 2
    scenarios = [{"turns": ["a", "b"]}, {"turns": ["c"]}]
    judged = run_cost_estimate(scenarios=scenarios, runs_per_scenario=3, judge_enabled=True)
    assert judged.breakdown == {"agent_messages": 9, "judge_calls": 6, "generation_calls": 0}
    assert judged.max_credits == 9 * 1 + 6 * 2 and judged.is_exact
    assert judged.describe() == "9 agent messages × 1 + 6 judge calls × 2 = 21 credits"
    rules_only = run_cost_estimate(scenarios=scenarios, runs_per_scenario=3, judge_enabled=False)
    assert rules_only.max_credits == 9


def test_persona_and_generation_make_the_estimate_an_upper_bound(settings) -> None:
    settings.TRUSTGATE_PRICE_GENERATION_CALL = 5
    scenarios: list[dict[str, Any]] = [
        {"turns": ["hi"], "persona": "An angry customer", "max_turns": 4},
        {"turns": ["x"]},
    ]
    estimate = run_cost_estimate(scenarios=scenarios, runs_per_scenario=2, judge_enabled=True, generation_calls=3)
    assert estimate.breakdown == {"agent_messages": (4 + 1) * 2, "judge_calls": 4, "generation_calls": 4 * 2 + 3}
    assert estimate.max_credits == 10 * 1 + 4 * 2 + 11 * 5 and not estimate.is_exact


# --- refusal before anything is created --------------------------------------------------------------------


def test_unaffordable_launch_is_refused_with_the_numbers_and_creates_nothing(db) -> None:
    user, account = workspace("dana", 40)
    suite = simple_suite(account, 16, turns=2)  # 16 scenarios × 2 turns × 3 runs = 96 agent messages, rules only
    with pytest.raises(LaunchError) as caught:
        launch_run(user=user, agent=simple_agent(account), suite=suite, runs_per_scenario=3)
    assert str(caught.value) == (
        "This run can cost up to 96 credits; the workspace has 40. Ask an admin to add credits or run fewer scenarios."
    )
    assert caught.value.payment_required
    assert not EvaluationRun.objects.exists()
    assert list(CreditEntry.objects.values_list("kind", "amount")) == [(EntryKind.GRANT, 40)]
    assert ledger_adds_up(account.pk) == 40


def test_launch_form_refuses_an_unaffordable_run_with_a_readable_message(client, db) -> None:
    user, account = workspace("erin", 5)
    agent, suite = simple_agent(account), simple_suite(account, 4)
    client.force_login(user)
    response = client.post(
        reverse("evaluations:run-new"),
        {"agent": agent.pk, "suite": suite.pk, "runs_per_scenario": 3, "parallel": 4, "api_key": "", "endpoint_url": "",
         "allowed_contacts": ""},
    )  # fmt: skip
    assert response.status_code == 200
    assert "This run can cost up to 12 credits; the workspace has 5." in response.content.decode()
    assert "up to 12 credits (balance 5)" in response.content.decode()
    assert not EvaluationRun.objects.exists()


def test_api_refuses_an_unaffordable_run_with_402_and_the_numbers(client, db) -> None:
    from billing.services import api_key_create
    from tests.support.fixtures_api import Api

    user, account = workspace("ivan", 3)
    agent = simple_agent(account)
    suite = suite_create(
        account=account, agent=agent, name="CI suite", scenarios=[single_turn(f"Q{i}", "Hi?") for i in range(4)]
    )
    api = Api(client, api_key_create(user=user, account=account, name="CI")[1])
    response = api.post("/api/v1/aiagent/runs", {"suite": suite.pk, "runs_per_scenario": 1})
    assert response.status_code == 402, response.content
    assert response.json()["detail"] == (
        "This run can cost up to 4 credits; the workspace has 3. Ask an admin to add credits or run fewer scenarios."
    )
    assert not EvaluationRun.objects.exists() and ledger_adds_up(account.pk) == 3


def test_estimate_line_shows_the_most_a_run_can_cost_and_the_balance(client, db) -> None:
    user, account = workspace("finn", 100)
    agent, suite = simple_agent(account), simple_suite(account, 5, turns=2)
    client.force_login(user)
    url = reverse("evaluations:run-estimate")
    response = client.get(
        url, {"agent": agent.pk, "suite": suite.pk, "runs_per_scenario": 2}, headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert 'id="run-estimate"' in html and "5 scenarios × 2 runs = 10 conversations" in html
    assert "up to 20 credits (balance 100)" in html and "Not enough credits" not in html
    response = client.get(url, {"agent": agent.pk, "suite": suite.pk, "runs_per_scenario": 10})
    assert "up to 100 credits (balance 100)" in response.content.decode()
    response = client.get(url, {"agent": agent.pk, "suite": suite.pk, "runs_per_scenario": 11})  # invalid: no line
    assert "credits" not in response.content.decode()


# --- hold, charge, release ---------------------------------------------------------------------------------


def test_run_holds_its_maximum_then_is_charged_what_it_used_and_the_rest_is_released(
    launch, acme, demo_agent_record, demo_suite
) -> None:
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=2)
    assert run.status == RunStatus.SUCCEEDED, run.error_message
    estimate = run_cost_estimate(scenarios=run.scenarios, runs_per_scenario=2, judge_enabled=False)
    usage = run_usage(run_id=run.pk)
    sent = sum(1 for a in run.attempts.all() for turn in a.transcript if turn["role"] == "user")
    assert usage.agent_messages == sent and usage.judge_calls == 0
    credits = run_credits(run_id=run.pk)
    assert credits.held == estimate.max_credits
    assert credits.charged == usage.credits == sent and credits.released == credits.held - sent
    assert credits.refunded == 0
    assert ledger_adds_up(acme.pk) == TEST_CREDITS - sent


def test_judge_calls_are_counted_and_charged(launch, acme, demo_agent_record, anthropic_judge_env) -> None:
    scenarios = [{"kind": "accuracy", "name": f"Hours {i}", "turns": [f"When are you open? ({i})"],
                  "expected_outcome": "States the support hours."} for i in range(3)]  # fmt: skip
    suite = suite_create(account=acme, agent=demo_agent_record, name="Judged", scenarios=scenarios)
    for _ in range(3):
        anthropic_judge_env.reply_verdict("pass", 90, "Right hours.")
    run = launch(agent=demo_agent_record, suite=suite, runs_per_scenario=1, parallel=1, judge_model="sonnet")
    assert run.status == RunStatus.SUCCEEDED, run.error_message
    assert list(run.attempts.values_list("judge_calls", flat=True)) == [1, 1, 1]
    credits = run_credits(run_id=run.pk)
    assert credits.held == 3 * 1 + 3 * 2 and credits.charged == 9 and credits.released == 0
    assert ledger_adds_up(acme.pk) == TEST_CREDITS - 9


def test_cancelled_run_is_charged_what_it_used_and_cancelling_again_changes_nothing(alice, acme, agent) -> None:
    run = launch_run(user=alice, agent=agent, suite=simple_suite(acme, 4), runs_per_scenario=2)
    assert run_credits(run_id=run.pk).held == 8 and ledger_adds_up(acme.pk) == TEST_CREDITS - 8
    run_services.run_cancel(run=run)
    run_services.run_cancel(run=run)
    run_settle(run=run, usage=run_usage(run_id=run.pk))
    credits = run_credits(run_id=run.pk)
    assert (credits.held, credits.charged, credits.released, credits.refunded) == (8, 0, 8, 0)
    assert CreditEntry.objects.filter(run_ref=run.pk).count() == 3  # hold, charge (0), release
    assert ledger_adds_up(acme.pk) == TEST_CREDITS


def test_settling_an_active_run_does_nothing(alice, acme, agent) -> None:
    run = launch_run(user=alice, agent=agent, suite=simple_suite(acme, 2), runs_per_scenario=1)
    run_settle(run=run, usage=run_usage(run_id=run.pk))
    assert list(CreditEntry.objects.filter(run_ref=run.pk).values_list("kind", flat=True)) == [EntryKind.HOLD]


# --- refunds -----------------------------------------------------------------------------------------------


def test_half_unscored_run_is_refunded(launch, acme, demo_agent_record, anthropic_judge_env) -> None:
    scenarios = [{"kind": "accuracy", "name": f"Hours {i}", "turns": [f"When are you open? ({i})"],
                  "expected_outcome": "States the support hours."} for i in range(4)]  # fmt: skip
    suite = suite_create(account=acme, agent=demo_agent_record, name="Unscored", scenarios=scenarios)
    for _ in range(4):
        anthropic_judge_env.reply_verdict("maybe", 150)  # malformed: Not scored
    run = launch(agent=demo_agent_record, suite=suite, runs_per_scenario=1, parallel=1, judge_model="sonnet")
    assert run.status == RunStatus.FAILED and run.refund_reason == "half or more of the replies unscored"
    credits = run_credits(run_id=run.pk)
    # the four messages; the four judge replies gave no verdict, so they are not charged (docs/credits.md)
    assert credits.charged == 4 * 1 and credits.refunded == credits.charged and credits.net == 0
    assert ledger_adds_up(acme.pk) == TEST_CREDITS


def test_judge_outage_early_stop_is_refunded(launch, acme, anthropic_judge_env, private_endpoints) -> None:
    from evaluations.demo.agent import serve

    server, _thread = serve(port=0, latency_ms=40)
    try:
        agent = simple_agent(acme, f"http://127.0.0.1:{server.server_address[1]}/chat")
        scenarios = [{"kind": "accuracy", "name": f"Hours {i}", "turns": [f"When are you open? ({i})"],
                      "expected_outcome": "States the support hours."} for i in range(40)]  # fmt: skip
        suite = suite_create(account=acme, name="Outage", scenarios=scenarios)
        for _ in range(60):
            anthropic_judge_env.overloaded()
        run = launch(agent=agent, suite=suite, runs_per_scenario=1, parallel=1, judge_model="sonnet")
    finally:
        server.shutdown()
    assert run.status == RunStatus.FAILED and run.refund_reason == "judge outage (early stop)"
    credits = run_credits(run_id=run.pk)
    attempts = run.attempts.count()
    assert credits.held == 40 * 1 + 40 * 2
    # the messages only: no judge call gave a verdict, so none is charged (docs/credits.md)
    assert credits.charged == attempts * 1 and credits.released == credits.held - credits.charged
    assert credits.refunded == credits.charged > 0
    assert ledger_adds_up(acme.pk) == TEST_CREDITS


def test_generation_failure_is_refunded(alice, acme, agent) -> None:
    run = launch_run(user=alice, agent=agent, suite=simple_suite(acme, 10), runs_per_scenario=2)
    # The generation step recorded two model calls before it failed.
    EvaluationRun.objects.filter(pk=run.pk).update(settings_snapshot={**run.settings_snapshot, "generation_calls": 2})
    run_services._run_fail(run, "Generation failed: the model gave no scenarios.", refund_reason="generation failed")
    credits = run_credits(run_id=run.pk)
    assert (credits.held, credits.charged, credits.released, credits.refunded) == (20, 10, 10, 10)
    refund = CreditEntry.objects.get(run_ref=run.pk, kind=EntryKind.REFUND)
    assert refund.note == "Refund: generation failed"
    assert ledger_adds_up(acme.pk) == TEST_CREDITS


def test_refund_decided_after_settlement_is_added_once(alice, acme, agent) -> None:
    run = launch_run(user=alice, agent=agent, suite=simple_suite(acme, 10), runs_per_scenario=1)
    EvaluationRun.objects.filter(pk=run.pk).update(settings_snapshot={**run.settings_snapshot, "generation_calls": 1})
    run_services.run_cancel(run=run)
    assert run_credits(run_id=run.pk).charged == 5
    run_services._run_fail(run, "Generation failed.", refund_reason="generation failed")
    run_services._run_fail(run, "Generation failed.", refund_reason="generation failed")
    assert run_credits(run_id=run.pk).refunded == 5
    assert ledger_adds_up(acme.pk) == TEST_CREDITS


# --- exactly once ------------------------------------------------------------------------------------------


def test_ledger_keys_forbid_a_second_entry_of_a_kind_per_run(alice, acme, agent) -> None:
    run = launch_run(user=alice, agent=agent, suite=simple_suite(acme, 2), runs_per_scenario=1)
    assert run_hold(run=run, amount=999) == CreditEntry.objects.get(run_ref=run.pk, kind=EntryKind.HOLD)
    with pytest.raises(IntegrityError), transaction.atomic():
        CreditEntry.objects.create(account=acme, kind=EntryKind.HOLD, amount=2, run=run, run_ref=run.pk)
    with pytest.raises(IntegrityError), transaction.atomic():  # a run movement must be keyed
        CreditEntry.objects.create(account=acme, kind=EntryKind.CHARGE, amount=2)


def test_entries_are_append_only(acme) -> None:
    entry = CreditEntry.objects.filter(account=acme).first()
    assert entry is not None
    entry.amount = 5
    with pytest.raises(ValueError, match="append-only"):
        entry.save()
    with pytest.raises(ValueError, match="append-only"):
        entry.delete()


def test_keyed_grant_happens_once(acme) -> None:
    first = credits_grant(account=acme, amount=50, key="promo:acme")
    assert credits_grant(account=acme, amount=50, key="promo:acme") == first
    assert ledger_adds_up(acme.pk) == TEST_CREDITS + 50
    with pytest.raises(ValueError):
        credits_grant(account=acme, amount=0)


def test_interrupted_run_resumes_and_is_charged_once(acme, interrupted_run) -> None:
    run = interrupted_run
    held = run_credits(run_id=run.pk).held
    assert run.status == RunStatus.RUNNING and held > 0 and run_credits(run_id=run.pk).charged == 0
    run_services.run_execute(run_id=run.pk)
    run_services.run_execute(run_id=run.pk)  # a redelivered task
    run_settle(run=run, usage=run_usage(run_id=run.pk))
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED
    kinds = list(CreditEntry.objects.filter(run_ref=run.pk).order_by("pk").values_list("kind", flat=True))
    assert kinds[:2] == [EntryKind.HOLD, EntryKind.CHARGE] and len(kinds) == len(set(kinds))  # + a release if any
    assert run_credits(run_id=run.pk).charged == run_usage(run_id=run.pk).credits
    assert ledger_adds_up(acme.pk) == TEST_CREDITS - run_usage(run_id=run.pk).credits


def _slow_balance(monkeypatch: pytest.MonkeyPatch) -> None:
    """Widen the race: without the account lock, both launches would read the balance before either holds."""
    real = billing_selectors.balance_for_account

    def slow(**kwargs: Any) -> int:
        value = real(**kwargs)
        time.sleep(0.3)
        return value

    monkeypatch.setattr(billing_services, "balance_for_account", slow)


def _together(*calls: Any) -> list[Any]:
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def work(index: int, call: Any) -> None:
        try:
            barrier.wait()
            results[index] = call()
        except Exception as exc:  # noqa: BLE001 - the test inspects it
            results[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


@POSTGRES_ONLY
@pytest.mark.django_db(transaction=True)
def test_two_launches_at_the_same_moment_cannot_overdraw(monkeypatch) -> None:
    monkeypatch.setattr(run_services, "async_task", lambda *args, **kwargs: None)  # launch only: nothing runs
    _slow_balance(monkeypatch)
    user, account = workspace("gina", 100)
    agent, suite = simple_agent(account), simple_suite(account, 6)  # 6 scenarios × 10 runs = 60 credits each

    def launch() -> Any:
        return launch_run(user=user, agent=agent, suite=suite, runs_per_scenario=10)

    results = _together(launch, launch)
    launched = [r for r in results if isinstance(r, EvaluationRun)]
    refused = [r for r in results if isinstance(r, LaunchError)]
    assert len(launched) == 1 and len(refused) == 1, results
    assert "can cost up to 60 credits; the workspace has 40" in str(refused[0])
    assert EvaluationRun.objects.count() == 1
    assert ledger_adds_up(account.pk) == 40


@POSTGRES_ONLY
@pytest.mark.django_db(transaction=True)
def test_two_workers_settling_at_once_charge_once(monkeypatch) -> None:
    monkeypatch.setattr(run_services, "async_task", lambda *args, **kwargs: None)
    user, account = workspace("hugo", 100)
    run = launch_run(user=user, agent=simple_agent(account), suite=simple_suite(account, 5), runs_per_scenario=2)
    EvaluationRun.objects.filter(pk=run.pk).update(status=RunStatus.SUCCEEDED)

    def settle() -> Any:
        return run_settle(run=run, usage=run_usage(run_id=run.pk))

    results = _together(settle, settle, settle)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert CreditEntry.objects.filter(run_ref=run.pk, kind=EntryKind.CHARGE).count() == 1
    assert CreditEntry.objects.filter(run_ref=run.pk, kind=EntryKind.RELEASE).count() == 1
    assert ledger_adds_up(account.pk) == 100


# --- what people see ---------------------------------------------------------------------------------------


def test_report_shows_charged_released_and_refunded_credits(client, alice, acme, agent) -> None:
    run = launch_run(user=alice, agent=agent, suite=simple_suite(acme, 10), runs_per_scenario=1)
    EvaluationRun.objects.filter(pk=run.pk).update(settings_snapshot={**run.settings_snapshot, "generation_calls": 1})
    run_services._run_fail(run, "Generation failed.", refund_reason="generation failed")
    client.force_login(alice)
    html = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    assert "5 charged · 5 released · <strong>5 refunded</strong>" in html and "held 10 at launch" in html
    assert "This run was refunded (5 credits returned): generation failed." in html
    data = client.get(reverse("evaluations:run-report-json", args=[run.pk])).json()
    assert data["run"]["credits"] == {"held": 10, "charged": 5, "released": 5, "refunded": 5}


def test_credits_page_lists_the_ledger_of_the_users_workspace_only(client, alice, bob, acme, agent) -> None:
    run = launch_run(user=alice, agent=agent, suite=simple_suite(acme, 3), runs_per_scenario=1)
    bob_account = bob.memberships.get().account
    credits_grant(account=bob_account, amount=77, note="Globex bonus")
    client.force_login(alice)
    response = client.get(reverse("billing:credits"))
    html = response.content.decode()
    assert response.status_code == 200 and f"{TEST_CREDITS - 3:,}</strong> credits available" in html
    assert f"Run {run.pk}" in html and "Hold" in html and "Test credits" in html
    assert "Globex bonus" not in html
    assert client.get(reverse("billing:credits-account", args=[bob_account.pk])).status_code == 404
    client.force_login(bob)
    html = client.get(reverse("billing:credits")).content.decode()
    assert "Globex bonus" in html and f"Run {run.pk}" not in html
    assert client.get(reverse("billing:credits-account", args=[acme.pk])).status_code == 404


def test_credits_page_query_count_does_not_grow(client, alice, acme, agent, django_assert_max_num_queries) -> None:
    for _ in range(30):
        credits_grant(account=acme, amount=1, user=alice, note="Top-up")
    client.force_login(alice)
    with django_assert_max_num_queries(8):  # session, user, membership, held, balance, count, page, workspaces
        assert client.get(reverse("billing:credits")).status_code == 200


def test_admin_grants_credits_with_the_action(client, acme) -> None:
    admin = get_user_model().objects.create_superuser(username="root", password="pw-root-123", email="r@example.com")
    client.force_login(admin)
    url = reverse("admin:billing_account_changelist")
    form = client.post(url, {"action": "grant_credits", "_selected_action": [acme.pk]})
    assert form.status_code == 200 and "Grant credits" in form.content.decode()
    done = client.post(url, {"action": "grant_credits", "_selected_action": [acme.pk], "apply": "1", "amount": 250,
                             "note": "Pilot"})  # fmt: skip
    assert done.status_code == 302
    grant = CreditEntry.objects.filter(account=acme, note="Pilot").get()
    assert grant.kind == EntryKind.GRANT and grant.amount == 250 and grant.created_by == admin
    assert ledger_adds_up(acme.pk) == TEST_CREDITS + 250
    assert client.get(reverse("admin:billing_creditentry_changelist")).status_code == 200


def test_demo_setup_grants_the_demo_credits_once(db, settings) -> None:
    from evaluations.demo.services import demo_setup

    settings.TRUSTGATE_DEMO_CREDITS = 1234
    demo_setup()
    demo_setup()
    grants = CreditEntry.objects.filter(kind=EntryKind.GRANT)
    assert list(grants.values_list("amount", flat=True)) == [1234]
    assert ledger_adds_up(grants.get().account_id) == 1234


def test_insufficient_credits_message_reads_well() -> None:
    assert str(InsufficientCredits(needed=1, balance=0)) == (
        "This run can cost up to 1 credit; the workspace has 0. Ask an admin to add credits or run fewer scenarios."
    )


def test_unanswered_turns_and_persona_turns_are_counted(alice, acme, agent) -> None:
    run = launch_run(user=alice, agent=agent, suite=simple_suite(acme, 1), runs_per_scenario=2)
    persona = {**run.scenarios[0], "key": "persona", "persona": "Curious", "max_turns": 3}
    EvaluationRun.objects.filter(pk=run.pk).update(scenarios=[*run.scenarios, persona])
    run.refresh_from_db()
    now = run.created_at
    talk = [{"role": "user", "content": "q"}, {"role": "assistant", "content": "a"}]
    Attempt.objects.create(
        run=run,
        scenario_key=run.scenarios[0]["key"],
        repeat=1,
        verdict=Verdict.PASS,
        transcript=talk,
        started_at=now,
        finished_at=now,
    )
    Attempt.objects.create(
        run=run,
        scenario_key=run.scenarios[0]["key"],
        repeat=2,
        verdict=Verdict.ERROR,
        transcript=talk[:1],
        started_at=now,
        finished_at=now,
    )  # sent, never answered
    Attempt.objects.create(
        run=run,
        scenario_key="persona",
        repeat=1,
        verdict=Verdict.PASS,
        transcript=talk * 3,
        judge_calls=1,
        started_at=now,
        finished_at=now,
    )  # 3 turns: the simulator wrote 2
    usage = run_usage(run_id=run.pk)
    assert (usage.agent_messages, usage.judge_calls, usage.generation_calls) == (5, 1, 2)
