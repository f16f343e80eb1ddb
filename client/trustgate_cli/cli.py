"""The ``trustgate`` command: run, status, cancel, list, pin, suites, report (docs/ci.md).

Reads ``TRUSTGATE_URL`` and ``TRUSTGATE_API_KEY`` from the environment (the key never from an argument, so it stays
off command lines and out of shell history)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any
from urllib.parse import urlencode

from trustgate_cli import __version__, github
from trustgate_cli.gate import exit_code_of, print_verdict, run_gate
from trustgate_cli.http import Answer, Api
from trustgate_cli.markdown import run_markdown
from trustgate_cli.text import EXIT_ERROR, EXIT_PASS, Stop, annotate, line, say

REPORTS = {"json": "report.json", "junit": "report.junit.xml", "sarif": "report.sarif"}


def _api() -> Api:
    url = os.environ.get("TRUSTGATE_URL", "").strip()
    key = os.environ.get("TRUSTGATE_API_KEY", "").strip()
    if not url:
        raise Stop(EXIT_ERROR, "Set TRUSTGATE_URL to the Trustgate instance, e.g. https://trustgate.example.com.")
    if not url.startswith(("http://", "https://")):
        raise Stop(EXIT_ERROR, f"TRUSTGATE_URL must start with http:// or https://, not {url!r}.")
    if not key:
        raise Stop(
            EXIT_ERROR, f"Set TRUSTGATE_API_KEY (a CI secret) to a personal API key from {url}/profile/api-keys/."
        )
    return Api(url, key)


def _ok(answer: Answer, what: str, *statuses: int) -> Any:
    if answer.status in (statuses or (200,)):
        return answer.data
    if answer.status == 0:
        raise Stop(EXIT_ERROR, f"Could not {what}: {answer.error}")
    raise Stop(EXIT_ERROR, f"Could not {what} (HTTP {answer.status}): {answer.detail()}")


def _status(api: Api, run_id: int) -> dict[str, Any]:
    return _ok(api.call("GET", f"aiagent/runs/{run_id}"), f"read run #{run_id}")


def _dump(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


# ---------------------------------------------------------------------------------------------- commands


def cmd_run(args: argparse.Namespace) -> int:
    suite = args.suite or os.environ.get("TRUSTGATE_SUITE_ID", "")
    if not suite:
        raise Stop(EXIT_ERROR, "Name the suite: trustgate run --suite <id> (or set TRUSTGATE_SUITE_ID).")
    api = _api()
    timeout = args.timeout if args.timeout is not None else os.environ.get("TRUSTGATE_TIMEOUT", "3600")
    if not str(timeout).isdigit():
        raise Stop(EXIT_ERROR, "TRUSTGATE_TIMEOUT must be a whole number of seconds.")
    try:
        data = run_gate(api, str(suite), timeout=float(timeout))
    except Stop as stop:  # no verdict: the summary and the outputs still say what happened
        if args.summary:
            github.write_stopped_summary(args.summary, stop.said, code=stop.code)
        if args.github_output:
            github.write_outputs(args.github_output, {"verdict": "fail" if stop.code == 2 else "error"}, stop.code)
        raise
    print_verdict(data)
    code = exit_code_of(data)
    report_dir = args.report_dir or os.environ.get("TRUSTGATE_REPORT_DIR", "")
    if report_dir:
        _save_reports(api, data, report_dir)
    if args.summary:
        github.write_summary(args.summary, data)
    if args.github_output:
        github.write_outputs(args.github_output, data, code)
    if args.github_comment:
        said = github.comment(data)
        say(said)
        if said.startswith("Could not"):
            annotate("warning", said)
    return code


def _save_reports(api: Api, data: dict[str, Any], folder: str) -> None:
    os.makedirs(folder, exist_ok=True)
    run_id = data["id"]
    with open(os.path.join(folder, f"trustgate-run-{run_id}.status.json"), "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=2, ensure_ascii=False)
    for kind, suffix in (("junit", "junit.xml"), ("sarif", "sarif")):
        answer = api.call("GET", f"aiagent/runs/{run_id}/{REPORTS[kind]}{_sarif_query(kind)}", raw=True)
        if answer.status != 200:
            say(f"Could not download the {kind} report (HTTP {answer.status}).")
            continue
        with open(os.path.join(folder, f"trustgate-run-{run_id}.{suffix}"), "w", encoding="utf-8") as handle:
            handle.write(answer.text)
    say(f"Reports saved in {folder}/")


def _sarif_query(kind: str, suite_path: str | None = None) -> str:
    """SARIF locations relative to the repository: the suite's YAML path (``TRUSTGATE_SUITE_PATH``), if given."""
    path = suite_path if suite_path is not None else os.environ.get("TRUSTGATE_SUITE_PATH", "")
    return f"?{urlencode({'suite_path': path})}" if kind == "sarif" and path else ""


