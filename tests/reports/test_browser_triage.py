"""Issue 18 §3 in real Chromium: on a report, filter the scenario results to failures (htmx refreshes the section
and the address keeps the filter), open a scenario and its conversations load; axe-core finds no serious or
critical violation on the way."""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_filter_to_failures_and_open_a_scenario(logged_in_page, live_server, axe_clean) -> None:  # type: ignore[no-untyped-def]
    from django.contrib.auth import get_user_model

    from evaluations.agents.models import Agent
    from tests.reports.test_triage import triage_run

    page = logged_in_page
    account = get_user_model().objects.get(username="carol").memberships.get().account
    run = triage_run(account, Agent.objects.create(account=account, name="Support bot"))
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
