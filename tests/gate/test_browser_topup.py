"""In real Chromium: the pin confirmation shows the power planner (loaded by htmx) with the gate's power by the
baseline's size, with the confirmation runs later runs will have, and Pin and top up pins the run and launches the
top-up, which the gate then counts; the launch form's Confirmation runs field then changes the estimate."""

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
    from evaluations.gate.rules.confirmation import DEFAULT_CONFIRMATION_RUNS
    from evaluations.gate.rules.planner import SPREAD, Drop

    kinds = [str(s["kind"]) for s in baseline.scenarios]
    setting = planner_setting(runs=2, baseline_runs=2, kinds=kinds, confirmation_runs=DEFAULT_CONFIRMATION_RUNS)
    for drop in (None, Drop(SPREAD, 20)):
        power_plan(setting=setting, has_baseline=True, drop=drop)

    page = logged_in_page
    page.goto(f"{live_server.url}/runs/{baseline.pk}/pin/")
    planner = page.locator("section#power-planner")
    planner.get_by_role("heading", name="Power planner").wait_for(timeout=60_000)
    assert "Estimates, not measurements" in planner.inner_text()
    assert "They include the run's confirmation runs: up to 6 more attempts of each scenario" in planner.inner_text()
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

    # The launch form: a saved suite against its pinned baseline has confirmation runs by default; the field
    # changes what the estimate says they can add (and so the hold), and 0 turns them off.
    from evaluations.launches.plan import low_power_warning

    for confirmation in (DEFAULT_CONFIRMATION_RUNS, 2, 0):  # the figures the page's warning quotes, cached first
        low_power_warning(runs_per_scenario=2, baseline_runs=10, kinds=kinds, confirmation_runs=confirmation)
    page.goto(f"{live_server.url}/runs/new/?agent={agent.pk}&suite={suite.pk}", timeout=60_000)
    estimate = page.locator("#run-estimate")
    estimate.locator("#run-confirmation").get_by_text("+ up to 6 confirmation runs").wait_for(timeout=60_000)
    field = page.get_by_label("Confirmation runs")
    field.fill("2")
    field.dispatch_event("change")
    estimate.locator("#run-confirmation").get_by_text("+ up to 2 confirmation runs").wait_for(timeout=60_000)
    field.fill("0")
    field.dispatch_event("change")
    estimate.get_by_text("scenarios × ").wait_for(timeout=60_000)
    estimate.locator("#run-confirmation").wait_for(state="detached", timeout=60_000)
    axe_clean(page)
