"""The same care for alert channels as for agent keys: a channel's URL or routing key is sealed in the database,
never on a page, in an export, a log or a delivery error; and results only means no answer text in any channel."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, cast

import pytest
from django.core import mail
from django.core.mail import EmailMultiAlternatives
from django.urls import reverse
from pytest_httpserver import HTTPServer

from evaluations.monitors import services
from evaluations.monitors.models import AlertDelivery, Monitor, MonitorRun, MonitorSample
from tests.monitors.test_monitors_runs import ScriptedAgent, WebhookReceiver, make_monitor
from tests.monitors.test_monitors_views import form_data
from tests.outbound.test_masking_everywhere import leaks
from tests.support.dbdump import dump_all_tables
from tests.support.fixtures_alerts import ROUTING_KEY

SLACK_TOKEN = "GOODxQ7vLm2pZr9sTk4wJh"
TEAMS_SIG = "TeAmSiGq8Wz3Yv6Nb1cXr"
GOOD = "Our refund window is 30 days, Zebra-Quartz-Lantern."
BAD = "Refunds take 45 days, Mango-Violet-Harbour."


@pytest.fixture
def agent_server(httpserver: HTTPServer, private_endpoints: None) -> ScriptedAgent:
    return ScriptedAgent(httpserver)


@pytest.fixture
def run_now(django_capture_on_commit_callbacks: Any) -> Callable[[Monitor], MonitorRun]:
    def do(monitor: Monitor) -> MonitorRun:
        with django_capture_on_commit_callbacks(execute=True):
            run, _ = services.monitor_run_request(monitor=monitor)
        run.refresh_from_db()
        monitor.refresh_from_db()
        return run

    return do


def channel_values(receivers: Any) -> dict[str, str]:
    return {
        "slack": receivers.url(f"/slack/T000/B000/{SLACK_TOKEN}"),
        "teams": receivers.url(f"/teams/workflows/abc/invoke?sig={TEAMS_SIG}"),
        "pagerduty": ROUTING_KEY,
    }


def test_channel_urls_and_keys_are_sealed_and_nowhere_in_pages_exports_logs_or_errors(
    client, alice, acme, agent_server, receivers, run_now, caplog, django_capture_on_commit_callbacks
):
    caplog.set_level("DEBUG")
    client.force_login(alice)
    values = channel_values(receivers)
    # The Teams URL answers 404 with its path in the body: the recorded error must not show it.
    values["teams"] = values["teams"].replace("/teams/", "/nowhere/")
    fields = {f"channel_{kind}": value for kind, value in values.items()}
    response = client.post(reverse("monitors:monitor-create"), form_data(endpoint_url=agent_server.url, **fields))
    assert response.status_code == 302, response.content.decode()[:2000]
    monitor = Monitor.objects.get(name="Chat answers")
    assert {c.kind: c.value for c in monitor.channels.all()} == values

    agent_server.say(GOOD)
    run_now(monitor), run_now(monitor)
    agent_server.status = 500
    run_now(monitor)
    assert len(receivers.received["slack"]) == 1 and len(receivers.received["pagerduty"]) == 1
    teams = AlertDelivery.objects.get(channel="teams")
    assert teams.state == "failed" and teams.http_status == 404

    page = client.get(reverse("monitors:monitor-detail", args=[monitor.pk])).content.decode()
    edit = client.get(reverse("monitors:monitor-edit", args=[monitor.pk])).content.decode()
    export = client.get(reverse("monitors:monitor-export")).content.decode()
    assert "pagerduty: keep" in export and "slack: keep" in export
    assert "https://" not in page and "Send a test alert" in page
    everything = {
        "database": dump_all_tables(),
        "monitor page": page,
        "edit form": edit,
        "export": export,
        "logs": caplog.text,
        "delivery errors": " ".join(AlertDelivery.objects.values_list("last_error", flat=True)),
    }
    for secret in (SLACK_TOKEN, TEAMS_SIG, ROUTING_KEY):
        found = {where: leaks(text, secret) for where, text in everything.items()}
        assert not any(found.values()), (secret, found)

    # Saving the form again with the channel fields blank keeps every channel; a ticked Remove removes one.
    blank = form_data(endpoint_url=agent_server.url, remove_teams="on")
    assert client.post(reverse("monitors:monitor-edit", args=[monitor.pk]), blank).status_code == 302
    assert sorted(monitor.channels.values_list("kind", flat=True)) == ["pagerduty", "slack"]


def test_a_bad_channel_value_is_a_field_error_and_nothing_is_saved(client, alice, private_endpoints):
    client.force_login(alice)
    response = client.post(
        reverse("monitors:monitor-create"),
        form_data(channel_pagerduty="not a key", channel_slack="http://169.254.169.254/latest"),
    )
    page = response.content.decode()
    assert response.status_code == 200 and "Integration Key of an Events API v2 integration" in page
    assert 'id="field-channel_slack"' in page and "has-error" in page.split('id="field-channel_slack"')[0][-60:]
    assert 'value="http://169.254.169.254' not in page  # a refused URL is not sent back either
    assert not Monitor.objects.exists()


def test_results_only_sends_no_answer_text_in_any_channel(acme, agent_server, receivers, httpserver, run_now):
    monitor = make_monitor(
        acme, agent_server.url, alert_emails="oncall@acme.example", channels=channel_values(receivers)
    )
    hook = WebhookReceiver(httpserver, monitor.webhook_secret)
    cases = [{"id": c.pk, "name": c.name, "ask": c.ask, "expect": c.expect} for c in monitor.cases.all()]
    services.monitor_update(monitor=monitor, data={"channels": {"webhook": hook.url}}, cases=cases)
    agent_server.say(GOOD)
    run_now(monitor), run_now(monitor)  # answers stored while it stored answers...
    assert MonitorSample.objects.exclude(answer="").exists()

    services.monitor_update(monitor=monitor, data={"storage_mode": "results_only"}, cases=cases)
    assert not MonitorSample.objects.exclude(answer="").exists()  # ...and forgotten when switched
    agent_server.say(BAD)
    run_now(monitor)
    assert run_now(monitor).outcome == "degraded"

    [payload] = hook.payloads
    assert payload["answers_stored"] is False
    assert [(c["new_answer"], c["last_good_answer"]) for c in payload["cases"]] == [(None, None)]
    sent = [raw.decode() for raw in receivers.raw] + [json.dumps(payload)]
    email = cast(EmailMultiAlternatives, mail.outbox[0])
    sent += [email.body] + [str(content) for content, _ in email.alternatives]
    assert len(sent) == 6  # slack, teams, pagerduty, webhook, email text and HTML
    for text in sent:
        for phrase in ("Zebra-Quartz", "Mango-Violet", "45 days"):
            assert phrase not in text, (phrase, text[:300])
    assert "Answers are not stored for this monitor." in json.dumps(receivers.received["slack"][0])


def test_send_a_test_alert_per_channel_and_who_may(
    client, alice, acme, make_member, bob, agent_server, receivers, django_capture_on_commit_callbacks
):
    monitor = make_monitor(
        acme, agent_server.url, alert_emails="oncall@acme.example", channels=channel_values(receivers)
    )
    client.force_login(alice)
    for kind in ("email", "slack", "teams", "pagerduty"):
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("monitors:monitor-alert-test", args=[monitor.pk, kind]))
        assert response.status_code == 302
    assert len(mail.outbox) == 1 and mail.outbox[0].subject == "[Trustgate] Test alert: Chat answers"
    assert receivers.received["slack"][0]["text"] == "Test alert: Chat answers"
    assert len(receivers.received["teams"]) == 1
    trigger, resolve = receivers.received["pagerduty"]
    assert trigger["payload"]["severity"] == "info" and resolve["event_action"] == "resolve"
    assert trigger["dedup_key"] == resolve["dedup_key"]
    assert set(AlertDelivery.objects.values_list("is_test", "state")) == {(True, "sent")}
    page = client.get(reverse("monitors:monitor-detail", args=[monitor.pk])).content.decode()
    assert page.count("Test alert</td>") == 4

    response = client.post(reverse("monitors:monitor-alert-test", args=[monitor.pk, "webhook"]), follow=True)
    assert "has no Signed webhook channel" in response.content.decode()
    client.force_login(make_member("rita"))
    assert client.post(reverse("monitors:monitor-alert-test", args=[monitor.pk, "slack"])).status_code == 403
    client.force_login(bob)
    assert client.post(reverse("monitors:monitor-alert-test", args=[monitor.pk, "slack"])).status_code == 404


def test_the_webhook_signing_key_is_write_only_and_signs_the_webhook(
    client, alice, acme, agent_server, httpserver, run_now
):
    from tests.monitors.test_monitors_runs import WebhookReceiver

    key = "my-own-signing-key-Vq8Zr2Lm"
    client.force_login(alice)
    hook = WebhookReceiver(httpserver, key)
    data = form_data(endpoint_url=agent_server.url, channel_webhook=hook.url)
    page = client.post(reverse("monitors:monitor-create"), data).content.decode()
    assert "Give the signing key your receiver will check the webhook with." in page  # a new webhook needs one
    assert client.post(reverse("monitors:monitor-create"), {**data, "webhook_signing_key": key}).status_code == 302
    monitor = Monitor.objects.get()
    assert monitor.webhook_secret == key and key not in dump_all_tables()

    agent_server.say(GOOD)
    run_now(monitor), run_now(monitor)
    agent_server.status = 500
    run_now(monitor)
    assert len(hook.payloads) == 1 and hook.bad_signatures == 0  # signed with the member's key

    detail = client.get(reverse("monitors:monitor-detail", args=[monitor.pk])).content.decode()
    edit = client.get(reverse("monitors:monitor-edit", args=[monitor.pk])).content.decode()
    assert leaks(detail, key) == [] and leaks(edit, key) == [] and "Webhook signing key" in detail
    keep = form_data(endpoint_url=agent_server.url)  # blank: the key is kept
    assert client.post(reverse("monitors:monitor-edit", args=[monitor.pk]), keep).status_code == 302
    monitor.refresh_from_db()
    assert monitor.webhook_secret == key
