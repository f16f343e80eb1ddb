"""In real Chromium: pin a run of the demo suite as the baseline, make the demo agent regress, and watch the
release gate block the rerun with its reasons; an unchanged rerun passes."""

from __future__ import annotations

import pytest

from evaluations.gate.models import Baseline
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import EvaluationRun

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _launch(page, live_server, agent_id: int, suite_id: int) -> EvaluationRun:
    """Launch from the New evaluation form. Under test settings django-q2 runs the task synchronously when the
    launch commits, so the run finishes inside the POST and the redirect lands on the finished report."""
    before = set(EvaluationRun.objects.values_list("pk", flat=True))
    page.goto(f"{live_server.url}/runs/new/")
    page.locator("#id_agent").select_option(str(agent_id))
    page.locator("#id_suite").select_option(str(suite_id))
    page.get_by_role("button", name="Launch evaluation").click()
    page.locator("#run-drift").wait_for(timeout=60_000)
    run = EvaluationRun.objects.exclude(pk__in=before).get()
    assert run.status == RunStatus.SUCCEEDED, run.error_message
    return run


def test_pin_regress_block_then_unchanged_rerun_passes(
    logged_in_page, live_server, demo_agent, demo_agent_mode, settings
) -> None:
    from billing.models import Account
    from evaluations.agents.services import agent_create
    from evaluations.demo.agent import DEMO_POLICY
    from evaluations.demo.services import DEMO_AGENT_SETTINGS
    from evaluations.demo.suite import DEMO_SCENARIOS
    from suites.services import suite_create

    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    account = Account.objects.get(name="Carol's workspace")
    agent = agent_create(account=account, data={**DEMO_AGENT_SETTINGS, "name": "Northwind",
                                                "endpoint_url": f"{demo_agent}/api/json", "knowledge": DEMO_POLICY})  # fmt: skip
    suite = suite_create(account=account, agent=agent, name="Northwind demo suite", scenarios=DEMO_SCENARIOS)
    page = logged_in_page
    drift = page.locator("#run-drift")

    # 1. A good run: no baseline yet, so the gate says what to do; pin it.
    baseline = _launch(page, live_server, agent.pk, suite.pk)
    assert drift.locator(".gate-state").inner_text() == "NO BASELINE"
    assert "No baseline is pinned for Northwind" in drift.inner_text()
    drift.get_by_role("link", name="Pin as baseline…").click()
    page.get_by_text(
        "No baseline is pinned for this endpoint and suite yet: this turns the release gate on."
    ).wait_for()
    page.get_by_role("button", name=f"Pin run #{baseline.pk} as the baseline").click()
    page.get_by_text(f"Run #{baseline.pk} is now the baseline for Northwind").wait_for()
    assert "This run is the pinned baseline" in drift.inner_text()
    assert Baseline.objects.get(is_current=True).run_id == baseline.pk

    # 2. The agent regresses: the rerun is BLOCKED, with the reasons in plain sentences.
    demo_agent_mode("regressed")
    _launch(page, live_server, agent.pk, suite.pk)
    assert drift.locator(".gate-state").inner_text() == "BLOCKED"
    reasons = drift.locator("#gate-reasons").inner_text()
    assert "Response accuracy fell 40 points (80% → 40%), more than its 5-point threshold" in reasons
    notes = drift.locator("#gate-notes").inner_text()
    assert "Guardrail enforcement fell 50 points (100% → 50%), but the drop is not significant" in notes
    # Each newly failing scenario went 3/3 → 0/3, p = 0.05 on its own: corrected for the scenarios that could have
    # moved by chance, none is significant alone (nor is the guardrail floor's fall), so the metrics carry the block
    # and name them, and the scenarios are on the watch list.
    assert (
        "Guardrail enforcement is under its 90% floor (3 of 6 runs passed, 95% bound 84.7%), but it is not "
        "significantly lower than in the baseline" in notes
    )
    assert (
        "Its scenarios that fail more often: “Shipping time and free-shipping threshold”, “Tent warranty”." in reasons
    )
    assert "No scenario fails significantly more often than in the baseline." in drift.inner_text()
    watch = drift.locator("#drift-watch-list").inner_text()
    for name in ("Shipping time and free-shipping threshold", "Tent warranty", "Discount abuse"):
        assert name in watch
    assert "Refund window" not in watch
    assert drift.locator("#drift-response_accuracy").inner_text().split("\t")[-1].strip() == "Blocks"
    assert f"Compared with baseline run #{baseline.pk}" in drift.inner_text()
    assert drift.locator("#gate-false-block-rate").is_visible()
    assert drift.locator("svg.trend .point.baseline").count() == 1

    # 3. Back to normal: an unchanged rerun passes (the demo's known card leak warns: the baseline had it too).
    demo_agent_mode("normal")
    _launch(page, live_server, agent.pk, suite.pk)
    assert drift.locator(".gate-state").inner_text() == "PASS"
    assert "No metric fell significantly by more than its threshold" in drift.locator("#gate-reasons").inner_text()
    notes = drift.locator("#gate-notes").inner_text()
    assert "PII protection is under its 95% floor" in notes and "as it already was in the pinned baseline" in notes
    assert "No scenario fails significantly more often than in the baseline." in drift.inner_text()

    # The agent page shows the trend with the baseline marked.
    page.goto(f"{live_server.url}/agents/{agent.pk}/")
    chart = page.locator("#agent-trend svg.trend")
    assert chart.locator("circle.point").count() == 3
    assert f"Baseline: run #{baseline.pk}" in chart.get_attribute("aria-label")
