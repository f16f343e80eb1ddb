#!/usr/bin/env python3
"""Judge throughput against a provider's rate limit, and what prompt caching saves.

200 single-turn conversations against bench/fake_agent.py (200 ms) at parallel 8, each judged through the real
path: the run executor (``run_conversations``, scoring on its own loop as a run with a judge does), the judge
pool, the provider budget and the Anthropic SDK,
against the fake Messages API of tests/support/fake_anthropic.py, which answers in 1 s and enforces a
requests-per-minute limit (a token bucket holding one second of requests; 429 with ``retry-after`` and the
``anthropic-ratelimit-requests-*`` headers). For limits of 120, 600 and 3,000 requests a minute it prints

    judge_rpm=N wall=Xs ideal=Ys ratio=Z rejected=K cap=C

with ideal = max(agent-bound, rate-limit-bound):
  agent-bound       conversations x agent latency / parallel + judge latency (the last reply still needs judging)
  rate-limit-bound  agent latency + (conversations - burst) / (limit per second) + judge latency (the first call
                    waits for the first reply; the bucket lets ``burst`` through at once, then one per 1/rate s)
and ``rejected`` the calls the provider refused; ``first_backoff`` of them came in the first burst that found the
limit, ``later`` after it (the goal: none).

``cap`` is TRUSTGATE_JUDGE_MAX_CONCURRENCY as a team with that limit would set it (docs/deployment.md, what to
scale when): the default 32 up to 1,500 rpm at 1 s; above, a limit of R a minute with calls of L s needs R / 60 x L
calls in flight, which no cap of 32 allows (3,000 rpm at 1 s: 50 a second), so the team raises it (``team_cap``).
``--cap N`` forces one cap for every limit.

Then the cache line: a run with a 4,000-token policy, the share of judge input tokens read from the cache.

Usage: .venv/bin/python bench/judge_rate.py [--quick] [--cap N] [--rpm 120,600,3000]
  --quick: a smoke run of a few seconds (20 conversations, 0.1 s judge; the figures mean little).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_http(url: str, timeout: float = 15) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2):  # noqa: S310 (loopback only)
                return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"{url} did not come up")


def setup_django(fake_url: str, cap: int) -> None:
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "evalsite.settings",
            "TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS": "true",
            "TRUSTGATE_JUDGE_PROVIDER": "anthropic",
            "ANTHROPIC_BASE_URL": fake_url,
            "ANTHROPIC_API_KEY": "sk-ant-bench-0000000000",
            "TRUSTGATE_JUDGE_MAX_CONCURRENCY": str(cap),
            "TRUSTGATE_MODEL_TIMEOUT": "30",
        }
    )
    os.environ.pop("DATABASE_URL", None)
    import django

    django.setup()
    import anthropic  # noqa: F401 - loaded up front, as in a worker that has judged before (it takes seconds)


class FakeProvider:
    """The fake Messages API in its own process (it must not share the harness's CPU and GIL), controlled over
    two extra paths it alone serves: ``/bench/configure`` and ``/bench/stats``."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve-fake", str(self.port)], cwd=ROOT
        )
        deadline = time.time() + 30
        while True:
            try:
                self.stats()
                return
            except OSError:
                if time.time() > deadline:
                    raise SystemExit("the fake provider did not come up") from None
                time.sleep(0.1)

    def _post(self, path: str, data: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(f"{self.url}{path}", data=json.dumps(data).encode(), method="POST")
        request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310 (loopback only)
            result: dict[str, Any] = json.loads(response.read())
            return result

    def configure(self, **options: Any) -> None:
        self._post("/bench/configure", options)

    def stats(self) -> dict[str, Any]:
        return self._post("/bench/stats", {})

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def serve_fake(port: int) -> None:
    """The fake provider's process: tests/support/fake_anthropic.py on ``port``, plus the two control paths."""
    from tests.support.fake_anthropic import FakeAnthropic
    from tests.support.scripted_http import ScriptedReply, ScriptedServer, parse_json_body

    fake = FakeAnthropic()

    def handle(path: str, raw: bytes, headers: dict[str, str]) -> ScriptedReply:
        if path == "/bench/configure":
            options = parse_json_body(raw)
            fake.reset()
            fake.default_text = options.get("default_text", fake.default_text)
            fake.latency = float(options.get("latency", 0.0))
            fake.count_tokens = bool(options.get("count_tokens", False))
            fake.limit_rpm(options.get("rpm"))
            return ScriptedReply(200, {})
        if path == "/bench/stats":
            return ScriptedReply(
                200,
                {
                    "rejected_at": fake.rejected_at,
                    "arrivals": [request.at for request in fake.requests],
                    "most_in_flight": fake.most_in_flight,
                },
            )
        return fake._handle_post(path, raw, headers)

    ScriptedServer(handle, name="bench-fake-provider", port=port).start()
    threading.Event().wait()  # until the bench terminates this process


def team_cap(rpm: int, latency: float) -> int:
    """The cap docs/deployment.md ("what to scale when") tells a team to configure: the default 32, or, when the
    provider's limit needs more calls at once than that (a limit of R requests a minute answered in L s needs
    R / 60 x L calls in flight to use it), that many plus a quarter for the calls that take longer. 3,000 rpm at 1 s:
    63."""
    return max(32, math.ceil(rpm / 60 * latency * 1.25))


def run_once(
    *, fake: Any, agent_url: str, conversations: int, parallel: int, knowledge: str
) -> tuple[float, list[Any]]:
    """Drive ``conversations`` through the executor, judging each; (wall seconds, verdicts)."""
    from evaluations.connectors.base import AgentConfig, Protocol
    from evaluations.core.specs import ScenarioKind, ScenarioSpec
    from evaluations.llm.clients import AnthropicClient, reset_clients
    from evaluations.llm.ratelimit import budget_for
    from evaluations.runs.executor import ConversationResult, Job, run_conversations
    from evaluations.scoring.judge import JudgePool

    reset_clients()  # a fresh provider budget: each limit is met for the first time
    config = AgentConfig(protocol=Protocol.SIMPLE_CHAT, endpoint_url=f"{agent_url}/chat")
    jobs = [
        Job(
            ScenarioSpec(
                key=f"s{i}",
                kind=ScenarioKind.ACCURACY,
                name=f"Hours {i}",
                turns=(f"When is support open? ({i})",),
                expected_outcome="States the support hours.",
            ),
            1,
        )
        for i in range(conversations)
    ]
    pools: list[JudgePool] = []

    async def judge(result: ConversationResult) -> Any:
        if not pools:  # made on the run's loop, as the run's scorer does
            pools.append(JudgePool(model="sonnet", strictness="balanced", knowledge=knowledge, parallel=parallel))
        return await pools[0].submit(spec=result.job.spec, turns=result.turns, tool_calls=[], evidence=[])

    started, cpu = time.monotonic(), time.process_time()
    verdicts = list(run_conversations(jobs, config, api_key="", parallel=parallel, finish=judge, score_apart=True))
    wall = time.monotonic() - started
    fake.cpu = time.process_time() - cpu  # the harness's own CPU (the fake provider and agent are other processes)
    stats = fake.stats()
    fake.arrivals = [at - started for at in stats["arrivals"]] or [0.0]
    fake.rejected_at = stats["rejected_at"]
    if fake.rejected_at:
        print("  refused at " + " ".join(f"{at - started:.2f}s" for at in fake.rejected_at), flush=True)
    fake.most_in_flight = stats["most_in_flight"]
    fake.cap_waits = budget_for(AnthropicClient("bench").budget_key()).cap_waits
    return wall, verdicts


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--cap", type=int, default=0, help="TRUSTGATE_JUDGE_MAX_CONCURRENCY (default: what docs/deployment.md advises)"
    )
    parser.add_argument("--rpm", default="", help="comma-separated limits (default 120,600,3000)")
    parser.add_argument("--serve-fake", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_fake:
        serve_fake(args.serve_fake)
        return 0
    conversations, parallel = (20, 4) if args.quick else (200, 8)
    agent_latency, judge_latency = (0.02, 0.1) if args.quick else (0.2, 1.0)
    limits = [int(x) for x in args.rpm.split(",") if x] or ([600, 3000] if args.quick else [120, 600, 3000])

    fake = FakeProvider()
    setup_django(fake.url, args.cap or 32)
    from django.conf import settings

    agent_port = free_port()
    agent = subprocess.Popen(
        [sys.executable, str(ROOT / "bench" / "fake_agent.py"), "--port", str(agent_port)]
        + ["--latency-ms", str(agent_latency * 1000)],
        stdout=subprocess.DEVNULL,
    )
    agent_url = f"http://127.0.0.1:{agent_port}"
    verdict = json.dumps({"verdict": "pass", "score": 90, "rationale": "States the hours."})
    try:
        wait_http(f"{agent_url}/health")
        print(
            f"{conversations} single-turn conversations at {agent_latency * 1000:g} ms, parallel {parallel}, "
            f"judge answering in {judge_latency:g} s, at most {args.cap or 'the cap= below of'} judge calls at once"
        )
        # Warm up as a worker that has judged before (SDK modules and validators loaded); each limit below then
        # starts from a fresh provider budget and fresh connections.
        fake.configure(default_text=verdict)
        run_once(fake=fake, agent_url=agent_url, conversations=parallel, parallel=parallel, knowledge="Hours 9-5.")
        for rpm in limits:
            cap = args.cap or team_cap(rpm, judge_latency)
            settings.TRUSTGATE_JUDGE_MAX_CONCURRENCY = cap
            fake.configure(default_text=verdict, latency=judge_latency, rpm=rpm)
            wall, verdicts = run_once(
                fake=fake, agent_url=agent_url, conversations=conversations, parallel=parallel, knowledge="Hours 9-5."
            )
            rate = rpm / 60.0
            burst = max(1.0, rate)
            agent_ideal = conversations * agent_latency / parallel + judge_latency
            rate_ideal = agent_latency + max(0.0, conversations - burst) / rate + judge_latency
            ideal = max(agent_ideal, rate_ideal)
            first = fake.rejected_at[0] if fake.rejected_at else 0.0
            first_backoff = sum(1 for t in fake.rejected_at if t - first < 1.0)
            scored = sum(1 for v in verdicts if v.is_scored)
            rejected = len(fake.rejected_at)
            print(
                f"judge_rpm={rpm} wall={wall:.2f}s ideal={ideal:.2f}s ratio={wall / ideal:.3f} rejected={rejected} "
                f"cap={cap}"
            )
            print(
                f"  first_backoff={first_backoff} later={rejected - first_backoff} scored={scored}/{len(verdicts)} "
                f"most_in_flight={fake.most_in_flight} agent_ideal={agent_ideal:.2f}s rate_ideal={rate_ideal:.2f}s "
                f"calls_arrived={min(fake.arrivals):.2f}s..{max(fake.arrivals):.2f}s "
                f"harness_cpu={fake.cpu:.2f}s ({fake.cpu / len(verdicts) * 1000:.1f} ms per judged conversation) "
                f"cap_waits={fake.cap_waits} (calls the provider would have taken that waited for the cap)"
            )
        cache_line(fake, agent_url, conversations=min(conversations, 50), parallel=parallel, verdict=verdict)
    finally:
        agent.terminate()
        agent.wait(timeout=10)
        fake.stop()
    return 0


def cache_line(fake: Any, agent_url: str, *, conversations: int, parallel: int, verdict: str) -> None:
    """A run with a 4,000-token policy (the fake counts four characters a token and plays the prompt cache)."""
    fake.configure(default_text=verdict, count_tokens=True)
    policy = " ".join(f"Rule {i}: refunds within {i % 30 + 1} days of delivery." for i in range(360))[:16_000]
    _, verdicts = run_once(
        fake=fake, agent_url=agent_url, conversations=conversations, parallel=parallel, knowledge=policy
    )
    read = sum(v.cached_input_tokens for v in verdicts)
    total = sum(v.input_tokens + v.cached_input_tokens + v.cache_write_tokens for v in verdicts)
    print(
        f"prompt cache: policy={len(policy) // 4} tokens judge_calls={len(verdicts)} input_tokens={total} "
        f"cache_read={read} cache_read_share={read / total if total else 0:.1%}"
    )


if __name__ == "__main__":
    raise SystemExit(main())
