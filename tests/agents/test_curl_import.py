"""Import from curl, in real Chromium (docs/agents.md, Import from curl): the pasted command fills the protocol, the
URL, the headers (a credential header to the API key field and the auth header name, never to extra headers) and a
body template with {{message}} where the message was; Test request then answers."""

from __future__ import annotations

import pytest

from evaluations.agents.models import Agent

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEY = "sk-curl-secret-98765"


def test_curl_import_fills_the_form_and_test_request_answers(logged_in_page, live_server, demo_agent, settings) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    page = logged_in_page
    page.goto(f"{live_server.url}/agents/new/")
    page.locator("#import-curl summary").click()
    page.locator("#curl-command").fill(
        f"curl -X POST '{demo_agent}/api/json' \\\n  -H 'Content-Type: application/json' \\\n"
        f"  -H 'Authorization: Bearer {KEY}' -H 'X-Tenant: acme' \\\n"
        """  --data-raw '{"input": {"text": "How long is shipping?"}, "history": [], "session": null}'"""
    )
    page.locator("#curl-import-button").click()
    status = page.locator("#curl-import-status").inner_text()
    assert "API key (from Authorization)" in status and "request template with {{message}}" in status
    assert page.locator("#id_protocol").input_value() == "http_json"
    assert page.locator("#id_endpoint_url").input_value() == f"{demo_agent}/api/json"
    assert page.locator("#id_api_key").input_value() == KEY
    assert page.locator("#id_auth_header_name").input_value() == "Authorization"
    assert page.locator("#id_extra_headers_text").input_value() == "X-Tenant: acme"  # no credential, no Content-Type
    template = page.locator("#id_request_template").input_value()
    assert '"text": {{message}}' in template and "shipping" not in template
    assert page.locator("#curl-command").input_value() == ""  # the pasted key is not kept there

    page.locator("#id_name").fill("From curl")
    page.locator("#id_test_message").fill("How long does shipping take?")
    page.get_by_role("button", name="Test request").click()
    proposals = page.locator("#test-request-proposals")  # no reply path yet: the raw reply and the paths found
    proposals.wait_for(timeout=10_000)
    proposals.locator('button[data-value="data.reply.text"]').click()
    page.get_by_role("button", name="Test request").click()
    page.locator("#test-request-result").get_by_text("Reply received").wait_for(timeout=10_000)
    assert "business days" in page.locator("#test-request-result").inner_text()
    assert KEY not in page.content()  # a password field's value is not in the markup


def test_curl_import_recognises_openai_and_a2a(logged_in_page, live_server) -> None:
    page = logged_in_page
    page.goto(f"{live_server.url}/agents/new/")
    page.locator("#import-curl summary").click()
    page.locator("#curl-command").fill(
        """curl https://api.example.com/v1/chat/completions -H "Authorization: Bearer sk-x-123456789" """
        """-d '{"model": "gpt-x", "stream": true, "messages": [{"role": "user", "content": "hi"}]}'"""
    )
    page.locator("#curl-import-button").click()
    assert page.locator("#id_protocol").input_value() == "openai"
    assert page.locator("#id_model_name").input_value() == "gpt-x"
    assert page.locator("#id_stream").input_value() == "sse"
    page.locator("#curl-command").fill(
        """curl https://agents.example.com/a2a -H 'x-api-key: k-123456789' """
        """-d '{"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": {}}'"""
    )
    page.locator("#curl-import-button").click()
    assert page.locator("#id_protocol").input_value() == "a2a"
    assert page.locator("#id_auth_header_name").input_value() == "x-api-key"
    assert page.locator("#id_api_key").input_value() == "k-123456789"
    page.locator("#id_protocol").select_option("simple_chat")
    page.locator("#curl-command").fill(  # A2A 1.x names its streamed send SendStreamingMessage
        """curl https://agents.example.com/a2a -H 'A2A-Version: 1.0' """
        """-d '{"jsonrpc": "2.0", "id": 1, "method": "SendStreamingMessage", "params": {}}'"""
    )
    page.locator("#curl-import-button").click()
    assert page.locator("#id_protocol").input_value() == "a2a"
    assert page.locator("#id_stream").input_value() == "sse"
    assert not Agent.objects.exists()
