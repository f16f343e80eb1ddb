"""The web side of comparable-by-construction: Run starts from the pinned
baseline's settings, every finished run offers "Run again with the same settings" with its estimate, the estimate
line says whether the run will be comparable, a launch with too few runs is warned, and a run can be gated
against another endpoint's baseline."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.urls import reverse

from evaluations.gate.selectors import run_gate
from evaluations.gate.services import baseline_pin
from evaluations.launches.plan import low_power_warning
from evaluations.runs.models import EvaluationRun


def _form_data(agent: Any, suite: Any, **overrides: Any) -> dict[str, Any]:
    return {
        "agent": agent.pk, "suite": suite.pk, "runs_per_scenario": 3, "parallel": 4, "api_key": "",
        "endpoint_url": "", "allowed_contacts": "", **overrides,
    }  # fmt: skip


def _selected(html: str, name: str) -> str:
    """The selected option's value of a select."""
    select = re.search(rf'<select name="{name}".*?</select>', html, re.S)
    assert select, name
    chosen = re.search(r'<option value="([^"]*)"[^>]*selected', select.group(0))
    return chosen.group(1) if chosen else ""


def _value(html: str, name: str) -> str:
    found = re.search(rf'<input type="number" name="{name}" value="([^"]*)"', html)
    assert found, name
    return found.group(1)


@pytest.fixture
def pinned(alice, demo_agent_record, demo_suite, launch) -> EvaluationRun:
    run = launch(
        agent=demo_agent_record, suite=demo_suite, runs_per_scenario=2, parallel=2, redteam_depth="quick",
        judge_strictness="strict",
    )  # fmt: skip
    baseline_pin(run=run, user=alice)
    return run


def test_run_starts_from_the_pinned_baseline_settings(client, alice, demo_agent_record, demo_suite, pinned) -> None:
    client.force_login(alice)
    html = client.get(reverse("evaluations:run-new"), {"agent": demo_agent_record.pk, "suite": demo_suite.pk}).content
    page = html.decode()
    assert _selected(page, "redteam_depth") == "quick" and _selected(page, "judge_strictness") == "strict"
    assert _value(page, "runs_per_scenario") == "2" and _value(page, "parallel") == "2"
    assert f"Comparable with the pinned baseline (run #{pinned.pk})" in page
    n = demo_suite.scenarios.count() + 7  # the suite and the Quick attacks
    assert f"{n} scenarios × 2 runs = {n * 2} conversations" in page


def test_every_finished_run_offers_run_again_with_its_estimate(
    client, alice, demo_agent_record, demo_suite, launch
) -> None:
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1, judge_strictness="lenient")
    client.force_login(alice)
    report = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    link = f'href="{reverse("evaluations:run-new")}?again={run.pk}">Run again with the same settings</a>'
    assert link in report
    page = client.get(reverse("evaluations:run-new"), {"again": run.pk}).content.decode()
    assert _selected(page, "agent") == str(demo_agent_record.pk) and _selected(page, "suite") == str(demo_suite.pk)
    assert _value(page, "runs_per_scenario") == "1" and _selected(page, "judge_strictness") == "lenient"
    n = demo_suite.scenarios.count()
    assert f"{n} scenarios × 1 run = {n} conversations" in page and "up to " in page and "credit" in page
    assert "Estimate for 1 run per scenario " in page
    assert client.get(reverse("evaluations:run-new"), {"again": 999999}).status_code == 404


def test_the_estimate_line_warns_before_a_launch_that_cannot_be_compared(
    client, alice, demo_agent_record, demo_suite, pinned
) -> None:
    client.force_login(alice)
    data = _form_data(demo_agent_record, demo_suite, runs_per_scenario=2, parallel=2, judge_strictness="strict")
    line = client.get(reverse("evaluations:run-estimate"), data, headers={"HX-Request": "true"}).content.decode()
    assert "The red-team depth differs: Quick in the baseline, none in this run." in line
    data["redteam_depth"] = "quick"
    line = client.get(reverse("evaluations:run-estimate"), data, headers={"HX-Request": "true"}).content.decode()
    assert f"Comparable with the pinned baseline (run #{pinned.pk})" in line and "differs" not in line


def test_a_launch_with_one_run_per_scenario_is_warned(
    client, alice, demo_agent_record, demo_suite, django_capture_on_commit_callbacks
) -> None:
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("evaluations:run-new"), _form_data(demo_agent_record, demo_suite, runs_per_scenario=1), follow=True
        )
    page = response.content.decode()
    run = EvaluationRun.objects.get()
    warning = low_power_warning(runs_per_scenario=1, baseline_runs=None, kinds=[s["kind"] for s in run.scenarios])
    assert warning.startswith("Estimate for 1 run per scenario over ") and "Use 5 runs per scenario" in warning
    assert html.escape(warning) in page
    assert run.settings_snapshot["launch_warnings"] == [warning]


