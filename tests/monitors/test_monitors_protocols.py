"""Monitors use every protocol an agent can (docs/monitors.md): a monitor of a saved agent samples it over that
agent's protocol — a streamed reply, the Responses API, WebSocket (its socket closed after each sample), A2A (the
real a2a-sdk server) and an agent with a session (started and ended per sample)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from evaluations.agents.services import agent_create
from evaluations.monitors import services
from evaluations.monitors.models import Monitor, MonitorRun, MonitorSample
from evaluations.monitors.rules import parse_rules
from evaluations.monitors.yaml_io import YamlImportError, export_monitors, parse_monitors
from tests.support.a2a_server import A2AServer
from tests.support.dbdump import dump_all_tables
from tests.support.stream_server import Request, Stream, StreamServer, sse
from tests.support.ws_server import AUTH_PATH, WsServer


@pytest.fixture
def run_now(django_capture_on_commit_callbacks: Any) -> Callable[[Monitor], MonitorRun]:
    def do(monitor: Monitor) -> MonitorRun:
        with django_capture_on_commit_callbacks(execute=True):
            run, created = services.monitor_run_request(monitor=monitor)
        assert created
        run.refresh_from_db()
        return run

    return do


def monitor_of(acme: Any, agent_data: dict[str, Any], expect: str) -> Monitor:
    agent = agent_create(account=acme, data={"name": agent_data["protocol"], **agent_data})
    return services.monitor_create(
        account=acme,
        data={"name": f"Watch {agent.name}", "agent": agent},
        cases=[{"name": "Refunds", "ask": "What's your refund window?", "expect": parse_rules([{"contains": expect}])}],
    )


def passed(run: MonitorRun) -> list[str]:
    return [s.verdict for s in MonitorSample.objects.filter(run=run)]


def test_monitor_of_a_streaming_agent(acme, stream_server: StreamServer, private_endpoints, run_now) -> None:
    stream_server.handle = lambda r: Stream(sse({"d": "30 "}, {"d": "days"}, "[DONE]"))
    monitor = monitor_of(acme, {"protocol": "http_json", "endpoint_url": stream_server.url(), "reply_path": "d",
                                "request_template": '{"q": {{message}}}', "stream": "sse", "stream_done": "[DONE]"},
                         "30 days")  # fmt: skip
    run = run_now(monitor)
    assert run.error_message == "" and set(passed(run)) == {"pass"}


def test_monitor_of_a_responses_agent(acme, stream_server: StreamServer, private_endpoints, run_now) -> None:
    body = {
        "id": "r",
        "status": "completed",
        "output": [{"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "30 days"}]}],
    }
    stream_server.handle = lambda r: Stream([json.dumps(body)], content_type="application/json")
    monitor = monitor_of(acme, {"protocol": "openai_responses", "endpoint_url": stream_server.url("/v1"),
                                "model_name": "m"}, "30 days")  # fmt: skip
    assert set(passed(run_now(monitor))) == {"pass"}


def test_monitor_of_a_websocket_agent(acme, ws_server: WsServer, private_endpoints, run_now) -> None:
    ws_server.handle = lambda text, n: [(0.0, "Refunds within 30 days.")]
    monitor = monitor_of(acme, {"protocol": "websocket", "endpoint_url": ws_server.url(),
                                "request_template": "{{message}}"}, "30 days")  # fmt: skip
    run = run_now(monitor)
    samples = passed(run)
    assert set(samples) == {"pass"}
    assert len({n for n, _ in ws_server.messages}) == len(samples)  # one socket per sample


def test_monitor_of_a_websocket_agent_with_a_first_message(
    acme, ws_server: WsServer, private_endpoints, run_now, settings
) -> None:
    settings.TRUSTGATE_SECRETS = {"WS_TOKEN": "tok-ws-5e8a1f0c93"}
    ws_server.auth_token = "tok-ws-5e8a1f0c93"
    ws_server.handle = lambda text, n: [(0.0, "Refunds within 30 days.")]
    agent = agent_create(account=acme, data={
        "name": "WS auth", "protocol": "websocket", "endpoint_url": ws_server.url(AUTH_PATH),
        "request_template": "{{message}}", "first_message": '{"type": "auth", "token": "{{api_key}}"}',
        "first_message_ack": "type=auth_ok", "key_in_header": False,
    })  # fmt: skip
    monitor = services.monitor_create(
        account=acme, data={"name": "Watch WS auth", "agent": agent, "auth_secret": "WS_TOKEN"},
        cases=[{"name": "Refunds", "ask": "Refund window?", "expect": parse_rules([{"contains": "30 days"}])}],
    )  # fmt: skip
    samples = passed(run_now(monitor))
    assert set(samples) == {"pass"} and len(ws_server.auth_frames) == len(samples)  # one auth frame per socket
    assert "tok-ws-5e8a1f0c93" not in dump_all_tables()


def test_monitor_of_an_a2a_agent(acme, a2a_agent: A2AServer, private_endpoints, run_now) -> None:
    monitor = monitor_of(
        acme, {"protocol": "a2a", "endpoint_url": f"{a2a_agent.base}/a2a"}, "Which order number"
    )  # input-required
    assert set(passed(run_now(monitor))) == {"pass"}


def test_monitor_of_an_agent_with_sessions(acme, stream_server: StreamServer, private_endpoints, run_now) -> None:
    def handle(request: Request) -> Stream:
        if request.path == "/start":
            return Stream(['{"sid": "abc"}'], content_type="application/json")
        return Stream(['{"answer": "30 days"}'], content_type="application/json")

    stream_server.handle = handle
    monitor = monitor_of(acme, {
        "protocol": "http_json", "endpoint_url": stream_server.url("/s/{{session_id}}"), "reply_path": "answer",
        "request_template": '{"q": {{message}}}', "session_start_url": stream_server.url("/start"),
        "session_id_path": "sid", "session_end_url": stream_server.url("/end/{{session_id}}"),
    }, "30 days")  # fmt: skip
    samples = passed(run_now(monitor))
    assert set(samples) == {"pass"}
    paths = [r.path for r in stream_server.requests]
    assert paths.count("/start") == paths.count("/end/abc") == paths.count("/s/abc") == len(samples)


YAML = """
monitors:
  - name: Responses
    endpoint: {responses}
    protocol: responses
    model: gpt-x
    cases:
      - ask: "What's your refund window?"
        expect: [{{contains: "30 days"}}]
  - name: A2A desk
    endpoint: {a2a}
    protocol: a2a
    cases:
      - ask: "Where is my order?"
        expect: [{{contains: "You said"}}]
