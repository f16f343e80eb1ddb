"""A run against a WebSocket agent: each conversation on its own socket, closed as it ends; multi-turn and tool-call
scenarios scored (docs/agents.md, WebSocket)."""

from __future__ import annotations

import json

from evaluations.agents.services import agent_create
from evaluations.runs.models import Attempt
from suites.services import suite_create
from tests.api.test_latency import RUNS, launch
from tests.support.ws_server import WsServer


def test_run_over_websocket_scores_multi_turn_and_tool_calls(
    api, acme, ws_server: WsServer, private_endpoints, django_capture_on_commit_callbacks
) -> None:
    def handle(text: str, number: int) -> list[tuple[float, object]]:
        turn = sum(1 for n, _ in ws_server.messages if n == number)
        calls = [{"name": "lookup_order", "arguments": {"id": "A1"}}] if "order" in text else []
        return [(0.01, json.dumps({"text": f"Turn {turn}: ok", "calls": calls})), (0.0, json.dumps({"end": True}))]

    ws_server.handle = handle
    agent = agent_create(account=acme, data={
        "name": "WS bot", "protocol": "websocket", "endpoint_url": ws_server.url(),
        "request_template": '{"text": {{message}}}', "reply_path": "text", "tool_calls_path": "calls",
        "stream_done": "end=true",
    })  # fmt: skip
    suite = suite_create(account=acme, agent=agent, name="WS suite", scenarios=[
        {"kind": "accuracy", "name": "Two turns", "turns": ["Hi", "Still there?"], "required_phrases": ["Turn 2"]},
        {"kind": "tool_calls", "name": "Order lookup", "turns": ["Where is my order A1?"],
         "expected_tool_call": {"name": "lookup_order"}},
    ])  # fmt: skip
    body = launch(api, django_capture_on_commit_callbacks, {"suite": suite.pk, "runs_per_scenario": 2})
    assert body["status"] == "succeeded" and body["scenario_counts"]["pass"] == 2, body["reasons"]
    assert len({n for n, _ in ws_server.messages}) == 4  # one socket per conversation
    assert body["latency"]["replies"] == 6 and body["latency"]["streamed"] == 6
    assert Attempt.objects.filter(tool_calls__0__name="lookup_order").count() == 2
    assert RUNS
