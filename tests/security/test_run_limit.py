"""At most 5 runs in progress per workspace, whether they are launched from the web form or the CI API."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from evaluations.agents.services import agent_create
from evaluations.launches.request import MAX_ACTIVE_RUNS_PER_ACCOUNT, TooManyRuns
from evaluations.runs.models import EvaluationRun, RunStatus
from suites.services import suite_create
from tests.support.launching import launch_run as run_launch

RUNS = "/api/v1/aiagent/runs"
REFUSAL = "already has 5 runs in progress; at most 5 may run at once"


@pytest.fixture
def suite(acme, agent):
    return suite_create(
        account=acme, agent=agent, name="Support suite",
        scenarios=[{"kind": "accuracy", "name": "Refund window", "turns": ["How long?"], "required_phrases": ["days"]}],
    )  # fmt: skip


def web_launch(client: Any, agent: Any, suite: Any) -> Any:
    # Without on_commit callbacks the run's task is never enqueued: the run stays queued, in progress.
    data = {"agent": agent.pk, "suite": suite.pk, "runs_per_scenario": 1, "parallel": 1, "api_key": "",
            "endpoint_url": "", "allowed_contacts": ""}  # fmt: skip
    return client.post(reverse("evaluations:run-new"), data)


def test_sixth_web_launch_is_a_form_error_and_creates_nothing(client, alice, agent, suite) -> None:
    client.force_login(alice)
    for _ in range(MAX_ACTIVE_RUNS_PER_ACCOUNT):
        assert web_launch(client, agent, suite).status_code == 302
    response = web_launch(client, agent, suite)
    assert response.status_code == 200
    assert REFUSAL in " ".join(response.context["form"].non_field_errors())
    assert REFUSAL in response.content.decode()
    assert EvaluationRun.objects.count() == MAX_ACTIVE_RUNS_PER_ACCOUNT
    oldest = EvaluationRun.objects.first()
    assert oldest is not None
    EvaluationRun.objects.filter(pk=oldest.pk).update(status=RunStatus.SUCCEEDED)
    assert web_launch(client, agent, suite).status_code == 302  # a finished run frees a slot


def test_api_runs_count_against_the_web_form(client, api, alice, agent, suite) -> None:
    for _ in range(MAX_ACTIVE_RUNS_PER_ACCOUNT):
        assert api.post(RUNS, {"suite": suite.pk}).status_code == 202
    client.force_login(alice)
    response = web_launch(client, agent, suite)
    assert response.status_code == 200 and REFUSAL in response.content.decode()
    assert EvaluationRun.objects.count() == MAX_ACTIVE_RUNS_PER_ACCOUNT


def test_web_runs_count_against_the_api(client, api, alice, agent, suite) -> None:
    client.force_login(alice)
    for _ in range(MAX_ACTIVE_RUNS_PER_ACCOUNT):
        assert web_launch(client, agent, suite).status_code == 302
    response = api.post(RUNS, {"suite": suite.pk})
    assert response.status_code == 429 and response["Retry-After"] == "30"
    assert REFUSAL in response.json()["detail"]
    assert EvaluationRun.objects.count() == MAX_ACTIVE_RUNS_PER_ACCOUNT


def test_the_limit_is_per_workspace(alice, bob, agent, suite) -> None:
    for _ in range(MAX_ACTIVE_RUNS_PER_ACCOUNT):
        run_launch(user=alice, agent=agent, suite=suite, runs_per_scenario=1, parallel=1)
    with pytest.raises(TooManyRuns, match=REFUSAL):
        run_launch(user=alice, agent=agent, suite=suite, runs_per_scenario=1, parallel=1)
    globex = bob.memberships.get().account
    other_agent = agent_create(
        account=globex, data={"name": "Globex bot", "protocol": agent.protocol, "endpoint_url": agent.endpoint_url}
    )
    other_suite = suite_create(account=globex, agent=other_agent, name="Globex suite",
                               scenarios=[{"kind": "accuracy", "name": "Hours", "turns": ["When?"], "required_phrases": ["9"]}])  # fmt: skip
    run_launch(user=bob, agent=other_agent, suite=other_suite, runs_per_scenario=1, parallel=1)
    assert EvaluationRun.objects.filter(account=globex).count() == 1
