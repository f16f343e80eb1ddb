"""An agent's secret markers (at least six characters each, one a line) and the simple-chat history setting."""

from __future__ import annotations

import pytest
from django.urls import reverse

from evaluations.agents.models import Agent
from tests.agents.test_agents import form_data, public_dns  # noqa: F401 - a fixture


@pytest.mark.usefixtures("public_dns")
def test_agent_form_saves_markers_and_history_and_refuses_short_markers(client, alice, acme) -> None:  # type: ignore[no-untyped-def]
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


def test_history_is_only_sent_by_simple_chat_agents(acme) -> None:  # type: ignore[no-untyped-def]
    agent = Agent(account=acme, name="x", protocol="openai", send_history=True)
    assert agent.to_config().send_history is False
