"""The CI client (``trustgate``, ``client/``) run as a subprocess against a live server and the demo agent: each
command, the exit codes, the CI metadata it sends, and a run cancelled when the job is stopped (docs/ci.md)."""

from __future__ import annotations

import json
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from billing.services import api_key_create
from evaluations.gate.services import baseline_pin
from evaluations.runs.models import EvaluationRun, RunStatus
from tests.support.cli_client import TRUSTGATE, base_env, trustgate

AGENT_KEY = "sk-agent-CLIENT-SECRET-91bb"


@pytest.fixture
def cli_env(live_server, alice, acme, tmp_path) -> dict[str, str]:
    _, token = api_key_create(user=alice, account=acme, name="CI client")
    return {**base_env(tmp_path), "TRUSTGATE_URL": live_server.url, "TRUSTGATE_API_KEY": token,
            "AGENT_API_KEY": AGENT_KEY}  # fmt: skip


def github_env(tmp_path: Path, *, pr: int = 42) -> dict[str, str]:
    event = tmp_path / "event.json"
    event.write_text(json.dumps({"pull_request": {"number": pr, "head": {"sha": "c0ffee" * 6 + "abcd"}}}))
    return {"CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_EVENT_PATH": str(event), "GITHUB_REPOSITORY": "acme/shop",
            "GITHUB_SHA": "merge0" * 6 + "beef", "GITHUB_HEAD_REF": "feature/refunds", "GITHUB_REF_NAME": "42/merge",
            "GITHUB_RUN_ID": "777", "GITHUB_SERVER_URL": "https://github.com"}  # fmt: skip


def status_text(tmp_path: Path, run_id: int) -> str:
    return json.loads((tmp_path / "reports" / f"trustgate-run-{run_id}.status.json").read_text())["trust_score_text"]


