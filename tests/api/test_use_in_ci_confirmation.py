"""Confirmation runs through the Use in CI step against a live server (docs/gate.md, Confirmation runs): an agent
that regresses on one scenario only is BLOCKED after that scenario is driven again, and the same agent unchanged
passes without paying for any confirmation run; the step's log and the CI API say how many runs it took."""

from __future__ import annotations

import pytest
from django.urls import reverse

from billing.services import api_key_create
from evaluations.demo.suite import DEMO_SCENARIOS
from evaluations.gate.services import baseline_pin
from evaluations.runs.models import EvaluationRun
from suites.services import suite_create
from tests.api.test_use_in_ci import AGENT_KEY, _tools, fetch, run_bash
from tests.api.test_use_in_ci_staging import fetch_json

__all__ = ["fetch"]  # the live page fetcher, a fixture of the Use in CI tests

# The demo agent's regressed mode gets only the first of these wrong (its warranty answer says 6 months).
NAMES = ("Tent warranty", "Refund window", "Support contact")


@pytest.mark.django_db(transaction=True)
def test_one_scenario_regressing_is_blocked_after_confirmation_runs_and_unchanged_passes(
    live_server, fetch, alice, acme, demo_agent_record, demo_agent_mode, tmp_path
) -> None:
    _tools()
    scenarios = [next(s for s in DEMO_SCENARIOS if s["name"] == name) for name in NAMES]
    suite = suite_create(account=acme, agent=demo_agent_record, name="Three answers", scenarios=scenarios)
    _, token = api_key_create(user=alice, account=acme, name="CI")
    script = fetch(reverse("suites:ci-script", args=[suite.pk]))
    env = {"TRUSTGATE_API_KEY": token, "AGENT_API_KEY": AGENT_KEY}

    first = run_bash(script, tmp_path, env)
    assert first.returncode == 0, first.stdout + first.stderr
    baseline_pin(run=EvaluationRun.objects.get(), user=alice)

    demo_agent_mode("regressed")
    regressed = run_bash(script, tmp_path, env)
    assert regressed.returncode == 1, regressed.stdout + regressed.stderr
    assert "Release gate blocked" in regressed.stdout
    assert "3 runs + 6 confirmation runs for 1 scenario (“Tent warranty”)" in regressed.stdout
    run = EvaluationRun.objects.order_by("-pk").first()
    assert run is not None and run.attempts.count() == 3 * 3 + 6
    status = fetch_json(live_server.url, token, run.pk)
    assert status["verdict"] == "fail" and status["gate"]["state"] == "blocked"
    assert status["gate"]["confirmation"] == {
        "stage": 2,
        "runs_per_scenario": 3,
        "confirmation_runs": 6,
        "scenarios": ["Tent warranty"],
        "level": 0.02,
        "summary": "3 runs + 6 confirmation runs for 1 scenario",
    }
    assert status["verdict_at_finish"]["gate"]["confirmation"]["stage"] == 2  # the record says which look decided
    assert status["progress"]["total"] == 3 * 3 + 6

    demo_agent_mode("normal")
    unchanged = run_bash(script, tmp_path, env)
    assert unchanged.returncode == 0, unchanged.stdout + unchanged.stderr
    assert "3 runs, no confirmation runs needed" in unchanged.stdout
    run = EvaluationRun.objects.order_by("-pk").first()
    assert run is not None and run.attempts.count() == 3 * 3
    gate = fetch_json(live_server.url, token, run.pk)["gate"]
    assert gate["state"] == "pass" and gate["confirmation"]["stage"] == 1
