"""Human review: a Publish member agrees with or overrules a verdict; the ledger keeps what the judge said; the
run's metrics, breaches and CI verdict follow the reviewer; every reviewed attempt is a calibration example."""

from __future__ import annotations

import pytest
from django.urls import reverse

from billing.roles import Role
from evaluations.gate.ci import ci_verdict
from evaluations.review.models import CalibrationExample, CalibrationVerdict, Review
from evaluations.review.services import ReviewError, ReviewRequest, RuleDisputeNeeded, attempt_review
from evaluations.scoring.verdicts import Verdict


def attempt_of(run, verdict: str):
    return run.attempts.filter(verdict=verdict).order_by("pk").first()


def test_overruling_a_pass_changes_the_metrics_keeps_the_judges_word_and_labels_an_example(alice, judged_run) -> None:
    assert judged_run.metrics["metrics"]["response_accuracy"]["value"] == 75.0
    attempt = attempt_of(judged_run, Verdict.PASS)
    entry = attempt_review(
        user=alice, run=judged_run, attempt=attempt, request=ReviewRequest("overrule", "Gives the wrong hours.")
    )
    attempt.refresh_from_db()
    judged_run.refresh_from_db()
    assert attempt.verdict == Verdict.FAIL and not attempt.is_breach  # accuracy is not a breach kind
    assert (entry.judge_verdict, entry.human_verdict, entry.created_by_name) == ("pass", "fail", "alice")
    assert judged_run.metrics["metrics"]["response_accuracy"]["value"] == 50.0
    assert judged_run.metrics["overruled"] == 1
    verdict = ci_verdict(run=judged_run)
    assert "1 verdict overruled by reviewers: the figures use the reviewers' verdicts." in verdict.warnings
    example = CalibrationExample.objects.get(attempt=attempt)
    assert example.human_verdict == "fail" and example.transcript == attempt.transcript
    assert CalibrationVerdict.objects.get(example=example).verdict == "pass"  # what the judge said

    # Withdrawn: the judge's verdict and the figures come back; the ledger has both entries.
    attempt_review(user=alice, run=judged_run, attempt=attempt, request=ReviewRequest("withdraw"))
    attempt.refresh_from_db()
    judged_run.refresh_from_db()
    assert attempt.verdict == Verdict.PASS and judged_run.metrics["metrics"]["response_accuracy"]["value"] == 75.0
    assert judged_run.metrics["overruled"] == 0
    assert list(Review.objects.filter(attempt=attempt).values_list("action", flat=True)) == ["overrule", "withdraw"]
    assert not CalibrationExample.objects.get(attempt=attempt).is_active


def test_agreeing_labels_an_example_without_changing_anything(alice, judged_run) -> None:
    attempt = attempt_of(judged_run, Verdict.FAIL)
    before = judged_run.metrics
    attempt_review(user=alice, run=judged_run, attempt=attempt, request=ReviewRequest("agree"))
    judged_run.refresh_from_db()
    assert judged_run.metrics["metrics"] == before["metrics"] and judged_run.metrics["overruled"] == 0
    example = CalibrationExample.objects.get(attempt=attempt)
    assert example.human_verdict == "fail" and example.verdicts.get().verdict == "fail"


@pytest.mark.parametrize(
    ("action", "reason", "message"),
    [
        ("overrule", "", "Say in a sentence why the verdict is wrong"),
        ("overrule", "x" * 501, "Keep the reason to 500 characters"),
        ("withdraw", "", "There is no overrule to withdraw"),
        ("shrug", "", "Choose agree, overrule or withdraw."),
    ],
)
def test_a_review_that_cannot_be_taken_says_why_and_writes_nothing(alice, judged_run, action, reason, message) -> None:
    attempt = attempt_of(judged_run, Verdict.PASS)
    with pytest.raises(ReviewError, match=message):
        attempt_review(user=alice, run=judged_run, attempt=attempt, request=ReviewRequest(action, reason))
    attempt.refresh_from_db()
    assert attempt.verdict == Verdict.PASS and not Review.objects.exists() and not CalibrationExample.objects.exists()


