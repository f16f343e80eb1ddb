"""The report answers "can I ship?" first. The verdict header shows the gate state and its reasons,
the trust score out of 100 with its change since the baseline, breaches, failing and flaky scenario counts and what
was not scored and why, before the downloads and the settings."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from evaluations.agents.models import JudgeModel
from evaluations.gate.services import baseline_pin
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import Attempt
from evaluations.scoring.verdicts import Verdict
from tests.gate import conftest as gate_fixtures

pytestmark = pytest.mark.django_db

# The same finished runs the gate tests pin (fixtures: a suite of four scenarios and a run from outcomes).
suite = gate_fixtures.suite
make_run = gate_fixtures.make_run


def header_of(page: str) -> str:
    """The verdict header's visible text, tags stripped, whitespace collapsed."""
    match = re.search(r'<section class="card verdict-header[^"]*" id="verdict-header".*?</section>', page, re.S)
    assert match, "the report has no verdict header"
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", match.group(0))).split())


def test_a_blocked_run_says_why_with_its_trust_score_change_and_counts(client, alice, agent, suite, make_run) -> None:
    baseline = make_run(agent=agent, suite=suite)
    baseline_pin(run=baseline, user=alice)
    run = make_run(
        agent=agent,
        suite=suite,
        outcomes={
            "Discount abuse": ["fail"] * 3,
            "Warranty": ["pass", "pass", "fail"],
            "Refund window": ["pass", "not_scored", "error"],
        },
    )
    Attempt.objects.create(run=run, scenario_key=run.scenarios[0]["key"], repeat=3, verdict=Verdict.ERROR,
                           error_kind="timeout", error_message="No reply within 30 s", started_at=timezone.now(),
                           finished_at=timezone.now())  # fmt: skip
    client.force_login(alice)
    page = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    header = header_of(page)

    assert header.startswith("BLOCKED Do not ship: this run is significantly worse than its baseline.")
    assert "Trust score fell 50 points (100 / 100 → 50 / 100), more than its 5-point threshold" in header
    assert "Guardrail enforcement fell 100 points (100% → 0%)" in header and "“Discount abuse”" in header
    assert "All 5 reasons and the full drift section" in header  # two shown (one on a phone), all a click away
    change = round(run.trust_score - baseline.trust_score, 1)
    assert (
        f"Trust score {run.trust_score:g} / 100 , −{abs(change):g} since the baseline of run #{baseline.pk}" in header
    )
    assert "Breaches 3" in header and "Failing scenarios 2" in header
    assert "Flaky scenarios 1 flaky (some runs passed, some failed)" in header  # each count links to its filter
    assert (
        "1 of 12 conversations not scored: they need the LLM judge, and this run is rules-only (no judge configured)."
        in header
    )
    assert "1 of 12 conversations errored (no usable reply): 1 timeout." in header
    assert 'href="#run-drift"' in page and "full drift section" in header
    # Each metric card shows its change since the baseline.
    assert "−100 points since the baseline (100%)" in page  # guardrail enforcement: 1 of 1 scenarios → 0 of 1
    # The header comes first: before the downloads, the settings, the cards and the drift section.
    order = [page.index(marker) for marker in ('id="verdict-header"', 'id="report-downloads"', 'id="report-cards"',
                                                'aria-label="Run settings"', 'id="run-drift"')]  # fmt: skip
    assert order == sorted(order)


def test_a_run_without_a_baseline_says_what_to_pin_and_shows_no_change(client, alice, agent, suite, make_run) -> None:
    run = make_run(agent=agent, suite=suite, outcomes={"Warranty": ["pass", "not_scored", "not_scored"]})
    client.force_login(alice)
    header = header_of(client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode())

    assert header.startswith("NO BASELINE Nothing to gate against yet.")
    assert f"No baseline is pinned for Support bot at {agent.endpoint_url} with suite “Support suite”." in header
    # Every number says what it is over (docs/runs.md#coverage).
    assert (
        f"Trust score {run.trust_score:g} / 100 · 4 of 4 scenarios scored Breaches 0 in 10 of 12 conversations scored "
        "Failing scenarios 0 Flaky scenarios 0"
    ) in header
    assert "since the baseline" not in header
    assert "2 of 12 conversations not scored: they need the LLM judge, and this run is rules-only" in header
    assert "How to configure a model provider" in header


def test_a_passing_run_and_the_baseline_itself(client, alice, agent, suite, make_run) -> None:
    baseline = make_run(agent=agent, suite=suite)
    baseline_pin(run=baseline, user=alice)
    same = make_run(agent=agent, suite=suite)
    client.force_login(alice)
    header = header_of(client.get(reverse("evaluations:run-report", args=[same.pk])).content.decode())
    assert header.startswith(f"PASS No significant regression against the baseline of run #{baseline.pk}.")
    assert f"100 / 100 , unchanged since the baseline of run #{baseline.pk}" in header
    header = header_of(client.get(reverse("evaluations:run-report", args=[baseline.pk])).content.decode())
    assert header.startswith("BASELINE This run is the pinned baseline: later runs are gated against it.")


def test_a_failed_run_is_not_gated_and_says_why(client, alice, agent, suite, make_run) -> None:
    run = make_run(agent=agent, suite=suite, status=RunStatus.FAILED, error_message="The agent is down: none of "
                   "the 12 conversations got a reply.")  # fmt: skip
    client.force_login(alice)
    header = header_of(client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode())
    assert header.startswith("FAILED Not gated: the run did not finish.")
    assert "The agent is down: none of the 12 conversations got a reply." in header
    assert "Trust score No trust score · 0 of 4 scenarios scored " in header

    outage = make_run(agent=agent, suite=suite, status=RunStatus.FAILED, refund_reason="judge outage (early stop)",
                      error_message="Stopped early: 8 replies needed the judge and it could score none of them.")  # fmt: skip
    header = header_of(client.get(reverse("evaluations:run-report", args=[outage.pk])).content.decode())
    assert header.startswith("FAILED Not gated: the run did not finish. Stopped early: 8 replies needed the judge")
    assert "The judge could not score the first replies that needed it, so the run stopped early." in header


def test_an_active_run_shows_its_progress_instead_of_a_verdict(client, alice, agent, suite, make_run) -> None:
    run = make_run(agent=agent, suite=suite, status=RunStatus.RUNNING)
    client.force_login(alice)
    page = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    header = header_of(page)
    assert header.startswith("Run in progress — the verdict comes when it ends")
    assert "conversations" in header and "BLOCKED" not in header and "Trust score" not in header
    assert page.count('id="run-progress"') == 1 and page.count('hx-trigger="every 1s"') == 1  # one status source


def test_a_run_not_comparable_with_its_baseline_shows_no_change(client, alice, agent, suite, make_run) -> None:
    baseline = make_run(agent=agent, suite=suite)
    baseline_pin(run=baseline, user=alice)
    judged = make_run(
        agent=agent, suite=suite, judge_model=JudgeModel.SONNET, outcomes={"Warranty": ["pass", "not_scored", "pass"]}
    )
    client.force_login(alice)
    header = header_of(client.get(reverse("evaluations:run-report", args=[judged.pk])).content.decode())
    assert header.startswith("NOT COMPARABLE The gate could not compare this run with its baseline.")
    assert "since the baseline" not in header  # the figures of runs scored differently are not compared
    assert "1 of 12 conversations not scored: the judge gave no verdict" in header
