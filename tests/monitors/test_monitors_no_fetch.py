"""A monitor rule never reaches the network (a remote ``$ref`` is not fetched, whatever the
address), a rule that breaks makes its sample an error with a readable reason, and the run always ends, so Run
now works again at once."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import reverse

from evaluations.core.jobs import JobStatus, jobs_resume_stalled
from evaluations.monitors import services
from evaluations.monitors.models import Monitor, MonitorRun, MonitorSample, SampleVerdict
from evaluations.monitors.rules import parse_rule_lines
from evaluations.monitors.yaml_io import YamlImportError
from tests.monitors.test_monitors_runs import ScriptedAgent, make_monitor
from tests.support.recording_server import RecordingServer, recording_server


@pytest.fixture
def schema_host() -> Iterator[RecordingServer]:
    """Serves a real JSON Schema: were it fetched, the rule would happily use it."""
    with recording_server(json.dumps({"type": "object"}).encode(), "application/schema+json") as server:
        yield server


@pytest.fixture
def metadata_host() -> Iterator[RecordingServer]:
    """Stands in for http://169.254.169.254/latest/meta-data/: plain text, not JSON."""
    with recording_server(b"ami-id\nhostname\niam/\n") as server:
        yield server


@pytest.fixture
def agent_server(httpserver: Any, private_endpoints: None) -> ScriptedAgent:
    return ScriptedAgent(httpserver)


def schema_monitor(acme: Any, agent_url: str, schema: dict[str, Any]) -> Monitor:
    """A monitor whose stored rule holds ``schema`` as-is: rules saved before the check existed, or written
    to the database some other way, must be just as harmless at run time."""
    return services.monitor_create(
        account=acme,
        data={"name": "Schema", "endpoint_url": agent_url, "samples_per_case": 1, "min_passing_samples": 1},
        cases=[{"name": "JSON", "ask": "Status as JSON?", "expect": [{"rule": "json_schema", "schema": schema}]}],
    )


def run_now(monitor: Monitor, capture: Any) -> tuple[MonitorRun, bool]:
    with capture(execute=True):
        run, created = services.monitor_run_request(monitor=monitor)
    run.refresh_from_db()
    return run, created


@pytest.mark.parametrize("relative", [False, True], ids=["absolute-ref", "ref-relative-to-a-remote-id"])
def test_a_remote_ref_is_never_fetched_at_run_time(
    acme, agent_server, schema_host, django_capture_on_commit_callbacks, relative
) -> None:
    agent_server.say('{"status": "ok"}')
    remote = schema_host.url("/schema.json")
    schema = {"$id": remote, "$ref": "other.json"} if relative else {"$ref": remote}
    monitor = schema_monitor(acme, agent_server.url, schema)

    run, created = run_now(monitor, django_capture_on_commit_callbacks)

    assert created and schema_host.paths == []
    sample = MonitorSample.objects.get(run=run)
    assert sample.verdict == SampleVerdict.ERROR
    assert "not fetched" in sample.error_message and "$defs" in sample.error_message
    assert run.status == JobStatus.FAILED and "not fetched" in run.error_message


def test_a_metadata_ref_is_not_fetched_and_the_run_ends_so_run_now_works_again(
    acme, agent_server, metadata_host, django_capture_on_commit_callbacks
) -> None:
    agent_server.say('{"status": "ok"}')
    monitor = schema_monitor(acme, agent_server.url, {"$ref": metadata_host.url("/latest/meta-data/")})

    first, _ = run_now(monitor, django_capture_on_commit_callbacks)
    second, created = run_now(monitor, django_capture_on_commit_callbacks)

    assert metadata_host.paths == []
    assert first.status == second.status == JobStatus.FAILED and first.finished_at is not None
    assert created and second.pk != first.pk  # not "already in progress"
    assert not MonitorRun.objects.filter(status__in=[JobStatus.QUEUED, JobStatus.RUNNING]).exists()


