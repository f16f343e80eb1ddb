"""In real Chromium: the verdict header's "new failures" link filters the scenario results in place, the opened
scenario shows the baseline's answer beside this run's with the changed words marked, and the page is axe-clean."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from evaluations.gate.services import baseline_pin
from tests.gate import conftest as gate_fixtures
from tests.reports.test_changes_since_baseline import answered
from tests.runs.test_browser_first_walk import DESKTOP

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

suite = gate_fixtures.suite
make_run = gate_fixtures.make_run


def test_the_new_failures_link_and_the_side_by_side(
    browser, live_server, alice, agent, suite, make_run, axe_clean
) -> None:
    baseline = make_run(agent=agent, suite=suite, outcomes={"Warranty": ["fail"] * 3})
    baseline_pin(run=baseline, user=alice)
    run = make_run(agent=agent, suite=suite, outcomes={"Refund window": ["fail"] * 3})
    answered(baseline, "Refund window", ["Refunds within 30 days."] * 3)
    answered(run, "Refund window", ["Refunds within 14 days <script>alert(1)</script>."] * 3, verdict="fail")
    client = Client()
    client.force_login(alice)
    context = browser.new_context(viewport=DESKTOP)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()
    dialogs: list[str] = []

    def on_dialog(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    page.goto(f"{live_server.url}/runs/{run.pk}/")

    page.get_by_role("link", name="1 new failure", exact=True).click()
    page.wait_for_url(f"**/runs/{run.pk}/?change=new_failure")
    results = page.locator("#scenario-results")
    assert results.locator("a.scenario-open").all_inner_texts() == ["Refund window"]
    assert page.locator("#verdict-improved").get_by_role("link", name="Warranty").is_visible()

    results.get_by_role("link", name="Refund window").click()
    side = page.locator(".side-by-side")
    side.wait_for()
    assert side.locator(".sbs-baseline del").first.inner_text() == "30"
    inserted = side.locator(".sbs-current ins").all_inner_texts()
    assert inserted[0] == "14" and "<script>alert(1)</script>" in inserted[1]  # shown as text
    assert not dialogs  # the agent's text is shown, never run
    axe_clean(page)
    context.close()
