"""What changed against the baseline in the CI API and the JSON report (docs/ci.md): ``new_failures``, ``fixed`` and
each scenario's ``change``, frozen with the verdict at finish, so a later re-pin does not move them."""

from __future__ import annotations

import json

import pytest

from evaluations.gate.models import GateVerdictRecord
from evaluations.gate.services import baseline_pin
from tests.gate import conftest as gate_fixtures

pytestmark = pytest.mark.django_db

suite = gate_fixtures.suite
make_run = gate_fixtures.make_run

RUNS = "/api/v1/aiagent/runs"
NEW_FIELDS = ("new_failures", "fixed", "scenarios")


@pytest.fixture
def compared(alice, agent, suite, make_run):
    """A baseline where "Warranty" failed, pinned, and a run where "Refund window" fails and "Warranty" passes."""
    baseline = make_run(
        agent=agent, suite=suite, outcomes={"Warranty": ["fail"] * 3, "Card on file": ["pass", "fail", "pass"]}
    )
    baseline_pin(run=baseline, user=alice)
    return make_run(agent=agent, suite=suite, outcomes={"Refund window": ["fail"] * 3})


def test_the_status_names_new_failures_and_fixed_scenarios_and_each_change(api, compared) -> None:
    body = api.get(f"{RUNS}/{compared.pk}").json()

    keys = {s["name"]: s["key"] for s in compared.scenarios}
    assert body["new_failures"] == [{"key": keys["Refund window"], "name": "Refund window"}]
    assert body["fixed"] == [{"key": keys["Warranty"], "name": "Warranty"}]
    assert {s["name"]: s["change"] for s in body["scenarios"]} == {
        "Refund window": "new_failure",
        "Warranty": "fixed",
        "Discount abuse": "unchanged",
        "Card on file": "flaky",  # mixed in the baseline
    }


def test_the_new_fields_are_those_at_finish_after_a_repin(
    api, alice, agent, suite, make_run, compared, django_capture_on_commit_callbacks
) -> None:
    first = api.get(f"{RUNS}/{compared.pk}").json()
    at_finish = json.dumps({name: first[name] for name in NEW_FIELDS})

    everything_failed = make_run(
        agent=agent, suite=suite, outcomes={s.name: ["fail"] * 3 for s in suite.scenarios.all()}
    )
    with django_capture_on_commit_callbacks(execute=True):  # the refresh task writes a revision against it
        baseline_pin(run=everything_failed, user=alice)
    later = api.get(f"{RUNS}/{compared.pk}").json()

    assert json.dumps({name: later[name] for name in NEW_FIELDS}) == at_finish
    assert [r["cause"] for r in later["revisions"]] == ["finish", "pin"]
    latest = GateVerdictRecord.objects.get(run=compared, revision=2)
    assert latest.changes["baseline_run_id"] == everything_failed.pk  # the revision keeps its own comparison
    assert set(latest.changes["scenarios"].values()) == {"fixed", "still_failing"}


def test_without_a_baseline_the_new_fields_are_null(api, agent, suite, make_run) -> None:
    run = make_run(agent=agent, suite=suite)

    body = api.get(f"{RUNS}/{run.pk}").json()

    assert body["new_failures"] is None and body["fixed"] is None
    assert {s["change"] for s in body["scenarios"]} == {None}


def test_the_json_report_says_the_same_as_the_status(api, compared) -> None:
    status = api.get(f"{RUNS}/{compared.pk}").json()  # the first read records the verdict at finish

    report = api.get(f"{RUNS}/{compared.pk}/report.json").json()

    assert report["new_failures"] == status["new_failures"] and report["fixed"] == status["fixed"]
    assert [s["change"] for s in report["scenarios"]] == [s["change"] for s in status["scenarios"]]
    assert report["gate"]["state"] == status["gate"]["state"]  # the existing fields are where they were
