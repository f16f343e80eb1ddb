"""``trustgate run``: plan, launch, wait and gate, as the bash step does (docs/ci.md): the same settings, the same
messages and the same exit codes, plus 4 when the step is stopped while waiting (its run is cancelled)."""

from __future__ import annotations

import os
import secrets
import signal
import sys
import time
from collections.abc import Mapping
from typing import Any

from trustgate_cli.cienv import ci_metadata
from trustgate_cli.http import Answer, Api
from trustgate_cli.text import (
    EXIT_ERROR,
    EXIT_FAIL,
    EXIT_INTERRUPTED,
    EXIT_NOT_GATED,
    EXIT_PASS,
    Stop,
    annotate,
    line,
    one_line,
    say,
)

# Settings read from the environment, as the bash step reads them: (variable, body field, kind).
SETTINGS = (
    ("TRUSTGATE_ENDPOINT_URL", "endpoint_url", "text"),
    ("TRUSTGATE_COMPARE_WITH_ENDPOINT", "compare_with_endpoint", "text"),
    ("TRUSTGATE_RUNS_PER_SCENARIO", "runs_per_scenario", "number"),
    ("TRUSTGATE_PARALLEL", "parallel", "number"),
    ("TRUSTGATE_REDTEAM_DEPTH", "redteam_depth", "depth"),
    ("TRUSTGATE_JUDGE_MODEL", "judge_model", "text"),
    ("TRUSTGATE_JUDGE_STRICTNESS", "judge_strictness", "text"),
    ("TRUSTGATE_ALLOWED_CONTACTS", "allowed_contacts", "list"),
    ("TRUSTGATE_MIN_TRUST_SCORE", "min_trust_score", "number"),
    ("TRUSTGATE_MAX_BREACHES", "max_breaches", "number"),
    ("TRUSTGATE_MIN_COVERAGE", "min_coverage", "number"),
)
TRUE = ("1", "true", "yes", "on")


