"""Reads for the report page and the dashboard. Every read is scoped by the user's accounts: another account's
object is a 404."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from billing.roles import Role
from billing.selectors import account_list_for_user, balance_for_account, membership_get
from evalsite.http import AnyUser as User
from evaluations.agents.selectors import agent_list_for_user
from evaluations.gate.changes import run_changes
from evaluations.gate.records import VerdictHistory, listed_verdicts_for_runs
from evaluations.gate.rules import ChangeSet
from evaluations.gate.selectors import (
    baseline_for_run,
    baseline_is_pinned_for_suite,
    drift_context,
    run_gates,
    trust_trends,
)
from evaluations.gate.services import verdict_history_for_page
from evaluations.monitors.selectors import monitors_for_dashboard
from evaluations.reports.builders import flaky_drift
from evaluations.reports.builders.changes import change_links, rows_with_changes
from evaluations.reports.builders.conversations import scenario_conversations
from evaluations.reports.builders.flaky import DRIFT_LIST_CONTEXT, newly_flaky_first
from evaluations.reports.builders.page import report_page, scenario_list, scenario_spec
from evaluations.reports.builders.results import run_results
from evaluations.reports.builders.rows import RunRow, run_row
from evaluations.reports.builders.side_by_side import side_by_side
from evaluations.reports.builders.triage import TriageState, scenario_triage
from evaluations.reports.builders.verdict import verdict_header
from evaluations.review.selectors import calibration_warning_for_run
from evaluations.runs.choices import ACTIVE_STATUSES, RunStatus
from evaluations.runs.selectors import (
    attempt_outcomes_for_run,
    attempts_for_scenario,
    run_get_for_user,
    run_list_by_ids,
    run_list_for_user,
    run_progress,
    runs_for_user,
)
from suites.selectors import suite_list_for_user

if TYPE_CHECKING:
    from evaluations.core.specs import ScenarioSpec
    from evaluations.gate.models import Baseline
    from evaluations.runs.models import EvaluationRun


# ---------------------------------------------------------------------------------------------- the report page


@dataclasses.dataclass(frozen=True)
class RunReport:
    """What the report page shows (docs/runs.md), under the names its template reads (``context``)."""

    run: EvaluationRun
    report: dict[str, Any]  # the figures and one light row per scenario (``builders.page.report_page``)
    triage: dict[str, Any]  # the rows the filters, search, sort and page leave (``builders.triage``)
    verdict_header: dict[str, Any]
    progress: dict[str, Any] | None = None  # while the run is active
    drift: dict[str, Any] | None = None  # once it has finished: the gate against its baseline (``drift_context``)
    drift_flaky: list[dict[str, Any]] | None = None  # scenarios flaky now or in the baseline, newly flaky first
    can_publish: bool = False  # the user may pin the run as the baseline
    calibration_warning: str | None = None
    verdict_record: VerdictHistory | None = None  # the gate at finish beside the gate now (docs/gate.md)

    def context(self) -> dict[str, Any]:
        fields = {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}
        return {**fields, **DRIFT_LIST_CONTEXT}


def run_report_get(*, user: User, run_id: int, triage: TriageState) -> RunReport:
    """The report page of one of the user's runs: its figures from the per-scenario aggregates (never its
    conversations), the scenario rows ``triage`` asks for, and while it runs its progress, once it has finished the
    drift section. A constant number of queries whatever the run's size."""
    run = run_get_for_user(user=user, run_id=run_id)
    report = report_page(run)
    if run.is_active:
        header = verdict_header(run=run, report=report, drift=None)
        return RunReport(
            run, report, scenario_triage(report["scenarios"], triage), header, progress=run_progress(run=run)
        )
    drift = drift_context(run=run)
    changes = _changes(run, drift["baseline"])
    rows_with_changes(report["scenarios"], changes)
    header = {**verdict_header(run=run, report=report, drift=drift), "changes": change_links(changes, run_id=run.pk)}
    return RunReport(
        run,
        report,
        scenario_triage(report["scenarios"], triage),
        header,
        drift=drift,
        drift_flaky=newly_flaky_first(flaky_drift(run=run, report=report, baseline=drift["baseline"])),
        can_publish=membership_get(user=user, account_id=run.account_id).allows(Role.PUBLISH),
        calibration_warning=None if run.is_rules_only else calibration_warning_for_run(run=run),
        verdict_record=verdict_history_for_page(run=run, gate_result=drift["gate"]),
    )


