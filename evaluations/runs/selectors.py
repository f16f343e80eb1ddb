"""Reads for evaluations. Every read is scoped by the user's accounts: another account's object is a 404."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.db import connections, router
from django.db.models import Count, IntegerField, Max, Q, QuerySet, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
from django.http import Http404
from django.utils import timezone

from billing.selectors import MAX_ID, RunUsage, account_ids_for_user, get_for_member
from evalsite.http import AnyUser as User
from evaluations.core.specs import ScenarioSpec
from evaluations.llm.usage import PURPOSES, USAGE_COUNTS, usage_summary
from evaluations.runs.choices import ACTIVE_STATUSES, RunStage, RunStatus
from evaluations.runs.metrics import METRIC_COLUMNS, first_pass_metrics
from evaluations.runs.models import Attempt, EvaluationRun, RunLaunchKey
from evaluations.runs.unscored import LEGACY, UnscoredCounts
from evaluations.scoring.metrics import compute_metrics
from evaluations.scoring.verdicts import Verdict

_PROGRESS_COUNTS = {
    "done": Count("pk"),
    "passed": Count("pk", filter=Q(verdict=Verdict.PASS)),
    "failed": Count("pk", filter=Q(verdict=Verdict.FAIL)),
    "not_scored": Count("pk", filter=Q(verdict=Verdict.NOT_SCORED)),
    "errors": Count("pk", filter=Q(verdict=Verdict.ERROR)),
}
_USAGE_SUMS: dict[str, Any] = {
    **{
        f"usage_{purpose}_{name}": Sum(Cast(KT(f"model_usage__{purpose}__{name}"), IntegerField()))
        for purpose in PURPOSES
        for name in USAGE_COUNTS
    },
    **{f"usage_{purpose}_model": Max(KT(f"model_usage__{purpose}__model")) for purpose in PURPOSES},
}


def run_progress(*, run: EvaluationRun) -> dict[str, Any]:
    """Counts for the progress stepper: one aggregate query."""
    return _progress(run, Attempt.objects.filter(run=run).aggregate(**_PROGRESS_COUNTS))


def run_status_counts(*, run: EvaluationRun) -> tuple[dict[str, Any], dict[str, Any]]:
    """A run's progress and its model usage so far, from one aggregate query: what a CI status poll of an active
    run reads (the tokens are summed by the database, not by decoding every attempt's usage here)."""
    row = _status_row(run.pk)
    return _progress(run, row), _usage(run, [_usage_of(row)])


_SENTINEL_RUN = -19_019  # stands for the run id in the query compiled once below
_status_sql: dict[str, tuple[str, list[Any], int]] = {}  # by database alias


def _status_row(run_id: int) -> dict[str, Any]:
    """The counts and usage sums of one run's attempts. The query is compiled by the ORM once per database
    and then only executed: compiling its 23 aggregates cost more CPU than running it."""
    alias = router.db_for_read(Attempt) or "default"
    connection = connections[alias]
    if alias not in _status_sql:
        query = (
            Attempt.objects.filter(run_id=_SENTINEL_RUN).values("run_id").annotate(**_PROGRESS_COUNTS, **_USAGE_SUMS)
        )
        sql, compiled = query.query.sql_with_params()
        _status_sql[alias] = (sql, list(compiled), list(compiled).index(_SENTINEL_RUN))
    sql, params, index = _status_sql[alias]
    with connection.cursor() as cursor:
        cursor.execute(sql, [run_id if i == index else value for i, value in enumerate(params)])
        row = cursor.fetchone()
        names = [column[0] for column in cursor.description]
    if row is None:  # no attempt yet: nothing to group
        return {name: 0 for name in _PROGRESS_COUNTS} | {name: None for name in _USAGE_SUMS}
    return dict(zip(names, row, strict=True))


def _progress(run: EvaluationRun, counts: dict[str, Any]) -> dict[str, Any]:
    order = [RunStage.CONNECT, RunStage.GENERATE, RunStage.EXECUTE, RunStage.JUDGE, RunStage.SCORE]
    current = order.index(RunStage(run.stage)) if run.stage in order else len(order)
    steps = [
        {"label": stage.label, "state": "done" if i < current else ("current" if i == current else "todo")}
        for i, stage in enumerate(order)
    ]
    start = run.started_at or run.created_at
    end = run.finished_at or timezone.now()
    done = {name: counts[name] for name in _PROGRESS_COUNTS}
    return {**done, "total": run.total_attempts, "steps": steps, "elapsed_s": int((end - start).total_seconds())}


def _usage_of(row: dict[str, Any]) -> dict[str, Any]:
    """The attempts' summed usage in the stored ``{purpose: usage}`` shape (purposes without a call left out)."""
    usage = {}
    for purpose in PURPOSES:
        counts = {name: int(row[f"usage_{purpose}_{name}"] or 0) for name in USAGE_COUNTS}
        if any(counts.values()):
            usage[purpose] = {"model": row[f"usage_{purpose}_model"] or "", **counts}
    return usage


def _usage(run: EvaluationRun, items: list[Any]) -> dict[str, Any]:
    generation = run.settings.generation_usage
    items.append({"generation": dict(generation)} if generation is not None else None)
    return usage_summary(items)


def run_first_pass_summary(*, run: EvaluationRun) -> dict[str, Any]:
    """The metrics of a run's first pass alone, before any confirmation attempt (docs/gate.md)."""
    return first_pass_metrics(run=run)


def active_run_count(*, account_id: int) -> int:
    """The workspace's runs queued or running (the launch limit counts them)."""
    return EvaluationRun.objects.filter(account_id=account_id, status__in=ACTIVE_STATUSES).count()


def run_unscored_counts(*, run: EvaluationRun) -> UnscoredCounts:
    """The run's conversations left out of its numbers: the Not scored ones by cause and the errored ones by kind
    (``runs.unscored``), in one aggregate query (the stored metrics count them, not their causes)."""
    rows = (
        Attempt.objects.filter(run=run, verdict__in=(Verdict.NOT_SCORED, Verdict.ERROR))
        .order_by()
        .values("verdict", "not_scored_cause", "error_kind")
        .annotate(n=Count("pk"))
    )
    causes: dict[str, int] = {}
    kinds: dict[str, int] = {}
    for row in rows:
        if row["verdict"] == Verdict.NOT_SCORED:
            cause = str(row["not_scored_cause"] or LEGACY)
            causes[cause] = causes.get(cause, 0) + int(row["n"])
        else:
            kind = str(row["error_kind"] or "other")
            kinds[kind] = kinds.get(kind, 0) + int(row["n"])
    return UnscoredCounts(causes, kinds)


def runs_for_user(*, user: User) -> QuerySet[EvaluationRun]:
    """Every run of the user's workspaces, with all columns (scope for gets and aggregates)."""
    return EvaluationRun.objects.filter(account_id__in=account_ids_for_user(user=user))


def run_list_for_user(*, user: User) -> QuerySet[EvaluationRun]:
    """The user's runs, newest first, without the heavy snapshot columns (a list never needs them)."""
    return (
        runs_for_user(user=user)
        .defer("scenarios", "agent_snapshot", "settings_snapshot", "metrics")
        .order_by("-created_at", "-pk")
    )


def run_list_in_account(*, account_id: int) -> QuerySet[EvaluationRun]:
    """The workspace's runs, newest first, with the columns a list shows (the settings for the CI source): the CI
    API's run list, whose key's authentication checked the membership (docs/ci.md#list-runs)."""
    return (
        EvaluationRun.objects.filter(account_id=account_id)
        .defer("scenarios", "agent_snapshot", "metrics")
        .order_by("-created_at", "-pk")
    )


def run_get_for_user(*, user: User, run_id: int) -> EvaluationRun:
    run = runs_for_user(user=user).filter(pk=run_id).first()
    if run is None:
        raise Http404("No such run.")
    return run


def runs_scored_for_user(*, user: User) -> QuerySet[EvaluationRun]:
    """The user's finished runs that have a trust score, newest first (the dashboard's trends)."""
    return _scored(runs_for_user(user=user))


def runs_scored_for_agent(*, agent_id: int) -> QuerySet[EvaluationRun]:
    """The agent's finished runs that have a trust score, newest first. Not scoped: the caller has checked the
    agent (the gate reads the trend of a run it was given)."""
    return _scored(EvaluationRun.objects.filter(agent_id=agent_id))


def runs_scored_for_agents(*, agent_ids: Iterable[int]) -> QuerySet[EvaluationRun]:
    """``runs_scored_for_agent`` for several agents at once (the dashboard gates each agent's latest run)."""
    return _scored(EvaluationRun.objects.filter(agent_id__in=list(agent_ids)))


def _scored(runs: QuerySet[EvaluationRun]) -> QuerySet[EvaluationRun]:
    return runs.filter(status=RunStatus.SUCCEEDED, trust_score__isnull=False).order_by("-created_at", "-pk")


def run_list_by_ids(*, run_ids: Iterable[int]) -> QuerySet[EvaluationRun]:
    """Runs by id, all columns. Not scoped: the ids come from a read that was."""
    return EvaluationRun.objects.filter(pk__in=list(run_ids))


def runs_ended_for_account(
    *, account_id: int, agent_id: int | None = None, suite_id: int | None = None, run_ids: Iterable[int] | None = None
) -> QuerySet[EvaluationRun]:
    """The account's runs that have ended, newest first: of one agent, one suite or the ids given, when given (the
    gate's verdict record revisits them). Not scoped to a user: the caller acts for the workspace."""
    runs = EvaluationRun.objects.filter(account_id=account_id).exclude(status__in=ACTIVE_STATUSES)
    if agent_id is not None:
        runs = runs.filter(agent_id=agent_id)
    if suite_id is not None:
        runs = runs.filter(suite_id=suite_id)
    if run_ids:
        runs = runs.filter(pk__in=list(run_ids))
    return runs.order_by("-created_at", "-pk")


def attempt_outcomes_for_run(*, run: EvaluationRun) -> QuerySet[Attempt, Any]:
    """Every attempt of the run as a light row, by scenario key then repeat: what the metrics read, the rule
    findings and the model usage, no transcript (the CI API's results). One query."""
    columns = (*METRIC_COLUMNS, "repeat", "rule_findings", "model_usage", "error_kind", "not_scored_cause")
    return Attempt.objects.filter(run_id=run.pk).order_by("scenario_key", "repeat").values_list(*columns, named=True)


def attempts_for_run(*, run: EvaluationRun) -> QuerySet[Attempt]:
    """Every attempt of the run, by scenario key then repeat; evaluating it is a single query."""
    return Attempt.objects.filter(run_id=run.pk).order_by("scenario_key", "repeat")


def run_get_for_member(*, user: User, run_id: int, role: str, account_id: int | None = None) -> EvaluationRun:
    """The run, when it is in a workspace of the user where they have ``role``: 404 otherwise, 403 with a reason
    when the role is too low. ``account_id`` narrows to one workspace (an API key acts in one)."""
    runs = EvaluationRun.objects.all() if account_id is None else EvaluationRun.objects.filter(account_id=account_id)
    return get_for_member(user, runs, run_id, role=role, not_found="No such run.")


def run_get_in_account(*, run_id: int, account_id: int) -> EvaluationRun:
    """The run, when it is in ``account_id`` (404 otherwise), in one query. Only for a caller that has already
    checked, in this request, that the user is a member of that workspace (an API key's authentication does):
    every member may read its runs, so no role is looked up again."""
    found = EvaluationRun.objects.filter(account_id=account_id, pk=run_id).first() if 0 < run_id <= MAX_ID else None
    if found is None:
        raise Http404("No such run.")
    return found


# An attempt that ended in one of these errors is not charged for its last user turn: a connection error (refused,
# unreachable, a TLS failure, closed without a reply), the endpoint guard refused the address, or the agent's own
# settings could not build the request. A timeout or an HTTP error status did reach the agent, so that turn is.
UNDELIVERED_ERROR_KINDS = frozenset({"connection", "blocked", "config"})


def run_usage(*, run_id: int) -> RunUsage:
    """Count what a run used from its stored attempts, for billing to charge (docs/credits.md): one agent message
    per user turn in a transcript that reached the agent (a turn the agent never answered after receiving it was
    still sent; one that never got a connection was not), one judge call per reply the judge scored (a call that
    gave no verdict is not charged), and for persona scenarios one generation call per simulated user turn
    written; an adaptive attack counts the agent messages and attacker calls its loop made (docs/redteam.md). Generated runs record their generation step's calls in their settings
    (``RunSettings.generation_calls``). Reads the row afresh: a caller's copy may predate the generation step."""
    run = EvaluationRun.objects.only("scenarios", "settings_snapshot").get(pk=run_id)
    max_turns = {s["key"]: int(s.get("max_turns") or 0) for s in run.scenarios if s.get("persona")}
    messages = judge_calls = generation = 0
    for key, transcript, judged, verdict, error_kind, adaptive in run.attempts.values_list(
        "scenario_key", "transcript", "judge_calls", "verdict", "error_kind", "adaptive"
    ):
        if adaptive:  # an adaptive attack: every message it sent (branches, replays), every attacker call, every
            # reply the judge scored during the attack, and the final judgement when one scored it
            in_loop = int(adaptive.get("judge_calls") or 0)
            undelivered = verdict == Verdict.ERROR and error_kind in UNDELIVERED_ERROR_KINDS
            messages += max(0, int(adaptive.get("agent_messages") or 0) - undelivered)
            generation += int(adaptive.get("attacker_calls") or 0)
            final = judged > in_loop and verdict in (Verdict.PASS, Verdict.FAIL)
            judge_calls += in_loop + (1 if final else 0)
            continue
        judge_calls += min(judged, 1) if verdict in (Verdict.PASS, Verdict.FAIL) else 0
        sent = sum(1 for turn in transcript or [] if turn.get("role") == "user")
        undelivered = verdict == Verdict.ERROR and error_kind in UNDELIVERED_ERROR_KINDS and sent > 0
        messages += sent - undelivered  # the turn the conversation stopped on never reached the agent
        if key in max_turns:
            # After each answered turn the simulator writes the next one, until it is done or max_turns were sent.
            answered = sent - 1 if verdict == Verdict.ERROR else sent
            generation += max(0, min(answered, max_turns[key] - 1))
    generation += run.settings.generation_calls
    return RunUsage(agent_messages=messages, judge_calls=judge_calls, generation_calls=generation)


def run_model_usage(*, run: EvaluationRun, attempts: Iterable[Attempt] | None = None) -> dict[str, Any]:
    """What the run's model calls used, per purpose (judge, generation, simulated user) and in total: calls,
    input, cached and output tokens, and the estimated provider cost (``evaluations/llm/usage.py``). Pass the
    attempts when they are already loaded; otherwise one aggregate query sums their usage."""
    if attempts is None:
        return _usage(run, [_usage_of(Attempt.objects.filter(run_id=run.pk).aggregate(**_USAGE_SUMS))])
    return _usage(run, [attempt.model_usage for attempt in attempts])


def attempt_get_for_run(*, run: EvaluationRun, attempt_id: int, lock: bool = False) -> Attempt:
    """One attempt of ``run`` (404 for another run's or a missing id). ``lock`` (inside a transaction) holds its
    row, so two reviewers of one attempt are served one after the other."""
    attempts = run.attempts.select_for_update() if lock else run.attempts.all()
    found = attempts.filter(pk=attempt_id).first() if 0 < attempt_id <= MAX_ID else None
    if found is None:
        raise Http404("No such conversation in this run.")
    return found


def run_summary(*, run: EvaluationRun, specs: Sequence[ScenarioSpec] | None = None) -> tuple[dict[str, Any], bool]:
    """The run's metrics summary (``scoring.compute_metrics``: per-scenario counts by verdict and breaches, the
    metrics, the trust score) and whether it is the stored, final one. A finished run reads its stored summary
    (kept current after a review overrule by ``metrics.run_metrics_refresh``): no query. While it runs, or when it
    stopped without one, one query computes it from the attempts so far, reading no transcript (``specs``: the
    run's scenarios when the caller has parsed them already)."""
    if run.metrics:
        return run.metrics, True
    if specs is None:
        specs = [ScenarioSpec.from_dict(data) for data in run.scenarios]
    # What ``metrics.run_metrics`` reads, as plain rows rather than model instances: a third of the time on a large
    # run, whose page is polled every few seconds while it runs.
    attempts = Attempt.objects.filter(run_id=run.pk).values_list(*METRIC_COLUMNS, named=True)
    return compute_metrics(specs, attempts), False


def attempts_for_scenario(*, run: EvaluationRun, scenario_key: str) -> QuerySet[Attempt]:
    """The attempts of one scenario of the run, by repeat (the report loads a scenario's transcripts on demand)."""
    return Attempt.objects.filter(run_id=run.pk, scenario_key=scenario_key).order_by("repeat")


def run_launch_key_get(*, account_id: int, key: str, since: datetime) -> RunLaunchKey | None:
    """The launch key of the workspace written at ``since`` or later, with its run; None when there is none
    (docs/ci.md, Retrying a launch)."""
    return (
        RunLaunchKey.objects.select_related("run").filter(account_id=account_id, key=key, created_at__gte=since).first()
    )