def test_a_rule_that_raises_makes_its_sample_an_error_with_a_reason_and_the_run_ends(
    acme, agent_server, django_capture_on_commit_callbacks, monkeypatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the answer was: Our refund window is 30 days.")

    monkeypatch.setattr("evaluations.monitors.rules.checking.scan_pii", broken)
    monitor = make_monitor(
        acme, agent_server.url, cases=[
            {"name": "PII", "ask": "Refund window?", "expect": ["no_pii"]},
            {"name": "Refund", "ask": "Refund window, again?", "expect": [{"contains": "30 days"}]},
        ],
    )  # fmt: skip

    run, created = run_now(monitor, django_capture_on_commit_callbacks)

    assert created and run.status == JobStatus.SUCCEEDED and run.finished_at is not None
    broken_samples = MonitorSample.objects.filter(run=run, case_name="PII")
    assert {s.verdict for s in broken_samples} == {SampleVerdict.ERROR}
    message = broken_samples[0].error_message
    assert message == "The no_pii rule could not be checked (RuntimeError)."
    assert "30 days" not in message  # the exception's text may quote the answer: it is not shown
    assert {s.verdict for s in MonitorSample.objects.filter(run=run, case_name="Refund")} == {SampleVerdict.PASS}
    again, created_again = run_now(monitor, django_capture_on_commit_callbacks)
    assert created_again and again.status == JobStatus.SUCCEEDED


def test_a_run_that_breaks_outside_the_rules_is_retried_a_bounded_number_of_times_then_ends(
    acme, alice, client, agent_server, django_capture_on_commit_callbacks, monkeypatch, settings
) -> None:
    settings.TRUSTGATE_LEASE_MAX_RESUMES = 2  # three attempts (docs/runs.md)
    calls = {"n": 0}

    def broken(*args: Any, **kwargs: Any) -> None:
        calls["n"] += 1
        raise RuntimeError("scoring bug quoting the answer: 30 days")

    monkeypatch.setattr("evaluations.monitors.rules.evaluate", broken)
    monitor = make_monitor(acme, agent_server.url)

    run, created = run_now(monitor, django_capture_on_commit_callbacks)
    assert created and run.status == JobStatus.RUNNING and run.lease_owner == ""  # left for the sweep to retry
    assert jobs_resume_stalled() == 1 and jobs_resume_stalled() == 1  # the second and third attempts
    assert jobs_resume_stalled() == 0  # ended: never retried again
    assert calls["n"] >= 3  # each attempt asked again (the samples run at once: the first error ends each)

    run.refresh_from_db()
    assert run.status == JobStatus.FAILED and run.finished_at is not None and run.resume_count == 2
    assert run.error_message == (
        "The run stopped on an unexpected error (RuntimeError) 3 times, so it was not started again; "
        "the next run will try again."
    )
    monitor.refresh_from_db()
    assert monitor.last_error == run.error_message
    client.force_login(alice)
    page = client.get(reverse("monitors:run-detail", args=[run.pk])).content.decode()
    assert "Monitor error" in page and "unexpected error (RuntimeError) 3 times" in page
    assert "30 days" not in page  # the exception's text may quote the answer: it is not shown
    _, created_again = run_now(monitor, django_capture_on_commit_callbacks)
    assert created_again


# Saving: a schema that refers outside itself is refused with the line, whether typed in the form or imported.

REMOTE_REFS = [
    "http://169.254.169.254/latest/meta-data/",
    "https://schemas.example.com/answer.json",
    "other.json",
    "file:///etc/passwd",
]


@pytest.mark.parametrize("ref", REMOTE_REFS)
def test_the_form_refuses_a_schema_that_refers_outside_itself_naming_the_line(
    client, alice, private_endpoints, schema_host, ref
) -> None:
    from tests.monitors.test_monitors_views import form_data

    rules = f'contains: "ok"\njson_schema: {{type: object, properties: {{a: {{$ref: "{ref}"}}}}}}'
    client.force_login(alice)
    response = client.post(reverse("monitors:monitor-create"), form_data(**{"cases-0-expect": rules}))

    assert response.status_code == 200 and not Monitor.objects.exists()
    page = response.content.decode()
    assert "line 2: json_schema: properties.a.$ref points outside the schema" in page
    assert "schemas are never fetched: put the definition under $defs and refer to it as #/$defs/NAME." in page


def test_the_yaml_import_refuses_a_remote_ref_on_its_own_line(acme, private_endpoints) -> None:
    text = textwrap.dedent(
        """\
        monitors:
          - name: Schema
            endpoint: http://127.0.0.1:9/chat
            cases:
              - ask: Status as JSON?
                expect:
                  - contains: ok
                  - json_schema:
                      type: object
                      properties:
                        status:
                          $ref: "http://169.254.169.254/latest/meta-data/"
        """
    )
    with pytest.raises(YamlImportError) as caught:
        services.monitors_import_yaml(account=acme, text=text)
    (line,) = caught.value.lines
    assert line.startswith("Line 12: json_schema: properties.status.$ref points outside the schema")
    assert not Monitor.objects.exists()


def test_local_refs_still_work(acme, agent_server, django_capture_on_commit_callbacks) -> None:
    schema_rule = "json_schema: {$defs: {ok: {const: ok}}, type: object, properties: {status: {$ref: '#/$defs/ok'}}}"
    (rule,) = parse_rule_lines(schema_rule)
    # A "$ref" key inside const/enum is data, not a reference: nothing to refuse.
    parse_rule_lines("json_schema: {const: {$ref: 'http://127.0.0.1:9/x'}}")
    agent_server.say('{"status": "ok"}', '{"status": "down"}')
    monitor = services.monitor_create(
        account=acme,
        data={"name": "Schema", "endpoint_url": agent_server.url, "samples_per_case": 2, "min_passing_samples": 1},
        cases=[{"name": "JSON", "ask": "Status as JSON?", "expect": [rule]}],
    )

    run, _ = run_now(monitor, django_capture_on_commit_callbacks)

    verdicts = sorted(MonitorSample.objects.filter(run=run).values_list("verdict", flat=True))
    assert verdicts == [SampleVerdict.FAIL, SampleVerdict.PASS] and run.status == JobStatus.SUCCEEDED


def test_a_ref_to_nowhere_inside_the_schema_is_an_error_sample_too(
    acme, agent_server, django_capture_on_commit_callbacks
) -> None:
    agent_server.say('{"status": "ok"}')
    monitor = schema_monitor(acme, agent_server.url, {"$ref": "#/$defs/missing"})

    run, _ = run_now(monitor, django_capture_on_commit_callbacks)

    sample = MonitorSample.objects.get(run=run)
    assert sample.verdict == SampleVerdict.ERROR
    assert sample.error_message == (
        "The json_schema rule could not be checked. The schema's reference /$defs/missing points nowhere inside it."
    )