"""


def test_bare_endpoint_monitors_speak_responses_and_a2a_and_round_trip_through_yaml(
    acme, stream_server: StreamServer, a2a_agent: A2AServer, private_endpoints, run_now
) -> None:
    body = {
        "id": "r",
        "status": "completed",
        "output": [{"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "30 days"}]}],
    }
    stream_server.handle = lambda r: Stream([json.dumps(body)], content_type="application/json")
    text = YAML.format(responses=stream_server.url("/v1"), a2a=f"{a2a_agent.base}/a2a")
    created, _updated = services.monitors_import_yaml(account=acme, text=text)
    responses, a2a = sorted(created, key=lambda m: m.name != "Responses")
    assert (responses.protocol, responses.model_name, a2a.protocol) == ("responses", "gpt-x", "a2a")
    assert set(passed(run_now(responses))) == {"pass"} and set(passed(run_now(a2a))) == {"pass"}
    assert stream_server.requests[0].path == "/v1/responses"
    exported = export_monitors(list(Monitor.objects.filter(pk__in=[responses.pk, a2a.pk])))
    assert "protocol: responses" in exported and "protocol: a2a" in exported and "model: gpt-x" in exported
    with pytest.raises(YamlImportError) as caught:
        parse_monitors(text.replace("    model: gpt-x\n", ""), account_id=acme.pk)
    assert "protocol: responses needs  model:" in " ".join(caught.value.lines)
