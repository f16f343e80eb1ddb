#!/usr/bin/env python3
"""Fleet bench for monitors (docs/benchmarks.md): what one worker does with hundreds of hourly monitors.

Two parts. **Measured**: N monitors with 3 cases each (3 samples per case) are created on a fresh database
(PostgreSQL when DATABASE_URL is a postgres:// URL: the bench creates and drops a database of its own there; else a
SQLite file), and real monitor runs go through the real service (agent requests to the fake agent answering in
200 ms, rules, samples, status) in this process, which is what a django-q2 worker does per task: CPU and wall time
per run, rows written per run, bytes per run on disk. **Simulated** (time compressed): a day of hourly ticks for the
N monitors with one worker, its service time drawn from the measured runs and django-q2's scheduler waking every
30 s (cluster.py: fixed) or ``manage.py clock`` every 5 s, once with every monitor due in the same minute (the old
first schedule) and once spread over the hour (``first_wait``, evaluations/monitors/scheduling.py). Lag = a run's
start minus its due time.

    python bench/monitor_fleet.py            # 1,000 monitors, 40 measured runs
    python bench/monitor_fleet.py --quick    # 60 monitors, 6 measured runs (make test)

Prints, among others, one line in the fixed form
``fleet monitors=N lag_p50_s=… lag_p95_s=… cpu_ms_per_run=… rows_per_day=…`` (spread, with the clock: as deployed).
"""

from __future__ import annotations

import argparse
import heapq
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.stack import Stack  # noqa: E402

SCHEDULER_S = 30.0  # django-q2's clusters call its scheduler every 30 s of guard cycles
CLOCK_S = 5.0  # manage.py clock (TRUSTGATE_CLOCK_SECONDS), the deployed configuration
CASES = 3
TABLES = ("monitors_monitorrun", "monitors_monitorsample", "monitors_monitorevent", "monitors_alertdelivery",
          "monitors_monitorusage")  # fmt: skip


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def rows_now() -> int:
    from django.db import connection

    with connection.cursor() as cursor:
        total = 0
        for table in TABLES:
            cursor.execute(f"SELECT COUNT(*) FROM {table}")  # noqa: S608 (fixed names)
            total += int(cursor.fetchone()[0])
    return total


def bytes_now(vendor: str) -> int:
    from django.db import connection

    with connection.cursor() as cursor:
        if vendor == "postgresql":
            cursor.execute("SELECT SUM(pg_total_relation_size(c)) FROM unnest(%s::regclass[]) AS c", [list(TABLES)])
            return int(cursor.fetchone()[0] or 0)
        cursor.execute("SELECT SUM(pgsize) FROM dbstat WHERE name IN (%s)" % ",".join("?" * len(TABLES)), TABLES)
        return int(cursor.fetchone()[0] or 0)


def simulate(
    due_offsets: list[float], service: list[float], *, hours: int, cadence: float = CLOCK_S, seed: int = 7
) -> list[float]:
    """Lags (s) of every run in ``hours`` hourly ticks: the scheduler enqueues what is due at each wake-up (in due
    order), one worker runs them first come first served."""
    rng = random.Random(seed)
    events = sorted((hour * 3600 + offset) for hour in range(hours) for offset in due_offsets)
    lags: list[float] = []
    worker_free = 0.0
    queue: list[tuple[float, int]] = []
    index = 0
    wake = rng.uniform(0, cadence)  # the clock started at some point in its cycle
    end = hours * 3600 + 3600
    counter = 0
    while wake < end or queue:
        while index < len(events) and events[index] <= wake:
            heapq.heappush(queue, (events[index], counter))
            counter += 1
            index += 1
        while queue and worker_free <= wake + cadence:
            due, _ = heapq.heappop(queue)
            start = max(worker_free, wake, due)
            lags.append(start - due)
            worker_free = start + rng.choice(service)
        wake += cadence
        if index >= len(events) and not queue:
            break
    return lags


