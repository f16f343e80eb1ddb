"""A web launch and a CI launch differ only in their adapter: both enter evaluations/launches/ and its one
service, the CI API never touches the HTML form, and both freeze the same typed settings."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

import pytest
from django.test import Client

from evaluations.runs.models import EvaluationRun
from suites.services import suite_create
from tests.support.fixtures_api import Api

RUNS = "/api/v1/aiagent/runs"
OURS = ("evaluations", "suites", "redteam", "billing", "evalsite")


@contextmanager
def modules_entered() -> Iterator[set[str]]:
    """The project modules whose functions ran while the block ran (a profile hook on this thread)."""
    entered: set[str] = set()

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            name = frame.f_globals.get("__name__", "")
            if name.startswith(OURS):
                entered.add(name)

    previous: Callable[..., Any] | None = sys.getprofile()
    sys.setprofile(profile)
    try:
        yield entered
    finally:
        sys.setprofile(previous)


@pytest.fixture
def suite(acme, agent):
    return suite_create(
        account=acme, agent=agent, name="Support suite",
        scenarios=[{"kind": "accuracy", "name": "Refund window", "turns": ["How long?"], "required_phrases": ["days"]}],
    )  # fmt: skip


def test_web_and_api_launches_go_through_the_one_launch_service(
    client: Client, alice: Any, agent: Any, suite: Any, api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    from evaluations.runs import services as run_services

    monkeypatch.setattr(run_services, "async_task", lambda *args, **kwargs: None)  # launch only: nothing runs
    client.force_login(alice)
    form = {"mode": "saved", "agent": agent.pk, "suite": suite.pk, "runs_per_scenario": 2, "parallel": 1}
    with modules_entered() as web:
        assert client.post("/runs/new/", form).status_code == 302
    with modules_entered() as ci:
        response = api.post(RUNS, {"suite": suite.pk, "runs_per_scenario": 2, "parallel": 1, "max_breaches": 0})
    assert response.status_code == 202, response.json()

    for entered in (web, ci):
        assert {"evaluations.launches.services", "evaluations.launches.plan", "evaluations.launches.request"} <= entered
    assert "evaluations.launches.forms" in web and "evaluations.launches.forms" not in ci  # the API: a serializer
    assert "evaluations.launches.views" not in ci

    web_run, ci_run = EvaluationRun.objects.order_by("pk")
    web_settings, ci_settings = web_run.settings, ci_run.settings
    assert ci_settings.launched_via == "api" and web_settings.launched_via == ""
    assert ci_settings.gate_options.max_breaches == 0 and web_settings.gate_options.max_breaches is None
    # Everything else a run freezes is the same for the same launch, whichever door it came through.
    same = ("mode", "knowledge", "allowed_contacts", "secret_markers", "judge_provider", "redteam_depth")
    assert [getattr(web_settings, f) for f in same] == [getattr(ci_settings, f) for f in same]
    assert (web_run.runs_per_scenario, web_run.parallel, web_run.judge_model) == (
        ci_run.runs_per_scenario, ci_run.parallel, ci_run.judge_model
    )  # fmt: skip
