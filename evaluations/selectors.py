"""Reads for evaluations. Every read is scoped by the user's accounts: another account's object is a 404."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import models as auth_models
from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.http import Http404
from django.utils import timezone

from billing.selectors import account_ids_for_user
from evaluations.models import ACTIVE_STATUSES, Agent, Attempt, Baseline, EvaluationRun, RunStage, RunStatus, Verdict

User = auth_models.User | auth_models.AnonymousUser


def agent_list_for_user(*, user: User) -> QuerySet[Agent]:
    return Agent.objects.filter(account_id__in=account_ids_for_user(user=user)).select_related("account")


def agent_get_for_user(*, user: User, agent_id: int) -> Agent:
    agent = agent_list_for_user(user=user).filter(pk=agent_id).first()
    if agent is None:
        raise Http404("No such agent.")
    return agent


def run_progress(*, run: EvaluationRun) -> dict[str, Any]:
    """Counts for the progress stepper: one aggregate query."""
    counts = Attempt.objects.filter(run=run).aggregate(
        done=Count("pk"),
        passed=Count("pk", filter=Q(verdict=Verdict.PASS)),
        failed=Count("pk", filter=Q(verdict=Verdict.FAIL)),
        not_scored=Count("pk", filter=Q(verdict=Verdict.NOT_SCORED)),
        errors=Count("pk", filter=Q(verdict=Verdict.ERROR)),
    )
    order = [RunStage.CONNECT, RunStage.GENERATE, RunStage.EXECUTE, RunStage.JUDGE, RunStage.SCORE]
    current = order.index(RunStage(run.stage)) if run.stage in order else len(order)
    steps = [
        {"label": stage.label, "state": "done" if i < current else ("current" if i == current else "todo")}
        for i, stage in enumerate(order)
    ]
    start = run.started_at or run.created_at
    end = run.finished_at or timezone.now()
    return {**counts, "total": run.total_attempts, "steps": steps, "elapsed_s": int((end - start).total_seconds())}


def _runs_for_user(*, user: User) -> QuerySet[EvaluationRun]:
    return EvaluationRun.objects.filter(account_id__in=account_ids_for_user(user=user))


def run_list_for_user(*, user: User) -> QuerySet[EvaluationRun]:
    """The user's runs, newest first, without the heavy snapshot columns (a list never needs them)."""
    return (
        _runs_for_user(user=user)
        .defer("scenarios", "agent_snapshot", "settings_snapshot", "metrics")
        .order_by("-created_at", "-pk")
    )


def run_get_for_user(*, user: User, run_id: int) -> EvaluationRun:
    run = _runs_for_user(user=user).filter(pk=run_id).first()
    if run is None:
        raise Http404("No such run.")
    return run


def attempts_for_run(*, run: EvaluationRun) -> QuerySet[Attempt]:
    """Every attempt of the run, by scenario key then repeat; evaluating it is a single query."""
    return Attempt.objects.filter(run_id=run.pk).order_by("scenario_key", "repeat")


def recent_runs_for_user(*, user: User) -> dict[str, Any]:
    """The dashboard's recent runs and how many are still running (the partial polls while any are)."""
    return {
        "runs": run_list_for_user(user=user)[:10],
        "active_runs": run_list_for_user(user=user).filter(status__in=ACTIVE_STATUSES).count(),
    }


def dashboard_for_user(*, user: User) -> dict[str, Any]:
    """Agents with their latest finished trust score and recent trend, suites, and recent or running runs."""
    from evaluations.services.gate import run_gate
    from suites.selectors import suite_list_for_user

    agents = list(agent_list_for_user(user=user))
    finished = (
        _runs_for_user(user=user)
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