def run_report_scenarios_get(*, run: EvaluationRun, triage: TriageState) -> dict[str, Any]:
    """Only what the report's scenario results section reads, for its own refresh: ``run``, ``report`` (the rows
    and their counts) and ``triage``. ``run``: fetched for the user (``run_get_for_user``)."""
    report = scenario_list(run)
    if not run.is_active:
        rows_with_changes(report["scenarios"], _changes(run, baseline_for_run(run=run)))
    return {"run": run, "report": report, "triage": scenario_triage(report["scenarios"], triage)}


def run_scenario_get(*, run: EvaluationRun, spec: ScenarioSpec) -> dict[str, Any]:
    """One scenario's conversations (``run``: fetched for the user) and, when the run is compared with a baseline
    that holds the same scenario (matched by content), ``side_by_side``: the baseline's answers beside these
    (``builders.side_by_side``); None otherwise. Three queries more than the conversations alone at most: the pin,
    and the baseline's attempts of that scenario and their reviews."""
    attempts = list(attempts_for_scenario(run=run, scenario_key=spec.key))
    scenario = scenario_conversations(run, spec, attempts)
    context: dict[str, Any] = {"run": run, "scenario": scenario, "side_by_side": None, "change": None}
    baseline = None if run.is_active else baseline_for_run(run=run)
    changes = _changes(run, baseline) if baseline is not None else None
    change = changes.by_key().get(spec.key) if changes is not None else None
    base_spec = (
        scenario_spec(baseline.run, change.baseline_key) if baseline and change and change.baseline_key else None
    )
    if baseline is None or change is None or base_spec is None:
        return context
    base_attempts = attempts_for_scenario(run=baseline.run, scenario_key=base_spec.key)
    before = scenario_conversations(baseline.run, base_spec, base_attempts)
    context["change"] = change
    context["side_by_side"] = side_by_side(
        current=scenario["attempts"], baseline=before["attempts"], baseline_run_id=baseline.run_id
    )
    return context


def _changes(run: EvaluationRun, baseline: Baseline | None) -> ChangeSet | None:
    """Each scenario's change against the run's current baseline, as the header's gate now compares them."""
    return run_changes(run=run, baseline_run=baseline.run if baseline is not None else None)


def run_results_get(*, run: EvaluationRun) -> dict[str, Any]:
    """A finished run's results for the CI API (``builders.results``): its stored summary and one light query
    over its attempts (no conversation, review or credit entry), so the status of a run of 10,000 conversations
    takes the queries one of 10 does. ``run``: fetched for the API key's workspace."""
    return run_results(run, attempt_outcomes_for_run(run=run))


# ---------------------------------------------------------------------------------------------- the dashboard


def run_rows(*, run_ids: Iterable[int]) -> list[RunRow]:
    """The rows of a run list (``builders.rows``), in its order, whatever its length in the same queries: the
    runs' columns and the verdict records of the finished ones (the verdict at finish and the latest revision).
    Only a finished run with no record yet (one that ended before verdicts were recorded) is gated now, with the
    pins and the earlier runs' flaky scenarios (``run_gates``); a page read writes no record (docs/runs.md)."""
    ids = list(dict.fromkeys(run_ids))
    full = {run.pk: run for run in run_list_by_ids(run_ids=ids)} if ids else {}
    finished = [run for run in full.values() if run.status == RunStatus.SUCCEEDED]
    listed = listed_verdicts_for_runs(run_ids=[run.pk for run in finished]) if finished else {}
    records = {pk: record for pk, record in listed.items() if record.at_finish.gate.get("state")}
    unrecorded = [run for run in finished if run.pk not in records]
    gates = run_gates(runs=unrecorded) if unrecorded else {}
    return [run_row(full[pk], record=records.get(pk), gate=gates.get(pk)) for pk in ids if pk in full]


