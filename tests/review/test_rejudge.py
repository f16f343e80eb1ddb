"""Re-judging the calibration set with another configuration: a scripted judge that flips known verdicts gives
exact figures; the job is billed for the calls that scored, resumes without judging twice, and says when the
judge is down."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from billing.selectors import balance_for_account
from evaluations.core.jobs import JobStatus
from evaluations.review.models import RejudgeJob
from evaluations.review.selectors import calibration_for_account
from evaluations.review.services import (
    ReviewError,
    calibration_import,
    rejudge_estimate,
    rejudge_execute,
    rejudge_launch,
)
from evaluations.scoring.judge import JUDGE_PROMPT_VERSION

CONFIG = f"anthropic/haiku/{JUDGE_PROMPT_VERSION}/strict"


def example(human: str, n: int) -> dict[str, object]:
    return {
        "scenario": {"key": f"s{n}", "kind": "accuracy", "name": f"Case {n}", "turns": ["Hours?"]},
        "transcript": [{"role": "user", "content": "Hours?"}, {"role": "assistant", "content": f"Answer {n}."}],
        "human_verdict": human,
    }


@pytest.fixture
def labelled(acme):
    """Ten imported examples: the reviewers failed the first four and passed the rest."""
    lines = [json.dumps(example("fail" if n < 4 else "pass", n)) for n in range(10)]
    calibration_import(account_id=acme.pk, raw="\n".join(lines).encode())


def test_rejudge_gives_exact_agreement_and_bills_the_scored_calls(
    alice, acme, labelled, anthropic_judge_env, django_capture_on_commit_callbacks, settings, monkeypatch
) -> None:
    settings.TRUSTGATE_MODEL_TIMEOUT = 30
    from evaluations.review import services

    monkeypatch.setattr(services, "REJUDGE_BATCH", 1)  # one call at a time: the scripted verdicts meet their examples
    estimate = rejudge_estimate(account_id=acme.pk, judge_model="haiku", strictness="strict")
    assert (estimate.config, estimate.examples) == (CONFIG, 10)
    # The judge flips example 3 (a fail called pass) and example 9 (a pass called fail).
    for n in range(10):
        human = "fail" if n < 4 else "pass"
        flipped = {"fail": "pass", "pass": "fail"}[human] if n in (3, 9) else human
        anthropic_judge_env.reply_verdict(flipped, 50, f"Verdict {n}.")
    before = balance_for_account(account_id=acme.pk)
    with django_capture_on_commit_callbacks(execute=True):
        job = rejudge_launch(account_id=acme.pk, user=alice, judge_model="haiku", strictness="strict")
    job.refresh_from_db()
    assert (job.status, job.judged, job.not_scored) == (JobStatus.SUCCEEDED, 10, 0)
    assert len(anthropic_judge_env.requests) == 10
    assert before - balance_for_account(account_id=acme.pk) == estimate.credits  # ten calls, all scored
    row = next(r for r in calibration_for_account(account_id=acme.pk) if r.config == CONFIG)
    assert (row.agreement.tp, row.agreement.fp, row.agreement.fn, row.agreement.tn) == (3, 1, 1, 5)
    assert row.agreement.accuracy == pytest.approx(0.8)
    assert row.agreement.kappa == pytest.approx((0.8 - 0.52) / 0.48)  # pe = .4*.4 + .6*.6

    # Again: idempotent (nothing left to judge, no call made).
    rejudge_execute(job_id=job.pk)
    assert len(anthropic_judge_env.requests) == 10
    with pytest.raises(ReviewError, match="nothing to re-judge"):
        rejudge_launch(account_id=acme.pk, user=alice, judge_model="haiku", strictness="strict")


def test_a_resumed_job_judges_only_what_is_left(alice, acme, labelled, anthropic_judge_env, settings) -> None:
    settings.TRUSTGATE_MODEL_TIMEOUT = 30
    job = rejudge_launch(account_id=acme.pk, user=alice, judge_model="haiku", strictness="strict")  # not run yet
    settings.TRUSTGATE_JUDGE_PROVIDER = "anthropic"
    from evaluations.review import services

    services.REJUDGE_BATCH, batch = 4, services.REJUDGE_BATCH
    try:
        for _ in range(4):
            anthropic_judge_env.reply_verdict("pass", 90)
        anthropic_judge_env.default_text = "no tool call"  # the rest: malformed, Not scored
        original = services._save_batch
        calls = {"n": 0}

        def dies_after_first_batch(*args, **kwargs):
            original(*args, **kwargs)
            calls["n"] += 1
            if calls["n"] == 1:
                raise SystemExit("worker killed")

        services._save_batch = dies_after_first_batch
        with pytest.raises(SystemExit):
            rejudge_execute(job_id=job.pk)
        services._save_batch = original
        RejudgeJob.objects.filter(pk=job.pk).update(lease_owner="")  # the sweep hands it out again
        for _ in range(6):
            anthropic_judge_env.reply_verdict("fail", 10)
        rejudge_execute(job_id=job.pk)
    finally:
        services.REJUDGE_BATCH = batch
    job.refresh_from_db()
    assert (job.status, job.judged, job.not_scored) == (JobStatus.SUCCEEDED, 10, 0)
    assert len(anthropic_judge_env.requests) == 10  # four, then the six that were left


def test_a_judge_that_scores_nothing_stops_the_job_and_costs_nothing(
    alice, acme, labelled, anthropic_judge_env, settings
) -> None:
    settings.TRUSTGATE_MODEL_TIMEOUT = 30
    anthropic_judge_env.default_text = "I refuse to use the tool."
    before = balance_for_account(account_id=acme.pk)
    job = rejudge_launch(account_id=acme.pk, user=alice, judge_model="haiku", strictness="strict")
    rejudge_execute(job_id=job.pk)
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED and "could not score" in job.error_message
    assert job.judged == job.not_scored == 8 and len(anthropic_judge_env.requests) == 8  # stopped after a batch
    assert balance_for_account(account_id=acme.pk) == before


def test_the_page_shows_the_estimate_before_anything_is_spent(
    client, alice, acme, labelled, anthropic_judge_env
) -> None:
    client.force_login(alice)
    url = reverse("review:calibration-account", args=[acme.pk])
    page = client.get(url, {"judge_model": "haiku", "strictness": "strict"}).content.decode()
    assert "10 examples to judge: at most" in page and "Re-judge 10 examples" in page
    assert not RejudgeJob.objects.exists()


def test_without_a_provider_there_is_nothing_to_rejudge_with(acme, labelled, settings) -> None:
    settings.TRUSTGATE_JUDGE_PROVIDER = "rules_only"
    with pytest.raises(ReviewError, match="No judge provider is configured"):
        rejudge_estimate(account_id=acme.pk, judge_model="haiku", strictness="strict")


def test_the_lease_sweep_hands_a_dead_workers_job_out_again(
    alice, acme, labelled, anthropic_judge_env, settings
) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from evaluations.core.jobs import jobs_resume_stalled

    settings.TRUSTGATE_MODEL_TIMEOUT = 30
    job = rejudge_launch(account_id=acme.pk, user=alice, judge_model="haiku", strictness="strict")
    RejudgeJob.objects.filter(pk=job.pk).update(
        status=JobStatus.RUNNING, lease_owner="dead-worker", lease_expires_at=timezone.now() - timedelta(seconds=1),
        started_at=timezone.now(),
    )  # fmt: skip
    for _ in range(10):
        anthropic_judge_env.reply_verdict("pass", 90)
    assert jobs_resume_stalled() == 1  # enqueued again (tests run tasks synchronously)
    job.refresh_from_db()
    assert job.status == JobStatus.SUCCEEDED and job.judged == 10 and job.resume_count == 1


def test_a_job_that_raises_is_retried_a_bounded_number_of_times_then_fails_with_its_reason_and_its_hold_released(
    client, alice, acme, labelled, anthropic_judge_env, django_capture_on_commit_callbacks, settings
) -> None:
    from evaluations.core.jobs import jobs_resume_stalled
    from evaluations.review.models import CalibrationExample

    settings.TRUSTGATE_MODEL_TIMEOUT = 30
    settings.TRUSTGATE_LEASE_MAX_RESUMES = 2  # three attempts (docs/runs.md)
    # Stored before the import door checked it: an example whose scenario no longer reads.
    CalibrationExample.objects.filter(pk=CalibrationExample.objects.order_by("pk")[0].pk).update(
        scenario={"key": "s0", "kind": "nonsense", "name": "Case 0", "turns": ["Hours?"]}
    )
    before = balance_for_account(account_id=acme.pk)
    with django_capture_on_commit_callbacks(execute=True):
        job = rejudge_launch(account_id=acme.pk, user=alice, judge_model="haiku", strictness="strict")
    assert balance_for_account(account_id=acme.pk) < before  # the hold
    job.refresh_from_db()
    assert (job.status, job.lease_owner) == (JobStatus.RUNNING, "")  # the first attempt raised: left to the sweep
    assert jobs_resume_stalled() == 1 and jobs_resume_stalled() == 1  # the second and third
    assert jobs_resume_stalled() == 0  # ended: never retried again, not every minute for ever

    job.refresh_from_db()
    assert (job.status, job.resume_count, job.judged) == (JobStatus.FAILED, 2, 0)
    assert job.error_message == (
        "The job stopped on an error 3 times, so it was not started again: ValueError: 'nonsense' is not a valid "
        "ScenarioKind. Only the calls that scored are charged; try again."
    )
    assert job.finished_at is not None and "Traceback" not in job.error_message
    assert balance_for_account(account_id=acme.pk) == before  # nothing scored: the whole hold is released
    client.force_login(alice)
    page = client.get(reverse("review:calibration-account", args=[acme.pk])).content.decode()
    assert "Failed: The job stopped on an error 3 times" in page
