"""A run whose every attempt errored says what happened, errors by kind: an agent that answers
HTTP 200 with broken JSON is not "down", and the report page and the CI API say so."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.urls import reverse

from evaluations.agents.models import Protocol
from evaluations.agents.services import agent_create
from evaluations.runs.choices import RunStatus
from suites.services import suite_create
from tests.support.fixtures_runs import single_turn
from tests.support.scripted_http import ScriptedReply, ScriptedServer


def _reply(path: str, raw: bytes, headers: dict[str, str]) -> ScriptedReply:
    if path == "/mixed" and b"#1" in raw:  # one question in two hits an error status instead
        return ScriptedReply(500, {"error": "boom"})
    return ScriptedReply(200, '{"answer": "Shipping takes 3-5 busin')  # HTTP 200, the JSON cut short


@pytest.fixture(scope="module")
def broken_agent() -> Iterator[str]:
    server = ScriptedServer(_reply, name="broken-json-agent")
    server.start()
    yield server.url
    server.stop()


def launch_against(launch, acme, url: str):
    agent = agent_create(
        account=acme, data={"name": "Broken bot", "protocol": Protocol.SIMPLE_CHAT, "endpoint_url": url}
    )
    suite = suite_create(
        account=acme, name="Shipping", scenarios=[single_turn(f"Q{i}", f"Shipping? #{i}") for i in range(2)]
    )
    return launch(agent=agent, suite=suite, runs_per_scenario=2, parallel=2)


def test_every_reply_malformed_says_the_agent_answered_and_why_nothing_could_be_used(
    launch, acme, broken_agent, private_endpoints, client, alice, api
) -> None:
    run = launch_against(launch, acme, f"{broken_agent}/chat")
    assert run.status == RunStatus.FAILED
    assert run.error_message.startswith(
        "The agent answered all 4 conversations, but none of its replies could be used. "
        "Errors by kind: 4 malformed replies (not the JSON expected). Most common reason: The agent's reply is not "
        "JSON; it starts with:"
    ), run.error_message
    assert "got a reply" not in run.error_message and "down" not in run.error_message

    client.force_login(alice)
    page = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    assert "but none of its replies could be used. Errors by kind: 4 malformed replies" in page
    body = api.get(f"/api/v1/aiagent/runs/{run.pk}").json()
    assert body["verdict"] == "error" and body["reasons"] == [run.error_message]


def test_mixed_errors_are_counted_by_kind(launch, acme, broken_agent, private_endpoints) -> None:
    run = launch_against(launch, acme, f"{broken_agent}/mixed")
    assert run.status == RunStatus.FAILED
    assert run.error_message.startswith(
        "None of the 4 conversations got a usable reply: 2 replies came back unusable. Errors by kind: "
    ), run.error_message
    assert "2 malformed replies (not the JSON expected)" in run.error_message
    assert "2 HTTP error statuses" in run.error_message
