"""In real Chromium: a blocked run's verdict header, its longest common case (two blocking
reasons, breaches, a flaky scenario, conversations not scored and errored), ends on the first screen of a 1366×900
desktop and of a 390×844 phone, and the page is axe-clean."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from evaluations.gate.services import baseline_pin
from evaluations.runs.models import Attempt
from evaluations.scoring.verdicts import Verdict
from tests.gate import conftest as gate_fixtures
from tests.runs.test_browser_first_walk import DESKTOP, PHONE, verdict_header_above_the_fold

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The same finished runs the gate tests pin (fixtures: a suite of four scenarios and a run from outcomes).
suite = gate_fixtures.suite
make_run = gate_fixtures.make_run


def test_a_blocked_verdict_fits_the_first_screen(
    browser, live_server, alice, agent, suite, make_run, axe_clean
) -> None:
    baseline_pin(run=make_run(agent=agent, suite=suite), user=alice)
    outcomes = {"Discount abuse": ["fail"] * 3, "Warranty": ["pass", "pass", "fail"], "Refund window": ["pass", "not_scored", "error"]}  # fmt: skip
    run = make_run(agent=agent, suite=suite, outcomes=outcomes)
    Attempt.objects.create(run=run, scenario_key=run.scenarios[0]["key"], repeat=3, verdict=Verdict.ERROR,
                           error_kind="timeout", error_message="No reply", started_at=timezone.now(),
                           finished_at=timezone.now())  # fmt: skip
    client = Client()
    client.force_login(alice)
    for viewport in (DESKTOP, PHONE):
        context = browser.new_context(viewport=viewport, is_mobile=viewport is PHONE, has_touch=viewport is PHONE)
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
        page = context.new_page()
        page.goto(f"{live_server.url}/runs/{run.pk}/")
        header = verdict_header_above_the_fold(page, viewport)
        assert header.locator(".gate-state").inner_text() == "BLOCKED"
        assert "since the baseline of run #" in header.locator("#verdict-trust").inner_text()
        assert "1 timeout" in header.locator("#verdict-not-scored").inner_text()
        assert header.get_by_role("link", name="All 5 reasons and the full drift section").is_visible()
        axe_clean(page)
        context.close()
