"""In real Chromium under the Content-Security-Policy: every page loads with no policy violation, and the page
behaviour that moved out of inline script into static/trustgate.js still works (protocol and mode fields,
the confirm before deleting a suite)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def watch_violations(page: Any) -> list[str]:
    """Console errors and uncaught page errors: Chromium reports every CSP violation as a console error."""
    seen: list[str] = []
    page.on("console", lambda message: seen.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: seen.append(str(error)))
    return seen


def test_pages_load_without_policy_violations_and_their_script_runs(
    logged_in_page, live_server, provider_configured
) -> None:
    from billing.models import Account
    from evaluations.agents.models import Protocol
    from evaluations.agents.services import agent_create
    from suites.models import Suite
    from suites.services import suite_create

    account = Account.objects.get(name="Carol's workspace")
    agent = agent_create(account=account, data={"name": "Bot", "protocol": Protocol.SIMPLE_CHAT,
                                                "endpoint_url": "http://127.0.0.1:9/chat"})  # fmt: skip
    suite = suite_create(account=account, agent=agent, name="Refunds",
                         scenarios=[{"kind": "accuracy", "name": "Window", "turns": ["How long?"]}])  # fmt: skip
    page = logged_in_page
    violations = watch_violations(page)
    base = live_server.url
    for path in ["/", "/agents/", f"/agents/{agent.pk}/", "/suites/", "/runs/", "/monitors/", "/monitors/new/",
                 "/credits/", "/profile/api-keys/", "/api/v1/docs/"]:  # fmt: skip
        page.goto(base + path)
        expect(page.locator("main")).to_be_visible()

    # Agent form: the protocol shows its own fields only (static/trustgate.js).
    page.goto(f"{base}/agents/new/")
    expect(page.locator("#agent-form")).to_have_attribute("data-protocol", "simple_chat")
    page.locator("#id_protocol").select_option("bedrock")
    expect(page.locator("#agent-form")).to_have_attribute("data-protocol", "bedrock")
    expect(page.locator("#id_endpoint_url")).to_be_hidden()
    page.locator("#id_protocol").select_option("webhook")
    expect(page.locator("#request-format")).to_have_attribute("open", "")

    # New evaluation: the mode shows its own fields only, and the estimate still updates (htmx). (A provider is
    # configured, so Generate new is offered; it is never called.)
    page.goto(f"{base}/runs/new/")
    expect(page.locator("#run-form")).to_have_attribute("data-mode", "saved")
    page.get_by_label("Generate new").check()
    expect(page.locator("#run-form")).to_have_attribute("data-mode", "generate")
    expect(page.locator(".for-saved")).to_be_hidden()

    # Deleting a suite asks first; dismissing keeps it.
    page.goto(f"{base}/suites/{suite.pk}/")
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.locator("#suite-delete").get_by_role("button").click()
    expect(page.locator("#suite-delete")).to_be_visible()
    assert Suite.objects.filter(pk=suite.pk).exists()
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#suite-delete").get_by_role("button").click()
    page.wait_for_url(f"{base}/suites/")
    assert not Suite.objects.filter(pk=suite.pk).exists()

    page.goto(f"{base}/admin/login/")  # Django admin's own pages live under the same policy
    assert violations == []


def test_login_lockout_in_the_browser(page, live_server, django_user_model) -> None:
    django_user_model.objects.create_user(username="dora", password="pw-dora-123")
    violations = watch_violations(page)
    page.goto(f"{live_server.url}/login/")
    for _ in range(5):
        page.get_by_label("Username").fill("dora")
        page.get_by_label("Password").fill("not-her-password")
        page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("alert")).to_contain_text("logging in is locked for 15 minutes")
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill("dora")
    page.get_by_label("Password").fill("pw-dora-123")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Too many failed logins")).to_be_visible()
    assert [text for text in violations if "Content Security Policy" in text] == []
