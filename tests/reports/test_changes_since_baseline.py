"""The report against its baseline, scenario by scenario (docs/gate.md): the header's counts are links to the
scenario filters (regressions first), an Improved list holds the fixed scenarios, and the scenario list filters by
change, on the page and in its htmx fragment."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from evaluations.gate.services import baseline_pin
from evaluations.runs.models import Attempt, EvaluationRun
from tests.gate import conftest as gate_fixtures
from tests.reports.test_verdict_header import header_of

pytestmark = pytest.mark.django_db

suite = gate_fixtures.suite
make_run = gate_fixtures.make_run


@pytest.fixture
def compared(alice, agent, suite, make_run):
    """Baseline: "Warranty" failing, "Card on file" passing. Now: "Refund window" and "Card on file" fail, "Warranty"
    passes, "Discount abuse" is flaky."""
    baseline = make_run(agent=agent, suite=suite, outcomes={"Warranty": ["fail"] * 3})
    baseline_pin(run=baseline, user=alice)
    return make_run(
        agent=agent,
        suite=suite,
        outcomes={
            "Refund window": ["fail"] * 3,
            "Card on file": ["fail"] * 3,
            "Discount abuse": ["pass", "fail", "pass"],
        },
    )


def scenario_names(page: str) -> list[str]:
    return [html.unescape(n) for n in re.findall(r'class="scenario-open"[^>]*>([^<]+)</a>', page)]


def test_the_header_links_each_change_regressions_first_and_lists_the_improved(client, alice, compared) -> None:
    client.force_login(alice)
    page = client.get(reverse("evaluations:run-report", args=[compared.pk])).content.decode()
    header = header_of(page)
    url = reverse("evaluations:run-report", args=[compared.pk])

    links = re.findall(r'<a class="change-link[^"]*" data-change="(\w+)" href="([^"]+)"[^>]*>([^<]+)</a>', page)
    assert [(state, text) for state, _, text in links] == [
        ("new_failure", "2 new failures"),
        ("flaky", "1 flaky here or in the baseline"),
        ("fixed", "1 fixed"),  # the Improved list, beside the regressions
    ]
    assert links[0][1] == f"{url}?change=new_failure#scenario-results"
    assert f"Since the baseline of run #{compared.pk - 1}:" in header
    assert "Improved: 1 fixed" in header
    warranty = next(s["key"] for s in compared.scenarios if s["name"] == "Warranty")
    assert f'<a href="{reverse("evaluations:run-report-scenario", args=[compared.pk, warranty])}">Warranty</a>' in page
    assert f'href="{url}?show=failed#scenario-results"' in page  # the failing count is a link too
    assert "3 failing" in header


def test_the_change_filter_lists_only_that_state_on_the_page_and_in_the_fragment(client, alice, compared) -> None:
    client.force_login(alice)
    url = reverse("evaluations:run-report", args=[compared.pk])

    page = client.get(url, {"change": "new_failure"}).content.decode()
    fragment = client.get(
        reverse("evaluations:run-report-scenarios", args=[compared.pk]),
        {"change": "fixed"},
        headers={"HX-Request": "true"},
    )

    assert scenario_names(page.split('id="scenario-results"')[1]) == ["Card on file", "Refund window"]  # breach first
    assert "New failure" in page
    assert scenario_names(fragment.content.decode()) == ["Warranty"]
    assert fragment["HX-Push-Url"] == f"{url}?change=fixed"


def test_a_run_without_baseline_has_no_change_links(client, alice, agent, suite, make_run) -> None:
    run = make_run(agent=agent, suite=suite)
    client.force_login(alice)

    page = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()

    assert 'id="verdict-changes"' not in page


def test_an_unknown_change_is_dropped_with_a_message(client, alice, compared) -> None:
    client.force_login(alice)

    page = client.get(reverse("evaluations:run-report", args=[compared.pk]), {"change": "bogus"}).content.decode()

    assert "Since the baseline: Select a valid choice." in html.unescape(page)
    assert len(scenario_names(page.split('id="scenario-results"')[1])) == 4


# ---------------------------------------------------------------------------------------------- side by side


def answered(run, name: str, replies: list[str], *, verdict: str = "pass", rationale: str = "") -> None:
    """Give ``run``'s scenario ``name`` one stored conversation per reply (repeats from 1)."""
    key = next(s["key"] for s in run.scenarios if s["name"] == name)
    for repeat, reply in enumerate(replies, 1):
        Attempt.objects.create(
            run=run, scenario_key=key, repeat=repeat, verdict=verdict, rationale=rationale,
            transcript=[{"role": "user", "content": "How long?"}, {"role": "assistant", "content": reply}],
            rule_findings=[{"rule": "must_say", "passed": verdict == "pass", "hard": False, "message": f"Rule said {verdict}"}],
            started_at=timezone.now(), finished_at=timezone.now(),
        )  # fmt: skip


@pytest.fixture
def with_answers(compared):
    baseline = EvaluationRun.objects.get(pk=compared.pk - 1)
    answered(baseline, "Refund window", ["Refunds within 30 days of purchase."] * 3, rationale="Right window.")
    answered(
        compared,
        "Refund window",
        ["Refunds within 14 days <script>alert(1)</script> of purchase."],
        verdict="fail",
        rationale="Wrong window <b>bold</b>.",
    )
    return compared


def test_an_opened_scenario_shows_the_baseline_answer_beside_with_the_words_marked(client, alice, with_answers) -> None:
    run = with_answers
    key = next(s["key"] for s in run.scenarios if s["name"] == "Refund window")
    client.force_login(alice)

    page = client.get(reverse("evaluations:run-report-scenario", args=[run.pk, key])).content.decode()
    fragment = client.get(
        reverse("evaluations:run-report-scenario", args=[run.pk, key]), headers={"HX-Request": "true"}
    ).content.decode()

    for body in (page, fragment):
        assert "Against the baseline of" in body and f"run #{run.pk - 1}</a>" in body
        assert 'data-change="new_failure">New failure</span>' in body
        assert "Refunds within <del>30</del> days of purchase." in body
        assert "Refunds within <ins>14 days &lt;script&gt;alert(1)&lt;/script&gt;</ins> days of purchase." not in body
        assert "<script>alert(1)</script>" not in body  # hostile agent text is escaped, never markup
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
        assert "Wrong window &lt;b&gt;bold&lt;/b&gt;." in body and "Right window." in body  # both judges' words
        assert "Rule said pass" in body and "Rule said fail" in body  # both rule findings
    ins = re.findall(r"<ins>(.*?)</ins>", page, re.S)
    assert ins == ["14", "&lt;script&gt;alert(1)&lt;/script&gt;"]


def test_a_scenario_without_baseline_shows_no_side_by_side(client, alice, agent, suite, make_run) -> None:
    run = make_run(agent=agent, suite=suite)
    answered(run, "Warranty", ["Two years."])
    key = next(s["key"] for s in run.scenarios if s["name"] == "Warranty")
    client.force_login(alice)

    page = client.get(reverse("evaluations:run-report-scenario", args=[run.pk, key])).content.decode()

    assert "Two years." in page and "side-by-side" not in page


def test_another_workspace_gets_a_404_for_the_side_by_side(client, bob, with_answers) -> None:
    key = with_answers.scenarios[0]["key"]
    client.force_login(bob)

    assert client.get(reverse("evaluations:run-report-scenario", args=[with_answers.pk, key])).status_code == 404
