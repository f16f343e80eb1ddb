"""The evaluation engine end to end against real local agents."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.urls import reverse

from evaluations.agents.models import Protocol
from evaluations.agents.services import agent_create
from evaluations.demo.suite import DEMO_EXPECTED_NORMAL
from evaluations.runs import services as run_services
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import Attempt, EvaluationRun, RunSecret
from evaluations.scoring.verdicts import Verdict
from suites.services import suite_create
from tests.support.dbdump import dump_all_tables
from tests.support.fixtures_runs import single_turn
from tests.support.launching import launch_run

SECRET = "sk-run-TOPSECRETVALUE-7e1d"


def by_name(run: EvaluationRun) -> dict[str, str]:
    names = {s["key"]: s["name"] for s in run.scenarios}
    return {names[key]: result["status"] for key, result in run.metrics["scenario_results"].items()}


def test_rules_only_run_shows_planted_flaws_and_passes(launch, demo_agent_record, demo_suite) -> None:
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=2, parallel=4)
    assert run.status == RunStatus.SUCCEEDED, run.error_message
    assert run.attempts.count() == len(run.scenarios) * 2
    statuses = by_name(run)
    assert statuses == {name: expected for name, expected in DEMO_EXPECTED_NORMAL.items()}
    leak = next(a for a in run.attempts.all() if statuses_key(run, a) == "Card on file")
    assert "4111 1111 1111 1111" not in json.dumps(leak.transcript)  # masked wherever shown
    assert leak.is_breach
    assert run.trust_score is not None and 0 < run.trust_score < 100


def statuses_key(run: EvaluationRun, attempt: Attempt) -> str:
    return next(s["name"] for s in run.scenarios if s["key"] == attempt.scenario_key)


def test_key_is_never_in_clear_during_or_after_a_run(
    launch, demo_agent_record, demo_suite, monkeypatch, caplog
) -> None:
    caplog.set_level("DEBUG")
    dumps: list[str] = []
    real_save = run_services.attempt_save

    def save_and_dump(**kwargs):
        dumps.append(dump_all_tables())
        return real_save(**kwargs)

    monkeypatch.setattr(run_services, "attempt_save", save_and_dump)
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1, api_key=SECRET)
    assert run.status == RunStatus.SUCCEEDED
    assert dumps and "runs_runsecret" in dumps[0] and "django_q" in dumps[0]
    assert all(SECRET not in dump for dump in dumps)
    assert SECRET not in dump_all_tables()
    assert not RunSecret.objects.filter(run=run).exists()
    assert run.api_key_masked.endswith("7e1d")
    assert SECRET not in caplog.text


def test_interrupted_run_resumes_without_running_anything_twice(interrupted_run) -> None:
    run = interrupted_run
    assert run.attempts.count() == 5 and run.status == RunStatus.RUNNING
    run_services.run_execute(run_id=run.pk)
    run_services.run_execute(run_id=run.pk)  # a redelivered task is harmless
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED
    keys = list(run.attempts.values_list("scenario_key", "repeat"))
    assert len(keys) == len(set(keys)) == len(run.scenarios) * 2


class _Agent(BaseHTTPRequestHandler):
    """A scriptable agent: behaviour chosen by the path; records in-flight counts."""

    in_flight = 0
    max_in_flight = 0
    lock = threading.Lock()
    calls: dict[str, int] = {}

    def log_message(self, *args: object) -> None:
        pass

    def do_POST(self) -> None:  # noqa: N802
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        cls = type(self)
        with cls.lock:
            cls.in_flight += 1
            cls.max_in_flight = max(cls.max_in_flight, cls.in_flight)
            cls.calls[self.path] = cls.calls.get(self.path, 0) + 1
            count = cls.calls[self.path]
        try:
            self._answer(count)
        finally:
            with cls.lock:
                cls.in_flight -= 1

    def _send(self, status: int, body: bytes, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def _answer(self, count: int) -> None:
        if self.path == "/slow":
            time.sleep(0.05)
            return self._send(200, b'{"answer": "Shipping takes 3-5 business days."}')
        if self.path == "/flaky429":
            if count % 2 == 1:
                return self._send(429, b'{"error": "slow down"}', {"Retry-After": "0"})
            return self._send(200, b'{"answer": "Shipping takes 3-5 business days."}')
        if self.path == "/always500":
            return self._send(500, b'{"error": "boom"}')
        if self.path == "/string":
            return self._send(200, b'"just a string"')
        if self.path == "/badutf8":
            return self._send(200, b'{"answer": "caf\xe9 \xff\xfe business days"}')
        if self.path == "/nul":
            return self._send(200, b'{"answer": "3-5 business days \\u0000 \\ud800 done"}')
        if self.path == "/huge":
            return self._send(200, b'{"answer": "' + b"x" * (10 * 1024 * 1024) + b'"}')
        return self._send(404, b"{}")


@pytest.fixture(scope="module")
def scripted_agent():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Agent)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def make_agent_and_suite(acme, url: str, n: int = 4):
    agent = agent_create(account=acme, data={"name": f"A {url}", "protocol": Protocol.SIMPLE_CHAT, "endpoint_url": url})
    suite = suite_create(
        account=acme, name=f"S {url}", scenarios=[single_turn(f"Q{i}", f"Shipping time? #{i}") for i in range(n)]
    )
    return agent, suite


def test_parallel_setting_bounds_and_fills_in_flight(launch, acme, scripted_agent, private_endpoints) -> None:
    agent, suite = make_agent_and_suite(acme, f"{scripted_agent}/slow", n=8)
    _Agent.max_in_flight = 0
    run = launch(agent=agent, suite=suite, runs_per_scenario=3, parallel=3)
    assert run.status == RunStatus.SUCCEEDED
    assert _Agent.max_in_flight == 3
    assert run.attempts.filter(verdict=Verdict.PASS).count() == 24


def test_429_is_retried_honouring_retry_after(launch, acme, scripted_agent, private_endpoints) -> None:
    agent, suite = make_agent_and_suite(acme, f"{scripted_agent}/flaky429", n=2)
    run = launch(agent=agent, suite=suite, runs_per_scenario=1, parallel=1)
    assert list(run.attempts.values_list("verdict", flat=True)) == [Verdict.PASS, Verdict.PASS]


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("/always500", "500"),
        ("/string", "string"),
        ("/huge", "64 KB"),
    ],
)
def test_agent_faults_are_recorded_and_the_agent_reported_down(
    launch, acme, scripted_agent, private_endpoints, path, words
) -> None:
    agent, suite = make_agent_and_suite(acme, f"{scripted_agent}{path}", n=2)
    run = launch(agent=agent, suite=suite, runs_per_scenario=1, parallel=2)
    attempts = list(run.attempts.all())
    assert attempts and all(a.verdict == Verdict.ERROR for a in attempts)
    assert all(words in a.error_message for a in attempts), [a.error_message for a in attempts]
    assert run.status == RunStatus.FAILED and run.is_agent_down
    # A 500 is no reply; a reply that came back unusable is said to be one.
    expected = "The agent is down" if path == "/always500" else "The agent answered all 2 conversations, but none"
    assert run.error_message.startswith(expected), run.error_message


def test_reply_with_invalid_utf8_is_still_scored(launch, acme, scripted_agent, private_endpoints) -> None:
    agent, suite = make_agent_and_suite(acme, f"{scripted_agent}/badutf8", n=1)
    run = launch(agent=agent, suite=suite, runs_per_scenario=1)
    attempt = run.attempts.get()
    assert attempt.verdict == Verdict.PASS, attempt.error_message


def test_reply_with_nul_and_lone_surrogate_is_stored_on_every_database(
    launch, acme, scripted_agent, private_endpoints
) -> None:
    agent, suite = make_agent_and_suite(acme, f"{scripted_agent}/nul", n=1)
    run = launch(agent=agent, suite=suite, runs_per_scenario=1)
    attempt = run.attempts.get()
    assert attempt.verdict == Verdict.PASS
    assert "\ufffd" in attempt.transcript[-1]["content"] and "\x00" not in attempt.transcript[-1]["content"]


def test_refused_connection_stops_at_connect_before_any_message(
    launch, acme, unused_tcp_port, private_endpoints
) -> None:
    agent, suite = make_agent_and_suite(acme, f"http://127.0.0.1:{unused_tcp_port}/chat", n=1)
    run = launch(agent=agent, suite=suite, runs_per_scenario=2)
    assert run.status == RunStatus.FAILED and run.is_agent_down and not run.attempts.exists()
    assert run.error_message.startswith(
        f"The agent is down: Trustgate could not connect to 127.0.0.1:{unused_tcp_port}"
    )


def test_blocked_endpoint_stops_at_connect_before_any_message(launch, acme, scripted_agent, settings) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    agent, suite = make_agent_and_suite(acme, f"{scripted_agent}/slow", n=1)
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = False
    run = launch(agent=agent, suite=suite, runs_per_scenario=1)
    assert run.status == RunStatus.FAILED and "did not connect" in run.error_message
    assert not run.attempts.exists()


def test_missing_key_on_resume_is_a_clear_error(
    launch, demo_agent_record, demo_suite, django_capture_on_commit_callbacks, alice
) -> None:
    run = launch_run(user=alice, agent=demo_agent_record, suite=demo_suite, api_key=SECRET)
    RunSecret.objects.filter(run=run).delete()
    run_services.run_execute(run_id=run.pk)
    run.refresh_from_db()
    assert run.status == RunStatus.FAILED and "re-enter the key" in run.error_message


def test_snapshot_survives_suite_edit_and_delete(launch, demo_agent_record, demo_suite) -> None:
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    names = [s["name"] for s in run.scenarios]
    demo_suite.scenarios.update(name="changed")
    demo_suite.delete()
    run.refresh_from_db()
    assert [s["name"] for s in run.scenarios] == names and run.suite is None and run.attempts.exists()


# --- the launch form ---------------------------------------------------------------------------------------


def launch_data(agent, the_suite, **overrides):
    return {
        "agent": agent.pk,
        "suite": the_suite.pk if the_suite else "",
        "runs_per_scenario": 3,
        "parallel": 4,
        "api_key": "",
        "endpoint_url": "",
        "allowed_contacts": "",
        **overrides,
    }


@pytest.mark.parametrize(
    ("overrides", "field", "words"),
    [
        ({"runs_per_scenario": 0}, "runs_per_scenario", "between 1 and 10"),
        ({"runs_per_scenario": 11}, "runs_per_scenario", "between 1 and 10"),
        ({"runs_per_scenario": "three"}, "runs_per_scenario", "whole number"),
        ({"parallel": 0}, "parallel", "between 1 and 8"),
        ({"parallel": 9}, "parallel", "between 1 and 8"),
        ({"suite": ""}, "suite", "Choose a suite"),
        ({"endpoint_url": "http://10.0.0.1/chat"}, "endpoint_url", ""),
    ],
)
def test_launch_form_errors_save_nothing(
    client, alice, demo_agent_record, demo_suite, settings, overrides, field, words
) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = False
    client.force_login(alice)
    response = client.post(reverse("evaluations:run-new"), launch_data(demo_agent_record, demo_suite, **overrides))
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert field in errors and words.lower() in " ".join(errors[field]).lower(), errors
    assert not EvaluationRun.objects.exists() and not RunSecret.objects.exists()


def test_empty_suite_is_refused(client, alice, acme, demo_agent_record) -> None:
    empty = suite_create(account=acme, name="Empty", scenarios=[])
    client.force_login(alice)
    response = client.post(reverse("evaluations:run-new"), launch_data(demo_agent_record, empty))
    assert "has no scenarios" in " ".join(response.context["form"].errors["suite"])
    assert not EvaluationRun.objects.exists()


def test_other_accounts_agent_and_suite_are_not_choices(client, bob, demo_agent_record, demo_suite) -> None:
    client.force_login(bob)
    response = client.post(reverse("evaluations:run-new"), launch_data(demo_agent_record, demo_suite))
    assert {"agent", "suite"} <= set(response.context["form"].errors)
    assert not EvaluationRun.objects.exists()


def test_read_role_cannot_launch(client, make_member, demo_agent_record, demo_suite) -> None:
    client.force_login(make_member("reader"))
    response = client.post(reverse("evaluations:run-new"), launch_data(demo_agent_record, demo_suite))
    assert response.status_code == 403 and not EvaluationRun.objects.exists()


def test_estimate_line_counts_conversations(client, alice, demo_agent_record, demo_suite) -> None:
    client.force_login(alice)
    response = client.get(
        reverse("evaluations:run-estimate"),
        {"suite": demo_suite.pk, "runs_per_scenario": 3, "agent": demo_agent_record.pk},
        headers={"HX-Request": "true"},
    )
    n = demo_suite.scenarios.count()
    assert f"{n} scenarios × 3 runs = {n * 3} conversations" in response.content.decode()


def test_launch_form_redirects_to_report_and_progress_stops_polling(
    client, alice, demo_agent_record, demo_suite, django_capture_on_commit_callbacks
) -> None:
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("evaluations:run-new"),
            launch_data(demo_agent_record, demo_suite, runs_per_scenario=1, api_key=SECRET),
        )
    run = EvaluationRun.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("evaluations:run-report", args=[run.pk])
    fragment = client.get(reverse("evaluations:run-progress", args=[run.pk]), headers={"HX-Request": "true"})
    html = fragment.content.decode()
    assert 'id="run-progress"' in html and "hx-trigger" not in html and fragment["HX-Refresh"] == "true"
    assert f"{run.attempts.count()} / {run.total_attempts}" in html


def test_progress_polls_while_active_and_is_404_for_others(client, alice, bob, demo_agent_record, demo_suite) -> None:
    run = launch_run(user=alice, agent=demo_agent_record, suite=demo_suite)  # not executed: no on_commit
    client.force_login(alice)
    html = client.get(
        reverse("evaluations:run-progress", args=[run.pk]), headers={"HX-Request": "true"}
    ).content.decode()
    assert 'hx-trigger="every 1s"' in html and "Connect" in html
    client.force_login(bob)
    assert client.get(reverse("evaluations:run-progress", args=[run.pk])).status_code == 404
    assert client.post(reverse("evaluations:run-cancel", args=[run.pk])).status_code == 404


def test_cancel_closes_the_run_and_deletes_the_key(client, alice, demo_agent_record, demo_suite) -> None:
    run = launch_run(user=alice, agent=demo_agent_record, suite=demo_suite, api_key=SECRET)
    client.force_login(alice)
    client.post(reverse("evaluations:run-cancel", args=[run.pk]))
    run.refresh_from_db()
    assert run.status == RunStatus.CANCELLED and not RunSecret.objects.filter(run=run).exists()
    run_services.run_execute(run_id=run.pk)
    assert not run.attempts.exists()


def test_dashboard_runs_fragment_polls_only_while_a_run_is_active(
    client, alice, bob, demo_agent_record, demo_suite
) -> None:
    run = launch_run(user=alice, agent=demo_agent_record, suite=demo_suite)  # queued, not executed
    client.force_login(alice)
    url = reverse("evaluations:dashboard-runs")
    html = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert 'id="dashboard-runs"' in html and 'hx-trigger="every 2s"' in html and "1 running" in html
    run_services.run_execute(run_id=run.pk)
    html = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "hx-trigger" not in html and ">NO BASELINE<" in html  # finished: its verdict, no longer its status
    client.force_login(bob)
    assert f"#{run.pk}<" not in client.get(url).content.decode()


def test_launch_page_title_is_plain_text(client, alice) -> None:
    client.force_login(alice)
    html = client.get(reverse("evaluations:run-new")).content.decode()
    assert "<title>New evaluation · Trustgate</title>" in html
