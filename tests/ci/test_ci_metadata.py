"""The CI job each launch carries (docs/ci.md, "CI metadata from the environment"): the client and the bash step
read the same commit, branch, pull request, job URL and system from what seven CI systems set, and send the same
fields. Both run for real against a local fake of the CI API that keeps the launch's body."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from suites.services import suite_create
from tests.support.cli_client import TRUSTGATE, base_env

SHA = "0f1e2d3c" * 5
SYSTEMS: dict[str, tuple[dict[str, str], dict[str, Any]]] = {
    "gitlab": (
        {"GITLAB_CI": "true", "CI_COMMIT_SHA": SHA, "CI_MERGE_REQUEST_IID": "12",
         "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME": "feat/a", "CI_COMMIT_REF_NAME": "refs-x",
         "CI_JOB_URL": "https://gitlab.example/acme/shop/-/jobs/9"},
        {"commit": SHA, "branch": "feat/a", "pr_number": 12, "job_url": "https://gitlab.example/acme/shop/-/jobs/9"},
    ),
    "circleci": (
        {"CIRCLECI": "true", "CIRCLE_SHA1": SHA, "CIRCLE_BRANCH": "feat/b",
         "CIRCLE_PULL_REQUEST": "https://github.com/acme/shop/pull/31", "CIRCLE_BUILD_URL": "https://circleci.com/gh/acme/shop/77"},
        {"commit": SHA, "branch": "feat/b", "pr_number": 31, "job_url": "https://circleci.com/gh/acme/shop/77"},
    ),
    "buildkite": (
        {"BUILDKITE": "true", "BUILDKITE_COMMIT": SHA, "BUILDKITE_BRANCH": "main", "BUILDKITE_PULL_REQUEST": "false",
         "BUILDKITE_BUILD_URL": "https://buildkite.com/acme/shop/builds/5", "BUILDKITE_JOB_ID": "abc-1"},
        {"commit": SHA, "branch": "main", "job_url": "https://buildkite.com/acme/shop/builds/5#abc-1"},
    ),
    "azure": (
        {"TF_BUILD": "True", "BUILD_SOURCEVERSION": SHA, "BUILD_SOURCEBRANCH": "refs/heads/release/2",
         "SYSTEM_PULLREQUEST_PULLREQUESTID": "204", "SYSTEM_COLLECTIONURI": "https://dev.azure.com/acme/",
         "SYSTEM_TEAMPROJECT": "shop", "BUILD_BUILDID": "88"},
        {"commit": SHA, "branch": "release/2", "pr_number": 204,
         "job_url": "https://dev.azure.com/acme/shop/_build/results?buildId=88"},
    ),
    "bitbucket": (
        {"BITBUCKET_BUILD_NUMBER": "41", "BITBUCKET_COMMIT": SHA, "BITBUCKET_BRANCH": "feat/c", "BITBUCKET_PR_ID": "3",
         "BITBUCKET_REPO_FULL_NAME": "acme/shop"},
        {"commit": SHA, "branch": "feat/c", "pr_number": 3,
         "job_url": "https://bitbucket.org/acme/shop/pipelines/results/41"},
    ),
    "jenkins": (
        {"JENKINS_URL": "https://ci.acme.example/", "GIT_COMMIT": SHA, "GIT_BRANCH": "origin/feat/d", "CHANGE_ID": "58",
         "BUILD_URL": "https://ci.acme.example/job/shop/58/"},
        {"commit": SHA, "branch": "feat/d", "pr_number": 58, "job_url": "https://ci.acme.example/job/shop/58/"},
    ),
    "other": ({"CI": "true"}, {}),
}  # fmt: skip


def _github(tmp_path: Path) -> tuple[dict[str, str], dict[str, Any]]:
    event = tmp_path / "event.json"
    event.write_text(json.dumps({"pull_request": {"number": 9, "head": {"sha": SHA}}}))
    env = {"GITHUB_ACTIONS": "true", "GITHUB_EVENT_PATH": str(event), "GITHUB_SHA": "f" * 40,
           "GITHUB_HEAD_REF": "feat/e", "GITHUB_REF_NAME": "9/merge", "GITHUB_REPOSITORY": "acme/shop",
           "GITHUB_RUN_ID": "123", "GITHUB_SERVER_URL": "https://github.com"}  # fmt: skip
    return env, {"commit": SHA, "branch": "feat/e", "pr_number": 9,
                 "job_url": "https://github.com/acme/shop/actions/runs/123"}  # fmt: skip


def _launch_bodies(httpserver: HTTPServer) -> list[dict[str, Any]]:
    """The fake answers the plan with 401 (the step stops there) and keeps each body it got."""
    bodies: list[dict[str, Any]] = []

    def runs(request: Request) -> Response:
        bodies.append(request.get_json())
        return Response(json.dumps({"detail": "Invalid API key."}), status=401, content_type="application/json")

    httpserver.expect_request("/api/v1/aiagent/runs", method="POST").respond_with_handler(runs)
    return bodies


@pytest.mark.parametrize("system", ["github", *SYSTEMS])
def test_client_and_bash_step_send_the_same_ci_metadata(
    client, alice, acme, agent, httpserver, tmp_path, system
) -> None:
    if not all(shutil.which(tool) for tool in ("bash", "curl", "jq")):
        pytest.skip("bash, curl and jq are installed by .ci/run")
    variables, expected = _github(tmp_path) if system == "github" else SYSTEMS[system]
    bodies = _launch_bodies(httpserver)
    suite = suite_create(account=acme, agent=agent, name="Meta", scenarios=[])
    client.force_login(alice)
    script = tmp_path / "gate.sh"
    script.write_text(client.get(reverse("suites:ci-script", args=[suite.pk])).content.decode())
    env = {**base_env(tmp_path), **variables, "TRUSTGATE_URL": httpserver.url_for("").rstrip("/"),
           "TRUSTGATE_API_KEY": "tg-test", "TRUSTGATE_SUITE_ID": str(suite.pk)}  # fmt: skip
    for command in (["bash", str(script)], [TRUSTGATE, "run"]):
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60, cwd=tmp_path,
                              stdin=subprocess.DEVNULL)  # fmt: skip
        assert done.returncode == 3 and "The API key was refused (HTTP 401): Invalid API key." in done.stderr
    bash_body, client_body = bodies
    fields = ("commit", "branch", "pr_number", "job_url", "ci_system")
    sent = [{key: body[key] for key in fields if key in body} for body in (bash_body, client_body)]
    assert sent[0] == sent[1] == {**expected, "ci_system": system}


def test_the_overrides_win_and_a_bad_pr_number_is_left_out(client, alice, acme, agent, httpserver, tmp_path) -> None:
    bodies = _launch_bodies(httpserver)
    suite = suite_create(account=acme, agent=agent, name="Meta", scenarios=[])
    client.force_login(alice)
    script = tmp_path / "gate.sh"
    script.write_text(client.get(reverse("suites:ci-script", args=[suite.pk])).content.decode())
    env = {**base_env(tmp_path), **SYSTEMS["gitlab"][0], "TRUSTGATE_URL": httpserver.url_for("").rstrip("/"),
           "TRUSTGATE_API_KEY": "tg-test", "TRUSTGATE_SUITE_ID": str(suite.pk), "TRUSTGATE_COMMIT": "deadbeef",
           "TRUSTGATE_BRANCH": "hotfix", "TRUSTGATE_JOB_URL": "https://ci.example/1", "CI_MERGE_REQUEST_IID": "x1"}  # fmt: skip
    for command in (["bash", str(script)], [TRUSTGATE, "run"]):
        subprocess.run(command, env=env, capture_output=True, text=True, timeout=60, cwd=tmp_path,
                       stdin=subprocess.DEVNULL)  # fmt: skip
    for body in bodies:
        assert (body["commit"], body["branch"], body["job_url"]) == ("deadbeef", "hotfix", "https://ci.example/1")
        assert "pr_number" not in body and body["ci_system"] == "gitlab"
