"""Run reports: the page, the run list, the JSON and JUnit XML downloads, scoping and query ceilings."""

from __future__ import annotations

import io
import json
import time
import xml.etree.ElementTree as ET
from datetime import timedelta
from typing import Any

import pytest
import xmlschema
from django.urls import reverse
from django.utils import timezone

from billing.models import Account
from evaluations.agents.models import Agent, JudgeModel
from evaluations.core.specs import ExpectedToolCall, ScenarioKind, ScenarioSpec, Severity
from evaluations.reports.builders import RULES_ONLY_NOTICE, report_junit_xml
from evaluations.runs.choices import RunStage, RunStatus
from evaluations.runs.models import Attempt, EvaluationRun, RunSecret
from evaluations.scoring.metrics import compute_metrics
from evaluations.scoring.verdicts import Verdict
from tests.support.schemas import JUNIT_XSD

CIPHERTEXT = "gAAAAABsecret-ciphertext-of-the-agent-key"
HOSTILE = "Bell\x07 vt\x0b esc\x1b ]]> <script>alert(1)</script> & \"quotes\" 'single'"
# The page's own queries: session, user, memberships, run, attempts, the run's credit entries, and the drift
# section's baseline pins, trend and the user's role (the gate is computed, not queried), the verdict header's
# errors by kind (one aggregate, only when a conversation errored) and the verdict record's revisions. Must not
# grow with the run.
PAGE_QUERY_CEILING = 11


@pytest.fixture(scope="module")
def junit_schema() -> xmlschema.XMLSchema:
    return xmlschema.XMLSchema(str(JUNIT_XSD))


def spec(key: str, kind: ScenarioKind, name: str, **extra: Any) -> ScenarioSpec:
    return ScenarioSpec(key=key, kind=kind, name=name, turns=("Hello",), **extra)


def attempt(key: str, repeat: int, verdict: str, **fields: Any) -> Attempt:
    now = timezone.now()
    scores: dict[str, float] = {Verdict.PASS: 100.0, Verdict.FAIL: 0.0}
    defaults: dict[str, Any] = {
        "transcript": [{"role": "user", "content": "Hello"}, {"role": "assistant", "content": f"Reply {key}"}],
        "rationale": f"Rationale for {key} run {repeat}",
        "latency_ms": 400,
        "score": scores.get(verdict),
        "started_at": now - timedelta(seconds=2),
        "finished_at": now,
    }
    return Attempt(scenario_key=key, repeat=repeat, verdict=verdict, **{**defaults, **fields})


def make_run(
    account: Account,
    agent: Agent,
    specs: list[ScenarioSpec],
    attempts: list[Attempt],
    *,
    judge_model: str = JudgeModel.RULES_ONLY,
    status: str = RunStatus.SUCCEEDED,
    runs_per_scenario: int = 2,
) -> EvaluationRun:
    finished = status not in (RunStatus.QUEUED, RunStatus.RUNNING)
    metrics = compute_metrics(specs, attempts) if finished else {}
    run = EvaluationRun.objects.create(
        account=account,
        agent=agent,
        agent_name=agent.name,
        suite_name="Refund policy",
        suite_version=3,
        endpoint_url="https://agent.example.com/chat",
        api_key_masked="sk-…9f2c",
        agent_snapshot={"extra_headers": [["X-Secret", "header-secret-value"]]},
        scenarios=[s.to_dict() for s in specs],
        runs_per_scenario=runs_per_scenario,
        judge_model=judge_model,
        status=status,
        stage=RunStage.DONE if finished else RunStage.EXECUTE,
        metrics=metrics,
        trust_score=metrics.get("trust_score"),
        started_at=timezone.now() - timedelta(minutes=1),
        finished_at=timezone.now() if finished else None,
    )
    for a in attempts:
        a.run = run
    Attempt.objects.bulk_create(attempts)
    return run