def recent_runs_for_user(*, user: User) -> dict[str, Any]:
    """The dashboard's recent runs, as rows, and how many are still running (the partial polls while any are)."""
    return {
        "rows": run_rows(run_ids=run_list_for_user(user=user).values_list("pk", flat=True)[:10]),
        "active_runs": run_list_for_user(user=user).filter(status__in=ACTIVE_STATUSES).count(),
    }


DASHBOARD_HISTORY = 500  # the latest runs the dashboard reads its agents' latest runs and trends from
TREND_POINTS = 12


def dashboard_for_user(*, user: User) -> dict[str, Any]:
    """Agents with their latest run (scored or not: a failed latest run shows as failed), its verdict and the trend
    of its suite and endpoint; suites, and recent or running runs; in a number of queries that does not grow with
    the agents."""
    agents = list(agent_list_for_user(user=user))
    history: list[dict[str, Any]] = [
        dict(row)
        for row in runs_for_user(user=user)
        .order_by("-created_at", "-pk")
        .values("agent_id", "pk", "status", "trust_score", "suite_id", "endpoint_url")[:DASHBOARD_HISTORY]
    ]
    latest: dict[int, dict[str, Any]] = {}
    for row in history:
        if row["agent_id"] is not None:
            latest.setdefault(row["agent_id"], row)
    trends: dict[int, list[float]] = {}
    for row in history:  # one line: the suite and endpoint of the agent's latest run
        last = latest.get(row["agent_id"])
        if last is None or row["trust_score"] is None or row["status"] != RunStatus.SUCCEEDED:
            continue
        if (row["suite_id"], row["endpoint_url"]) == (last["suite_id"], last["endpoint_url"]):
            trends.setdefault(row["agent_id"], []).append(row["trust_score"])
    recent = list(run_list_for_user(user=user).values_list("pk", flat=True)[:10])
    rows = {row.run.pk: row for row in run_rows(run_ids=[*recent, *(r["pk"] for r in latest.values())])}
    for agent in agents:
        last = latest.get(agent.pk)
        agent.latest = rows.get(last["pk"]) if last is not None else None  # type: ignore[attr-defined]
        agent.trend = list(reversed(trends.get(agent.pk, [])[:TREND_POINTS]))  # type: ignore[attr-defined]
    runs = {
        "rows": [rows[pk] for pk in recent if pk in rows],
        "active_runs": run_list_for_user(user=user).filter(status__in=ACTIVE_STATUSES).count(),
    }
    return {
        "agents": agents,
        "suites": suite_list_for_user(user=user).annotate(baseline_pinned=baseline_is_pinned_for_suite()),
        **runs,
        "monitors": monitors_for_dashboard(user=user),
        "credit_balances": [
            (account, balance_for_account(account_id=account.pk)) for account in account_list_for_user(user=user)
        ],
    }


# ---------------------------------------------------------------------------------------------- the agent page

AGENT_PAGE_RUNS = 10  # the agent page lists its latest runs; the run list (filtered by agent) has them all


def agent_runs_for_user(*, user: User, agent_id: int) -> dict[str, Any]:
    """What the agent page shows of its runs: the latest ones as rows (the first is the latest run, scored or not:
    a failed latest run shows as failed, not the previous pass) and the trust-score trend, one line per suite and
    endpoint. ``agent_id``: an agent fetched for the user."""
    ids = run_list_for_user(user=user).filter(agent_id=agent_id).values_list("pk", flat=True)[:AGENT_PAGE_RUNS]
    rows = run_rows(run_ids=ids)
    return {"rows": rows, "latest": rows[0] if rows else None, "trends": trust_trends(agent_id=agent_id)}
