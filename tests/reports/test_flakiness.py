"""Flakiness as a result: per scenario the pass rate and pass^k, and a Flaky label apart from failing
ones, in the report page, the JSON and JUnit downloads, the CI API's scenario results and the drift section."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

import pytest
import xmlschema
from django.urls import reverse
from django.utils import timezone

from evaluations.agents.models import Agent, JudgeModel
from evaluations.gate.services import baseline_pin
from evaluations.runs.choices import RunStage, RunStatus
from evaluations.runs.models import Attempt, EvaluationRun
from evaluations.scoring.flakiness import scenario_flakiness
from evaluations.scoring.metrics import compute_metrics
from suites.services import suite_create
from tests.support.schemas import JUNIT_XSD

SCENARIOS = [
    {"kind": "accuracy", "name": "Refund window", "turns": ["How long?"]},
    {"kind": "accuracy", "name": "Warranty", "turns": ["Warranty?"]},
    {"kind": "guardrails", "name": "Discount abuse", "turns": ["50% off?"]},
]
# Refund window always passes, Warranty passes 2 of 3 runs (flaky), Discount abuse never passes (failing).
OUTCOMES = {"Refund window": "ppp", "Warranty": "ppf", "Discount abuse": "fff"}


@pytest.fixture
def suite(acme, agent):
    return suite_create(account=acme, agent=agent, name="Support suite", scenarios=SCENARIOS)


def suite_run(agent: Agent, suite: Any, outcomes: Mapping[str, Sequence[str]]) -> EvaluationRun:
    """A finished run of ``suite`` with real attempts: ``outcomes`` maps a scenario name to "p"/"f" per run."""
    specs = [s.to_spec() for s in suite.scenarios.filter(is_active=True).order_by("position", "pk")]
    now = timezone.now()
    attempts = [
        Attempt(
            scenario_key=spec.key,
            repeat=repeat,
            verdict={"p": "pass", "f": "fail"}[letter],
            is_breach=letter == "f" and spec.kind.value == "guardrails",
            transcript=[{"role": "user", "content": spec.turns[0]}, {"role": "assistant", "content": "Reply"}],
            rationale=f"{spec.name} run {repeat}",
            latency_ms=100,
            started_at=now - timedelta(seconds=1),
            finished_at=now,
        )
        for spec in specs
        for repeat, letter in enumerate(outcomes[spec.name], start=1)
    ]
    metrics = compute_metrics(specs, attempts)
    run = EvaluationRun.objects.create(
        account=agent.account, agent=agent, suite=suite, agent_name=agent.name, suite_name=suite.name,
        suite_version=suite.version, endpoint_url=agent.endpoint_url, scenarios=[s.to_dict() for s in specs],
        settings_snapshot={"mode": "saved_suite", "judge_provider": "rules_only", "redteam_depth": "",
                           "redteam_library_version": ""},
        runs_per_scenario=3, judge_model=JudgeModel.RULES_ONLY, status=RunStatus.SUCCEEDED, stage=RunStage.DONE,
        metrics=metrics, trust_score=metrics["trust_score"], started_at=now - timedelta(minutes=1), finished_at=now,
    )  # fmt: skip
    for a in attempts:
        a.run = run
    Attempt.objects.bulk_create(attempts)
    return run


def row_of(html: str, key: str) -> str:
    match = re.search(rf'<tr id="scenario-{re.escape(key)}">(.*?)</tr>', html, re.S)
    assert match, key
    return match.group(1)


def test_flakiness_of_a_scenario_from_its_scored_runs() -> None:
    flaky = scenario_flakiness(passed=2, failed=1, runs_per_scenario=3)
    assert (flaky.stability, flaky.label, flaky.pass_rate, flaky.pass_k) == ("flaky", "Flaky", 66.7, 29.6)
    assert flaky.summary == "Flaky: 2 of 3 scored runs passed (67%); all 3 runs pass 30% of the time."
    passing = scenario_flakiness(passed=3, failed=0, runs_per_scenario=3)
    assert (passing.stability, passing.pass_rate, passing.pass_k, passing.is_flaky) == ("passing", 100, 100, False)
    failing = scenario_flakiness(passed=0, failed=3, runs_per_scenario=3)
    assert (failing.label, failing.pass_rate, failing.pass_k, failing.is_flaky) == ("Failing", 0, 0, False)
    unscored = scenario_flakiness(passed=0, failed=0, runs_per_scenario=3)
    assert (unscored.stability, unscored.pass_rate, unscored.pass_k) == ("", None, None)
    assert unscored.summary == "Not scored: no run of this scenario was scored."
    # Rounding never shows a flaky scenario as always or never passing.
    assert scenario_flakiness(passed=199, failed=1, runs_per_scenario=3).summary == (
        "Flaky: 199 of 200 scored runs passed (99.5%); all 3 runs pass 98% of the time."
    )
    assert scenario_flakiness(passed=1, failed=199, runs_per_scenario=3).summary == (
        "Flaky: 1 of 200 scored runs passed (0.5%); all 3 runs pass under 0.1% of the time."
    )
    # With 1 run per scenario nothing can be seen to swing.
    assert scenario_flakiness(passed=1, failed=0, runs_per_scenario=1).pass_k == 100


def test_report_page_shows_pass_rate_pass_k_and_flaky_apart_from_failing(client, alice, agent, suite) -> None:
    run = suite_run(agent, suite, OUTCOMES)
    client.force_login(alice)
    html = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    keys = {s["name"]: s["key"] for s in run.scenarios}

    assert '<th class="num">Pass rate</th><th class="num">Pass^3</th>' in html
    warranty = row_of(html, keys["Warranty"])
    assert ">Flaky</span>" in warranty and ">Fail</span>" not in warranty
    assert '<td class="num">66.7%</td><td class="num">29.6%</td>' in warranty
    discount = row_of(html, keys["Discount abuse"])
    assert 'class="badge fail">Fail</span>' in discount and "Flaky" not in discount
    assert '<td class="num">0%</td><td class="num">0%</td>' in discount
    refund = row_of(html, keys["Refund window"])
    assert 'class="badge pass">Pass</span>' in refund and '<td class="num">100%</td><td class="num">100%</td>' in refund
    assert "1 passed · 2 failed (1 flaky)" in html
    assert "Flaky: 2 of 3 scored runs passed (67%); all 3 runs pass 30% of the time." in html


def test_json_report_carries_pass_rate_pass_k_and_stability(client, alice, agent, suite) -> None:
    run = suite_run(agent, suite, OUTCOMES)
    client.force_login(alice)
    data = client.get(reverse("evaluations:run-report-json", args=[run.pk])).json()
    by_name = {s["name"]: s for s in data["scenarios"]}
    warranty = by_name["Warranty"]
    assert (warranty["status"], warranty["stability"], warranty["is_flaky"]) == ("fail", "flaky", True)
    assert (warranty["pass_rate"], warranty["pass_k"], warranty["k"]) == (66.7, 29.6, 3)
    assert (by_name["Discount abuse"]["stability"], by_name["Discount abuse"]["is_flaky"]) == ("failing", False)
    assert by_name["Refund window"]["stability"] == "passing"
    assert data["scenario_counts"] == {"pass": 1, "fail": 2, "not_scored": 0, "error": 0, "flaky": 1}


def test_junit_marks_flaky_scenarios_and_stays_valid(client, alice, agent, suite) -> None:
    run = suite_run(agent, suite, OUTCOMES)
    client.force_login(alice)
    body = client.get(reverse("evaluations:run-report-junit", args=[run.pk])).content
    xmlschema.XMLSchema(str(JUNIT_XSD)).validate(io.BytesIO(body))

    root = ET.fromstring(body)
    assert (root.get("tests"), root.get("failures")) == ("4", "2")  # the scenarios and the gate, which passes
    props = [(p.get("name"), p.get("value")) for p in root.iter("property")]
    assert ("flaky_scenarios", "1") in props and ("flaky", "Warranty") in props
    assert ("flaky", "Discount abuse") not in props
    cases = {c.get("name"): c for c in root.iter("testcase")}
    flaky = cases["Warranty"].find("failure")
    assert flaky is not None and flaky.get("type") == "fail"  # a failure all the same: named flaky in the properties
    assert flaky.get("message", "").startswith("Flaky: 2 of 3 scored runs passed (67%); all 3 runs pass 30%")
    failing = cases["Discount abuse"].find("failure")
    assert failing is not None and failing.get("type") == "fail"
    assert failing.get("message", "").startswith("Failing: 0 of 3 scored runs passed (0%)")
    assert cases["Refund window"].find("failure") is None
    assert "Flaky scenarios (some runs passed, some failed): 1" in (root.findtext("system-out") or "")


def test_ci_api_scenario_results_carry_flakiness_and_warn(api, agent, suite) -> None:
    run = suite_run(agent, suite, OUTCOMES)
    response = api.get(f"/api/v1/aiagent/runs/{run.pk}")
    assert response.status_code == 200
    body = response.json()
    by_name = {s["name"]: s for s in body["scenarios"]}
    warranty = by_name["Warranty"]
    assert (warranty["is_flaky"], warranty["stability"], warranty["pass_rate"], warranty["pass_k"]) == (
        True,
        "flaky",
        66.7,
        29.6,
    )
    assert by_name["Discount abuse"]["is_flaky"] is False and by_name["Discount abuse"]["stability"] == "failing"
    assert body["scenario_counts"]["flaky"] == 1
    assert (
        "Flaky scenario “Warranty” (some runs passed, some failed): 2 of 3 scored runs passed (67%); "
        "all 3 runs pass 30% of the time." in body["warnings"]
    )
    assert body["verdict"] == "pass"
    assert body["reasons"] == [
        "Passed: no baseline is pinned and no threshold was set. 3 attempts breached; "
        "2 scenarios failed (1 of them flaky)."
    ]


def test_drift_section_tells_newly_flaky_from_already_flaky(client, alice, agent, suite) -> None:
    baseline = suite_run(agent, suite, {"Refund window": "ppp", "Warranty": "ppf", "Discount abuse": "ppp"})
    baseline_pin(run=baseline, user=alice)
    current = suite_run(agent, suite, {"Refund window": "pfp", "Warranty": "fpp", "Discount abuse": "ppp"})
    keys = {s["name"]: s["key"] for s in current.scenarios}
    client.force_login(alice)
    html = client.get(reverse("evaluations:run-report", args=[current.pk])).content.decode()

    section = html.split('id="drift-flaky"', 1)[1].split("</table>", 1)[0]
    refund = re.search(rf'id="drift-flaky-{keys["Refund window"]}">(.*?)</tr>', section, re.S)
    assert refund is not None and "Newly flaky" in refund.group(1)
    assert "Passing</span> 3/3 passed · pass^3 100%" in refund.group(1)
    assert "Flaky</span> 2/3 passed · pass^3 30%" in refund.group(1)
    warranty = re.search(rf'id="drift-flaky-{keys["Warranty"]}">(.*?)</tr>', section, re.S)
    assert warranty is not None and "Newly flaky" not in warranty.group(1)
    assert warranty.group(1).count("Flaky</span> 2/3 passed") == 2  # flaky in the baseline too
    assert "Discount abuse" not in section  # passing in both

    # The JSON report's gate carries the same rows.
    gate = client.get(reverse("evaluations:run-report-json", args=[current.pk])).json()["gate"]
    rows = {row["name"]: row for row in gate["flaky_scenarios"]}
    assert set(rows) == {"Refund window", "Warranty"}
    assert rows["Refund window"]["is_new"] is True and rows["Warranty"]["is_new"] is False
    assert rows["Refund window"]["baseline"]["stability"] == "passing"
    assert (rows["Warranty"]["baseline"]["pass_k"], rows["Warranty"]["current"]["pass_k"]) == (29.6, 29.6)

    # The baseline's own report lists its flaky scenario without a comparison.
    html = client.get(reverse("evaluations:run-report", args=[baseline.pk])).content.decode()
    section = html.split('id="drift-flaky"', 1)[1].split("</table>", 1)[0]
    assert "Warranty" in section and "Newly flaky" not in section and "Refund window" not in section


def test_drift_section_says_when_nothing_is_flaky(client, alice, agent, suite) -> None:
    run = suite_run(agent, suite, {"Refund window": "ppp", "Warranty": "fff", "Discount abuse": "ppp"})
    client.force_login(alice)
    html = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    assert 'id="drift-flaky"' not in html
    assert "No scenario is flaky: every scored scenario passed or failed every time." in html


def test_the_api_schema_documents_the_flakiness_fields(client) -> None:
    schema = client.get("/api/v1/schema/?format=json").json()
    fields = schema["components"]["schemas"]["RunScenarioResult"]["properties"]
    assert {"pass_rate", "pass_k", "k", "stability", "is_flaky"} <= set(fields)
    assert "all k runs pass" in fields["pass_k"]["description"]
