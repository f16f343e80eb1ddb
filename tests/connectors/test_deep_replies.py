"""An agent's reply nested deeper than Trustgate reads (docs/configuration.md): Test request shows a sentence, and
in a run only that conversation is an agent error with the sentence; the others are scored. Real HTTP agents on
127.0.0.1."""

from __future__ import annotations

import json
from typing import Any

from django.urls import reverse

from evaluations.agents.models import Protocol
from evaluations.agents.services import agent_create
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import Attempt
from evaluations.scoring.choices import JudgeModel
from suites.yaml_io import import_suite_yaml
from tests.agents.test_agents import form_data
from tests.support.scripted_http import ScriptedReply, ScriptedServer, parse_json_body

DEEP = "[" * 20_000 + "]" * 20_000  # 40 KB: under the 64 KB a reply may have


def _deep_reply(path: str, raw: bytes, headers: dict[str, str]) -> ScriptedReply:
    return ScriptedReply(200, '{"reply": "hi", "tools": ' + DEEP + "}")


def _deep_arguments(path: str, raw: bytes, headers: dict[str, str]) -> ScriptedReply:
    message = parse_json_body(raw).get("m", "")
    tools: list[dict[str, Any]] = []
    if "deep" in message:
        tools = [{"name": "lookup", "args": '{"a": ' + DEEP + "}"}]
    return ScriptedReply(200, {"reply": "Done.", "tools": tools})


def test_test_request_with_a_deep_reply_shows_a_sentence(client, alice, settings) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    agent = ScriptedServer(_deep_reply, name="deep-agent")
    agent.start()
    try:
        client.force_login(alice)
        data = form_data(protocol="http_json", endpoint_url=agent.url + "/agent", request_template='{"m": {{message}}}',
                         reply_path="reply", tool_calls_path="tools")  # fmt: skip
        response = client.post(reverse("evaluations:agent-test-request"), {**data, "test_message": "Hi"})
    finally:
        agent.stop()
    assert response.status_code in (200, 400)
    assert "The agent&#x27;s reply is nested more than 64 levels deep." in response.content.decode()


def test_deep_tool_call_arguments_fail_only_their_conversation(acme, launch, private_endpoints) -> None:
    server = ScriptedServer(_deep_arguments, name="deep-args")
    server.start()
    try:
        agent = agent_create(
            account=acme,
            data={
                "name": "Deep bot", "protocol": Protocol.HTTP_JSON, "endpoint_url": server.url + "/agent",
                "request_template": '{"m": {{message}}}', "reply_path": "reply", "tool_calls_path": "tools",
                "judge_model": JudgeModel.RULES_ONLY,
            },
        )  # fmt: skip
        suite = import_suite_yaml(
            "name: Deep\nversion: 1\nscenarios:\n"
            "- {name: Deep, kind: accuracy, turns: [go deep], required_phrases: [Done]}\n"
            "- {name: Flat, kind: accuracy, turns: [stay flat], required_phrases: [Done]}\n",
            account=acme,
        ).suite
        run = launch(agent=agent, suite=suite, runs_per_scenario=1, judge_model=JudgeModel.RULES_ONLY)
    finally:
        server.stop()
    run.refresh_from_db()
    assert run.status != RunStatus.FAILED, run.status
    names = {spec["key"]: spec["name"] for spec in run.scenarios}
    by_name = {names[a.scenario_key]: a for a in Attempt.objects.filter(run=run)}
    assert by_name["Flat"].verdict == "pass"
    deep = by_name["Deep"]
    assert deep.verdict == "error" and "nested more than 64 levels deep" in deep.error_message
    assert "internal error" not in json.dumps(deep.error_message).lower()
