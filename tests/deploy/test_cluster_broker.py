"""Two django-q2 clusters (as on two machines) run two runs at the same time: a cluster whose worker is busy
leaves the next run to the other (evalsite/qbroker.py). django-q2's own ORM broker let the busy cluster take the
second run too and hold it until its worker was free, so the runs went one after the other."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connection

from evaluations.agents.models import Protocol
from evaluations.agents.services import agent_create
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import EvaluationRun
from suites.services import suite_create
from tests.support.clusters import postgres_clusters
from tests.support.launching import launch_run

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def slow_agent() -> Iterator[str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    agent = subprocess.Popen(
        [sys.executable, str(ROOT / "bench" / "fake_agent.py"), "--port", str(port), "--latency-ms", "300"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert time.monotonic() < deadline, "the fake agent did not start"
            time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/chat"
    agent.terminate()
    agent.wait()


@pytest.mark.django_db(transaction=True)
def test_two_clusters_run_two_runs_at_once(alice, acme, slow_agent, private_endpoints, monkeypatch) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("Needs PostgreSQL: SQLite's test database lives in this process's memory. .ci/run runs it.")
    from django_q.conf import Conf

    monkeypatch.setattr(Conf, "SYNC", False)  # enqueue into the ORM broker; the clusters pick the runs up
    agent = agent_create(
        account=acme, data={"name": "Slow", "protocol": Protocol.SIMPLE_CHAT, "endpoint_url": slow_agent}
    )
    scenarios = [{"kind": "accuracy", "name": f"Q{i}", "turns": [f"Question {i}?"], "required_phrases": ["ECHO"]}
                 for i in range(10)]  # fmt: skip
    suite = suite_create(account=acme, agent=agent, name="Slow", scenarios=scenarios)
    both_running = False
    with postgres_clusters(2):
        time.sleep(3)  # both clusters are polling before the runs arrive
        # 10 conversations one at a time at 300 ms: each run takes 3 s or more
        runs = [launch_run(user=alice, agent=agent, suite=suite, runs_per_scenario=1, parallel=1)
                for _ in range(2)]  # fmt: skip
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            statuses = list(EvaluationRun.objects.filter(pk__in=[r.pk for r in runs]).values_list("status", flat=True))
            both_running = both_running or statuses == [RunStatus.RUNNING] * 2
            if all(status not in (RunStatus.QUEUED, RunStatus.RUNNING) for status in statuses):
                break
            time.sleep(0.05)
    for run in runs:
        run.refresh_from_db()
        assert run.status == RunStatus.SUCCEEDED, run.error_message
    assert both_running, "the second run waited for the first: one cluster held both"
