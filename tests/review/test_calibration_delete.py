"""Deleting a calibration example from the calibration page: Publish role, POST only, an audit line; another
workspace's example is 404. A running re-judge job neither judges nor charges an example deleted under it."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.urls import reverse

from billing.models import AuditAction, AuditEvent
from billing.roles import Role
from billing.selectors import balance_for_account, credits_for
from evaluations.core.jobs import JobStatus
from evaluations.review import services
from evaluations.review.models import CalibrationExample, CalibrationVerdict, RejudgeJob
from evaluations.review.services import calibration_example_delete, calibration_import, rejudge_execute, rejudge_launch

CONFIG = "anthropic/sonnet/v3/balanced"


def line(n: int, human: str = "pass") -> str:
    return json.dumps(
        {
            "scenario": {"key": f"s{n}", "kind": "accuracy", "name": f"Case {n}", "turns": ["Hours?"]},
            "transcript": [{"role": "user", "content": "Hours?"}, {"role": "assistant", "content": f"Answer {n}."}],
            "human_verdict": human,
            "judge_verdicts": {CONFIG: "fail"},
        }
    )


@pytest.fixture
def two_examples(acme) -> list[CalibrationExample]:
    calibration_import(account_id=acme.pk, raw="\n".join(line(n) for n in range(2)).encode())
    return list(CalibrationExample.objects.filter(account=acme).order_by("pk"))


def delete_url(example: CalibrationExample) -> str:
    return reverse("review:calibration-example-delete", args=[example.pk])


def test_a_publisher_deletes_an_example_and_sees_it_gone(
    client, acme, make_member, two_examples, django_assert_max_num_queries
) -> None:
    first, second = two_examples
    publisher = make_member("publisher", Role.PUBLISH)
    client.force_login(publisher)
    with django_assert_max_num_queries(12):
        page = client.get(reverse("review:calibration-account", args=[acme.pk])).content.decode()
    assert f'Delete<span class="sr-only"> example #{first.pk} “Case 0”</span>' in page

    response = client.post(delete_url(first), follow=True)

    assert response.redirect_chain == [(reverse("review:calibration-account", args=[acme.pk]), 302)]
    text = response.content.decode()
    assert f"Calibration example #{first.pk} “Case 0” deleted, with its judge verdicts." in text
    assert f'id="example-{first.pk}"' not in text and f'id="example-{second.pk}"' in text
    assert "1 in this workspace" in text
    assert list(CalibrationExample.objects.values_list("pk", flat=True)) == [second.pk]
    assert list(CalibrationVerdict.objects.values_list("example_id", flat=True)) == [second.pk]
    event = AuditEvent.objects.get(action=AuditAction.CALIBRATION_DELETE)
    assert (event.account_id, event.actor, event.target) == (acme.pk, publisher, f"calibration example #{first.pk}")
    assert event.summary.startswith(f"publisher deleted the calibration example #{first.pk} “Case 0” (imported;")


def test_a_reader_sees_no_delete_button_and_gets_403(client, acme, make_member, two_examples) -> None:
    client.force_login(make_member("reader", Role.READ))
    page = client.get(reverse("review:calibration-account", args=[acme.pk])).content.decode()
    assert f'id="example-{two_examples[0].pk}"' in page and "Delete<span" not in page
    response = client.post(delete_url(two_examples[0]))
    assert response.status_code == 403 and "This needs the Publish role" in response.content.decode()
    assert (
        CalibrationExample.objects.count() == 2
        and not AuditEvent.objects.filter(action=AuditAction.CALIBRATION_DELETE).exists()
    )


def test_another_workspace_gets_404_and_get_is_refused(client, alice, bob, two_examples) -> None:
    client.force_login(bob)  # an admin of his own workspace, not of Acme
    assert client.post(delete_url(two_examples[0])).status_code == 404
    client.force_login(alice)
    assert client.get(delete_url(two_examples[0])).status_code == 405
    assert CalibrationExample.objects.count() == 2


def test_an_example_already_gone_or_withdrawn_is_404(client, alice, two_examples) -> None:
    first, second = two_examples
    CalibrationExample.objects.filter(pk=second.pk).update(is_active=False)  # out of the set: not listed
    client.force_login(alice)
    assert client.post(delete_url(first)).status_code == 302
    assert client.post(delete_url(first)).status_code == 404
    assert client.post(delete_url(second)).status_code == 404


def test_the_list_filters_by_the_reviewers_verdict(client, alice, acme) -> None:
    calibration_import(account_id=acme.pk, raw=(line(0, "pass") + "\n" + line(1, "fail")).encode())
    passed, failed = CalibrationExample.objects.order_by("pk")
    client.force_login(alice)
    page = client.get(reverse("review:calibration-account", args=[acme.pk]), {"label": "fail"}).content.decode()
    assert f'id="example-{failed.pk}"' in page and f'id="example-{passed.pk}"' not in page


def test_an_old_row_with_a_lone_surrogate_renders_its_button_and_is_deleted(client, alice, acme) -> None:
    """Only SQLite could ever have stored one (PostgreSQL's JSON type refuses a lone surrogate)."""
    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL cannot hold a lone surrogate in a JSON column, so no such old row can exist there.")
    example = CalibrationExample.objects.create(
        account=acme,
        scenario={"key": "s1", "kind": "accuracy", "name": "Hours \ud800", "turns": ["x"]},
        transcript=[{"role": "user", "content": "Hi \udfff"}],
        human_verdict="pass",
    )
    CalibrationVerdict.objects.create(example=example, config=CONFIG, verdict="fail")
    client.force_login(alice)
    page = client.get(reverse("review:calibration-account", args=[acme.pk]))
    assert page.status_code == 200
    assert f'Delete<span class="sr-only"> example #{example.pk} “Hours \ufffd”</span>' in page.content.decode()

    response = client.post(delete_url(example), follow=True)

    assert response.status_code == 200
    assert f"Calibration example #{example.pk} “Hours \ufffd” deleted" in response.content.decode()
    assert not CalibrationExample.objects.exists()
    assert "“Hours \ufffd”" in AuditEvent.objects.get(action=AuditAction.CALIBRATION_DELETE).summary
    assert client.get(reverse("billing:audit-log-account", args=[acme.pk])).status_code == 200


@pytest.fixture
def ten_examples(acme) -> list[CalibrationExample]:
    calibration_import(account_id=acme.pk, raw="\n".join(line(n) for n in range(10)).encode())
    return list(CalibrationExample.objects.filter(account=acme).order_by("pk"))


def test_a_queued_rejudge_job_leaves_out_an_example_deleted_before_it_ran(
    alice, acme, ten_examples, anthropic_judge_env, settings
) -> None:
    settings.TRUSTGATE_MODEL_TIMEOUT = 30
    for _ in range(10):
        anthropic_judge_env.reply_verdict("pass", 90)
    job = rejudge_launch(account_id=acme.pk, user=alice, judge_model="haiku", strictness="strict")  # not run yet
    calibration_example_delete(user=alice, example=ten_examples[4])
    job.refresh_from_db()
    assert job.total == 9

    rejudge_execute(job_id=job.pk)

    job.refresh_from_db()
    assert (job.status, job.judged, job.total) == (JobStatus.SUCCEEDED, 9, 9)
    assert len(anthropic_judge_env.requests) == 9  # no call for the deleted example


def test_an_example_deleted_while_it_is_judged_is_skipped_and_not_charged(
    alice, acme, ten_examples, anthropic_judge_env, settings, monkeypatch
) -> None:
    settings.TRUSTGATE_MODEL_TIMEOUT = 30
    for _ in range(10):
        anthropic_judge_env.reply_verdict("pass", 90)
    before = balance_for_account(account_id=acme.pk)
    job = rejudge_launch(account_id=acme.pk, user=alice, judge_model="haiku", strictness="strict")
    victim = ten_examples[2]
    judge_batch = services._judge_batch

    def deleted_during_the_call(job: RejudgeJob, batch: list[CalibrationExample]):
        if any(example.pk == victim.pk for example in batch):
            calibration_example_delete(user=alice, example=victim)  # after the batch was listed, before it is saved
        return judge_batch(job, batch)

    monkeypatch.setattr(services, "_judge_batch", deleted_during_the_call)
    rejudge_execute(job_id=job.pk)

    job.refresh_from_db()
    assert (job.status, job.judged, job.total) == (JobStatus.SUCCEEDED, 9, 9)
    assert len(anthropic_judge_env.requests) == 10  # its call was already made…
    assert before - balance_for_account(account_id=acme.pk) == credits_for({"judge_calls": 9})  # …and not charged
    assert not CalibrationVerdict.objects.filter(example_id=victim.pk).exists()


def test_a_finished_or_already_judged_job_keeps_its_total(alice, acme, ten_examples, anthropic_judge_env) -> None:
    for _ in range(10):
        anthropic_judge_env.reply_verdict("pass", 90)
    job = rejudge_launch(account_id=acme.pk, user=alice, judge_model="haiku", strictness="strict")
    rejudge_execute(job_id=job.pk)
    calibration_example_delete(user=alice, example=ten_examples[0])
    job.refresh_from_db()
    assert (job.status, job.judged, job.total) == (JobStatus.SUCCEEDED, 10, 10)
