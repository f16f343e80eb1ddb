""" "Use in CI": the page, the generated bash step and GitHub Actions workflow, and both executed for real — the
step with bash + curl + jq, the workflow's action through the runner-like harness — against a live server and the
demo agent (pass, blocked by the gate, error)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import httpx
import pytest
import yaml
from django.conf import settings as django_settings
from django.urls import reverse

from billing.services import api_key_create
from evaluations.gate.services import baseline_pin
from evaluations.runs.models import EvaluationRun, RunStatus
from suites.services import suite_create
from tests.support.action_runner import TEST_ACTION, ActionRun, github_runner, run_workflow_step
from tests.support.dbdump import dump_all_tables

AGENT_KEY = "sk-agent-USEINCI-SECRET-77aa"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def suite(acme, agent):
    return suite_create(account=acme, agent=agent, name="Support suite",
                        scenarios=[{"kind": "accuracy", "name": "q", "turns": ["hi"]}])  # fmt: skip


# ---------------------------------------------------------------------------------------------- the page


def test_use_in_ci_page_fills_in_this_instance_and_the_suite(client, alice, suite, settings) -> None:
    settings.TRUSTGATE_GITHUB_ACTION = TEST_ACTION
    client.force_login(alice)
    page = client.get(reverse("suites:use-in-ci", args=[suite.pk])).content.decode()
    assert 'id="ci-workflow"' in page and 'id="ci-script"' in page and 'id="ci-client"' in page
    assert f"uses: {TEST_ACTION}" in page
    assert f"suite: &quot;{suite.pk}&quot;" in page and "url: &quot;http://testserver&quot;" in page
    assert "secrets.TRUSTGATE_API_KEY" in page and "secrets.AGENT_API_KEY" in page
    assert "exits <strong>0</strong> on pass, <strong>1</strong> when blocked or failed" in page
    assert "<strong>4</strong> when the job is stopped while it waits (it cancels its run first)" in page
    assert f"trustgate run --suite {suite.pk} --report-dir trustgate-report" in page
    assert "pip install &quot;git+https://github.com/trustgate-tests/trustgate@0123456789abcdef" in page
    assert page.count('data-copy="') == 3  # workflow, client, bash step
    assert reverse("billing:api-keys") in page
    # The settings in words, and what one run costs.
    assert "<dt>Judge</dt><dd>Rules only (no judge) · Balanced strictness</dd>" in page
    assert "<dt>Red-team attacks</dt><dd>None</dd>" in page
    assert "One CI run: 1 scenario × 3 runs = 3 conversations, up to 3 credits</strong> (balance 1,000,000)" in page
    assert "<strong>Power planner:</strong> With 3 runs per scenario over 1 scenario, a single scenario that" in page
    assert 'id="ci-url-warning"' not in page  # testserver is no address a runner cannot reach


def test_without_the_action_setting_the_page_offers_the_client_and_the_step(client, alice, suite, settings) -> None:
    settings.TRUSTGATE_GITHUB_ACTION = ""
    client.force_login(alice)
    page = client.get(reverse("suites:use-in-ci", args=[suite.pk])).content.decode()
    assert "This Trustgate does not name its GitHub Action yet" in page and "uses:" not in page
    assert "pip install ./client  # from a clone of the Trustgate repository" in page
    workflow = client.get(reverse("suites:ci-workflow", args=[suite.pk]))
    assert workflow.status_code == 404 and "set TRUSTGATE_GITHUB_ACTION" in workflow.content.decode().replace(
        "sets", "set"
    )


def test_the_page_warns_when_this_instance_is_on_an_address_a_runner_cannot_reach(
    client, alice, suite, settings
) -> None:
    settings.ALLOWED_HOSTS = ["*"]
    client.force_login(alice)
    for host in ("127.0.0.1:8000", "localhost", "10.1.2.3", "192.168.0.7:8080"):
        page = client.get(reverse("suites:use-in-ci", args=[suite.pk]), headers={"host": host}).content.decode()
        assert 'id="ci-url-warning"' in page and "a CI runner (GitHub&#x27;s, or any on another network) cannot" in page
    page = client.get(reverse("suites:use-in-ci", args=[suite.pk]), headers={"host": "trustgate.example.com"})
    assert 'id="ci-url-warning"' not in page.content.decode()


def test_dashboard_links_each_suite_to_use_in_ci(client, alice, suite) -> None:
    client.force_login(alice)
    page = client.get(reverse("evaluations:dashboard")).content.decode()
    assert f'href="{reverse("suites:use-in-ci", args=[suite.pk])}">Use in CI</a>' in page


def test_other_accounts_suite_is_404_and_a_login_is_needed(client, bob, suite) -> None:
    for name in ("suites:use-in-ci", "suites:ci-script", "suites:ci-workflow"):
        assert client.get(reverse(name, args=[suite.pk])).status_code == 302
    client.force_login(bob)
    for name in ("suites:use-in-ci", "suites:ci-script", "suites:ci-workflow"):
        assert client.get(reverse(name, args=[suite.pk])).status_code == 404


def test_script_and_workflow_inline_no_secret_and_parse(client, alice, acme, suite, tmp_path, settings) -> None:
    settings.TRUSTGATE_GITHUB_ACTION = TEST_ACTION
    _, token = api_key_create(user=alice, account=acme, name="CI")
    client.force_login(alice)
    script = client.get(reverse("suites:ci-script", args=[suite.pk]))
    assert script["Content-Disposition"] == 'attachment; filename="trustgate-gate.sh"'
    text = script.content.decode()
    assert text.startswith("#!/usr/bin/env bash\n")
    assert 'TRUSTGATE_URL="${TRUSTGATE_URL:-http://testserver}"' in text
    assert f'SUITE_ID="${{TRUSTGATE_SUITE_ID:-{suite.pk}}}"' in text
    assert token not in text and token[:8] not in text
    assert "{{" not in text and "{%" not in text
    path = tmp_path / "gate.sh"
    path.write_text(text)
    assert subprocess.run(["bash", "-n", str(path)], capture_output=True).returncode == 0

    download = client.get(reverse("suites:ci-workflow", args=[suite.pk]))
    assert download["Content-Disposition"] == 'attachment; filename="trustgate.yml"'
    workflow = yaml.safe_load(download.content)
    [step] = workflow["jobs"]["trustgate"]["steps"]
    assert step["uses"] == TEST_ACTION
    assert step["with"]["api-key"] == "${{ secrets.TRUSTGATE_API_KEY }}"
    assert step["with"]["agent-api-key"] == "${{ secrets.AGENT_API_KEY }}"
    assert step["with"]["suite"] == str(suite.pk) and step["with"]["url"] == "http://testserver"
    assert workflow["concurrency"] == {
        "group": f"trustgate-{suite.pk}-${{{{ github.ref }}}}",
        "cancel-in-progress": True,
    }
    # Only the permissions the chosen extras need: the comment by default; SARIF when asked; neither when not.
    assert workflow["permissions"] == {"contents": "read", "pull-requests": "write"}
    assert step["with"]["comment"] == "true" and step["with"]["upload-sarif"] == "false"
    both = yaml.safe_load(client.get(reverse("suites:ci-workflow", args=[suite.pk]) + "?comment=1&sarif=1").content)
    assert both["permissions"] == {"contents": "read", "pull-requests": "write", "security-events": "write"}
    assert both["jobs"]["trustgate"]["steps"][0]["with"]["upload-sarif"] == "true"
    neither = yaml.safe_load(client.get(reverse("suites:ci-workflow", args=[suite.pk]) + "?comment=0").content)
    assert neither["permissions"] == {"contents": "read"}
    assert neither["jobs"]["trustgate"]["steps"][0]["with"]["comment"] == "false"
    assert token not in download.content.decode()


def test_a_suite_name_cannot_break_out_of_the_comment(client, alice, acme, agent) -> None:
    evil = suite_create(account=acme, agent=agent, name="x\nrm -rf / # <script>alert(1)</script>", scenarios=[])
    client.force_login(alice)
    text = client.get(reverse("suites:ci-script", args=[evil.pk])).content.decode()
    assert "\nrm -rf" not in text
    workflow = client.get(reverse("suites:ci-workflow", args=[evil.pk])).content.decode()
    assert "\nrm -rf" not in workflow
    page = client.get(reverse("suites:use-in-ci", args=[evil.pk])).content.decode()
    assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)" in page


# ---------------------------------------------------------------------------------------------- executed for real


def _tools() -> None:
    missing = [tool for tool in ("bash", "curl", "jq") if not shutil.which(tool)]
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"{', '.join(missing)} missing: .ci/run installs them.")
        pytest.skip(f"{', '.join(missing)} not installed")


@pytest.fixture
def fetch(live_server, client, alice):
    """GET a page of the live server as alice (her session cookie), as a browser would."""
    client.force_login(alice)
    cookie = client.cookies[django_settings.SESSION_COOKIE_NAME].value

    def do(path: str) -> str:
        response = httpx.get(live_server.url + path, cookies={django_settings.SESSION_COOKIE_NAME: cookie},
                             trust_env=False, timeout=10)  # fmt: skip
        response.raise_for_status()
        return response.text

    return do


def run_bash(script: str, tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "trustgate-gate.sh"
    path.write_text(script)
    base = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "LANG": "C.UTF-8"}
    return subprocess.run(["bash", str(path)], env={**base, **env}, capture_output=True, text=True, timeout=180,
                          cwd=tmp_path, stdin=subprocess.DEVNULL)  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_generated_step_gates_a_change_of_the_demo_agent(
    live_server, fetch, alice, acme, demo_agent_record, demo_suite, demo_agent_mode, tmp_path, unused_tcp_port
) -> None:
    _tools()
    _, token = api_key_create(user=alice, account=acme, name="GitHub Actions")
    script = fetch(reverse("suites:ci-script", args=[demo_suite.pk]))
    assert f"TRUSTGATE_URL:-{live_server.url}}}" in script
    env = {"TRUSTGATE_API_KEY": token, "AGENT_API_KEY": AGENT_KEY}

    # 1. No baseline yet: pass with a warning, reports kept.
    first = run_bash(script, tmp_path, {**env, "TRUSTGATE_REPORT_DIR": str(tmp_path / "reports")})
    assert first.returncode == 0, first.stdout + first.stderr
    run = EvaluationRun.objects.order_by("-pk").first()
    assert run is not None and run.trust_score is not None
    assert run.status == RunStatus.SUCCEEDED
    out = first.stdout
    assert f"Run #{run.pk} started for suite {demo_suite.pk}." in out
    status = json.loads((tmp_path / "reports" / f"trustgate-run-{run.pk}.status.json").read_text())
    assert "scenarios scored" in status["trust_score_text"]  # the score says how much was scored
    assert f"Verdict: PASS (trust score {status['trust_score_text']}) for run #{run.pk}" in out
    assert "! warning: The release gate did not run: No baseline is pinned for Northwind bot" in out
    assert f"Report: {live_server.url}/runs/{run.pk}/" in out
    assert "x Gift return window" in out  # failing scenarios are listed
    reports = sorted(p.name for p in (tmp_path / "reports").iterdir())
    assert reports == [f"trustgate-run-{run.pk}.junit.xml", f"trustgate-run-{run.pk}.sarif",
                       f"trustgate-run-{run.pk}.status.json"]  # fmt: skip
    assert token not in out + first.stderr and AGENT_KEY not in out + first.stderr
    baseline_pin(run=run, user=alice)

    # 2. The agent regresses: the same step blocks the change (exit 1) and says why.
    demo_agent_mode("regressed")
    blocked = run_bash(script, tmp_path, env)
    assert blocked.returncode == 1, blocked.stdout + blocked.stderr
    assert "Verdict: FAIL" in blocked.stdout
    assert re.search(r"\n  - Release gate blocked: Response accuracy fell 40 points", blocked.stdout)
    assert "Release gate blocked: PII protection" not in blocked.stdout  # a note that does not block ...
    assert "! warning: Gate note: PII protection is under its 95% floor" in blocked.stdout  # ... is a warning
    regressed_run = EvaluationRun.objects.order_by("-pk").first()
    assert regressed_run is not None
    assert f"Report: {live_server.url}/runs/{regressed_run.pk}/" in blocked.stdout

    # 3. Fixed again: passes against the baseline.
    demo_agent_mode("normal")
    fixed = run_bash(script, tmp_path, env)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert f"Release gate passed against baseline run #{run.pk}." in fixed.stdout

    # 4. Errors exit 3: an agent that is down, a wrong API key, a bad setting.
    down = run_bash(script, tmp_path, {**env, "TRUSTGATE_ENDPOINT_URL": f"http://127.0.0.1:{unused_tcp_port}/api/json"})
    assert down.returncode == 3, down.stdout + down.stderr
    assert "Verdict: ERROR" in down.stdout and "The agent is down" in down.stdout
    wrong = run_bash(script, tmp_path, {**env, "TRUSTGATE_API_KEY": "tg_wrongwrongwrong"})
    assert wrong.returncode == 3 and "The API key was refused (HTTP 401): Invalid API key." in wrong.stderr
    bad = run_bash(script, tmp_path, {**env, "TRUSTGATE_RUNS_PER_SCENARIO": "11"})
    assert bad.returncode == 3
    assert (
        "Could not start the run (HTTP 400): runs_per_scenario: Runs per scenario must be between 1 and 10."
        in bad.stderr
    )
    missing = run_bash(script, tmp_path, {"AGENT_API_KEY": AGENT_KEY})
    assert missing.returncode == 3 and "Set TRUSTGATE_API_KEY" in missing.stderr

    assert AGENT_KEY not in dump_all_tables()


def run_workflow(fetch, suite_id: int, tmp_path: Path, secrets: dict[str, str], **inputs: str) -> ActionRun:
    """The generated workflow's one step, as GitHub runs it: its action (this repository's action.yml) with the
    step's ``with:`` (secrets filled in), through the runner-like harness, for a pull request."""
    workflow = yaml.safe_load(fetch(reverse("suites:ci-workflow", args=[suite_id])))
    [step] = workflow["jobs"]["trustgate"]["steps"]
    step["with"].update(inputs)
    workspace = tmp_path / "workspace"
    workspace.mkdir(exist_ok=True)
    context, env = github_runner(tmp_path, api_url="http://127.0.0.1:9", token="ghs_unused", pr=7)
    return run_workflow_step({**step, "with": {**step["with"], "comment": "false"}}, action_dir=ROOT,
                             secrets=secrets, github=context, runner_env=env, workspace=workspace)  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_generated_github_workflow_runs_its_action_as_written(
    live_server, fetch, alice, acme, demo_agent_record, demo_suite, demo_agent_mode, tmp_path, settings
) -> None:
    """The workflow's step, run the way GitHub Actions would: the action it names, with its inputs."""
    settings.TRUSTGATE_GITHUB_ACTION = TEST_ACTION
    _, token = api_key_create(user=alice, account=acme, name="GitHub Actions")
    secrets = {"TRUSTGATE_API_KEY": token, "AGENT_API_KEY": AGENT_KEY}
    result = run_workflow(fetch, demo_suite.pk, tmp_path, secrets, **{"min-trust-score": "99"})
    assert result.exit_code == 1, result.stdout + result.stderr
    assert "::error title=Trustgate::Trust score" in result.stdout and "is below the minimum of 99." in result.stdout
    assert "::warning title=Trustgate::The release gate did not run: No baseline is pinned" in result.stdout
    assert result.outputs["verdict"] == "fail" and "Trustgate: FAIL" in result.summary
    assert (tmp_path / "runner-temp" / "trustgate-report").is_dir()


