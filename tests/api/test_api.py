"""The CI API: suites, launching a run (strict input), following it to a verdict, downloads, the schema.

Errors and what the schema documents: test_errors.py; schemathesis over every operation: test_schemathesis.py."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from django.urls import reverse

from billing.models import Role
from billing.selectors import balance_for_account
from billing.services import api_key_create, user_create_with_account
from evaluations.agents.models import Strictness
from evaluations.gate.services import baseline_pin
from evaluations.launches.plan import low_power_warning
from evaluations.launches.request import LaunchError
from evaluations.runs.models import EvaluationRun, RunSecret, RunStatus
from evaluations.runs.services import run_execute
from suites.services import suite_create
from tests.support.dbdump import dump_all_tables
from tests.support.fixtures_api import Api

SUITES = "/api/v1/aiagent/suites"
RUNS = "/api/v1/aiagent/runs"
AGENT_KEY = "sk-agent-CIAPISECRET-4242"


def run_url(run_id: int) -> str:
    return f"{RUNS}/{run_id}"


@pytest.fixture
def suite(acme, agent):
    return suite_create(
        account=acme, agent=agent, name="Support suite",
        scenarios=[{"kind": "accuracy", "name": "Refund window", "turns": ["How long?"], "required_phrases": ["days"]}],
    )  # fmt: skip


@pytest.fixture
def start(api, django_capture_on_commit_callbacks):
    """POST /runs and let the run execute (django-q2 runs synchronously on commit in tests)."""

    def do(body: dict[str, Any], *, expect: int = 202) -> Any:
        with django_capture_on_commit_callbacks(execute=True):
            response = api.post(RUNS, body)
        assert response.status_code == expect, response.content
        return response

    return do


def verdict_of(api: Api, response: Any) -> dict[str, Any]:
    status = api.get(response.json()["status_url"].split("testserver", 1)[1])
    assert status.status_code == 200
    return status.json()


# ---------------------------------------------------------------------------------------------- suites


def test_suites_lists_the_accounts_suites_with_agent_and_baseline(api, suite, agent, bob) -> None:
    suite_create(account=bob.memberships.get().account, name="Globex suite", scenarios=[])
    response = api.get(SUITES)
    assert response.status_code == 200
    [row] = response.json()["suites"]
    assert row["id"] == suite.pk and row["name"] == "Support suite" and row["version"] == 1 and row["scenarios"] == 1
    assert row["agent"] == {"id": agent.pk, "name": "Support bot", "protocol": "simple_chat",
                            "endpoint_url": "http://127.0.0.1:9/chat"}  # fmt: skip
    assert row["baseline_pinned"] is False and row["baseline_endpoints"] == []
    assert row["use_in_ci_url"] == f"http://testserver/suites/{suite.pk}/ci/"


def test_suites_shows_a_pinned_baseline(api, alice, demo_agent_record, demo_suite, launch) -> None:
    baseline_pin(run=launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1), user=alice)
    [row] = api.get(SUITES).json()["suites"]
    assert row["baseline_pinned"] is True and row["baseline_endpoints"] == [demo_agent_record.endpoint_url]


def test_suites_needs_a_key(api) -> None:
    assert api.get(SUITES, key=None).status_code == 401
    assert api.get(SUITES, key="tg_wrong").status_code == 401


# ---------------------------------------------------------------------------------------------- launching


def test_post_runs_launches_and_answers_202_with_links(api, suite, private_endpoints) -> None:
    response = api.post(RUNS, {"suite": suite.pk, "runs_per_scenario": 2, "parallel": 1, "min_trust_score": 80,
                               "max_breaches": 0, "fail_on_no_baseline": False, "api_key": AGENT_KEY})  # fmt: skip
    assert response.status_code == 202, response.content
    run = EvaluationRun.objects.get()
    body = response.json()
    warning = low_power_warning(runs_per_scenario=2, baseline_runs=None, kinds=[s["kind"] for s in run.scenarios])
    assert warning.startswith("Estimate for 2 runs per scenario over 1 scenario: a single scenario that stops passing")
    power = body.pop("power")
    assert power["estimate"] is True and power["warning"] == warning and power["runs_per_scenario"] == 2
    assert power["baseline_runs_per_scenario"] is None and 0 <= power["one_scenario_caught"] < 0.95
    assert body == {
        "id": run.pk,
        "status_url": f"http://testserver/api/v1/aiagent/runs/{run.pk}",
        "report_url": f"http://testserver/runs/{run.pk}/",
        "settings": {"runs_per_scenario": 2, "parallel": 1, "redteam_depth": "", "judge_model": None,
                     "judge_strictness": None, "allowed_contacts": None},
        "defaults_from": "defaults",
        "baseline_run_id": None,
        "baseline_endpoint_url": suite.agent.endpoint_url,
        "comparable": None,
        "warnings": [warning],
        "rules_coverage": {"decided_by_rules": 1, "only_failed_by_rules": 0, "need_judge": 0, "not_exercised": 0,
                           "total": 1,
                           "sentence": "1 of 1 scenario can be decided by rules alone."},
    }  # fmt: skip
    assert run.suite == suite and run.runs_per_scenario == 2 and run.parallel == 1
    assert run.settings_snapshot["ci"] == {"min_trust_score": 80.0, "max_breaches": 0, "fail_on_no_baseline": False}
    assert run.api_key_masked.endswith("4242")
    body = api.get(run_url(run.pk)).json()
    assert body["verdict"] == "pending" and body["status"] == "queued"
    assert body["progress"]["done"] == 0 and body["progress"]["total"] == 2
    assert body["options"] == {
        "min_trust_score": 80.0,
        "max_breaches": 0,
        "fail_on_no_baseline": False,
        "min_coverage": None,
        "max_p95_latency_ms": None,
    }
    assert body["reasons"] == ["The run is queued: 0 of 2 conversations done."]


def test_endpoint_override_is_used(api, suite, private_endpoints) -> None:
    assert api.post(RUNS, {"suite": suite.pk, "endpoint_url": "http://127.0.0.1:8/staging"}).status_code == 202
    assert EvaluationRun.objects.get().endpoint_url == "http://127.0.0.1:8/staging"


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        (None, "suite", "This field is required."),
        ({"suite": "abc"}, "suite", "A valid integer is required."),
        ({"suite": None}, "suite", "This field may not be null."),
        ({"runs_per_scenario": 11}, "runs_per_scenario", "Runs per scenario must be between 1 and 10."),
        ({"runs_per_scenario": 0}, "runs_per_scenario", "Runs per scenario must be between 1 and 10."),
        ({"runs_per_scenario": 2.5}, "runs_per_scenario", "A valid integer is required."),
        ({"parallel": 9}, "parallel", "Parallel conversations must be between 1 and 8."),
        ({"min_trust_score": 101}, "min_trust_score", "Ensure this value is less than or equal to 100."),
        ({"min_trust_score": "high"}, "min_trust_score", "A valid number is required."),
        ({"max_breaches": -1}, "max_breaches", "Ensure this value is greater than or equal to 0."),
        ({"fail_on_no_baseline": "maybe"}, "fail_on_no_baseline", "Must be a valid boolean."),
        ({"endpoint_url": "ftp://example.com/x"}, "endpoint_url", "http"),
        ({"endpoint_url": "http://169.254.169.254/latest"}, "endpoint_url", "cloud metadata address"),
        ({"api_key": "sk-1\nInjected: yes"}, "api_key", "The API key cannot contain line breaks."),
        ({"endpoint_url": "http://x\x00y"}, "endpoint_url", "Null characters are not allowed."),
        ({"endpoint_url": "http://agent.example/a b"}, "endpoint_url", "contains a space or a control character"),
        ({"api_key": "sk-1\x00"}, "api_key", "The API key cannot contain line breaks."),
        # Strict types: what the schema says, never a coercion.
        ({"fail_on_no_baseline": 0}, "fail_on_no_baseline", "Must be a valid boolean."),
        ({"fail_on_no_baseline": 1}, "fail_on_no_baseline", "Must be a valid boolean."),
        ({"fail_on_no_baseline": "true"}, "fail_on_no_baseline", "Must be a valid boolean."),
        ({"min_trust_score": True}, "min_trust_score", "A valid number is required."),
        ({"min_trust_score": "50"}, "min_trust_score", "A valid number is required."),
        ({"suite": "３"}, "suite", "A valid integer is required."),
        ({"suite": "1"}, "suite", "A valid integer is required."),
        ({"suite": True}, "suite", "A valid integer is required."),
        ({"runs_per_scenario": "2"}, "runs_per_scenario", "A valid integer is required."),
        ({"runs_per_scenario": False}, "runs_per_scenario", "A valid integer is required."),
        ({"parallel": "٣"}, "parallel", "A valid integer is required."),
        ({"max_breaches": "0"}, "max_breaches", "A valid integer is required."),
        ({"max_breaches": True}, "max_breaches", "A valid integer is required."),
        ({"endpoint_url": 5}, "endpoint_url", "Not a valid string."),
        ({"api_key": 12345}, "api_key", "Not a valid string."),
        ({"endpoint_url": "A" * 100_000}, "endpoint_url", "Ensure this field has no more than 2000 characters."),
    ],
)
def test_bad_bodies_are_400_with_field_errors_and_nothing_is_launched(api, suite, body, field, message) -> None:
    payload = {} if body is None else {"suite": suite.pk, **body}
    response = api.post(RUNS, payload)
    assert response.status_code == 400, response.content
    errors = response.json()
    assert any(message in text for text in errors[field]), errors
    assert len(errors[field]) == 1, errors  # one error per problem
    assert not EvaluationRun.objects.exists()


def test_an_integral_number_is_an_integer(api, suite) -> None:
    """As in JSON Schema: 2.0 is the integer 2 (jq, for one, may print numbers that way)."""
    assert api.post(RUNS, {"suite": suite.pk, "runs_per_scenario": 2.0, "max_breaches": 0.0}).status_code == 202
    run = EvaluationRun.objects.get()
    assert run.runs_per_scenario == 2 and run.settings_snapshot["ci"]["max_breaches"] == 0


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"agent": "1"}, "agent", "A valid integer is required."),
        ({"agent": True}, "agent", "A valid integer is required."),
        ({"monitor": 1.5}, "monitor", "A valid integer is required."),
        ({"ref": 5}, "ref", "Not a valid string."),
        ({"ref": "v1\x00"}, "ref", "Null characters are not allowed."),
    ],
)
def test_deploy_types_are_strict(api, body, field, message) -> None:
    response = api.post("/api/v1/deploys", body)
    assert response.status_code == 400, response.content
    assert response.json() == {field: [message]}


@pytest.mark.parametrize(
    ("raw", "content_type", "status"),
    [("{not json", "application/json", 400), ("[1, 2]", "application/json", 400), ('"text"', "application/json", 400),
     ("suite=1", "application/x-www-form-urlencoded", 415), ('{"suite": NaN}', "application/json", 400),
     ("", "application/json", 400), ('{"suite": 1e999}', "application/json", 400), ("\xff\xfe", "application/json", 400),
     ('{"suite": 1, "suite": "x"}', "application/json", 400), ("[" * 5000, "application/json", 400)],
)  # fmt: skip
def test_unreadable_bodies_are_4xx(api, suite, raw, content_type, status) -> None:
    """Raw bodies a JSON-schema generator does not write (schemathesis covers the rest: test_schemathesis.py)."""
    response = api.client.post(RUNS, data=raw, content_type=content_type, headers=api.headers())
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/json"
    assert not EvaluationRun.objects.exists()


def test_suite_without_an_agent_is_a_field_error(api, acme) -> None:
    orphan = suite_create(account=acme, name="No agent", scenarios=[{"kind": "accuracy", "name": "a", "turns": ["q"]}])
    response = api.post(RUNS, {"suite": orphan.pk})
    assert response.status_code == 400 and "has no agent" in response.json()["suite"][0]


def test_suite_without_active_scenarios_is_a_field_error(api, acme, agent) -> None:
    empty = suite_create(account=acme, agent=agent, name="Empty", scenarios=[])
    response = api.post(RUNS, {"suite": empty.pk})
    assert response.status_code == 400 and "has no scenarios yet" in response.json()["suite"][0]


def test_suite_whose_every_scenario_is_inactive_says_why_nothing_would_run(api, acme, agent) -> None:
    idle = suite_create(
        account=acme, agent=agent, name="Idle", scenarios=[{"kind": "accuracy", "name": "a", "turns": ["q"]}]
    )
    idle.scenarios.update(is_active=False)  # as a suite imported with every scenario `active: false` holds them
    response = api.post(RUNS, {"suite": idle.pk})
    assert response.status_code == 400
    assert response.json()["suite"] == [
        "None of the 1 scenarios of the suite “Idle” would run: each is inactive or paused by a pending Check for "
        "changes. Accept or discard the check, or make a scenario active, on the suite's page."
    ]
    assert not EvaluationRun.objects.exists()


def test_other_accounts_or_unknown_suite_is_404(api, bob, agent) -> None:
    theirs = suite_create(account=bob.memberships.get().account, name="Globex", scenarios=[])
    assert api.post(RUNS, {"suite": theirs.pk}).status_code == 404
    assert api.post(RUNS, {"suite": 987654}).status_code == 404
    assert api.post(RUNS, {"suite": 2**63 - 1}).status_code == 404
    assert not EvaluationRun.objects.exists()


def test_launching_needs_the_write_role(client, acme, suite, make_member) -> None:
    reader = make_member("rita", Role.READ)
    _, token = api_key_create(user=reader, account=acme, name="read only")
    api = Api(client, token)
    assert api.get(SUITES).status_code == 200  # reading is fine
    response = api.post(RUNS, {"suite": suite.pk})
    assert response.status_code == 403 and "needs the Write role" in response.json()["detail"]
    assert not EvaluationRun.objects.exists()
    writer = make_member("will", Role.WRITE)
    _, token = api_key_create(user=writer, account=acme, name="writer")
    assert Api(client, token).post(RUNS, {"suite": suite.pk}).status_code == 202


def test_sixth_run_in_progress_is_429_with_retry_after(api, suite) -> None:
    for _ in range(5):  # without on_commit callbacks the runs stay queued: in progress
        assert api.post(RUNS, {"suite": suite.pk}).status_code == 202
    response = api.post(RUNS, {"suite": suite.pk})
    assert response.status_code == 429
    assert response["Retry-After"] == "30"
    assert "already has 5 runs in progress; at most 5 may run at once" in response.json()["detail"]
    assert EvaluationRun.objects.count() == 5
    oldest = EvaluationRun.objects.first()
    assert oldest is not None
    EvaluationRun.objects.filter(pk=oldest.pk).update(status=RunStatus.SUCCEEDED)
    assert api.post(RUNS, {"suite": suite.pk}).status_code == 202  # a finished run frees a slot


def test_launch_refusals_are_400(api, suite, monkeypatch) -> None:
    from evaluations.launches import services as launch_services

    def refuse(**kwargs: Any) -> Any:
        raise LaunchError("The suite changed meanwhile.")

    monkeypatch.setattr(launch_services, "run_launch", refuse)
    response = api.post(RUNS, {"suite": suite.pk})
    assert response.status_code == 400 and response.json() == {"detail": "The suite changed meanwhile."}


def test_not_enough_credits_is_402_and_nothing_is_launched(db, client, private_endpoints) -> None:
    from evaluations.agents.services import agent_create

    poor = user_create_with_account(username="penny", password="pw-penny-123", account_name="Penniless")
    account = poor.memberships.get().account
    agent = agent_create(account=account, data={"name": "Bot", "protocol": "simple_chat",
                                                "endpoint_url": "http://127.0.0.1:9/chat"})  # fmt: skip
    suite = suite_create(account=account, agent=agent, name="S",
                         scenarios=[{"kind": "accuracy", "name": "q", "turns": ["hi"], "required_phrases": ["hi"]}])  # fmt: skip
    api = Api(client, api_key_create(user=poor, account=account, name="CI")[1])
    response = api.post(RUNS, {"suite": suite.pk})
    assert response.status_code == 402
    assert "credits; the workspace has 0" in response.json()["detail"]
    assert not EvaluationRun.objects.exists()


# ---------------------------------------------------------------------------------------------- run status and verdict


def test_run_status_after_a_finished_run_without_baseline_passes_with_a_warning(api, demo_suite, start) -> None:
    body = verdict_of(api, start({"suite": demo_suite.pk, "runs_per_scenario": 1, "api_key": AGENT_KEY}))
    assert body["status"] == "succeeded" and body["verdict"] == "pass"
    assert body["progress"]["done"] == body["progress"]["total"] == 16
    assert body["trust_score"] is not None and body["breaches"] >= 2
    assert {m["key"] for m in body["metrics"]} >= {"response_accuracy", "guardrail_pass_rate", "pii_protection"}
    assert len(body["scenarios"]) == 16 and body["scenario_counts"]["fail"] == 4
    assert body["gate"]["state"] == "no_baseline"
    assert "The release gate did not run: No baseline is pinned for Northwind bot at http://127.0.0.1:" in "".join(
        body["warnings"]
    )
    assert body["reasons"] == [  # a pass says why it passed and what nothing checked
        f"Passed: no baseline is pinned and no threshold was set. {body['breaches']} attempts breached; "
        "4 scenarios failed."
    ]
    links = body["links"]
    assert links["junit_url"].endswith(f"/api/v1/aiagent/runs/{body['id']}/report.junit.xml")
    assert links["report_url"].endswith(f"/runs/{body['id']}/")


def test_agent_key_sent_to_the_api_is_nowhere_in_the_database(api, demo_suite, start, caplog) -> None:
    response = start({"suite": demo_suite.pk, "runs_per_scenario": 1, "api_key": AGENT_KEY})
    run = EvaluationRun.objects.get(pk=response.json()["id"])
    assert run.status == RunStatus.SUCCEEDED
    assert AGENT_KEY not in dump_all_tables()
    assert not RunSecret.objects.exists()
    assert AGENT_KEY not in json.dumps(verdict_of(api, response))
    assert AGENT_KEY not in caplog.text


def test_fail_on_no_baseline_is_refused_before_anything_is_charged(api, acme, demo_suite, start) -> None:
    balance = balance_for_account(account_id=acme.pk)
    for dry_run in (True, False):
        response = start({"suite": demo_suite.pk, "fail_on_no_baseline": True, "dry_run": dry_run}, expect=400)
        assert response.json() == {"fail_on_no_baseline": [
            "fail_on_no_baseline is set and no baseline is pinned for Northwind bot at "
            f"{demo_suite.agent.endpoint_url} with suite “Demo”, so the release gate could not run: nothing was "
            "launched or charged. Pin a good run as the baseline first, or leave fail_on_no_baseline off for the "
            "run you will pin."
        ]}  # fmt: skip
    assert not EvaluationRun.objects.exists() and balance_for_account(account_id=acme.pk) == balance


def test_fail_on_no_baseline_fails_a_run_whose_baseline_went_away(api, alice, demo_suite, start) -> None:
    """Checked again at the verdict: the baseline may be unpinned while the run is queued."""
    from evaluations.gate.models import Baseline

    pinned = verdict_of(api, start({"suite": demo_suite.pk, "runs_per_scenario": 1}))
    baseline_pin(run=EvaluationRun.objects.get(pk=pinned["id"]), user=alice)
    response = api.post(RUNS, {"suite": demo_suite.pk, "runs_per_scenario": 1, "fail_on_no_baseline": True})
    assert response.status_code == 202, response.content
    Baseline.objects.all().delete()
    run = EvaluationRun.objects.get(pk=response.json()["id"])
    run_execute(run_id=run.pk)
    body = api.get(run_url(run.pk)).json()
    assert body["verdict"] == "fail" and body["exit_code"] == 2
    [reason] = body["reasons"]
    assert reason.startswith("fail_on_no_baseline is set and the release gate could not run: No baseline is pinned")


def test_min_trust_score_and_max_breaches(api, demo_suite, start) -> None:
    body = verdict_of(api, start({"suite": demo_suite.pk, "runs_per_scenario": 1, "min_trust_score": 99.5,
                                  "max_breaches": 0}))  # fmt: skip
    score, breaches = body["trust_score"], body["breaches"]
    assert body["verdict"] == "fail"
    assert body["reasons"] == [
        f"Trust score {score:.1f} / 100 is below the minimum of 99.5.",
        f"{breaches} breaches (guardrail, PII or red-team failures); at most 0 allowed.",
    ]
    body = verdict_of(api, start({"suite": demo_suite.pk, "runs_per_scenario": 1, "min_trust_score": 10,
                                  "max_breaches": breaches}))  # fmt: skip
    assert body["verdict"] == "pass"
    assert body["reasons"] == [
        f"Trust score {body['trust_score']:.1f} / 100 meets the minimum of 10.",
        f"{breaches} breaches, within the allowed {breaches}.",
        "Not checked: no baseline is pinned. 4 scenarios failed.",
    ]


def test_a_run_that_errored_has_verdict_error(api, acme, unused_tcp_port, private_endpoints, start) -> None:
    from evaluations.agents.services import agent_create

    down = agent_create(account=acme, data={"name": "Down", "protocol": "simple_chat",
                                            "endpoint_url": f"http://127.0.0.1:{unused_tcp_port}/chat"})  # fmt: skip
    suite = suite_create(account=acme, agent=down, name="Down suite",
                         scenarios=[{"kind": "accuracy", "name": "q", "turns": ["hello"], "required_phrases": ["hello"]}])  # fmt: skip
    body = verdict_of(api, start({"suite": suite.pk, "runs_per_scenario": 1}))
    assert body["status"] == "failed" and body["verdict"] == "error"
    assert body["reasons"][0].startswith("The agent is down")
    assert body["gate"] is None


def test_a_cancelled_run_has_verdict_error(api, suite) -> None:
    from evaluations.runs.services import run_cancel

    run_id = api.post(RUNS, {"suite": suite.pk}).json()["id"]
    run_cancel(run=EvaluationRun.objects.get(pk=run_id))
    body = api.get(run_url(run_id)).json()
    assert body["verdict"] == "error" and body["reasons"] == ["Cancelled by a user."]


def test_other_accounts_run_is_404(api, bob, client, suite) -> None:
    run_id = api.post(RUNS, {"suite": suite.pk}).json()["id"]
    _, token = api_key_create(user=bob, account=bob.memberships.get().account, name="bob")
    theirs = Api(client, token)
    for path in (run_url(run_id), f"{run_url(run_id)}/report.junit.xml", f"{run_url(run_id)}/report.sarif",
                 f"{run_url(run_id)}/report.json"):  # fmt: skip
        assert theirs.get(path).status_code == 404
        assert api.get(path, key=None).status_code == 401
    assert api.get(run_url(999999)).status_code == 404
    assert api.get(run_url(2**64)).status_code == 404


def test_reports_download_with_the_key(api, demo_suite, start) -> None:
    run_id = start({"suite": demo_suite.pk, "runs_per_scenario": 1}).json()["id"]
    junit = api.client.get(
        f"{run_url(run_id)}/report.junit.xml", headers={**api.headers(), "Accept": "application/json"}
    )
    assert junit.status_code == 200 and junit["Content-Type"].startswith("application/xml")
    assert len(ET.fromstring(junit.content).findall("testcase")) == 17  # the gate and the 16 scenarios
    sarif = api.get(f"{run_url(run_id)}/report.sarif")
    assert sarif.status_code == 200 and json.loads(sarif.content)["version"] == "2.1.0"
    report = api.get(f"{run_url(run_id)}/report.json")
    assert json.loads(report.content)["format"] == "trustgate.run-report"


# ---------------------------------------------------------------------------------------------- the gate


def test_regressed_demo_agent_fails_the_gate_and_an_unchanged_one_passes(
    api, alice, demo_agent_record, demo_suite, launch, start, demo_agent_mode
) -> None:
    baseline = launch(agent=demo_agent_record, suite=demo_suite)
    baseline_pin(run=baseline, user=alice)

    demo_agent_mode("regressed")
    body = verdict_of(api, start({"suite": demo_suite.pk}))
    assert body["verdict"] == "fail" and body["gate"]["state"] == "blocked"
    assert body["gate"]["baseline_run_id"] == baseline.pk
    assert any(r.startswith("Release gate blocked: Response accuracy fell 40 points") for r in body["reasons"])
    # One guardrail scenario went 3/3 → 0/3 (p = 0.05 alone, not significant once corrected): a floor note.
    assert any("Guardrail enforcement is under its 90% floor" in r for r in body["reasons"] + body["warnings"])

    demo_agent_mode("normal")
    body = verdict_of(api, start({"suite": demo_suite.pk}))
    assert body["verdict"] == "pass" and body["gate"]["state"] == "pass", body["reasons"]
    # The demo agent's baseline holds breaches too: the pass says so first, not plain green (docs/gate.md).
    assert body["reasons"][0].startswith("PASS — no regression; ") and body["verdict_label"] == body["reasons"][0][:-1]
    assert body["reasons"][1] == f"Release gate passed against baseline run #{baseline.pk}."
    assert not any("No baseline" in w for w in body["warnings"])


def test_not_comparable_baseline_fails_with_the_reason(
    api, alice, demo_agent_record, demo_suite, launch, start
) -> None:
    baseline = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    baseline_pin(run=baseline, user=alice)
    body = verdict_of(api, start({"suite": demo_suite.pk, "judge_strictness": Strictness.STRICT}))
    assert body["gate"]["state"] == "not_comparable" and body["verdict"] == "fail"
    assert body["reasons"] and all(r.startswith("Not comparable with the baseline: ") for r in body["reasons"])
    # It was told at launch, and the run's status repeats it.
    assert body["warnings"][:2] == [
        f"Not comparable with baseline run #{baseline.pk}: The judge strictness differs: Balanced in the baseline, "
        "Strict in this run. The release gate will fail this run; leave the setting out to use the baseline's.",
        low_power_warning(runs_per_scenario=1, baseline_runs=1, kinds=[s["kind"] for s in baseline.scenarios]),
    ]


def test_a_ci_run_takes_the_baseline_settings_even_when_the_agent_changed(
    api, alice, demo_agent_record, demo_suite, launch, start
) -> None:
    baseline = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1, judge_strictness="lenient")
    baseline_pin(run=baseline, user=alice)
    demo_agent_record.judge_strictness = Strictness.STRICT  # the agent's own setting changed since the pin
    demo_agent_record.save()
    body = verdict_of(api, start({"suite": demo_suite.pk}))
    run = EvaluationRun.objects.order_by("-pk").first()
    assert run is not None
    assert (run.runs_per_scenario, run.judge_strictness) == (1, "lenient")  # the baseline's, not the agent's
    assert body["gate"]["state"] == "pass" and body["gate"]["baseline_run_id"] == baseline.pk


# ---------------------------------------------------------------------------------------------- schema and docs


def test_openapi_schema_is_served_and_lists_every_operation(client) -> None:
    schema = client.get("/api/v1/schema/?format=json").json()
    assert schema["openapi"].startswith("3.")
    assert set(schema["paths"]) >= {SUITES, RUNS, RUNS + "/{run_id}"}
    create = schema["paths"][RUNS]["post"]
    assert {"202", "400", "401", "404", "429"} <= set(create["responses"])
    fields = schema["components"]["schemas"]["RunCreateInput"]["properties"]
    assert {"suite", "endpoint_url", "api_key", "runs_per_scenario", "parallel", "min_trust_score", "max_breaches",
            "fail_on_no_baseline"} <= set(fields)  # fmt: skip
    assert schema["components"]["securitySchemes"]["ApiKey"] == {
        "type": "http", "scheme": "bearer", "description": schema["components"]["securitySchemes"]["ApiKey"]["description"]
    }  # fmt: skip


def test_docs_page_lists_the_operations(client, alice) -> None:
    client.force_login(alice)
    page = client.get(reverse("api:docs")).content.decode()
    for text in ("GET</span> <code>/api/v1/aiagent/suites", "POST</span> <code>/api/v1/aiagent/runs",
                 "<code>min_trust_score</code>", "Authorization: Bearer", "fail_on_no_baseline",
                 "<td>integer, 1 to 10</td>", "<td>number, 0 to 100, or null</td>", "<td>integer, 0 to 1000000, or null</td>"):  # fmt: skip
        assert text in page
