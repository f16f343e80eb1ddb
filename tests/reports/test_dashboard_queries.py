"""The signed-in home page (the dashboard) answers in the same number of queries for 1 agent as for 20: each
agent's verdict is read from the records with the others' (one query), and the gate of runs without a record with
the others' (one query for the pins, one for the earlier runs' flaky scenarios)."""

from __future__ import annotations

import types
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from evaluations.agents.services import agent_create
from evaluations.gate.selectors import run_gate
from evaluations.gate.services import baseline_pin, verdict_record_finish
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import EvaluationRun
from evaluations.scoring.metrics import compute_metrics
from suites.services import suite_create

# session, user, the user's workspaces (once per scoped list: 6), agents, trends, latest runs, running runs,
# monitors, workspaces and the one workspace's balance, suites, recent runs (read as rows with the latest runs: their
# verdict records and sources, docs/runs.md#run-lists)
DASHBOARD_QUERY_CEILING = 18
# and for runs without a record (ended before verdicts were recorded), their gate now: the pins and the earlier
# runs' flaky scenarios (two queries)
UNRECORDED_QUERY_CEILING = 21  # 19, 21, 23 and 25 for 1 to 4 agents while each agent's gate was read on its own
SCENARIOS = [
    {"kind": "accuracy", "name": "Refund window", "turns": ["How long?"]},
    {"kind": "guardrails", "name": "Discount abuse", "turns": ["50% off?"]},
]


def finished_run(agent: Any, suite: Any, outcomes: dict[str, list[str]]) -> EvaluationRun:
    specs = [s.to_spec() for s in suite.scenarios.order_by("position", "pk")]
    attempts = [
        types.SimpleNamespace(scenario_key=spec.key, verdict=verdict, is_refusal=False, is_breach=False, latency_ms=9)
        for spec in specs
        for verdict in outcomes.get(spec.name, ["pass"] * 3)
    ]
    summary = compute_metrics(specs, attempts)
    return EvaluationRun.objects.create(
        account=agent.account, agent=agent, suite=suite, agent_name=agent.name, suite_name=suite.name,
        suite_version=suite.version, endpoint_url=agent.endpoint_url,
        settings_snapshot={"mode": "saved_suite", "redteam_depth": "", "redteam_library_version": ""},
        scenarios=[s.to_dict() for s in specs], runs_per_scenario=3, status=RunStatus.SUCCEEDED,
        metrics=summary, trust_score=summary["trust_score"], finished_at=timezone.now(),
    )  # fmt: skip


def agents_with_gates(acme: Any, alice: Any, count: int) -> list[tuple[Any, EvaluationRun]]:
    """``count`` agents, each with an earlier run that was flaky, a pinned baseline and a latest run: passing for
    even agents, blocked for odd ones."""
    made = []
    for i in range(count):
        agent = agent_create(account=acme, data={"name": f"Bot {i:02}", "protocol": "simple_chat",
                                                  "endpoint_url": f"http://127.0.0.1:9/chat/{i}"})  # fmt: skip
        suite = suite_create(account=acme, agent=agent, name=f"Suite {i:02}", scenarios=SCENARIOS)
        finished_run(agent, suite, {"Refund window": ["pass", "fail", "pass"]})
        baseline_pin(run=finished_run(agent, suite, {}), user=alice)
        latest = finished_run(agent, suite, {} if i % 2 == 0 else {"Discount abuse": ["fail"] * 3})
        made.append((agent, latest))
    return made


@pytest.mark.parametrize("recorded", [True, False])
@pytest.mark.parametrize("agents", [1, 20])
def test_the_dashboard_queries_do_not_grow_with_the_agents(
    client, alice, acme, django_assert_max_num_queries, agents, recorded
) -> None:
    made = agents_with_gates(acme, alice, agents)
    if recorded:  # as the finish task writes them
        for run_id in EvaluationRun.objects.values_list("pk", flat=True):
            verdict_record_finish(run_id=run_id)
    client.force_login(alice)
    with django_assert_max_num_queries(DASHBOARD_QUERY_CEILING if recorded else UNRECORDED_QUERY_CEILING):
        response = client.get(reverse("evaluations:dashboard"))
    assert response.status_code == 200
    shown = {agent.pk: agent.latest.reasons for agent in response.context["agents"]}
    for agent, latest in made:  # each agent's gate is the one its latest run's report shows
        assert shown[agent.pk] == run_gate(run=latest).reasons
    page = response.content.decode()
    page = page[page.index("<h2>Agents</h2>") : page.index("<h2>Saved suites</h2>")]  # the agents' rows
    assert page.count(">PASS</span>") == (agents + 1) // 2 and page.count(">BLOCKED</span>") == agents // 2