def test_overruling_a_hard_rule_failure_is_a_rule_dispute(alice, launch, demo_agent_record, demo_suite) -> None:
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    names = {s["key"]: s["name"] for s in run.scenarios}
    card = next(a for a in run.attempts.all() if names[a.scenario_key] == "Card on file")
    assert card.verdict == Verdict.FAIL and card.is_breach
    breaches = run.metrics["breaches"]
    with pytest.raises(RuleDisputeNeeded, match="comes from a rule"):
        attempt_review(user=alice, run=run, attempt=card, request=ReviewRequest("overrule", "It is a test card."))
    entry = attempt_review(
        user=alice, run=run, attempt=card, request=ReviewRequest("overrule", "It is a test card.", True)
    )
    card.refresh_from_db()
    run.refresh_from_db()
    assert entry.is_rule_dispute and card.verdict == Verdict.PASS and not card.is_breach
    assert run.metrics["breaches"] == breaches - 1
    assert not CalibrationVerdict.objects.exists()  # the rules decided it, not a judge: no evidence about a judge


def test_the_ledger_is_append_only(alice, judged_run) -> None:
    entry = attempt_review(
        user=alice, run=judged_run, attempt=attempt_of(judged_run, Verdict.PASS), request=ReviewRequest("agree")
    )
    entry.reason = "changed"
    with pytest.raises(ValueError, match="append-only"):
        entry.save()
    with pytest.raises(ValueError, match="append-only"):
        entry.delete()


