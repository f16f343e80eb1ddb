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


def _focused_card(page) -> str:
    return page.evaluate("() => (document.activeElement.closest('.review-card') || {}).id || ''")


def test_keys_act_on_the_focused_conversation_only_and_the_focus_stays_put(
    page, live_server, launch, demo_agent_record, demo_suite, axe_clean
) -> None:
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill("pw-alice-123")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/runs/{run.pk}/review/?show=all")
    ids = page.locator(".review-card").evaluate_all("cards => cards.map(c => c.id)")
    assert len(ids) >= 2
    first, second = (int(card_id.removeprefix("attempt-")) for card_id in ids[:2])
    names = {s["key"]: s["name"] for s in run.scenarios}
    name = names[run.attempts.get(pk=first).scenario_key]

    page.keyboard.press("a")  # nothing has the focus yet: no conversation is touched
    page.keyboard.press("j")  # the first j goes to the first conversation, not the second
    assert _focused_card(page) == f"attempt-{first}"

    card = page.locator(f"#attempt-{first}")
    page.keyboard.press("a")
    page.keyboard.press("o")  # pressed before the agreement is back: the reason field of the same conversation
    page.keyboard.type("The reply gives the wrong")
    card.get_by_text("reviewed: agreed").wait_for()
    assert _focused_card(page) == f"attempt-{first}"  # no advance to the next conversation
    assert page.evaluate("() => document.activeElement.id") == f"reason-{first}"
    page.keyboard.type(" hours.")
    assert card.locator(f"#reason-{first}").input_value() == "The reply gives the wrong hours."
    page.keyboard.press("Enter")
    card.get_by_text("overruled — the judge said").wait_for()

    outcome = card.locator(f"#attempt-{first}-outcome")
    assert f"Overruled “{name}” · run 1 of run #{run.pk}: its verdict is now Fail" in outcome.inner_text()
    assert _focused_card(page) == f"attempt-{first}"
    assert list(Review.objects.order_by("pk").values_list("attempt_id", "action")) == [
        (first, "agree"),
        (first, "overrule"),
    ]
    axe_clean(page)

    page.keyboard.press("w")  # the overrule is withdrawn where it is named
    card.get_by_text("Overrule withdrawn on").wait_for()
    page.keyboard.press("j")
    assert _focused_card(page) == f"attempt-{second}"
    page.keyboard.press("a")
    page.locator(f"#attempt-{second}").get_by_text("reviewed: agreed").wait_for()
    assert list(Review.objects.order_by("pk").values_list("attempt_id", "action"))[2:] == [
        (first, "withdraw"),
        (second, "agree"),
    ]

    # A refused overrule (a rule's fail, the dispute not confirmed) comes back in the card, reason kept.
    rule_fail = next(a for a in run.attempts.all() if names[a.scenario_key] == "Card on file")
    card = page.locator(f"#attempt-{rule_fail.pk}")
    card.focus()
    page.keyboard.press("o")
    page.keyboard.type("It is a test card.")
    page.keyboard.press("Enter")
    card.get_by_role("alert").get_by_text("This fail comes from a rule").wait_for()
    assert _focused_card(page) == f"attempt-{rule_fail.pk}"
    assert card.locator(f"#reason-{rule_fail.pk}").input_value() == "It is a test card."
    assert not Review.objects.filter(attempt_id=rule_fail.pk).exists()
    axe_clean(page)