@pytest.mark.django_db(transaction=True)
def test_pinned_from_the_web_with_red_team_attacks_and_gated_from_ci(
    live_server, fetch, client, alice, acme, demo_agent_record, demo_suite, tmp_path, settings
) -> None:
    """A baseline pinned from an ordinary web run with red-team attacks is matched by the CI step with
    nothing set (it used to come back NOT COMPARABLE), and a CI setting that would break comparability stops the
    step before anything is launched or paid for."""
    _tools()
    _, token = api_key_create(user=alice, account=acme, name="CI")
    client.force_login(alice)
    form = {"agent": demo_agent_record.pk, "suite": demo_suite.pk, "runs_per_scenario": 2, "parallel": 4,
            "redteam_depth": "quick", "judge_strictness": "strict", "api_key": AGENT_KEY}  # fmt: skip
    launched = client.post(reverse("evaluations:run-new"), form)
    web_run = EvaluationRun.objects.get()
    assert launched.status_code == 302 and web_run.status == RunStatus.SUCCEEDED
    pinned = client.post(reverse("evaluations:run-pin-baseline", args=[web_run.pk]), follow=True)
    assert f"Run #{web_run.pk} is now the baseline" in pinned.content.decode()

    page = fetch(reverse("suites:use-in-ci", args=[demo_suite.pk]))
    assert 'id="ci-settings"' in page and f"run #{web_run.pk}</a>" in page
    assert "These match the baseline: a CI run is comparable with it" in page
    assert "<dt>Red-team attacks</dt><dd>Quick (7 attacks)</dd>" in page

    script = fetch(reverse("suites:ci-script", args=[demo_suite.pk]))
    env = {"TRUSTGATE_API_KEY": token, "AGENT_API_KEY": AGENT_KEY}
    gated = run_bash(script, tmp_path, env)
    assert gated.returncode == 0, gated.stdout + gated.stderr
    assert (
        "Settings: 2 runs per scenario, 4 in parallel, red team quick, judge rules_only (strict); unset ones from "
        f"baseline run #{web_run.pk}." in gated.stdout
    )
    assert f"Release gate passed against baseline run #{web_run.pk}." in gated.stdout
    assert "NOT COMPARABLE" not in gated.stdout and "differs" not in gated.stdout
    ci_run = EvaluationRun.objects.order_by("-pk").first()
    assert ci_run is not None
    assert ci_run.settings_snapshot["redteam_depth"] == "quick" and ci_run.judge_strictness == "strict"
    assert ci_run.settings_snapshot["launched_via"] == "api"

    # Overriding the depth in CI would break comparability: said before launching, and nothing is launched.
    runs_before = EvaluationRun.objects.count()
    refused = run_bash(script, tmp_path, {**env, "TRUSTGATE_REDTEAM_DEPTH": "none", "GITHUB_ACTIONS": "true"})
    assert refused.returncode == 2, refused.stdout + refused.stderr  # not gated, not a regression
    assert (
        f"! warning: Not comparable with baseline run #{web_run.pk}: The red-team depth differs: Quick in the "
        "baseline, none in this run." in refused.stdout
    )
    assert (
        "Verdict: FAIL (not launched)" in refused.stdout and "::error title=Trustgate::Not launched" in refused.stdout
    )
    assert EvaluationRun.objects.count() == runs_before

    # The workflow's action, as GitHub Actions runs it (every setting empty): gated and passing too.
    settings.TRUSTGATE_GITHUB_ACTION = TEST_ACTION
    secrets = {"TRUSTGATE_API_KEY": token, "AGENT_API_KEY": AGENT_KEY}
    result = run_workflow(fetch, demo_suite.pk, tmp_path, secrets)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert f"Release gate passed against baseline run #{web_run.pk}." in result.stdout
    assert AGENT_KEY not in dump_all_tables()
