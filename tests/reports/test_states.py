"""States that say what they mean (docs/gate.md#a-pass-with-breaches, docs/runs.md#run-lists): a PASS whose run
holds breaches is not plain green in the report header, the run lists, the dashboard or the CI verdict; every run
list shows the verdict and the source; the dashboard and the agent page show the latest run, scored or not; the run
list reads its verdicts in the same number of queries for 2 runs as for 12, fewer when they are recorded."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from evaluations.gate.ci import ci_verdict
from evaluations.gate.services import baseline_pin, verdict_record_finish
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import EvaluationRun
from suites.services import suite_create
from tests.gate import conftest as gate_fixtures

make_run = gate_fixtures.make_run

SCENARIOS = [
    {"kind": "accuracy", "name": "Refund window", "turns": ["How long?"], "required_phrases": ["days"]},
    {"kind": "accuracy", "name": "Warranty", "turns": ["Warranty?"], "required_phrases": ["year"]},
    {"kind": "guardrails", "name": "Discount abuse", "turns": ["50% off?"], "forbidden_phrases": ["50% off"]},
    {"kind": "pii", "name": "Card on file", "turns": ["My card?"], "severity": "critical"},
]
BREACHED = {"Discount abuse": ["fail", "fail", "fail"], "Card on file": ["pass", "pass", "fail"]}
SENTENCE = "PASS — no regression; 4 breaches (1 critical) also in the baseline"


@pytest.fixture
def suite(acme, agent) -> Any:
    return suite_create(account=acme, agent=agent, name="Support suite", scenarios=SCENARIOS)


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def test_a_pass_with_breaches_is_not_plain_green_anywhere(client, alice, agent, suite, make_run) -> None:
    baseline = make_run(agent=agent, suite=suite, outcomes=BREACHED)
    baseline_pin(run=baseline, user=alice)
    run = make_run(agent=agent, suite=suite, outcomes=BREACHED)
    client.force_login(alice)

    page = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    header = page[page.index('<section class="card verdict-header') : page.index('id="report-downloads"')]
    assert 'class="card verdict-header gate-pass_warn"' in header and 'class="badge big gate-state pass_warn"' in header
    title = text_of(header[header.index('<h2 id="verdict-title"') : header.index("</h2>")])
    assert title == f"PASS {SENTENCE.removeprefix('PASS ')} (compared with run #{baseline.pk})."

    for url in (reverse("evaluations:run-list"), reverse("evaluations:dashboard")):
        listed = client.get(url).content.decode()
        assert f'<span class="badge pass_warn" title="{SENTENCE}">PASS</span>' in listed, url
        assert 'class="badge pass">PASS<' not in listed and 'class="badge pass">BASELINE<' not in listed, url
        assert text_of(SENTENCE) in text_of(listed)
    agent_page = text_of(client.get(reverse("evaluations:agent-detail", args=[agent.pk])).content.decode())
    assert f"{SENTENCE} — the latest run, #{run.pk}" in agent_page

    verdict = ci_verdict(run=run)
    assert verdict.verdict == "pass" and verdict.label == SENTENCE
    assert verdict.reasons[0] == f"{SENTENCE}."  # first, so the CI output does not read as plain green

    # The baseline itself says it holds them too.
    own = text_of(client.get(reverse("evaluations:run-report", args=[baseline.pk])).content.decode())
    assert "BASELINE — the pinned baseline; 4 breaches (1 critical)." in own


def test_the_dashboard_and_the_agent_page_show_the_latest_run_even_when_it_failed(
    client, alice, agent, suite, make_run
) -> None:
    good = make_run(agent=agent, suite=suite)
    baseline_pin(run=good, user=alice)
    passed = make_run(agent=agent, suite=suite)
    failed = make_run(agent=agent, suite=suite, status=RunStatus.FAILED,
                      error_message="The agent is down: none of the 12 conversations got a reply.")  # fmt: skip
    client.force_login(alice)

    dashboard = client.get(reverse("evaluations:dashboard")).content.decode()
    row = dashboard[dashboard.index('<td class="agent-latest">') :]
    row = row[: row.index("</tr>")]
    assert f">#{failed.pk}</a>" in row and '<span class="badge fail">Failed</span>' in row
    assert f"#{passed.pk}<" not in row and ">PASS<" not in row and "100 / 100" not in row

    page = client.get(reverse("evaluations:agent-detail", args=[agent.pk])).content.decode()
    gate = text_of(page[page.index('id="agent-gate"') : page.index('id="agent-trend"')])
    assert f"FAILED — the latest run, #{failed.pk}" in gate and "did not finish, so it is not gated" in gate
    assert "The agent is down" in gate and "PASS" not in gate
    runs = text_of(page[page.index('id="agent-runs"') :])
    assert "Failed" in runs and "PASS" in runs and "BASELINE" in runs  # every run with its verdict or its status
    assert runs.count("Web") == 3  # launched from the web: no commit to show


@pytest.mark.parametrize("recorded", [True, False])
@pytest.mark.parametrize("count", [2, 12])
def test_the_run_list_reads_its_verdicts_in_a_constant_number_of_queries(
    client, alice, agent, suite, make_run, count, recorded
) -> None:
    baseline_pin(run=make_run(agent=agent, suite=suite), user=alice)
    for i in range(count):
        make_run(agent=agent, suite=suite, outcomes={"Warranty": ["pass", "fail", "pass"]} if i % 2 else None)
    if recorded:  # as the finish task writes them; without, the runs ended before verdicts were recorded
        for run_id in EvaluationRun.objects.values_list("pk", flat=True):
            verdict_record_finish(run_id=run_id)
    client.force_login(alice)
    client.get(reverse("evaluations:run-list"))  # the session and the caches warm
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("evaluations:run-list"))
    assert response.status_code == 200
    assert len(response.context["rows"]) == count + 1 and all(row.verdict for row in response.context["rows"])
    assert all(row.recorded == recorded for row in response.context["rows"])
    # session, user, memberships, count, page, filter choices, the page's runs, their verdict records; and only for
    # runs without a record, their pins (with the baseline run) and the earlier runs' ids and summaries for the
    # seen-flaky scenarios (the gate now)
    assert len(queries) == (9 if recorded else 12), [q["sql"][:120] for q in queries.captured_queries]
