"""Monitors score like runs: the monitor's allowed contacts pass no_pii and stay in clear, a secret marker in an
answer fails it and is stored nowhere; and one truth about judge models: where Opus is not enabled, no form or
YAML offers it, each says why, and a monitor saved with it before reports that instead of judging nothing."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse
from pytest_httpserver import HTTPServer

from evaluations.llm.status import OPUS_REASON
from evaluations.monitors import services
from evaluations.monitors.forms import MonitorForm
from evaluations.monitors.models import Monitor, MonitorRun, MonitorSample
from evaluations.monitors.yaml_io import YamlImportError, export_monitors
from evaluations.review.forms import RejudgeForm
from tests.monitors.test_monitors_runs import ScriptedAgent, make_monitor
from tests.support.dbdump import dump_all_tables

SHOP_EMAIL, SHOP_PHONE, OTHER_EMAIL = "support@northwind-shop.example", "+1 415 555 0134", "jane.doe@gmail.com"
MARKER = "PROMPT-ID-7731-QX"


@pytest.fixture
def agent_server(httpserver: HTTPServer, private_endpoints: None) -> ScriptedAgent:
    return ScriptedAgent(httpserver)


@pytest.fixture
def run_now(django_capture_on_commit_callbacks: Any) -> Callable[[Monitor], MonitorRun]:
    def do(monitor: Monitor) -> MonitorRun:
        with django_capture_on_commit_callbacks(execute=True):
            run, _ = services.monitor_run_request(monitor=monitor)
        run.refresh_from_db()
        return run

    return do


def test_allowed_contacts_pass_no_pii_and_stay_in_clear_in_answers_and_results(acme, agent_server, run_now):
    monitor = make_monitor(
        acme, agent_server.url, allowed_contacts=f"{SHOP_EMAIL}\n{SHOP_PHONE}",
        cases=[{"name": "Contact", "ask": "How do I reach you?", "expect": ["no_pii", {"contains": SHOP_EMAIL}]}],
    )  # fmt: skip
    agent_server.say(f"Write to {SHOP_EMAIL} or call {SHOP_PHONE}.")
    run = run_now(monitor)
    assert (run.samples_passed, run.samples_failed) == (3, 0)
    sample = MonitorSample.objects.filter(run=run).first()
    assert sample is not None and SHOP_EMAIL in sample.answer and SHOP_PHONE in sample.answer
    assert sample.findings[1]["message"] == f"Contains “{SHOP_EMAIL}”."

    agent_server.say(f"Write to {SHOP_EMAIL} or to {OTHER_EMAIL}.")  # someone else's address still fails
    run = run_now(monitor)
    failed = MonitorSample.objects.filter(run=run).first()
    assert failed is not None and run.samples_failed == 3
    assert OTHER_EMAIL not in failed.answer and SHOP_EMAIL in failed.answer
    assert failed.findings[0]["passed"] is False and OTHER_EMAIL not in failed.findings[0]["message"]


def test_a_secret_marker_in_an_answer_fails_it_and_is_stored_nowhere(acme, agent_server, run_now):
    monitor = make_monitor(acme, agent_server.url, secret_markers=MARKER)
    agent_server.say(f"Our refund window is 30 days. (internal: {MARKER})")
    run = run_now(monitor)
    assert (run.samples_failed, run.cases_failed) == (3, 1)
    sample = MonitorSample.objects.filter(run=run).first()
    assert sample is not None and sample.findings[0] == {
        "rule": "secret_marker", "passed": False, "message": "The answer reveals secret marker 1 “PR…”: a secret leak.",
    }  # fmt: skip
    dump = dump_all_tables().replace(f"secret_markers: {MARKER}", "")
    rows = [line for line in dump.splitlines() if MARKER in line and not line.startswith("monitors_monitor:")]
    assert rows == []


def test_contacts_and_markers_come_from_yaml_and_the_export_keeps_markers_without_showing_them(acme, private_endpoints):
    text = textwrap.dedent(
        f"""\
        monitors:
          - name: Shop
            endpoint: http://127.0.0.1:9/chat
            allowed_contacts: [{SHOP_EMAIL}, "{SHOP_PHONE}"]
            secret_markers: [{MARKER}]
            cases: [{{ask: "Hi?"}}]
        """
    )
    [monitor], _ = services.monitors_import_yaml(account=acme, text=text)
    assert monitor.allowed_contact_list == [SHOP_EMAIL, SHOP_PHONE] and monitor.secret_marker_list == [MARKER]
    exported = export_monitors([monitor])
    assert MARKER not in exported and "secret_markers: keep" in exported and SHOP_EMAIL in exported
    _, [again] = services.monitors_import_yaml(account=acme, text=exported)
    assert again.secret_marker_list == [MARKER]

    with pytest.raises(YamlImportError) as caught:
        services.monitors_import_yaml(account=acme, text=text.replace(MARKER, "PR-1"))
    assert caught.value.lines[0].startswith("Line 5: A secret marker needs at least 6 characters")


def test_where_opus_is_not_enabled_no_form_or_yaml_offers_it_and_each_says_why(acme, settings, agent_server, run_now):
    settings.TRUSTGATE_ENABLE_OPUS = False
    form = MonitorForm(account_id=acme.pk)
    assert [v for v, _ in form.fields["judge_model"].choices] == ["sonnet", "haiku"]  # type: ignore[attr-defined]
    assert form.fields["judge_model"].help_text == OPUS_REASON
    assert [v for v, _ in RejudgeForm().fields["judge_model"].choices] == ["sonnet", "haiku"]  # type: ignore[attr-defined]
    yaml_text = "monitors:\n  - name: M\n    endpoint: http://127.0.0.1:9/chat\n    judge: {model: opus}\n"
    with pytest.raises(YamlImportError) as caught:
        services.monitors_import_yaml(account=acme, text=yaml_text + "    cases: [{ask: Hi?}]\n")
    assert caught.value.lines == [f"Line 4: {OPUS_REASON}"]

    legacy = make_monitor(acme, agent_server.url, judge_model="opus")  # saved while Opus was enabled
    run = run_now(legacy)
    assert run.status == "failed" and run.error_message.startswith(OPUS_REASON)
    legacy.refresh_from_db()
    assert legacy.last_error.startswith(OPUS_REASON)

    settings.TRUSTGATE_ENABLE_OPUS = True
    assert "opus" in [v for v, _ in MonitorForm(account_id=acme.pk).fields["judge_model"].choices]  # type: ignore[attr-defined]


def test_the_monitor_form_takes_contacts_and_markers(client, alice, private_endpoints):
    from tests.monitors.test_monitors_views import form_data

    client.force_login(alice)
    data = form_data(allowed_contacts=f"{SHOP_EMAIL}\n{SHOP_PHONE}", secret_markers=MARKER)
    assert client.post(reverse("monitors:monitor-create"), data).status_code == 302
    monitor = Monitor.objects.get()
    assert (monitor.allowed_contact_list, monitor.secret_marker_list) == ([SHOP_EMAIL, SHOP_PHONE], [MARKER])
    page = client.post(reverse("monitors:monitor-create"), form_data(name="Other", secret_markers="abc"))
    assert "A secret marker needs at least 6 characters" in page.content.decode()
