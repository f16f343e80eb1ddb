"""In real Chromium: a user connects the demo agent on each protocol and sees Test request's parsed reply."""

from __future__ import annotations

import pytest

from evaluations.agents.models import Agent
from tests.agents.test_test_request import HTTP_JSON_TEMPLATE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_user_connects_demo_agent_on_every_protocol(logged_in_page, live_server, demo_agent, settings) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    page = logged_in_page
    cases = [
        ("Simple", "simple_chat", f"{demo_agent}/chat", {}),
        ("OpenAI", "openai", f"{demo_agent}/v1/chat/completions", {"#id_model_name": "northwind-1"}),
        ("HTTP JSON", "http_json", f"{demo_agent}/api/json", {"#id_reply_path": "data.reply.text"}),
        ("Webhook", "webhook", f"{demo_agent}/api/json", {"#id_reply_path": "data.reply.text"}),
    ]
    for name, protocol, url, extra in cases:
        page.goto(f"{live_server.url}/agents/new/")
        page.locator("#id_name").fill(name)
        page.locator("#id_protocol").select_option(protocol)
        page.locator("#id_endpoint_url").fill(url)
        page.locator("#id_api_key").fill("sk-browser-secret-1234")
        if protocol in ("http_json", "webhook"):
            # Choosing the protocol opened its Request format section: the template field is there to fill.
            assert page.locator("#request-format").get_attribute("open") is not None
            page.locator("#id_request_template").fill(HTTP_JSON_TEMPLATE)
        for label, value in extra.items():
            page.locator(label).fill(value)
        page.locator("#id_test_message").fill("How long does shipping take?")
        page.get_by_role("button", name="Test request").click()
        result = page.locator("#test-request-result")
        result.get_by_text("Reply received").wait_for(timeout=10_000)
        assert "business days" in result.inner_text()
        assert "sk-browser-secret-1234" not in page.content()
        page.get_by_role("button", name="Save agent").click()
        page.wait_for_url(f"{live_server.url}/agents/*/")
        assert name in page.locator("h1").inner_text()
    assert Agent.objects.count() == 4
    assert not Agent.objects.filter(api_key_masked__contains="secret").exists()


def test_a2a_test_request_fills_the_blank_name_from_the_agent_card(
    logged_in_page, live_server, a2a_agent, settings
) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    page = logged_in_page
    page.goto(f"{live_server.url}/agents/new/")
    page.locator("#id_protocol").select_option("a2a")
    page.locator("#id_endpoint_url").fill(f"{a2a_agent.base}/a2a")
    page.locator("#id_test_message").fill("hello")
    page.get_by_role("button", name="Test request").click()
    page.locator("#test-request-result").get_by_text("Reply received").wait_for(timeout=10_000)
    assert page.locator("#id_name").input_value() == "Order desk"  # the htmx out-of-band swap filled it
    assert "Refunds" in page.locator("#test-request-card").inner_text()
    page.get_by_role("button", name="Save agent").click()
    page.wait_for_url(f"{live_server.url}/agents/*/")
    assert Agent.objects.get().name == "Order desk"
