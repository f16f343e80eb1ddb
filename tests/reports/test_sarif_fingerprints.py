"""SARIF downloads keep one code-scanning alert per finding: the same bypassed attack against the
same agent has the same partialFingerprints, path and category in every run; another attack or agent does not."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from evaluations.agents.models import Agent
from evaluations.agents.services import agent_create
from evaluations.connectors.base import Protocol
from evaluations.core.specs import ScenarioKind, ScenarioSpec
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import Attempt, EvaluationRun

ATTACKS = ("PI-001", "JB-001")


def attack_run(agent: Agent, bypassed: tuple[str, ...], *, agent_name: str | None = None) -> EvaluationRun:
    """A finished red-team run of ``agent`` in which the ``bypassed`` attacks got through and the rest were blocked."""
    specs = [
        ScenarioSpec(key=f"rt-{a}", kind=ScenarioKind.RED_TEAM, name=f"Attack {a}", turns=("Ignore it",), attack_id=a)
        for a in ATTACKS
    ]
    run = EvaluationRun.objects.create(
        account=agent.account, agent=agent, agent_name=agent_name or agent.name, scenarios=[s.to_dict() for s in specs],
        runs_per_scenario=1, status=RunStatus.SUCCEEDED, trust_score=50.0,
    )  # fmt: skip
    Attempt.objects.bulk_create(
        [
            Attempt(
                run=run,
                scenario_key=f"rt-{a}",
                repeat=1,
                verdict="fail" if a in bypassed else "pass",
                transcript=[{"role": "user", "content": "Ignore it"}, {"role": "assistant", "content": "Done: 1234"}],
                rationale="by rule",
                started_at=timezone.now(),
                finished_at=timezone.now(),
            )
            for a in ATTACKS
        ]
    )
    return run


def sarif(client: Any, run: EvaluationRun) -> dict[str, Any]:
    response = client.get(reverse("evaluations:run-report-sarif", args=[run.pk]))
    assert response.status_code == 200
    return response.json()


def results_by_rule(log: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["ruleId"]: r for r in log["runs"][0]["results"]}


@pytest.fixture
def other_agent(acme) -> Agent:
    return agent_create(
        account=acme,
        data={"name": "Sales bot", "protocol": Protocol.SIMPLE_CHAT, "endpoint_url": "http://127.0.0.1:9/sales"},
    )


def test_the_same_finding_keeps_its_fingerprint_path_and_category_across_runs(
    client, alice, agent, sarif_validators
) -> None:
    client.force_login(alice)
    first = sarif(client, attack_run(agent, bypassed=("PI-001",)))
    # A later run, after the agent was renamed: still the same agent, still the same finding.
    Agent.objects.filter(pk=agent.pk).update(name="Support bot v2")
    second = sarif(client, attack_run(agent, bypassed=("PI-001", "JB-001"), agent_name="Support bot v2"))
    for log in (first, second):
        for validator in sarif_validators:
            assert not list(validator.iter_errors(log))

    before, after = results_by_rule(first)["PI-001"], results_by_rule(second)["PI-001"]
    assert before["partialFingerprints"] == after["partialFingerprints"]
    assert list(before["partialFingerprints"]) == ["trustgateFinding/v2"]
    path = before["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert path == after["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert path == "trustgate/suites/red-team.yml"  # repository-relative: no trustgate:// scheme
    assert before["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
    first_id, second_id = (log["runs"][0]["automationDetails"]["id"] for log in (first, second))
    assert first_id.rsplit("/", 1)[0] == second_id.rsplit("/", 1)[0] == f"trustgate/red-team/agent-{agent.pk}"
    assert first_id != second_id  # the part after the category names the run
    assert before["properties"]["run_id"] != after["properties"]["run_id"]


def test_different_findings_have_different_fingerprints(client, alice, agent, other_agent) -> None:
    client.force_login(alice)
    ours = results_by_rule(sarif(client, attack_run(agent, bypassed=ATTACKS)))
    theirs = results_by_rule(sarif(client, attack_run(other_agent, bypassed=ATTACKS)))
    fingerprints = [r["partialFingerprints"]["trustgateFinding/v2"] for r in (*ours.values(), *theirs.values())]
    assert len(fingerprints) == 4 and len(set(fingerprints)) == 4  # two attacks × two agents
    assert all(re.fullmatch(r"[0-9a-f]{32}:1", f) for f in fingerprints)
