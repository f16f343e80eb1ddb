"""Reads for the dashboard. Every read is scoped by the user's accounts: another account's object is a 404."""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, OuterRef

from evalsite.http import AnyUser as User
from evaluations.agents.selectors import agent_list_for_user
from evaluations.gate.models import Baseline
from evaluations.runs.models import ACTIVE_STATUSES, EvaluationRun, RunStatus
from evaluations.runs.selectors import run_list_for_user, runs_for_user


def recent_runs_for_user(*, user: User) -> dict[str, Any]:
    """The dashboard's recent runs and how many are still running (the partial polls while any are)."""
    return {
        "runs": run_list_for_user(user=user)[:10],
        "active_runs": run_list_for_user(user=user).filter(status__in=ACTIVE_STATUSES).count(),
    }


def dashboard_for_user(*, user: User) -> dict[str, Any]:
    """Agents with their latest finished trust score and recent trend, suites, and recent or running runs."""
    from evaluations.gate.services import run_gate
    from suites.selectors import suite_list_for_user

    agents = list(agent_list_for_user(user=user))
    finished = (
        runs_for_user(user=user)
        .filter(status=RunStatus.SUCCEEDED, trust_score__isnull=False)
        .order_by("-created_at", "-pk")
        .values("agent_id", "trust_score", "pk")[:500]
    )
    trends: dict[int, list[float]] = {}
    for row in finished:
        score = row["trust_score"]
        assert score is not None  # trust_score__isnull=False above
        trends.setdefault(row["agent_id"], []).append(score)
    latest_ids: dict[int, int] = {}
    for row in finished:
        latest_ids.setdefault(row["agent_id"], row["pk"])
    latest_runs = {run.agent_id: run for run in EvaluationRun.objects.filter(pk__in=latest_ids.values())}
    for agent in agents:
        scores = list(reversed(trends.get(agent.pk, [])[:12]))
        agent.latest_trust_score = scores[-1] if scores else None  # type: ignore[attr-defined]
        agent.trend = scores  # type: ignore[attr-defined]
        latest = latest_runs.get(agent.pk)
        # The gate of the agent's latest finished run, against the baseline pinned now.
        agent.gate = run_gate(run=latest) if latest is not None else None  # type: ignore[attr-defined]
    runs = recent_runs_for_user(user=user)
    from evaluations.monitors.selectors import monitors_for_dashboard

    return {
        "agents": agents,
        "suites": suite_list_for_user(user=user).annotate(
            baseline_pinned=Exists(Baseline.objects.filter(suite=OuterRef("pk"), is_current=True))
        ),
        **runs,
        "monitors": monitors_for_dashboard(user=user),
    }
