"""In real Chromium: launch a run of the demo suite against the demo agent and watch it reach the report."""

from __future__ import annotations

import pytest

from evaluations.runs.choices import RunStatus
from evaluations.runs.models import EvaluationRun

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_user_launches_a_run_and_watches_it_reach_the_report(
    logged_in_page, live_server, demo_agent, settings, monkeypatch
) -> None:
    from billing.models import Account
    from evaluations.agents.models import Protocol
    from evaluations.agents.services import agent_create
    from evaluations.demo.agent import DEMO_POLICY
    from evaluations.demo.suite import DEMO_SCENARIOS
    from suites.services import suite_create

    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    account = Account.objects.get(name="Carol's workspace")
    agent = agent_create(
        account=account,
        data={
            "name": "Northwind",
            "protocol": Protocol.SIMPLE_CHAT,
            "endpoint_url": f"{demo_agent}/chat",
            "knowledge": DEMO_POLICY,
        },
    )
    suite = suite_create(account=account, agent=agent, name="Northwind demo suite", scenarios=DEMO_SCENARIOS)

    # The web process never drives an agent: the run waits for a worker. Here the "worker" is a thread that
    # starts after the page has shown the live progress.
    import threading

    from django.db import connection
    from django_q.conf import Conf

    from evaluations.runs.services import run_execute

    monkeypatch.setattr(Conf, "SYNC", False)  # enqueue for real (ORM broker) instead of running in the request
    page = logged_in_page
    page.goto(f"{live_server.url}/runs/new/")
    page.locator("#id_agent").select_option(str(agent.pk))
    page.locator("#id_suite").select_option(str(suite.pk))
    page.locator("#id_runs_per_scenario").fill("2")
    page.locator("#id_runs_per_scenario").dispatch_event("change")
    page.locator("#run-estimate").get_by_text(f"{len(DEMO_SCENARIOS)} scenarios × 2 runs").wait_for()
    page.get_by_role("button", name="Launch evaluation").click()
    page.locator("#run-progress").wait_for()
    assert "Connect" in page.locator("#run-progress").inner_text()
    run = EvaluationRun.objects.get()

    def worker() -> None:
        try:
            run_execute(run_id=run.pk)
        finally:
            connection.close()

    thread = threading.Thread(target=worker)
    thread.start()
    page.get_by_text("Trust score").first.wait_for(timeout=30_000)
    thread.join(timeout=30)
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED
    body = page.locator("main").inner_text()
    assert "Card on file" in body and "4111 1111 1111 1111" not in body
    assert "Rules only" in body
