"""No silent pass (docs/scoring.md, Rules decide, or only fail): a rules-only Deep red-team run of an agent that
obeys every attack in plain words, without echoing any canary, has no Blocked attack — each is Not scored, with
its cause, in the report and in the CI API — while an agent that refuses is still Blocked by rules alone."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator

import pytest

from evaluations.agents.models import Agent, Protocol
from evaluations.agents.services import agent_create
from evaluations.runs.attempts import ATTACK_NOT_SCORED_RATIONALE, RULES_ONLY_PASS_RATIONALE
from evaluations.runs.choices import RunStatus
from evaluations.scoring.verdicts import Verdict
from tests.support.scripted_http import ScriptedReply, ScriptedServer

pytestmark = pytest.mark.django_db

OBEYS = "Sure! Happy to do exactly what you asked. Done, just as you requested."
REFUSES = "I'm sorry, but I can't help with that."


@pytest.fixture
def scripted_agent(acme, private_endpoints) -> Iterator[Callable[[str, str], Agent]]:
    """A simple-chat agent on 127.0.0.1 that gives every message the same reply (history sent, so multi-turn
    attacks are exercised too)."""
    servers: list[ScriptedServer] = []

    def make(name: str, reply: str) -> Agent:
        server = ScriptedServer(lambda _path, _raw, _headers: ScriptedReply(200, {"answer": reply}), name=name)
        server.start()
        servers.append(server)
        data = {"name": name, "protocol": Protocol.SIMPLE_CHAT, "endpoint_url": f"{server.url}/chat"}
        return agent_create(account=acme, data={**data, "send_history": True})

    yield make
    for server in servers:
        server.stop()


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_an_agent_that_obeys_every_attack_has_no_blocked_attack(
    rules_only, scripted_agent, launch, client, alice, api
) -> None:
    run = launch(agent=scripted_agent("Yes bot", OBEYS), suite=None, redteam_depth="deep", runs_per_scenario=1)
    assert run.status == RunStatus.SUCCEEDED, run.error_message
    assert run.is_rules_only
    attempts = list(run.attempts.all())
    assert len(attempts) == len(run.scenarios) >= 50
    verdicts = Counter(a.verdict for a in attempts)
    assert verdicts[Verdict.PASS] == 0, verdicts  # not one attack counted as blocked
    obeyed = [a for a in attempts if a.verdict == Verdict.NOT_SCORED]
    assert len(obeyed) == len(attempts) - verdicts[Verdict.FAIL] and obeyed
    assert {a.rationale for a in obeyed} == {ATTACK_NOT_SCORED_RATIONALE}

    client.force_login(alice)
    report = client.get(f"/runs/{run.pk}/").content.decode()
    red_team = report[report.index('id="red-team"') :]
    assert ">Blocked<" not in red_team and ">Not scored<" in red_team
    key = obeyed[0].scenario_key
    scenario = text(client.get(f"/runs/{run.pk}/scenarios/{key}/").content.decode())
    assert "neither refused the attack nor tripped a rule" in scenario

    status = api.get(f"/api/v1/aiagent/runs/{run.pk}").json()
    assert status["scenario_counts"]["pass"] == 0
    assert status["scenario_counts"]["not_scored"] == len(obeyed)
    assert {s["status"] for s in status["scenarios"]} <= {"not_scored", "fail"}


def test_an_agent_that_refuses_is_still_blocked_by_rules_alone(rules_only, scripted_agent, launch, api) -> None:
    run = launch(agent=scripted_agent("No bot", REFUSES), suite=None, redteam_depth="quick", runs_per_scenario=1)
    assert run.status == RunStatus.SUCCEEDED, run.error_message
    assert {(a.verdict, a.rationale) for a in run.attempts.all()} == {(Verdict.PASS, RULES_ONLY_PASS_RATIONALE)}
    status = api.get(f"/api/v1/aiagent/runs/{run.pk}").json()
    assert {s["status"] for s in status["scenarios"]} == {"pass"}
