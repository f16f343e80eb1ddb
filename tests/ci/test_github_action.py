"""The GitHub Action (``action.yml``) run through a runner-like harness (tests/support/action_runner.py) against a
live server, the demo agent and a local fake of GitHub's comments API: the job summary, the outputs, one
pull-request comment created then updated, the exit code of a blocked gate, the artifact and SARIF uploads it asks
for; and the file itself passes GitHub's schema and zizmor (docs/ci.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from billing.services import api_key_create
from evaluations.gate.services import baseline_pin
from evaluations.runs.models import EvaluationRun
from tests.support.action_runner import github_runner, run_action
from tests.support.fake_github import fake_github

ROOT = Path(__file__).resolve().parents[2]
AGENT_KEY = "sk-agent-ACTION-SECRET-5c5c"
GITHUB_TOKEN = "ghs_FAKEtokenFORtheHARNESS0123456789"


def test_action_passes_the_github_schema_and_zizmor() -> None:
    bin_dir = Path(sys.executable).parent
    schema = subprocess.run([str(bin_dir / "check-jsonschema"), "--builtin-schema", "vendor.github-actions",
                             str(ROOT / "action.yml")], capture_output=True, text=True, timeout=120)  # fmt: skip
    assert schema.returncode == 0, schema.stdout + schema.stderr
    audit = subprocess.run([str(bin_dir / "zizmor"), "--offline", "--no-progress", str(ROOT / "action.yml")],
                           capture_output=True, text=True, timeout=120)  # fmt: skip
    assert audit.returncode == 0 and "No findings to report" in audit.stdout, audit.stdout + audit.stderr


def test_action_inputs_reach_run_steps_only_through_env_and_uses_are_pinned() -> None:
    action = yaml.safe_load((ROOT / "action.yml").read_text())
    for step in action["runs"]["steps"]:
        if "run" in step:
            assert "${{" not in step["run"], step["name"]
        else:
            name, _, ref = step["uses"].partition("@")
            assert len(ref) == 40 and all(c in "0123456789abcdef" for c in ref), f"{name} is not pinned to a commit"


@pytest.mark.django_db(transaction=True)
def test_action_gates_a_pull_request_comments_once_and_blocks_a_regression(
    live_server, alice, acme, demo_agent_record, demo_suite, demo_agent_mode, tmp_path
) -> None:
    _, api_key = api_key_create(user=alice, account=acme, name="GitHub Actions")
    inputs = {"url": live_server.url, "api-key": api_key, "suite": str(demo_suite.pk), "agent-api-key": AGENT_KEY,
              "comment": "true", "upload-sarif": "true"}  # fmt: skip
    with fake_github(GITHUB_TOKEN) as github_api:
        workspace = tmp_path / "workspace"
        workspace.mkdir()
        context, env = github_runner(tmp_path, api_url=github_api.url, token=GITHUB_TOKEN, pr=42)

        # 1. No baseline yet: PASS, summary, outputs, one new comment, the reports kept and uploaded.
        first = run_action(ROOT, inputs=inputs, github=context, runner_env=env, workspace=workspace)
        assert not first.failed and first.exit_code == 0, first.stdout + first.stderr
        run = EvaluationRun.objects.order_by("-pk").first()
        assert run is not None
        report_url = f"{live_server.url}/runs/{run.pk}/"
        assert first.outputs == {"verdict": "pass", "run-id": str(run.pk), "report-url": report_url, "exit-code": "0"}
        assert f"Trustgate: PASS — Demo (suite #{demo_suite.pk}), run #{run.pk}" in first.summary
        assert f"[The full report of run #{run.pk}]({report_url})" in first.summary
        assert "The release gate did not run: No baseline is pinned for Northwind bot" in first.summary
        comments = github_api.on("acme", "shop", 42)
        assert len(comments) == 1 and f"<!-- trustgate-gate suite={demo_suite.pk} -->" in comments[0]["body"]
        assert "Trustgate: PASS" in comments[0]["body"]
        assert "trustgate: Commented on pull request #42." in first.stdout
        uploads = {step.uses.split("@")[0]: step.with_ for step in first.uses}
        temp = tmp_path / "runner-temp"
        assert uploads["actions/upload-artifact"]["path"] == f"{temp}/trustgate-report/"
        assert uploads["actions/upload-artifact"]["name"] == f"trustgate-report-{run.pk}"
        sarif = Path(uploads["github/codeql-action/upload-sarif"]["sarif_file"])
        assert sarif == temp / "trustgate-report" / f"trustgate-run-{run.pk}.sarif"
        assert json.loads(sarif.read_text())["version"] == "2.1.0"
        assert (temp / "trustgate-report" / f"trustgate-run-{run.pk}.junit.xml").exists()
        # The job it came from: the pull request's head commit (not GitHub's merge commit) and branch.
        status = json.loads((temp / "trustgate-report" / f"trustgate-run-{run.pk}.status.json").read_text())
        assert status["source"]["commit"] == "4f2a9c1e" * 5 and status["source"]["branch"] == "feature/refunds"
        assert status["source"]["job_url"] == "https://github.com/acme/shop/actions/runs/9001"
        assert status["ci"]["pr_number"] == 42 and status["ci"]["system"] == "github"
        baseline_pin(run=run, user=alice)

        # 2. The agent regresses: the step fails with exit 1 (blocked), and the same comment is updated.
        demo_agent_mode("regressed")
        (tmp_path / "step-summary.md").write_text("")
        second = run_action(ROOT, inputs=inputs, github=context, runner_env=env, workspace=workspace)
        assert second.failed and second.exit_code == 1, second.stdout + second.stderr
        blocked = EvaluationRun.objects.order_by("-pk").first()
        assert blocked is not None and blocked.pk != run.pk
        assert second.outputs["verdict"] == "fail" and second.outputs["run-id"] == str(blocked.pk)
        assert second.outputs["exit-code"] == "1"
        assert (
            "Trustgate: FAIL" in second.summary
            and "Release gate blocked: Response accuracy fell 40 points" in second.summary
        )
        assert "**New failures** (" in second.summary
        comments = github_api.on("acme", "shop", 42)
        assert len(comments) == 1, "one comment, updated: not a second one"
        assert "Trustgate: FAIL" in comments[0]["body"] and f"run #{blocked.pk}" in comments[0]["body"]
        assert "trustgate: Updated the Trustgate comment on pull request #42." in second.stdout
        assert ("PATCH", f"/repos/acme/shop/issues/comments/{comments[0]['id']}") in github_api.requests
        # The upload steps still run after the failed gate step (if: always()), for the new run.
        assert {step.uses.split("@")[0] for step in second.uses} == {"actions/upload-artifact",
                                                                      "github/codeql-action/upload-sarif"}  # fmt: skip
        assert github_api.refused == []

    for result in (first, second):
        assert api_key not in result.stdout + result.stderr and AGENT_KEY not in result.stdout + result.stderr
        assert GITHUB_TOKEN not in result.stdout + result.stderr + result.summary
