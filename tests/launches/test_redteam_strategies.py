"""Red-team strategies at launch: the form's multi-select and the estimate's count, the CI API's list, what the run
freezes, and comparability (another strategy set than the baseline's is not comparable)."""

from __future__ import annotations

from typing import Any

import pytest

from evaluations.gate.services import baseline_pin
from evaluations.runs.models import EvaluationRun

RUNS = "/api/v1/aiagent/runs"
RED_TEAM_ONLY = {"mode": "generate", "redteam_depth": "quick", "runs_per_scenario": 1, "parallel": 1}


@pytest.fixture
def start(api, django_capture_on_commit_callbacks):
    def do(body: dict[str, Any], *, expect: int = 202) -> Any:
        with django_capture_on_commit_callbacks(execute=True):
            response = api.post(RUNS, body)
        assert response.status_code == expect, response.content
        return response.json()

    return do


def test_the_form_offers_the_strategies_and_the_estimate_counts_their_attacks(client, alice, agent) -> None:
    client.force_login(alice)
    page = client.get("/runs/new/").content.decode()
    assert 'name="redteam_strategies" value="multi_turn"' in page and "Many-shot priming" in page
    plain = client.get("/runs/estimate/", {**RED_TEAM_ONLY, "agent": agent.pk}).content.decode()
    assert "7 scenarios × 1 run" in plain and "red team: 7 attacks: 7 from the library)" in plain
    body = {**RED_TEAM_ONLY, "agent": agent.pk, "redteam_strategies": ["roleplay", "spanish", "multi_turn"]}
    chosen = client.get("/runs/estimate/", body).content.decode()
    assert "28 scenarios × 1 run = 28 conversations" in chosen
    assert "red team: 28 attacks: 7 from the library, 21 composed by the strategies" in chosen
    assert 'id="run-credits"' in chosen


def test_an_unknown_strategy_on_the_form_is_a_sentence(client, alice, agent) -> None:
    client.force_login(alice)
    response = client.post("/runs/new/", {**RED_TEAM_ONLY, "agent": agent.pk, "redteam_strategies": ["sneaky"]})
    assert response.status_code == 200
    assert "Choose red-team strategies from the list shown." in response.content.decode()
    assert not EvaluationRun.objects.exists()


def test_the_api_launches_strategies_and_the_run_freezes_them(start, demo_suite, private_endpoints) -> None:
    body = start({"suite": demo_suite.pk, "runs_per_scenario": 1, "redteam_depth": "quick",
                  "redteam_strategies": ["spanish", "roleplay"], "redteam_seed": 5})  # fmt: skip
    run = EvaluationRun.objects.get(pk=body["id"])
    assert body["settings"]["redteam_strategies"] == ["roleplay", "spanish"]  # the registry's order
    assert run.settings.redteam_strategies == ("roleplay", "spanish") and run.settings.redteam_seed == 5
    composed = [s for s in run.scenarios if s.get("strategy")]
    assert len(composed) == 14 and {s["strategy"] for s in composed} == {"roleplay", "spanish"}
    assert {s["key"] for s in composed} >= {"rt-PI-001.role", "rt-EA-001.es"}


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (["sneaky"], "Item 1: Unknown red-team strategy “sneaky”; choose from multi_turn"),
        ("roleplay", 'Expected a list of items but got type "str".'),
    ],
)
def test_the_api_refuses_bad_strategies_with_a_sentence(api, demo_suite, value, message) -> None:
    response = api.post(RUNS, {"suite": demo_suite.pk, "redteam_strategies": value})
    assert response.status_code == 400, response.content
    assert response.json()["redteam_strategies"][0].startswith(message)
    assert not EvaluationRun.objects.exists()


def test_another_strategy_set_than_the_baseline_is_not_comparable(
    start, alice, launch, demo_agent_record, demo_suite
) -> None:
    baseline = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1, redteam_depth="quick",
                      redteam_strategies=("roleplay",))  # fmt: skip
    baseline_pin(run=baseline, user=alice)
    same = start({"suite": demo_suite.pk, "dry_run": True}, expect=200)
    assert same["comparable"] is True and same["settings"]["redteam_strategies"] == ["roleplay"]
    other = start({"suite": demo_suite.pk, "dry_run": True, "redteam_strategies": ["roleplay", "hindi"]}, expect=200)
    assert other["comparable"] is False
    assert any(
        "The red-team strategies differ: roleplay in the baseline, roleplay, hindi in this run." in w
        for w in other["warnings"]
    )
    none = start({"suite": demo_suite.pk, "dry_run": True, "redteam_strategies": []}, expect=200)
    assert none["comparable"] is False
