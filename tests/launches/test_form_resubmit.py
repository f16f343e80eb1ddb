"""The New evaluation form carries a one-time launch token: a second POST of the same form (a double click, a
browser retry, Back and submit again) opens the run the first one launched and charges nothing again (docs/runs.md,
Launching a run). The same mechanism as the CI API's Idempotency-Key (tests/api/test_idempotency.py)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from billing.selectors import balance_for_account
from evaluations.runs import services as run_services
from evaluations.runs.models import EvaluationRun
from suites.services import suite_create
from tests.support.html_forms import form_fields, form_fields_in

NEW = "/runs/new/"


@pytest.fixture
def suite(acme, agent):
    return suite_create(
        account=acme, agent=agent, name="Support suite",
        scenarios=[{"kind": "accuracy", "name": "Refund window", "turns": ["How long?"], "required_phrases": ["days"]}],
    )  # fmt: skip


@pytest.fixture
def signed_in(client: Client, alice: Any, monkeypatch: pytest.MonkeyPatch) -> Client:
    monkeypatch.setattr(run_services, "async_task", lambda *args, **kwargs: None)  # launch only: nothing runs
    client.force_login(alice)
    return client


def the_form(client: Client, agent: Any, suite: Any, **fields: Any) -> dict[str, Any]:
    token = form_fields(client, f"{NEW}?agent={agent.pk}&suite={suite.pk}")["launch_token"]
    return {"mode": "saved", "agent": agent.pk, "suite": suite.pk, "runs_per_scenario": 2, "parallel": 1,
            "launch_token": token, **fields}  # fmt: skip


def test_each_rendering_of_the_form_has_its_own_token(signed_in, agent, suite) -> None:
    first, second = the_form(signed_in, agent, suite), the_form(signed_in, agent, suite)
    assert first["launch_token"] and first["launch_token"] != second["launch_token"]


def test_posting_the_same_form_twice_opens_the_first_run_and_charges_once(signed_in, acme, agent, suite) -> None:
    form = the_form(signed_in, agent, suite)
    first = signed_in.post(NEW, form)
    assert first.status_code == 302
    run = EvaluationRun.objects.get()
    assert first["Location"] == f"/runs/{run.pk}/"
    balance = balance_for_account(account_id=acme.pk)

    again = signed_in.post(NEW, form)

    assert again.status_code == 302 and again["Location"] == f"/runs/{run.pk}/"
    assert EvaluationRun.objects.count() == 1
    assert balance_for_account(account_id=acme.pk) == balance
    page = signed_in.get(again["Location"]).content.decode()
    assert "This form had already launched this run; it was not launched again." in page


def test_two_renderings_of_the_form_launch_two_runs(signed_in, agent, suite) -> None:
    assert signed_in.post(NEW, the_form(signed_in, agent, suite)).status_code == 302
    assert signed_in.post(NEW, the_form(signed_in, agent, suite)).status_code == 302
    assert EvaluationRun.objects.count() == 2


def test_the_same_form_sent_again_with_other_settings_says_so_and_offers_a_fresh_token(signed_in, agent, suite) -> None:
    form = the_form(signed_in, agent, suite)
    signed_in.post(NEW, form)
    run = EvaluationRun.objects.get()

    response = signed_in.post(NEW, {**form, "runs_per_scenario": 3})

    assert response.status_code == 200
    html = response.content.decode()
    assert f"This form already launched run {run.pk} with other settings" in html
    assert EvaluationRun.objects.count() == 1
    fresh = form_fields_in(html)["launch_token"]
    assert fresh and fresh != form["launch_token"]
    assert signed_in.post(NEW, {**form, "runs_per_scenario": 3, "launch_token": fresh}).status_code == 302
    assert EvaluationRun.objects.count() == 2


def test_a_form_without_a_token_still_launches(signed_in, agent, suite) -> None:
    form = the_form(signed_in, agent, suite)
    del form["launch_token"]
    assert signed_in.post(NEW, form).status_code == 302
    assert signed_in.post(NEW, form).status_code == 302
    assert EvaluationRun.objects.count() == 2


def test_a_token_out_of_bounds_is_a_form_error(signed_in, agent, suite) -> None:
    response = signed_in.post(NEW, the_form(signed_in, agent, suite, launch_token="x" * 256))
    assert response.status_code == 200
    assert "reload the page" in response.content.decode()
    assert not EvaluationRun.objects.exists()
