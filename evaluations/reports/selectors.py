"""Reads for the dashboard. Every read is scoped by the user's accounts: another account's object is a 404."""

from __future__ import annotations

from typing import Any

from billing.selectors import account_list_for_user, balance_for_account
from evalsite.http import AnyUser as User
from evaluations.agents.selectors import agent_list_for_user
from evaluations.gate.selectors import baseline_is_pinned_for_suite
from evaluations.gate.services import run_gate
from evaluations.monitors.selectors import monitors_for_dashboard
from evaluations.runs.choices import ACTIVE_STATUSES
from evaluations.runs.selectors import run_list_by_ids, run_list_for_user, runs_scored_for_user
from suites.selectors import suite_list_for_user


def recent_runs_for_user(*, user: User) -> dict[str, Any]:
    """The dashboard's recent runs and how many are still running (the partial polls while any are)."""
    return {
        "runs": run_list_for_user(user=user)[:10],
        "active_runs": run_list_for_user(user=user).filter(status__in=ACTIVE_STATUSES).count(),
    }


def dashboard_for_user(*, user: User) -> dict[str, Any]:
    """Agents with their latest finished trust score and recent trend, suites, and recent or running runs."""
    agents = list(agent_list_for_user(user=user))
    finished = runs_scored_for_user(user=user).values("agent_id", "trust_score", "pk")[:500]
    trends: dict[int, list[float]] = {}
    for row in finished:
        score = row["trust_score"]
        assert score is not None  # runs_scored_for_user: every run has a trust score
        trends.setdefault(row["agent_id"], []).append(score)
    latest_ids: dict[int, int] = {}
    for row in finished:
        latest_ids.setdefault(row["agent_id"], row["pk"])
    latest_runs = {run.agent_id: run for run in run_list_by_ids(run_ids=latest_ids.values())}
    for agent in agents:
        scores = list(reversed(trends.get(agent.pk, [])[:12]))
        agent.latest_trust_score = scores[-1] if scores else None  # type: ignore[attr-defined]
        agent.trend = scores  # type: ignore[attr-defined]
        latest = latest_runs.get(agent.pk)
        # The gate of the agent's latest finished run, against the baseline pinned now.
        agent.gate = run_gate(run=latest) if latest is not None else None  # type: ignore[attr-defined]
    runs = recent_runs_for_user(user=user)
    return {
        "agents": agents,
        "suites": suite_list_for_user(user=user).annotate(baseline_pinned=baseline_is_pinned_for_suite()),
        **runs,
        "monitors": monitors_for_dashboard(user=user),
        "credit_balances": [
            (account, balance_for_account(account_id=account.pk)) for account in account_list_for_user(user=user)
        ],
    }
