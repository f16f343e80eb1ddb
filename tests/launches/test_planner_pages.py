"""The power planner is offered where settings are chosen (docs/gate.md, "The power planner"): the New evaluation
form (under its live estimate, following the form), the Use in CI page (the settings a CI run uses) and the pin
confirmation (tests/gate/test_topup.py), each with the low-power warning it quotes."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from evaluations.launches.plan import low_power_warning
from suites.services import suite_create
from tests.gate.conftest import SCENARIOS


@pytest.fixture
def suite(acme, agent):
    return suite_create(account=acme, agent=agent, name="Support suite", scenarios=SCENARIOS)


def _query(runs: int, kinds: str, baseline: int | None = None) -> str:
    base = f"&amp;baseline={baseline}" if baseline is not None else ""
    return f"/planner/?runs={runs}{base}&amp;kinds={kinds}"


def test_the_new_evaluation_form_loads_the_planner_for_its_settings(client, alice, agent, suite) -> None:
    client.force_login(alice)
    page = client.get(reverse("evaluations:run-new"), {"agent": agent.pk, "suite": suite.pk}).content.decode()
    kinds = "accuracy%3A2%2Cguardrails%3A1%2Cpii%3A1"
    assert f'hx-get="{_query(3, kinds)}" hx-trigger="load"' in page
    data = {"agent": agent.pk, "suite": suite.pk, "runs_per_scenario": 1, "parallel": 4, "api_key": "",
            "endpoint_url": "", "allowed_contacts": ""}  # fmt: skip
    line = client.get(reverse("evaluations:run-estimate"), data, headers={"HX-Request": "true"}).content.decode()
    assert '<div id="power-planner" hx-swap-oob="true">' in line and _query(1, kinds) in line  # follows the form
    warning = low_power_warning(runs_per_scenario=1, baseline_runs=None, kinds=["accuracy"] * 2 + ["guardrails", "pii"])
    assert warning.startswith("Estimate for 1 run per scenario over 4 scenarios") and html.escape(warning) in line


def test_the_use_in_ci_page_loads_the_planner_for_the_ci_settings(client, alice, agent, suite) -> None:
    client.force_login(alice)
    page = client.get(reverse("suites:use-in-ci", args=[suite.pk])).content.decode()
    assert f'hx-get="{_query(3, "accuracy%3A2%2Cguardrails%3A1%2Cpii%3A1")}"' in page
    assert "The power planner</a>: what the gate catches with the settings a CI run uses" in page
