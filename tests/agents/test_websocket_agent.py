"""A WebSocket agent that wants its key in a first message (docs/agents.md, WebSocket): the agent form keeps the
template and never the key, Test request and a run authenticate on the loopback server's ``/ws-auth`` path, a
retried turn stays on the conversation's socket, and the key is nowhere in the database afterwards."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.cache import cache
from django.urls import reverse

from evaluations.agents.models import Agent
from evaluations.agents.services import agent_create
from evaluations.runs.models import Attempt
from suites.services import suite_create
from tests.agents.test_agents import form_data
from tests.api.test_latency import launch
from tests.support.dbdump import dump_all_tables
from tests.support.ws_server import AUTH_PATH, WsServer

KEY = "sk-live-ws-4c1d9e0b7a22f318"
AUTH_FRAME = '{"type": "auth", "token": "{{api_key}}"}'


@pytest.fixture(autouse=True)
def _private_allowed(settings: Any) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    cache.clear()


def ws_agent(server: WsServer, **overrides: object) -> dict[str, object]:
    return form_data(
        protocol="websocket", endpoint_url=server.url(AUTH_PATH), request_template='{"text": {{message}}}',
        reply_path="text", silence_ms=0, first_message=AUTH_FRAME, first_message_ack="type=auth_ok", api_key=KEY,
        **overrides,
    )  # fmt: skip


def turn_counter(server: WsServer) -> Any:
    def handle(text: str, number: int) -> list[tuple[float, Any]]:
        turn = sum(1 for n, _ in server.messages if n == number)
        return [(0.0, json.dumps({"text": f"turn {turn}: {json.loads(text)['text']}"}))]

    return handle


def test_test_request_authenticates_with_the_first_message_and_saving_keeps_only_the_template(
    client, alice, ws_server: WsServer
) -> None:
    ws_server.auth_token = KEY
    ws_server.handle = turn_counter(ws_server)
    client.force_login(alice)
    data = ws_agent(ws_server)
    html = client.post(reverse("evaluations:agent-test-request"), {**data, "test_message": "hi"},
                       headers={"HX-Request": "true"}).content.decode()  # fmt: skip
    assert "Reply received" in html and "turn 1: hi" in html and KEY not in html
    assert json.loads(ws_server.auth_frames[0][1]) == {"type": "auth", "token": KEY}
    assert client.post(reverse("evaluations:agent-create"), data).status_code == 302
    agent = Agent.objects.get()
    assert (agent.first_message, agent.first_message_ack, agent.key_in_header) == (AUTH_FRAME, "type=auth_ok", False)
    assert KEY not in dump_all_tables()
    detail = client.get(reverse("evaluations:agent-detail", args=[agent.pk])).content.decode()
    assert "{{api_key}}" in detail and "waits for" in detail and "key not in the auth header" in detail
    assert KEY not in detail


def test_test_request_with_a_wrong_key_says_what_the_agent_answered(client, alice, ws_server: WsServer) -> None:
    ws_server.auth_token = "another-key"
    client.force_login(alice)
    html = client.post(reverse("evaluations:agent-test-request"), {**ws_agent(ws_server), "test_message": "hi"},
                       headers={"HX-Request": "true"}).content.decode()  # fmt: skip
    assert "The agent sent an error frame after the first message (401): invalid token." in html
    assert KEY not in html


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"first_message": '{"token": "{{api_key}}", "to": {{message}}}'}, "first_message",
         "The first message can only use {{api_key}}; remove {{message}}."),
        ({"first_message": f'{{"token": "{KEY}"}}'}, "first_message", "Write {{api_key}} where the key goes"),
        ({"first_message_ack": "a..b=1"}, "first_message_ack", "(the part before '=' is a path)"),
        ({"first_message": "", "first_message_ack": "*"}, "first_message_ack", "Write the first message"),
    ],
)  # fmt: skip
def test_first_message_settings_are_checked(client, alice, ws_server, overrides, field, message) -> None:
    client.force_login(alice)
    response = client.post(reverse("evaluations:agent-create"), {**ws_agent(ws_server), **overrides})
    assert message in " ".join(response.context["form"].errors[field])
    assert not Agent.objects.exists()


def test_run_authenticates_each_conversation_retries_on_its_socket_and_stores_no_key(
    api, acme, ws_server: WsServer, private_endpoints, django_capture_on_commit_callbacks
) -> None:
    ws_server.auth_token = KEY
    answered = turn_counter(ws_server)
    refused: list[int] = []

    def handle(text: str, number: int) -> list[tuple[float, Any]]:
        if "A1" in text and not refused:  # the second turn is refused once, as an overloaded agent would
            refused.append(number)
            ws_server.messages.pop()
            return [(0.0, json.dumps({"type": "error", "error": {"code": 429, "message": "busy"}, "retry_after": 0}))]
        return answered(text, number)

    ws_server.handle = handle
    data = {k: v for k, v in ws_agent(ws_server).items() if k not in ("api_key", "extra_headers_text")}
    agent = agent_create(account=acme, data={**data, "name": "WS bot", "key_in_header": False})
    suite = suite_create(account=acme, agent=agent, name="WS suite", scenarios=[
        {"kind": "accuracy", "name": "Two turns", "turns": ["My order", "A1"], "required_phrases": ["turn 2: A1"]},
    ])  # fmt: skip
    body = launch(api, django_capture_on_commit_callbacks, {"suite": suite.pk, "runs_per_scenario": 1, "api_key": KEY})
    assert body["status"] == "succeeded" and body["scenario_counts"]["pass"] == 1, body["reasons"]
    # One socket for the conversation (the Connect stage's TCP probe sends nothing), one auth frame on it
    assert len({n for n, _ in ws_server.messages}) == 1 and len(ws_server.auth_frames) == 1
    attempt = Attempt.objects.get()
    assert [t.get("retries", 0) for t in attempt.reply_timings] == [0, 1]
    assert not any("reconnected" in t for t in attempt.reply_timings)
    assert "authorization" not in ws_server.upgrades[0]
    assert KEY not in dump_all_tables() and KEY not in json.dumps(attempt.transcript)
