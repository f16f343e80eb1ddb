"""Every bench runs to the end in its quick mode and prints its figures (no timing is asserted).

Each bench runs as its own process from the repository root, as ``make bench`` runs it. run_efficiency migrates
its own SQLite file in a temporary directory and starts a real django-q2 worker on it; two_workers and ci_status
deploy a whole stack (gunicorn, clusters) on one (bench/stack.py); DATABASE_URL is left out
of its environment so that it never touches the database a developer's DATABASE_URL names (the tests' own
database is a separate one in any case: in-memory SQLite, or ``test_<name>`` on PostgreSQL).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

BENCHES = {
    "run_efficiency.py": [
        "single-turn conversations at 200 ms latency",
        "parallel=1 wall=",
        "parallel=4 wall=",
        "parallel=8 wall=",
        "ratio=",
        "max_in_flight=",
        "mean_in_flight=",
        "conversations at 0 ms latency, parallel 4",
        "parallel=8 judge=on wall=",
        "judged=8",
        "start=",
        "cpu_per_conversation=",
        "parallel=8 stream=sse wall=",
        "ttft_error_ms=",
        "cpu_per_streamed_reply=",
        "throughput=",
        "peak_rss=",
    ],
    "two_workers.py": [
        "two runs of 16 single-turn conversations",
        "launched through the CI API on gunicorn",
        "one_worker=",
        "two_workers=",
        "ratio=",
    ],
    "ci_status.py": [
        "20 pollers every 0.5 s on GET /api/v1/aiagent/runs/<id>",
        "during_runs requests=",
        "p95=",
        "finished_report requests=20",
    ],
    "import_bench.py": [
        "import bench: 500 conversations",
        "import format=jsonl cases=",
        "import format=otel cases=",
        "seconds=",
        "peak_mb=",
        "pii_masked=",
        "duplicates=",
    ],
    "pii_scan.py": [
        "engine build (presidio import + blank spaCy):",
        "scan_pii median",
        "p95",
        "full-text presidio analyze() for comparison: median",
        "windowed vs full-text scan mismatches: 0",
    ],
    "judge_rate.py": [
        "single-turn conversations at 20 ms, parallel 4",
        "judge_rpm=600 wall=",
        "judge_rpm=3000 wall=",
        "ideal=",
        "ratio=",
        "rejected=",
        "first_backoff=",
        "prompt cache: policy=4000 tokens",
        "cache_read_share=",
    ],
    "pii_accuracy.py": [
        "PII accuracy on bench/data/pii_corpus.jsonl:",
        "tuned part (the detector was developed against it)",
        "PII accuracy on bench/data/pii_tuned2.jsonl:",
        "tuned part 2 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned3.jsonl:",
        "tuned part 3 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned4.jsonl:",
        "tuned part 4 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned5.jsonl:",
        "tuned part 5 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned6.jsonl:",
        "tuned part 6 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned7.jsonl:",
        "tuned part 7 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned8.jsonl:",
        "tuned part 8 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned9.jsonl:",
        "tuned part 9 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned10.jsonl:",
        "tuned part 10 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned11.jsonl:",
        "tuned part 11 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned12.jsonl:",
        "tuned part 12 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned13.jsonl:",
        "tuned part 13 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned14.jsonl:",
        "tuned part 14 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned15.jsonl:",
        "tuned part 15 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned16.jsonl:",
        "tuned part 16 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned17.jsonl:",
        "tuned part 17 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned18.jsonl:",
        "tuned part 18 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned19.jsonl:",
        "tuned part 19 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned20.jsonl:",
        "tuned part 20 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_tuned21.jsonl:",
        "tuned part 21 (a former held-out part: its errors were looked at)",
        "PII accuracy on bench/data/pii_heldout.jsonl:",
        "held-out part (written blind, no detector change was tuned on it), measured last",
        "tuned    CREDIT_CARD",
        "tuned2   CREDIT_CARD",
        "tuned3   CREDIT_CARD",
        "tuned4   CREDIT_CARD",
        "tuned5   CREDIT_CARD",
        "tuned6   CREDIT_CARD",
        "tuned7   CREDIT_CARD",
        "tuned8   CREDIT_CARD",
        "tuned9   CREDIT_CARD",
        "tuned10  CREDIT_CARD",
        "tuned parts together (each label and finding counted once, as in one part)",
        "alltuned CREDIT_CARD",
        "alltuned PHONE_NUMBER",
        "heldout  CREDIT_CARD",
        "heldout  PHONE_NUMBER",
        "CREDIT_CARD",
        "US_SSN",
        "IBAN_CODE",
        "EMAIL_ADDRESS",
        "PHONE_NUMBER",
        "micro",
        "goal >= 0.99 for each:",
    ],
    "report_page.py": [
        "report page of a run of 40 scenarios x 3 runs",
        "report: conversations=120 html_kb=",
        "filtered: conversations=120 html_kb=",
        "conversations: conversations=120 html_kb=",
        "running: conversations=120 html_kb=",
        "render_s=",
        "queries=",
        "goal: report html_kb <= 300 and render_s <= 1",
    ],
    "monitor_fleet.py": [
        "monitor fleet on",
        "create monitors=",
        "per run wall_ms_p50=",
        "same minute (every monitor due at once) lag_p50_s=",
        "spread over the hour lag_p50_s=",
        "spread, without the clock (django-q2's scheduler every 30 s) lag_p50_s=",
        "worker busy per hour s=",
        "retention days=90 rows_kept=",
        "real check (1 cluster + manage.py clock, 6 of 6 monitors due over 15 s) lag_p50_s=",
        "prune runs=",
        "fleet monitors=60 lag_p50_s=",
        "cpu_ms_per_run=",
        "rows_per_day=",
    ],
    "redteam_strategies.py": [
        "strategies planted=6 found_static=",
        "found_strategies=6 false_findings=0 agent_messages_static=",
        "agent_messages_strategies=",
        "attacker planted=1 found=1 false_findings=0 attacker_calls=3 agent_turns=3",
    ],
    "gate_simulation.py": [
        "Gate simulation: 53 scenarios",
        "up to 6 confirmation runs per open scenario",
        "runs=1 false_block=",
        "runs=3 false_block=",
        "runs=5 false_block=",
        "runs=10 false_block=",
        "power_flip20=",
        "power_spread20=",
        "power_spread10=",
        "power_one_scenario=",
        "extra_conversations=",
        "confirmation runs: up to 6 per open scenario; unchanged agents paying for any: ",
        "without confirmation runs (the gate on the first pass alone): false_block=",
        "ceiling (best valid test told the true rates; ",
        "the same gate without earlier runs (an endpoint's first comparisons; ",
        "; with confirmation runs: false_block=",
        "ceiling of this gate (every rule and the correction as they are, the accuracy statistic told the true rates",
        "limit of any gate that also guards other rules and keeps the threshold rule: power_flip20 <= ",
        "accuracy rule alone with the threshold rule: power_flip20=",
        "false blocks by rule: metric",
        "Flakiness sweep at runs=3",
        "Flakiness sweep at runs=10",
        "flaky= 30% false_block=",
        "baseline_runs=5 runs=3 false_block=",
        "baseline_runs=10 runs=3 false_block=",
        "  first pass alone: false_block=",
        "wall time ",
    ],
}


# On PostgreSQL (.ci/run's second pass) these run there: they create a database of their own on that server and
# drop it at the end, never touching the database DATABASE_URL names. Elsewhere they run on a temporary SQLite file.
OWN_DATABASE = {"two_workers.py", "ci_status.py", "monitor_fleet.py"}
# The bench smoke runs .ci/run runs in its PostgreSQL pass (the others run in its SQLite pass): those above, which
# use that server, and three that use a temporary SQLite file wherever they run, so that the two passes end together
SECOND_PASS = OWN_DATABASE | {"pii_accuracy.py", "run_efficiency.py", "redteam_strategies.py"}


@pytest.mark.bench_smoke
@pytest.mark.parametrize(
    "script",
    [pytest.param(s, marks=pytest.mark.bench_second_pass) if s in SECOND_PASS else s for s in sorted(BENCHES)],
)
def test_bench_runs_to_the_end_in_quick_mode(script: str) -> None:
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    if script in OWN_DATABASE and os.environ.get("DATABASE_URL", "").startswith("postgres"):
        env["DATABASE_URL"] = os.environ["DATABASE_URL"]  # they create and drop a database of their own there
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), "--quick"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=400,  # the scale-out benches start gunicorn and django-q2 clusters, even in quick mode
    )
    assert done.returncode == 0, f"{script} exited {done.returncode}\n{done.stdout}\n{done.stderr[-3000:]}"
    missing = [figure for figure in BENCHES[script] if figure not in done.stdout]
    assert not missing, f"{script} did not print {missing}\n{done.stdout}"
