"""In real Chromium: a finished run's "Run again with the same settings" opens the form filled as that run was
launched, with its estimate and the low-power warning, and launches it."""

from __future__ import annotations

import pytest

from evaluations.runs.choices import RunStatus
from evaluations.runs.models import EvaluationRun

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_run_again_with_the_same_settings(logged_in_page, live_server, demo_agent, settings) -> None:
    from billing.models import Account
    from evaluations.agents.models import Protocol
    from evaluations.agents.services import agent_create
    from suites.services import suite_create
    from tests.support.launching import launch_run as run_launch

    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    account = Account.objects.get(name="Carol's workspace")
    agent = agent_create(
        account=account,
        data={"name": "Northwind", "protocol": Protocol.SIMPLE_CHAT, "endpoint_url": f"{demo_agent}/chat"},
    )
    scenarios = [
        {
            "kind": "accuracy",
            "name": f"Question {i}",
            "turns": ["How long do returns take?"],
            "required_phrases": ["days"],
        }
        for i in (1, 2)
    ]
    suite = suite_create(account=account, agent=agent, name="Returns", scenarios=scenarios)
    first = run_launch(user=account.memberships.get().user, agent=agent, suite=suite, runs_per_scenario=1,
                       parallel=2, judge_strictness="lenient")  # fmt: skip
    first.refresh_from_db()
    assert first.status == RunStatus.SUCCEEDED

    page = logged_in_page
    page.goto(f"{live_server.url}/runs/{first.pk}/")
    page.get_by_role("link", name="Run again with the same settings").click()
    page.locator("#run-estimate").get_by_text("2 scenarios × 1 run = 2 conversations").wait_for()
    assert page.locator("#id_suite").input_value() == str(suite.pk)
    assert page.locator("#id_parallel").input_value() == "2"
    assert page.locator("#id_judge_strictness").input_value() == "lenient"
    warning = "Estimate for 1 run per scenario "
    assert warning in page.locator("#run-estimate").inner_text()
    page.get_by_role("button", name="Launch evaluation").click()
    page.get_by_text(warning).first.wait_for()
    again = EvaluationRun.objects.order_by("-pk").first()
    assert again is not None
    assert again.pk != first.pk and (again.runs_per_scenario, again.parallel, again.judge_strictness) == (
        1,
        2,
        "lenient",
    )
