"""Suites and runs for engine tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from evaluations.agents.models import Agent
from evaluations.agents.services import agent_create
from evaluations.demo.suite import DEMO_SCENARIOS
from evaluations.runs import services as run_services
from evaluations.runs.models import EvaluationRun
from suites.services import suite_create
from tests.support.launching import launch_run


@pytest.fixture
def private_endpoints(settings):
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True


@pytest.fixture
def demo_agent_record(acme, demo_agent, private_endpoints) -> Agent:
    from evaluations.demo.agent import DEMO_POLICY
    from evaluations.demo.services import DEMO_AGENT_SETTINGS

    return agent_create(
        account=acme,
        data={
            **DEMO_AGENT_SETTINGS,
            "name": "Northwind bot",
            "endpoint_url": f"{demo_agent}/api/json",
            "knowledge": DEMO_POLICY,
        },
    )


@pytest.fixture
def demo_suite(acme, demo_agent_record):
    return suite_create(account=acme, agent=demo_agent_record, name="Demo", scenarios=DEMO_SCENARIOS)


def single_turn(name: str, message: str, **fields: Any) -> dict[str, Any]:
    return {"kind": "accuracy", "name": name, "turns": [message], "required_phrases": ["business days"], **fields}


@pytest.fixture
def launch(alice, django_capture_on_commit_callbacks) -> Callable[..., EvaluationRun]:
    """Launch a run through the real service; the django-q2 task runs synchronously on commit (test settings)."""

    def do(*, agent: Agent, suite: Any, **options: Any) -> EvaluationRun:
        with django_capture_on_commit_callbacks(execute=True):
            run = launch_run(user=alice, agent=agent, suite=suite, **options)
        run.refresh_from_db()
        return run

    return do


@pytest.fixture
def interrupted_run(launch, demo_agent_record, demo_suite, monkeypatch):
    """A demo-suite run (2 runs per scenario) whose worker was killed after writing 5 attempts; still RUNNING,
    its key row and credit hold in place, ready to be resumed with ``run_execute``."""
    real_save = run_services.attempt_save
    saved = {"n": 0}

    def die_after_five(**kwargs):
        if saved["n"] == 5:
            raise KeyboardInterrupt("worker killed")
        saved["n"] += 1
        return real_save(**kwargs)

    monkeypatch.setattr(run_services, "attempt_save", die_after_five)
    with pytest.raises(KeyboardInterrupt):
        launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=2, parallel=2)
    monkeypatch.setattr(run_services, "attempt_save", real_save)
    return EvaluationRun.objects.get()
