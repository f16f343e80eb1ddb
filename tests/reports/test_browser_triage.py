"""In real Chromium, on a desktop and on a 390×844 phone: on a report, filter the scenario results to
failures (htmx refreshes the section and the address keeps the filter), open a scenario and its conversations
load; axe-core finds no serious or critical violation on the way."""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_filter_to_failures_and_open_a_scenario(browser, live_server, axe_clean, viewport) -> None:
    from evaluations.agents.models import Agent
    from tests.reports.test_triage import triage_run
    from tests.support.fixtures_accounts import user_with_credits

    user = user_with_credits(username="erin", password="pw-erin-123", account_name="Erin's workspace")
    account = user.memberships.get().account
    run = triage_run(account, Agent.objects.create(account=account, name="Support bot"))
    phone = viewport is PHONE
    context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill("erin")
    page.get_by_label("Password").fill("pw-erin-123")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/")

    page.goto(f"{live_server.url}/runs/{run.pk}/")
    section = page.locator("#scenario-results")
    names = section.locator("a.scenario-open")
    assert names.count() == 7
    axe_clean(page)

    section.get_by_label("Show").select_option("failed")  # htmx: only this section is fetched again
    page.wait_for_url(re.compile(r".*\?show=failed$"))
    page.locator("#triage-summary", has_text="3 matching scenarios").wait_for()
    assert sorted(names.all_inner_texts()) == ["Discount abuse", "Shipping costs", "Warranty length"]
    axe_clean(page)

    opener = section.get_by_role("link", name="Discount abuse")
    opener.click()
    runs = section.locator("tr.scenario-runs")
    runs.get_by_text("Runs 1, 2 and 3: 3 identical runs").wait_for()
    assert "Answer f about Discount abuse" in runs.inner_text()
    assert opener.get_attribute("aria-expanded") == "true"
    axe_clean(page)

    opener.click()  # folds it again, without another request
    assert not runs.is_visible() and opener.get_attribute("aria-expanded") == "false"
    assert runs.count() == 1

    page.go_back()  # the address bar's history: back to every scenario
    page.wait_for_url(re.compile(rf".*/runs/{run.pk}/$"))
    section.locator("a.scenario-open").nth(6).wait_for()
    assert names.count() == 7
    page.wait_for_load_state("networkidle")
    context.close()
