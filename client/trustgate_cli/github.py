"""GitHub Actions: step outputs, the job summary, and ONE pull-request comment per suite, found again by a hidden
marker and updated on the next run (REST API: ``GET``/``POST /repos/{owner}/{repo}/issues/{n}/comments``,
``PATCH /repos/{owner}/{repo}/issues/comments/{id}``) (docs/ci.md)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from trustgate_cli.cienv import github_pr_number
from trustgate_cli.http import request
from trustgate_cli.markdown import md, run_markdown
from trustgate_cli.text import one_line


def marker(suite_id: Any) -> str:
    return f"<!-- trustgate-gate suite={int(suite_id)} -->"


def write_outputs(path: str, data: dict[str, Any], code: int) -> None:
    values = {
        "verdict": data.get("verdict", ""),
        "run-id": data.get("id", ""),
        "report-url": (data.get("links") or {}).get("report_url", ""),
        "exit-code": code,
    }
    with open(path, "a", encoding="utf-8") as handle:
        for name, value in values.items():
            handle.write(f"{name}={one_line(value)}\n")


def write_summary(path: str, data: dict[str, Any]) -> None:
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(run_markdown(data) + "\n")


def write_stopped_summary(path: str, said: str, *, code: int) -> None:
    title = {2: "NOT GATED", 4: "INTERRUPTED"}.get(code, "ERROR")
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(f"### ❌ Trustgate: {title} (exit {code})\n\n{md(said)}\n\n")


def comment(data: dict[str, Any], env: Mapping[str, str] | None = None) -> str:
    """Create or update the pull request's Trustgate comment for the suite; returns a sentence saying what was done
    (or why nothing was). Never raises: a comment that could not be written does not change the verdict."""
    env = os.environ if env is None else env
    token = env.get("GITHUB_TOKEN", "")
    repo = env.get("GITHUB_REPOSITORY", "")
    number = github_pr_number(env)
    if not token:
        return "No pull-request comment: GITHUB_TOKEN is not set."
    if not repo or "/" not in repo:
        return "No pull-request comment: GITHUB_REPOSITORY is not set."
    if number is None:
        return "No pull-request comment: this run is not for a pull request."
    base = env.get("GITHUB_API_URL", "https://api.github.com").rstrip("/")
    owner, name = (quote(part, safe="") for part in repo.split("/", 1))
    headers = {
        "Authorization": f"Bearer {token}",
        "Accept": "application/vnd.github+json",
        "X-GitHub-Api-Version": "2022-11-28",
    }
    tag = marker((data.get("suite") or {}).get("id", 0))
    body = {"body": run_markdown(data, marker=tag)}
    found = None
    for page in range(1, 11):  # 1,000 comments at most
        url = f"{base}/repos/{owner}/{name}/issues/{number}/comments?per_page=100&page={page}"
        answer = request("GET", url, headers=headers, timeout=30)
        if answer.status != 200 or not isinstance(answer.data, list):
            return f"Could not read the comments of pull request #{number} (HTTP {answer.status}): {answer.detail()}"
        found = next((c for c in answer.data if isinstance(c, dict) and tag in str(c.get("body", ""))), None)
        if found is not None or len(answer.data) < 100:
            break
    if found is not None:
        url = f"{base}/repos/{owner}/{name}/issues/comments/{int(found['id'])}"
        answer = request("PATCH", url, headers=headers, body=body, timeout=30)
        done = f"Updated the Trustgate comment on pull request #{number}."
    else:
        url = f"{base}/repos/{owner}/{name}/issues/{number}/comments"
        answer = request("POST", url, headers=headers, body=body, timeout=30)
        done = f"Commented on pull request #{number}."
    if answer.status not in (200, 201):
        return f"Could not write the comment on pull request #{number} (HTTP {answer.status}): {answer.detail()}"
    return done
