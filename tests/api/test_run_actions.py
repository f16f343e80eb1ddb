"""The CI API's run list, cancel and pin, key scopes, and the CI metadata a launch sends (docs/ci.md)."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.urls import reverse

from billing.audit import audit_events_for
from billing.models import AuditAction, Role
from billing.selectors import balance_for_account, run_credits
from billing.services import api_key_create
from evaluations.gate.selectors import baseline_for_run
from evaluations.runs.models import EvaluationRun, RunStatus
from suites.services import suite_create
from tests.support.fixtures_api import Api
from tests.support.launching import launch_run

RUNS = "/api/v1/aiagent/runs"
SHA = "0123456789abcdef0123456789abcdef01234567"


@pytest.fixture
def suite(acme, agent):
    return suite_create(
        account=acme, agent=agent, name="Support suite",
        scenarios=[{"kind": "accuracy", "name": "Refund window", "turns": ["How long?"], "required_phrases": ["days"]}],
    )  # fmt: skip


def launched(api: Api, suite: Any, **ci: Any) -> int:
    """A CI launch left queued (its task is never run: on-commit callbacks are not executed here)."""
    response = api.post(RUNS, {"suite": suite.pk, "runs_per_scenario": 1, "parallel": 1, **ci})
    assert response.status_code == 202, response.content
    return int(response.json()["id"])


def ids(response: Any) -> list[int]:
    assert response.status_code == 200, response.content
    return [row["id"] for row in response.json()["results"]]


# ---------------------------------------------------------------------------------------------- the run list


def test_run_list_filters_by_ci_metadata_state_and_source(api, alice, agent, suite, private_endpoints) -> None:
    main = launched(api, suite, commit=SHA, branch="main", pr_number=41, ci_system="github")
    feature = launched(api, suite, commit="fedcba98", branch="feature/x", pr_number=42, ci_system="gitlab")
    web = launch_run(user=alice, agent=agent, suite=suite, runs_per_scenario=1).pk
    EvaluationRun.objects.filter(pk=feature).update(status=RunStatus.FAILED)

    assert ids(api.get(RUNS)) == [web, feature, main]  # newest first
    assert ids(api.get(f"{RUNS}?pr_number=42")) == [feature]
    assert ids(api.get(f"{RUNS}?commit=0123456")) == [main]  # a short SHA matches its prefix
    assert ids(api.get(f"{RUNS}?commit=123456")) == []  # only a prefix
    assert ids(api.get(f"{RUNS}?branch=feature/x")) == [feature]
    assert ids(api.get(f"{RUNS}?source=ci")) == [feature, main]
    assert ids(api.get(f"{RUNS}?source=web")) == [web]
    assert ids(api.get(f"{RUNS}?state=failed")) == [feature]
    assert ids(api.get(f"{RUNS}?suite={suite.pk}&endpoint={agent.endpoint_url}&state=queued")) == [web, main]
    assert ids(api.get(f"{RUNS}?suite={suite.pk + 1000}")) == []

    body = api.get(f"{RUNS}?page_size=1&page=2").json()
    assert body["count"] == 3 and [row["id"] for row in body["results"]] == [feature]
    assert body["next"].endswith("page=3&page_size=1") and "page_size=1" in body["previous"]
    row = body["results"][0]
    assert row["ci"] == {"commit": "fedcba98", "branch": "feature/x", "pr_number": 42, "job_url": "",
                         "system": "gitlab"}  # fmt: skip
    assert row["source"]["via"] == "ci" and row["status"] == "failed" and row["suite"]["name"] == "Support suite"
    assert row["links"]["report_url"] == f"http://testserver/runs/{feature}/"
    queued = api.get(f"{RUNS}?pr_number=41").json()["results"][0]
    assert queued["verdict"] == "pending" and queued["exit_code"] is None and queued["finished_at"] is None


def test_run_list_refuses_bad_filters_with_sentences(api) -> None:
    response = api.get(f"{RUNS}?pr_number=abc&state=paused")
    assert response.status_code == 400
    body = response.json()
    assert body["pr_number"] == ["Enter a whole number."]
    assert "paused is not one of the available choices" in body["state"][0]
    assert api.get(f"{RUNS}?pr_number=0").json()["pr_number"] == ["Ensure this value is greater than or equal to 1."]


def test_run_list_shows_only_the_keys_workspace(api, bob, suite, private_endpoints) -> None:
    mine = launched(api, suite)
    globex = bob.memberships.get().account
    other = Api(api.client, api_key_create(user=bob, account=globex, name="CI")[1])
    assert ids(other.get(RUNS)) == [] and ids(api.get(RUNS)) == [mine]


def test_run_list_records_the_verdict_at_finish(api, alice, demo_agent_record, demo_suite, launch) -> None:
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    [row] = api.get(RUNS).json()["results"]
    assert row["id"] == run.pk and row["status"] == "succeeded"
    assert row["verdict"] == "pass" and row["exit_code"] == 0 and row["gate_state"] == "no_baseline"
    assert row["verdict_label"] and row["finished_at"]


# ---------------------------------------------------------------------------------------------- cancel


def test_cancel_releases_the_hold_for_the_work_not_done(api, acme, suite, private_endpoints) -> None:
    before = balance_for_account(account_id=acme.pk)
    run_id = launched(api, suite)
    held = run_credits(run_id=run_id).held
    assert held > 0 and balance_for_account(account_id=acme.pk) == before - held

    # As `curl -X POST` sends it (docs/ci.md): no body, no Content-Type.
    response = api.client.generic("POST", f"{RUNS}/{run_id}/cancel", headers=api.headers())

    assert response.status_code == 200, response.content
    body = response.json()
    assert body["id"] == run_id and body["status"] == "cancelled" and body["verdict"] == "error"
    credits = run_credits(run_id=run_id)
    assert credits.charged == 0 and credits.released == held  # nothing was done: the whole hold comes back
    assert balance_for_account(account_id=acme.pk) == before
    again = api.post(f"{RUNS}/{run_id}/cancel")  # idempotent
    assert again.status_code == 200 and again.json()["status"] == "cancelled"
    assert balance_for_account(account_id=acme.pk) == before
    assert ids(api.get(f"{RUNS}?state=cancelled")) == [run_id]


def test_cancel_of_a_finished_run_is_409(api, demo_agent_record, demo_suite, launch) -> None:
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    response = api.post(f"{RUNS}/{run.pk}/cancel")
    assert response.status_code == 409
    assert response.json()["detail"] == (
        f"Run #{run.pk} has already ended (succeeded), so there is nothing to cancel; its results and credits are "
        "final."
    )
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED


def test_cancel_needs_the_run_scope_and_the_write_role(api, acme, alice, suite, make_member, private_endpoints) -> None:
    run_id = launched(api, suite)
    reader = Api(api.client, api_key_create(user=alice, account=acme, name="ro", scopes=["read"])[1])
    response = reader.post(f"{RUNS}/{run_id}/cancel")
    assert response.status_code == 403
    assert "this call needs the “run” scope" in response.json()["detail"]
    rita = make_member("rita", Role.READ)
    readonly_member = Api(api.client, api_key_create(user=rita, account=acme, name="CI")[1])
    response = readonly_member.post(f"{RUNS}/{run_id}/cancel")
    assert (
        response.status_code == 403 and "This needs the Write role in Acme; you have Read." in response.json()["detail"]
    )
    assert EvaluationRun.objects.get(pk=run_id).status == RunStatus.QUEUED
    assert api.post(f"{RUNS}/999999/cancel").status_code == 404


# ---------------------------------------------------------------------------------------------- pin


def test_pin_with_a_read_only_key_is_403(api, acme, alice, demo_agent_record, demo_suite, launch) -> None:
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    token = api_key_create(user=alice, account=acme, name="ro", scopes=["read"])[1]
    response = Api(api.client, token).post(f"{RUNS}/{run.pk}/pin")
    assert response.status_code == 403
    assert response.json()["detail"] == (
        f"This API key ({token[:8]}…) has the scopes read; this call needs the “publish” scope. Create a key with "
        "the publish scope on the API keys page of your profile."
    )
    assert api.post(f"{RUNS}/{run.pk}/pin").status_code == 403  # the default key reads and runs only
    assert baseline_for_run(run=run) is None


def test_pin_with_the_publish_scope_needs_the_publish_role(
    api, acme, demo_agent_record, demo_suite, launch, make_member
) -> None:
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    wes = make_member("wes", Role.WRITE)
    token = api_key_create(user=wes, account=acme, name="CI", scopes=["read", "run", "publish"])[1]
    response = Api(api.client, token).post(f"{RUNS}/{run.pk}/pin")
    assert response.status_code == 403
    assert (
        response.json()["detail"]
        == "This needs the Publish role in Acme; you have Write. Ask an admin of the workspace."
    )
    assert baseline_for_run(run=run) is None


def test_pin_creates_the_baseline_and_the_audit_entry(api, acme, alice, demo_agent_record, demo_suite, launch) -> None:
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    publisher = Api(api.client, api_key_create(user=alice, account=acme, name="rel", scopes=["run", "publish"])[1])

    response = publisher.post(f"{RUNS}/{run.pk}/pin", {"note": "Pinned by the release job."})

    assert response.status_code == 200, response.content
    body = response.json()
    assert body["run_id"] == run.pk and body["endpoint_url"] == demo_agent_record.endpoint_url
    assert body["detail"].startswith(f"Run #{run.pk} is now the baseline for Northwind bot with suite “Demo”;")
    baseline = baseline_for_run(run=launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1))
    assert baseline is not None and baseline.run_id == run.pk
    event = audit_events_for(account_id=acme.pk).filter(action=AuditAction.BASELINE_PIN).get()
    assert event.actor == alice and event.target == f"run #{run.pk}"
    assert event.summary.startswith(f"alice pinned run #{run.pk} as the baseline of Northwind bot at ")
    assert event.summary.endswith(" Pinned by the release job.")
    assert publisher.post(f"{RUNS}/{run.pk}/pin").status_code == 200  # pinning the baseline again changes nothing
    assert audit_events_for(account_id=acme.pk).filter(action=AuditAction.BASELINE_PIN).count() == 1


def test_pin_of_an_unfinished_run_is_409_with_the_reason(api, acme, alice, suite, private_endpoints) -> None:
    run_id = launched(api, suite)
    publisher = Api(api.client, api_key_create(user=alice, account=acme, name="rel", scopes=["publish"])[1])
    response = publisher.client.generic("POST", f"{RUNS}/{run_id}/pin", headers=publisher.headers())  # no body
    assert response.status_code == 409
    assert response.json()["detail"] == (
        "Only a finished run can be pinned as the baseline; this one is not finished successfully."
    )
    bad = publisher.post(f"{RUNS}/{run_id}/pin", {"note": "two\nlines"})
    assert bad.status_code == 400 and bad.json()["note"] == ["The note cannot contain line breaks."]


# ---------------------------------------------------------------------------------------------- key scopes


def test_keys_page_makes_a_key_with_the_scopes_chosen_and_lists_them(client, alice, acme) -> None:
    client.force_login(alice)
    page = client.get(reverse("billing:api-keys")).content.decode()
    assert 'name="scopes" value="run"' in page and 'name="scopes" value="publish"' in page
    response = client.post(reverse("billing:api-keys"), {"name": "release", "account": acme.pk,
                                                           "scopes": ["run", "publish"]})  # fmt: skip
    assert response.status_code == 200
    assert "Scopes: <strong>read, run, publish</strong>." in response.content.decode()
    client.post(reverse("billing:api-keys"), {"name": "dashboards", "account": acme.pk})  # nothing ticked: read
    listing = html.unescape(client.get(reverse("billing:api-keys")).content.decode())
    assert '<td class="api-key-scopes">read, run, publish</td>' in listing
    assert '<td class="api-key-scopes">read</td>' in listing
    bad = client.post(reverse("billing:api-keys"), {"name": "x", "account": acme.pk, "scopes": ["admin"]})
    assert "Choose among read, run and publish." in bad.content.decode()


def test_launch_needs_the_run_scope(api, acme, alice, suite, private_endpoints) -> None:
    reader = Api(api.client, api_key_create(user=alice, account=acme, name="ro", scopes=["read"])[1])
    response = reader.post(RUNS, {"suite": suite.pk})
    assert response.status_code == 403 and "needs the “run” scope" in response.json()["detail"]
    assert not EvaluationRun.objects.exists()
    assert reader.get(RUNS).status_code == 200  # reading is every key's


# ---------------------------------------------------------------------------------------------- CI metadata


def test_ci_metadata_round_trip(api, acme, alice, demo_agent_record, demo_suite, django_capture_on_commit_callbacks):
    sent = {"commit": SHA, "branch": "main", "pr_number": 42, "job_url": "https://ci.example/job/7",
            "ci_system": "github"}  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        run_id = launched(api, demo_suite, **sent)
    ci = {"commit": SHA, "branch": "main", "pr_number": 42, "job_url": "https://ci.example/job/7", "system": "github"}

    assert ids(api.get(f"{RUNS}?pr_number=42")) == [run_id] and ids(api.get(f"{RUNS}?pr_number=43")) == []
    detail = api.get(f"{RUNS}/{run_id}").json()
    assert detail["ci"] == ci and detail["source"]["via"] == "ci" and detail["verdict"] == "pass"
    assert detail["created_at"] and detail["finished_at"]
    report = api.get(f"{RUNS}/{run_id}/report.json").json()
    assert report["run"]["ci"] == ci and report["run"]["source"] == "ci"
    event = audit_events_for(account_id=acme.pk).filter(action=AuditAction.RUN_LAUNCH).get()
    assert event.actor == alice and event.target == f"run #{run_id}"
    assert event.summary == (
        f"alice launched run #{run_id} of Demo on Northwind bot from CI (github, branch main, commit 0123456789ab, "
        "pull request #42, job https://ci.example/job/7)."
    )
    client = api.client
    client.force_login(alice)
    page = client.get(reverse("evaluations:run-report", args=[run_id])).content.decode()
    assert "pull request #42" in page and 'href="https://ci.example/job/7"' in page
    listing = client.get(reverse("evaluations:run-list") + "?pr_number=42&source=ci").content.decode()
    assert "PR #42" in listing and f"Run {run_id}<" in listing
    assert f"Run {run_id}<" not in client.get(reverse("evaluations:run-list") + "?pr_number=7").content.decode()


def test_launch_refuses_bad_ci_metadata(api, suite, private_endpoints) -> None:
    response = api.post(RUNS, {"suite": suite.pk, "pr_number": 0, "ci_system": "travis"})
    assert response.status_code == 400
    body = response.json()
    assert body["pr_number"] == ["The pull request number must be a whole number from 1 up."]
    assert body["ci_system"] == ['"travis" is not a valid choice.']
    assert api.post(RUNS, {"suite": suite.pk, "pr_number": "42"}).status_code == 400  # a JSON number, not a string
    assert not EvaluationRun.objects.exists()


def test_run_list_reads_a_page_in_a_constant_number_of_queries(
    api, alice, suite, private_endpoints, django_assert_max_num_queries
) -> None:
    for count in (2, 4):
        while EvaluationRun.objects.count() < count:
            launched(api, suite, branch="main")
        EvaluationRun.objects.update(status=RunStatus.SUCCEEDED)  # finished: their verdict records are read too
        # The key, its membership, its last use, the count, the page and the verdict records: not one per run.
        with django_assert_max_num_queries(6):
            assert len(ids(api.get(f"{RUNS}?branch=main"))) == count
