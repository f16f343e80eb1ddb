"""Run lists show the verdict at finish (docs/runs.md#run-lists, docs/gate.md#the-verdict-record): a run BLOCKED
when it finished still reads BLOCKED in the runs page, the dashboard and the agent page after its baseline was
re-pinned, with a labelled "now" marker; a run whose record says the same now has no marker; a run that ended
before verdicts were recorded is gated now, and reading a list writes no record."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.urls import reverse

from evaluations.gate.models import GateVerdictRecord
from evaluations.gate.selectors import run_gate
from evaluations.gate.services import baseline_pin, verdict_record_finish
from evaluations.runs.models import EvaluationRun
from tests.gate import conftest as gate_fixtures

make_run = gate_fixtures.make_run
suite = gate_fixtures.suite

BLOCKING = {"Discount abuse": ["fail"] * 3}
NOW = "at finish · now: NOT COMPARABLE"


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def rows_of(page: str, run: EvaluationRun) -> list[str]:
    """The table rows of a page that link to ``run`` (the dashboard has two: the agent's latest run, and the run
    among the recent runs)."""
    href = f'href="{reverse("evaluations:run-report", args=[run.pk])}"'
    return [row for row in re.findall(r"<tr>.*?</tr>", page, re.S) if href in row]


def row_of(page: str, run: EvaluationRun) -> str:
    """The last row of the page that links to ``run``: the run list's, the dashboard's recent runs', the agent
    page's runs'."""
    return rows_of(page, run)[-1]


@pytest.fixture
def repinned(alice, agent, suite, make_run, django_capture_on_commit_callbacks) -> dict[str, Any]:
    """A run BLOCKED when it finished (revision 1 written by the finish task), then the baseline re-pinned to a run
    judged by another model, with which it is not comparable: revision 2 says NOT COMPARABLE. The blocked run is
    the agent's latest."""
    baseline_pin(run=make_run(agent=agent, suite=suite), user=alice)
    other_judge = make_run(agent=agent, suite=suite, judge_model="haiku")
    blocked = make_run(agent=agent, suite=suite, outcomes=BLOCKING)
    verdict_record_finish(run_id=blocked.pk)
    with django_capture_on_commit_callbacks(execute=True):
        baseline_pin(run=other_judge, user=alice)
    assert list(GateVerdictRecord.objects.filter(run=blocked).values_list("state", "cause")) == [
        ("blocked", "finish"), ("not_comparable", "pin")]  # fmt: skip
    assert run_gate(run=blocked).state == "not_comparable"  # what the gate says now
    return {"blocked": blocked, "other_judge": other_judge}


def test_a_run_blocked_at_finish_reads_blocked_in_every_list_with_the_verdict_now_beside_it(
    client, alice, agent, repinned
) -> None:
    blocked = repinned["blocked"]
    client.force_login(alice)
    for url in (reverse("evaluations:run-list"), reverse("evaluations:dashboard"),
                reverse("evaluations:agent-detail", args=[agent.pk])):  # fmt: skip
        rows = rows_of(client.get(url).content.decode(), blocked)
        assert len(rows) == (2 if url == reverse("evaluations:dashboard") else 1), url
        for row in rows:
            assert '<span class="badge blocked"' in row and ">BLOCKED</span>" in row, url
            assert NOT in row and NOW in text_of(row), url
            marker = row[row.index('class="verdict-now') :]
            assert 'title="Now: NOT COMPARABLE — since the baseline was re-pinned by alice on ' in marker, url

    # The dashboard's agent row (the latest run) and the agent page's headline say it too, with the reasons at finish.
    dashboard = client.get(reverse("evaluations:dashboard")).content.decode()
    agent_row = dashboard[dashboard.index('<td class="agent-latest">') :]
    agent_row = agent_row[: agent_row.index("</tr>")]
    assert ">BLOCKED</span>" in agent_row and NOW in text_of(agent_row)
    assert "Discount abuse" in agent_row  # the reasons at finish, in the badge's title

    page = client.get(reverse("evaluations:agent-detail", args=[agent.pk])).content.decode()
    gate = text_of(page[page.index('id="agent-gate"') : page.index('id="agent-trend"')])
    assert f"BLOCKED — 3 breaches (at finish) — the latest run, #{blocked.pk}" in gate
    assert "Now: NOT COMPARABLE — since the baseline was re-pinned by alice on " in gate
    assert "Discount abuse" in gate and "Its verdict record" in gate


NOT = 'class="badge error">NOT COMPARABLE</span></span>'  # the marker's own badge, inside it


def test_a_run_whose_record_says_the_same_now_has_no_marker(client, alice, agent, suite, make_run) -> None:
    baseline_pin(run=make_run(agent=agent, suite=suite), user=alice)
    blocked = make_run(agent=agent, suite=suite, outcomes=BLOCKING)
    verdict_record_finish(run_id=blocked.pk)
    client.force_login(alice)
    response = client.get(reverse("evaluations:run-list"))
    row = row_of(response.content.decode(), blocked)
    assert ">BLOCKED</span>" in row and "verdict-now" not in row
    (listed,) = [r for r in response.context["rows"] if r.run.pk == blocked.pk]
    assert listed.recorded and listed.now is None


def test_a_run_without_a_record_is_gated_now_and_a_list_writes_no_record(client, alice, agent, suite, make_run) -> None:
    baseline_pin(run=make_run(agent=agent, suite=suite), user=alice)
    old = make_run(agent=agent, suite=suite, outcomes=BLOCKING)  # ended before verdicts were recorded
    baseline_pin(run=make_run(agent=agent, suite=suite, judge_model="haiku"), user=alice)
    client.force_login(alice)
    for url in (reverse("evaluations:run-list"), reverse("evaluations:dashboard"),
                reverse("evaluations:agent-detail", args=[agent.pk])):  # fmt: skip
        row = row_of(client.get(url).content.decode(), old)
        assert ">NOT COMPARABLE</span>" in row and "BLOCKED" not in row and "verdict-now" not in row, url
    assert not GateVerdictRecord.objects.exists()


def test_a_pass_with_breaches_at_finish_stays_amber_from_the_record(client, alice, agent, suite, make_run) -> None:
    breached = {"Discount abuse": ["fail", "pass", "pass"]}
    baseline_pin(run=make_run(agent=agent, suite=suite, outcomes=breached), user=alice)
    run = make_run(agent=agent, suite=suite, outcomes=breached)
    verdict_record_finish(run_id=run.pk)
    client.force_login(alice)
    row = row_of(client.get(reverse("evaluations:run-list")).content.decode(), run)
    sentence = "PASS — no regression; 1 breach also in the baseline"
    assert f'<span class="badge pass_warn" title="{sentence}">PASS</span>' in row