def test_the_form_gates_staging_against_the_production_baseline(
    client, alice, demo_agent_record, demo_suite, pinned, django_capture_on_commit_callbacks
) -> None:
    staging = demo_agent_record.endpoint_url.replace("127.0.0.1", "localhost")
    client.force_login(alice)
    data = _form_data(demo_agent_record, demo_suite, runs_per_scenario=2, parallel=2, redteam_depth="quick",
                      judge_strictness="strict", endpoint_url=staging)  # fmt: skip
    refused = client.post(reverse("evaluations:run-new"), {**data, "compare_with_endpoint": "http://localhost:1/x"})
    assert "No baseline is pinned for Northwind bot at http://localhost:1/x" in " ".join(
        refused.context["form"].errors["compare_with_endpoint"]
    )
    assert EvaluationRun.objects.count() == 1  # only the baseline
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("evaluations:run-new"), {**data, "compare_with_endpoint": demo_agent_record.endpoint_url})
    run = EvaluationRun.objects.order_by("-pk").first()
    assert run is not None
    assert run.endpoint_url == staging
    gate = run_gate(run=run)
    assert gate.baseline_run_id == pinned.pk and gate.state in ("pass", "blocked")


def test_the_report_of_a_staging_run_names_the_production_baseline_it_was_gated_against(
    client, alice, demo_agent_record, demo_suite, pinned, launch
) -> None:
    staging = demo_agent_record.endpoint_url.replace("127.0.0.1", "localhost")
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=2, parallel=2, redteam_depth="quick",
                 judge_strictness="strict", endpoint_url=staging,
                 compare_with_endpoint=demo_agent_record.endpoint_url)  # fmt: skip
    client.force_login(alice)
    page = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    assert (
        f'Compared with baseline <a href="{reverse("evaluations:run-report", args=[pinned.pk])}">run #{pinned.pk}</a>'
        in page
    )
    assert f'at <span class="mono">{demo_agent_record.endpoint_url}</span> (this run asked to be gated against' in page
    assert "Replaces run #" not in page  # pinning it pins staging's own baseline


def test_the_form_can_make_its_settings_the_suite_run_profile(
    client, alice, demo_agent_record, demo_suite, django_capture_on_commit_callbacks
) -> None:
    client.force_login(alice)
    data = _form_data(demo_agent_record, demo_suite, runs_per_scenario=5, parallel=3, judge_strictness="strict",
                      allowed_contacts="help@northwind.example\n+1 555 0100", save_as_run_profile="on")  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(reverse("evaluations:run-new"), data).status_code == 302
    demo_suite.refresh_from_db()
    assert demo_suite.run_profile == {
        "runs_per_scenario": 5, "parallel": 3, "redteam_depth": "", "judge_model": None, "judge_strictness": "strict",
        "allowed_contacts": ["help@northwind.example", "+1 555 0100"],
    }  # fmt: skip
    # With no baseline pinned, Run starts from the profile.
    page = client.get(reverse("evaluations:run-new"), {"agent": demo_agent_record.pk, "suite": demo_suite.pk})
    html = page.content.decode()
    assert _value(html, "runs_per_scenario") == "5" and _selected(html, "judge_strictness") == "strict"
    assert "help@northwind.example\n+1 555 0100" in html


def test_the_estimate_line_says_a_staging_run_without_a_comparison_is_not_gated(
    client, alice, demo_agent_record, demo_suite, pinned
) -> None:
    staging = demo_agent_record.endpoint_url.replace("127.0.0.1", "localhost")
    production = demo_agent_record.endpoint_url
    client.force_login(alice)
    data = _form_data(demo_agent_record, demo_suite, runs_per_scenario=2, parallel=2, redteam_depth="quick",
                      judge_strictness="strict", endpoint_url=staging)  # fmt: skip
    line = client.get(reverse("evaluations:run-estimate"), data, headers={"HX-Request": "true"}).content.decode()
    assert (
        f"Not gated: this run goes to {staging} (an endpoint override), where no baseline is pinned with suite "
        "“Demo”, and compare_with_endpoint is not set"
    ) in line
    assert f"Northwind bot has a baseline at {production} (run #{pinned.pk}): to gate this run against it, set " in line
    assert f"compare_with_endpoint: {production}" in line
    data["compare_with_endpoint"] = production
    gated = client.get(reverse("evaluations:run-estimate"), data, headers={"HX-Request": "true"}).content.decode()
    assert "Not gated" not in gated and f"Comparable with the pinned baseline (run #{pinned.pk})" in gated
