"""An A2A agent in the agent form: Test request against the real ``a2a-sdk`` server shows the reply and the agent
card's name and skills (docs/agents.md, A2A); a run over A2A scores its multi-turn and tool-call scenarios."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from evaluations.agents.models import Agent
from evaluations.agents.services import agent_create
from suites.services import suite_create
from tests.agents.test_agents import form_data
from tests.api.test_latency import launch
from tests.support.a2a_server import A2AServer


@pytest.fixture(autouse=True)
def _private_allowed(settings) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    cache.clear()


def test_test_request_shows_the_reply_and_the_agent_card(client, alice, a2a_agent: A2AServer) -> None:
    client.force_login(alice)
    data = {**form_data(protocol="a2a", endpoint_url=f"{a2a_agent.base}/a2a", stream="sse"), "test_message": "hi"}
    html = client.post(reverse("evaluations:agent-test-request"), data, headers={"HX-Request": "true"}).content.decode()
    assert "Reply received" in html and "You said: hi" in html
    assert 'id="test-request-card"' in html and "Order desk" in html and "Order lookup" in html and "Refunds" in html
    assert not Agent.objects.exists()


def test_test_request_fills_a_blank_name_from_the_agent_card(client, alice, a2a_agent_v1: A2AServer) -> None:
    """A 1.0-only agent: the card's version picks the method names, and its name fills the blank name field through
    an out-of-band swap of that field; a name the user typed is left alone."""
    client.force_login(alice)
    data = {**form_data(name="", protocol="a2a", endpoint_url=f"{a2a_agent_v1.base}/a2a"), "test_message": "hi"}
    html = client.post(reverse("evaluations:agent-test-request"), data, headers={"HX-Request": "true"}).content.decode()
    assert "Reply received" in html and "You said: hi" in html and "Order lookup" in html
    assert '<input type="text" name="name" value="Order desk" maxlength="120" required id="id_name" ' in html
    assert 'hx-swap-oob="true"' in html and "the blank name field now holds it" in html
    named = client.post(reverse("evaluations:agent-test-request"), {**data, "name": "My desk"},
                        headers={"HX-Request": "true"}).content.decode()  # fmt: skip
    assert "Order desk" in named and "hx-swap-oob" not in named and "the blank name field" not in named
    assert not Agent.objects.exists()


def test_run_over_a2a_scores_multi_turn_and_tool_calls(
    api, acme, a2a_agent: A2AServer, private_endpoints, django_capture_on_commit_callbacks
) -> None:
    agent = agent_create(account=acme, data={"name": "A2A bot", "protocol": "a2a",
                                             "endpoint_url": f"{a2a_agent.base}/a2a"})  # fmt: skip
    suite = suite_create(account=acme, agent=agent, name="A2A suite", scenarios=[
        {"kind": "accuracy", "name": "Refund", "turns": ["I want a refund", "A1"], "required_phrases": ["said: A1"]},
        {"kind": "tool_calls", "name": "Order lookup", "turns": ["Where is my order?"],
         "expected_tool_call": {"name": "lookup_order"}},
    ])  # fmt: skip
    body = launch(api, django_capture_on_commit_callbacks, {"suite": suite.pk, "runs_per_scenario": 1})
    assert body["status"] == "succeeded" and body["scenario_counts"]["pass"] == 2, body["reasons"]


def test_a_run_reads_the_agent_card_once_not_before_every_conversation(
    api, acme, a2a_agent: A2AServer, private_endpoints, django_capture_on_commit_callbacks
) -> None:
    agent = agent_create(account=acme, data={"name": "A2A bot", "protocol": "a2a",
                                             "endpoint_url": f"{a2a_agent.base}/a2a"})  # fmt: skip
    suite = suite_create(account=acme, agent=agent, name="A2A suite", scenarios=[
        {"kind": "accuracy", "name": f"Question {i}", "turns": [f"Question {i}"], "required_phrases": [f"said: Question {i}"]}
        for i in range(4)
    ])  # fmt: skip
    before = a2a_agent.card_reads
    body = launch(api, django_capture_on_commit_callbacks, {"suite": suite.pk, "runs_per_scenario": 3, "parallel": 4})
    assert body["status"] == "succeeded" and body["scenario_counts"]["pass"] == 4, body["reasons"]
    assert a2a_agent.card_reads - before == 1  # 12 conversations, 4 at a time, one card request
