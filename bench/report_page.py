#!/usr/bin/env python3
"""The report page of a large run: HTML size, server-side render time and queries (docs/benchmarks.md).

Builds, directly in the database, a finished run of 10,000 conversations (1,970 scenarios plus 30 red-team
attacks, 5 runs each, multi-turn transcripts with tool calls, rule findings and rationales, some flaky, failing,
breaching, not scored and errored) and a pinned baseline of the same size, then renders with Django's test client:
the report page, a filtered page (failures matching a search), one scenario's conversations (the htmx
fragment opened from its row) and the report page of the same run while it is still going. Prints, per page, the median of a few renders (after a first, cold one):
``conversations=N html_kb=X render_s=Y queries=Q``, the CPU time the render took (``cpu_s``, steadier than the
wall time on a shared machine) and the number of HTML elements. Goal: the report page at most
300 KB and 1 s.

Usage: .venv/bin/python bench/report_page.py [--quick] [--renders N] [--scenarios N]
  --quick: a smoke run of a few seconds (40 scenarios x 3 runs; the figures mean little).
The bench migrates and uses its own SQLite file in a temporary directory, removed at the end.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

WORDS = (
    "order refund delivery warranty account invoice package return policy customer support agent days business "
    "shipping address payment card replacement store credit receipt damaged item exchange tracking number"
).split()
TOOLS = ("lookup_order", "issue_refund", "track_package", "update_address")
ELEMENT = re.compile(r"<[a-zA-Z]")


def sentence(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(words)).capitalize() + "."


def make_specs(rng: random.Random, scenarios: int, attacks: int) -> list[dict[str, Any]]:
    from evaluations.core.specs import ScenarioKind, ScenarioSpec, Severity
    from redteam.library import ATTACKS

    kinds = [ScenarioKind.ACCURACY, ScenarioKind.GUARDRAILS, ScenarioKind.TOOL_CALLS, ScenarioKind.PII]
    severities = list(Severity)
    specs = []
    for i in range(scenarios):
        specs.append(
            ScenarioSpec(
                key=f"s{i + 1}",
                kind=kinds[i % len(kinds)],
                name=f"Scenario {i + 1}: {sentence(rng, 4)[:-1]}",
                turns=tuple(sentence(rng, 12) for _ in range(rng.choice((1, 2, 3)))),
                severity=severities[i % len(severities)],
                expected_outcome=sentence(rng, 15),
                required_phrases=("business days",),
            ).to_dict()
        )
    for attack in ATTACKS[:attacks]:
        specs.append(
            ScenarioSpec(
                key=f"rt-{attack['id']}",
                kind=ScenarioKind.RED_TEAM,
                name=attack["name"],
                turns=tuple(attack["turns"]),
                severity=Severity(attack["severity"]),
                owasp_tag=attack["owasp_tag"],
                attack_id=attack["id"],
                expected_outcome=attack["expected_outcome"],
            ).to_dict()
        )
    return specs


def make_attempts(rng: random.Random, specs: list[dict[str, Any]], runs: int) -> list[Any]:
    from django.utils import timezone

    from evaluations.runs.models import Attempt

    now = timezone.now()
    attempts = []
    for spec in specs:
        roll = rng.random()  # 80% pass, 8% flaky, 7% fail, 3% not scored, 2% error
        outcome = "pass" if roll < 0.8 else "flaky" if roll < 0.88 else "fail" if roll < 0.95 else (
            "not_scored" if roll < 0.98 else "error"
        )  # fmt: skip
        same = rng.random() < 0.5  # half the scenarios answer identically every run
        base_reply = [sentence(rng, rng.randint(25, 60)) for _ in spec["turns"]]
        for repeat in range(1, runs + 1):
            verdict = {"flaky": "pass" if repeat % 2 else "fail"}.get(outcome, outcome)
            replies = base_reply if same else [sentence(rng, rng.randint(25, 60)) for _ in spec["turns"]]
            transcript = []
            for turn, reply in zip(spec["turns"], replies, strict=True):
                transcript += [{"role": "user", "content": turn}, {"role": "assistant", "content": reply}]
            calls = [{"name": rng.choice(TOOLS), "arguments": {"order_id": f"NW-{rng.randint(10000, 99999)}"}}] if (
                spec["kind"] == "tool_calls"
            ) else []  # fmt: skip
            attempts.append(
                Attempt(
                    scenario_key=spec["key"],
                    repeat=repeat,
                    verdict=verdict,
                    score={"pass": 100.0, "fail": 0.0}.get(verdict),
                    is_breach=verdict == "fail" and spec["kind"] in ("guardrails", "red_team"),
                    transcript=transcript,
                    tool_calls=calls,
                    rule_findings=[
                        {
                            "rule": "required_phrases",
                            "passed": verdict == "pass",
                            "hard": False,
                            "message": "Says “business days”." if verdict == "pass" else "Never says “business days”.",
                        }
                    ],  # fmt: skip
                    rationale=sentence(rng, 30) if verdict in ("pass", "fail") else "",
                    error_kind="timeout" if verdict == "error" else "",
                    error_message="No reply within 30 s." if verdict == "error" else "",
                    latency_ms=rng.randint(200, 2000),
                    model_usage={
                        "judge": {
                            "model": "sonnet",
                            "calls": 1,
                            "input_tokens": rng.randint(800, 1600),
                            "cached_input_tokens": 3000,
                            "cache_write_tokens": 0,
                            "output_tokens": rng.randint(80, 200),
                        }
                    }
                    if verdict in ("pass", "fail")
                    else {},
                    started_at=now - timedelta(seconds=5),
                    finished_at=now,
                )
            )
    return attempts


def make_run(account: Any, agent: Any, suite: Any, specs: list[dict[str, Any]], runs: int, seed: int) -> Any:
    from django.utils import timezone

    from evaluations.core.specs import ScenarioSpec
    from evaluations.runs.choices import RunStage, RunStatus
    from evaluations.runs.models import Attempt, EvaluationRun
    from evaluations.scoring.choices import JudgeModel
    from evaluations.scoring.metrics import compute_metrics

    attempts = make_attempts(random.Random(seed), specs, runs)
    metrics = compute_metrics([ScenarioSpec.from_dict(s) for s in specs], attempts)
    now = timezone.now()
    run = EvaluationRun.objects.create(
        account=account, agent=agent, suite=suite, agent_name=agent.name, suite_name=suite.name,
        suite_version=suite.version, endpoint_url=agent.endpoint_url, scenarios=specs,
        settings_snapshot={"mode": "saved_suite", "judge_provider": "rules_only", "redteam_depth": "standard",
                           "redteam_library_version": "bench"},
        runs_per_scenario=runs, judge_model=JudgeModel.RULES_ONLY, status=RunStatus.SUCCEEDED, stage=RunStage.DONE,
        metrics=metrics, trust_score=metrics["trust_score"], started_at=now - timedelta(minutes=30), finished_at=now,
    )  # fmt: skip
    for attempt in attempts:
        attempt.run = run
    Attempt.objects.bulk_create(attempts, batch_size=500)
    return run


def measure(client: Any, url: str, renders: int, headers: dict[str, str] | None = None) -> dict[str, Any]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times, cpu, queries, body = [], [], [], b""
    cold = 0.0
    for index in range(renders + 1):
        with CaptureQueriesContext(connection) as captured:
            started, cpu_started = time.perf_counter(), time.process_time()
            response = client.get(url, headers=headers or {})
            elapsed, cpu_used = time.perf_counter() - started, time.process_time() - cpu_started
        assert response.status_code == 200, (url, response.status_code)
        body = response.content
        if index == 0:
            cold = elapsed  # the first render also fills caches (the gate's simulated false-block rate)
            continue
        times.append(elapsed)
        cpu.append(cpu_used)  # this process's CPU (server and test client): steadier than wall time on a busy machine
        queries.append(len(captured))
    return {
        "html_kb": len(body) / 1024,
        "render_s": statistics.median(times),
        "cpu_s": statistics.median(cpu),
        "cold_s": cold,
        "queries": max(queries),
        "elements": len(ELEMENT.findall(body.decode())),
        "body": body.decode(),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="a few seconds: 40 scenarios x 3 runs (smoke test)")
    parser.add_argument("--renders", type=int, default=0, help="renders per page after the cold one")
    parser.add_argument("--scenarios", type=int, default=1970, help="scenarios besides the 30 attacks")
    args = parser.parse_args()
    scenarios, attacks, runs = (37, 3, 3) if args.quick else (args.scenarios, 30, 5)
    renders = args.renders or (2 if args.quick else 5)

    tmp = Path(tempfile.mkdtemp(prefix="trustgate-bench-report-"))
    env = {
        "DJANGO_SETTINGS_MODULE": "evalsite.settings",
        "TRUSTGATE_SQLITE_PATH": str(tmp / "bench.sqlite3"),
        "TRUSTGATE_LOG_LEVEL": "WARNING",
        "TRUSTGATE_HTTPS": "false",
        "TRUSTGATE_ALLOWED_HOSTS": "testserver,127.0.0.1",
    }
    os.environ.update(env)
    os.environ.pop("DATABASE_URL", None)
    try:
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=dict(os.environ), check=True)
        import django

        django.setup()
        from django.test import Client
        from django.urls import reverse

        import evalsite.wsgi  # noqa: F401  - as in a served process: what the WSGI module loads at start
        from billing.services import user_create_with_account
        from evaluations.agents.models import Agent
        from evaluations.gate.services import baseline_pin
        from suites.services import suite_create

        user = user_create_with_account(username="bench", password="bench-pass-123", account_name="Bench")
        account = user.memberships.get().account
        agent = Agent.objects.create(account=account, name="Bench bot", endpoint_url="https://agent.example.com/chat")
        suite = suite_create(account=account, agent=agent, name="Bench suite", scenarios=[
            {"kind": "accuracy", "name": "Placeholder", "turns": ["Hello"], "required_phrases": ["business days"]}
        ])  # fmt: skip
        specs = make_specs(random.Random(7), scenarios, attacks)
        started = time.perf_counter()
        baseline = make_run(account, agent, suite, specs, runs, seed=1)
        baseline_pin(run=baseline, user=user)
        run = make_run(account, agent, suite, specs, runs, seed=2)
        conversations = len(specs) * runs
        print(
            f"report page of a run of {len(specs):,} scenarios x {runs} runs ({attacks} red-team attacks), "
            f"baseline of the same size pinned; built in {time.perf_counter() - started:.1f} s"
        )

        client = Client()
        client.force_login(user)
        report_url = reverse("evaluations:run-report", args=[run.pk])
        failing = next(s for s in run.metrics["scenario_results"].items() if s[1]["status"] == "fail")[0]
        pages = {
            "report": (report_url, None),
            "filtered": (f"{report_url}?show=failed&q=refund&sort=name", None),
            "conversations": (
                reverse("evaluations:run-report-scenario", args=[run.pk, failing]),
                {"HX-Request": "true"},
            ),
        }
        for name, (url, headers) in pages.items():
            figures = measure(client, url, renders, headers)
            print(
                f"{name}: conversations={conversations} html_kb={figures['html_kb']:.1f} "
                f"render_s={figures['render_s']:.3f} cpu_s={figures['cpu_s']:.3f} queries={figures['queries']} "
                f"elements={figures['elements']} cold_s={figures['cold_s']:.3f}"
            )
        # The same run while it is still going: no stored summary yet, so the page counts the attempts so far (their
        # verdicts, breaches, refusals and latencies; no transcript) on every view and every 5 s poll of its cards.
        from evaluations.runs.choices import RunStage, RunStatus
        from evaluations.runs.models import EvaluationRun

        EvaluationRun.objects.filter(pk=run.pk).update(status=RunStatus.RUNNING, stage=RunStage.EXECUTE, metrics={})
        figures = measure(client, report_url, renders)
        print(
            f"running: conversations={conversations} html_kb={figures['html_kb']:.1f} "
            f"render_s={figures['render_s']:.3f} cpu_s={figures['cpu_s']:.3f} queries={figures['queries']} "
            f"elements={figures['elements']}"
        )
        print(f"goal: report html_kb <= 300 and render_s <= 1 (median of {renders} renders after a cold one)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
