"""An agent can be archived, restored or deleted with its past runs kept; its page shows its runs,
gate state, an Evaluate button and the conversation id path; the agent list searches, filters and pages."""

from __future__ import annotations

import pytest
from django.test import Client

from billing.models import Role
from evaluations.agents.models import Agent, Protocol
from evaluations.agents.services import agent_create
from evaluations.runs.models import EvaluationRun

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_client(client: Client, alice) -> Client:
    client.force_login(alice)
    return client


def _past_run(agent: Agent, user) -> EvaluationRun:
    return EvaluationRun.objects.create(
        account=agent.account, agent=agent, created_by=user, agent_name=agent.name, suite_name="Refunds",
        status="succeeded", trust_score=81.5, agent_snapshot={}, settings_snapshot={}, scenarios=[],
    )  # fmt: skip


def test_agent_page_shows_runs_gate_evaluate_and_conversation_path(alice_client: Client, acme, alice) -> None:
    agent = agent_create(
        account=acme,
        data={
            "name": "Helpdesk",
            "protocol": Protocol.HTTP_JSON,
            "endpoint_url": "http://127.0.0.1:9/chat",
            "reply_path": "reply.text",
            "conversation_id_from": "body",
            "conversation_id_path": "session.id",
        },
    )
    run = _past_run(agent, alice)
    page = alice_client.get(f"/agents/{agent.pk}/").content.decode()
    assert f'href="/runs/new/?agent={agent.pk}"' in page and ">Evaluate<" in page
    assert "session.id" in page
    assert f"/runs/{run.pk}/" in page and "Refunds" in page
    assert "NO BASELINE" in page
    assert f"/runs/?agent={agent.pk}" in page


def test_archive_hides_the_agent_and_keeps_its_runs_then_restore(alice_client: Client, agent, alice) -> None:
    run = _past_run(agent, alice)
    response = alice_client.post(f"/agents/{agent.pk}/archive/", follow=True)
    assert "archived" in response.content.decode()
    assert "Support bot" not in alice_client.get("/agents/").content.decode()
    archived = alice_client.get("/agents/?state=archived").content.decode()
    assert "Support bot" in archived and "Archived" in archived
    assert "Support bot" not in alice_client.get("/runs/new/").content.decode()  # not offered for a launch
    assert EvaluationRun.objects.get(pk=run.pk).agent_id == agent.pk
    alice_client.post(f"/agents/{agent.pk}/archive/", {"restore": "1"})
    assert "Support bot" in alice_client.get("/agents/").content.decode()


def test_delete_is_linked_for_admins_and_keeps_past_runs(alice_client: Client, agent, alice) -> None:
    run = _past_run(agent, alice)
    page = alice_client.get(f"/agents/{agent.pk}/").content.decode()
    assert f'action="/agents/{agent.pk}/delete/"' in page and "data-confirm=" in page
    response = alice_client.post(f"/agents/{agent.pk}/delete/", follow=True)
    assert "past runs and reports are kept" in response.content.decode()
    run.refresh_from_db()
    assert run.agent_id is None and run.agent_name == "Support bot"
    assert "Support bot" in alice_client.get(f"/runs/{run.pk}/").content.decode()


def test_a_writer_can_archive_but_is_not_offered_delete(client: Client, agent, make_member) -> None:
    client.force_login(make_member("wendy", Role.WRITE))
    page = client.get(f"/agents/{agent.pk}/").content.decode()
    assert "/archive/" in page and "/delete/" not in page
    assert client.post(f"/agents/{agent.pk}/delete/").status_code == 403


def test_agent_list_searches_and_pages(alice_client: Client, acme) -> None:
    for i in range(30):
        agent_create(account=acme, data={"name": f"Bot {i:02d}", "protocol": Protocol.SIMPLE_CHAT,
                                         "endpoint_url": "http://127.0.0.1:9/chat"})  # fmt: skip
    first = alice_client.get("/agents/").content.decode()
    assert "Bot 00" in first and "Bot 29" not in first and "Page 1 of 2" in first
    second = alice_client.get("/agents/?page=2").content.decode()
    assert "Bot 29" in second
    found = alice_client.get("/agents/?q=bot+07").content.decode()
    assert "Bot 07" in found and "Bot 08" not in found
    assert "No agents match these filters" in alice_client.get("/agents/?q=nothing-like-this").content.decode()


def test_an_archived_agent_cannot_be_launched(alice_client: Client, acme, agent) -> None:
    from suites.services import suite_create

    suite = suite_create(account=acme, agent=agent, name="S", scenarios=[
        {"kind": "accuracy", "name": "Q", "turns": ["Hi"], "required_phrases": ["hi"]}])  # fmt: skip
    alice_client.post(f"/agents/{agent.pk}/archive/")
    response = alice_client.post("/runs/new/", {"mode": "saved", "agent": agent.pk, "suite": suite.pk,
                                                "runs_per_scenario": 1, "parallel": 1})  # fmt: skip
    assert "it is archived (restore it on its page)" in response.content.decode()
    assert not EvaluationRun.objects.exists()


@pytest.mark.parametrize("page", ["/agents/", "/suites/", "/monitors/"])
def test_a_search_longer_than_200_characters_is_ignored_not_a_server_error(alice_client, agent, page):
    """Found by tests/fuzz: ``?q=`` of 100,000 characters made SQLite refuse the LIKE pattern (a 500) once the
    list had a row to match."""
    from evaluations.monitors.services import monitor_create
    from suites.services import suite_create

    suite_create(account=agent.account, agent=agent, name="S", scenarios=[])
    data = {"name": "M", "endpoint_url": "https://93.184.216.34/chat", "interval_minutes": 60}
    monitor_create(account=agent.account, data=data, cases=[{"ask": "Hi?", "expect": []}])
    assert alice_client.get(page, {"q": "x" * 100_000}).status_code == 200