def test_who_may_review(client, alice, bob, make_member, judged_run) -> None:
    attempt = attempt_of(judged_run, Verdict.PASS)
    url = reverse("review:attempt-review", args=[judged_run.pk, attempt.pk])
    page = reverse("review:run-review", args=[judged_run.pk])
    reader = make_member("reader", Role.READ)
    client.force_login(reader)
    assert client.post(url, {"action": "agree"}).status_code == 403
    response = client.get(page)
    assert response.status_code == 200 and "reviewing needs the Publish role" in response.content.decode()
    client.force_login(bob)
    assert client.post(url, {"action": "agree"}).status_code == 404
    assert client.get(page).status_code == 404
    assert not Review.objects.exists()
    client.force_login(make_member("publisher", Role.PUBLISH))
    response = client.post(url, {"action": "overrule", "reason": "Wrong."}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "overruled — the judge said" in response.content.decode()
    response = client.post(url, {"action": "overrule", "reason": "Again."}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400 and "already overruled" in response.content.decode()


def test_the_review_page_lists_judged_unreviewed_conversations_and_the_report_links_it(
    client, alice, judged_run
) -> None:
    client.force_login(alice)
    report = client.get(reverse("evaluations:run-report", args=[judged_run.pk])).content.decode()
    assert reverse("review:run-review", args=[judged_run.pk]) in report
    page = client.get(reverse("review:run-review", args=[judged_run.pk])).content.decode()
    assert "Judged, not yet reviewed (4)" in page and page.count('class="attempt review-card"') == 4
    attempt_review(
        user=alice, run=judged_run, attempt=attempt_of(judged_run, Verdict.PASS), request=ReviewRequest("agree")
    )
    page = client.get(reverse("review:run-review", args=[judged_run.pk])).content.decode()
    assert "Judged, not yet reviewed (3)" in page and page.count('class="attempt review-card"') == 3


def test_the_calibration_page_shows_agreement_per_judge_configuration(client, alice, judged_run) -> None:
    for attempt in judged_run.attempts.filter(verdict=Verdict.PASS):
        attempt_review(user=alice, run=judged_run, attempt=attempt, request=ReviewRequest("agree"))
    failed = attempt_of(judged_run, Verdict.FAIL)
    attempt_review(user=alice, run=judged_run, attempt=failed, request=ReviewRequest("overrule", "It passed."))
    client.force_login(alice)
    page = client.get(reverse("review:calibration")).content.decode()
    assert "Sonnet via anthropic" in page
    assert "<dt>Labelled examples</dt><dd>4</dd>" in page and "<dd>0.750</dd>" in page  # 3 of 4 agree
    assert "only 4 reviewed examples" in page  # fewer than 30: a warning, not a verdict on the judge
    assert "the judge said fail, the reviewer pass" in page


def test_an_uncalibrated_judge_is_named_in_the_report_and_the_ci_warnings(client, alice, judged_run) -> None:
    sentence = "This judge configuration has no reviewed examples (fewer than 30)"
    assert any(w.startswith(sentence) for w in ci_verdict(run=judged_run).warnings)
    client.force_login(alice)
    assert sentence in client.get(reverse("evaluations:run-report", args=[judged_run.pk])).content.decode()


def test_the_report_and_its_json_keep_both_verdicts(client, alice, judged_run) -> None:
    attempt = attempt_of(judged_run, Verdict.PASS)
    attempt_review(user=alice, run=judged_run, attempt=attempt, request=ReviewRequest("overrule", "Wrong hours."))
    client.force_login(alice)
    data = client.get(reverse("evaluations:run-report-json", args=[judged_run.pk])).json()
    reviewed = [a for s in data["scenarios"] for a in s["attempts"] if a["review"]]
    assert len(reviewed) == 1 and reviewed[0]["verdict"] == "fail"
    assert {k: reviewed[0]["review"][k] for k in ("judge_verdict", "reviewer_verdict", "by", "reason")} == {
        "judge_verdict": "pass",
        "reviewer_verdict": "fail",
        "by": "alice",
        "reason": "Wrong hours.",
    }
    page = client.get(reverse("evaluations:run-report", args=[judged_run.pk])).content.decode()
    assert "1 verdict overruled by reviewers" in page
    runs_url = reverse("evaluations:run-report-scenario", args=[judged_run.pk, attempt.scenario_key])
    runs = client.get(runs_url, headers={"HX-Request": "true"}).content.decode()  # opened in the report
    assert "the judge said Pass, the reviewer Fail — “Wrong hours.”" in runs


def test_an_overrule_can_turn_the_ci_verdict(alice, judged_run) -> None:
    """A CI run that asked for a trust score of at least 60: 75 passes; the reviewer's fail makes it 50."""
    from evaluations.runs.models import EvaluationRun

    snapshot = {**judged_run.settings_snapshot, "ci": {"min_trust_score": 60}}
    EvaluationRun.objects.filter(pk=judged_run.pk).update(settings_snapshot=snapshot)
    judged_run.refresh_from_db()
    assert ci_verdict(run=judged_run).verdict == "pass"
    attempt_review(
        user=alice,
        run=judged_run,
        attempt=attempt_of(judged_run, Verdict.PASS),
        request=ReviewRequest("overrule", "No."),
    )
    judged_run.refresh_from_db()
    verdict = ci_verdict(run=judged_run)
    assert verdict.verdict == "fail" and "Trust score 50.0 / 100 is below the minimum of 60." in verdict.reasons


def test_the_launch_estimate_warns_about_an_uncalibrated_judge(client, alice, judged_run, demo_agent_record) -> None:
    client.force_login(alice)
    data = {
        "mode": "saved", "agent": demo_agent_record.pk, "suite": judged_run.suite_id, "runs_per_scenario": 3,
        "parallel": 2, "judge_model": "sonnet", "judge_strictness": "balanced",
    }  # fmt: skip
    line = client.get(reverse("evaluations:run-estimate"), data, headers={"HX-Request": "true"}).content.decode()
    assert "This judge configuration has no reviewed examples (fewer than 30)" in line
