"""Coverage in every number (docs/runs.md#coverage), through the CI API and the pages a person opens: a real
rules-only run of a scripted agent in which 3 of 6 conversations could not be scored (they need the judge) never
shows its 100 / 100 as a plain number, and a CI run that asks for min_trust_score 90 and max_breaches 0 fails with
a sentence saying too little was scored to check them. The commit, branch and job URL the CI step sent are shown
beside the run (docs/runs.md#run-lists)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import reverse

from billing.services import api_key_create
from evaluations.agents.services import agent_create
from evaluations.runs.models import EvaluationRun
from suites.services import suite_create
from tests.api.test_use_in_ci import _tools, run_bash
from tests.api.test_use_in_ci import fetch as fetch  # the live server's pages as alice
from tests.support.scripted_http import ScriptedReply, ScriptedServer

RUNS = "/api/v1/aiagent/runs"
SOURCE = {"commit": "4f1c2a9b7e3d5f60a1b2c3d4e5f6a7b8c9d0e1f2", "branch": "feature/refunds",
          "job_url": "https://ci.example.com/acme/shop/jobs/812"}  # fmt: skip


@pytest.fixture
def shipping_agent() -> Iterator[str]:
    """An agent that answers every message with the same shipping sentence."""
    server = ScriptedServer(
        lambda path, raw, headers: ScriptedReply(200, {"answer": "Shipping takes 3-5 business days."}),
        name="shipping-agent",
    )
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture
def half_scored_suite(acme, shipping_agent, private_endpoints) -> Any:
    """Six scenarios: three a rule decides (a required phrase), three only a judge can (an expected outcome)."""
    agent = agent_create(account=acme, data={"name": "Shipping bot", "protocol": "simple_chat",
                                             "endpoint_url": shipping_agent})  # fmt: skip
    ruled = [{"kind": "accuracy", "name": f"Phrase {i}", "turns": [f"Shipping time? #{i}"],
              "required_phrases": ["business days"]} for i in range(3)]  # fmt: skip
    judged = [{"kind": "accuracy", "name": f"Judged {i}", "turns": [f"How fast do you ship? #{i}"],
               "expected_outcome": "Says that shipping takes 3-5 business days."} for i in range(3)]  # fmt: skip
    return suite_create(account=acme, agent=agent, name="Shipping suite", scenarios=ruled + judged)


@pytest.fixture
def start(api, django_capture_on_commit_callbacks):
    def do(body: dict[str, Any]) -> dict[str, Any]:
        with django_capture_on_commit_callbacks(execute=True):
            response = api.post(RUNS, body)
        assert response.status_code == 202, response.content
        status = api.get(f"{RUNS}/{response.json()['id']}")
        assert status.status_code == 200
        return dict(status.json())

    return do


def launch_body(suite: Any, **extra: Any) -> dict[str, Any]:
    return {"suite": suite.pk, "runs_per_scenario": 1, "judge_model": "rules_only", **extra}


def test_too_little_scored_fails_the_ci_thresholds_with_a_sentence(api, start, half_scored_suite) -> None:
    body = start(launch_body(half_scored_suite, min_trust_score=90, max_breaches=0, **SOURCE))

    assert body["status"] == "succeeded" and body["trust_score"] == 100.0  # over the three scored only
    assert body["verdict"] == "fail"
    short = "only 3 of 6 scenarios were scored (50 %), below the minimum coverage of 80 % (min_coverage)"
    assert (
        f"Not enough scored to check the minimum trust score of 90 (min_trust_score): {short}; the 100.0 / 100 is "
        "over the scored ones only."
    ) in body["reasons"]
    assert (
        f"Not enough scored to check the breach limit of 0 (max_breaches): {short}; 0 breaches among the scored ones."
    ) in body["reasons"]
    assert "3 not scored: 3 rules-only (need the judge)." in body["reasons"]  # counted by cause
    assert body["trust_score_text"] == "Not enough scored: 3 of 6 scenarios scored (100 / 100 over those)"
    assert body["coverage"] == {
        "scenarios": 6, "scored": 3, "conversations": 6, "conversations_scored": 3, "share": 50.0,
        "minimum": 80.0, "enough": False, "text": "3 of 6 scenarios scored",
        "unscored": "3 not scored: 3 rules-only (need the judge)",
    }  # fmt: skip
    accuracy = next(m for m in body["metrics"] if m["key"] == "response_accuracy")
    assert (accuracy["scenarios_scored"], accuracy["coverage"]) == (3, "3 of 6 scenarios scored")
    assert body["source"] == {"via": "ci", **SOURCE}


def test_a_lower_min_coverage_lets_the_thresholds_be_checked(api, start, half_scored_suite) -> None:
    body = start(launch_body(half_scored_suite, min_trust_score=90, max_breaches=0, min_coverage=50))
    assert body["verdict"] == "pass", body["reasons"]
    assert "Trust score 100.0 / 100 meets the minimum of 90." in body["reasons"]
    assert body["options"]["min_coverage"] == 50.0
    assert body["trust_score_text"] == "100 / 100 · 3 of 6 scenarios scored"
    assert "3 not scored: 3 rules-only (need the judge)." in body["warnings"]


def test_a_job_url_must_be_a_web_address(api, half_scored_suite) -> None:
    response = api.post(RUNS, launch_body(half_scored_suite, job_url="javascript:alert(1)"))
    assert response.status_code == 400
    assert response.json()["job_url"] == [
        "The job URL must start with https:// or http:// (the CI job's page), with no spaces or line breaks."
    ]
    assert not EvaluationRun.objects.exists()


def test_no_page_shows_the_score_of_a_half_scored_run_as_a_plain_number(
    api, start, client, alice, half_scored_suite
) -> None:
    body = start(launch_body(half_scored_suite, **SOURCE))
    run = EvaluationRun.objects.get(pk=body["id"])
    client.force_login(alice)

    report = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    header = report[report.index('id="verdict-header"') : report.index('id="report-downloads"')]
    assert "Not enough scored: 3 of 6 scenarios scored (100 / 100 over those)" in header
    assert not re.search(r'class="verdict-number">100 / 100<', header)
    assert "3 of 6 scenarios scored; 100 / 100 over those, below the 80 % needed" in report  # the score card
    assert "3 of 6 scenarios scored" in report[report.index('id="metric-response_accuracy"') :]
    assert "in 3 of 6 conversations scored" in header  # the breach count says what it is over

    data = client.get(reverse("evaluations:run-report-json", args=[run.pk])).json()
    assert data["trust_score_text"] == "Not enough scored: 3 of 6 scenarios scored (100 / 100 over those)"
    assert data["coverage"]["enough"] is False and data["coverage"]["scored"] == 3
    assert data["metrics"][0]["coverage"] == "3 of 6 scenarios scored"

    listing = client.get(reverse("evaluations:run-list")).content.decode()
    dashboard = client.get(reverse("evaluations:dashboard")).content.decode()
    agent_page = client.get(reverse("evaluations:agent-detail", args=[run.agent_id])).content.decode()
    for page in (listing, dashboard, agent_page):
        assert "Not enough scored" in page and "3 of 6 scenarios scored" in page
        assert ">100 / 100<" not in page and "<strong>100 / 100</strong>" not in page
    for page in (listing, dashboard, agent_page):  # each run list names the CI source
        row = page[page.index(f"#{run.pk}<" if page is not listing else f"Run {run.pk}<") :]
        assert "CI · " in row and "feature/refunds" in row and ">4f1c2a9b7e3d<" in row
        assert f'<a href="{SOURCE["job_url"]}" rel="noopener noreferrer nofollow">CI job</a>' in row


@pytest.mark.django_db(transaction=True)
def test_the_use_in_ci_step_sends_its_commit_branch_and_job_url(
    live_server, fetch, alice, acme, half_scored_suite, tmp_path
) -> None:
    """The generated step, run for real under GitHub Actions' variables: the run keeps where it came from, and a
    minimum trust score over too little scored fails with the sentence."""
    _tools()
    _, token = api_key_create(user=alice, account=acme, name="GitHub Actions")
    script = fetch(reverse("suites:ci-script", args=[half_scored_suite.pk]))
    github = {"GITHUB_ACTIONS": "true", "GITHUB_SHA": SOURCE["commit"], "GITHUB_REF_NAME": "feature/refunds",
              "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "acme/shop", "GITHUB_RUN_ID": "812"}  # fmt: skip
    env = {"TRUSTGATE_API_KEY": token, "TRUSTGATE_RUNS_PER_SCENARIO": "1", "TRUSTGATE_JUDGE_MODEL": "rules_only",
           "TRUSTGATE_MIN_TRUST_SCORE": "90", **github}  # fmt: skip
    result = run_bash(script, tmp_path, env)
    assert result.returncode != 0, result.stdout + result.stderr
    assert "Not enough scored to check the minimum trust score of 90 (min_trust_score)" in result.stdout
    run = EvaluationRun.objects.get()
    source = run.settings.ci_source
    assert (source.commit, source.branch) == (SOURCE["commit"], "feature/refunds")
    assert source.job_url == "https://github.com/acme/shop/actions/runs/812"
    listing = fetch(reverse("evaluations:run-list"))
    assert "CI · " in listing and ">4f1c2a9b7e3d<" in listing
    assert 'href="https://github.com/acme/shop/actions/runs/812"' in listing
