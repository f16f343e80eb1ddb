"""In real Chromium: Add to suite from a report's failed conversation and from a monitor sample — click, see the
proposal with the personal data masked, choose a suite, add, and see the new version holding the case; axe-core
finds no serious or critical violation on the way."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _log_in(page, live_server) -> None:
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill("pw-alice-123")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/")


def _add_and_open_the_suite(page, box, axe_clean) -> None:
    box.get_by_label("Case name").fill("Late refund")
    box.get_by_label("Add to suite").select_option(label="Regressions (v1)")
    box.get_by_role("button", name="Add as a new version").click()
    box.get_by_text("Added “Late refund” to “Regressions”: version 2 holds it.").wait_for()
    axe_clean(page)
    box.get_by_role("link", name="See version 2 of “Regressions”").click()
    page.wait_for_url("**/suites/*/#case-*")


def test_add_a_failed_report_conversation_to_a_suite(page, live_server, axe_clean, failed_run, attempt, test_set):
    _log_in(page, live_server)
    page.goto(f"{live_server.url}/runs/{failed_run.pk}/")
    page.locator("#scenario-results").get_by_role("link", name="Late refund").click()
    page.get_by_role("link", name="Add to suite: Run 1").click()

    box = page.locator(f"#add-to-suite-{attempt.pk}")
    box.get_by_role("button", name="Add as a new version").wait_for()
    assert box.get_by_label("Message").input_value() == "Refund it to card [CARD] and call me on [PHONE]."
    assert "Hi, this is [EMAIL], I bought a kettle 45 days ago." in box.inner_text()  # the turns it starts from
    assert "jane.doe@gmail.com" not in box.inner_text()
    assert box.get_by_label("Expected outcome").input_value().startswith("The agent promised a refund")
    axe_clean(page)

    _add_and_open_the_suite(page, box, axe_clean)
    case = page.locator(".case", has_text="Late refund")
    assert "Refund it to card [CARD] and call me on [PHONE]." in case.inner_text()
    assert "Starts from 2 earlier turns" in case.inner_text()
    assert f"run #{failed_run.pk}, “Late refund” run 1 (conversation #{attempt.pk}, turn 3)" in case.inner_text()
    axe_clean(page)


def test_add_a_monitor_sample_to_a_suite(page, live_server, axe_clean, degraded_sample, test_set):
    _log_in(page, live_server)
    page.goto(f"{live_server.url}/monitors/runs/{degraded_sample.run_id}/")
    page.get_by_role("link", name="Add to suite: sample 2 of “Refund window”").click()

    box = page.locator(f"#add-to-suite-sample-{degraded_sample.pk}")
    box.get_by_role("button", name="Add as a new version").wait_for()
    assert box.get_by_label("Message").input_value() == "How long do I have to return a kettle? Reply to [EMAIL]"
    assert box.get_by_label("Expected outcome").input_value() == "Returns are accepted within 30 days, not 60."
    axe_clean(page)

    _add_and_open_the_suite(page, box, axe_clean)
    case = page.locator(".case", has_text="Late refund")
    assert "How long do I have to return a kettle? Reply to [EMAIL]" in case.inner_text()
    assert "Returns are accepted within 30 days, not 60." in case.inner_text()
    axe_clean(page)
