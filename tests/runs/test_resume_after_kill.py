"""`kill -9` of the worker mid-run: the run and the monitor run resume from their leases as soon as a
worker is back, without waiting for the django-q2 task timeout, with exactly one attempt per scenario × repeat
and one charge. Real ``manage.py qcluster`` processes on a SQLite file; the test reads that file directly."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from billing.models import CreditEntry
from evaluations.core.jobs import JobStatus
from evaluations.demo import server as demo_server
from evaluations.monitors.models import MonitorRun, MonitorSample
from evaluations.runs.models import Attempt, EvaluationRun

ROOT = Path(__file__).resolve().parents[2]
LEASE_SECONDS = 3
RUNS_PER_SCENARIO = 2

# Launched inside the worker's database, as a user would: the demo workspace (agent, 16-scenario suite,
# credits), a run of it, and a monitor of a slow endpoint (one case, three samples) with Run now.
LAUNCH = """
import json
from evaluations.demo.services import demo_setup
from evaluations.monitors.rules import parse_rules
from evaluations.monitors.services import monitor_create, monitor_run_request
from tests.support.launching import launch_run as run_launch
from evaluations.agents.models import Agent
from suites.models import Suite
demo_setup()
agent = Agent.objects.get()
run = run_launch(user=agent.account.memberships.get().user, agent=agent, suite=Suite.objects.get(),
                 runs_per_scenario=%(runs)d, parallel=1)
monitor = monitor_create(account=agent.account, data={"name": "Slow", "endpoint_url": "%(slow)s/chat"},
                         cases=[{"name": "Shipping", "ask": "Is shipping free?", "expect": parse_rules([{"contains": "$75"}])}])
monitor_run, _ = monitor_run_request(monitor=monitor)
print(json.dumps({"run": run.pk, "monitor_run": monitor_run.pk}))
"""


@pytest.fixture
def agents() -> Iterator[tuple[str, str]]:
    """The demo agent answering in 0.15 s (the run: 33 messages one at a time), and one answering in 4 s (the
    monitor run, so that it is still asking when the worker is killed)."""
    servers = [demo_server.serve(port=0, latency_ms=latency) for latency in (150, 4000)]
    for server, _ in servers:
        server.handle_error = lambda *args: None  # type: ignore[method-assign]  # the killed worker hung up mid-answer
    try:
        run_agent, monitor_agent = (f"http://127.0.0.1:{server.server_address[1]}" for server, _ in servers)
        yield run_agent, monitor_agent
    finally:
        for server, thread in servers:
            server.shutdown()
            server.server_close()
            thread.join(timeout=5)


class Worker:
    """A ``manage.py qcluster`` in its own process group: qcluster forks its workers, and kill -9 takes them all."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.log = log
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "manage.py", "qcluster"], cwd=ROOT, env=env, stdout=out, stderr=out,
                start_new_session=True,
            )  # fmt: skip

    def kill(self) -> None:
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # the forked workers go too (they were in the group)
            try:
                os.killpg(self.process.pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.05)
        raise AssertionError("a worker process survived kill -9 of its group")

    def stop(self) -> None:
        self.process.terminate()  # the main qcluster process stops its workers once their tasks are done
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        try:
            os.killpg(self.process.pid, signal.SIGKILL)  # any worker left behind
        except ProcessLookupError:
            pass


def _utc(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text).replace(tzinfo=UTC) if text else None


