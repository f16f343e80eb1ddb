"""Add to suite, the pages: the link on each conversation, the proposal fragment, adding, refusals; another
workspace gets 404."""

from __future__ import annotations

from django.urls import reverse

from billing.models import Role
from suites.models import Scenario, SuiteVersion

HTMX = {"HX-Request": "true"}


def _attempt_url(run, attempt, query: str = "") -> str:
    return reverse("evaluations:add-to-suite-attempt", args=[run.pk, attempt.pk]) + query


def test_the_report_review_and_monitor_pages_offer_add_to_suite(client, alice, failed_run, attempt, degraded_sample):
    client.force_login(alice)
    fragment = client.get(reverse("evaluations:run-report-scenario", args=[failed_run.pk, "s1"]), headers=HTMX)
    assert f'hx-get="{_attempt_url(failed_run, attempt)}"' in fragment.content.decode()
    assert f"{_attempt_url(failed_run, attempt)}?turn=3" in fragment.content.decode()  # from an earlier user turn
    review = client.get(reverse("review:run-review", args=[failed_run.pk]) + "?show=all")
    assert _attempt_url(failed_run, attempt, "?from=review") in review.content.decode()
    check = client.get(reverse("monitors:run-detail", args=[degraded_sample.run_id]))
    assert reverse("evaluations:add-to-suite-sample", args=[degraded_sample.pk]) in check.content.decode()


def test_the_proposal_is_masked_and_adding_it_makes_a_version(client, alice, failed_run, attempt, test_set):
    client.force_login(alice)
    url = _attempt_url(failed_run, attempt)
    shown = client.get(url, headers=HTMX).content.decode()
    assert "Refund it to card [CARD] and call me on [PHONE]." in shown
    assert "Hi, this is [EMAIL], I bought a kettle 45 days ago." in shown  # an earlier turn it starts from
    assert "jane.doe@gmail.com" not in shown and "4111" not in shown
    assert f'<option value="{test_set.pk}">Regressions (v1)</option>' in shown

    data = {
        "suite": test_set.pk,
        "name": "Late refund",
        "message": "Refund it to card [CARD].",
        "expected_outcome": "Refuse.",
    }
    response = client.post(url, data, headers=HTMX)

    assert response.status_code == 200
    assert "Added “Late refund” to “Regressions”: version 2 holds it." in response.content.decode()
    case = Scenario.objects.get(suite=test_set, name="Late refund")
    assert case.turns == ["Refund it to card [CARD]."] and len(case.start_from) == 2 and case.introduced_in == 2


def test_without_javascript_adding_lands_on_the_suite(client, alice, degraded_sample, test_set):
    client.force_login(alice)
    url = reverse("evaluations:add-to-suite-sample", args=[degraded_sample.pk])
    assert "How long do I have to return a kettle? Reply to [EMAIL]" in client.get(url).content.decode()
    data = {"suite": test_set.pk, "name": "", "message": "How long do I have?", "expected_outcome": "30 days."}
    response = client.post(url, data, follow=True)
    case = Scenario.objects.get(suite=test_set, turns=["How long do I have?"])
    assert response.redirect_chain[-1][0] == reverse("suites:suite-detail", args=[test_set.pk]) + f"#case-{case.pk}"
    page = response.content.decode()
    assert "Added “Case 2” to “Regressions”: version 2." in page
    assert f"monitor “Chat answers” check #{degraded_sample.run_id}, “Refund window” sample 2" in page  # its source


def test_refusals_are_sentences_in_the_form_and_write_nothing(client, alice, failed_run, attempt, test_set):
    client.force_login(alice)
    url = _attempt_url(failed_run, attempt)
    empty = client.post(url, {"suite": test_set.pk, "message": "  ", "expected_outcome": ""}, headers=HTMX)
    assert empty.status_code == 400
    assert "Write the message the case sends: it cannot be empty." in empty.content.decode()
    no_suite = client.post(url, {"suite": "", "message": "Hi"}, headers=HTMX)
    assert "Choose the suite to add the case to." in no_suite.content.decode()
    gone = client.post(url, {"suite": test_set.pk + 100, "message": "Hi"}, headers=HTMX)
    assert gone.status_code == 400
    assert "That suite is gone (deleted, or not in this workspace); choose another suite." in gone.content.decode()
    not_a_turn = client.get(url + "?turn=2", headers=HTMX)
    assert not_a_turn.status_code == 400
    assert "Turn 2 is not a message from the user; choose one of the user&#x27;s turns." in not_a_turn.content.decode()
    assert SuiteVersion.objects.filter(suite=test_set).count() == 1


def test_a_reader_sees_the_proposal_but_cannot_add(client, make_member, failed_run, attempt, test_set):
    client.force_login(make_member("rita", Role.READ))
    url = _attempt_url(failed_run, attempt)
    shown = client.get(url, headers=HTMX).content.decode()
    assert "You need the Write role in this workspace to add cases to its suites; ask one of its admins." in shown
    assert "<form" not in shown
    refused = client.post(url, {"suite": test_set.pk, "message": "Hi"}, headers=HTMX)
    assert refused.status_code == 400
    assert "You need the Write role in this workspace to add cases to its suites; ask" in refused.content.decode()
    assert SuiteVersion.objects.filter(suite=test_set).count() == 1


def test_another_workspace_gets_404(client, bob, failed_run, attempt, degraded_sample, test_set):
    client.force_login(bob)
    url = _attempt_url(failed_run, attempt)
    assert client.get(url).status_code == 404
    assert client.post(url, {"suite": test_set.pk, "message": "Hi"}).status_code == 404
    sample_url = reverse("evaluations:add-to-suite-sample", args=[degraded_sample.pk])
    assert client.get(sample_url).status_code == 404
    assert SuiteVersion.objects.filter(suite=test_set).count() == 1
