"""A CI job stopped while its step waits for the verdict (SIGTERM: the job was cancelled or timed out) cancels its
run: the client (``trustgate run``) and the bash step both ``POST .../cancel``, exit 4, and the run's credit hold is
released (docs/ci.md). The run really waits on its agent: a worker thread drives it against a slow agent."""

from __future__ import annotations

import signal
import subprocess
import threading
from collections.abc import Callable

import pytest
from django.db import connection
from django.urls import reverse

from billing.selectors import balance_for_account, run_credits
from billing.services import api_key_create
from evaluations.agents.services import agent_create
from evaluations.runs.models import EvaluationRun, RunStatus
from evaluations.runs.services import run_execute
from suites.services import suite_create
from tests.support.cli_client import base_env, trustgate_started
from tests.support.fixtures_live_server import OneAtATimeWSGIServer
from tests.support.gated_agent import gated_agent

pytestmark = pytest.mark.django_db(transaction=True)
SCENARIOS = [{"kind": "accuracy", "name": f"Shipping {i}", "turns": [f"How long does shipping take? ({i})"],
              "required_phrases": ["business days"]} for i in range(3)]  # fmt: skip


def _stopped_while_waiting(
    start: Callable[[dict[str, str]], subprocess.Popen[str]], live_server, alice, acme, demo_agent, tmp_path
) -> tuple[EvaluationRun, int, str, str, int]:
    """Launch through ``start`` (the client or the bash step), run the run in a worker thread against a slow agent,
    SIGTERM the step while the agent holds the first conversation; returns the run, the exit code, the output and
    the balance before the launch."""
    from django.conf import settings

    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    settings.TRUSTGATE_HEARTBEAT_SECONDS = 60  # no lease write while the step's cancel is served (see below)
    _, token = api_key_create(user=alice, account=acme, name="CI")
    with gated_agent(demo_agent) as slow:
        from evaluations.demo.agent import DEMO_POLICY
        from evaluations.demo.services import DEMO_AGENT_SETTINGS

        agent = agent_create(account=acme, data={**DEMO_AGENT_SETTINGS, "name": "Slow bot",
                                                 "endpoint_url": f"{slow.url}/api/json", "knowledge": DEMO_POLICY})  # fmt: skip
        suite = suite_create(account=acme, agent=agent, name="Slow suite", scenarios=SCENARIOS)
        before = balance_for_account(account_id=acme.pk)
        env = {**base_env(tmp_path), "TRUSTGATE_URL": live_server.url, "TRUSTGATE_API_KEY": token,
               "TRUSTGATE_SUITE_ID": str(suite.pk), "TRUSTGATE_PARALLEL": "1", "CI": "true"}  # fmt: skip
        step = start(env)
        assert step.stdout is not None
        started = ""
        for line in step.stdout:  # the step says which run it started, then waits
            started += line
            if "started for suite" in line:
                break
        run = EvaluationRun.objects.get(suite_id=suite.pk)

        def worker() -> None:
            try:
                run_execute(run_id=run.pk)
            finally:
                connection.close()

        # The test database (SQLite, shared cache) refuses a write while another connection reads the same table:
        # the live server waits its turn while the worker claims the run and reaches the agent (the step's polls
        # wait meanwhile), then serves the step's polls and its cancel while the worker waits on the agent.
        turn = OneAtATimeWSGIServer._turn
        turn.acquire()
        thread = threading.Thread(target=worker)
        thread.start()
        try:
            assert slow.arrived.wait(30), "the run never reached the agent"
        finally:
            turn.release()
        step.send_signal(signal.SIGTERM)
        out, err = step.communicate(timeout=60)
        slow.release.set()
        thread.join(timeout=60)
    run.refresh_from_db()
    return run, step.returncode, started + out, err, before


def test_the_client_cancels_its_run_when_the_job_is_stopped(
    live_server, alice, acme, demo_agent, tmp_path, monkeypatch
) -> None:
    from django_q.conf import Conf

    monkeypatch.setattr(Conf, "SYNC", False)  # the launch only enqueues; the worker thread runs it

    def start(env: dict[str, str]):
        return trustgate_started("run", env=env, cwd=tmp_path)

    run, code, out, err, before = _stopped_while_waiting(start, live_server, alice, acme, demo_agent, tmp_path)
    assert code == 4, out + err
    assert f"trustgate: Interrupted (SIGTERM): run #{run.pk} was cancelled." in err
    assert run.status == RunStatus.CANCELLED
    credits = run_credits(run_id=run.pk)
    assert credits.held > 0 and credits.released == credits.held - credits.charged
    assert balance_for_account(account_id=acme.pk) == before - credits.charged


def test_the_bash_step_cancels_its_run_when_the_job_is_stopped(
    live_server, client, alice, acme, demo_agent, tmp_path, monkeypatch
) -> None:

    from django_q.conf import Conf

    monkeypatch.setattr(Conf, "SYNC", False)

    def start(env: dict[str, str]):
        client.force_login(alice)
        suite_id = int(env["TRUSTGATE_SUITE_ID"])
        script = tmp_path / "trustgate-gate.sh"
        script.write_text(client.get(reverse("suites:ci-script", args=[suite_id])).content.decode())
        return subprocess.Popen(["bash", str(script)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, cwd=tmp_path, stdin=subprocess.DEVNULL)  # fmt: skip

    run, code, out, err, before = _stopped_while_waiting(start, live_server, alice, acme, demo_agent, tmp_path)
    assert code == 4, out + err
    assert f"trustgate: Interrupted (SIGTERM): run #{run.pk} was cancelled." in err
    assert run.status == RunStatus.CANCELLED
    credits = run_credits(run_id=run.pk)
    assert credits.released == credits.held - credits.charged
    assert balance_for_account(account_id=acme.pk) == before - credits.charged
