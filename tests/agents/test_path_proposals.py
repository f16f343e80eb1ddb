"""Test request before any path is set: it shows the raw reply and proposes the reply, tool-call and
conversation-id paths it finds; one click accepts one (docs/agents.md, Test request)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from evaluations.connectors.proposals import propose_from_preview, propose_paths
from tests.agents.test_agents import form_data
from tests.agents.test_test_request import HTTP_JSON_TEMPLATE


def test_proposals_rank_text_keys_tool_lists_and_ids() -> None:
    data = {
        "conversation": {"id": "c-1", "session_id": "s-9"},
        "data": {"reply": {"text": "Shipping takes 3 days.", "lang": "en"},
                 "tool_calls": [{"name": "lookup", "arguments": {}}]},
        "status": "ok",
    }  # fmt: skip
    found = propose_paths(data)
    assert found["reply_path"][0] == "data.reply.text"
    assert found["tool_calls_path"] == ["data.tool_calls"]
    assert found["conversation_id_path"] == ["conversation.id", "conversation.session_id"]
    assert propose_from_preview('{"cut": "in the mid') == {}


@pytest.fixture(autouse=True)
def _private(settings) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    cache.clear()


def test_test_request_without_a_reply_path_shows_the_reply_and_proposals(client, alice, demo_agent) -> None:
    client.force_login(alice)
    data = form_data(protocol="http_json", endpoint_url=f"{demo_agent}/api/json", request_template=HTTP_JSON_TEMPLATE)
    response = client.post(reverse("evaluations:agent-test-request"), {**data, "test_message": "How long is shipping?"},
                           headers={"HX-Request": "true"})  # fmt: skip
    html = response.content.decode()
    assert "Fix the highlighted fields" not in html
    assert 'id="test-request-proposals"' in html
    assert 'data-field="id_reply_path" data-value="data.reply.text"' in html
    assert 'data-field="id_conversation_id_path" data-value="conversation.id"' in html
    assert "business days" in html  # the raw reply is shown


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_one_click_accepts_a_proposed_path(logged_in_page, live_server, demo_agent, settings) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    page = logged_in_page
    page.goto(f"{live_server.url}/agents/new/")
    page.locator("#id_name").fill("Proposed")
    page.locator("#id_protocol").select_option("http_json")
    page.locator("#id_endpoint_url").fill(f"{demo_agent}/api/json")
    page.locator("#id_request_template").fill(HTTP_JSON_TEMPLATE)
    page.locator("#id_test_message").fill("How long does shipping take?")
    page.get_by_role("button", name="Test request").click()
    proposals = page.locator("#test-request-proposals")
    proposals.wait_for(timeout=10_000)
    proposals.locator('button[data-value="data.reply.text"]').click()
    assert page.locator("#id_reply_path").input_value() == "data.reply.text"
    page.get_by_role("button", name="Test request").click()
    page.locator("#test-request-result").get_by_text("Reply received").wait_for(timeout=10_000)
    assert "data.reply.text" in page.locator("#test-request-result").inner_text()
