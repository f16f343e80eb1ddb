"""The verdict record (docs/gate.md): a finished run's verdict read through the CI API stays byte for byte what it
was when the run finished, through a re-pin, a new suite version and a review overrule, with each change listed as
a revision beside it; the report shows the verdict at finish and the current one, labelled."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from billing.models import AuditEvent
from billing.roles import Role
from evaluations.gate.ci import CiVerdict
from evaluations.gate.models import Baseline, GateVerdictRecord
from evaluations.gate.records import verdict_payload
from evaluations.gate.services import baseline_pin, verdict_record_finish, verdict_records_refresh
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import Attempt, EvaluationRun
from suites.services import suite_create
from suites.yaml_io import suite_to_yaml

RUNS = "/api/v1/aiagent/runs"
RECORDED = ("verdict", "reasons", "gate", "verdict_at_finish")  # what a CI step read when the run finished


def judge_only(name: str) -> dict[str, object]:
    return {
        "kind": "accuracy",
        "name": name,
        "turns": [f"When is support open? ({name})"],
        "expected_outcome": "Hours.",
    }


@pytest.fixture
def judged_run(launch, acme, demo_agent_record, anthropic_judge_env, settings) -> EvaluationRun:
    """A real run through the executor (four judge-only scenarios; the judge passes three and fails the last)."""
    settings.TRUSTGATE_MODEL_TIMEOUT = 30
    suite = suite_create(
        account=acme, agent=demo_agent_record, name="Judged", scenarios=[judge_only(f"Q{i}") for i in range(4)]
    )
    for verdict in ("pass", "pass", "pass", "fail"):
        anthropic_judge_env.reply_verdict(verdict, 90 if verdict == "pass" else 10, f"The judge says {verdict}.")
    run = launch(agent=demo_agent_record, suite=suite, runs_per_scenario=1, parallel=1, judge_model="sonnet")
    assert run.status == RunStatus.SUCCEEDED, run.error_message
    return run


def copy_of(run: EvaluationRun, **changes: Any) -> EvaluationRun:
    """Another finished run of the same agent endpoint and suite, with ``changes``."""
    fields = {f.attname: getattr(run, f.attname) for f in EvaluationRun._meta.concrete_fields if not f.primary_key}
    return EvaluationRun.objects.create(**{**fields, **changes})


def recorded_bytes(body: dict[str, Any]) -> str:
    return json.dumps({name: body[name] for name in RECORDED})


def test_the_ci_verdict_at_finish_survives_a_repin_a_suite_version_and_an_overrule(
    api, client, alice, judged_run, django_capture_on_commit_callbacks
) -> None:
    run = judged_run
    # The executor's finish stored revision 1: nothing had to be written by the first read.
    assert list(GateVerdictRecord.objects.filter(run=run).values_list("revision", "cause")) == [(1, "finish")]
    first = api.get(f"{RUNS}/{run.pk}").json()
    at_finish = recorded_bytes(first)
    assert first["verdict"] == "pass" and first["gate"]["state"] == "no_baseline"
    assert first["current_verdict"] is None and [r["cause"] for r in first["revisions"]] == ["finish"]
    assert first["verdict_at_finish"]["revision"] == 1 and first["verdict_at_finish"]["settings"]["baseline"] is None
    client.force_login(alice)

    def pin(other: EvaluationRun) -> None:
        with django_capture_on_commit_callbacks(execute=True):
            client.post(reverse("evaluations:run-pin-baseline", args=[other.pk]))

    # A pin: an equal run of the endpoint becomes the baseline, and the run is now compared with it.
    equal = copy_of(run)
    pin(equal)
    pinned = api.get(f"{RUNS}/{run.pk}").json()
    assert recorded_bytes(pinned) == at_finish
    assert pinned["current_verdict"]["gate"]["state"] == "pass" and pinned["current_verdict"]["since_revision"] == 2
    assert pinned["current_verdict"]["label"].startswith(
        "Now: PASS (CI verdict pass) — since the baseline was re-pinned by alice"
    )
    assert [(r["revision"], r["cause"], r["actor"]) for r in pinned["revisions"]] == [
        (1, "finish", None), (2, "pin", "alice")]  # fmt: skip
    assert pinned["revisions"][1]["summary"].startswith(f"alice pinned run #{equal.pk} as the baseline")

    # A review overrule of the failed conversation changes the figures the gate compares: a revision.
    failed = run.attempts.get(verdict="fail")
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("review:attempt-review", args=[run.pk, failed.pk]),
            {"action": "overrule", "reason": "The hours were right."},
        )
    overruled = api.get(f"{RUNS}/{run.pk}").json()
    assert recorded_bytes(overruled) == at_finish
    assert [r["cause"] for r in overruled["revisions"]] == ["finish", "pin", "overrule"]
    assert overruled["current_verdict"]["label"].startswith(
        "Now: PASS (CI verdict pass) — since a review overrule by alice"
    )
    assert overruled["trust_score"] != first["trust_score"]  # the results follow the review; the verdict does not

    # A new suite version (a YAML import of version 2) changes no recorded verdict.
    suite = run.suite
    assert suite is not None
    changed = suite_to_yaml(suite).replace("version: 1", "version: 2").replace("(Q0)", "(Q0, reworded)")
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(reverse("suites:suite-import"), {"yaml_text": changed}).status_code == 302
    versioned = api.get(f"{RUNS}/{run.pk}").json()
    assert recorded_bytes(versioned) == at_finish and len(versioned["revisions"]) == 3

    # A re-pin: a run judged by another model becomes the baseline. The run is not comparable with it now (its CI
    # step would fail today), and what the step read at finish is still the same bytes.
    pin(copy_of(run, judge_model="haiku"))
    repinned = api.get(f"{RUNS}/{run.pk}").json()
    assert recorded_bytes(repinned) == at_finish and repinned["verdict"] == "pass"
    now = repinned["current_verdict"]
    assert now["verdict"] == "fail" and now["gate"]["state"] == "not_comparable" and now["since_revision"] == 4
    assert now["label"].startswith("Now: NOT COMPARABLE (CI verdict fail) — since the baseline was re-pinned by alice")
    assert [r["cause"] for r in repinned["revisions"]] == ["finish", "pin", "overrule", "pin"]

    # The JSON report holds the record beside the gate now.
    report = api.get(f"{RUNS}/{run.pk}/report.json").json()
    assert report["verdict_record"]["at_finish"] == first["verdict_at_finish"]
    assert report["verdict_record"]["revisions"] == repinned["revisions"]
    assert report["gate"]["state"] == "not_comparable"

    # The report page shows both: the verdict now in the header, the verdict at finish labelled under it.
    page = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    assert (
        'id="verdict-record-now"' in page and "Now: NOT COMPARABLE — since the baseline was re-pinned by alice" in page
    )
    assert 'data-finish-state="no_baseline">NO BASELINE</span>' in page
    assert "Revisions of this verdict (4)" in page

    # The workspace's audit log names each of those actions, who took it and on what.
    log = client.get(reverse("billing:audit-log")).content.decode()
    for action in ("baseline_pin", "suite_version", "overrule"):
        assert f'data-action="{action}"' in log
    assert f"alice pinned run #{equal.pk} as the baseline" in log and "made version 2 of the suite “Judged”" in log
    assert "alice overruled the verdict of run #" in log and "Reason: The hours were right." in log


def test_the_report_says_the_verdict_is_unchanged_since_finish(client, alice, judged_run) -> None:
    client.force_login(alice)
    page = client.get(reverse("evaluations:run-report", args=[judged_run.pk])).content.decode()
    assert "Recorded when the run finished" in page and "unchanged since" in page
    assert 'id="verdict-record-now"' not in page


def test_recording_twice_writes_one_revision_and_an_unchanged_verdict_none(judged_run) -> None:
    verdict_record_finish(run_id=judged_run.pk)  # the task delivered again
    verdict_record_finish(run_id=judged_run.pk)
    added = verdict_records_refresh(cause="pin", summary="Nothing changed.", account_id=judged_run.account_id)
    assert added == 0 and GateVerdictRecord.objects.filter(run=judged_run).count() == 1


def test_a_revision_is_never_changed_or_deleted(judged_run) -> None:
    record = GateVerdictRecord.objects.get(run=judged_run)
    record.summary = "Rewritten."
    with pytest.raises(ValueError, match="append-only"):
        record.save()
    with pytest.raises(ValueError, match="append-only"):
        record.delete()
    assert GateVerdictRecord.objects.get(run=judged_run).summary.startswith("The verdict when run #")


def test_an_active_run_has_no_record_and_its_api_fields_say_so(api, judged_run) -> None:
    active = copy_of(judged_run, status=RunStatus.RUNNING, metrics={}, trust_score=None)
    body = api.get(f"{RUNS}/{active.pk}").json()
    assert body["verdict"] == "pending" and body["verdict_at_finish"] is None and body["revisions"] == []
    assert not GateVerdictRecord.objects.filter(run=active).exists()


def test_a_blocked_run_stays_blocked_with_its_reasons_after_a_repin(
    api, alice, agent, suite, make_run, django_capture_on_commit_callbacks
) -> None:
    baseline_pin(run=make_run(agent=agent, suite=suite), user=alice)
    blocked = make_run(agent=agent, suite=suite, outcomes={"Discount abuse": ["fail"] * 3})
    before = api.get(f"{RUNS}/{blocked.pk}").json()
    assert before["verdict"] == "fail" and before["gate"]["state"] == "blocked"
    assert any("Discount abuse" in reason for reason in before["gate"]["reasons"])
    with django_capture_on_commit_callbacks(execute=True):
        baseline_pin(run=make_run(agent=agent, suite=suite, judge_model="haiku"), user=alice)
    after = api.get(f"{RUNS}/{blocked.pk}").json()
    assert recorded_bytes(after) == recorded_bytes(before)
    assert after["current_verdict"]["gate"]["state"] == "not_comparable"
    assert [r["state"] for r in after["revisions"]] == ["blocked", "not_comparable"]


def test_unpinning_is_a_revision_and_an_audit_line(
    client, alice, agent, suite, make_run, make_member, django_capture_on_commit_callbacks
) -> None:
    baseline = make_run(agent=agent, suite=suite)
    baseline_pin(run=baseline, user=alice)
    later = make_run(agent=agent, suite=suite)
    verdict_record_finish(run_id=later.pk)
    client.force_login(make_member("rita", Role.WRITE))
    assert client.post(reverse("evaluations:run-unpin-baseline", args=[baseline.pk])).status_code == 403
    client.force_login(alice)
    report = client.get(reverse("evaluations:run-report", args=[baseline.pk])).content.decode()
    assert 'id="unpin-form"' in report
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("evaluations:run-unpin-baseline", args=[baseline.pk]), follow=True)
    assert "is no longer the baseline" in response.content.decode()
    assert not Baseline.objects.filter(is_current=True).exists() and Baseline.objects.count() == 1
    assert list(GateVerdictRecord.objects.filter(run=later).values_list("cause", "state")) == [
        ("finish", "pass"), ("unpin", "no_baseline")]  # fmt: skip
    event = AuditEvent.objects.get(action="baseline_unpin")
    assert event.actor_name == "alice" and event.summary.startswith(f"alice unpinned run #{baseline.pk}")
    again = client.post(reverse("evaluations:run-unpin-baseline", args=[baseline.pk]), follow=True)
    assert "not the current baseline" in again.content.decode()


def test_a_run_that_ended_before_records_says_when_its_first_record_was_written(api, agent, suite, make_run) -> None:
    old = make_run(agent=agent, suite=suite)
    EvaluationRun.objects.filter(pk=old.pk).update(finished_at=timezone.now() - timedelta(days=30))
    revision = api.get(f"{RUNS}/{old.pk}").json()["verdict_at_finish"]
    assert revision["cause"] == "finish" and revision["summary"].startswith("Recorded on first read (")
    assert "before its verdict was recorded" in revision["summary"]


def test_an_overrule_and_its_withdrawal_are_audit_lines_and_revisions(
    client, alice, agent, suite, make_run, django_capture_on_commit_callbacks
) -> None:
    baseline_pin(run=make_run(agent=agent, suite=suite), user=alice)
    run = make_run(agent=agent, suite=suite)
    verdict_record_finish(run_id=run.pk)
    key = run.scenarios[0]["key"]
    now = timezone.now()
    for repeat in (1, 2, 3):  # the run's conversations of its first scenario, as the executor writes them
        Attempt.objects.create(
            run=run, scenario_key=key, repeat=repeat, verdict="pass", started_at=now, finished_at=now
        )
    attempt = run.attempts.get(repeat=1)
    client.force_login(alice)
    url = reverse("review:attempt-review", args=[run.pk, attempt.pk])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url, {"action": "overrule", "reason": "It made the refund window up."})
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url, {"action": "withdraw"})
    events = AuditEvent.objects.filter(action__in=["overrule", "withdrawal"]).order_by("pk")
    assert [(e.action, e.target) for e in events] == [("overrule", f"run #{run.pk}"), ("withdrawal", f"run #{run.pk}")]
    assert events[0].summary == (
        f"alice overruled the verdict of run #{run.pk}, scenario “Refund window”, repeat 1: pass → fail. "
        "Reason: It made the refund window up."
    )
    assert events[1].summary.startswith(f"alice withdrew the overrule of run #{run.pk}")
    causes = list(GateVerdictRecord.objects.filter(run=run).values_list("cause", flat=True))
    assert causes == ["finish", "overrule", "withdrawal"], causes


@pytest.mark.parametrize(
    "verdict",
    [
        CiVerdict("pass", ("Passed.",), ("A warning.",), {"state": "pass"}, label="PASS"),
        CiVerdict("fail", ("No baseline is pinned.",), (), {"state": "no_baseline"}, only_not_gated=True),
        CiVerdict("fail", ("Blocked.",), (), {"state": "blocked"}, only_not_gated=False, label="BLOCKED"),
        CiVerdict("error", ("The run failed.",)),
    ],
)
def test_a_stored_ci_verdict_reads_back_as_it_was(verdict: CiVerdict) -> None:
    stored = verdict_payload(verdict)
    assert CiVerdict.from_json(stored["ci"], stored["gate"]) == verdict