def cmd_status(args: argparse.Namespace) -> int:
    data = _status(_api(), args.run)
    if args.json:
        _dump(data)
        return EXIT_PASS
    if data.get("verdict") == "pending":
        p = data.get("progress") or {}
        say(f"Run #{data.get('id')} is {data.get('status')}: {p.get('done')} of {p.get('total')} conversations done.")
        return EXIT_PASS
    print_verdict(data)
    return exit_code_of(data)


def cmd_cancel(args: argparse.Namespace) -> int:
    data = _ok(_api().call("POST", f"aiagent/runs/{args.run}/cancel", {}), f"cancel run #{args.run}")
    say(f"Run #{args.run} is {data.get('status', 'cancelled')}.")
    return EXIT_PASS


def cmd_pin(args: argparse.Namespace) -> int:
    body = {"note": args.note} if args.note else {}
    _ok(_api().call("POST", f"aiagent/runs/{args.run}/pin", body), f"pin run #{args.run}")
    say(f"Run #{args.run} is now the pinned baseline of its suite and endpoint.")
    return EXIT_PASS


def cmd_list(args: argparse.Namespace) -> int:
    filters = {
        "suite": args.suite,
        "endpoint": args.endpoint,
        "state": args.state,
        "source": args.source,
        "commit": args.commit,
        "branch": args.branch,
        "pr_number": args.pr,
    }
    query = urlencode({k: v for k, v in filters.items() if v not in (None, "")})
    data = _ok(_api().call("GET", "aiagent/runs" + (f"?{query}" if query else "")), "list the runs")
    if args.json:
        _dump(data)
        return EXIT_PASS
    results = data.get("results") or []
    line(
        f"{data.get('count', len(results))} runs"
        + (" (newest first; more with --json and next)" if data.get("next") else "")
    )
    for run in results:
        ci = run.get("ci") or {}
        where = " ".join(
            part
            for part in (
                f"PR #{ci['pr_number']}" if ci.get("pr_number") else "",
                ci.get("branch") or "",
                (ci.get("commit") or "")[:12],
            )
            if part
        )
        suite = run.get("suite") or {}
        suite_text = suite.get("name", suite) if isinstance(suite, dict) else suite
        line(
            f"#{run.get('id')}  {run.get('state', run.get('status', ''))}  {run.get('verdict', '')}  {suite_text}  {where}".rstrip()
        )
    return EXIT_PASS


def cmd_suites(args: argparse.Namespace) -> int:
    data = _ok(_api().call("GET", "aiagent/suites"), "list the suites")
    if args.json:
        _dump(data)
        return EXIT_PASS
    for suite in data.get("suites") or []:
        agent = (suite.get("agent") or {}).get("name") or "no agent"
        pinned = "baseline pinned" if suite.get("baseline_pinned") else "no baseline"
        line(
            f"#{suite.get('id')}  {suite.get('name')} (v{suite.get('version')}, {suite.get('scenarios')} scenarios)  {agent}  {pinned}"
        )
    return EXIT_PASS