class Interrupted(Exception):
    """SIGTERM or SIGINT arrived (the CI job was cancelled or timed out)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class _Signals:
    """While the launch is in flight a signal is only noted (its answer may be a run that must then be cancelled);
    once the run id is known, a signal stops the wait at once."""

    def __init__(self) -> None:
        self.received: int | None = None
        self.waiting = False

    def __call__(self, signum: int, frame: Any) -> None:
        self.received = signum
        if self.waiting:
            raise Interrupted(signum)

    def check(self) -> None:
        if self.received is not None:
            raise Interrupted(self.received)


def _number(text: str) -> Any:
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return text  # the server names the bad value


def launch_body(suite: str, env: Mapping[str, str], *, dry_run: bool) -> dict[str, Any]:
    body: dict[str, Any] = {
        "suite": _number(suite),
        "dry_run": dry_run,
        "fail_on_no_baseline": env.get("TRUSTGATE_FAIL_ON_NO_BASELINE", "").strip().lower() in TRUE,
    }
    for variable, name, kind in SETTINGS:
        value = env.get(variable, "").strip()
        if not value:
            continue
        if kind == "number":
            body[name] = _number(value)
        elif kind == "depth":
            body[name] = "" if value.lower() == "none" else value
        elif kind == "list":
            body[name] = [part.strip() for part in value.split(",") if part.strip()]
        else:
            body[name] = value
    body.update(ci_metadata(env))
    if env.get("AGENT_API_KEY"):
        body["api_key"] = env["AGENT_API_KEY"]  # sent for this run only; never printed
    return body


def _refused(answer: Answer, api: Api) -> Stop:
    if answer.status == 0:
        return Stop(EXIT_ERROR, f"No answer from {api.base_url}: {answer.error}")
    if answer.status == 401:
        return Stop(EXIT_ERROR, f"The API key was refused (HTTP 401): {answer.detail()}")
    return Stop(EXIT_ERROR, f"Could not start the run (HTTP {answer.status}): {answer.detail()}")


def _not_gated(message: str) -> Stop:
    say(f"Verdict: FAIL (not launched): {message}")
    annotate("error", f"Not launched: {message}")
    return Stop(EXIT_NOT_GATED, said=f"Not launched: {message}")


def plan(api: Api, suite: str, env: Mapping[str, str]) -> dict[str, Any]:
    """The dry run: the settings the run will use and whether the gate can compare it; nothing launched."""
    answer = api.call("POST", "aiagent/runs", launch_body(suite, env, dry_run=True))
    if answer.status == 400 and isinstance(answer.data, dict):
        for field in ("fail_on_no_baseline", "compare_with_endpoint"):
            if field in answer.data:
                value = answer.data[field]
                raise _not_gated(" ".join(map(str, value)) if isinstance(value, list) else str(value))
    if answer.status != 200 or not isinstance(answer.data, dict):
        raise _refused(answer, api)
    data = answer.data
    settings = data.get("settings") or {}
    source = {"baseline": f"baseline run #{data.get('baseline_run_id')}", "profile": "the suite run profile"}
    say(
        f"Settings: {settings.get('runs_per_scenario')} runs per scenario, {settings.get('parallel')} in parallel, "
        f"red team {settings.get('redteam_depth') or 'none'}, judge {settings.get('judge_model') or 'as the agent'} "
        f"({settings.get('judge_strictness') or 'as the agent'}); unset ones from "
        f"{source.get(data.get('defaults_from', ''), 'the defaults')}."
    )
    for warning in data.get("warnings") or []:
        line(f"  ! warning: {warning}")
    if data.get("comparable") is False:
        if env.get("TRUSTGATE_ALLOW_NOT_COMPARABLE", "").strip().lower() in TRUE:
            say("Launching anyway (TRUSTGATE_ALLOW_NOT_COMPARABLE).")
        else:
            raise _not_gated(
                "the run would not be comparable with the pinned baseline (each warning above says why and what to "
                "do). TRUSTGATE_ALLOW_NOT_COMPARABLE=true launches it anyway."
            )
    return data


def _retry_after(answer: Answer, default: float) -> float:
    value = answer.header("Retry-After").strip()
    return float(value) if value.isdigit() else default


def launch(api: Api, suite: str, env: Mapping[str, str], *, deadline: float, signals: _Signals) -> dict[str, Any]:
    """Start the run with one launch key: an answer lost (none, 502-504) is sent again with it, and the server
    answers the run it started instead of starting (and charging) another; a full workspace (429) is waited out."""
    key = f"trustgate-cli-{secrets.token_hex(16)}"
    lost = 0
    while True:
        answer = api.call(
            "POST", "aiagent/runs", launch_body(suite, env, dry_run=False), headers={"Idempotency-Key": key}
        )
        if answer.status == 202 and isinstance(answer.data, dict) and answer.data.get("id"):
            return answer.data
        signals.check()  # no run was started: nothing to cancel
        if answer.status == 429:
            wait = _retry_after(answer, 30)
            if time.monotonic() + wait > deadline:
                raise Stop(EXIT_ERROR, answer.detail())
            say(f"{answer.detail()} Retrying in {wait:.0f}s.")
            time.sleep(wait)
        elif answer.status in (0, 502, 503, 504):
            lost += 1
            why = answer.error if answer.status == 0 else f"HTTP {answer.status}"
            if lost > 3:
                raise Stop(EXIT_ERROR, f"No answer from {api.base_url}: {why}")
            say(
                f"The launch got no answer ({why}); sending it again with the same launch key, so it starts one run at most."
            )
            time.sleep(lost * 2)
        else:
            raise _refused(answer, api)


def _progress(data: dict[str, Any]) -> str:
    p = data.get("progress") or {}
    return (
        f"{data.get('status')}: {p.get('done')} of {p.get('total')} conversations done ({p.get('passed')} passed, "
        f"{p.get('failed')} failed, {p.get('errors')} errors)"
    )


def wait(api: Api, run_id: int, report_url: str, *, deadline: float, live: bool) -> dict[str, Any]:
    """Poll with backoff (2 s doubling to 30 s) until the verdict is no longer pending. ``live``: one line
    rewritten in place (a terminal); else a plain line each time the progress changes."""
    delay, failures, last = 2.0, 0, ""
    while True:
        answer = api.call("GET", f"aiagent/runs/{run_id}")
        if answer.status == 200 and isinstance(answer.data, dict):
            failures = 0
            if answer.data.get("verdict") != "pending":
                if live and last:
                    sys.stdout.write("\n")
                return answer.data
            text = _progress(answer.data)
            if live:
                sys.stdout.write(f"\r\033[Ktrustgate: {one_line(text)}")
                sys.stdout.flush()
            elif text != last:
                say(text)
            last = text
        elif answer.status in (0, 429, 502, 503, 504):
            failures += 1
            if failures > 10:
                raise Stop(
                    EXIT_ERROR,
                    f"Lost contact with {api.base_url} while following run #{run_id} (HTTP {answer.status}). "
                    f"Report: {report_url}",
                )
            if answer.status in (429, 503):
                delay = _retry_after(answer, delay)
        else:
            raise Stop(EXIT_ERROR, f"Could not read run #{run_id} (HTTP {answer.status}): {answer.detail()}")
        if time.monotonic() > deadline:
            raise Stop(EXIT_ERROR, f"No verdict in time; run #{run_id} goes on. Report: {report_url}")
        time.sleep(delay)
        delay = min(delay * 2, 30.0)


def cancel_on_interrupt(api: Api, run_id: int, signum: int) -> None:
    """The job was stopped while its run goes on: cancel it, so it is not left running (and charged) unread."""
    name = signal.Signals(signum).name
    answer = api.call("POST", f"aiagent/runs/{run_id}/cancel", {})
    if answer.status == 200:
        say(f"Interrupted ({name}): run #{run_id} was cancelled.", err=True)
    else:
        why = f"({answer.error})" if answer.status == 0 else f"(HTTP {answer.status}): {answer.detail()}"
        say(f"Interrupted ({name}): could not cancel run #{run_id} {why}", err=True)
    annotate("error", f"Interrupted ({name}): run #{run_id} cancelled.")


def print_verdict(data: dict[str, Any]) -> None:
    run_id, verdict = data.get("id"), str(data.get("verdict"))
    score = data.get("trust_score_text") or (
        "none" if data.get("trust_score") is None else f"{round(data['trust_score'], 1)} / 100"
    )
    say(f"Verdict: {verdict.upper()} (trust score {score}) for run #{run_id}")
    for reason in data.get("reasons") or []:
        line(f"  - {reason}")
    current = (data.get("current_verdict") or {}).get("label")
    if current:
        line(f"  ! {current}")
    for warning in data.get("warnings") or []:
        line(f"  ! warning: {warning}")
    for scenario in data.get("scenarios") or []:
        if scenario.get("status") == "fail":
            scored = scenario.get("runs_passed", 0) + scenario.get("runs_failed", 0)
            line(f"  x {scenario.get('name')}: {scenario.get('runs_failed')} of {scored} scored runs failed")
    say(f"Report: {(data.get('links') or {}).get('report_url', '')}")
    for warning in data.get("warnings") or []:
        annotate("warning", warning)
    if verdict != "pass":
        for reason in data.get("reasons") or []:
            annotate("error", reason)


def exit_code_of(data: dict[str, Any]) -> int:
    code = data.get("exit_code")
    if code in (EXIT_PASS, EXIT_FAIL, EXIT_NOT_GATED, EXIT_ERROR):
        return int(code)
    return {"pass": EXIT_PASS, "fail": EXIT_FAIL}.get(str(data.get("verdict")), EXIT_ERROR)


def run_gate(api: Api, suite: str, *, env: Mapping[str, str] | None = None, timeout: float = 3600) -> dict[str, Any]:
    """Plan, launch and wait; returns the final status. Raises Stop for every way it ends early."""
    env = os.environ if env is None else env
    deadline = time.monotonic() + timeout
    plan(api, suite, env)
    signals = _Signals()
    previous = {sig: signal.signal(sig, signals) for sig in (signal.SIGTERM, signal.SIGINT)}
    run_id = None
    try:
        launched = launch(api, suite, env, deadline=deadline, signals=signals)
        run_id = int(launched["id"])
        signals.waiting = True
        signals.check()
        report_url = (launched.get("links") or {}).get("report_url") or launched.get("report_url", "")
        name = env.get("TRUSTGATE_SUITE_NAME", "")
        say(f"Run #{run_id} started for suite {suite}{f' ({name})' if name else ''}. Report: {report_url}")
        live = sys.stdout.isatty() and not env.get("CI")
        return wait(api, run_id, report_url, deadline=deadline, live=live)
    except Interrupted as stop:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        if run_id is not None:
            cancel_on_interrupt(api, run_id, stop.signum)
        else:
            say(f"Interrupted ({signal.Signals(stop.signum).name}) before the run was started.", err=True)
        raise Stop(EXIT_INTERRUPTED) from None
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