def real_check(stack: Stack, monitors: list, *, window_s: float) -> list[float]:
    """For real, in wall time: one django-q2 cluster and ``manage.py clock`` (as deployed), ``monitors`` falling due
    evenly over ``window_s``; every other schedule pushed out of the way. Returns each run's lag (start - due)."""
    import subprocess

    from django.utils import timezone
    from django_q.models import Schedule

    from evaluations.monitors.models import MonitorRun
    from evaluations.monitors.scheduling import schedule_name

    Schedule.objects.update(next_run=timezone.now() + timezone.timedelta(hours=2))
    stack.start_clusters(1)
    clock = subprocess.Popen([sys.executable, "manage.py", "clock"], cwd=ROOT, env=stack.env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    stack.others.append(clock)
    time.sleep(5)  # the cluster's processes start
    start = timezone.now() + timezone.timedelta(seconds=5)
    due = {}
    for i, monitor in enumerate(monitors):
        due[monitor.pk] = start + timezone.timedelta(seconds=i * window_s / len(monitors))
        Schedule.objects.filter(name=schedule_name(monitor.pk)).update(next_run=due[monitor.pk])
    deadline = time.monotonic() + window_s + 90
    runs: list = []
    while time.monotonic() < deadline:
        runs = list(MonitorRun.objects.filter(monitor_id__in=list(due), trigger="schedule", started_at__gte=start
                                              - timezone.timedelta(seconds=1)))  # fmt: skip
        if len(runs) >= len(due):
            break
        time.sleep(1)
    stack.stop_clusters()
    return [(run.started_at - due[run.monitor_id]).total_seconds() for run in runs]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--monitors", type=int)
    parser.add_argument("--runs", type=int, help="real monitor runs to measure")
    args = parser.parse_args()
    monitors_n = args.monitors or (60 if args.quick else 1000)
    runs_n = args.runs or (6 if args.quick else 40)
    database_url = os.environ.get("DATABASE_URL", "")
    database_url = database_url if database_url.startswith("postgres") else ""

    with Stack(database_url=database_url) as stack:
        agent_url = stack.start_agent(latency_ms=200)
        os.environ.update({**stack.env, "TRUSTGATE_Q_SYNC": "false"})
        import django

        django.setup()
        from django.conf import settings

        from billing.services import user_create_with_account
        from evaluations.monitors import services
        from evaluations.monitors.models import Monitor, MonitorRun, RunTrigger
        from evaluations.monitors.scheduling import first_wait

        user = user_create_with_account(username="fleet", password="fleet-pass-123", account_name="Fleet")
        account = user.memberships.get().account
        cases = [
            {"name": f"Case {i}", "ask": f"Question {i}: what is your refund window?", "expect": [
                {"rule": "answered", "within_s": 20}, {"rule": "contains", "phrases": ["ECHO"]},
                {"rule": "max_words", "max": 200}]}
            for i in range(CASES)
        ]  # fmt: skip
        started = time.perf_counter()
        for i in range(monitors_n):
            services.monitor_create(account=account, data={"name": f"Fleet {i:04d}", "endpoint_url": agent_url},
                                    cases=cases)  # fmt: skip
        create_s = time.perf_counter() - started
        monitors = list(Monitor.objects.order_by("pk"))

        rows_before, bytes_before = rows_now(), bytes_now(stack.vendor)
        cpu, wall = [], []
        for i in range(runs_n):
            monitor = monitors[i % len(monitors)]
            t0, c0 = time.perf_counter(), time.process_time()
            run, _ = services.monitor_run_request(monitor=monitor, trigger=RunTrigger.SCHEDULE, enqueue=False)
            services.monitor_run_execute(run_id=run.pk)
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - t0)
        rows_per_run = (rows_now() - rows_before) / runs_n
        bytes_per_run = max(0, bytes_now(stack.vendor) - bytes_before) / runs_n
        assert MonitorRun.objects.filter(status="succeeded").count() == runs_n, "a measured run did not finish"

        real_count = 6 if args.quick else 60
        real_lags = real_check(stack, monitors[:real_count], window_s=15 if args.quick else 120)

        # Retention: the measured runs made 100 days old are pruned in batches.
        from django.utils import timezone

        MonitorRun.objects.update(created_at=timezone.now() - timezone.timedelta(days=100))
        t0 = time.perf_counter()
        pruned = services.monitors_prune()
        prune_s = time.perf_counter() - t0

    same_minute = [0.0] * monitors_n
    spread = [first_wait(m.pk, 60).total_seconds() % 3600 for m in monitors]
    hours = 3 if args.quick else 24
    lag_same = simulate(same_minute, wall, hours=hours)
    lag_spread = simulate(spread, wall, hours=hours)
    lag_no_clock = simulate(spread, wall, hours=hours, cadence=SCHEDULER_S)
    retention = settings.TRUSTGATE_MONITOR_RETENTION_DAYS
    rows_per_day = rows_per_run * monitors_n * 24
    kept_mb = bytes_per_run * monitors_n * 24 * retention / 1e6

    print(f"monitor fleet on {stack.vendor}: {monitors_n} monitors x {CASES} cases x 3 samples, hourly, "
          f"fake agent 200 ms; {runs_n} real runs measured, a simulated day of {hours} h, 1 worker")  # fmt: skip
    print(f"create monitors={monitors_n} s={create_s:.1f} ms_each={1000 * create_s / monitors_n:.1f}")
    print(f"per run wall_ms_p50={1000 * statistics.median(wall):.0f} wall_ms_p95={1000 * percentile(wall, 0.95):.0f} "
          f"cpu_ms={1000 * statistics.mean(cpu):.0f} rows={rows_per_run:.1f} bytes={bytes_per_run:.0f}")  # fmt: skip
    print(f"same minute (every monitor due at once) lag_p50_s={percentile(lag_same, 0.5):.1f} "
          f"lag_p95_s={percentile(lag_same, 0.95):.1f} lag_max_s={max(lag_same):.1f}")  # fmt: skip
    print(f"spread over the hour lag_p50_s={percentile(lag_spread, 0.5):.1f} "
          f"lag_p95_s={percentile(lag_spread, 0.95):.1f} lag_max_s={max(lag_spread):.1f} "
          f"(manage.py clock every {CLOCK_S:.0f} s)")  # fmt: skip
    print(f"spread, without the clock (django-q2's scheduler every {SCHEDULER_S:.0f} s) "
          f"lag_p50_s={percentile(lag_no_clock, 0.5):.1f} lag_p95_s={percentile(lag_no_clock, 0.95):.1f}")  # fmt: skip
    if real_lags:
        print(f"real check (1 cluster + manage.py clock, {len(real_lags)} of {real_count} monitors due over "
              f"{15 if args.quick else 120} s) lag_p50_s={percentile(real_lags, 0.5):.1f} "
              f"lag_p95_s={percentile(real_lags, 0.95):.1f} lag_max_s={max(real_lags):.1f}")  # fmt: skip
    else:
        print("real check (1 cluster + manage.py clock): no run started")
    print(f"worker busy per hour s={statistics.mean(wall) * monitors_n:.0f} of 3600")
    print(f"retention days={retention} rows_kept={rows_per_day * retention:.0f} db_mb_after_retention={kept_mb:.0f}")
    print(f"prune runs={pruned.runs} samples={pruned.samples} s={prune_s:.2f}")
    print(f"fleet monitors={monitors_n} lag_p50_s={percentile(lag_spread, 0.5):.1f} "
          f"lag_p95_s={percentile(lag_spread, 0.95):.1f} cpu_ms_per_run={1000 * statistics.mean(cpu):.0f} "
          f"rows_per_day={rows_per_day:.0f}")  # fmt: skip


if __name__ == "__main__":
    main()
