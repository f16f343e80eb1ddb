"""Reads for evaluations. Every read is scoped by the user's accounts: another account's object is a 404."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet
from django.http import Http404

from billing.selectors import account_ids_for_user
from evaluations.models import Agent, Attempt, EvaluationRun

User = AbstractBaseUser | AnonymousUser


def agent_list_for_user(*, user: User) -> QuerySet[Agent]:
    return Agent.objects.filter(account_id__in=account_ids_for_user(user=user)).select_related("account")


def agent_get_for_user(*, user: User, agent_id: int) -> Agent:
    agent = agent_list_for_user(user=user).filter(pk=agent_id).first()
    if agent is None:
        raise Http404("No such agent.")
    return agent


def run_progress(*, run: object) -> dict[str, object]:
    """Counts for the progress stepper: one aggregate query."""
    from django.db.models import Count, Q
    from django.utils import timezone

    from evaluations.models import Attempt, RunStage, Verdict

    counts = Attempt.objects.filter(run=run).aggregate(
        done=Count("pk"),
        passed=Count("pk", filter=Q(verdict=Verdict.PASS)),
        failed=Count("pk", filter=Q(verdict=Verdict.FAIL)),
        not_scored=Count("pk", filter=Q(verdict=Verdict.NOT_SCORED)),
        errors=Count("pk", filter=Q(verdict=Verdict.ERROR)),
    )
    order = [RunStage.CONNECT, RunStage.GENERATE, RunStage.EXECUTE, RunStage.JUDGE, RunStage.SCORE]
    current = order.index(run.stage) if run.stage in order else len(order)  # type: ignore[attr-defined]
    steps = [
        {"label": stage.label, "state": "done" if i < current else ("current" if i == current else "todo")}
        for i, stage in enumerate(order)
    ]
    start = run.started_at or run.created_at  # type: ignore[attr-defined]
    end = run.finished_at or timezone.now()  # type: ignore[attr-defined]
    return {**counts, "total": run.total_attempts, "steps": steps, "elapsed_s": int((end - start).total_seconds())}  # type: ignore[attr-defined]


def _runs_for_user(*, user: User) -> QuerySet[EvaluationRun]:
    return EvaluationRun.objects.filter(account_id__in=account_ids_for_user(user=user))


def run_list_for_user(*, user: User) -> QuerySet[EvaluationRun]:
    """The user's runs, newest first, without the heavy snapshot columns (a list never needs them)."""
    return _runs_for_user(user=user).defer("scenarios", "agent_snapshot", "settings_snapshot", "metrics").order_by(
        "-created_at", "-pk"
    )


def run_get_for_user(*, user: User, run_id: int) -> EvaluationRun:
    run = _runs_for_user(user=user).filter(pk=run_id).first()
    if run is None:
        raise Http404("No such run.")
    return run


def attempts_for_run(*, run: EvaluationRun) -> QuerySet[Attempt]:
    """Every attempt of the run, by scenario key then repeat; evaluating it is a single query."""
    return Attempt.objects.filter(run_id=run.pk).order_by("scenario_key", "repeat")
