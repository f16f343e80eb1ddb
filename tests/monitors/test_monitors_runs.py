"""Monitor runs end to end against real local HTTP servers: samples, status changes, alerts, budget, schedules."""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import runpy
import threading
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone
from django_q.models import Schedule
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from billing.services import api_key_create
from evalsite import settings as settings_module
from evaluations.core.jobs import JobStatus
from evaluations.monitors import services
from evaluations.monitors.models import (
    AlertState,
    Monitor,
    MonitorEvent,
    MonitorRun,
    MonitorSample,
    MonitorUsage,
    PauseReason,
)
from evaluations.monitors.rules import parse_rules
from evaluations.monitors.scheduling import schedule_name
from evaluations.monitors.validators import parse_secret_reference
from evaluations.scoring.judge import JUDGE_PROMPT_VERSION
from evaluations.scoring.pii import scan_pii


class ScriptedAgent:
    """A simple-chat agent on the test HTTP server: answers from ``answers`` in turn (thread-safe), or fails
    with ``status`` when set."""

    def __init__(self, httpserver: HTTPServer) -> None:
        self.lock = threading.Lock()
        self.answers: Iterator[str] = itertools.cycle(["Our refund window is 30 days."])
        self.status: int | None = None
        self.requests: list[dict[str, Any]] = []
        self.url = httpserver.url_for("/chat")
        httpserver.expect_request("/chat", method="POST").respond_with_handler(self.handle)

    def say(self, *answers: str) -> None:
        with self.lock:
            self.answers = itertools.cycle(answers)

    def handle(self, request: Request) -> Response:
        with self.lock:
            self.requests.append({"body": json.loads(request.get_data()), "auth": request.headers.get("Authorization")})
            if self.status:
                return Response("boom", status=self.status)
            answer = next(self.answers)
        return Response(json.dumps({"answer": answer}), content_type="application/json")


