"""SIGTERM stops a worker within seconds, even mid-run: django-q2's cluster waits for its running tasks before it
exits, so the run's holder hears of the stop (evaluations/core/lease.py), returns without an outcome and leaves
the run for the lease sweep to resume (docs/runs.md). A real ``manage.py qcluster`` on a SQLite file."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from evaluations.demo import server as demo_server
from evaluations.runs.models import Attempt, EvaluationRun

ROOT = Path(__file__).resolve().parents[2]

LAUNCH = """
import json
from evaluations.demo.services import demo_setup
from tests.support.launching import launch_run
from evaluations.agents.models import Agent
from suites.models import Suite
demo_setup()
agent = Agent.objects.get()
run = launch_run(user=agent.account.memberships.get().user, agent=agent, suite=Suite.objects.get(),
                 runs_per_scenario=2, parallel=1)
print(json.dumps({"run": run.pk}))
"""


@pytest.fixture
def slow_agent() -> Iterator[str]:
    """The demo agent answering in 0.5 s: the run's 32 conversations, one at a time, take 16 s or more."""
    server, thread = demo_server.serve(port=0, latency_ms=500)
    server.handle_error = lambda *args: None  # type: ignore[method-assign]  # a stopped worker may hang up
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def test_sigterm_stops_a_worker_mid_run_within_seconds_and_leaves_the_run_to_be_resumed(
    tmp_path: Path, slow_agent: str
) -> None:
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL" and not key.startswith("ANTHROPIC")}
    env.update(
        DJANGO_SETTINGS_MODULE="tests.support.worker_settings",
        TRUSTGATE_SQLITE_PATH=str(tmp_path / "worker.sqlite3"),
        TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS="true",
        TRUSTGATE_Q_SYNC="false",
        TRUSTGATE_JUDGE_PROVIDER="rules_only",
        TRUSTGATE_DEMO_AGENT_PORT=slow_agent.rsplit(":", 1)[1],
        TRUSTGATE_LOG_LEVEL="WARNING",
    )

    def manage(*args: str) -> str:
        done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout

    manage("migrate", "-v0")
    run_id = json.loads(manage("shell", "-c", LAUNCH).splitlines()[-1])["run"]
    db = sqlite3.connect(tmp_path / "worker.sqlite3", timeout=20, isolation_level=None)
    runs, attempts = EvaluationRun._meta.db_table, Attempt._meta.db_table

    def attempt_count() -> int:
        return db.execute(f"SELECT COUNT(*) FROM {attempts} WHERE run_id = ?", (run_id,)).fetchone()[0]

    log = tmp_path / "worker.log"
    with log.open("ab") as out:
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "qcluster"], cwd=ROOT, env=env, stdout=out, stderr=out,
            start_new_session=True,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while attempt_count() < 2:
            assert time.monotonic() < deadline, log.read_text(errors="replace")[-3000:]
            time.sleep(0.05)
        worker.send_signal(signal.SIGTERM)  # mid-run: 30 conversations to go, 15 s or more
        asked = time.monotonic()
        worker.wait(timeout=20)
        stopped_in = time.monotonic() - asked
        time.sleep(0.5)
        with pytest.raises(ProcessLookupError):
            os.killpg(worker.pid, 0)  # its forked sentinel and workers went too
    finally:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait(timeout=10)

    assert stopped_in < 10, (stopped_in, log.read_text(errors="replace")[-3000:])
    status, owner, resumes, started = db.execute(
        f"SELECT status, lease_owner, resume_count, started_at FROM {runs} WHERE id = ?", (run_id,)
    ).fetchone()
    # Left running for the sweep to resume on a live worker; the interrupted attempt was given back.
    assert (status, owner, resumes, started) == ("running", "", 0, None)
    assert 2 <= attempt_count() < 32
