"""A monitor created in a real browser on the demo agent: Run now, the status, the chart, the run's samples."""

from __future__ import annotations

import os

import pytest

from evaluations.agents.models import Agent

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_create_and_run_a_monitor_in_the_browser(logged_in_page, live_server, demo_agent, settings) -> None:  # type: ignore[no-untyped-def]
    from billing.models import Account
    from evaluations.demo.services import DEMO_AGENT_SETTINGS

    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    account = Account.objects.get(name="Carol's workspace")
    Agent.objects.create(
        account=account, name="Northwind", endpoint_url=f"{demo_agent}/api/json", **DEMO_AGENT_SETTINGS
    )
    page = logged_in_page
    page.get_by_role("link", name="Monitors").click()
    page.get_by_role("link", name="New monitor").click()
    page.get_by_label("Name").first.fill("Northwind answers")
    page.get_by_label("Agent").select_option(label="Northwind")
    page.locator("#id_cases-0-ask").fill("Is standard shipping free?")
    page.locator("#id_cases-0-expect").fill('contains: "$75"\nno_pii')
    page.get_by_role("button", name="Save monitor").click()
    page.get_by_text("It runs every hour").wait_for()
    page.get_by_role("button", name="Run now").click()
    page.get_by_text("Run started.").wait_for()
    page.reload()
    assert page.locator("#monitor-status .badge").first.inner_text() == "Up"
    assert page.locator("svg.pass-rate-chart circle").count() == 1
    if os.environ.get("TRUSTGATE_SCREENSHOTS"):
        page.screenshot(path=os.path.join(os.environ["TRUSTGATE_SCREENSHOTS"], "monitor.png"), full_page=True)
    from evaluations.monitors.models import MonitorRun

    run = MonitorRun.objects.get()  # ids are not reset between tests on PostgreSQL: never assume #1
    page.get_by_role("link", name=f"#{run.pk}", exact=True).click()
    assert page.get_by_text("Standard shipping takes 3-5 business days").count() == 3
    if os.environ.get("TRUSTGATE_SCREENSHOTS"):
        page.screenshot(path=os.path.join(os.environ["TRUSTGATE_SCREENSHOTS"], "run.png"), full_page=True)
