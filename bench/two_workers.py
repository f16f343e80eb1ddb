#!/usr/bin/env python3
"""Scale-out: two django-q2 clusters (as on two machines) against one, on PostgreSQL, deployed as in production.

Two runs of 500 single-turn conversations each (50 scenarios x 10, parallel 8) against bench/fake_agent.py at
200 ms latency, launched at once through the CI API on gunicorn (bench/stack.py). First one cluster of one
worker runs both, one after the other; then two such clusters run them side by side. The goal: two clusters need
at most 0.55 x the time of one (ideal 0.5). Before each measurement every cluster finishes a small warm-up run.

Usage: .venv/bin/python bench/two_workers.py [--database-url URL] [--quick]
  --database-url: a PostgreSQL server (default: DATABASE_URL); the bench creates and drops its own database there.
    Without one the full bench says so and stops; --quick then runs on a temporary SQLite file.
  --quick: a smoke run of a few seconds (a handful of conversations; the figures mean little).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stack import Stack  # noqa: E402


def both_runs(stack: Stack, suite_id: int, *, runs: int, parallel: int) -> tuple[float, float]:
    """Launch two runs at once; (wall seconds until both ended, seconds between their starts)."""
    started = time.perf_counter()
    run_ids = [stack.launch(suite_id, runs=runs, parallel=parallel) for _ in range(2)]
    finished = stack.wait_finished(run_ids)
    wall = time.perf_counter() - started
    for run in finished.values():
        assert run.status == "succeeded", run.error_message
        assert run.attempts.count() == len(run.scenarios) * runs
    first, second = sorted(run.started_at for run in finished.values())
    return wall, (second - first).total_seconds()


def warm(stack: Stack, suite_id: int, clusters: int) -> None:
    """One small run per cluster at once, so that no measurement pays a worker's start-up (imports, PII engine)."""
    stack.wait_finished([stack.launch(suite_id, runs=1, parallel=8) for _ in range(clusters)])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", ""))
    parser.add_argument("--quick", action="store_true", help="a few seconds: a handful of conversations (smoke test)")
    args = parser.parse_args()
    if not args.database_url.startswith("postgres") and not args.quick:
        print("two_workers: skipped, it needs PostgreSQL: pass --database-url postgres://... or set DATABASE_URL")
        return
    scenarios, runs, latency_ms, parallel = (8, 2, 50, 8) if args.quick else (50, 10, 200, 8)
    url = args.database_url if args.database_url.startswith("postgres") else ""
    with Stack(database_url=url) as stack:
        agent_url = stack.start_agent(latency_ms=latency_ms)
        stack.seed(conversations=5 * scenarios * runs + 100, agent_url=agent_url)
        warm_suite, suite_id = stack.suite(4, name="warm-up"), stack.suite(scenarios, name="measured")
        stack.start_web(workers=2)
        conversations = scenarios * runs
        ideal = conversations * latency_ms / 1000 / parallel
        print(
            f"# two runs of {conversations} single-turn conversations at {latency_ms} ms latency, parallel {parallel}, "
            f"on {stack.vendor}, launched through the CI API on gunicorn (ideal per run {ideal:.2f}s)"
        )
        stack.start_clusters(1)
        if not args.quick:
            warm(stack, warm_suite, 1)
        one, one_gap = both_runs(stack, suite_id, runs=runs, parallel=parallel)
        stack.stop_clusters()
        stack.start_clusters(2)
        if not args.quick:
            warm(stack, warm_suite, 2)
        two, two_gap = both_runs(stack, suite_id, runs=runs, parallel=parallel)
        print(f"one_worker={one:.2f}s (second run started {one_gap:.2f}s after the first; ideal {2 * ideal:.2f}s)")
        print(f"two_workers={two:.2f}s (second run started {two_gap:.2f}s after the first; ideal {ideal:.2f}s)")
        print(f"ratio={two / one:.3f} (target <= 0.55)")


if __name__ == "__main__":
    main()
