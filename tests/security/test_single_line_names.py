"""Names are one line: a CR or LF in an agent, suite or monitor name is refused with a sentence at every door
(forms and YAML imports), and an alert for a monitor named before the check still goes out
(docs/configuration.md)."""

from __future__ import annotations

from django.core import mail
from django.urls import reverse

from evaluations.agents.models import Agent
from evaluations.monitors import alerts, services
from evaluations.monitors.models import EventKind, Monitor, MonitorEvent, MonitorStatus
from suites.models import Suite
from tests.agents.test_agents import form_data as agent_form
from tests.monitors.test_monitors_views import form_data as monitor_form

HOSTILE = "Chat\r\nBcc: everyone@evil.example"
REFUSED = "contains the control character U+000D (a line break or tab); use one line."


def test_the_monitor_form_refuses_a_line_break_in_the_name(client, alice, private_endpoints) -> None:
    client.force_login(alice)
    response = client.post(reverse("monitors:monitor-create"), monitor_form(name=HOSTILE))
    assert response.status_code == 200 and REFUSED in response.content.decode()
    assert not Monitor.objects.exists()


def test_the_monitor_import_refuses_a_line_break_in_the_name(client, alice, private_endpoints) -> None:
    client.force_login(alice)
    text = 'monitors:\n  - name: "Chat\\r\\nBcc: x@evil.example"\n    endpoint: http://127.0.0.1:9/c\n'
    text += "    every: 1h\n    cases: [{ask: hi}]\n"
    response = client.post(reverse("monitors:monitor-import"), {"yaml_text": text})
    assert "Line 2: The name " + REFUSED in response.content.decode()
    assert not Monitor.objects.exists()


def test_the_agent_and_suite_forms_refuse_a_line_break_in_the_name(client, alice, agent) -> None:
    client.force_login(alice)
    response = client.post(reverse("evaluations:agent-create"), agent_form(name="Shop\nbot"))
    assert response.status_code == 200 and "U+000A" in response.content.decode()
    assert not Agent.objects.filter(name__contains="\n").exists()
    response = client.post("/suites/new/", {"name": "Refunds\r\nx", "agent": agent.pk, "max_turns": 4})
    assert response.status_code == 200 and REFUSED in response.content.decode()
    assert not Suite.objects.exists()


def test_the_suite_import_refuses_a_line_break_in_the_name(client, alice) -> None:
    client.force_login(alice)
    text = 'trustgate: 1\nname: "Refunds\\nBcc: x"\nversion: 1\nscenarios:\n  - name: a\n    turns: [hi]\n'
    response = client.post("/suites/import/", {"yaml_text": text})
    assert "U+000A" in response.content.decode() and not Suite.objects.exists()


def test_an_alert_of_a_monitor_named_before_the_check_is_sent_on_one_line(acme, private_endpoints) -> None:
    monitor = services.monitor_create(
        account=acme,
        data={"name": "Chat answers", "endpoint_url": "http://127.0.0.1:9/chat", "alert_emails": "oncall@acme.example"},
        cases=[{"name": "Refund", "ask": "Refund?", "expect": [{"rule": "contains", "phrases": ["30 days"]}]}],
    )
    Monitor.objects.filter(pk=monitor.pk).update(name=HOSTILE)  # as an older version saved it
    event = MonitorEvent.objects.create(
        monitor=Monitor.objects.get(pk=monitor.pk), kind=EventKind.STATUS, status=MonitorStatus.DOWN, title="Down"
    )
    outcome = alerts.deliver_email(event)
    assert outcome.ok, outcome.error
    assert mail.outbox[0].subject == "[Trustgate] Down: Chat  Bcc: everyone@evil.example"
    assert mail.outbox[0].bcc == []
