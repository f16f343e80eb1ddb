#!/usr/bin/env python3
"""The CI status endpoint under load, deployed as in production: 20 pollers while two runs execute.

Two runs of 500 single-turn conversations (50 scenarios x 10, parallel 8, bench/fake_agent.py at 200 ms) on two
django-q2 clusters, launched through the CI API on gunicorn (deploy/gunicorn.conf.py, 4 worker processes) on
PostgreSQL (bench/stack.py). Meanwhile 20 pollers, each a CI job with its own keep-alive connection, ask
``GET /api/v1/aiagent/runs/<id>`` (10 per run) every 0.5 s, as fast as 100 to 200 real CI jobs polling every 5 to
10 s. The load is bounded: each poller stops when its run has ended. Prints the latency percentiles of the polls
made while the runs were in progress (the goal: p95 at most 50 ms), and of the final polls that return the
whole report.

Usage: .venv/bin/python bench/ci_status.py [--database-url URL] [--quick]
  --database-url: a PostgreSQL server (default: DATABASE_URL); the bench creates and drops its own database there.
    Without one the full bench says so and stops; --quick then runs on a temporary SQLite file.
  --quick: a smoke run of a few seconds (a handful of conversations and polls; the figures mean little).
"""

from __future__ import annotations

import argparse
import http.client
import os
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run_efficiency import proc_tree_cpu  # noqa: E402
from stack import Stack  # noqa: E402

POLLERS = 20
INTERVAL = 0.5  # seconds between one poller's requests
WEB_WORKERS = 4


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Marks:
    """What the pollers share: the polls made while the runs execute, the final ones, and the moment the first run
    ended (its pollers then fetch the whole report, a different and much larger request)."""

    def __init__(self, web_pid: int) -> None:
        self.lock = threading.Lock()
        self.web_pid = web_pid
        self.during: list[float] = []
        self.after: list[float] = []
        self.errors: list[str] = []
        self.both_running: list[float] = []  # the polls answered before either run had ended
        self.first_end_cpu: float | None = None  # the web processes' CPU seconds when the first run was seen ended


def poll(stack: Stack, run_id: int, marks: Marks, phase: float) -> None:
    """One CI job: poll until the run has ended (its verdict is no longer pending)."""
    connection = http.client.HTTPConnection("127.0.0.1", stack.web_port, timeout=30)
    time.sleep(phase)
    try:
        while True:
            started = time.perf_counter()
            status, body = stack.api("GET", f"/api/v1/aiagent/runs/{run_id}", connection=connection)
            elapsed = 1000 * (time.perf_counter() - started)
            with marks.lock:
                if status != 200:
                    marks.errors.append(f"{status} {body}")
                    return
                if body["verdict"] != "pending":
                    if marks.first_end_cpu is None:
                        marks.first_end_cpu = proc_tree_cpu(marks.web_pid)[0]
                    marks.after.append(elapsed)
                    return
                marks.during.append(elapsed)
                if marks.first_end_cpu is None:
                    marks.both_running.append(elapsed)
            time.sleep(INTERVAL)
    finally:
        connection.close()


def summary(values: list[float]) -> str:
    if not values:
        return "requests=0"
    return (
        f"requests={len(values)} p50={statistics.median(values):.1f}ms p95={percentile(values, 0.95):.1f}ms "
        f"max={max(values):.1f}ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", ""))
    parser.add_argument("--quick", action="store_true", help="a few seconds: a handful of conversations (smoke test)")
    parser.add_argument("--lockstep", action="store_true", help="all pollers start at once (bursts of 20 polls)")
    args = parser.parse_args()
    if not args.database_url.startswith("postgres") and not args.quick:
        print("ci_status: skipped, it needs PostgreSQL: pass --database-url postgres://... or set DATABASE_URL")
        return
    scenarios, runs, latency_ms = (8, 2, 100) if args.quick else (50, 10, 200)
    url = args.database_url if args.database_url.startswith("postgres") else ""
    with Stack(database_url=url) as stack:
        agent_url = stack.start_agent(latency_ms=latency_ms)
        stack.seed(conversations=5 * scenarios * runs + 100, agent_url=agent_url)
        warm_suite, suite_id = stack.suite(4, name="warm-up"), stack.suite(scenarios, name="measured")
        stack.start_web(workers=WEB_WORKERS)
        stack.start_clusters(2)
        if not args.quick:
            warm_ids = [stack.launch(warm_suite, runs=1, parallel=8) for _ in range(2)]
            stack.wait_finished(warm_ids)
            for _ in range(
                3 * WEB_WORKERS
            ):  # let every gunicorn worker serve the status view once (imports, connections)
                stack.api("GET", f"/api/v1/aiagent/runs/{warm_ids[0]}")
        idle: list[float] = []
        for _ in range(POLLERS if not args.quick else 0):  # one poller alone, nothing executing: the base cost
            started = time.perf_counter()
            stack.api("GET", f"/api/v1/aiagent/runs/{warm_ids[0]}")
            idle.append(1000 * (time.perf_counter() - started))
        web_cpu_before, _ = proc_tree_cpu(stack.web.pid)
        run_ids = [stack.launch(suite_id, runs=runs, parallel=8) for _ in range(2)]
        marks = Marks(stack.web.pid)
        # Each CI job starts its polling on its own (a job does not know when the others started): spread over one
        # interval, or with --lockstep all at once, so that every round of 20 polls arrives in one burst.
        phases = [0.0 if args.lockstep else INTERVAL * i / POLLERS for i in range(POLLERS)]
        pollers = [
            threading.Thread(target=poll, args=(stack, run_ids[i % 2], marks, phases[i])) for i in range(POLLERS)
        ]
        started = time.perf_counter()
        for poller in pollers:
            poller.start()
        for poller in pollers:
            poller.join()
        wall = time.perf_counter() - started
        web_cpu = proc_tree_cpu(stack.web.pid)[0] - web_cpu_before
        status_cpu = (marks.first_end_cpu or web_cpu_before) - web_cpu_before
        finished = stack.wait_finished(run_ids)
        assert all(run.status == "succeeded" for run in finished.values()), [r.error_message for r in finished.values()]
        assert not marks.errors, marks.errors[:3]
        print(
            f"# {POLLERS} pollers every {INTERVAL} s on GET /api/v1/aiagent/runs/<id> while two runs of "
            f"{scenarios * runs} conversations execute on two workers ({stack.vendor}, gunicorn {WEB_WORKERS} "
            f"workers, {'in lockstep' if args.lockstep else 'each starting on its own'}, {wall:.1f}s, "
            f"load average {os.getloadavg()[0]:.1f})"
        )
        if idle:
            print(f"idle_stack {summary(idle)} (one poller, nothing executing, a finished run's full report)")
        print(
            f"during_runs {summary(marks.during)} web_cpu_per_status_poll="
            f"{1000 * status_cpu / max(1, len(marks.both_running)):.1f}ms (target p95 <= 50 ms)"
        )
        print(f"both_running {summary(marks.both_running)} (before the first run ended)")
        print(
            f"finished_report {summary(marks.after)} web_cpu_per_request_overall="
            f"{1000 * web_cpu / max(1, len(marks.during) + len(marks.after)):.1f}ms (status polls and final reports)"
        )


if __name__ == "__main__":
    main()