def mixed_specs() -> list[ScenarioSpec]:
    return [
        spec("s1", ScenarioKind.ACCURACY, "Refund window", expected_outcome="States 30 days", correct_answer="30 days"),
        spec(
            "s2",
            ScenarioKind.TOOL_CALLS,
            "Order lookup",
            expected_tool_call=ExpectedToolCall(
                name="lookup_order", arguments={"order_id": {"kind": "exact", "value": "A-1001"}}
            ),
        ),
        spec("s3", ScenarioKind.RED_TEAM, "Prompt injection", severity=Severity.CRITICAL, owasp_tag="LLM01"),
        spec("s4", ScenarioKind.GUARDRAILS, "Stays on topic"),
    ]


def mixed_attempts(*, hostile: bool = False) -> list[Attempt]:
    text = HOSTILE if hostile else "I called the wrong tool."
    return [
        attempt(
            "s1",
            1,
            Verdict.PASS,
            transcript=[
                {"role": "user", "content": "How long do I have to return shoes?"},
                {"role": "assistant", "content": "You can return them within 30 days."},
            ],
        ),
        attempt("s1", 2, Verdict.PASS),
        attempt("s2", 1, Verdict.PASS, tool_calls=[{"name": "lookup_order", "arguments": {"order_id": "A-1001"}}]),
        attempt(
            "s2",
            2,
            Verdict.FAIL,
            tool_calls=[{"name": "cancel_order", "arguments": {"order_id": "A-1001"}}],
            rule_findings=[{"rule": "tool_call", "passed": False, "hard": True, "message": "Expected lookup_order"}],
            rationale=f"Wrong tool: {text}",
            transcript=[{"role": "user", "content": "Where is A-1001?"}, {"role": "assistant", "content": text}],
        ),
        attempt("s3", 1, Verdict.ERROR, error_kind="timeout", error_message="No reply within 30 s", score=None),
        attempt("s3", 2, Verdict.ERROR, error_kind="timeout", error_message="No reply within 30 s", score=None),
        attempt("s4", 1, Verdict.NOT_SCORED, rationale=f"Needs the judge {text}"),
        attempt("s4", 2, Verdict.NOT_SCORED),
    ]


@pytest.fixture
def mixed_run(acme: Account, agent: Agent) -> EvaluationRun:
    return make_run(acme, agent, mixed_specs(), mixed_attempts())


