"""A scenario that starts from earlier turns (docs/suites.md, Start from these turns): the agent gets them as the
conversation's history the way its protocol carries history, or, when it keeps its own, as user messages replayed
one by one; the transcript says which; only the scenario's own exchange is scored."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from evaluations.agents.services import agent_create
from evaluations.core.specs import scenario_identity
from evaluations.scoring.verdicts import Verdict
from suites.services import suite_create
from suites.yaml_io import import_suite_yaml, suite_to_yaml
from tests.support.scripted_http import ScriptedReply, ScriptedServer
from tests.support.ws_server import WsServer

pytestmark = pytest.mark.django_db

EARLIER = [
    {"role": "user", "content": "My order is NW-12345."},
    {"role": "assistant", "content": "Thanks, I found order NW-12345. It shipped yesterday."},
]
SCENARIO = {
    "kind": "custom",
    "name": "Follow-up on an order",
    "turns": ["When will it arrive?"],
    "start_from": EARLIER,
    "required_phrases": ["shipped yesterday"],  # said only in the earlier turns: must not pass
}


@pytest.fixture
def bodies() -> list[dict[str, Any]]:
    return []


@pytest.fixture
def openai_server(bodies: list[dict[str, Any]]) -> Iterator[ScriptedServer]:
    def handle(path: str, raw: bytes, headers: dict[str, str]) -> ScriptedReply:
        bodies.append(json.loads(raw))
        message = {"role": "assistant", "content": "Friday, most likely."}
        return ScriptedReply(200, {"choices": [{"message": message, "finish_reason": "stop"}]})

    server = ScriptedServer(handle, name="openai agent")
    server.start()
    yield server
    server.stop()


def test_openai_agent_gets_the_earlier_turns_as_messages_and_they_are_not_scored(
    acme, private_endpoints, launch, openai_server, bodies
) -> None:
    agent = agent_create(account=acme, data={
        "name": "Chat", "protocol": "openai", "endpoint_url": openai_server.url + "/v1", "model_name": "m",
    })  # fmt: skip
    suite = suite_create(account=acme, agent=agent, name="Follow-ups", scenarios=[SCENARIO])
    run = launch(agent=agent, suite=suite, runs_per_scenario=1, judge_model="rules_only")

    assert [m for m in bodies[0]["messages"] if m["role"] != "system"] == [
        *EARLIER,
        {"role": "user", "content": "When will it arrive?"},
    ]
    assert len(bodies) == 1
    attempt = run.attempts.get()
    assert attempt.verdict == Verdict.FAIL  # "shipped yesterday" came from the file, not from the agent
    assert [t["role"] for t in attempt.transcript] == ["system", "user", "assistant", "system", "user", "assistant"]
    assert "sent to the agent as the conversation's history" in attempt.transcript[0]["content"]
    assert attempt.transcript[-1]["content"] == "Friday, most likely."


def test_http_json_agent_gets_them_through_its_history_template(
    acme, private_endpoints, launch, openai_server, bodies
) -> None:
    agent = agent_create(account=acme, data={
        "name": "Templated", "protocol": "http_json", "endpoint_url": openai_server.url + "/agent",
        "request_template": '{"q": {{message}}, "past": {{history}}}', "reply_path": "choices[0].message.content",
    })  # fmt: skip
    suite = suite_create(account=acme, agent=agent, name="Templated", scenarios=[SCENARIO])
    launch(agent=agent, suite=suite, runs_per_scenario=1, judge_model="rules_only")
    assert bodies == [{"q": "When will it arrive?", "past": EARLIER}]


def test_a_websocket_agent_has_the_user_turns_replayed_and_the_transcript_says_so(
    acme, private_endpoints, launch, ws_server: WsServer
) -> None:
    ws_server.handle = lambda text, n: [(0.0, json.dumps({"text": f"You said: {json.loads(text)['text']}"}))]
    agent = agent_create(account=acme, data={
        "name": "WS", "protocol": "websocket", "endpoint_url": ws_server.url(),
        "request_template": '{"text": {{message}}}', "reply_path": "text",
    })  # fmt: skip
    scenario = {**SCENARIO, "required_phrases": ["When will it arrive"]}
    suite = suite_create(account=acme, agent=agent, name="WS follow-ups", scenarios=[scenario])
    run = launch(agent=agent, suite=suite, runs_per_scenario=1, judge_model="rules_only")

    sent = [json.loads(text)["text"] for _, text in ws_server.messages]
    assert sent == ["My order is NW-12345.", "When will it arrive?"]  # the assistant turn is not sent
    assert len({n for n, _ in ws_server.messages}) == 1  # one conversation, one socket
    attempt = run.attempts.get()
    assert attempt.verdict == Verdict.PASS
    note = attempt.transcript[0]
    assert note["role"] == "system" and "replayed one by one" in note["content"] and "ignored" in note["content"]
    assert attempt.transcript[2] == {"role": "assistant", "content": "You said: My order is NW-12345."}


def test_start_from_round_trips_through_yaml_and_counts_in_the_identity(acme) -> None:
    suite = suite_create(account=acme, name="Round trip", kind="test_set", scenarios=[SCENARIO])
    text = suite_to_yaml(suite)
    assert "start_from:" in text and text.index("start_from:") < text.index("turns:")
    suite.delete()
    imported = import_suite_yaml(text, account=acme).suite
    row = imported.scenarios.get()
    assert row.start_from == EARLIER
    assert suite_to_yaml(imported) == text

    with_history = row.to_spec().to_dict()
    without = {**with_history, "start_from": []}
    assert scenario_identity(with_history) != scenario_identity(without)
    assert "start_from" not in row.to_spec().__class__.from_dict(without).to_dict()  # old snapshots hash as before


def test_a_malformed_start_from_is_refused_with_its_line(acme) -> None:
    from suites.yaml_io.parse import SuiteImportError

    text = "name: Bad\nkind: test_set\nscenarios:\n  - turns: [Hi]\n    start_from:\n      - role: system\n        content: x\n"
    with pytest.raises(SuiteImportError) as caught:
        import_suite_yaml(text, account=acme)
    assert "Earlier turn 1: the role is user or assistant" in str(caught.value)
    assert "Line 5" in str(caught.value)