class WebhookReceiver:
    """Receives alert webhooks and checks each signature the way a customer would."""

    def __init__(self, httpserver: HTTPServer, secret: str) -> None:
        self.secret = secret
        self.payloads: list[dict[str, Any]] = []
        self.bad_signatures = 0
        self.url = httpserver.url_for("/hook")
        httpserver.expect_request("/hook", method="POST").respond_with_handler(self.handle)

    def handle(self, request: Request) -> Response:
        body = request.get_data()
        expected = "sha256=" + hmac.new(self.secret.encode(), body, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(expected, request.headers.get("X-Trustgate-Signature", "")):
            self.bad_signatures += 1
            return Response("bad signature", status=401)
        self.payloads.append({"event": request.headers.get("X-Trustgate-Event"), **json.loads(body)})
        return Response("ok")


@pytest.fixture
def agent_server(httpserver: HTTPServer, private_endpoints: None) -> ScriptedAgent:
    return ScriptedAgent(httpserver)


def make_monitor(acme: Any, url: str, *, cases: list[dict[str, Any]] | None = None, **data: Any) -> Monitor:
    cases = cases or [
        {"name": "Refund window", "ask": "What's your refund window?", "expect": [{"contains": "30 days"}]}
    ]
    return services.monitor_create(
        account=acme,
        data={"name": data.pop("name", "Chat answers"), "endpoint_url": url, **data},
        cases=[{**c, "expect": parse_rules(c["expect"])} for c in cases],
    )


@pytest.fixture
def run_now(django_capture_on_commit_callbacks: Any) -> Callable[[Monitor], MonitorRun]:
    """Run now, with the queued task and any alert it causes executed (django-q2 is synchronous in tests)."""

    def do(monitor: Monitor) -> MonitorRun:
        with django_capture_on_commit_callbacks(execute=True):
            run, created = services.monitor_run_request(monitor=monitor)
        assert created
        run.refresh_from_db()
        monitor.refresh_from_db()
        return run

    return do


def test_each_case_is_sampled_three_times_and_two_passing_samples_pass_it(acme, agent_server, run_now) -> None:
    monitor = make_monitor(acme, agent_server.url)
    agent_server.say("30 days.", "45 days.", "30 days.")
    run = run_now(monitor)
    assert len(agent_server.requests) == 3
    assert all(r["body"] == {"message": "What's your refund window?"} for r in agent_server.requests)
    assert (run.samples_passed, run.samples_failed, run.cases_passed) == (2, 1, 1)
    assert run.pass_rate == pytest.approx(200 / 3)

    agent_server.say("30 days.", "45 days.", "45 days.")
    run = run_now(monitor)
    assert (run.samples_passed, run.cases_passed, run.cases_failed) == (1, 0, 1)
    failed = MonitorSample.objects.filter(run=run, verdict="fail").first()
    assert failed is not None and failed.findings == [
        {"rule": "contains", "passed": False, "message": "Missing: “30 days”."}
    ]


def test_down_recovered_degraded_each_alert_exactly_once_by_email_and_signed_webhook(
    acme, agent_server, httpserver, run_now
) -> None:
    monitor = make_monitor(acme, agent_server.url, alert_emails="oncall@acme.example")
    hook = WebhookReceiver(httpserver, monitor.webhook_secret)  # read here: the server thread has no DB
    services.monitor_update(monitor=monitor, data={"channels": {"webhook": hook.url}}, cases=[
        {"id": c.pk, "name": c.name, "ask": c.ask, "expect": c.expect} for c in monitor.cases.all()
    ])  # fmt: skip

    def alerts() -> tuple[int, int]:
        return len(mail.outbox), len(hook.payloads)

    assert run_now(monitor).outcome == "up" and run_now(monitor).outcome == "up"
    assert alerts() == (0, 0)  # the first "up" is not news

    agent_server.status = 500
    assert run_now(monitor).outcome == "down"
    assert alerts() == (1, 1)
    assert mail.outbox[0].subject == "[Trustgate] Down: Chat answers"
    assert hook.payloads[0]["event"] == "monitor.down" and hook.payloads[0]["status"] == "down"
    assert "HTTP 500" in hook.payloads[0]["cases"][0]["error"]
    assert run_now(monitor).outcome == "down"
    assert alerts() == (1, 1)  # still down: no second alert

    agent_server.status = None
    assert run_now(monitor).outcome == "up"
    assert alerts() == (2, 2)
    assert mail.outbox[1].subject == "[Trustgate] Recovered: Chat answers"
    assert hook.payloads[1]["event"] == "monitor.recovered"

    agent_server.say("Our refund window is 45 days.")
    assert run_now(monitor).outcome == "degraded"
    assert alerts() == (3, 3)
    degraded = hook.payloads[2]
    assert degraded["event"] == "monitor.degraded"
    assert "always passed before and now fails" in degraded["message"].lower()
    case = degraded["cases"][0]
    assert case["new_answer"] == "Our refund window is 45 days."
    assert case["last_good_answer"] == "Our refund window is 30 days."
    body = mail.outbox[2].body
    assert "New answer:\nOur refund window is 45 days." in body
    assert "Last good answer:\nOur refund window is 30 days." in body
    assert "-Our refund window is 30 days.\n+Our refund window is 45 days." in body  # the diff
    assert run_now(monitor).outcome == "degraded"
    assert alerts() == (3, 3)

    agent_server.say("Our refund window is 30 days.")
    assert run_now(monitor).outcome == "up"
    assert alerts() == (4, 4)
    assert hook.bad_signatures == 0
    assert list(MonitorEvent.objects.filter(monitor=monitor).order_by("pk").values_list("title", flat=True)) == [
        "Up", "Down", "Recovered", "Degraded", "Recovered",
    ]  # fmt: skip
    assert set(MonitorEvent.objects.exclude(title="Up").values_list("alert_state", flat=True)) == {AlertState.SENT}


def test_pass_rate_below_target_twice_in_a_row_is_degraded(acme, agent_server, run_now) -> None:
    monitor = make_monitor(
        acme, agent_server.url, alert_emails="oncall@acme.example",
        cases=[
            {"name": "Refund", "ask": "Refund window?", "expect": [{"contains": "30 days"}]},
            {"name": "Shipping", "ask": "Shipping?", "expect": [{"contains": "free shipping"}]},
        ],
    )  # fmt: skip
    agent_server.say("30 days.")  # the shipping case never passes: 50%
    first = run_now(monitor)
    assert first.pass_rate == 50 and first.outcome == "up" and monitor.runs_below_target == 1
    second = run_now(monitor)
    assert second.outcome == "degraded"
    assert "below the 90% target for 2 runs in a row" in MonitorEvent.objects.get(status="degraded").message
    assert len(mail.outbox) == 1


def test_a_redelivered_task_does_not_run_twice(acme, agent_server, run_now) -> None:
    monitor = make_monitor(acme, agent_server.url)
    run = run_now(monitor)
    services.monitor_run_execute(run_id=run.pk)
    assert len(agent_server.requests) == 3
    assert MonitorSample.objects.filter(run=run).count() == 3


def test_stored_answers_have_no_pii_and_fit_in_2_kb(acme, agent_server, run_now) -> None:
    leak = "Sure: card 4111 1111 1111 1111, email jo.smith@acme-corp.com, call +1 415 555 0199. " + "é" * 3000
    agent_server.say(leak)
    monitor = make_monitor(acme, agent_server.url)
    run = run_now(monitor)
    for sample in MonitorSample.objects.filter(run=run):
        assert sample.answer
        assert len(sample.answer.encode("utf-8")) <= 2048
        assert scan_pii(sample.answer, withhold_contacts=True) == []
        assert "4111 1111 1111 1111" not in sample.answer and "jo.smith@acme-corp.com" not in sample.answer

    results_only = make_monitor(acme, agent_server.url, name="Private", storage_mode="results_only")
    run = run_now(results_only)
    assert set(MonitorSample.objects.filter(run=run).values_list("answer", flat=True)) == {""}
    assert run.samples_failed == 3  # results are still kept


def test_the_key_comes_from_the_workers_environment_and_a_missing_secret_is_a_monitor_error(
    acme, agent_server, run_now, settings
) -> None:
    monitor = make_monitor(acme, agent_server.url, auth_secret="TEST_TOKEN")
    settings.TRUSTGATE_SECRETS = {}  # the worker started without TRUSTGATE_SECRET_TEST_TOKEN
    run = run_now(monitor)
    assert run.status == JobStatus.FAILED
    assert "TRUSTGATE_SECRET_TEST_TOKEN" in run.error_message
    assert monitor.last_error == run.error_message and monitor.status == "pending"
    assert agent_server.requests == []

    settings.TRUSTGATE_SECRETS = {"TEST_TOKEN": "tok-123456789"}  # read from TRUSTGATE_SECRET_TEST_TOKEN
    run = run_now(monitor)
    assert run.status == JobStatus.SUCCEEDED and run.outcome == "up"
    assert {r["auth"] for r in agent_server.requests} == {"Bearer tok-123456789"}
    assert Monitor.objects.get(pk=monitor.pk).last_error == ""
    assert "tok-123456789" not in json.dumps(list(Monitor.objects.values()), default=str)


def test_secrets_are_read_at_start_up_and_the_django_secret_key_is_never_one(monkeypatch) -> None:
    monkeypatch.setenv("TRUSTGATE_SECRET_KEY", "the-django-secret-key")
    monkeypatch.setenv("TRUSTGATE_SECRET_TEST_TOKEN", "tok-123456789")
    fresh = runpy.run_path(str(Path(settings_module.__file__)))
    assert fresh["TRUSTGATE_SECRETS"]["TEST_TOKEN"] == "tok-123456789"
    assert "KEY" not in fresh["TRUSTGATE_SECRETS"]
    with pytest.raises(ValueError, match="secret.KEY is taken"):
        parse_secret_reference("secret.KEY")


def test_budget_pauses_the_monitor_says_so_and_alerts_once(
    acme, agent_server, run_now, django_capture_on_commit_callbacks
) -> None:
    agent_server.say("Our refund window is 30 days. " * 20)
    monitor = make_monitor(acme, agent_server.url, monthly_token_budget=300, alert_emails="oncall@acme.example")
    run = run_now(monitor)
    assert run.agent_tokens >= 300  # 3 samples of ~600 characters, estimated at 4 characters a token
    assert monitor.paused_reason == PauseReason.BUDGET and monitor.display_status == "paused"
    event = MonitorEvent.objects.get(monitor=monitor, title="Paused: token budget used up")
    assert "paused until the month ends" in event.message
    assert len(mail.outbox) == 1 and "token budget" in mail.outbox[0].subject

    with pytest.raises(services.MonitorActionError) as run_refused:
        services.monitor_run_request(monitor=monitor)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.monitor_run_scheduled(monitor_id=monitor.pk) is None
    with pytest.raises(services.MonitorActionError) as resume_refused:
        services.monitor_resume(monitor=monitor)
    deploy = services.monitors_trigger_deploy(monitors=[monitor])
    # One message everywhere: Run now, Resume and the deploy hook say the same thing (docs/monitors.md#budget).
    said = "“Chat answers” is paused: this month's token budget (300) is used up. Raise the budget (Edit) to run it"
    assert str(run_refused.value).startswith(said) and str(resume_refused.value) == str(run_refused.value)
    assert deploy.skipped == [(monitor, str(run_refused.value))]
    assert len(mail.outbox) == 1 and len(agent_server.requests) == 3

    # A new month brings a new budget: the next scheduled tick resumes and runs.
    MonitorUsage.objects.filter(monitor=monitor).update(
        month=(timezone.now() - timedelta(days=40)).date().replace(day=1)
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert services.monitor_run_scheduled(monitor_id=monitor.pk) is not None
    assert len(agent_server.requests) == 6
    monitor.refresh_from_db()
    assert monitor.paused_reason == PauseReason.BUDGET  # used up again at once, but alerted once this month
    assert len(mail.outbox) == 2
    assert MonitorEvent.objects.filter(monitor=monitor, title="Resumed").exists()


def test_a_schedule_row_is_created_and_a_due_schedule_runs_the_monitor(
    acme, agent_server, django_capture_on_commit_callbacks
) -> None:
    from django_q.scheduler import scheduler

    monitor = make_monitor(acme, agent_server.url, interval_minutes=15)
    schedule = Schedule.objects.get(name=schedule_name(monitor.pk))
    assert (schedule.func, schedule.args, schedule.schedule_type, schedule.minutes) == (
        "evaluations.monitors.tasks.monitor_run", str(monitor.pk), Schedule.MINUTES, 15,
    )  # fmt: skip
    assert schedule.next_run > timezone.now()
    scheduler()
    assert MonitorRun.objects.count() == 0  # not due yet

    Schedule.objects.filter(pk=schedule.pk).update(next_run=timezone.now() - timedelta(seconds=1))
    with django_capture_on_commit_callbacks(execute=True):
        scheduler()
    run = MonitorRun.objects.get()
    assert run.trigger == "schedule" and run.status == JobStatus.SUCCEEDED and run.outcome == "up"
    assert Schedule.objects.get(pk=schedule.pk).next_run > timezone.now()

    services.monitor_pause(monitor=monitor)
    assert not Schedule.objects.filter(name=schedule_name(monitor.pk)).exists()
    services.monitor_resume(monitor=monitor)
    assert Schedule.objects.filter(name=schedule_name(monitor.pk)).exists()
    services.monitor_delete(monitor=monitor)
    assert not Schedule.objects.filter(name=schedule_name(monitor.pk)).exists()


def test_judge_runs_after_rules_pass_and_records_its_model_and_prompt_version(
    acme, agent_server, anthropic_judge_env, run_now
) -> None:
    monitor = make_monitor(
        acme, agent_server.url,
        cases=[{"name": "Refund", "ask": "Refund window?", "expect": [{"contains": "30 days"}, {"judge": "Gives the 30-day window."}]}],
    )  # fmt: skip
    for _ in range(3):
        anthropic_judge_env.reply_verdict("pass", 90, "States 30 days.")
    run = run_now(monitor)
    assert run.samples_passed == 3 and len(anthropic_judge_env.requests) == 3
    assert run.judge_tokens == 3 * 160  # as the model reported
    sample = MonitorSample.objects.filter(run=run).first()
    assert sample is not None
    assert (sample.judge_verdict, sample.judge_model, sample.judge_prompt_version) == (
        "pass",
        "sonnet",
        JUDGE_PROMPT_VERSION,
    )
    assert "Refund window?" in anthropic_judge_env.requests[0].user_text

    anthropic_judge_env.requests.clear()
    agent_server.say("45 days.")
    run = run_now(monitor)
    assert run.samples_failed == 3 and anthropic_judge_env.requests == []  # a failed rule is never judged


def test_an_unreachable_judge_gives_not_judged_never_a_pass_or_a_fail(
    acme, agent_server, anthropic_judge_env, run_now
) -> None:
    monitor = make_monitor(
        acme,
        agent_server.url,
        cases=[{"name": "Refund", "ask": "Refund window?", "expect": [{"judge": "Gives 30 days."}]}],
    )
    for _ in range(3):
        anthropic_judge_env.server_error()
    run = run_now(monitor)
    assert (run.samples_not_judged, run.samples_passed, run.samples_failed) == (3, 0, 0)
    assert run.pass_rate is None and run.case_results[str(monitor.cases.get().pk)]["verdict"] == "not_judged"
    sample = MonitorSample.objects.filter(run=run).first()
    assert sample is not None
    assert sample.judge_verdict == "not_judged" and sample.judge_model == "sonnet"
    assert "could not be reached" in sample.judge_rationale
    assert monitor.status == "pending"  # nothing was learnt about quality


def test_deploy_hook_runs_the_matching_monitors(
    acme, agent_server, api, agent, django_capture_on_commit_callbacks, bob, make_member
) -> None:
    first = make_monitor(acme, agent_server.url, name="First")
    second = make_monitor(acme, agent_server.url, name="Second")
    paused = make_monitor(acme, agent_server.url, name="Paused")
    services.monitor_pause(monitor=paused)
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post("/api/v1/deploys", {"ref": "v1.4.2"})
    assert response.status_code == 202, response.content
    body = response.json()
    assert [t["name"] for t in body["triggered"]] == ["First", "Second"]
    assert body["skipped"] == [
        {"monitor_id": paused.pk, "name": "Paused", "reason": "“Paused” is paused; resume it to run it again."}
    ]
    runs = MonitorRun.objects.filter(trigger="deploy")
    assert runs.count() == 2 and set(runs.values_list("deploy_ref", flat=True)) == {"v1.4.2"}
    assert set(runs.values_list("status", flat=True)) == {JobStatus.SUCCEEDED}

    with django_capture_on_commit_callbacks(execute=True):
        response = api.post("/api/v1/deploys", {"monitor": second.pk})
    assert [t["monitor_id"] for t in response.json()["triggered"]] == [second.pk]
    response = api.post("/api/v1/deploys", {"agent": agent.pk})
    assert response.status_code == 202 and response.json() == {"triggered": [], "skipped": []}

    reader = make_member("rita")
    _, reader_key = api_key_create(user=reader, account=acme, name="read only")
    assert api.post("/api/v1/deploys", {}, key=reader_key).status_code == 403

    other = make_monitor(bob.memberships.get().account, agent_server.url, name="Bob's")
    assert api.post("/api/v1/deploys", {"monitor": other.pk}).status_code == 404
    assert api.post("/api/v1/deploys", {}, key=None).status_code == 401
    assert first.runs.count() == 1


def test_the_demo_agent_regression_degrades_the_monitor_alerts_once_with_the_answer_diff_and_recovers(
    acme, alice, client, demo_agent_record, demo_agent_mode, run_now
) -> None:
    client.force_login(alice)
    monitor = services.monitor_create(
        account=acme,
        data={"name": "Northwind answers", "agent": demo_agent_record, "alert_emails": "oncall@acme.example"},
        cases=[
            {"name": "Free shipping", "ask": "Is standard shipping free?",
             "expect": parse_rules([{"answered": {"within": "5s"}}, {"contains": "$75"}, "no_pii"])},
            {"name": "Tent warranty", "ask": "What warranty do your tents have?",
             "expect": parse_rules([{"contains": "1 year"}, "no_refusal"])},
        ],
    )  # fmt: skip
    for _ in range(2):
        assert run_now(monitor).outcome == "up"
    assert len(mail.outbox) == 0

    demo_agent_mode("regressed")
    run = run_now(monitor)
    assert run.outcome == "degraded" and run.pass_rate == 0
    assert len(mail.outbox) == 1
    alert = mail.outbox[0]
    assert alert.subject == "[Trustgate] Degraded: Northwind answers"
    assert "free on orders over $150" in alert.body and "free on orders over $75" in alert.body
    assert "+Standard shipping takes 3-5 business days and is free on orders over $150." in alert.body
    assert run_now(monitor).outcome == "degraded"
    assert len(mail.outbox) == 1

    page = client.get(reverse("monitors:monitor-detail", args=[monitor.pk])).content.decode()
    assert "What changed" in page and "free on orders over $150" in page and "free on orders over $75" in page

    demo_agent_mode("normal")
    assert run_now(monitor).outcome == "up"
    assert len(mail.outbox) == 2 and mail.outbox[1].subject == "[Trustgate] Recovered: Northwind answers"


def test_monitor_page_shows_the_judge_calls_tokens_and_cost_of_the_month(
    client, alice, acme, agent_server, anthropic_judge_env, run_now
) -> None:
    monitor = make_monitor(
        acme, agent_server.url,
        cases=[{"name": "Refund", "ask": "Refund window?", "expect": [{"contains": "30 days"}, {"judge": "Gives the 30-day window."}]}],
    )  # fmt: skip
    for _ in range(6):
        anthropic_judge_env.reply_verdict("pass", 90, "States 30 days.")
    run_now(monitor)
    run_now(monitor)

    client.force_login(alice)
    html = client.get(reverse("monitors:monitor-detail", args=[monitor.pk])).content.decode()

    # 6 judge calls of 120 input and 40 output tokens, Sonnet at $3 / $15 a million: $0.00576.
    assert "6 calls · 720 input, 0 cached, 240 output tokens · estimated cost $0.0058" in html