def test_a_run_and_a_monitor_run_whose_worker_was_killed_resume_once_a_worker_is_back(
    tmp_path: Path, agents: tuple[str, str]
) -> None:
    fast, slow = agents
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL" and not key.startswith("ANTHROPIC")}
    env.update(
        DJANGO_SETTINGS_MODULE="tests.support.worker_settings",
        TRUSTGATE_SQLITE_PATH=str(tmp_path / "worker.sqlite3"),
        TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS="true",
        TRUSTGATE_Q_SYNC="false",
        TRUSTGATE_Q_WORKERS="2",
        TRUSTGATE_JUDGE_PROVIDER="rules_only",
        TRUSTGATE_DEMO_AGENT_PORT=fast.rsplit(":", 1)[1],
        TRUSTGATE_LEASE_SECONDS=str(LEASE_SECONDS),
        TRUSTGATE_HEARTBEAT_SECONDS="1",
        TRUSTGATE_LOG_LEVEL="WARNING",
    )

    def manage(*args: str) -> str:
        done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout

    manage("migrate", "-v0")
    ids = json.loads(manage("shell", "-c", LAUNCH % {"runs": RUNS_PER_SCENARIO, "slow": slow}).splitlines()[-1])
    db = sqlite3.connect(tmp_path / "worker.sqlite3", timeout=20, isolation_level=None)

    def one(sql: str, *params: Any) -> Any:
        return db.execute(sql, params).fetchone()

    runs, attempts, monitor_runs = EvaluationRun._meta.db_table, Attempt._meta.db_table, MonitorRun._meta.db_table

    def run_state() -> tuple[str, int]:
        status, count = one(
            f"SELECT status, (SELECT COUNT(*) FROM {attempts} WHERE run_id = r.id) FROM {runs} r WHERE id = ?",
            ids["run"],
        )
        return status, count

    def monitor_run_status() -> str:
        return one(f"SELECT status FROM {monitor_runs} WHERE id = ?", ids["monitor_run"])[0]

    def wait_for(condition: Callable[[], bool], seconds: float, what: str) -> None:
        deadline = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > deadline:
                logs = "".join(path.read_text(errors="replace")[-2000:] for path in tmp_path.glob("worker-*.log"))
                raise AssertionError(f"timed out waiting for {what}; run {run_state()}; worker logs:\n{logs}")
            time.sleep(0.05)

    first, second = Worker(env, tmp_path / "worker-1.log"), None
    try:
        wait_for(lambda: run_state()[1] >= 3 and monitor_run_status() == "running", 30, "a few attempts")
        first.kill()  # mid-run: the run has some attempts, the monitor run waits for its agent's answers
        killed_at = run_state()
        total = 16 * RUNS_PER_SCENARIO
        assert killed_at[0] == "running" and 3 <= killed_at[1] < total, killed_at

        def leases_ran_out() -> bool:  # the dead worker renews nothing: both leases run out within LEASE_SECONDS
            now = datetime.now(UTC)
            leases = [
                _utc(one(f"SELECT lease_expires_at FROM {table} WHERE id = ?", ids[key])[0])
                for table, key in ((runs, "run"), (monitor_runs, "monitor_run"))
            ]
            return all(lease is not None and lease < now for lease in leases)

        wait_for(leases_ran_out, LEASE_SECONDS + 2, "the killed worker's leases to run out")
        back = time.monotonic()
        manage("schedules")  # what `manage.py up` does when it starts the worker again
        second = Worker(env, tmp_path / "worker-2.log")
        wait_for(lambda: run_state()[0] != "running" and monitor_run_status() != "running", 60, "the resumed runs")
        resumed_in = time.monotonic() - back
    finally:
        first.stop()
        if second is not None:
            second.stop()

    assert resumed_in < 60, resumed_in  # the bound in production is 3 minutes, with a 90 s lease
    status, count = run_state()
    assert status == "succeeded"
    keys = db.execute(f"SELECT scenario_key, repeat FROM {attempts} WHERE run_id = ?", (ids["run"],)).fetchall()
    assert len(keys) == len(set(keys)) == count == total  # exactly one attempt per scenario × repeat
    entries = CreditEntry._meta.db_table
    kinds = [k for (k,) in db.execute(f"SELECT kind FROM {entries} WHERE run_ref = ? ORDER BY id", (ids["run"],))]
    assert kinds.count("hold") == 1 and kinds.count("charge") == 1 and len(kinds) == len(set(kinds)), kinds
    assert one(f"SELECT resume_count, lease_owner FROM {runs} WHERE id = ?", ids["run"]) == (1, "")

    assert monitor_run_status() == JobStatus.SUCCEEDED
    samples = db.execute(
        f"SELECT case_id, sample_index FROM {MonitorSample._meta.db_table} WHERE run_id = ?", (ids["monitor_run"],)
    ).fetchall()
    assert len(samples) == len(set(samples)) == 3
    assert one(f"SELECT COUNT(*) FROM {monitor_runs}")[0] == 1  # resumed, not run again as a second run
    assert one(f"SELECT resume_count FROM {monitor_runs} WHERE id = ?", ids["monitor_run"]) == (1,)