def cmd_report(args: argparse.Namespace) -> int:
    api = _api()
    if args.format == "markdown":
        text = run_markdown(_status(api, args.run))
    else:
        query = _sarif_query(args.format, args.suite_path)
        answer = api.call("GET", f"aiagent/runs/{args.run}/{REPORTS[args.format]}{query}", raw=True)
        _ok(answer, f"download the {args.format} report of run #{args.run}")
        text = answer.text
    if args.output:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(text)
        say(f"Saved the {args.format} report of run #{args.run} in {args.output}.")
    else:
        sys.stdout.write(text)
    return EXIT_PASS


# ---------------------------------------------------------------------------------------------- arguments


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="trustgate",
        description="Trustgate's CI client. Environment: TRUSTGATE_URL, TRUSTGATE_API_KEY (docs/ci.md).",
        epilog="Exit codes: 0 pass; 1 blocked or a threshold failed; 2 not gated (not comparable, no baseline); "
        "3 bad request or error; 4 interrupted (the run was cancelled).",
    )
    top.add_argument("--version", action="version", version=f"trustgate-cli {__version__}")
    sub = top.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="start a run of a saved suite, wait for the verdict and exit on it")
    run.add_argument("--suite", help="the saved suite's id (default: TRUSTGATE_SUITE_ID)")
    run.add_argument("--timeout", type=int, help="seconds to wait for the verdict (default: TRUSTGATE_TIMEOUT or 3600)")
    run.add_argument(
        "--report-dir", help="save the status JSON, JUnit XML and SARIF here (default: TRUSTGATE_REPORT_DIR)"
    )
    run.add_argument("--summary", metavar="FILE", help="append the verdict as Markdown (e.g. $GITHUB_STEP_SUMMARY)")
    run.add_argument(
        "--github-output", metavar="FILE", help="append verdict, run-id, report-url, exit-code (GitHub outputs)"
    )
    run.add_argument(
        "--github-comment", action="store_true", help="create or update one pull-request comment (GITHUB_TOKEN)"
    )
    run.set_defaults(func=cmd_run)

    for name, func, help_text in (
        ("status", cmd_status, "a run's status and verdict (exit code as for run once finished)"),
        ("cancel", cmd_cancel, "cancel a queued or running run"),
        ("pin", cmd_pin, "pin a finished run as the baseline of its suite and endpoint (publish scope)"),
    ):
        command = sub.add_parser(name, help=help_text)
        command.add_argument("run", type=int)
        command.set_defaults(func=func)
        if name == "status":
            command.add_argument("--json", action="store_true")
        if name == "pin":
            command.add_argument("--note", default="")

    listing = sub.add_parser("list", help="the workspace's runs, newest first")
    for option in ("suite", "endpoint", "state", "source", "commit", "branch"):
        listing.add_argument(f"--{option}")
    listing.add_argument("--pr", type=int, help="pull-request number")
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(func=cmd_list)

    suites = sub.add_parser("suites", help="the workspace's saved suites")
    suites.add_argument("--json", action="store_true")
    suites.set_defaults(func=cmd_suites)

    report = sub.add_parser("report", help="a run's report")
    report.add_argument("run", type=int)
    report.add_argument("--format", choices=["json", "junit", "sarif", "markdown"], default="json")
    report.add_argument("-o", "--output", help="write to this file instead of standard output")
    report.add_argument("--suite-path", help="SARIF: the suite's YAML path in the repository (TRUSTGATE_SUITE_PATH)")
    report.set_defaults(func=cmd_report)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return int(args.func(args))
    except Stop as stop:
        if stop.message:
            say(f"ERROR: {stop.message}", err=True)
            annotate("error", stop.message)
        return stop.code
    except KeyboardInterrupt:
        return 130
