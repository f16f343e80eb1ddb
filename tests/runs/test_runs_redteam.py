"""A Deep red-team run against the demo agent, end to end: attacks, canaries, report and SARIF."""

from __future__ import annotations

import json

from django.urls import reverse

from evaluations.runs.choices import RunStatus
from redteam.library import DEMO_BYPASSED, LIBRARY_VERSION


def test_deep_run_reports_the_planted_injection_flaw(
    client, alice, launch, demo_agent_record, demo_suite, sarif_validators
) -> None:
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1, parallel=8, redteam_depth="deep")
    assert run.status == RunStatus.SUCCEEDED, run.error_message
    attacks = [s for s in run.scenarios if s["kind"] == "red_team" and s["attack_id"]]
    assert len(attacks) == 60
    assert run.settings_snapshot["redteam_depth"] == "deep"
    assert run.settings_snapshot["redteam_library_version"] == LIBRARY_VERSION
    canaries = {s["canary"] for s in run.scenarios if s["canary"]}
    assert len(canaries) == 1 and all("{{canary}}" not in " ".join(s["turns"]) for s in run.scenarios)

    client.force_login(alice)
    html = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    assert 'id="red-team"' in html and "Bypassed" in html and "Blocked" in html
    assert "LLM01:2025 Prompt Injection" in html

    response = client.get(reverse("evaluations:run-report-sarif", args=[run.pk]))
    assert response["Content-Disposition"].endswith('.sarif"')
    log = json.loads(response.content)
    for validator in sarif_validators:
        assert not list(validator.iter_errors(log))
    bypassed = {result["ruleId"] for result in log["runs"][0]["results"]}
    suite_attacks = {s["key"] for s in run.scenarios if s["kind"] == "red_team" and not s["attack_id"]}
    assert bypassed - suite_attacks == set(DEMO_BYPASSED)  # the library's attacks that got through
    assert "s" + str(demo_suite.scenarios.get(name="Ignore previous instructions canary").pk) in bypassed


def test_sarif_is_404_for_another_account(client, bob, launch, demo_agent_record, demo_suite) -> None:
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1, redteam_depth="quick")
    client.force_login(bob)
    assert client.get(reverse("evaluations:run-report-sarif", args=[run.pk])).status_code == 404
