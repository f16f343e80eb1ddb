"""Test request: one message with the form's exact settings; free, saves nothing, rate-limited."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from evaluations.agents.models import Agent
from evaluations.demo.agent import serve
from tests.agents.test_agents import form_data
from tests.support.dbdump import dump_all_tables

SECRET = "sk-demo-VERYSECRETKEY-abcd"
HTTP_JSON_TEMPLATE = '{"input": {"text": {{message}}}, "history": {{history}}, "session": {{conversation_id}}}'


def protocol_settings(base: str) -> dict[str, dict[str, object]]:
    http_json = {
        "endpoint_url": f"{base}/api/json",
        "request_template": HTTP_JSON_TEMPLATE,
        "reply_path": "data.reply.text",
        "tool_calls_path": "data.tool_calls",
        "conversation_id_from": "body",
        "conversation_id_path": "conversation.id",
    }
    return {
        "simple_chat": {"endpoint_url": f"{base}/chat"},
        "http_json": {"protocol": "http_json", **http_json},
        "webhook": {"protocol": "webhook", **http_json},
        "openai": {"protocol": "openai", "endpoint_url": f"{base}/v1/chat/completions", "model_name": "northwind-1"},
    }


@pytest.fixture(autouse=True)
def _private_allowed_and_fresh_limit(settings) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    cache.clear()


def post_test(client, data: dict[str, object], message: str = "How long is shipping?"):
    return client.post(
        reverse("evaluations:agent-test-request"), {**data, "test_message": message}, headers={"HX-Request": "true"}
    )


@pytest.mark.parametrize("protocol", ["simple_chat", "http_json", "webhook", "openai"])
def test_test_request_shows_parsed_reply_for_each_protocol(client, alice, demo_agent, protocol) -> None:
    client.force_login(alice)
    data = form_data(**{"protocol": "simple_chat", **protocol_settings(demo_agent)[protocol]})
    response = post_test(client, data)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="test-request-result"' in html
    assert "Reply received" in html, html
    assert "business days" in html  # the demo agent's shipping answer
    assert not Agent.objects.exists()  # Test request saves nothing


def test_test_request_shows_tool_calls_and_conversation_id(client, alice, demo_agent) -> None:
    client.force_login(alice)
    data = form_data(**protocol_settings(demo_agent)["http_json"])
    html = post_test(client, data, "Where is my order NW-12345?").content.decode()
    assert "lookup_order" in html and "NW-12345" in html
    assert "data.reply.text" in html


def test_missing_reply_path_names_the_path_and_keys(client, alice, demo_agent) -> None:
    client.force_login(alice)
    data = form_data(**{**protocol_settings(demo_agent)["http_json"], "reply_path": "data.answer.text"})
    html = post_test(client, data).content.decode()
    assert "No reply." in html
    assert "data.answer.text" in html and "conversation" in html


def test_agent_down_is_a_readable_error(client, alice, unused_tcp_port) -> None:
    client.force_login(alice)
    html = post_test(client, form_data(endpoint_url=f"http://127.0.0.1:{unused_tcp_port}/chat")).content.decode()
    assert "No reply." in html
    assert "Traceback" not in html


def test_eleventh_test_request_in_a_minute_is_refused(client, alice, demo_agent) -> None:
    client.force_login(alice)
    data = form_data(**protocol_settings(demo_agent)["simple_chat"])
    for _ in range(10):
        assert "Reply received" in post_test(client, data).content.decode()
    html = post_test(client, data).content.decode()
    assert "try again in" in html and "Reply received" not in html


def test_test_request_not_offered_for_bedrock(client, alice) -> None:
    client.force_login(alice)
    html = post_test(client, form_data(protocol="bedrock", endpoint_url="")).content.decode()
    assert "not offered for Claude on Bedrock" in html


def test_invalid_form_is_reported_not_sent(client, alice, demo_agent) -> None:
    client.force_login(alice)
    data = form_data(**{**protocol_settings(demo_agent)["http_json"], "request_template": '{"m": {{oops}}}'})
    html = post_test(client, data).content.decode()
    assert "Fix the highlighted fields" in html and "oops" in html


def test_echoed_key_is_masked_and_stored_nowhere(client, alice, caplog) -> None:
    caplog.set_level("DEBUG")
    server, _thread = serve(port=0, require_key="the-right-key")
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        client.force_login(alice)
        html = post_test(client, form_data(endpoint_url=f"{base}/chat", api_key=SECRET)).content.decode()
        assert "No reply." in html and "401" in html
        assert SECRET not in html
        assert "abcd" in html  # the masked form is shown instead
        client.post(reverse("evaluations:agent-create"), form_data(endpoint_url=f"{base}/chat", api_key=SECRET))
        assert Agent.objects.count() == 1
        assert SECRET not in dump_all_tables()
        assert SECRET not in caplog.text
    finally:
        server.shutdown()
