"""In real Chromium, on a desktop and on a 390×844 phone: first login → the rules-only banner
→ connect an agent → Evaluate → launch → watch the progress to the report → read the verdict header (on the first
screen) → pin the baseline, with confirmation → run again → see the gate in the new run's verdict header, with
axe-core finding no serious or critical violation on any page visited."""

from __future__ import annotations

import re
import threading

import pytest

from evaluations.gate.models import Baseline
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import EvaluationRun

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def verdict_header_above_the_fold(page, viewport):
    """The report's verdict header, asserted to end within the first screen (scrolled to the top)."""
    page.evaluate("window.scrollTo(0, 0)")
    header = page.locator("#verdict-header")
    box = header.bounding_box()
    assert box is not None and box["y"] + box["height"] <= viewport["height"], (box, viewport)
    return header


@pytest.fixture
def rules_only(rules_only):
    rules_only.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    return rules_only


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_first_walk_from_login_to_a_finished_run(
    browser, live_server, demo_agent, rules_only, monkeypatch, axe_clean, viewport
) -> None:
    from django.db import connection
    from django_q.conf import Conf

    from evaluations.agents.models import Agent
    from evaluations.demo.suite import DEMO_SCENARIOS
    from evaluations.gate.services import verdict_record_finish
    from evaluations.runs.services import run_execute
    from suites.services import suite_create
    from tests.support.fixtures_accounts import user_with_credits

    phone = viewport is PHONE
    user_with_credits(username="dana", password="pw-dana-123", account_name="Dana's workspace")
    context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.goto(f"{live_server.url}/login/")
    axe_clean(page)
    page.get_by_label("Username").fill("dana")
    page.get_by_label("Password").fill("pw-dana-123")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/")

    # The dashboard says the truth about the model provider, and where to set one up.
    banner = page.locator("#rules-only-notice")
    assert "Rules only." in banner.inner_text()
    assert banner.get_by_role("link", name="How to configure a model provider").is_visible()
    assert page.locator("nav[aria-label=Main] a[aria-current=page]").inner_text() == "Dashboard"
    axe_clean(page)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to content"

    if phone:  # the nav folds behind a menu button and opens on demand
        nav = page.locator("#main-nav")
        assert not nav.is_visible()
        page.get_by_role("button", name="Menu").click()
        assert nav.is_visible() and page.get_by_role("button", name="Menu").get_attribute("aria-expanded") == "true"
        axe_clean(page)
        nav.get_by_role("link", name="Agents").click()
        page.get_by_role("link", name="New agent").click()
    else:
        page.get_by_role("link", name="Connect your first agent").click()

    # Connect an agent.
    page.wait_for_url(f"{live_server.url}/agents/new/")
    axe_clean(page)
    page.locator("#id_name").fill("Northwind")
    page.locator("#id_protocol").select_option("simple_chat")
    page.locator("#id_endpoint_url").fill(f"{demo_agent}/chat")
    page.get_by_role("button", name="Save agent").click()
    page.wait_for_url(f"{live_server.url}/agents/*/")
    assert "Rules only." in page.locator("#rules-only-notice").inner_text()
    axe_clean(page)

    agent = Agent.objects.get(name="Northwind")
    suite_create(account=agent.account, agent=agent, name="Northwind demo suite", scenarios=DEMO_SCENARIOS)

    # Evaluate: the launch form, with Generate new's kinds disabled and their reason beside them.
    page.get_by_role("link", name="Evaluate").first.click()
    page.wait_for_url(f"{live_server.url}/runs/new/?agent={agent.pk}")
    assert page.locator("input[name=generate_kinds]").first.is_disabled()
    assert "red-team attacks from the library on their own" in page.locator("#run-form").inner_text()
    page.locator("#id_suite").select_option(label=f"Northwind demo suite (v1, {len(DEMO_SCENARIOS)} scenarios)")
    page.locator("#id_runs_per_scenario").fill("1")
    page.locator("#id_runs_per_scenario").dispatch_event("change")
    page.locator("#run-estimate").get_by_text(f"{len(DEMO_SCENARIOS)} scenarios × 1 run").wait_for()
    axe_clean(page)

    # Launch and watch: the web process never drives the agent; a "worker" thread starts once the page polls.
    monkeypatch.setattr(Conf, "SYNC", False)
    page.get_by_role("button", name="Launch evaluation").click()
    page.locator("#run-progress").wait_for()
    run = EvaluationRun.objects.get()
    assert page.locator("#run-status-badge").inner_text() == page.locator("#run-progress .badge").inner_text()
    assert page.locator("#run-live").count() == 1  # the screen-reader line that follows the progress
    axe_clean(page)

    def worker(run_id: int) -> None:
        try:
            run_execute(run_id=run_id)
            verdict_record_finish(run_id=run_id)  # the task the run queued as it ended, which a worker runs next
        finally:
            connection.close()

    thread = threading.Thread(target=worker, args=(run.pk,))
    thread.start()
    page.get_by_role("link", name="JSON").wait_for(timeout=30_000)  # downloads appear once there is a result
    thread.join(timeout=30)
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED
    page.locator("#run-progress").wait_for(state="detached", timeout=30_000)
    assert page.locator("#run-status-badge").inner_text() == "Finished"
    axe_clean(page)

    # Read the verdict header: "can I ship?" on the first screen, before downloads and settings, with the verdict
    # recorded (the page read again once the worker's task has run).
    page.reload()
    header = verdict_header_above_the_fold(page, viewport)
    assert "Recorded when the run finished" in header.locator("#verdict-record-finish").text_content()
    assert header.locator(".gate-state").inner_text() == "NO BASELINE"
    assert "No baseline is pinned for Northwind" in header.inner_text()
    assert " / 100" in header.locator("#verdict-trust").inner_text()
    if run.metrics["attempts"]["not_scored"]:  # replies only the judge could score say so, and why
        assert "rules-only (no judge configured)" in header.locator("#verdict-not-scored").inner_text()

    # Filter to failures: htmx fetches the scenario results again, the address keeps the filter, and the rows are
    # the failed scenarios the counts line announces; one of them opens its conversations in place.
    counts = re.search(r"(\d+) failed", page.locator("#scenario-counts").inner_text())
    assert counts is not None
    failed = int(counts.group(1))
    section = page.locator("#scenario-results")
    section.get_by_label("Show").select_option("failed")
    page.wait_for_url(re.compile(r".*\?show=failed$"))
    summary = page.locator("#triage-summary")
    if failed:
        summary.filter(has_text=f"of {failed} matching scenario").wait_for()
        assert section.locator("a.scenario-open").count() == min(failed, 50)
        section.locator("a.scenario-open").first.click()
        section.locator("tr.scenario-runs").first.wait_for()
        assert "Agent" in section.locator("tr.scenario-runs").first.inner_text()  # the conversation, loaded now
    else:
        summary.filter(has_text="No scenario matches these filters").wait_for()
    axe_clean(page)
    page.goto(f"{live_server.url}/runs/{run.pk}/")

    # Pin it as the baseline: a confirmation page first, then the gate is on.
    page.get_by_role("link", name="Pin as baseline…").click()
    page.wait_for_url(f"{live_server.url}/runs/{run.pk}/pin/")
    assert "this turns the release gate on" in page.locator("main").inner_text()
    axe_clean(page)
    page.get_by_role("button", name=f"Pin run #{run.pk} as the baseline").click()
    page.wait_for_url(f"{live_server.url}/runs/{run.pk}/#run-drift")
    assert Baseline.objects.get(is_current=True).run_id == run.pk
    header = verdict_header_above_the_fold(page, viewport)
    assert header.locator(".gate-state").inner_text() == "BASELINE"
    # the record says the gate now differs from the one at finish: in one line on a phone, in sentences elsewhere
    assert header.locator("#verdict-record-short" if phone else "#verdict-record-now").is_visible()
    assert "NO BASELINE" in header.locator("#verdict-record-short" if phone else "#verdict-record-finish").inner_text()
    axe_clean(page)

    # Run again with the same settings, and see the gate against the baseline in the new run's header.
    page.get_by_role("link", name="Run again with the same settings").click()
    page.locator("#run-estimate").get_by_text(f"{len(DEMO_SCENARIOS)} scenarios × 1 run").wait_for()
    axe_clean(page)
    page.get_by_role("button", name="Launch evaluation").click()
    page.locator("#run-progress").wait_for()
    again = EvaluationRun.objects.exclude(pk=run.pk).get()
    assert verdict_header_above_the_fold(page, viewport).locator("#run-progress").is_visible()  # progress, no verdict
    axe_clean(page)
    # Following the progress was walked above; here the page leaves while the "worker" runs, because the test
    # database (SQLite, shared cache) refuses a write while the page's polls read the same table.
    page.goto("about:blank")
    thread = threading.Thread(target=worker, args=(again.pk,))
    thread.start()
    thread.join(timeout=60)
    again.refresh_from_db()
    assert again.status == RunStatus.SUCCEEDED, again.error_message
    page.goto(f"{live_server.url}/runs/{again.pk}/")
    header = verdict_header_above_the_fold(page, viewport)
    assert header.locator(".gate-state").inner_text() in ("PASS", "BLOCKED")
    assert f"since the baseline of run #{run.pk}" in header.locator("#verdict-trust").inner_text()
    axe_clean(page)

    # Back on the agent page: its run, and the way to the next one.
    page.goto(f"{live_server.url}/agents/{agent.pk}/")
    assert f"#{run.pk}" in page.locator("#agent-runs").inner_text()
    axe_clean(page)

    # Every other main page, axe-clean too; on the phone a wide table says that it scrolls and takes the focus.
    suite_id = agent.suites.get().pk
    for path in ("/", "/runs/", "/suites/", f"/suites/{suite_id}/", "/suites/new/", "/suites/import/", "/monitors/",
                 "/monitors/new/", "/monitors/import/", "/credits/", "/profile/api-keys/", f"/agents/{agent.pk}/edit/",
                 "/agents/?q=north", "/help/model-provider/", f"/runs/{run.pk}/cancel/", f"/runs/{again.pk}/review/",
                 "/calibration/", f"/agents/{agent.pk}/delete/"):  # fmt: skip
        page.goto(f"{live_server.url}{path}")
        axe_clean(page)
    if phone:
        page.goto(f"{live_server.url}/runs/")
        wrap = page.locator(".table-wrap.scrolls")
        assert wrap.count() == 1 and wrap.get_attribute("tabindex") == "0"
        assert page.get_by_text("Scroll sideways to see every column.").is_visible()
    context.close()
