"""Alert channels against real local receivers that check each service's documented payload: Slack Block Kit,
a Teams Adaptive Card, PagerDuty Events API v2 (trigger, then resolve with the same dedup key), retries when a
channel fails and then recovers, and a redelivered alert sending nothing twice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.core import mail
from pytest_httpserver import HTTPServer

from evaluations.monitors import services
from evaluations.monitors.models import AlertDelivery, Monitor, MonitorEvent, MonitorRun
from tests.monitors.test_monitors_runs import ScriptedAgent, make_monitor
from tests.support.fixtures_alerts import ROUTING_KEY

GOOD_ANSWER = "Our refund window is 30 days."
BAD_ANSWER = "Refunds take 45 days, sorry."


@pytest.fixture
def agent_server(httpserver: HTTPServer, private_endpoints: None) -> ScriptedAgent:
    return ScriptedAgent(httpserver)


@pytest.fixture
def run_now(django_capture_on_commit_callbacks: Any) -> Callable[[Monitor], MonitorRun]:
    def do(monitor: Monitor) -> MonitorRun:
        with django_capture_on_commit_callbacks(execute=True):
            run, created = services.monitor_run_request(monitor=monitor)
        assert created
        run.refresh_from_db()
        monitor.refresh_from_db()
        return run

    return do


def channels(receivers: Any, *kinds: str) -> dict[str, str]:
    values = {
        "slack": receivers.url("/slack/T000/B000/GOODTOKEN0000000000000000"),
        "teams": receivers.url("/teams/workflows/abc/triggers/manual/paths/invoke?sig=TEAMSSIG0123456789"),
        "pagerduty": ROUTING_KEY,
    }
    return {kind: values[kind] for kind in kinds}


def degrade(monitor: Monitor, agent: ScriptedAgent, run_now: Callable[[Monitor], MonitorRun]) -> None:
    """Up twice (the first up is not alerted), then below target twice: degraded."""
    agent.say(GOOD_ANSWER)
    run_now(monitor), run_now(monitor)
    agent.say(BAD_ANSWER)
    run_now(monitor)
    assert run_now(monitor).outcome == "degraded"


def test_slack_gets_block_kit_with_the_new_answer_beside_the_last_good_one(acme, agent_server, receivers, run_now):
    monitor = make_monitor(acme, agent_server.url, channels=channels(receivers, "slack"))
    degrade(monitor, agent_server, run_now)

    [message] = receivers.received["slack"]  # valid Block Kit, or the fake would have answered 400
    assert message["text"] == "Degraded: Chat answers"
    assert message["blocks"][0] == {"type": "header", "text": {"type": "plain_text", "text": "Degraded: Chat answers"}}
    case_text = next(b["text"]["text"] for b in message["blocks"] if "New answer" in b.get("text", {}).get("text", ""))
    assert BAD_ANSWER in case_text and GOOD_ANSWER in case_text and "Missing: “30 days”." in case_text
    assert {b["type"] for b in message["blocks"]} >= {"header", "section", "actions", "context"}
    delivery = AlertDelivery.objects.get(channel="slack")
    assert (delivery.state, delivery.attempts, delivery.http_status, delivery.last_error) == ("sent", 1, 200, "")


def test_teams_gets_an_adaptive_card_in_a_workflow_message(acme, agent_server, receivers, run_now):
    monitor = make_monitor(acme, agent_server.url, channels=channels(receivers, "teams"))
    degrade(monitor, agent_server, run_now)

    [message] = receivers.received["teams"]
    card = message["attachments"][0]["content"]
    assert card["type"] == "AdaptiveCard" and card["version"] == "1.4"
    texts = [b.get("text") for b in card["body"]] + [
        item.get("text") for b in card["body"] if b["type"] == "Container" for item in b["items"]
    ]
    assert "Degraded: Chat answers" in texts and BAD_ANSWER in texts and GOOD_ANSWER in texts
    assert card["actions"][0]["type"] == "Action.OpenUrl" and f"/monitors/{monitor.pk}/" in card["actions"][0]["url"]
    assert AlertDelivery.objects.get(channel="teams").http_status == 202


def test_pagerduty_triggers_on_down_and_resolves_on_recovery_with_one_dedup_key(acme, agent_server, receivers, run_now):
    monitor = make_monitor(acme, agent_server.url, channels=channels(receivers, "pagerduty"))
    run_now(monitor), run_now(monitor)
    agent_server.status = 500
    assert run_now(monitor).outcome == "down"
    agent_server.status = None
    assert run_now(monitor).outcome == "up"  # recovered
    degrade(monitor, agent_server, run_now)  # a new episode: a new incident

    trigger, resolve, second = receivers.received["pagerduty"]
    assert trigger["event_action"] == "trigger" and trigger["routing_key"] == ROUTING_KEY
    assert trigger["payload"]["severity"] == "critical" and trigger["payload"]["summary"].startswith("Down: Chat")
    assert trigger["links"][0]["href"].endswith(f"/monitors/{monitor.pk}/")
    assert resolve == {"routing_key": ROUTING_KEY, "event_action": "resolve", "dedup_key": trigger["dedup_key"]}
    assert second["event_action"] == "trigger" and second["payload"]["severity"] == "warning"
    assert second["dedup_key"] != trigger["dedup_key"]
    assert receivers.incidents == {trigger["dedup_key"]: ["trigger", "resolve"], second["dedup_key"]: ["trigger"]}
    assert list(AlertDelivery.objects.order_by("pk").values_list("action", flat=True)) == [
        "trigger", "resolve", "trigger"
    ]  # fmt: skip


def test_a_channel_that_fails_then_recovers_is_retried_and_every_try_recorded(acme, agent_server, receivers, run_now):
    monitor = make_monitor(acme, agent_server.url, channels=channels(receivers, "slack", "pagerduty"))
    run_now(monitor), run_now(monitor)

    receivers.fail_next("slack", 2, status=503)  # two failures, then it answers again
    receivers.fail_next("pagerduty", 10, status=500)  # down for longer than every try
    agent_server.status = 500
    run_now(monitor)
    slack = AlertDelivery.objects.get(channel="slack")
    assert (slack.state, slack.attempts, slack.http_status, slack.last_error) == ("sent", 3, 200, "")
    pd = AlertDelivery.objects.get(channel="pagerduty")
    assert (pd.state, pd.attempts, pd.http_status) == ("failed", 4, 500)
    assert pd.last_error.startswith("The receiver answered HTTP 500")
    assert MonitorEvent.objects.get(title="Down").alert_state == "failed"

    receivers.fail_next("pagerduty", 0)
    agent_server.status = None
    run_now(monitor)  # recovered: both channels deliver again
    assert set(AlertDelivery.objects.filter(event__title="Recovered").values_list("state", flat=True)) == {"sent"}


def test_a_refused_request_is_not_retried_and_its_error_never_shows_the_url(acme, agent_server, receivers, run_now):
    wrong = receivers.url("/slack/T000/B000/REVOKEDTOKEN00000000000")
    monitor = make_monitor(acme, agent_server.url, channels={"slack": wrong})
    run_now(monitor), run_now(monitor)
    agent_server.status = 500
    run_now(monitor)
    delivery = AlertDelivery.objects.get(channel="slack")
    assert (delivery.state, delivery.attempts, delivery.http_status) == ("failed", 1, 404)
    assert "no_service" in delivery.last_error and "REVOKEDTOKEN" not in delivery.last_error


def test_a_redelivered_alert_task_sends_nothing_twice(acme, agent_server, receivers, run_now):
    monitor = make_monitor(
        acme, agent_server.url, alert_emails="oncall@acme.example",
        channels=channels(receivers, "slack", "teams", "pagerduty"),
    )  # fmt: skip
    run_now(monitor), run_now(monitor)
    agent_server.status = 500
    run_now(monitor)
    event = MonitorEvent.objects.get(title="Down")
    MonitorEvent.objects.filter(pk=event.pk).update(alert_state="pending")  # as if the task were handed out again
    services.monitor_alert_send(event_id=event.pk)
    assert len(mail.outbox) == 1
    assert [len(receivers.received[k]) for k in ("slack", "teams", "pagerduty")] == [1, 1, 1]
    assert AlertDelivery.objects.filter(event=event).count() == 4