@pytest.mark.django_db(transaction=True)
def test_run_gates_the_demo_agent_and_the_other_commands_read_the_run(
    live_server, cli_env, alice, demo_agent_record, demo_suite, demo_agent_mode, tmp_path
) -> None:
    suites = trustgate("suites", env=cli_env, cwd=tmp_path)
    assert suites.returncode == 0, suites.stderr
    assert f"#{demo_suite.pk}  Demo (v1, " in suites.stdout and "Northwind bot  no baseline" in suites.stdout

    # 1. A pull request's job on GitHub Actions, no baseline yet: pass with a warning, reports kept.
    env = {**cli_env, **github_env(tmp_path)}
    first = trustgate("run", "--suite", str(demo_suite.pk), "--report-dir", "reports", env=env, cwd=tmp_path)
    assert first.returncode == 0, first.stdout + first.stderr
    run = EvaluationRun.objects.order_by("-pk").first()
    assert run is not None and run.status == RunStatus.SUCCEEDED
    out = first.stdout
    assert f"trustgate: Run #{run.pk} started for suite {demo_suite.pk}." in out
    assert "! warning: The release gate did not run: No baseline is pinned for Northwind bot" in out
    assert "::warning title=Trustgate::The release gate did not run" in out  # annotations under Actions
    assert "x Gift return window" in out
    assert f"trustgate: Report: {live_server.url}/runs/{run.pk}/" in out
    assert "\r" not in out  # not a terminal: plain lines
    reports = sorted(p.name for p in (tmp_path / "reports").iterdir())
    assert reports == [f"trustgate-run-{run.pk}.junit.xml", f"trustgate-run-{run.pk}.sarif",
                       f"trustgate-run-{run.pk}.status.json"]  # fmt: skip
    assert cli_env["TRUSTGATE_API_KEY"] not in out + first.stderr and AGENT_KEY not in out + first.stderr

    assert f"trustgate: Verdict: PASS (trust score {status_text(tmp_path, run.pk)}) for run #{run.pk}" in out

    # The job it came from: the PR's head commit (not GitHub's merge commit), its branch and the job's URL.
    status = json.loads((tmp_path / "reports" / f"trustgate-run-{run.pk}.status.json").read_text())
    assert status["source"]["via"] == "ci"
    assert status["source"]["commit"] == "c0ffee" * 6 + "abcd"
    assert status["source"]["branch"] == "feature/refunds"
    assert status["source"]["job_url"] == "https://github.com/acme/shop/actions/runs/777"

    # 2. status, and every report format.
    shown = trustgate("status", str(run.pk), env=cli_env, cwd=tmp_path)
    assert (
        shown.returncode == 0
        and f"Verdict: PASS (trust score {status['trust_score_text']}) for run #{run.pk}" in shown.stdout
    )
    as_json = trustgate("status", str(run.pk), "--json", env=cli_env, cwd=tmp_path)
    assert json.loads(as_json.stdout)["verdict"] == "pass"
    report = json.loads(trustgate("report", str(run.pk), "--format", "json", env=cli_env, cwd=tmp_path).stdout)
    assert report["format"] == "trustgate.run-report"
    junit = ET.fromstring(trustgate("report", str(run.pk), "--format", "junit", env=cli_env, cwd=tmp_path).stdout)
    assert junit.tag == "testsuite" and any(case.get("name") for case in junit.iter("testcase"))
    sarif = json.loads(trustgate("report", str(run.pk), "--format", "sarif", env=cli_env, cwd=tmp_path).stdout)
    assert sarif["version"] == "2.1.0"
    bad_path = trustgate(
        "report", str(run.pk), "--format", "sarif", "--suite-path", "../x.yml", env=cli_env, cwd=tmp_path
    )
    assert bad_path.returncode == 3 and "(HTTP 400): suite_path:" in bad_path.stderr  # the path reaches the server
    markdown = trustgate("report", str(run.pk), "--format", "markdown", "-o", "summary.md", env=cli_env, cwd=tmp_path)
    assert markdown.returncode == 0
    text = (tmp_path / "summary.md").read_text()
    assert f"Trustgate: PASS — Demo (suite #{demo_suite.pk}), run #{run.pk}" in text
    assert "Not compared with a baseline at finish" in text
    assert f"[The full report of run #{run.pk}]({live_server.url}/runs/{run.pk}/)" in text
    assert "| Metric | This run | Baseline | Change | Scored |" in text
    baseline_pin(run=run, user=alice)

    # 3. The agent regresses: blocked, exit 1; the Markdown names the new failures and the metric's change.
    demo_agent_mode("regressed")
    blocked = trustgate("run", "--suite", str(demo_suite.pk), env=cli_env, cwd=tmp_path)
    assert blocked.returncode == 1, blocked.stdout + blocked.stderr
    assert "  - Release gate blocked: Response accuracy fell 40 points" in blocked.stdout
    regressed = EvaluationRun.objects.order_by("-pk").first()
    assert regressed is not None
    failing = trustgate("status", str(regressed.pk), env=cli_env, cwd=tmp_path)
    assert failing.returncode == 1 and "Verdict: FAIL" in failing.stdout
    text = trustgate("report", str(regressed.pk), "--format", "markdown", env=cli_env, cwd=tmp_path).stdout
    assert "Trustgate: FAIL" in text and "**New failures** (" in text
    assert "| Response accuracy |" in text and "| -40.0 |" in text

    # 4. Errors exit 3, with the server's sentence.
    wrong = trustgate(
        "run", "--suite", str(demo_suite.pk), env={**cli_env, "TRUSTGATE_API_KEY": "tg_wrong"}, cwd=tmp_path
    )
    assert wrong.returncode == 3 and "The API key was refused (HTTP 401): Invalid API key." in wrong.stderr
    bad = trustgate(
        "run", "--suite", str(demo_suite.pk), env={**cli_env, "TRUSTGATE_RUNS_PER_SCENARIO": "11"}, cwd=tmp_path
    )
    assert bad.returncode == 3
    assert (
        "Could not start the run (HTTP 400): runs_per_scenario: Runs per scenario must be between 1 and 10."
        in bad.stderr
    )
    no_url = trustgate("suites", env={**cli_env, "TRUSTGATE_URL": ""}, cwd=tmp_path)
    assert no_url.returncode == 3 and "Set TRUSTGATE_URL" in no_url.stderr


