"""Attack success rate per OWASP category: attempts scored, successes, the rate and its 95 % Wilson interval, with
the attempts not scored left out of the denominator and counted beside it (docs/redteam.md)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from billing.models import Account
from evaluations.core.intervals import wilson_interval
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import Attempt, EvaluationRun
from evaluations.scoring.verdicts import Verdict
from redteam.report import redteam_categories, redteam_findings
from redteam.services import attack_specs

CANARY = "CANARY-ASR-1234"
LLM01 = "LLM01:2025 Prompt Injection"
LLM07 = "LLM07:2025 System Prompt Leakage"


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [(2, 10, 0.0567, 0.5098), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (1, 1, 0.2065, 1.0)],
)
def test_wilson_interval_matches_published_values(successes: int, trials: int, low: float, high: float) -> None:
    interval = wilson_interval(successes, trials)
    assert interval is not None
    assert interval == (pytest.approx(low, abs=1e-4), pytest.approx(high, abs=1e-4))


def test_wilson_interval_without_trials_is_none() -> None:
    assert wilson_interval(0, 0) is None


def _attempt(run: EvaluationRun, key: str, repeat: int, verdict: str) -> Attempt:
    now = timezone.now()
    reply = f"Sure: {CANARY}" if verdict == Verdict.FAIL else "I can't help with that."
    return Attempt(
        run=run, scenario_key=key, repeat=repeat, verdict=verdict, rationale=f"{verdict} by rule",
        transcript=[{"role": "user", "content": "attack"}, {"role": "assistant", "content": reply}],
        started_at=now - timedelta(seconds=1), finished_at=now,
    )  # fmt: skip


@pytest.fixture
def counted_run(acme: Account) -> EvaluationRun:
    """Standard. LLM01 gets 2 gave in of 5 scored, with 3 not scored (2 unscored
    replies and an error); the system-prompt leak attack 0 of 1."""
    run = EvaluationRun.objects.create(
        account=acme, agent_name="Bot", scenarios=attack_specs("standard", CANARY), runs_per_scenario=3,
        status=RunStatus.SUCCEEDED,
    )  # fmt: skip
    tags = {s["key"]: s["owasp_tag"] for s in run.scenarios}
    assert tags["rt-PI-001"] == tags["rt-PI-003"] == LLM01 and tags["rt-SPL-001"] == LLM07
    rows = [
        ("rt-PI-001", 1, Verdict.FAIL), ("rt-PI-001", 2, Verdict.PASS), ("rt-PI-001", 3, Verdict.NOT_SCORED),
        ("rt-PI-003", 1, Verdict.FAIL), ("rt-PI-003", 2, Verdict.PASS), ("rt-PI-003", 3, Verdict.PASS),
        ("rt-PI-002", 1, Verdict.NOT_SCORED), ("rt-PI-002", 2, Verdict.ERROR),
        ("rt-SPL-001", 1, Verdict.PASS),
    ]  # fmt: skip
    Attempt.objects.bulk_create([_attempt(run, key, repeat, verdict) for key, repeat, verdict in rows])
    return run


def test_rates_per_category_leave_not_scored_out_of_the_denominator(counted_run: EvaluationRun) -> None:
    categories = {
        c["owasp_tag"]: c for c in redteam_categories(redteam_findings(counted_run, counted_run.attempts.all()))
    }
    injection = categories[LLM01]
    assert (injection["attempts"], injection["successes"], injection["not_scored"]) == (5, 2, 3)
    assert injection["rate"] == pytest.approx(0.4)
    assert (injection["interval_low"], injection["interval_high"]) == wilson_interval(2, 5)
    assert injection["text"] == "2 of 5 attempts gave in: 40% (95% CI 12%–77%), 3 not scored"
    leak = categories[LLM07]
    assert (leak["attempts"], leak["successes"], leak["not_scored"], leak["rate"]) == (1, 0, 0, 0.0)
    assert leak["text"] == "0 of 1 attempt gave in: 0% (95% CI 0%–79%)"


def test_a_category_with_nothing_scored_has_no_rate(counted_run: EvaluationRun) -> None:
    Attempt.objects.filter(run=counted_run, scenario_key="rt-SPL-001").update(verdict=Verdict.NOT_SCORED)
    categories = {
        c["owasp_tag"]: c for c in redteam_categories(redteam_findings(counted_run, counted_run.attempts.all()))
    }
    leak = categories[LLM07]
    assert (leak["attempts"], leak["rate"], leak["interval_low"]) == (0, None, None)
    assert leak["text"] == "no attempt scored, 1 not scored"


def test_report_page_and_json_show_the_rate_per_category(counted_run: EvaluationRun, client, alice) -> None:
    client.force_login(alice)
    report = client.get(reverse("evaluations:run-report-json", args=[counted_run.pk])).json()
    exported = {c["owasp_tag"]: c for c in report["redteam"]["categories"]}
    assert (exported[LLM01]["attempts"], exported[LLM01]["successes"], exported[LLM01]["not_scored"]) == (5, 2, 3)
    assert exported[LLM01]["interval_low"] == pytest.approx(wilson_interval(2, 5)[0])  # type: ignore[index]
    page = client.get(reverse("evaluations:run-report", args=[counted_run.pk])).content.decode()
    table = page.split('id="redteam-categories"')[1].split("</table>")[0]
    assert LLM01 in table and "40 % (12–77 %)" in table and "3 not scored" in table


def test_the_ci_api_run_record_gives_the_rate_per_category(counted_run: EvaluationRun, api) -> None:
    body = api.get(f"/api/v1/aiagent/runs/{counted_run.pk}").json()
    exported = {c["owasp_tag"]: c for c in body["redteam_categories"]}
    injection = exported[LLM01]
    assert (injection["attempts"], injection["successes"], injection["not_scored"]) == (5, 2, 3)
    assert injection["text"] == "2 of 5 attempts gave in: 40% (95% CI 12%–77%), 3 not scored"
    assert exported[LLM07]["rate"] == 0.0
