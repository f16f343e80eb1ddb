"""An agent's secret markers (at least six characters each, one a line), the simple-chat history setting, and
Test request showing a tool result."""

from __future__ import annotations

import pytest
from django.urls import reverse

from evaluations.agents.models import Agent
from tests.agents.test_agents import form_data, public_dns  # noqa: F401 - a fixture
from tests.support.scripted_http import ScriptedReply, ScriptedServer


@pytest.mark.usefixtures("public_dns")
def test_agent_form_saves_markers_and_history_and_refuses_short_markers(client, alice, acme) -> None:
    client.force_login(alice)
    page = client.get(reverse("evaluations:agent-create")).content.decode()
    assert "Secret markers" in page and "Send history" in page

    response = client.post(reverse("evaluations:agent-create"), form_data(secret_markers="PRJ\nok-marker-1"))
    assert "A secret marker needs at least 6 characters" in response.content.decode()
    assert not Agent.objects.exists()

    data = form_data(secret_markers=" PRJ-ORCHID-7731 \n\nprj-orchid-7731\nbluebird override", send_history="on")
    assert client.post(reverse("evaluations:agent-create"), data).status_code == 302
    agent = Agent.objects.get()
    assert agent.secret_marker_list == ["PRJ-ORCHID-7731", "bluebird override"]
    assert agent.to_config().send_history is True


def test_history_is_only_sent_by_simple_chat_agents(acme) -> None:
    agent = Agent(account=acme, name="x", protocol="openai", send_history=True)
    assert agent.to_config().send_history is False


def _reports_a_result(path: str, raw: bytes, headers: dict[str, str]) -> ScriptedReply:
    tools = [{"name": "lookup_order", "args": {"order_id": "NW-1"}, "result": "shipped on Monday"}]
    return ScriptedReply(200, {"reply": "It shipped.", "tools": tools})


def test_test_request_shows_a_tool_result(client, alice, settings) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    agent = ScriptedServer(_reports_a_result, name="result-agent")
    agent.start()
    try:
        client.force_login(alice)
        data = form_data(protocol="http_json", endpoint_url=agent.url + "/agent", request_template='{"m": {{message}}}',
                         reply_path="reply", tool_calls_path="tools")  # fmt: skip
        response = client.post(reverse("evaluations:agent-test-request"), {**data, "test_message": "Where?"})
    finally:
        agent.stop()
    assert "lookup_order" in response.content.decode() and "→ shipped on Monday" in response.content.decode()
