"""The CI API takes every launch option of the web form (strictly typed, in the schema), defaults each one it is not
sent to the pinned baseline's, plans without launching (dry_run), warns before the run is paid for, and gates
against another endpoint's baseline when asked."""

from __future__ import annotations

from typing import Any

import pytest

from billing.selectors import balance_for_account
from evaluations.gate.services import baseline_pin
from evaluations.launches.plan import low_power_warning
from evaluations.runs.models import EvaluationRun

RUNS = "/api/v1/aiagent/runs"


@pytest.fixture
def start(api, django_capture_on_commit_callbacks):
    def do(body: dict[str, Any], *, expect: int = 202) -> Any:
        with django_capture_on_commit_callbacks(execute=True):
            response = api.post(RUNS, body)
        assert response.status_code == expect, response.content
        return response.json()

    return do


@pytest.fixture
def web_baseline(alice, demo_agent_record, demo_suite, launch) -> EvaluationRun:
    """A baseline as pinned from an ordinary web run: red-team attacks (Quick), a strictness of its own."""
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=2, redteam_depth="quick",
                 judge_strictness="lenient", allowed_contacts=["help@northwind.example"])  # fmt: skip
    baseline_pin(run=run, user=alice)
    return run


def test_every_launch_option_of_the_form_is_accepted(start, demo_suite, private_endpoints) -> None:
    body = start({"suite": demo_suite.pk, "runs_per_scenario": 1, "parallel": 2, "redteam_depth": "quick",
                  "judge_model": "haiku", "judge_strictness": "strict", "allowed_contacts": ["a@example.com"]})  # fmt: skip
    run = EvaluationRun.objects.get(pk=body["id"])
    assert (run.runs_per_scenario, run.parallel, run.judge_strictness) == (1, 2, "strict")
    assert run.settings_snapshot["redteam_depth"] == "quick" and run.settings_snapshot["allowed_contacts"] == [
        "a@example.com"
    ]
    assert body["settings"]["judge_model"] == "haiku" and body["defaults_from"] == "defaults"
    kinds = [s["kind"] for s in run.scenarios]
    assert body["warnings"] == [low_power_warning(runs_per_scenario=1, baseline_runs=None, kinds=kinds)]
    assert body["power"]["runs_per_scenario"] == 1 and body["power"]["warning"] == body["warnings"][0]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("redteam_depth", "huge", '"huge" is not a valid choice.'),
        ("redteam_depth", 1, '"1" is not a valid choice.'),
        ("judge_model", "gpt", '"gpt" is not a valid choice.'),
        ("judge_model", "opus", '"opus" is not a valid choice.'),  # not offered unless TRUSTGATE_ENABLE_OPUS
        ("judge_strictness", True, '"True" is not a valid choice.'),
        ("allowed_contacts", "a@example.com", 'Expected a list of items but got type "str".'),
        ("allowed_contacts", ["ok@example.com", 3], "Item 2: Not a valid string."),
        ("compare_with_endpoint", 5, "Not a valid string."),
        ("dry_run", "yes", "Must be a valid boolean."),
    ],
)
def test_launch_options_are_strictly_validated(api, demo_suite, field, value, message) -> None:
    response = api.post(RUNS, {"suite": demo_suite.pk, field: value})
    assert response.status_code == 400, response.content
    assert response.json() == {field: [message]}
    assert not EvaluationRun.objects.exists()


def test_a_ci_run_with_nothing_set_matches_a_baseline_pinned_from_the_web(start, api, web_baseline, demo_suite) -> None:
    body = start({"suite": demo_suite.pk})
    assert body["settings"] == {"runs_per_scenario": 2, "parallel": 4, "redteam_depth": "quick",
                                "judge_model": web_baseline.judge_model, "judge_strictness": "lenient",
                                "allowed_contacts": ["help@northwind.example"]}  # fmt: skip
    assert (body["defaults_from"], body["baseline_run_id"], body["comparable"]) == ("baseline", web_baseline.pk, True)
    status = api.get(f"{RUNS}/{body['id']}").json()
    assert status["gate"]["state"] in ("pass", "blocked") and status["gate"]["baseline_run_id"] == web_baseline.pk
    assert not any("differs" in reason for reason in status["reasons"])


def test_dry_run_tells_what_breaks_comparability_and_launches_nothing(api, web_baseline, demo_suite, acme) -> None:
    balance = balance_for_account(account_id=acme.pk)
    response = api.post(RUNS, {"suite": demo_suite.pk, "redteam_depth": "", "runs_per_scenario": 1, "dry_run": True})
    assert response.status_code == 200, response.content
    plan = response.json()
    assert plan["comparable"] is False and plan["settings"]["redteam_depth"] == ""
    assert plan["settings"]["judge_strictness"] == "lenient"  # what was not sent is still the baseline's
    assert plan["warnings"][0] == (
        f"Not comparable with baseline run #{web_baseline.pk}: The red-team depth differs: Quick in the baseline, none "
        "in this run. The release gate will fail this run; leave the setting out to use the baseline's."
    )
    assert plan["warnings"][-1] == plan["power"]["warning"]
    assert plan["warnings"][-1].startswith("Estimate for 1 run per scenario against a baseline of ")
    assert EvaluationRun.objects.count() == 1 and balance_for_account(account_id=acme.pk) == balance


def test_compare_with_endpoint_gates_staging_against_production(
    start, api, web_baseline, demo_agent_record, demo_suite
) -> None:
    staging = demo_agent_record.endpoint_url.replace("127.0.0.1", "localhost")
    refused = api.post(RUNS, {"suite": demo_suite.pk, "endpoint_url": staging, "compare_with_endpoint": staging + "x"})
    assert refused.status_code == 400
    assert refused.json()["compare_with_endpoint"][0].startswith(
        f"No baseline is pinned for Northwind bot at {staging}x with suite “Demo”"
    )
    own = start({"suite": demo_suite.pk, "endpoint_url": staging})
    assert own["baseline_run_id"] is None and own["defaults_from"] == "profile"  # the suite's run profile
    # Ungated, and said so in the launch's answer and in the run's status, with the baseline it could compare with.
    ungated = (
        f"Not gated: this run goes to {staging} (an endpoint override), where no baseline is pinned with suite "
        "“Demo”, and compare_with_endpoint is not set, so the release gate will not compare it with anything and "
        f"a regression would pass. Northwind bot has a baseline at {demo_agent_record.endpoint_url} (run "
        f"#{web_baseline.pk}): to gate this run against it, set compare_with_endpoint: {demo_agent_record.endpoint_url}"
    )
    assert own["warnings"][0].startswith(ungated)
    own_status = api.get(f"{RUNS}/{own['id']}").json()
    assert own_status["gate"]["state"] == "no_baseline" and own_status["warnings"][0].startswith(ungated)

    body = start(
        {"suite": demo_suite.pk, "endpoint_url": staging, "compare_with_endpoint": demo_agent_record.endpoint_url}
    )
    assert body["baseline_run_id"] == web_baseline.pk and body["comparable"] is True
    status = api.get(f"{RUNS}/{body['id']}").json()
    assert status["endpoint_url"] == staging and status["gate"]["baseline_run_id"] == web_baseline.pk
