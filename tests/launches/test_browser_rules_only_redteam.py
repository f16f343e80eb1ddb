"""In real Chromium, rules only: a red-team-only run is launched from the New evaluation page."""

from __future__ import annotations

import pytest

from evaluations.runs.models import EvaluationRun

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_red_team_only_run_launches_without_a_model_provider(
    logged_in_page, live_server, settings, monkeypatch
) -> None:
    from django_q.conf import Conf

    from billing.models import Account
    from evaluations.agents.models import Protocol
    from evaluations.agents.services import agent_create

    settings.TRUSTGATE_JUDGE_PROVIDER = settings.ANTHROPIC_API_KEY = settings.ANTHROPIC_BASE_URL = ""
    monkeypatch.setattr(Conf, "SYNC", False)  # enqueued for a worker: the launch is what is tested
    account = Account.objects.get(name="Carol's workspace")
    agent = agent_create(
        account=account,
        data={"name": "Northwind", "protocol": Protocol.SIMPLE_CHAT, "endpoint_url": "http://127.0.0.1:9/chat"},
    )
    page = logged_in_page
    page.goto(f"{live_server.url}/runs/new/?agent={agent.pk}")
    page.get_by_label("Generate new").check()
    assert page.locator("input[name=generate_kinds]").first.is_disabled()
    page.locator("#id_redteam_depth").select_option("quick")
    page.locator("#id_runs_per_scenario").fill("1")
    page.locator("#id_runs_per_scenario").dispatch_event("change")
    page.locator("#run-estimate").get_by_text("7 scenarios × 1 run").wait_for()
    page.get_by_role("button", name="Launch evaluation").click()
    page.locator("#run-progress").wait_for()
    run = EvaluationRun.objects.get()
    assert run.suite_id is None and run.settings_snapshot["redteam_depth"] == "quick"