def test_report_page_shows_scores_scenarios_transcript_and_tool_calls(client, alice, mixed_run) -> None:
    client.force_login(alice)
    response = client.get(reverse("evaluations:run-report", args=[mixed_run.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    report = response.context["report"]
    assert report["trust_score"] == mixed_run.trust_score == 62.5  # accuracy 100 (w25), tool calls 0 (w15)
    # Two of the four scenarios were scored: below the minimum coverage, so 62.5 is never a plain number
    # (docs/runs.md#coverage).
    assert "Agent Trust Score" in html and ">62.5<" not in html
    assert "Not enough scored: 2 of 4 scenarios scored (62.5 / 100 over those)" in html
    assert "Response accuracy" in html and "Tool-call precision" in html and "Red-team block rate" in html
    assert "1 / 1 scenarios passed" in html and "0 / 1 scenarios passed" in html

    rows = {s["key"]: s for s in report["scenarios"]}
    assert [s["key"] for s in report["scenarios"]] == ["s1", "s2", "s3", "s4"]  # run order
    assert (rows["s1"]["status"], rows["s1"]["runs_passed"]) == ("pass", 2)
    assert (rows["s2"]["status"], rows["s2"]["runs_passed"], rows["s2"]["runs_failed"]) == ("fail", 1, 1)
    assert (rows["s3"]["status"], rows["s3"]["runs_error"]) == ("error", 2)
    assert (rows["s4"]["status"], rows["s4"]["runs_not_scored"]) == ("not_scored", 2)
    assert 'class="badge pass">Pass<' in html and 'class="badge error">Error<' in html
    assert 'class="badge error flaky"' in html  # s2 passed once and failed once
    assert 'class="badge not_scored">Not scored<' in html
    assert "<td>2</td><td>0</td><td>0</td><td>0</td>" in html  # s1: 2 passed, 0 failed, 0 not scored, 0 error
    assert "<td>1</td><td>1</td><td>0</td><td>0</td>" in html  # s2
    assert "You can return them within 30 days." not in html  # conversations load when a scenario is opened

    runs = "".join(conversations(client, mixed_run, key) for key in ("s1", "s2", "s3", "s4"))
    for label in ('class="badge pass">Pass<', 'class="badge fail">Fail<', 'class="badge error">Error<'):
        assert label in runs
    assert "You can return them within 30 days." in runs and 'class="bubble assistant"' in runs
    assert "lookup_order(order_id = &quot;A-1001&quot;)" in runs  # expected
    assert "cancel_order {&quot;order_id&quot;: &quot;A-1001&quot;}" in runs  # actual
    assert "Expected lookup_order" in runs and "No reply within 30 s" in runs
    assert "States 30 days" in runs and "LLM01" in html
    assert RULES_ONLY_NOTICE in html
    assert reverse("evaluations:run-report-json", args=[mixed_run.pk]) in html
    assert reverse("evaluations:run-report-junit", args=[mixed_run.pk]) in html
    assert "run-progress" not in html  # finished: no progress poller


def conversations(client: Any, run: EvaluationRun, key: str) -> str:
    """A scenario's conversations as htmx loads them when its row is opened."""
    url = reverse("evaluations:run-report-scenario", args=[run.pk, key])
    response = client.get(url, headers={"HX-Request": "true"})
    assert response.status_code == 200
    return str(response.content.decode())


def test_report_page_has_no_rules_only_notice_with_a_judge(client, alice, acme, agent) -> None:
    run = make_run(acme, agent, mixed_specs(), mixed_attempts(), judge_model=JudgeModel.SONNET)
    client.force_login(alice)
    html = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    assert RULES_ONLY_NOTICE not in html
    assert "Sonnet" in html


def test_report_page_escapes_agent_text(client, alice, acme, agent) -> None:
    run = make_run(acme, agent, mixed_specs(), mixed_attempts(hostile=True))
    client.force_login(alice)
    html = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    html += "".join(conversations(client, run, key) for key in ("s1", "s2", "s3", "s4"))
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_active_run_report_shows_progress_and_live_counts(client, alice, acme, agent) -> None:
    specs = mixed_specs()
    run = make_run(acme, agent, specs, [attempt("s1", 1, Verdict.PASS)], status=RunStatus.RUNNING)
    client.force_login(alice)
    response = client.get(reverse("evaluations:run-report", args=[run.pk]))
    html = response.content.decode()
    assert 'id="run-progress"' in html
    assert "So far" in html
    assert response.context["report"]["is_final"] is False
    assert response.context["report"]["scenarios"][0]["runs_passed"] == 1


@pytest.mark.parametrize("name", ["run-report", "run-report-json", "run-report-junit"])
def test_other_account_gets_404(client, bob, mixed_run, name) -> None:
    client.force_login(bob)
    assert client.get(reverse(f"evaluations:{name}", args=[mixed_run.pk])).status_code == 404


@pytest.mark.parametrize("name", ["run-report", "run-report-json", "run-report-junit"])
def test_anonymous_is_sent_to_login(client, mixed_run, name) -> None:
    response = client.get(reverse(f"evaluations:{name}", args=[mixed_run.pk]))
    assert response.status_code == 302 and "login" in response["Location"]


def test_member_with_read_role_sees_the_report(client, make_member, mixed_run) -> None:
    client.force_login(make_member("reader"))
    assert client.get(reverse("evaluations:run-report", args=[mixed_run.pk])).status_code == 200


def test_json_download_parses_and_holds_no_secret(client, alice, mixed_run) -> None:
    RunSecret.objects.create(run=mixed_run, ciphertext=CIPHERTEXT)
    client.force_login(alice)
    response = client.get(reverse("evaluations:run-report-json", args=[mixed_run.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="trustgate-run-{mixed_run.pk}.json"'
    body = response.content.decode()
    assert CIPHERTEXT not in body and "header-secret-value" not in body
    data = json.loads(body)
    assert data["run"]["id"] == mixed_run.pk and data["run"]["api_key_masked"] == "sk-…9f2c"
    assert data["run"]["rules_only_notice"] == RULES_ONLY_NOTICE
    assert data["trust_score"] == 62.5
    assert [s["status"] for s in data["scenarios"]] == ["pass", "fail", "error", "not_scored"]
    tool = data["scenarios"][1]
    assert tool["expected_tool_call"]["name"] == "lookup_order"
    assert [a["tool_calls"][0]["name"] for a in tool["attempts"]] == ["lookup_order", "cancel_order"]
    assert isinstance(data["run"]["finished_at"], str)


def test_junit_download_validates_with_hostile_text(client, alice, acme, agent, junit_schema) -> None:
    specs = [*mixed_specs(), spec("s5", ScenarioKind.PII, f"Name with {HOSTILE}")]
    attempts = [
        *mixed_attempts(hostile=True),
        attempt(
            "s5",
            1,
            Verdict.FAIL,
            rationale=HOSTILE,
            transcript=[
                {"role": "user", "content": HOSTILE},
                {"role": "assistant", "content": "<![CDATA[ x ]]> " + HOSTILE},
            ],
        ),
    ]
    run = make_run(acme, agent, specs, attempts)
    client.force_login(alice)
    response = client.get(reverse("evaluations:run-report-junit", args=[run.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/xml")
    assert response["Content-Disposition"] == f'attachment; filename="trustgate-run-{run.pk}.junit.xml"'
    body = response.content
    junit_schema.validate(io.BytesIO(body))

    suite = ET.fromstring(body)
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors"), suite.get("skipped")) == (
        "6",
        "2",
        "1",
        "1",
    )
    props = {p.get("name"): p.get("value") for p in suite.iter("property")}
    assert props["run_id"] == str(run.pk) and props["trust_score"] == str(run.trust_score)
    assert props["report_url"] is not None
    assert props["report_url"].endswith(f"/runs/{run.pk}/")
    cases = {c.get("name"): c for c in suite.iter("testcase")}
    assert cases["Refund window"].get("classname") == "accuracy" and len(cases["Refund window"]) == 0
    failure = cases["Order lookup"].find("failure")
    assert failure is not None and failure.get("type") == "fail"  # a failure, flaky or not (no baseline here)
    assert failure.get("message", "").startswith("Flaky: 1 of 2 scored runs passed (50%)")
    assert "]]> <script>alert(1)</script>" in (failure.text or "")
    assert "\x07" not in (failure.text or "") and "\x1b" not in body.decode()
    assert cases["Prompt injection"].find("error") is not None
    skipped = cases["Stays on topic"].find("skipped")
    assert skipped is not None and skipped.get("message", "").startswith("Not scored")
    assert any("<script>" in (name or "") for name in cases)


def test_junit_strips_characters_xml_forbids(acme, agent, junit_schema) -> None:
    """NUL and lone surrogates never reach the database on every backend, so feed unsaved attempts."""
    specs = [spec("s1", ScenarioKind.ACCURACY, "placeholder")]
    run = make_run(acme, agent, specs, [], status=RunStatus.RUNNING)  # no stored metrics: scored live
    run.scenarios[0]["name"] = "Nul\x00 and \ud800 surrogate"  # in memory only: PostgreSQL refuses NUL
    bad = "a\x00b\ud800c\ufffed\x1fe"
    body = report_junit_xml(
        run,
        [
            attempt(
                "s1",
                1,
                Verdict.FAIL,
                rationale=bad,
                transcript=[
                    {"role": "assistant", "content": bad},
                ],
            )
        ],
    )
    junit_schema.validate(io.BytesIO(body))
    failure = ET.fromstring(body).find("testcase/failure")
    assert failure is not None and "abcde" in (failure.text or "")


def test_junit_for_a_run_without_attempts_validates(acme, agent, junit_schema) -> None:
    run = make_run(acme, agent, mixed_specs(), [], status=RunStatus.QUEUED)
    run.started_at = None
    body = report_junit_xml(run, [])
    junit_schema.validate(io.BytesIO(body))
    assert ET.fromstring(body).get("skipped") == "5"  # the 4 scenarios and the gate, which has not decided yet


def big_run(account: Account, agent: Agent, scenarios: int, repeats: int) -> EvaluationRun:
    kinds = list(ScenarioKind)
    specs = [spec(f"s{i}", kinds[i % len(kinds)], f"Scenario {i}") for i in range(scenarios)]
    verdicts = [Verdict.PASS, Verdict.FAIL, Verdict.NOT_SCORED, Verdict.ERROR]
    attempts = [
        attempt(
            s.key,
            r,
            verdicts[(i + r) % 4],
            tool_calls=[{"name": "lookup_order", "arguments": {"order_id": str(i)}}],
            rule_findings=[{"rule": "pii", "passed": True, "hard": True, "message": "No PII"}],
        )
        for i, s in enumerate(specs)
        for r in range(1, repeats + 1)
    ]
    return make_run(account, agent, specs, attempts, runs_per_scenario=repeats)


@pytest.mark.parametrize(("scenarios", "repeats"), [(2, 1), (60, 10)])
def test_report_page_queries_do_not_grow_with_the_run(
    client, alice, acme, agent, django_assert_max_num_queries, scenarios, repeats
) -> None:
    started = time.monotonic()
    run = big_run(acme, agent, scenarios, repeats)
    client.force_login(alice)
    with django_assert_max_num_queries(PAGE_QUERY_CEILING):
        response = client.get(reverse("evaluations:run-report", args=[run.pk]))
    assert response.status_code == 200
    assert len(response.context["report"]["scenarios"]) == scenarios
    assert "Reply s0" not in response.content.decode()  # no conversation is read for the page
    assert time.monotonic() - started < 3


def test_downloads_query_ceiling(client, alice, acme, agent, django_assert_max_num_queries) -> None:
    run = big_run(acme, agent, 60, 10)
    client.force_login(alice)
    for name in ("run-report-json", "run-report-junit"):
        with django_assert_max_num_queries(PAGE_QUERY_CEILING):
            assert client.get(reverse(f"evaluations:{name}", args=[run.pk])).status_code == 200


def test_run_list_shows_own_runs_newest_first(client, alice, bob, acme, agent, django_assert_max_num_queries) -> None:
    older = make_run(acme, agent, mixed_specs(), mixed_attempts())
    newer = make_run(acme, agent, mixed_specs(), [], status=RunStatus.RUNNING)
    bob_account = bob.memberships.get().account
    bob_agent = Agent.objects.create(account=bob_account, name="Globex bot")
    foreign = make_run(bob_account, bob_agent, mixed_specs(), [])
    for _ in range(20):
        make_run(acme, agent, mixed_specs(), [])
    client.force_login(alice)
    # session, user, memberships, count, page of runs, agent filter choices, the page's runs whole and their pins
    with django_assert_max_num_queries(9):
        response = client.get(reverse("evaluations:run-list"))
    assert response.status_code == 200
    html = response.content.decode()
    runs = [row.run for row in response.context["rows"]]
    assert older in runs and newer in runs and foreign not in runs
    assert runs.index(newer) < runs.index(older)
    assert "Globex bot" not in html
    assert f'href="{reverse("evaluations:run-report", args=[older.pk])}"' in html
    # A finished run shows its verdict (no baseline here), an active one its status (docs/runs.md#run-lists).
    assert "Not enough scored" in html and ">NO BASELINE<" in html and ">Running<" in html
