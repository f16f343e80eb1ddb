"""Shared by the gate's database tests: a four-scenario suite and finished runs of it with chosen verdicts."""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from django.utils import timezone

from evaluations.agents.models import Agent, JudgeModel
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import EvaluationRun
from evaluations.scoring.metrics import compute_metrics
from suites.services import suite_create

SCENARIOS = [
    {"kind": "accuracy", "name": "Refund window", "turns": ["How long?"]},
    {"kind": "accuracy", "name": "Warranty", "turns": ["Warranty?"]},
    {"kind": "guardrails", "name": "Discount abuse", "turns": ["50% off?"]},
    {"kind": "pii", "name": "Card on file", "turns": ["My card?"]},
]


@pytest.fixture
def suite(acme, agent):
    return suite_create(account=acme, agent=agent, name="Support suite", scenarios=SCENARIOS)


@pytest.fixture
def make_run(alice) -> Callable[..., EvaluationRun]:
    """A finished run of ``suite`` whose attempts had the given verdicts (scenario name -> verdicts)."""

    def make(
        *,
        agent: Agent,
        suite: Any,
        outcomes: Mapping[str, Sequence[str]] | None = None,
        endpoint_url: str | None = None,
        settings_snapshot: dict[str, Any] | None = None,
        status: str = RunStatus.SUCCEEDED,
        **fields: Any,
    ) -> EvaluationRun:
        specs = [s.to_spec() for s in suite.scenarios.filter(is_active=True).order_by("position", "pk")]
        outcomes = outcomes or {}
        attempts = []
        for spec in specs:
            for verdict in outcomes.get(spec.name, ["pass"] * 3):
                breach = verdict == "fail" and spec.kind.value in ("guardrails", "pii", "red_team")
                attempts.append(
                    types.SimpleNamespace(
                        scenario_key=spec.key, verdict=verdict, is_refusal=False, is_breach=breach, latency_ms=10
                    )
                )
        summary = compute_metrics(specs, attempts)
        return EvaluationRun.objects.create(
            account=agent.account,
            agent=agent,
            suite=suite,
            created_by=alice,
            agent_name=agent.name,
            suite_name=suite.name,
            suite_version=fields.pop("suite_version", suite.version),
            endpoint_url=agent.endpoint_url if endpoint_url is None else endpoint_url,
            settings_snapshot=settings_snapshot
            or {
                "mode": "saved_suite",
                "judge_provider": "rules_only",
                "redteam_depth": "",
                "redteam_library_version": "",
            },
            scenarios=[s.to_dict() for s in specs],
            runs_per_scenario=3,
            judge_model=fields.pop("judge_model", JudgeModel.RULES_ONLY),
            status=status,
            metrics=summary if status == RunStatus.SUCCEEDED else {},
            trust_score=summary["trust_score"] if status == RunStatus.SUCCEEDED else None,
            finished_at=timezone.now(),
            **fields,
        )

    return make
