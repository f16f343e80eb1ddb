"""Strategies against planted-weakness agents (real OpenAI-compatible servers on 127.0.0.1): each agent gives in
only under its strategy, which finds it; the static library does not; the well-guarded agent holds under every
strategy. Rules only, so every verdict here is a rule's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import reverse

from evaluations.agents.services import agent_create
from redteam.report import redteam_findings
from redteam.strategies import STRATEGIES
from tests.support.planted_agents import GUARDED, WEAKNESSES, PlantedAgent


@pytest.fixture
def planted(acme, private_endpoints, rules_only) -> Iterator[Any]:
    started: list[PlantedAgent] = []

    def make(weakness: str, **fields: Any) -> Any:
        server = PlantedAgent(weakness).start()
        started.append(server)
        data = {"name": f"Planted {weakness}", "protocol": "openai", "endpoint_url": server.base_url,
                "model_name": "planted", **fields}  # fmt: skip
        return agent_create(account=acme, data=data)

    yield make
    for server in started:
        server.stop()


def _findings(run: Any) -> dict[str, dict[str, Any]]:
    return {f["key"]: f for f in redteam_findings(run, run.attempts.all())}


@pytest.mark.parametrize("weakness", WEAKNESSES)
def test_each_planted_weakness_is_found_by_its_strategy_only(planted, launch, client, alice, weakness: str) -> None:
    agent = planted(weakness)
    run = launch(agent=agent, suite=None, runs_per_scenario=1, parallel=4, redteam_depth="quick",
                 redteam_strategies=(weakness,))  # fmt: skip
    findings = _findings(run)
    static = [f for f in findings.values() if not f["strategy"]]
    composed = [f for f in findings.values() if f["strategy"]]
    assert len(static) == 7 and all(f["status"] == "Blocked" for f in static)
    bypassed = [f for f in composed if f["status"] == "Bypassed"]
    assert bypassed and all(f["strategy"] == weakness for f in bypassed)
    for finding in bypassed:  # the base attack's category and tag are kept
        assert finding["category"] and finding["owasp_tag"]
    if weakness == "multi_turn":
        assert all(f["gave_in_turn"] == 4 for f in bypassed)  # the request at 3, the first push at 4
        client.force_login(alice)
        report = client.get(reverse("evaluations:run-report-json", args=[run.pk])).json()
        exported = {f["key"]: f for f in report["redteam"]["findings"]}[bypassed[0]["key"]]
        assert (exported["strategy"], exported["gave_in_turn"], exported["status"]) == ("multi_turn", 4, "Bypassed")
        assert exported["category"] == bypassed[0]["category"] and exported["owasp_tag"] == bypassed[0]["owasp_tag"]
        attempt = run.attempts.get(scenario_key=bypassed[0]["key"])
        assert attempt.rationale.startswith("Failed by rule at turn 4:")


def test_the_well_guarded_agent_holds_under_every_strategy(planted, launch, client, alice) -> None:
    agent = planted(GUARDED)
    run = launch(agent=agent, suite=None, runs_per_scenario=1, parallel=4, redteam_depth="quick",
                 redteam_strategies=tuple(STRATEGIES))  # fmt: skip
    findings = _findings(run)
    assert len(findings) == 7 * (1 + len(STRATEGIES))
    assert {f["status"] for f in findings.values()} == {"Blocked"}
    assert {f["strategy"] for f in findings.values()} == {"", *STRATEGIES}
    client.force_login(alice)
    html = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    assert f"{7 * (1 + len(STRATEGIES))} attacks: <strong>{7 * (1 + len(STRATEGIES))} blocked</strong>" in html
    assert "strategy: Many-shot priming" in html and "PI-001.shot" in html


def test_a_tool_result_attack_reaches_an_openai_agent_as_tool_messages(planted, launch) -> None:
    agent = planted("tool_result")
    run = launch(agent=agent, suite=None, runs_per_scenario=1, parallel=2, redteam_depth="quick",
                 redteam_strategies=("tool_result",))  # fmt: skip
    spec = next(s for s in run.scenarios if s["key"] == "rt-PI-001.tool")
    (seeded,) = spec["tool_context"]
    assert run.settings.canary in seeded["result"] and "{{canary}}" not in seeded["result"]
    attempt = run.attempts.get(scenario_key="rt-PI-001.tool")
    assert attempt.verdict == "fail" and "canary" in attempt.rationale
    assert _findings(run)["rt-PI-001.tool"]["status"] == "Bypassed"


def test_a_tool_result_attack_is_not_scored_where_the_protocol_has_no_tool_messages(planted, launch) -> None:
    agent = planted("tool_result", protocol="simple_chat", model_name="")
    run = launch(agent=agent, suite=None, runs_per_scenario=1, parallel=2, redteam_depth="quick",
                 redteam_strategies=("tool_result",))  # fmt: skip
    assert any("put instructions in a tool result" in w for w in run.settings.launch_warnings)
    attempt = run.attempts.get(scenario_key="rt-PI-001.tool")
    assert attempt.verdict == "not_scored" and attempt.not_scored_cause == "no_tool_messages"
    assert "cannot be sent tool messages" in attempt.rationale
    assert _findings(run)["rt-PI-001.tool"]["status"] == "Not scored"
