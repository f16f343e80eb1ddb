"""The review page acts on what the reviewer sees (docs/review.md): after a review the page names the conversation
that changed (scenario and run) and offers to withdraw an overrule right there; without JavaScript every outcome,
every refusal too, is a message on the page the reviewer lands on."""

from __future__ import annotations

import html

from django.urls import reverse

from evaluations.review.models import Review
from evaluations.scoring.verdicts import Verdict

HTMX = {"HX-Request": "true"}


def _page(response) -> str:
    return html.unescape(response.content.decode())


def _name(run, attempt) -> str:
    return next(s["name"] for s in run.scenarios if s["key"] == attempt.scenario_key)


def test_without_javascript_a_refused_rule_overrule_is_a_message(client, alice, launch, demo_agent_record, demo_suite):
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    card = next(a for a in run.attempts.all() if _name(run, a) == "Card on file")
    assert card.verdict == Verdict.FAIL
    client.force_login(alice)
    url = reverse("review:attempt-review", args=[run.pk, card.pk])

    response = client.post(url, {"action": "overrule", "reason": "It is a test card."}, follow=True)

    page = _page(response)
    assert response.redirect_chain[-1][0].endswith(f"?show=all#attempt-{card.pk}")
    assert '<li class="msg error">This fail comes from a rule' in page and "confirm that you are disputing" in page
    assert not Review.objects.exists()
    card.refresh_from_db()
    assert card.verdict == Verdict.FAIL


def test_without_javascript_every_refusal_is_a_message(client, alice, judged_run) -> None:
    attempt = judged_run.attempts.filter(verdict=Verdict.PASS).order_by("pk").first()
    assert attempt is not None
    client.force_login(alice)
    url = reverse("review:attempt-review", args=[judged_run.pk, attempt.pk])
    for data, message in (
        ({"action": "overrule", "reason": ""}, "Say in a sentence why the verdict is wrong"),
        ({"action": "withdraw"}, "There is no overrule to withdraw on this verdict."),
        ({"action": "shrug"}, "Choose agree, overrule or withdraw."),
    ):
        page = _page(client.post(url, data, follow=True))
        assert f'<li class="msg error">{message}' in page, message
    assert not Review.objects.exists()


def test_without_javascript_an_overrule_names_the_conversation_and_offers_to_withdraw(
    client, alice, judged_run
) -> None:
    attempt = judged_run.attempts.filter(verdict=Verdict.PASS).order_by("pk").first()
    assert attempt is not None
    name = _name(judged_run, attempt)
    client.force_login(alice)
    url = reverse("review:attempt-review", args=[judged_run.pk, attempt.pk])

    response = client.post(url, {"action": "overrule", "reason": "Gives the wrong hours."}, follow=True)

    page = _page(response)
    assert response.redirect_chain[-1][0].endswith(f"?show=all&changed={attempt.pk}#attempt-{attempt.pk}")
    sentence = f"Overruled “{name}” · run {attempt.repeat} of run #{judged_run.pk}: its verdict is now Fail"
    assert f'<li class="msg success">{sentence}' in page
    outcome = page[page.index(f'id="attempt-{attempt.pk}-outcome"') :]
    outcome = outcome[: outcome.index("</div>")]
    assert sentence in outcome and "Withdraw this overrule" in outcome and f'action="{url}"' in outcome
    assert page.count('data-review="withdraw"') == 1  # offered once, where the change is named

    page = _page(client.post(url, {"action": "withdraw"}, follow=True))
    assert f"Overrule withdrawn on “{name}” · run {attempt.repeat} of run #{judged_run.pk}" in page
    attempt.refresh_from_db()
    assert attempt.verdict == Verdict.PASS
    assert list(Review.objects.values_list("attempt_id", "action")) == [
        (attempt.pk, "overrule"),
        (attempt.pk, "withdraw"),
    ]


def test_with_htmx_the_card_names_what_changed_and_a_refusal_comes_back_in_the_card(client, alice, judged_run) -> None:
    attempt = judged_run.attempts.filter(verdict=Verdict.PASS).order_by("pk").first()
    assert attempt is not None
    client.force_login(alice)
    url = reverse("review:attempt-review", args=[judged_run.pk, attempt.pk])

    refused = client.post(url, {"action": "overrule", "reason": " "}, headers=HTMX)
    assert refused.status_code == 400 and 'role="alert">Say in a sentence why' in _page(refused)
    assert f'id="attempt-{attempt.pk}-outcome"' not in _page(refused)

    card = _page(client.post(url, {"action": "overrule", "reason": "Wrong hours."}, headers=HTMX))
    assert card.strip().startswith(f'<article class="attempt review-card" id="attempt-{attempt.pk}"')
    assert f"Overruled “{_name(judged_run, attempt)}” · run {attempt.repeat} of run #{judged_run.pk}" in card
    assert "Withdraw this overrule" in card
    assert not list(client.get(reverse("review:run-review", args=[judged_run.pk])).context["messages"])
