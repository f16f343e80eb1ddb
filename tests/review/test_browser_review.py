"""In real Chromium, with the keyboard only: agree with one verdict, overrule the next with a reason, and see the
cards change in place (htmx) while the run's figures follow the reviewer."""

from __future__ import annotations

import pytest

from evaluations.review.models import Review
from evaluations.scoring.verdicts import Verdict

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_review_with_the_keyboard(page, live_server, launch, demo_agent_record, demo_suite) -> None:
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    passed = list(run.attempts.filter(verdict=Verdict.PASS).order_by("scenario_key", "repeat"))
    assert len(passed) >= 2
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill("pw-alice-123")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/runs/{run.pk}/review/?show=all")

    first = page.locator(f"#attempt-{passed[0].pk}")
    first.focus()
    page.keyboard.press("a")  # agree
    first.get_by_text("reviewed: agreed").wait_for()

    second = page.locator(f"#attempt-{passed[1].pk}")
    second.focus()
    page.keyboard.press("o")  # the reason field takes the focus
    page.keyboard.type("The reply gives the wrong hours.")
    page.keyboard.press("Enter")
    second.get_by_text("overruled — the judge said").wait_for()
    assert "The reply gives the wrong hours." in second.inner_text()

    assert list(Review.objects.order_by("pk").values_list("attempt_id", "action")) == [
        (passed[0].pk, "agree"),
        (passed[1].pk, "overrule"),
    ]
    run.refresh_from_db()
    assert run.metrics["overruled"] == 1
    page.goto(f"{live_server.url}/runs/{run.pk}/")
    assert "1 verdict overruled by reviewers" in page.locator("main").inner_text()
