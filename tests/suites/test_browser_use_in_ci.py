"""In real Chromium: the Use in CI page's copy buttons put the workflow on the clipboard, its extras change the
workflow's permissions, it warns that a runner cannot reach a loopback address, and axe finds nothing serious."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.support.action_runner import TEST_ACTION

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_use_in_ci_page_copies_the_workflow_and_warns_of_a_loopback_address(
    logged_in_page, live_server, settings, axe_clean
) -> None:
    from billing.models import Account
    from evaluations.agents.services import agent_create
    from suites.services import suite_create

    settings.TRUSTGATE_GITHUB_ACTION = TEST_ACTION
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    account = Account.objects.get(name="Carol's workspace")
    agent = agent_create(account=account, data={"name": "Northwind", "endpoint_url": "http://127.0.0.1:9/chat"})
    suite = suite_create(account=account, agent=agent, name="Shipping", scenarios=[
        {"kind": "accuracy", "name": "Shipping time", "turns": ["How long is shipping?"]}])  # fmt: skip
    page = logged_in_page
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)

    page.goto(live_server.url + reverse("suites:use-in-ci", args=[suite.pk]))
    warning = page.locator("#ci-url-warning")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text(f"This page was opened at {live_server.url}, a loopback address")
    expect(page.locator("#ci-cost")).to_contain_text("One CI run: 1 scenario × 3 runs = 3 conversations")
    axe_clean(page)

    workflow = page.locator("#ci-workflow")
    workflow.get_by_role("button", name="Copy").click()
    expect(workflow.get_by_role("status")).to_have_text("Copied to the clipboard.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.locator("#ci-workflow-text").text_content()
    assert copied.startswith(f"# Trustgate release gate for saved suite {suite.pk} (Shipping) on {live_server.url}.")
    assert f"uses: {TEST_ACTION}" in copied and "pull-requests: write" in copied

    # The extras: no comment, SARIF on; the workflow asks for the one permission that needs.
    workflow.get_by_label("Comment the verdict on each pull request").uncheck()
    workflow.get_by_label("Upload the SARIF report to code scanning").check()
    workflow.get_by_role("button", name="Update the workflow").click()
    expect(page.locator("#ci-workflow-text")).to_contain_text("security-events: write")
    text = page.locator("#ci-workflow-text").text_content() or ""
    assert "pull-requests: write" not in text and 'upload-sarif: "true"' in text and 'comment: "false"' in text
    download = page.locator("#ci-workflow").get_by_role("link", name="Download trustgate.yml")
    assert download.get_attribute("href") == reverse("suites:ci-workflow", args=[suite.pk]) + "?comment=0&sarif=1"

    page.locator("#ci-client").get_by_role("button", name="Copy").click()
    expect(page.locator("#ci-client").get_by_role("status")).to_have_text("Copied to the clipboard.")
    assert f"trustgate run --suite {suite.pk}" in page.evaluate("navigator.clipboard.readText()")
    axe_clean(page)
    assert errors == []
