"""A new suite version keeps the gate for the scenarios that did not change (docs/gate.md, "When the suite changes"):
the report, the launch plan and the CI API compare those, list new scenarios as having no baseline yet and retired
ones as gone, instead of NOT COMPARABLE for the whole run."""

from __future__ import annotations

from django.urls import reverse

from evaluations.gate.selectors import run_gate
from evaluations.gate.services import baseline_pin
from evaluations.launches.plan import launch_plan
from evaluations.launches.request import LaunchRequest
from suites.models import Scenario, SuiteVersion


def _new_version(suite) -> None:
    """Version 2: “Gift return window” retired, “Opening hours” added, the rest as they were."""
    Scenario.objects.filter(suite=suite, name="Gift return window").update(is_active=False, retired_in=2)
    Scenario.objects.create(suite=suite, kind="accuracy", name="Opening hours", turns=["When are you open?"],
                            required_phrases=["9"], introduced_in=2, position=99)  # fmt: skip
    suite.version = 2
    suite.save(update_fields=["version"])
    SuiteVersion.objects.create(suite=suite, number=2)


def test_the_report_plan_and_api_compare_what_did_not_change(
    client, api, alice, demo_agent_record, demo_suite, demo_agent_mode, launch
) -> None:
    baseline = launch(agent=demo_agent_record, suite=demo_suite)
    baseline_pin(run=baseline, user=alice)
    unchanged = demo_suite.scenarios.filter(is_active=True).count() - 1
    _new_version(demo_suite)

    plan = launch_plan(LaunchRequest(agent=demo_agent_record, suite=demo_suite))
    assert plan.comparable is True
    assert (
        f"Compared with baseline run #{baseline.pk} on what did not change: The suite changed since the baseline "
        f"(version 1 → 2): the gate compared the {unchanged} scenarios that did not change." in plan.warnings[0]
    )
    assert not any("leave the setting out" in warning for warning in plan.warnings)

    run = launch(agent=demo_agent_record, suite=demo_suite)
    result = run_gate(run=run)
    assert result.state == "pass" and result.baseline_run_id == baseline.pk
    client.force_login(alice)
    page = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    assert "NOT COMPARABLE" not in page
    assert "No baseline yet for 1 new or edited scenario: “Opening hours”." in page
    assert "Gone since the baseline (retired or replaced): “Gift return window”." in page
    gate = api.get(f"/api/v1/aiagent/runs/{run.pk}").json()["gate"]
    assert gate["suite_change"] == {"baseline_version": 1, "version": 2, "compared_scenarios": unchanged,
                                    "new_scenarios": ["Opening hours"], "edited_scenarios": [],
                                    "gone_scenarios": ["Gift return window"]}  # fmt: skip

    # A regression among the unchanged scenarios still blocks.
    demo_agent_mode("regressed")
    assert run_gate(run=launch(agent=demo_agent_record, suite=demo_suite)).state == "blocked"
