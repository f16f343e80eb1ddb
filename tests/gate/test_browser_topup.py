"""In real Chromium: the pin confirmation shows the power planner (loaded by htmx) with the gate's power by the
baseline's size, and Pin and top up pins the run and launches the top-up, which the gate then counts."""

from __future__ import annotations

import pytest

from evaluations.gate.models import Baseline, BaselineTopUp
from evaluations.runs.choices import RunStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_pin_confirmation_offers_a_top_up_beside_the_planner(
    logged_in_page, live_server, demo_agent, settings, axe_clean
) -> None:
    from billing.models import Account
    from evaluations.agents.services import agent_create
    from evaluations.demo.agent import DEMO_POLICY
    from evaluations.demo.services import DEMO_AGENT_SETTINGS
    from evaluations.demo.suite import DEMO_SCENARIOS
    from suites.services import suite_create
    from tests.support.launching import launch_run

    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    account = Account.objects.get(name="Carol's workspace")
    carol = account.memberships.get().user
    agent = agent_create(account=account, data={**DEMO_AGENT_SETTINGS, "name": "Northwind",
                                                "endpoint_url": f"{demo_agent}/api/json", "knowledge": DEMO_POLICY})  # fmt: skip
    suite = suite_create(account=account, agent=agent, name="Northwind demo suite", scenarios=DEMO_SCENARIOS)
    baseline = launch_run(user=carol, agent=agent, suite=suite, runs_per_scenario=2)  # runs when it commits
    baseline.refresh_from_db()
    assert baseline.status == RunStatus.SUCCEEDED

    # The planner's figures are a task's work (some seconds each on a loaded machine); computed here beforehand, so
    # the page reads them cached as it does once that task has run.
    from evaluations.gate.planner import planner_setting, power_plan
    from evaluations.gate.rules.planner import SPREAD, Drop

    setting = planner_setting(runs=2, baseline_runs=2, kinds=[str(s["kind"]) for s in baseline.scenarios])
    for drop in (None, Drop(SPREAD, 20)):
        power_plan(setting=setting, has_baseline=True, drop=drop)

    page = logged_in_page
    page.goto(f"{live_server.url}/runs/{baseline.pk}/pin/")
    planner = page.locator("section#power-planner")
    planner.get_by_role("heading", name="Power planner").wait_for(timeout=60_000)
    assert "Estimates, not measurements" in planner.inner_text()
    sizes = planner.locator("#planner-baseline-sizes")
    assert "How the gate's power grows with the baseline's size" in sizes.inner_text()
    assert "2 (this baseline)" in sizes.inner_text() and sizes.locator("tbody tr").count() == 5  # 2, 3, 5, 10, 20
    # Ask how many runs would catch a drop spread over accuracy: the widget answers in place (htmx).
    planner.get_by_label("How many runs would catch").select_option("spread")
    planner.get_by_label("of size").fill("20")
    planner.get_by_role("button", name="Estimate").click()
    page.locator("#planner-runs-for-drop").get_by_text("points lower, spread over its").wait_for(timeout=60_000)
    axe_clean(page)

    topup = page.locator("#topup")
    topup.get_by_label("10 runs per scenario", exact=False).check()
    topup.get_by_role("button", name="Pin and top up").click()
    page.get_by_text(f"Run #{baseline.pk} is now the baseline for Northwind").wait_for(timeout=60_000)
    row = BaselineTopUp.objects.get()
    assert row.run_id == baseline.pk and row.topup_run.runs_per_scenario == 8
    assert row.topup_run.status == RunStatus.SUCCEEDED and row.counted_at is not None
    assert Baseline.objects.get(is_current=True).run_id == baseline.pk

    page.goto(f"{live_server.url}/runs/{baseline.pk}/pin/")
    page.get_by_text("with its finished top-ups the gate counts 10").wait_for()
    assert "counted" in page.locator("#topup").inner_text()
