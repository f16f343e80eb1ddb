"""A CI launch retried with the same Idempotency-Key answers the first run and charges nothing again (docs/ci.md,
Retrying a launch). The web form's one-time token uses the same mechanism: tests/launches/test_form_resubmit.py."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from billing.selectors import balance_for_account
from billing.services import api_key_create, credits_grant, user_create_with_account
from evaluations.agents.services import agent_create
from evaluations.runs import selectors as run_selectors
from evaluations.runs import services as run_services
from evaluations.runs.models import EvaluationRun, RunLaunchKey, RunStatus
from suites.services import suite_create
from tests.support.fixtures_api import Api

RUNS = "/api/v1/aiagent/runs"
KEY = "deploy-4f2a9c-attempt"


@pytest.fixture
def suite(acme, agent):
    return suite_create(
        account=acme, agent=agent, name="Support suite",
        scenarios=[{"kind": "accuracy", "name": "Refund window", "turns": ["How long?"], "required_phrases": ["days"]}],
    )  # fmt: skip


def launch(api: Api, body: dict[str, Any], key: str | None = KEY) -> Any:
    return api.post(RUNS, body, headers={"Idempotency-Key": key} if key is not None else {})


def test_a_retried_launch_answers_the_first_run_and_charges_once(api, acme, suite) -> None:
    body = {"suite": suite.pk, "runs_per_scenario": 2, "parallel": 1}
    first = launch(api, body)
    assert first.status_code == 202, first.content
    balance = balance_for_account(account_id=acme.pk)

    again = launch(api, body)

    assert again.status_code == 202
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first
    assert EvaluationRun.objects.count() == 1
    assert balance_for_account(account_id=acme.pk) == balance  # nothing held again


def test_without_a_key_every_launch_is_a_new_run(api, suite) -> None:
    assert launch(api, {"suite": suite.pk}, key=None).status_code == 202
    assert launch(api, {"suite": suite.pk}, key=None).status_code == 202
    assert EvaluationRun.objects.count() == 2


def test_the_same_key_with_another_body_is_409_and_launches_nothing(api, suite) -> None:
    first = launch(api, {"suite": suite.pk, "runs_per_scenario": 2})
    response = launch(api, {"suite": suite.pk, "runs_per_scenario": 3})
    assert response.status_code == 409
    detail = response.json()["detail"]
    assert f"The Idempotency-Key “{KEY}” already launched run {first.json()['id']}" in detail
    assert "Send a new key to launch another run" in detail
    assert EvaluationRun.objects.count() == 1


def test_the_same_key_with_another_agent_key_is_409(api, suite, private_endpoints) -> None:
    assert launch(api, {"suite": suite.pk, "api_key": "sk-first"}).status_code == 202
    assert launch(api, {"suite": suite.pk, "api_key": "sk-second"}).status_code == 409
    assert not RunLaunchKey.objects.filter(fingerprint__contains="sk-").exists()  # the key is never stored


@pytest.mark.parametrize(
    "key, message",
    [
        ("", "got an empty value"),
        ("x" * 256, "got 256 characters"),
        ("déploiement", "printable ASCII"),
        ("tab\there", "printable ASCII"),
    ],
)
def test_a_key_out_of_bounds_is_400_and_launches_nothing(api, suite, key, message) -> None:
    response = launch(api, {"suite": suite.pk}, key=key)
    assert response.status_code == 400
    detail = response.json()["detail"]
    assert "The Idempotency-Key header must be 1 to 255 printable ASCII characters" in detail and message in detail
    assert not EvaluationRun.objects.exists()


def test_the_longest_key_is_accepted(api, suite) -> None:
    assert launch(api, {"suite": suite.pk}, key="k" * 255).status_code == 202
    assert launch(api, {"suite": suite.pk}, key="k" * 255).status_code == 202
    assert EvaluationRun.objects.count() == 1


def test_a_key_is_per_workspace(api, client, suite, bob) -> None:
    globex = bob.memberships.get().account
    other_agent = agent_create(account=globex, data={"name": "Bot", "protocol": "simple_chat",
                                                      "endpoint_url": "http://127.0.0.1:9/chat"})  # fmt: skip
    other_suite = suite_create(account=globex, agent=other_agent, name="S",
                               scenarios=[{"kind": "accuracy", "name": "q", "turns": ["hi"],
                                           "required_phrases": ["hi"]}])  # fmt: skip
    bob_api = Api(client, api_key_create(user=bob, account=globex, name="CI")[1])
    ours = launch(api, {"suite": suite.pk})
    theirs = launch(bob_api, {"suite": other_suite.pk})
    assert ours.status_code == theirs.status_code == 202
    assert ours.json()["id"] != theirs.json()["id"]


def test_a_key_older_than_a_day_launches_a_new_run(api, suite) -> None:
    first = launch(api, {"suite": suite.pk}).json()["id"]
    RunLaunchKey.objects.update(created_at=timezone.now() - timedelta(hours=24, minutes=1))
    again = launch(api, {"suite": suite.pk})
    assert again.status_code == 202 and "Idempotent-Replayed" not in again
    assert again.json()["id"] != first and EvaluationRun.objects.count() == 2


def test_a_retry_answers_the_first_run_even_at_the_run_limit(api, suite) -> None:
    first = launch(api, {"suite": suite.pk})
    for _ in range(4):  # without on_commit callbacks the runs stay queued: in progress
        assert launch(api, {"suite": suite.pk}, key=None).status_code == 202
    again = launch(api, {"suite": suite.pk})
    assert again.status_code == 202 and again.json()["id"] == first.json()["id"]


def test_a_refused_launch_leaves_its_key_free(db, client, private_endpoints) -> None:
    poor = user_create_with_account(username="penny", password="pw-penny-123", account_name="Penniless")
    account = poor.memberships.get().account
    agent = agent_create(account=account, data={"name": "Bot", "protocol": "simple_chat",
                                                "endpoint_url": "http://127.0.0.1:9/chat"})  # fmt: skip
    suite = suite_create(account=account, agent=agent, name="S",
                         scenarios=[{"kind": "accuracy", "name": "q", "turns": ["hi"], "required_phrases": ["hi"]}])  # fmt: skip
    api = Api(client, api_key_create(user=poor, account=account, name="CI")[1])
    assert launch(api, {"suite": suite.pk}).status_code == 402
    credits_grant(account=account, amount=100, note="Top-up")
    response = launch(api, {"suite": suite.pk})
    assert response.status_code == 202 and "Idempotent-Replayed" not in response
    assert EvaluationRun.objects.count() == 1


def test_a_finished_first_run_is_still_the_answer(api, suite) -> None:
    first = launch(api, {"suite": suite.pk}).json()["id"]
    EvaluationRun.objects.filter(pk=first).update(status=RunStatus.SUCCEEDED)
    assert launch(api, {"suite": suite.pk}).json()["id"] == first


def test_a_launch_that_lost_the_race_for_its_key_answers_the_winners_run(api, acme, suite, monkeypatch) -> None:
    """The unique (workspace, key) row decides a race the lookup could not see: the loser's run, hold and row
    roll back, and it answers the winner's run."""
    first = launch(api, {"suite": suite.pk}).json()["id"]
    balance = balance_for_account(account_id=acme.pk)
    real = run_selectors.run_launch_key_get
    calls: list[int] = []

    def not_yet_committed(**kwargs: Any) -> Any:
        calls.append(1)
        return None if len(calls) == 1 else real(**kwargs)  # the first lookup ran before the winner committed

    monkeypatch.setattr(run_selectors, "run_launch_key_get", not_yet_committed)
    again = launch(api, {"suite": suite.pk})
    assert again.status_code == 202 and again.json()["id"] == first and again["Idempotent-Replayed"] == "true"
    assert EvaluationRun.objects.count() == 1
    assert balance_for_account(account_id=acme.pk) == balance


POSTGRES_ONLY = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="SQLite serializes every writer with one database lock (and the in-memory test database is shared by "
    "threads with table locks), so two launches cannot race there; this test needs PostgreSQL.",
)


@POSTGRES_ONLY
@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_launches_with_the_same_key_at_once_make_one_run(acme, api_token, suite, monkeypatch) -> None:
    monkeypatch.setattr(run_services, "async_task", lambda *args, **kwargs: None)  # launch only: nothing runs
    start = threading.Barrier(2)
    answers: list[Any] = [None, None]

    def post(i: int) -> None:
        api = Api(Client(), api_token)
        start.wait()
        answers[i] = launch(api, {"suite": suite.pk})
        connection.close()

    threads = [threading.Thread(target=post, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(a.status_code for a in answers) == [202, 202]
    assert answers[0].json()["id"] == answers[1].json()["id"]
    assert sorted(a.has_header("Idempotent-Replayed") for a in answers) == [False, True]
    assert EvaluationRun.objects.count() == 1
