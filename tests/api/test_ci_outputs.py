"""What CI tools read of a run (docs/ci.md): the JUnit XML's gate test case, read with junitparser as a CI test
reporter reads it, and SARIF locations relative to the repository, validated against the SARIF 2.1.0 schema."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
import xmlschema
from junitparser import Error, Failure, JUnitXml, Skipped, TestCase, TestSuite

from billing.models import Account
from evaluations.gate.services import baseline_pin, baseline_unpin
from evaluations.runs.models import EvaluationRun
from suites.services import suite_create
from tests.reports.test_sarif_fingerprints import attack_run
from tests.support.fixtures_api import Api
from tests.support.schemas import JUNIT_XSD

RUNS = "/api/v1/aiagent/runs"


@pytest.fixture
def start(api, django_capture_on_commit_callbacks):
    """A CI launch through the API, run to its end (django-q2 runs synchronously on commit in tests)."""

    def do(**body: Any) -> int:
        with django_capture_on_commit_callbacks(execute=True):
            response = api.post(RUNS, body)
        assert response.status_code == 202, response.content
        return int(response.json()["id"])

    return do


def junit(api: Api, run_id: int) -> TestSuite:
    response = api.get(f"{RUNS}/{run_id}/report.junit.xml")
    assert response.status_code == 200
    xmlschema.XMLSchema(str(JUNIT_XSD)).validate(io.BytesIO(response.content))
    read = JUnitXml.fromstring(response.content.decode())  # a lone <testsuite> comes back wrapped
    [suite] = list(read) if isinstance(read, JUnitXml) else [read]
    assert isinstance(suite, TestSuite)
    return suite


def cases(suite: TestSuite) -> dict[str, TestCase]:
    return {case.name: case for case in suite}


def test_a_blocked_run_has_a_failed_gate_test_case(
    api, alice, demo_agent_record, demo_suite, launch, start, demo_agent_mode
) -> None:
    baseline = launch(agent=demo_agent_record, suite=demo_suite)
    baseline_pin(run=baseline, user=alice)
    demo_agent_mode("regressed")

    run_id = start(suite=demo_suite.pk)

    assert api.get(f"{RUNS}/{run_id}").json()["gate"]["state"] == "blocked"
    suite = junit(api, run_id)
    gate = cases(suite)["gate"]
    assert gate.classname == "trustgate" and not gate.is_passed
    [failure] = gate.result
    assert isinstance(failure, Failure) and failure.type == "blocked"
    reasons = api.get(f"{RUNS}/{run_id}").json()["gate"]["reasons"]
    assert failure.message == "BLOCKED: " + " ".join(reasons) and failure.text == "\n".join(reasons)
    assert any(reason.startswith("Response accuracy fell 40 points") for reason in reasons)
    scenario_failures = [r for case in suite if case.name != "gate" for r in case.result if isinstance(r, Failure)]
    assert scenario_failures and {r.type for r in scenario_failures} <= {"regression", "fail"}
    assert "regression" in {r.type for r in scenario_failures}
    assert "flaky" not in {r.type for r in scenario_failures}  # a failure, whatever its flakiness
    assert suite.failures == len(scenario_failures) + 1 and suite.tests == len(demo_suite.scenarios.all()) + 1


def test_the_gate_case_passes_without_a_baseline_and_fails_under_fail_on_no_baseline(
    api, alice, demo_agent_record, demo_suite, launch, start, django_capture_on_commit_callbacks
) -> None:
    passing = cases(junit(api, start(suite=demo_suite.pk, runs_per_scenario=1)))["gate"]
    assert passing.is_passed and not passing.is_skipped and passing.result == []

    # fail_on_no_baseline refuses a launch without a baseline; one unpinned while the run is queued finishes so.
    baseline = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    baseline_pin(run=baseline, user=alice)
    with django_capture_on_commit_callbacks() as queued:
        response = api.post(RUNS, {"suite": demo_suite.pk, "fail_on_no_baseline": True})
    assert response.status_code == 202, response.content
    baseline_unpin(run=baseline, user=alice)
    with django_capture_on_commit_callbacks(execute=True):
        for callback in queued:
            callback()

    strict = response.json()["id"]
    [failure] = cases(junit(api, strict))["gate"].result
    assert isinstance(failure, Failure) and failure.type == "no_baseline"
    assert failure.message.startswith("NO BASELINE: ")
    assert api.get(f"{RUNS}/{strict}").json()["exit_code"] == 2  # the documented exit codes are unchanged


def test_an_unfinished_or_cancelled_run_has_a_gate_case_that_did_not_pass(api, acme, agent, private_endpoints) -> None:
    scenario = {"kind": "accuracy", "name": "Refund window", "turns": ["How long?"], "required_phrases": ["days"]}
    suite = suite_create(account=acme, agent=agent, name="Support suite", scenarios=[scenario])
    response = api.post(RUNS, {"suite": suite.pk, "runs_per_scenario": 1})  # queued: its task never runs here
    run_id = response.json()["id"]
    [skipped] = cases(junit(api, run_id))["gate"].result
    assert isinstance(skipped, Skipped) and "has not finished" in skipped.message
    assert api.post(f"{RUNS}/{run_id}/cancel").status_code == 200
    [error] = cases(junit(api, run_id))["gate"].result
    assert isinstance(error, Error) and error.message == (
        "The run was cancelled, so the gate could not decide: Cancelled by a user."
    )


# ---------------------------------------------------------------------------------------------- SARIF


def locations(log: dict[str, Any]) -> list[dict[str, Any]]:
    return [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in log["runs"][0]["results"]]


def test_sarif_locations_are_relative_to_the_repository(api, acme: Account, agent, sarif_validators) -> None:
    run = attack_run(agent, bypassed=("PI-001", "JB-001"))
    EvaluationRun.objects.filter(pk=run.pk).update(suite_name="Support agent: red team")
    url = f"{RUNS}/{run.pk}/report.sarif"

    named = json.loads(api.get(f"{url}?suite_path=tests/agents/support%20bot.yml").content)
    plain = json.loads(api.get(url).content)

    for log in (named, plain):
        for validator in sarif_validators:
            assert not list(validator.iter_errors(log))
    assert locations(named) == [{"uri": "tests/agents/support%20bot.yml", "uriBaseId": "%SRCROOT%"}] * 2
    assert locations(plain) == [{"uri": "trustgate/suites/support-agent-red-team.yml", "uriBaseId": "%SRCROOT%"}] * 2
    assert "trustgate://" not in json.dumps(named) + json.dumps(plain)
    fingerprints = [r["partialFingerprints"] for r in named["runs"][0]["results"]]
    assert fingerprints == [r["partialFingerprints"] for r in plain["runs"][0]["results"]]  # the path changes none


@pytest.mark.parametrize(
    ("suite_path", "said"),
    [
        ("/etc/support.yml", "must be relative to the repository root"),
        ("https://example.com/a.yml", "must be relative to the repository root"),
        ("tests/../../secret.yml", "cannot have empty, . or .. parts"),
        ("tests//support.yml", "cannot have empty, . or .. parts"),
        ("tests\\support.yml", "use / between folders"),
        ("", "1 to 500 characters"),
    ],
)
def test_a_bad_suite_path_is_refused_with_a_sentence(api, agent, suite_path, said) -> None:
    run = attack_run(agent, bypassed=("PI-001",))
    response = api.client.get(f"{RUNS}/{run.pk}/report.sarif", {"suite_path": suite_path}, headers=api.headers())
    assert response.status_code == 400
    assert said in response.json()["suite_path"][0]
