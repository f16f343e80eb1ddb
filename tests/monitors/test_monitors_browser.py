"""A monitor created in a real browser on the demo agent: Run now, the status, the chart, the run's samples."""

from __future__ import annotations

import os

import pytest

from evaluations.agents.models import Agent

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _new_monitor_form(page, demo_agent: str, *, expect: str):
    """Carol's workspace gets the demo agent as "Northwind"; the New monitor form is opened and its first case
    filled (asking about free shipping, expecting ``expect``)."""
    from billing.models import Account
    from evaluations.demo.services import DEMO_AGENT_SETTINGS

    account = Account.objects.get(name="Carol's workspace")
    Agent.objects.create(
        account=account, name="Northwind", endpoint_url=f"{demo_agent}/api/json", **DEMO_AGENT_SETTINGS
    )
    page.get_by_role("link", name="Monitors").click()
    page.get_by_role("link", name="New monitor").click()
    page.get_by_label("Name").first.fill("Northwind answers")
    page.get_by_label("Agent").select_option(label="Northwind")
    page.locator("#id_cases-0-ask").fill("Is standard shipping free?")
    page.locator("#id_cases-0-expect").fill(expect)
    return page


def test_create_and_run_a_monitor_in_the_browser(logged_in_page, live_server, demo_agent, settings) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    page = _new_monitor_form(logged_in_page, demo_agent, expect='contains: "$75"\nno_pii')
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


def test_cases_inline_and_run_now_refreshes_the_chart_and_tables(
    logged_in_page, live_server, demo_agent, settings, monkeypatch, axe_clean
) -> None:
    """Monitor cases are added and removed in place; with a real (not synchronous) worker, the page
    follows the run Run now started and shows its point on the chart and its row in the tables when it ends,
    without a reload."""
    import threading

    from django.db import connection
    from django_q.conf import Conf

    from evaluations.monitors.models import MonitorCase, MonitorRun
    from evaluations.monitors.tasks import monitor_run_execute

    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    page = _new_monitor_form(logged_in_page, demo_agent, expect='contains: "$75"')
    # Cases are added and removed in place: add two, remove the first of them, save.
    page.get_by_role("button", name="Add a case").click()
    page.locator("#id_cases-1-ask").fill("Can I pay with a gift card?")
    page.get_by_role("button", name="Add a case").click()
    page.locator("#id_cases-2-name").fill("Returns")
    page.locator("#id_cases-2-ask").fill("How long do I have to return shoes?")
    axe_clean(page)
    page.locator("#case-new-1").get_by_role("button", name="Remove this case").click()
    assert page.locator("#case-new-1").is_hidden() and page.locator("#case-status").inner_text().startswith(
        "Case removed"
    )
    page.get_by_role("button", name="Save monitor").click()
    page.get_by_text("It runs every hour").wait_for()
    assert list(MonitorCase.objects.order_by("position").values_list("ask", flat=True)) == [
        "Is standard shipping free?",
        "How long do I have to return shoes?",
    ]
    monkeypatch.setattr(Conf, "SYNC", False)  # the web process only enqueues; the "worker" below runs it
    page.get_by_role("button", name="Run now").click()
    page.get_by_text("Run started.").wait_for()
    run = MonitorRun.objects.get()
    assert f"Run #{run.pk}" in page.locator("#monitor-status").inner_text()
    assert page.locator("svg.pass-rate-chart circle").count() == 0
    axe_clean(page)

    def worker() -> None:
        try:
            monitor_run_execute(run.pk)
        finally:
            connection.close()

    # The page's status polls fail while the "worker" writes: the test database (SQLite, shared cache) refuses a
    # write while a poll reads the same table. The next poll after the run sees it finished.
    page.route("**/monitors/*/status/", lambda route: route.abort())
    thread = threading.Thread(target=worker)
    thread.start()
    thread.join(timeout=60)
    page.unroute("**/monitors/*/status/")
    page.locator("svg.pass-rate-chart circle").first.wait_for(timeout=15_000)  # the page reloaded itself
    assert page.locator("#monitor-status .badge").first.inner_text() == "Up"
    assert page.get_by_role("link", name=f"#{run.pk}", exact=True).is_visible()
    assert "Run #" not in page.locator("#monitor-status").inner_text()
    axe_clean(page)
