"""A monitor of a bare WebSocket endpoint (docs/monitors.md): ``ws://`` / ``wss://`` with protocol websocket, from the
form or YAML, sampled over the real WebSocket test server through the guarded transport (one socket per sample, the
chat body as a text frame); the endpoint guard refuses a private address unless the dev setting allows it, and a URL
whose scheme does not fit the protocol is refused with a sentence."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse

from evaluations.monitors import services
from evaluations.monitors.models import Monitor, MonitorRun, MonitorSample
from evaluations.monitors.yaml_io import YamlImportError, export_monitors, parse_monitors
from tests.monitors.test_monitors_views import form_data
from tests.support.ws_server import WsServer

YAML = """
monitors:
  - name: Socket desk
    endpoint: {url}
    protocol: websocket
    auth: {{ bearer: secret.WS_KEY }}
    cases:
      - ask: "What's your refund window?"
        expect: [{{contains: "30 days"}}]
"""


@pytest.fixture
def run_now(django_capture_on_commit_callbacks: Any) -> Callable[[Monitor], MonitorRun]:
    def do(monitor: Monitor) -> MonitorRun:
        with django_capture_on_commit_callbacks(execute=True):
            run, created = services.monitor_run_request(monitor=monitor)
        assert created
        run.refresh_from_db()
        return run

    return do


def test_a_bare_websocket_endpoint_is_sampled_over_its_socket_and_round_trips_through_yaml(
    acme, ws_server: WsServer, private_endpoints, run_now, settings
) -> None:
    settings.TRUSTGATE_SECRETS = {"WS_KEY": "sk-ws-monitor-7f3a9c21"}
    ws_server.handle = lambda text, n: [(0.01, f"Refunds within 30 days (you asked: {text})")]
    created, _updated = services.monitors_import_yaml(account=acme, text=YAML.format(url=ws_server.url()))
    (monitor,) = created
    assert (monitor.protocol, monitor.endpoint_url, monitor.agent) == ("websocket", ws_server.url(), None)

    run = run_now(monitor)

    samples = list(MonitorSample.objects.filter(run=run))
    assert run.error_message == "" and {s.verdict for s in samples} == {"pass"} and len(samples) == 3
    sent = [json.loads(text) for _, text in ws_server.messages]
    assert sent and all(frame == {"message": "What's your refund window?"} for frame in sent)
    assert len({n for n, _ in ws_server.messages}) == len(samples)  # one socket per sample, closed after it
    assert all(u.get("authorization") == "Bearer sk-ws-monitor-7f3a9c21" for u in ws_server.upgrades)
    exported = export_monitors([monitor])
    assert "protocol: websocket" in exported and f"endpoint: {ws_server.url()}" in exported


def test_a_private_websocket_address_is_refused_unless_the_dev_setting_allows_it(acme, ws_server: WsServer) -> None:
    with pytest.raises(YamlImportError) as caught:
        parse_monitors(YAML.format(url=ws_server.url()), account_id=acme.pk)
    assert "127.0.0.1 is a loopback address; agent endpoints must be public internet addresses." in " ".join(
        caught.value.lines
    )
    assert not ws_server.upgrades and not ws_server.messages  # nothing was sent


@pytest.mark.parametrize(
    ("overrides", "field_error"),
    [
        ({"endpoint_url": "ws://127.0.0.1:9/ws"}, "The endpoint URL must start with http:// or https:// (it has ws:)."),
        (
            {"endpoint_url": "http://127.0.0.1:9/ws", "protocol": "websocket"},
            "A WebSocket endpoint URL must start with ws:// or wss:// (it has http:).",
        ),
        ({"endpoint_url": "ws://169.254.169.254/ws", "protocol": "websocket"}, "cloud metadata"),
    ],
)
def test_the_form_refuses_a_url_that_does_not_fit_the_protocol(
    client, alice, private_endpoints, overrides, field_error
) -> None:
    client.force_login(alice)
    response = client.post(reverse("monitors:monitor-create"), form_data(**overrides))
    assert response.status_code == 200 and field_error in response.content.decode()
    assert Monitor.objects.count() == 0


def test_the_form_creates_a_websocket_monitor(client, alice, ws_server: WsServer, private_endpoints) -> None:
    client.force_login(alice)
    response = client.post(
        reverse("monitors:monitor-create"), form_data(endpoint_url=f"  {ws_server.url()}  ", protocol="websocket")
    )
    monitor = Monitor.objects.get()
    assert response.status_code == 302 and (monitor.protocol, monitor.endpoint_url) == ("websocket", ws_server.url())
    page = client.get(reverse("monitors:monitor-detail", args=[monitor.pk])).content.decode()
    assert "WebSocket (ws:// or wss://, a frame {&quot;message&quot;: ...})" in page
