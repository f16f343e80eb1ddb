"""Honest about what is configured. Without a model provider the pages show a "rules only" state,
model-only choices are disabled with their reason and a link to the setup section, and a launch that could score
nothing is refused before any credit is held. With a provider, the pages say which one is in use."""

from __future__ import annotations

import pytest
from django.test import Client

from billing.selectors import balance_for_account
from evaluations.launches.request import LaunchError
from evaluations.runs.models import EvaluationRun
from suites.services import suite_create
from tests.support.launching import launch_run

pytestmark = pytest.mark.django_db

JUDGE_ONLY = [{"kind": "custom", "name": "Tone", "turns": ["Hi, can you help me?"], "expected_outcome": "Helps."}]
WITH_PHRASES = [{"kind": "accuracy", "name": "Refunds", "turns": ["Refund window?"], "required_phrases": ["30 days"]}]


@pytest.fixture
def no_provider(settings):
    settings.TRUSTGATE_JUDGE_PROVIDER = ""
    settings.ANTHROPIC_API_KEY = ""
    settings.ANTHROPIC_BASE_URL = ""
    return settings


@pytest.fixture
def alice_client(client: Client, alice) -> Client:
    client.force_login(alice)
    return client


def test_dashboard_agent_page_and_launch_form_say_rules_only(no_provider, alice_client: Client, agent) -> None:
    for url in ("/", f"/agents/{agent.pk}/", "/runs/new/"):
        page = alice_client.get(url).content.decode()
        assert "Rules only." in page and 'href="/help/model-provider/"' in page, url
    form = alice_client.get("/runs/new/").content.decode()
    # Generate new stays open for red-team attacks alone; the kinds that need a model are disabled, with why.
    generate = form[form.index('value="generate"') - 200 : form.index('value="generate"') + 100]
    assert "disabled" not in generate
    kinds = form[form.index('name="generate_kinds"') - 100 : form.index('name="generate_kinds"') + 100]
    assert "disabled" in kinds and "checked" not in kinds and "Needs a model provider" in form
    judge = form[form.index('name="judge_model"') - 100 : form.index('name="judge_model"') + 100]
    assert "disabled" in judge
    help_page = alice_client.get("/help/model-provider/").content.decode()
    assert "ANTHROPIC_API_KEY" in help_page and "TRUSTGATE_OPENAI_JUDGE_URL" in help_page


def test_with_a_provider_the_pages_name_it(settings, alice_client: Client, agent) -> None:
    settings.TRUSTGATE_JUDGE_PROVIDER = "anthropic"
    page = alice_client.get("/").content.decode()
    assert "Rules only." not in page and "Model provider: the Anthropic API" in page
    form = alice_client.get("/runs/new/").content.decode()
    assert "Needs a model provider" not in form
    assert "on the Anthropic API" in alice_client.get(f"/agents/{agent.pk}/").content.decode()


def test_a_launch_that_could_score_nothing_is_refused_before_any_credit_is_held(
    no_provider, alice, acme, agent
) -> None:
    suite = suite_create(account=acme, agent=agent, name="Judge only", scenarios=JUDGE_ONLY)
    before = balance_for_account(account_id=acme.pk)
    with pytest.raises(LaunchError, match="would score nothing"):
        launch_run(user=alice, agent=agent, suite=suite)
    assert EvaluationRun.objects.count() == 0
    assert balance_for_account(account_id=acme.pk) == before


def test_the_refusal_is_a_form_error_on_the_launch_page(no_provider, alice_client: Client, acme, agent) -> None:
    suite = suite_create(account=acme, agent=agent, name="Judge only", scenarios=JUDGE_ONLY)
    response = alice_client.post(
        "/runs/new/", {"mode": "saved", "agent": agent.pk, "suite": suite.pk, "runs_per_scenario": 1, "parallel": 1}
    )
    assert response.status_code == 200 and "would score nothing" in response.content.decode()
    assert EvaluationRun.objects.count() == 0


def test_a_rules_only_launch_that_can_score_is_allowed(no_provider, alice, acme, agent) -> None:
    suite = suite_create(account=acme, agent=agent, name="Phrases", scenarios=WITH_PHRASES)
    run = launch_run(user=alice, agent=agent, suite=suite, runs_per_scenario=1)
    assert run.is_rules_only


def test_the_test_set_form_says_a_simulated_user_needs_a_provider(no_provider, alice_client: Client) -> None:
    page = alice_client.get("/suites/new/").content.decode()
    assert 'id="persona-rules-only"' in page and "needs a model provider" in page


def test_the_monitor_form_says_a_judge_rule_needs_a_provider(no_provider, alice_client: Client) -> None:
    assert 'id="monitor-judge-rules-only"' in alice_client.get("/monitors/new/").content.decode()
