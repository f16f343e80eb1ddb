#!/usr/bin/env python3
"""Harness efficiency through the real path: launch -> django-q2 worker (own process) -> finished run.

1. 200 single-turn conversations (50 scenarios x 4 runs, rules only) against bench/fake_agent.py at
   200 ms latency, at parallel 1, 4 and 8: wall time from launch to finished run / ideal
   (ideal = conversations x latency / parallel), and the agent's max and mean in-flight.
   Each line splits the overhead: start (launch -> first agent request) and end (last agent reply -> run
   finished).
2. The same 200 conversations at parallel 8 with the LLM judge on: scenarios with an expected outcome, judged by
   bench/fake_judge.py (a fake Anthropic Messages API reached through the real SDK) answering in 100 ms, at
   TRUSTGATE_JUDGE_CONCURRENCY=8. Ideal = the agent-bound ideal + one judge call (the last conversation's verdict
   cannot come before it ends).
3. The same 200 conversations at parallel 8 against a streaming agent (bench/fake_agent.py's /stream: the answer
   in 20 Server-Sent Events over the 200 ms): wall / ideal as for plain replies, and how far the time to first token
   Trustgate records (mean of the attempts' reply timings) is from what the fake agent measured at its side
   (ttft_error_ms). Fixed form: ``parallel=8 stream=sse wall=… ideal=… ratio=… ttft_error_ms=…``.
4. 1,000 conversations at 0 ms latency, parallel 4: the worker's CPU per conversation and its peak RSS; then the
   same against the streaming agent (CPU per streamed reply, printed beside it).

Each launch waits until the worker has nothing queued or running (the previous run's verdict record is a task of its
own, run right after that run ends): it starts on an idle worker, as a launch on its own does.

The bench migrates and uses its own SQLite file in a temporary directory (removed at the end), or the database
named by DATABASE_URL when that is set; its workspace gets the credits its runs need (as demo_setup does).

Usage: .venv/bin/python bench/run_efficiency.py [--fake-agent PATH] [--judge-latency-ms MS] [--quick]
  --quick: a smoke run of a few seconds (a handful of conversations; the figures mean little).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def http_json(url: str, data: dict | None = None) -> dict:
    body = json.dumps(data).encode() if data is not None else None
    request = urllib.request.Request(url, data=body, method="POST" if body is not None else "GET")
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310 (loopback only)
        return json.loads(response.read())


def wait_http(url: str, timeout: float = 15) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            http_json(url)
            return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"{url} did not come up")


def proc_tree_cpu(pid: int) -> tuple[float, int]:
    """(user+system CPU seconds, peak RSS kB of the largest process) for pid and its children."""
    ticks = os.sysconf("SC_CLK_TCK")
    pids, queue = [], [pid]
    while queue:  # the whole tree: qcluster -> sentinel -> workers, pusher, monitor
        current = queue.pop()
        pids.append(current)
        try:
            queue += [int(c) for c in Path(f"/proc/{current}/task/{current}/children").read_text().split()]
        except OSError:
            pass
    cpu, peak = 0.0, 0
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            cpu += (int(fields[11]) + int(fields[12])) / ticks
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak = max(peak, int(line.split()[1]))
        except OSError:
            continue
    return cpu, peak


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fake-agent", default=str(ROOT / "bench" / "fake_agent.py"))
    parser.add_argument("--judge-latency-ms", type=float, default=100.0)
    parser.add_argument("--quick", action="store_true", help="a few seconds: a handful of conversations (smoke test)")
    parser.add_argument("--judged-only", type=int, default=0, metavar="N", help="only the judge-on line, N times (A/B)")
    args = parser.parse_args()
    # (scenarios, runs) at 200 ms, (scenarios, runs) at 0 ms, seconds to let the worker start, idle sample seconds
    (scenarios, runs), (n, r), settle, idle_s = (
        ((8, 1), (20, 1), 0.0, 0.5) if args.quick else ((50, 4), (100, 10), 1.0, 2.0)
    )

    tmp = Path(tempfile.mkdtemp(prefix="trustgate-bench-"))
    judge_port = free_port()
    judge_proc = subprocess.Popen(
        [sys.executable, str(ROOT / "bench" / "fake_judge.py"), "--port", str(judge_port),
         "--latency-ms", str(args.judge_latency_ms)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "evalsite.settings",
        "TRUSTGATE_SQLITE_PATH": str(tmp / "bench.sqlite3"),
        "TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS": "true",
        "TRUSTGATE_LOG_LEVEL": "WARNING",
        "TRUSTGATE_Q_SYNC": "false",
        # The judge: the fake Anthropic API above, through the real SDK. Rules-only scenarios never call it.
        "TRUSTGATE_JUDGE_PROVIDER": "anthropic",
        "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{judge_port}",
        "ANTHROPIC_API_KEY": "bench-fake-anthropic-key",
        "TRUSTGATE_JUDGE_CONCURRENCY": "8",
    }
    if not os.environ.get("DATABASE_URL"):
        env.pop("DATABASE_URL", None)
    os.environ.update(env)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)

    import django

    django.setup()
    from django.conf import settings
    from django_q.models import OrmQ

    from billing.services import credits_grant, user_create_with_account
    from evaluations.agents.models import Protocol
    from evaluations.agents.services import agent_create
    from evaluations.launches.request import LaunchRequest
    from evaluations.launches.services import run_launch
    from evaluations.runs.models import EvaluationRun
    from suites.services import suite_create

    # a fresh user each time, so that a second run against a DATABASE_URL database does not collide
    user = user_create_with_account(username=f"bench-{tmp.name}", password="bench-pass-123", account_name="Bench")
    account = user.memberships.get().account
    # Credits for every conversation below (a launch holds a judge call for each, judged or not), granted once
    # through the ledger like the demo workspace's (evaluations/demo/services.py).
    conversations_planned = 1 + 5 * scenarios * runs + 2 * n * r
    credits_grant(
        account=account,
        amount=conversations_planned * (settings.TRUSTGATE_PRICE_AGENT_MESSAGE + settings.TRUSTGATE_PRICE_JUDGE_CALL),
        note="Bench credits",
        key=f"bench-grant:{account.pk}",
    )

    agent_port = free_port()
    agent_proc = subprocess.Popen(
        [sys.executable, args.fake_agent, "--port", str(agent_port), "--latency-ms", "200"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    worker = subprocess.Popen([sys.executable, "manage.py", "qcluster"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
    base = f"http://127.0.0.1:{agent_port}"
    try:
        wait_http(f"{base}/health")
        agent = agent_create(account=account, data={"name": "Fake", "protocol": Protocol.SIMPLE_CHAT,
                                                     "endpoint_url": f"{base}/chat"})  # fmt: skip
        streaming = agent_create(account=account, data={
            "name": "Fake streaming", "protocol": Protocol.HTTP_JSON, "endpoint_url": f"{base}/stream",
            "request_template": '{"message": {{message}}}', "reply_path": "delta", "stream": "sse",
            "stream_done": "[DONE]",
        })  # fmt: skip

        def make_suite(name: str, n: int, judged: bool = False):  # type: ignore[no-untyped-def]
            scenarios = [{"kind": "accuracy", "name": f"Q{i}", "turns": [f"Question number {i}: what is {i}+{i}?"],
                          "required_phrases": ["ECHO"], "forbidden_phrases": ["ERROR"],
                          "expected_outcome": "Answers the question." if judged else ""} for i in range(n)]  # fmt: skip
            return suite_create(account=account, name=name, scenarios=scenarios)

        def idle_worker() -> None:
            """Wait until the worker has nothing queued or running: the previous run's follow-up (its verdict record,
            a task of its own) is done, so each launch starts on an idle worker, as a launch on its own does."""
            deadline = time.monotonic() + 30
            while OrmQ.objects.exists() and time.monotonic() < deadline:
                time.sleep(0.01)

        def run_once(  # type: ignore[no-untyped-def]
            suite, runs: int, parallel: int, target=None, ideal: float = 0.0
        ) -> tuple[float, EvaluationRun]:
            idle_worker()
            http_json(f"{base}/reset", {})
            nonlocal launched_at
            launched_at = time.time()
            started = time.perf_counter()
            overrides = {"runs_per_scenario": runs, "parallel": parallel}
            launch = LaunchRequest(agent=target or agent, suite=suite, overrides=overrides)
            run = run_launch(user=user, request=launch)
            # the status every 20 ms, then every 2 ms once the ideal (when given) is near: the end is seen within 2 ms
            near = started + 0.95 * ideal if ideal else float("inf")
            while True:
                run.refresh_from_db(fields=["status"])
                if not run.is_active:
                    break
                time.sleep(0.02 if time.perf_counter() < near else 0.002)
            wall = time.perf_counter() - started
            run.refresh_from_db()
            return wall, run

        launched_at = 0.0

        def split(wall: float, stats: dict) -> str:  # type: ignore[type-arg]
            """Where the time beyond the agent's active span went: before the first request, after the last reply;
            and the agent's own mean time per request (arrival to reply written: its 200 ms, and for /chat its own
            reading of the request besides, which the ideal does not count)."""
            start = stats["first_request_at"] - launched_at
            end = wall - start - stats["active_span_s"]
            served = 1000 * stats["busy_s"] / max(1, stats["total_requests"])
            return f"start={start:.2f}s span={stats['active_span_s']:.2f}s end={end:.2f}s agent_ms={served:.1f}"

        # warm the worker (imports, first connections) so start-up is not billed to the first setting
        time.sleep(settle)
        warm = make_suite("warm-up", 1, judged=True)  # the judge too: the SDK import alone takes seconds
        run_once(warm, 1, 1)

        suite = make_suite("efficiency", scenarios)
        conversations = scenarios * runs
        print(f"# {conversations} single-turn conversations at 200 ms latency, rules only, real django-q2 worker")
        for parallel in (1, 4, 8) if not args.judged_only else ():
            ideal = conversations * 0.200 / parallel
            wall, run = run_once(suite, runs, parallel, ideal=ideal)
            stats = http_json(f"{base}/stats")
            assert run.attempts.count() == conversations, run.error_message
            print(
                f"parallel={parallel} wall={wall:.2f}s ideal={ideal:.2f}s ratio={wall / ideal:.3f} "
                f"max_in_flight={stats['max_in_flight']} mean_in_flight={stats['mean_in_flight']:.2f} "
                f"{split(wall, stats)} judge=off (target ratio <= {1.05 if parallel == 8 else 1.10})"
            )

        judged = make_suite("judged", scenarios, judged=True)
        for _ in range(args.judged_only or 1):
            ideal = conversations * 0.200 / 8 + args.judge_latency_ms / 1000
            wall, run = run_once(judged, runs, 8, ideal=ideal)
            stats = http_json(f"{base}/stats")
            judge_stats = http_json(f"http://127.0.0.1:{judge_port}/stats")
            judged_count = run.attempts.filter(judge_calls__gt=0, verdict="pass").count()
            assert run.attempts.count() == conversations, run.error_message
            print(
                f"parallel=8 judge=on wall={wall:.2f}s ideal={ideal:.2f}s ratio={wall / ideal:.3f} "
                f"judge_calls={judge_stats['calls']} judged={judged_count} judge_max_in_flight={judge_stats['max_in_flight']} "
                f"mean_in_flight={stats['mean_in_flight']:.2f} {split(wall, stats)} "
                f"(judge {args.judge_latency_ms:.0f} ms; target ratio <= 1.05)"
            )

        if args.judged_only:
            return
        ideal = conversations * 0.200 / 8
        wall, run = run_once(suite, runs, 8, streaming, ideal=ideal)
        stats = http_json(f"{base}/stats")
        assert run.attempts.count() == conversations, run.error_message
        firsts = [t["ttft_ms"] for a in run.attempts.all() for t in a.reply_timings if t.get("ttft_ms") is not None]
        chunks = sorted({t["chunks"] for a in run.attempts.all() for t in a.reply_timings})
        assert len(firsts) == conversations and stats["streamed"] == conversations, (len(firsts), stats)
        ttft_error = abs(sum(firsts) / len(firsts) - stats["ttft_ms_mean"])
        print(
            f"parallel=8 stream=sse wall={wall:.2f}s ideal={ideal:.2f}s ratio={wall / ideal:.3f} "
            f"ttft_error_ms={ttft_error:.2f} (Trustgate ttft mean {sum(firsts) / len(firsts):.1f} ms, agent "
            f"{stats['ttft_ms_mean']:.1f} ms; chunks per reply {chunks}; mean_in_flight={stats['mean_in_flight']:.2f} "
            f"{split(wall, stats)}; target ratio <= 1.05, ttft_error_ms <= 5)"
        )
        # CPU per conversation at 0 ms latency
        agent_proc.terminate()
        agent_proc.wait()
        agent_proc = subprocess.Popen(
            [sys.executable, args.fake_agent, "--port", str(agent_port), "--latency-ms", "0"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        wait_http(f"{base}/health")
        cpu_suite = make_suite("cpu", n)
        idle_before, _ = proc_tree_cpu(worker.pid)
        time.sleep(idle_s)
        idle_after, _ = proc_tree_cpu(worker.pid)
        idle_rate = (idle_after - idle_before) / idle_s  # the cluster's own polling, not billed to conversations
        cpu_before, _ = proc_tree_cpu(worker.pid)
        wall, run = run_once(cpu_suite, r, 4)
        cpu_after, peak_kb = proc_tree_cpu(worker.pid)
        used = cpu_after - cpu_before - idle_rate * wall
        total = n * r
        cpu_before, _ = proc_tree_cpu(worker.pid)
        stream_wall, _run = run_once(cpu_suite, r, 4, streaming)
        cpu_after, peak_kb = proc_tree_cpu(worker.pid)
        streamed_used = cpu_after - cpu_before - idle_rate * stream_wall
        print(f"# {total} conversations at 0 ms latency, parallel 4")
        print(
            f"cpu_per_conversation={1000 * used / total:.2f} ms (target <= 5 ms; worker tree incl. PII + DB writes, "
            f"idle polling {1000 * idle_rate:.1f} ms/s subtracted) "
            f"cpu_per_streamed_reply={1000 * streamed_used / total:.2f} ms (20 SSE events a reply) wall={wall:.2f}s "
            f"throughput={total / wall:.0f}/s peak_rss={peak_kb / 1024:.0f} MB"
        )
    finally:
        worker.send_signal(signal.SIGTERM)
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
        for proc in (agent_proc, judge_proc):
            proc.terminate()
            proc.wait()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
