"""The public status page in Chromium: published from its settings page, read signed out, and clean under axe-core
(both pages)."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_publish_and_read_the_status_page_in_the_browser(logged_in_page, live_server, axe_clean) -> None:
    from billing.models import Account
    from evaluations.core.jobs import JobStatus
    from evaluations.monitors import services
    from evaluations.monitors.models import MonitorRun

    account = Account.objects.get(name="Carol's workspace")
    monitor = services.monitor_create(
        account=account,
        data={"name": "Internal refund bot", "endpoint_url": "https://agent.example.com/chat"},
        cases=[{"name": "Refund", "ask": "Refund window?", "expect": []}],
    )
    MonitorRun.objects.create(monitor=monitor, status=JobStatus.SUCCEEDED, outcome="degraded", pass_rate=50)

    page = logged_in_page
    page.goto(f"{live_server.url}/monitors/")
    page.get_by_role("link", name="Status page").click()
    axe_clean(page)
    page.get_by_label("Publish the status page").check()
    page.get_by_label("Title").fill("Carol's assistant status")
    page.get_by_label("Show “Internal refund bot”").check()
    page.get_by_label("Public name of “Internal refund bot”").fill("Refund answers")
    page.get_by_role("button", name="Save status page").click()
    page.get_by_text("Status page saved.").wait_for()
    address = page.locator("#status-page-address a").get_attribute("href")

    public = page.context.browser.new_page()  # a reader who is not signed in
    public.goto(f"{live_server.url}{address}")
    assert public.get_by_role("heading", name="Carol's assistant status").is_visible()
    assert "Refund answers" in public.inner_text("main") and "Internal refund bot" not in public.content()
    assert public.locator(".status-day").count() == 90 and public.locator(".status-day.degraded").count() == 1
    axe_clean(public)
    public.close()
