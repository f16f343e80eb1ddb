"""Simple chat, the new-agent default, without false failures: Test request shows the tool calls a simple-chat
agent puts beside its reply, says when a protocol reads none, and a new agent starts with history sent, the
setting the bundled demo agent scores correctly under (docs/agents.md)."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from pytest_httpserver import HTTPServer

from tests.agents.test_agents import form_data
from tests.agents.test_test_request import post_test, protocol_settings


@pytest.fixture(autouse=True)
def _private_allowed_and_fresh_limit(settings) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    cache.clear()


def tool_calls_line(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html.split("<dt>Tool calls</dt>")[1].split("</dd>")[0]).split())


def test_test_request_shows_the_demo_agents_simple_chat_tool_calls(client, alice, demo_agent) -> None:
    client.force_login(alice)
    data = form_data(**protocol_settings(demo_agent)["simple_chat"])
    line = tool_calls_line(post_test(client, data, "Where is my order NW-12345?").content.decode())
    assert "lookup_order" in line and "NW-12345" in line and "found at tool_calls" in line


def test_test_request_shows_an_openai_style_list_beside_the_reply(client, alice, httpserver: HTTPServer) -> None:
    call = {"id": "c1", "type": "function", "function": {"name": "lookup_order", "arguments": '{"order_id": "A-1"}'}}
    httpserver.expect_request("/chat").respond_with_json({"reply": "Checking.", "tool_calls": [call]})
    client.force_login(alice)
    line = tool_calls_line(post_test(client, form_data(endpoint_url=httpserver.url_for("/chat"))).content.decode())
    assert "lookup_order" in line and "A-1" in line and "none" not in line


def test_test_request_says_when_the_protocol_reads_no_tool_calls(client, alice, demo_agent) -> None:
    client.force_login(alice)
    data = form_data(**{**protocol_settings(demo_agent)["http_json"], "tool_calls_path": ""})
    html = post_test(client, data, "Where is my order NW-12345?").content.decode()
    assert 'id="test-request-no-tool-path"' in html and "set one, or runs will not score" in tool_calls_line(html)
    with_path = post_test(client, form_data(**protocol_settings(demo_agent)["http_json"]), "Hi").content.decode()
    assert 'id="test-request-no-tool-path"' not in with_path


def test_a_new_agent_starts_on_simple_chat_with_history_sent(client, alice) -> None:
    client.force_login(alice)
    html = client.get(reverse("evaluations:agent-create")).content.decode()
    simple = re.search(r'<option value="simple_chat"[^>]*>', html)
    history = re.search(r'<input type="checkbox" name="send_history"[^>]*>', html)
    assert simple is not None and "selected" in simple.group(0)
    assert history is not None and "checked" in history.group(0)
