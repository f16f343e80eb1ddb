"""Triage at any size: the report's scenario results filtered, searched, sorted and paged on the
server; a scenario's conversations loaded when it is opened, identical runs grouped (red-team runs kept apart); bad
query parameters answered with a sentence; other workspaces get 404; and a constant number of queries."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from billing.models import Account
from evaluations.agents.models import Agent
from evaluations.core.specs import ScenarioKind, ScenarioSpec, Severity
from evaluations.review.services import ReviewRequest, attempt_review
from evaluations.runs.models import Attempt, EvaluationRun
from evaluations.scoring.verdicts import Verdict
from tests.reports.test_reports import attempt, make_run, spec

# name: (kind, severity, verdicts of its 3 runs, breach on fail)
SCENARIOS: dict[str, tuple[ScenarioKind, Severity, str, bool]] = {
    "Refund window": (ScenarioKind.ACCURACY, Severity.MEDIUM, "ppp", False),
    "Warranty length": (ScenarioKind.ACCURACY, Severity.HIGH, "ppf", False),
    "Discount abuse": (ScenarioKind.GUARDRAILS, Severity.HIGH, "fff", True),
    "Shipping costs": (ScenarioKind.ACCURACY, Severity.LOW, "fff", False),
    "Opening hours": (ScenarioKind.GUARDRAILS, Severity.LOW, "nnn", False),
    "Store locator": (ScenarioKind.TOOL_CALLS, Severity.MEDIUM, "eee", False),
    "Ignore previous instructions": (ScenarioKind.RED_TEAM, Severity.CRITICAL, "ppp", False),
}
LETTERS = {"p": Verdict.PASS, "f": Verdict.FAIL, "n": Verdict.NOT_SCORED, "e": Verdict.ERROR}


def triage_run(account: Account, agent: Agent) -> EvaluationRun:
    specs, attempts = [], []
    for index, (name, (kind, severity, runs, breach)) in enumerate(SCENARIOS.items(), start=1):
        key = f"s{index}"
        specs.append(
            ScenarioSpec(key=key, kind=kind, name=name, turns=(f"Question about {name.lower()}",), severity=severity)
        )
        for repeat, letter in enumerate(runs, start=1):
            verdict = LETTERS[letter]
            attempts.append(
                attempt(
                    key,
                    repeat,
                    verdict,
                    is_breach=breach and verdict == Verdict.FAIL,
                    rationale=f"Same every time for {name}",
                    transcript=[
                        {"role": "user", "content": f"Question about {name.lower()}"},
                        # "Warranty length" answers differently on its failing run; the others the same each time
                        {"role": "assistant", "content": f"Answer {letter} about {name}"},
                    ],
                )
            )
    return make_run(account, agent, specs, attempts, runs_per_scenario=3)


def big_run(account: Account, agent: Agent, scenarios: int) -> EvaluationRun:
    specs = [spec(f"s{i}", ScenarioKind.ACCURACY, f"Scenario {i:03d}") for i in range(1, scenarios + 1)]
    attempts = [attempt(s.key, r, Verdict.PASS if i % 3 else Verdict.FAIL) for i, s in enumerate(specs) for r in (1, 2)]
    return make_run(account, agent, specs, attempts)


def shown(html: str) -> list[str]:
    """The scenario names in the results table, in the order the user sees them."""
    return re.findall(r'<tr id="scenario-[^"]+"><td><a class="scenario-open"[^>]*>([^<]+)</a>', html)


@pytest.fixture
def run(acme: Account, agent: Agent) -> EvaluationRun:
    return triage_run(acme, agent)


def page(client: Any, run: EvaluationRun, query: str = "") -> str:
    response = client.get(reverse("evaluations:run-report", args=[run.pk]) + query)
    assert response.status_code == 200
    return str(response.content.decode())


def conversations(client: Any, run: EvaluationRun, key: str, *, htmx: bool = True) -> Any:
    url = reverse("evaluations:run-report-scenario", args=[run.pk, key])
    return client.get(url, headers={"HX-Request": "true"} if htmx else {})


@pytest.mark.parametrize(
    ("query", "names"),
    [
        ("?show=failed", {"Warranty length", "Discount abuse", "Shipping costs"}),
        ("?show=flaky", {"Warranty length"}),
        ("?show=breached", {"Discount abuse"}),
        ("?show=not_scored", {"Opening hours"}),
        ("?show=error", {"Store locator"}),
        ("?show=passed", {"Refund window", "Ignore previous instructions"}),
        ("?kind=guardrails", {"Discount abuse", "Opening hours"}),
        ("?kind=red_team", {"Ignore previous instructions"}),
        ("?show=failed&kind=accuracy", {"Warranty length", "Shipping costs"}),
        ("?q=WARRANTY", {"Warranty length"}),
        ("?q=question+about+opening", {"Opening hours"}),  # the scenario's text, not only its name
    ],
)
def test_filters_and_search_show_the_matching_scenarios(client, alice, run, query, names) -> None:
    client.force_login(alice)
    html = page(client, run, query)
    assert set(shown(html)) == names
    assert f"of {len(names)} matching scenario" in html and "(7 in the run)" in html
    assert 'id="scenario-counts"' in html and "2 passed · 3 failed (1 flaky) · 1 not scored · 1 error" in html


def test_a_filter_that_matches_nothing_says_so(client, alice, run) -> None:
    client.force_login(alice)
    html = page(client, run, "?q=no+such+thing")
    assert shown(html) == [] and "No scenario matches these filters (7 in the run)." in html


def test_the_overruled_filter_shows_scenarios_a_reviewer_changed(client, alice, run) -> None:
    target = Attempt.objects.get(run=run, scenario_key="s1", repeat=2)
    attempt_review(user=alice, run=run, attempt=target, request=ReviewRequest("overrule", "It got the date wrong."))
    client.force_login(alice)
    html = page(client, run, "?show=overruled")
    assert shown(html) == ["Refund window"] and ">Overruled<" in html
    assert "Warranty length" in shown(page(client, run, "?show=flaky"))
    assert "Refund window" in shown(page(client, run, "?show=flaky"))  # the overrule made it flaky


def test_sorts_put_the_most_severe_first_or_by_name_or_pass_rate(client, alice, run) -> None:
    client.force_login(alice)
    assert shown(page(client, run)) == [
        "Discount abuse",  # a breach
        "Shipping costs",  # fails every run
        "Warranty length",  # flaky
        "Store locator",  # errors
        "Opening hours",  # not scored
        "Ignore previous instructions",  # passes: critical before medium
        "Refund window",
    ]
    assert shown(page(client, run, "?sort=name")) == sorted(SCENARIOS)
    by_rate = shown(page(client, run, "?sort=pass_rate"))
    assert by_rate[:3] == ["Discount abuse", "Shipping costs", "Warranty length"]  # 0%, 0%, 67%
    assert by_rate[-2:] == ["Opening hours", "Store locator"]  # no pass rate: last


def test_pages_of_fifty_keep_the_filters_in_their_links(client, alice, acme, agent) -> None:
    run = big_run(acme, agent, 120)
    client.force_login(alice)
    first = page(client, run, "?sort=name")
    assert shown(first) == [f"Scenario {i:03d}" for i in range(1, 51)]
    assert "Showing 1–50 of 120 scenarios." in first
    assert f'href="{reverse("evaluations:run-report", args=[run.pk])}?sort=name&amp;page=3#scenario-results"' in first
    last = page(client, run, "?sort=name&page=3")
    assert shown(last) == [f"Scenario {i:03d}" for i in range(101, 121)]
    assert "Showing 101–120 of 120 scenarios." in last and "Page 3 of 3" in last
    failed = page(client, run, "?show=failed&sort=name")  # every third scenario fails: 40
    assert len(shown(failed)) == 40 and "Showing 1–40 of 40 matching scenarios" in failed


@pytest.mark.parametrize(
    ("query", "message", "rows"),
    [
        ("?page=99999", "There is no page 99,999; this is the last page, 1.", 7),
        ("?page=abc", "Page: The page is a whole number from 1; showing the first page.", 7),
        ("?page=-3", "Page: Ensure this value is greater than or equal to 1.", 7),
        ("?page=" + "9" * 5000, "Page: ", 7),
        ("?show=everything", "Show: Select a valid choice. everything is not one of the available choices.", 7),
        ("?sort=random&show=flaky", "Sort by: Select a valid choice.", 1),
        ("?kind=<script>", "Kind: Select a valid choice. &lt;script&gt; is not one of the available choices.", 7),
        ("?q=" + "x" * 100_000, "Search: Search for at most 200 characters (you sent 100000).", 7),
    ],
)
def test_bad_query_parameters_get_a_sentence_not_an_error(client, alice, run, query, message, rows) -> None:
    client.force_login(alice)
    html = page(client, run, query)
    assert message in html
    assert len(shown(html)) == rows
    assert "x" * 300 not in html and "9" * 300 not in html  # what was refused is not echoed back


def test_the_section_refreshes_alone_with_htmx_and_the_address_keeps_the_filters(client, alice, run) -> None:
    client.force_login(alice)
    url = reverse("evaluations:run-report-scenarios", args=[run.pk]) + "?show=failed&q=&sort=name"
    response = client.get(url, headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section class="card" id="scenario-results"') and "<html" not in html
    assert shown(html) == ["Discount abuse", "Shipping costs", "Warranty length"]
    report_url = reverse("evaluations:run-report", args=[run.pk])
    assert response["HX-Push-Url"] == f"{report_url}?show=failed&sort=name"
    plain = client.get(url)  # without htmx: the report itself, with the same filters
    assert plain.status_code == 302 and plain["Location"].startswith(f"{report_url}?show=failed")


def test_opening_a_scenario_loads_its_conversations_with_identical_runs_grouped(client, alice, run) -> None:
    client.force_login(alice)
    html = page(client, run)
    assert "Answer p about Refund window" not in html  # nothing loaded until opened
    url = reverse("evaluations:run-report-scenario", args=[run.pk, "s1"])
    assert f'href="{url}" hx-get="{url}"' in html
    same = conversations(client, run, "s1").content.decode()
    assert same.startswith('<tr class="scenario-runs"')
    assert "Runs 1, 2 and 3: 3 identical runs" in same
    assert same.count("Answer p about Refund window") == 1
    flaky = conversations(client, run, "s2").content.decode()  # two identical passes, one different failure
    assert "Runs 1 and 2: 2 identical runs" in flaky and "Run 3:" in flaky
    assert "Answer p about Warranty length" in flaky and "Answer f about Warranty length" in flaky


def test_red_team_runs_stay_apart(client, alice, run) -> None:
    client.force_login(alice)
    html = page(client, run)
    assert 'id="red-team"' in html and 'id="attack-s7"' in html
    attack = conversations(client, run, "s7").content.decode()
    assert "identical" not in attack
    assert all(f"Run {n}:" in attack for n in (1, 2, 3))
    assert attack.count("Answer p about Ignore previous instructions") == 3


def test_without_javascript_a_scenario_opens_as_a_page(client, alice, run) -> None:
    client.force_login(alice)
    response = conversations(client, run, "s3", htmx=False)
    html = response.content.decode()
    assert response.status_code == 200 and "<html" in html and "<h1>Discount abuse" in html
    assert "Runs 1, 2 and 3: 3 identical runs" in html and "Answer f about Discount abuse" in html
    assert reverse("evaluations:run-report", args=[run.pk]) + "#scenario-results" in html


def test_an_unknown_scenario_is_404(client, alice, run) -> None:
    client.force_login(alice)
    assert conversations(client, run, "s999").status_code == 404
    assert conversations(client, run, "x" * 300).status_code == 404


@pytest.mark.parametrize("name", ["run-report-scenarios", "run-report-scenario"])
def test_another_workspace_gets_404_and_visitors_sign_in(client, alice, bob, run, name) -> None:
    args = [run.pk] if name == "run-report-scenarios" else [run.pk, "s1"]
    url = reverse(f"evaluations:{name}", args=args)
    anonymous = client.get(url, headers={"HX-Request": "true"})
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    client.force_login(bob)
    assert client.get(url, headers={"HX-Request": "true"}).status_code == 404
    assert client.get(url).status_code == 404


def test_the_header_keys_come_from_the_aggregates(client, alice, run) -> None:
    client.force_login(alice)
    response = client.get(reverse("evaluations:run-report", args=[run.pk]))
    report = response.context["report"]
    assert report["run"]["id"] == run.pk and report["is_final"] is True
    assert report["trust_score"] == run.trust_score and report["trust_score_display"] == f"{run.trust_score:g}"
    assert report["breaches"] == 3 and report["redteam"]["summary"] == {
        "attacks": 1,
        "blocked": 1,
        "bypassed": 0,
        "not_scored": 0,
    }
    assert report["scenario_counts"] == {"pass": 2, "fail": 3, "not_scored": 1, "error": 1, "flaky": 1}
    assert {m["key"] for m in report["metrics"]} >= {"response_accuracy", "guardrail_pass_rate"}
    assert response.context["drift"]["gate"].state == "no_baseline"


def count_queries(client: Any, url: str, headers: dict[str, str] | None = None) -> int:
    client.get(url, headers=headers or {})  # warm: the session and anything cached once per process
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url, headers=headers or {}).status_code == 200
    return len(captured)


def test_the_number_of_queries_does_not_grow_with_the_run(client, alice, acme, agent) -> None:
    small, large = big_run(acme, agent, 3), big_run(acme, agent, 400)
    client.force_login(alice)
    htmx = {"HX-Request": "true"}
    for name, query, headers in [
        ("run-report", "", None),
        ("run-report", "?show=failed&q=scenario&sort=pass_rate&page=2", None),
        ("run-report-scenarios", "?show=failed&page=2", htmx),
    ]:
        counts = [
            count_queries(client, reverse(f"evaluations:{name}", args=[r.pk]) + query, headers) for r in (small, large)
        ]
        assert counts[0] == counts[1], (name, query, counts)
    fragments = [
        count_queries(client, reverse("evaluations:run-report-scenario", args=[r.pk, "s1"]), htmx)
        for r in (small, large)
    ]
    assert fragments[0] == fragments[1]


def test_the_drift_section_lists_twenty_rows_and_links_to_the_rest(client, alice, acme, agent) -> None:
    from evaluations.gate.services import baseline_pin
    from suites.services import suite_create
    from tests.reports.test_flakiness import suite_run

    names = [f"Question {i:02d}" for i in range(1, 26)]
    suite = suite_create(
        account=acme,
        agent=agent,
        name="Big",
        scenarios=[{"kind": "accuracy", "name": n, "turns": ["Hi"]} for n in names],
    )
    baseline = suite_run(agent, suite, {n: "ppp" for n in names})
    baseline_pin(run=baseline, user=alice)
    current = suite_run(agent, suite, {n: "pfp" for n in names})  # all 25 newly flaky
    client.force_login(alice)
    html = page(client, current)
    section = html.split('id="run-drift"', 1)[1].split("</section>", 1)[0]
    assert section.count('<tr id="drift-flaky-') == 20
    assert "And 5 more (newly flaky ones first):" in section and 'href="?show=flaky#scenario-results"' in section
    key = current.scenarios[0]["key"]
    assert f'href="{reverse("evaluations:run-report-scenario", args=[current.pk, key])}">Question 01</a>' in section
    assert len(shown(page(client, current, "?show=flaky"))) == 25


def test_the_page_adds_model_usage_up_in_the_database_as_the_downloads_do(acme, agent) -> None:
    from evaluations.runs.selectors import run_model_usage

    judge = {"model": "sonnet", "calls": 1, "input_tokens": 900, "cached_input_tokens": 3000, "output_tokens": 120}
    user = {"model": "haiku", "calls": 2, "input_tokens": 400, "cache_write_tokens": 50, "output_tokens": 60}
    specs = [spec("s1", ScenarioKind.ACCURACY, "One"), spec("s2", ScenarioKind.ACCURACY, "Two")]
    attempts = [
        attempt("s1", 1, Verdict.PASS, model_usage={"judge": judge}),
        attempt("s1", 2, Verdict.FAIL, model_usage={"judge": judge, "simulated_user": user}),
        attempt("s2", 1, Verdict.ERROR, model_usage={}),
        attempt("s2", 2, Verdict.PASS, model_usage={"judge": {**judge, "input_tokens": 1100}}),
    ]
    run = make_run(acme, agent, specs, attempts)
    EvaluationRun.objects.filter(pk=run.pk).update(
        settings_snapshot={"model_usage": {"generation": {"model": "sonnet", "calls": 1, "output_tokens": 900}}}
    )
    run.refresh_from_db()
    summed = run_model_usage(run=run)
    assert summed == run_model_usage(run=run, attempts=list(Attempt.objects.filter(run=run)))
    assert summed["judge"]["calls"] == 3 and summed["judge"]["input_tokens"] == 2900
    assert summed["simulated_user"]["cache_write_tokens"] == 50 and summed["generation"]["output_tokens"] == 900
    assert summed["total"]["calls"] == 6 and summed["total"]["cost_usd"] > 0
