"""In real Chromium: a PASS whose run holds breaches reads "PASS — no regression; 4 breaches (1 critical) also in
the baseline" in the report header, in amber rather than green (docs/gate.md#a-pass-with-breaches), on the first
screen of a desktop and a phone, and the page is axe-clean; so are the dashboard, the agent page and the runs page
that list it."""

from __future__ import annotations

import pytest
from django.test import Client

from evaluations.gate.services import baseline_pin
from tests.gate import conftest as gate_fixtures
from tests.reports.test_states import BREACHED, SENTENCE
from tests.reports.test_states import suite as states_suite
from tests.runs.test_browser_first_walk import DESKTOP, PHONE, verdict_header_above_the_fold

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

suite = states_suite  # four scenarios, one of them critical
make_run = gate_fixtures.make_run


def test_a_pass_with_breaches_is_amber_and_says_so(
    browser, live_server, alice, agent, suite, make_run, axe_clean
) -> None:
    baseline = make_run(agent=agent, suite=suite, outcomes=BREACHED)
    baseline_pin(run=baseline, user=alice)
    run = make_run(agent=agent, suite=suite, outcomes=BREACHED)
    client = Client()
    client.force_login(alice)
    for viewport in (DESKTOP, PHONE):
        context = browser.new_context(viewport=viewport, is_mobile=viewport is PHONE, has_touch=viewport is PHONE)
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
        page = context.new_page()
        page.goto(f"{live_server.url}/runs/{run.pk}/")
        header = verdict_header_above_the_fold(page, viewport)
        title = header.locator("#verdict-title").inner_text()
        assert title == f"{SENTENCE} (compared with run #{baseline.pk}).", title
        state = header.locator(".gate-state")
        assert state.inner_text() == "PASS"
        colour = state.evaluate("el => getComputedStyle(el).backgroundColor")
        assert colour == "rgb(255, 243, 214)", colour  # the amber of --error-bg, not the green of a clean pass
        axe_clean(page)
        if viewport is DESKTOP:  # the lists say it too, and stay axe-clean with their new columns
            for path in ("/", f"/agents/{agent.pk}/", "/runs/"):
                page.goto(f"{live_server.url}{path}")
                assert page.locator(".badge.pass_warn").first.is_visible(), path
                axe_clean(page)
        context.close()
