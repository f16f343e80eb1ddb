"""The CI job the client runs in, read from the variables each CI system sets: commit, branch, pull-request number,
job URL and system name. ``TRUSTGATE_COMMIT``, ``TRUSTGATE_BRANCH``, ``TRUSTGATE_PR_NUMBER`` and
``TRUSTGATE_JOB_URL`` override what is found (docs/ci.md)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any


def _github_event(env: Mapping[str, str]) -> dict[str, Any]:
    path = env.get("GITHUB_EVENT_PATH", "")
    if not path:
        return {}
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def github_pr_number(env: Mapping[str, str]) -> int | None:
    """The pull request of the event (``pull_request``, ``pull_request_target``, an issue comment on a PR), else
    from ``GITHUB_REF`` (``refs/pull/<n>/merge``)."""
    event = _github_event(env)
    for key in ("pull_request", "issue"):
        number = (event.get(key) or {}).get("number") if isinstance(event.get(key), dict) else None
        if isinstance(number, int) and number > 0 and (key == "pull_request" or "pull_request" in event[key]):
            return number
    match = re.fullmatch(r"refs/pull/(\d+)/(?:merge|head)", env.get("GITHUB_REF", ""))
    return int(match.group(1)) if match else None


def _number(text: str | None) -> int | None:
    """A pull-request number: digits only (anything else is not sent), 1 and up."""
    text = (text or "").strip()
    return int(text) if text.isascii() and text.isdigit() and int(text) > 0 else None


def _github(env: Mapping[str, str]) -> dict[str, Any]:
    head = (_github_event(env).get("pull_request") or {}).get("head") or {}
    job = ""
    if env.get("GITHUB_RUN_ID"):
        server = env.get("GITHUB_SERVER_URL", "https://github.com")
        job = f"{server}/{env.get('GITHUB_REPOSITORY', '')}/actions/runs/{env['GITHUB_RUN_ID']}"
    return {
        "commit": head.get("sha") or env.get("GITHUB_SHA", ""),  # a PR's own head, not the merge commit
        "branch": env.get("GITHUB_HEAD_REF") or env.get("GITHUB_REF_NAME", ""),
        "pr_number": github_pr_number(env),
        "job_url": job,
    }


def _gitlab(env: Mapping[str, str]) -> dict[str, Any]:
    return {
        "commit": env.get("CI_COMMIT_SHA", ""),
        "branch": env.get("CI_MERGE_REQUEST_SOURCE_BRANCH_NAME") or env.get("CI_COMMIT_REF_NAME", ""),
        "pr_number": _number(env.get("CI_MERGE_REQUEST_IID")),
        "job_url": env.get("CI_JOB_URL", ""),
    }


def _jenkins(env: Mapping[str, str]) -> dict[str, Any]:
    branch = env.get("CHANGE_BRANCH") or env.get("BRANCH_NAME") or env.get("GIT_BRANCH", "")
    return {
        "commit": env.get("GIT_COMMIT", ""),
        "branch": branch.removeprefix("origin/"),
        "pr_number": _number(env.get("CHANGE_ID")),
        "job_url": env.get("BUILD_URL", ""),
    }


def _circleci(env: Mapping[str, str]) -> dict[str, Any]:
    return {
        "commit": env.get("CIRCLE_SHA1", ""),
        "branch": env.get("CIRCLE_BRANCH", ""),
        "pr_number": _number(env.get("CIRCLE_PR_NUMBER") or env.get("CIRCLE_PULL_REQUEST", "").rsplit("/", 1)[-1]),
        "job_url": env.get("CIRCLE_BUILD_URL", ""),
    }


def _buildkite(env: Mapping[str, str]) -> dict[str, Any]:
    url = env.get("BUILDKITE_BUILD_URL", "")
    if url and env.get("BUILDKITE_JOB_ID"):
        url += f"#{env['BUILDKITE_JOB_ID']}"
    pr = env.get("BUILDKITE_PULL_REQUEST", "")
    return {
        "commit": env.get("BUILDKITE_COMMIT", ""),
        "branch": env.get("BUILDKITE_BRANCH", ""),
        "pr_number": _number(pr) if pr != "false" else None,
        "job_url": url,
    }


def _azure(env: Mapping[str, str]) -> dict[str, Any]:
    url = ""
    if env.get("SYSTEM_COLLECTIONURI") and env.get("BUILD_BUILDID"):
        project = env.get("SYSTEM_TEAMPROJECT", "")
        url = f"{env['SYSTEM_COLLECTIONURI'].rstrip('/')}/{project}/_build/results?buildId={env['BUILD_BUILDID']}"
    branch = env.get("SYSTEM_PULLREQUEST_SOURCEBRANCH") or env.get("BUILD_SOURCEBRANCH", "")
    return {
        "commit": env.get("BUILD_SOURCEVERSION", ""),
        "branch": branch.removeprefix("refs/heads/"),
        "pr_number": _number(
            env.get("SYSTEM_PULLREQUEST_PULLREQUESTNUMBER") or env.get("SYSTEM_PULLREQUEST_PULLREQUESTID")
        ),
        "job_url": url,
    }


def _bitbucket(env: Mapping[str, str]) -> dict[str, Any]:
    url = ""
    if env.get("BITBUCKET_REPO_FULL_NAME") and env.get("BITBUCKET_BUILD_NUMBER"):
        url = (
            f"https://bitbucket.org/{env['BITBUCKET_REPO_FULL_NAME']}/pipelines/results/{env['BITBUCKET_BUILD_NUMBER']}"
        )
    return {
        "commit": env.get("BITBUCKET_COMMIT", ""),
        "branch": env.get("BITBUCKET_BRANCH", ""),
        "pr_number": _number(env.get("BITBUCKET_PR_ID")),
        "job_url": url,
    }


# (system, the variable that says the job runs there, the reader); the first that matches wins.
SYSTEMS = (
    ("github", "GITHUB_ACTIONS", _github),
    ("gitlab", "GITLAB_CI", _gitlab),
    ("circleci", "CIRCLECI", _circleci),
    ("buildkite", "BUILDKITE", _buildkite),
    ("azure", "TF_BUILD", _azure),
    ("bitbucket", "BITBUCKET_BUILD_NUMBER", _bitbucket),
    ("jenkins", "JENKINS_URL", _jenkins),
)


def ci_metadata(env: Mapping[str, str]) -> dict[str, Any]:
    """``{commit, branch, pr_number, job_url, ci_system}`` with only what is known (empty values left out)."""
    found: dict[str, Any] = {}
    system = ""
    for name, marker, reader in SYSTEMS:
        if env.get(marker, "").strip().lower() not in ("", "false", "0"):
            system, found = name, reader(env)
            break
    if not system and env.get("CI", "").strip().lower() not in ("", "false", "0"):
        system = "other"
    overrides = {
        "commit": env.get("TRUSTGATE_COMMIT", ""),
        "branch": env.get("TRUSTGATE_BRANCH", ""),
        "pr_number": _number(env.get("TRUSTGATE_PR_NUMBER")),
        "job_url": env.get("TRUSTGATE_JOB_URL", ""),
    }
    meta = {**found, **{key: value for key, value in overrides.items() if value}}
    if system:
        meta["ci_system"] = system
    return {key: value for key, value in meta.items() if value not in (None, "")}