@pytest.mark.django_db(transaction=True)
def test_list_cancel_and_pin_commands(
    live_server, cli_env, alice, acme, demo_agent_record, demo_suite, tmp_path, monkeypatch
) -> None:
    # A pull request's run from GitLab CI: the merge request, branch, commit and job it sends are listed.
    gitlab = {"CI": "true", "GITLAB_CI": "true", "CI_COMMIT_SHA": "ab12cd34" * 5, "CI_MERGE_REQUEST_IID": "17",
              "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME": "fix/tone", "CI_JOB_URL": "https://gitlab.example/j/5"}  # fmt: skip
    ran = trustgate("run", "--suite", str(demo_suite.pk), env={**cli_env, **gitlab}, cwd=tmp_path)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    run = EvaluationRun.objects.get()

    # Stopped before launching (no baseline and TRUSTGATE_FAIL_ON_NO_BASELINE): exit 2, and the job summary and the
    # outputs still say so.
    strict = {**cli_env, "TRUSTGATE_FAIL_ON_NO_BASELINE": "true"}
    summary, outputs = tmp_path / "summary.md", tmp_path / "outputs"
    refused_run = trustgate("run", "--suite", str(demo_suite.pk), "--summary", str(summary), "--github-output",
                            str(outputs), env=strict, cwd=tmp_path)  # fmt: skip
    assert refused_run.returncode == 2, refused_run.stdout + refused_run.stderr
    assert (
        "trustgate: Verdict: FAIL (not launched): fail_on_no_baseline is set and no baseline is pinned"
        in refused_run.stdout
    )
    assert summary.read_text().startswith(
        "### ❌ Trustgate: NOT GATED (exit 2)\n\nNot launched: fail\\_on\\_no\\_baseline is set"
    )
    assert outputs.read_text() == "verdict=fail\nrun-id=\nreport-url=\nexit-code=2\n"
    assert EvaluationRun.objects.count() == 1  # nothing launched

    listed = trustgate("list", "--pr", "17", "--commit", "ab12cd", env=cli_env, cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.splitlines() == ["1 runs", f"#{run.pk}  succeeded  pass  Demo  PR #17 fix/tone ab12cd34ab12"]
    as_json = json.loads(trustgate("list", "--branch", "fix/tone", "--json", env=cli_env, cwd=tmp_path).stdout)
    assert as_json["results"][0]["ci"] == {"commit": "ab12cd34" * 5, "branch": "fix/tone", "pr_number": 17,
                                           "job_url": "https://gitlab.example/j/5", "system": "gitlab"}  # fmt: skip
    assert trustgate("list", "--pr", "18", env=cli_env, cwd=tmp_path).stdout.splitlines() == ["0 runs"]

    # cancel: a finished run cannot be cancelled (the server's sentence, exit 3).
    finished = trustgate("cancel", str(run.pk), env=cli_env, cwd=tmp_path)
    assert (
        finished.returncode == 3
        and f"Could not cancel run #{run.pk} (HTTP 409): Run #{run.pk} has already ended" in finished.stderr
    )

    # pin: the default key reads and runs only; a key with the publish scope pins, as the web's Pin does.
    refused = trustgate("pin", str(run.pk), env=cli_env, cwd=tmp_path)
    assert refused.returncode == 3 and f"Could not pin run #{run.pk} (HTTP 403):" in refused.stderr
    assert "publish" in refused.stderr
    _, publisher = api_key_create(user=alice, account=acme, name="Release", scopes=["read", "run", "publish"])
    pinned = trustgate("pin", str(run.pk), "--note", "Release 1.4", env={**cli_env, "TRUSTGATE_API_KEY": publisher},
                       cwd=tmp_path)  # fmt: skip
    assert pinned.returncode == 0, pinned.stderr
    assert f"trustgate: Run #{run.pk} is now the pinned baseline of its suite and endpoint." in pinned.stdout
    suites = trustgate("suites", env=cli_env, cwd=tmp_path)
    assert "Northwind bot  baseline pinned" in suites.stdout

    # cancel: a queued run (no worker picks it up here) is cancelled, and says so.
    from django_q.conf import Conf

    monkeypatch.setattr(Conf, "SYNC", False)

    launched = trustgate("run", "--suite", str(demo_suite.pk), "--timeout", "1", env=cli_env, cwd=tmp_path)
    assert launched.returncode == 3 and "No verdict in time" in launched.stderr
    queued = EvaluationRun.objects.order_by("-pk").first()
    assert queued is not None and queued.status == RunStatus.QUEUED
    cancelled = trustgate("cancel", str(queued.pk), env=cli_env, cwd=tmp_path)
    assert cancelled.returncode == 0 and f"trustgate: Run #{queued.pk} is cancelled." in cancelled.stdout
    queued.refresh_from_db()
    assert queued.status == RunStatus.CANCELLED
    listed = trustgate("list", "--state", "cancelled", env=cli_env, cwd=tmp_path)
    assert listed.stdout.splitlines()[1].startswith(f"#{queued.pk}  cancelled  error  Demo")


@pytest.mark.django_db(transaction=True)
def test_a_terminal_gets_one_live_line_and_ctrl_c_cancels_the_run(
    live_server, cli_env, demo_agent_record, demo_suite, tmp_path, monkeypatch
) -> None:
    """On a terminal (and without CI set) the progress is one line rewritten in place; Ctrl-C (SIGINT) cancels."""
    import os
    import pty
    import select
    import signal
    import subprocess

    from django_q.conf import Conf

    monkeypatch.setattr(Conf, "SYNC", False)  # no worker: the run stays queued while the client waits
    master, slave = pty.openpty()
    step = subprocess.Popen([TRUSTGATE, "run", "--suite", str(demo_suite.pk)], env=cli_env, stdout=slave,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, cwd=tmp_path, text=True)  # fmt: skip
    os.close(slave)
    seen = b""
    deadline = time.monotonic() + 60
    while b"\r\x1b[Ktrustgate: queued: 0 of " not in seen and time.monotonic() < deadline:
        if select.select([master], [], [], 1)[0]:
            seen += os.read(master, 4096)
    assert b"\r\x1b[Ktrustgate: queued: 0 of " in seen, seen
    step.send_signal(signal.SIGINT)
    _, err = step.communicate(timeout=60)
    os.close(master)
    run = EvaluationRun.objects.get()
    assert step.returncode == 4 and f"Interrupted (SIGINT): run #{run.pk} was cancelled." in err
    assert run.status == RunStatus.CANCELLED
