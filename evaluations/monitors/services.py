"""Every write about monitors: create / edit / pause, runs (queue, execute, finish), budget, deploy hook."""

from __future__ import annotations

import dataclasses
import logging
import os
from collections import defaultdict
from collections.abc import Sequence
from datetime import date, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone
from django_q.tasks import async_task

from billing.models import Account
from evaluations.connectors.base import AgentConfig, ConversationIdSource, ErrorKind, Protocol
from evaluations.monitors import engine, status
from evaluations.monitors.models import (
    MONITOR_RUN_ACTIVE,
    AlertState,
    EventKind,
    Monitor,
    MonitorCase,
    MonitorEvent,
    MonitorProtocol,
    MonitorRun,
    MonitorRunStatus,
    MonitorSample,
    MonitorStatus,
    MonitorUsage,
    PauseReason,
    RunTrigger,
    SampleVerdict,
    StorageMode,
)
from evaluations.monitors.scheduling import monitor_schedule_delete, monitor_schedule_sync
from evaluations.monitors.validators import SECRET_ENV_PREFIX
from evaluations.scoring.pii import mask_pii

logger = logging.getLogger(__name__)

ANSWER_LIMIT_BYTES = 2048
_PRE_MASK_CHARS = 6000  # masking is slow on long text; only the first 2 KB is ever kept
MESSAGE_LIMIT_BYTES = 1000
ALERT_CASES = 10
CUT_MARK = " … [cut]"


class MonitorActionError(Exception):
    """A request the monitor cannot take now; ``str(error)`` is a sentence for the user."""


class MonitorConfigError(Exception):
    """The monitor cannot run as configured (a missing secret, no endpoint); a sentence for the user."""


# ---- small pure helpers ----------------------------------------------------------------------------------------


def cut_utf8(text: str, limit: int = ANSWER_LIMIT_BYTES, mark: str = CUT_MARK) -> str:
    """``text`` cut so its UTF-8 form is at most ``limit`` bytes (the mark included), never mid-character."""
    raw = text.encode("utf-8")
    if len(raw) <= limit:
        return text
    room = limit - len(mark.encode("utf-8"))
    return raw[:room].decode("utf-8", errors="ignore") + mark


def store_answer(text: str, mode: str) -> str:
    """What is kept of an answer: nothing (results only), else PII removed and cut to 2 KB."""
    if mode == StorageMode.RESULTS_ONLY or not text:
        return ""
    return cut_utf8(mask_pii(text[:_PRE_MASK_CHARS], withhold_contacts=True))


def safe_message(text: str, limit: int = MESSAGE_LIMIT_BYTES) -> str:
    return cut_utf8(mask_pii(text[:_PRE_MASK_CHARS], withhold_contacts=True), limit) if text else ""


def month_start(now: Any = None) -> date:
    return (now or timezone.now()).date().replace(day=1)


def resolve_secret(name: str) -> str:
    """The value of ``secret.NAME`` from the worker's environment. Raises MonitorConfigError when missing."""
    if not name:
        return ""
    value = os.environ.get(SECRET_ENV_PREFIX + name, "")
    if not value:
        raise MonitorConfigError(
            f"The secret secret.{name} is not set: set the environment variable {SECRET_ENV_PREFIX}{name} for "
            "the Trustgate worker (and restart it)."
        )
    return value


def monitor_agent_config(monitor: Monitor) -> AgentConfig:
    """How to reach the monitored agent: the saved agent's settings, or the monitor's own endpoint."""
    if monitor.agent_id:
        assert monitor.agent is not None
        return monitor.agent.to_config()
    if not monitor.endpoint_url:
        raise MonitorConfigError("The monitor has neither an agent nor an endpoint; edit it and choose one.")
    if monitor.protocol == MonitorProtocol.OPENAI:
        return AgentConfig(protocol=Protocol.OPENAI, endpoint_url=monitor.endpoint_url, model_name=monitor.model_name)
    return AgentConfig(
        protocol=Protocol.SIMPLE_CHAT,
        endpoint_url=monitor.endpoint_url,
        conversation_id_source=ConversationIdSource.GENERATED,
    )


def usage_for(monitor: Monitor, month: date | None = None) -> MonitorUsage | None:
    return MonitorUsage.objects.filter(monitor=monitor, month=month or month_start()).first()


def tokens_used(monitor: Monitor, month: date | None = None) -> int:
    usage = usage_for(monitor, month)
    return usage.tokens if usage else 0


def budget_exhausted(monitor: Monitor) -> bool:
    return tokens_used(monitor) >= monitor.monthly_token_budget


# ---- create, edit, pause ----------------------------------------------------------------------------------------

MONITOR_FIELDS = (
    "name",
    "agent",
    "endpoint_url",
    "protocol",
    "model_name",
    "auth_secret",
    "interval_minutes",
    "samples_per_case",
    "min_passing_samples",
    "target_pass_rate",
    "alert_emails",
    "webhook_url",
    "monthly_token_budget",
    "storage_mode",
    "judge_model",
    "judge_strictness",
)


def _replace_cases(monitor: Monitor, cases: Sequence[dict[str, Any]]) -> None:
    """Make the monitor's cases ``cases`` (in order). A case keeps its row (and so its history) when it
    carries its ``id`` or asks the same question as an existing case."""
    existing = {case.pk: case for case in monitor.cases.all()}
    by_ask = {case.ask.strip(): case for case in existing.values()}
    keep: set[int] = set()
    for position, data in enumerate(cases):
        case = existing.get(data.get("id") or 0) or by_ask.get(data["ask"].strip())
        if case is not None and case.pk in keep:
            case = None  # the same question twice: the second is a new case
        name = (data.get("name") or "").strip() or f"Case {position + 1}"
        if case is None:
            case = MonitorCase.objects.create(
                monitor=monitor, position=position, name=name, ask=data["ask"], expect=data["expect"]
            )
        else:
            case.position, case.name, case.ask, case.expect = position, name, data["ask"], data["expect"]
            case.save(update_fields=["position", "name", "ask", "expect"])
        keep.add(case.pk)
    monitor.cases.exclude(pk__in=keep).delete()


@transaction.atomic
def monitor_create(
    *, account: Account, data: dict[str, Any], cases: Sequence[dict[str, Any]], user: Any = None
) -> Monitor:
    values = {k: v for k, v in data.items() if k in MONITOR_FIELDS}
    monitor = Monitor.objects.create(account=account, created_by=user if getattr(user, "pk", None) else None, **values)
    _replace_cases(monitor, cases)
    monitor_schedule_sync(monitor=monitor)
    return monitor


@transaction.atomic
def monitor_update(*, monitor: Monitor, data: dict[str, Any], cases: Sequence[dict[str, Any]]) -> Monitor:
    for field, value in data.items():
        if field in MONITOR_FIELDS:
            setattr(monitor, field, value)
    monitor.save()
    _replace_cases(monitor, cases)
    monitor_schedule_sync(monitor=monitor)
    return monitor


@transaction.atomic
def monitor_delete(*, monitor: Monitor) -> None:
    monitor_schedule_delete(monitor_id=monitor.pk)
    monitor.delete()


def _event(
    monitor: Monitor,
    *,
    kind: str,
    status_value: str,
    previous: str,
    title: str,
    message: str = "",
    run: MonitorRun | None = None,
    details: dict[str, Any] | None = None,
    alert: bool = False,
) -> MonitorEvent:
    has_channels = bool(monitor.alert_email_list or monitor.webhook_url)
    event = MonitorEvent.objects.create(
        monitor=monitor,
        run=run,
        kind=kind,
        status=status_value,
        previous_status=previous,
        title=title,
        message=message,
        details=details or {},
        alert_state=AlertState.PENDING if alert and has_channels else AlertState.NONE,
        alert_log="" if has_channels or not alert else "No alert channels are set for this monitor.",
    )
    if event.alert_state == AlertState.PENDING:
        event_id = event.pk
        transaction.on_commit(lambda: async_task("evaluations.monitors.tasks.monitor_alert_send", event_id))
    return event


@transaction.atomic
def monitor_pause(*, monitor: Monitor) -> Monitor:
    monitor = Monitor.objects.select_for_update().get(pk=monitor.pk)
    if monitor.paused_reason == PauseReason.USER:
        return monitor
    previous = monitor.display_status
    monitor.paused_reason = PauseReason.USER
    monitor.save(update_fields=["paused_reason", "updated_at"])
    _event(monitor, kind=EventKind.PAUSED, status_value=MonitorStatus.PAUSED, previous=previous, title="Paused")
    monitor_schedule_sync(monitor=monitor)
    return monitor


@transaction.atomic
def monitor_resume(*, monitor: Monitor, note: str = "") -> Monitor:
    """Raises MonitorActionError while this month's budget is used up (raise the budget first)."""
    monitor = Monitor.objects.select_for_update().get(pk=monitor.pk)
    if not monitor.is_paused:
        return monitor
    if budget_exhausted(monitor):
        raise MonitorActionError(
            f"This month's token budget ({monitor.monthly_token_budget:,}) is used up; raise the budget to "
            "resume before the month ends."
        )
    monitor.paused_reason = PauseReason.NONE
    monitor.save(update_fields=["paused_reason", "updated_at"])
    _event(
        monitor, kind=EventKind.RESUMED, status_value=monitor.status, previous=MonitorStatus.PAUSED,
        title="Resumed", message=note,
    )  # fmt: skip
    monitor_schedule_sync(monitor=monitor)
    return monitor


def _pause_for_budget(monitor: Monitor, *, run: MonitorRun | None) -> None:
    """Inside a transaction with ``monitor`` locked. Alerts once per month."""
    if monitor.paused_reason == PauseReason.BUDGET:
        return
    previous = monitor.display_status
    monitor.paused_reason = PauseReason.BUDGET
    monitor.save(update_fields=["paused_reason", "updated_at"])
    usage, _ = MonitorUsage.objects.get_or_create(monitor=monitor, month=month_start())
    first = not usage.budget_alerted
    if first:
        MonitorUsage.objects.filter(pk=usage.pk).update(budget_alerted=True)
    _event(
        monitor,
        kind=EventKind.PAUSED,
        status_value=MonitorStatus.PAUSED,
        previous=previous,
        title="Paused: token budget used up",
        message=(
            f"The monitor used {usage.tokens:,} of its {monitor.monthly_token_budget:,} tokens this month and is "
            "paused until the month ends or the budget is raised."
        ),
        run=run,
        details={"budget": monitor.monthly_token_budget, "used": usage.tokens},
        alert=first,
    )


# ---- runs -------------------------------------------------------------------------------------------------------


def _stale_before() -> Any:
    return timezone.now() - timedelta(seconds=int(settings.Q_CLUSTER.get("timeout", 3600)) + 60)


def _expire_stale_runs(monitor_id: int) -> None:
    """A run whose worker died long ago no longer blocks new runs."""
    MonitorRun.objects.filter(monitor_id=monitor_id, status__in=MONITOR_RUN_ACTIVE).filter(
        Q(started_at__lt=_stale_before()) | Q(started_at__isnull=True, created_at__lt=_stale_before())
    ).update(
        status=MonitorRunStatus.ERROR, error_message="The worker stopped during this run.", finished_at=timezone.now()
    )


def _queue_run(monitor: Monitor, *, trigger: str, user: Any = None, deploy_ref: str = "") -> tuple[MonitorRun, bool]:
    """A queued run, or the monitor's active one (a monitor runs one at a time). Returns (run, created)."""
    _expire_stale_runs(monitor.pk)
    try:
        with transaction.atomic():
            run = MonitorRun.objects.create(
                monitor=monitor,
                trigger=trigger,
                deploy_ref=deploy_ref[:200],
                triggered_by=user if getattr(user, "pk", None) else None,
                storage_mode=monitor.storage_mode,
                target_pass_rate=monitor.target_pass_rate,
                judge_model=monitor.judge_model,
            )
    except IntegrityError:
        active = MonitorRun.objects.filter(monitor=monitor, status__in=MONITOR_RUN_ACTIVE).first()
        if active is None:
            raise
        return active, False
    return run, True


def monitor_run_request(
    *,
    monitor: Monitor,
    trigger: str = RunTrigger.MANUAL,
    user: Any = None,
    deploy_ref: str = "",
    enqueue: bool = True,
) -> tuple[MonitorRun, bool]:
    """Queue a run now (Run now, deploy hook). Raises MonitorActionError when paused or without cases.
    Returns (run, created); when a run is already queued or running, that run and False. With
    ``enqueue=False`` the caller executes the run itself (the management command)."""
    if monitor.is_paused:
        raise MonitorActionError(f"“{monitor.name}” is paused; resume it first.")
    if not monitor.cases.exists():
        raise MonitorActionError(f"“{monitor.name}” has no cases yet; add a question to ask.")
    run, created = _queue_run(monitor, trigger=trigger, user=user, deploy_ref=deploy_ref)
    if created and enqueue:
        run_id = run.pk
        transaction.on_commit(lambda: async_task("evaluations.monitors.tasks.monitor_run_execute", run_id))
    return run, created


def monitor_run_scheduled(*, monitor_id: int) -> MonitorRun | None:
    """A schedule tick: resume a budget pause when a new month has begun, then run. Safe to call again."""
    monitor = Monitor.objects.filter(pk=monitor_id).first()
    if monitor is None or monitor.paused_reason == PauseReason.USER or not monitor.cases.exists():
        return None
    if monitor.paused_reason == PauseReason.BUDGET:
        if budget_exhausted(monitor):
            return None
        monitor = monitor_resume(monitor=monitor, note="A new month's token budget is available.")
    run, created = _queue_run(monitor, trigger=RunTrigger.SCHEDULE)
    if not created:
        return None  # the previous run is still going
    monitor_run_execute(run_id=run.pk)
    return run


def _claim(run_id: int) -> bool:
    """Queued -> running; a running run whose worker died (older than the task timeout) can be claimed again."""
    now = timezone.now()
    return bool(
        MonitorRun.objects.filter(pk=run_id)
        .filter(Q(status=MonitorRunStatus.QUEUED) | Q(status=MonitorRunStatus.RUNNING, started_at__lt=_stale_before()))
        .update(status=MonitorRunStatus.RUNNING, started_at=now)
    )


def _fail_run(run_id: int, message: str) -> None:
    with transaction.atomic():
        run = MonitorRun.objects.select_for_update().get(pk=run_id)
        run.status = MonitorRunStatus.ERROR
        run.error_message = message
        run.finished_at = timezone.now()
        run.save(update_fields=["status", "error_message", "finished_at"])
        Monitor.objects.filter(pk=run.monitor_id).update(last_error=message, last_run_at=run.finished_at)


def _plan(monitor: Monitor) -> engine.RunPlan:
    config = monitor_agent_config(monitor)
    api_key = resolve_secret(monitor.auth_secret)
    if api_key and not monitor.agent_id:
        config = dataclasses.replace(config, auth_header_name="Authorization", auth_value_prefix="Bearer ")
    cases = tuple(
        engine.CasePlan(case_id=c.pk, name=c.name, ask=c.ask, rules=tuple(c.expect))
        for c in monitor.cases.order_by("position", "pk")
    )
    agent = monitor.agent
    return engine.RunPlan(
        config=config,
        api_key=api_key,
        cases=cases,
        samples=monitor.samples_per_case,
        judge_model=monitor.judge_model,
        judge_strictness=monitor.judge_strictness,
        knowledge=agent.knowledge if agent else "",
        allowed_contacts=tuple(agent.allowed_contact_list) if agent else (),
    )


def monitor_run_execute(*, run_id: int) -> None:
    """Run a queued run: ask every case, score, then decide the status and alert. Safe to call again."""
    if not _claim(run_id):
        return
    run = MonitorRun.objects.select_related("monitor", "monitor__agent").get(pk=run_id)
    monitor = run.monitor
    if budget_exhausted(monitor):
        _fail_run(run_id, "This month's token budget is used up; the run was not started.")
        with transaction.atomic():
            locked = Monitor.objects.select_for_update().get(pk=monitor.pk)
            _pause_for_budget(locked, run=run)
        return
    try:
        plan = _plan(monitor)
    except MonitorConfigError as error:
        _fail_run(run_id, str(error))
        return
    if not plan.cases:
        _fail_run(run_id, "The monitor has no cases.")
        return
    results = engine.execute_plan(plan)  # network: outside any transaction
    _finish(run_id, plan, results)


_CONFIG_ERROR_KINDS = {str(ErrorKind.BLOCKED), str(ErrorKind.CONFIG)}


def _last_good_answers(monitor: Monitor, case_ids: Sequence[int], before_run_id: int) -> dict[int, str]:
    found: dict[int, str] = {}
    for case_id in case_ids:
        sample = (
            MonitorSample.objects.filter(
                case_id=case_id, verdict=SampleVerdict.PASS, run__monitor=monitor, run_id__lt=before_run_id
            )
            .exclude(answer="")
            .order_by("-run_id", "sample_index")
            .values("answer")
            .first()
        )
        if sample:
            found[case_id] = sample["answer"]
    return found


def _alert_details(
    monitor: Monitor,
    run: MonitorRun,
    decision: status.Decision,
    samples: dict[int, list[MonitorSample]],
    outcomes: dict[int, status.CaseOutcome],
    case_names: dict[int, str],
    case_asks: dict[int, str],
    previously_regressed: Sequence[str],
) -> dict[str, Any]:
    """The alert's content: for each case that matters, the new answer next to the last good one."""
    if decision.status in (MonitorStatus.DOWN, MonitorStatus.DEGRADED):
        shown = [cid for cid, o in outcomes.items() if o.verdict in (SampleVerdict.FAIL, SampleVerdict.ERROR)]
        regressed = {int(c) for c in decision.regressed_case_ids}
        shown.sort(key=lambda cid: (cid not in regressed, cid))
    else:
        shown = [int(c) for c in previously_regressed if int(c) in outcomes] or list(outcomes)
    shown = shown[:ALERT_CASES]
    last_good = _last_good_answers(monitor, shown, run.pk)
    answers_stored = run.storage_mode == StorageMode.ANSWERS
    cases = []
    for case_id in shown:
        case_samples = samples.get(case_id, [])
        wanted = SampleVerdict.PASS if decision.status == MonitorStatus.UP else SampleVerdict.FAIL
        pick = next((s for s in case_samples if s.verdict == wanted), None) or next(
            (s for s in case_samples if s.answer or s.error_message), case_samples[0] if case_samples else None
        )
        failed_rules = []
        if pick is not None:
            failed_rules = [f["message"] for f in pick.findings if not f.get("passed")]
            if pick.judge_verdict == "fail" and pick.judge_rationale:
                failed_rules.append(f"Judge: {pick.judge_rationale}")
        outcome = outcomes[case_id]
        cases.append(
            {
                "case_id": case_id,
                "name": case_names.get(case_id, ""),
                "ask": case_asks.get(case_id, ""),
                "verdict": outcome.verdict,
                "samples_passed": outcome.passed,
                "samples": sum((outcome.passed, outcome.failed, outcome.errors, outcome.not_judged)),
                "new_answer": pick.answer if pick else "",
                "error": pick.error_message if pick else "",
                "last_good_answer": last_good.get(case_id, ""),
                "failed_rules": failed_rules[:5],
            }
        )
    return {
        "run_id": run.pk,
        "pass_rate": run.pass_rate,
        "target": run.target_pass_rate,
        "reasons": list(decision.reasons),
        "answers_stored": answers_stored,
        "cases": cases,
    }


def _finish(run_id: int, plan: engine.RunPlan, results: Sequence[engine.SampleResult]) -> None:
    with transaction.atomic():
        monitor = Monitor.objects.select_for_update().get(pk=MonitorRun.objects.get(pk=run_id).monitor_id)
        run = MonitorRun.objects.select_for_update().get(pk=run_id)
        if run.status != MonitorRunStatus.RUNNING:
            return  # expired or finished by another worker meanwhile
        now = timezone.now()
        case_names = {c.case_id: c.name for c in plan.cases}
        case_asks = {c.case_id: c.ask for c in plan.cases}
        existing_case_ids = set(MonitorCase.objects.filter(monitor=monitor).values_list("pk", flat=True))

        rows = []
        for result in results:
            judge = result.judge
            rows.append(
                MonitorSample(
                    run=run,
                    case_id=result.case_id if result.case_id in existing_case_ids else None,
                    case_name=case_names.get(result.case_id, "")[:200],
                    sample_index=result.index,
                    verdict=result.verdict,
                    answer=store_answer(result.answer, run.storage_mode),
                    findings=[{**f.to_dict(), "message": safe_message(f.message, 500)} for f in result.findings],
                    latency_ms=result.latency_ms,
                    error_kind=result.error_kind,
                    error_message=safe_message(result.error_message),
                    judge_verdict=("not_judged" if judge and not judge.is_scored else judge.verdict) if judge else "",
                    judge_model=judge.model if judge else "",
                    judge_prompt_version=judge.prompt_version if judge else "",
                    judge_rationale=safe_message(judge.rationale or judge.reason_not_scored) if judge else "",
                    tokens=result.agent_tokens + result.judge_tokens,
                )
            )
        MonitorSample.objects.bulk_create(rows)

        by_case: dict[int, list[MonitorSample]] = defaultdict(list)
        for row in rows:
            by_case[row.case_id or 0].append(row)
        verdicts_by_case: dict[int, list[str]] = defaultdict(list)
        for result in results:
            verdicts_by_case[result.case_id].append(result.verdict)
        outcomes = {
            cid: status.case_outcome(v, min_passing=monitor.min_passing_samples) for cid, v in verdicts_by_case.items()
        }
        verdicts = [r.verdict for r in results]
        all_errors = bool(results) and all(r.verdict == SampleVerdict.ERROR for r in results)
        rate = status.pass_rate(verdicts)

        run.samples_total = len(results)
        run.samples_passed = verdicts.count(SampleVerdict.PASS)
        run.samples_failed = verdicts.count(SampleVerdict.FAIL)
        run.samples_error = verdicts.count(SampleVerdict.ERROR)
        run.samples_not_judged = verdicts.count(SampleVerdict.NOT_JUDGED)
        run.cases_passed = sum(o.verdict == SampleVerdict.PASS for o in outcomes.values())
        run.cases_failed = sum(o.verdict in (SampleVerdict.FAIL, SampleVerdict.ERROR) for o in outcomes.values())
        run.case_results = {str(cid): o.to_dict() for cid, o in outcomes.items()}
        run.pass_rate = rate
        run.agent_tokens = sum(r.agent_tokens for r in results)
        run.judge_tokens = sum(r.judge_tokens for r in results)
        judged = next((r.judge for r in results if r.judge), None)
        run.judge_prompt_version = judged.prompt_version if judged else ""
        run.finished_at = now

        usage, _ = MonitorUsage.objects.get_or_create(monitor=monitor, month=month_start(now))
        MonitorUsage.objects.filter(pk=usage.pk).update(
            agent_tokens=F("agent_tokens") + run.agent_tokens, judge_tokens=F("judge_tokens") + run.judge_tokens
        )

        config_errors = all_errors and all(r.error_kind in _CONFIG_ERROR_KINDS for r in results)
        if config_errors:
            # The endpoint was refused or the agent's own settings are wrong: a monitor error, not the agent down.
            run.status = MonitorRunStatus.ERROR
            run.error_message = safe_message(results[0].error_message)
            run.save()
            monitor.last_error = run.error_message
            monitor.last_run_at = now
            monitor.save(update_fields=["last_error", "last_run_at", "updated_at"])
        else:
            _decide_and_record(monitor, run, outcomes, rate, all_errors, results, by_case, case_names, case_asks, now)

        monitor.refresh_from_db()
        if not monitor.is_paused and tokens_used(monitor) >= monitor.monthly_token_budget:
            _pause_for_budget(monitor, run=run)


def _decide_and_record(
    monitor: Monitor,
    run: MonitorRun,
    outcomes: dict[int, status.CaseOutcome],
    rate: float | None,
    all_errors: bool,
    results: Sequence[engine.SampleResult],
    by_case: dict[int, list[MonitorSample]],
    case_names: dict[int, str],
    case_asks: dict[int, str],
    now: Any,
) -> None:
    history = list(
        MonitorRun.objects.filter(monitor=monitor, status=MonitorRunStatus.DONE)
        .exclude(pk=run.pk)
        .order_by("-pk")
        .values_list("case_results", flat=True)[: status.HISTORY_RUNS]
    )
    first_error = next((r.error_message for r in results if r.error_message), "")
    previous = monitor.status
    previously_regressed = [str(c) for c in monitor.regressed_case_ids]
    decision = status.decide(
        previous=previous,
        all_errors=all_errors,
        rate=rate,
        target=float(monitor.target_pass_rate),
        previous_below=monitor.runs_below_target > 0,
        case_verdicts={str(cid): o.verdict for cid, o in outcomes.items()},
        always_passed_ids=status.always_passed(history),
        regressed_ids=previously_regressed,
        case_names={str(k): v for k, v in case_names.items()},
        first_error=safe_message(first_error, 300),
    )
    run.status = MonitorRunStatus.DONE
    run.outcome = decision.status
    run.save()

    if decision.below_target is not None:
        monitor.runs_below_target = monitor.runs_below_target + 1 if decision.below_target else 0
    monitor.regressed_case_ids = list(decision.regressed_case_ids)
    monitor.last_run_at = now
    monitor.last_error = ""
    changed = decision.status != previous
    if changed:
        monitor.status = decision.status
        monitor.status_changed_at = now
    monitor.save()
    if not changed:
        return
    title = status.alert_title(previous, decision.status)
    details = (
        _alert_details(monitor, run, decision, by_case, outcomes, case_names, case_asks, previously_regressed)
        if title
        else {"run_id": run.pk, "pass_rate": run.pass_rate, "target": run.target_pass_rate}
    )
    _event(
        monitor,
        kind=EventKind.STATUS,
        status_value=decision.status,
        previous=previous,
        title=title or MonitorStatus(decision.status).label,
        message=" ".join(decision.reasons),
        run=run,
        details=details,
        alert=title is not None,
    )


# ---- deploy hook --------------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class DeployResult:
    triggered: list[tuple[Monitor, MonitorRun, bool]]  # (monitor, run, newly queued)
    skipped: list[tuple[Monitor, str]]


def monitors_trigger_deploy(*, monitors: Sequence[Monitor], ref: str = "", user: Any = None) -> DeployResult:
    """Run the given monitors at once after a deploy. Paused monitors and monitors without cases are skipped."""
    triggered, skipped = [], []
    for monitor in monitors:
        try:
            run, created = monitor_run_request(monitor=monitor, trigger=RunTrigger.DEPLOY, user=user, deploy_ref=ref)
        except MonitorActionError as error:
            skipped.append((monitor, str(error)))
            continue
        triggered.append((monitor, run, created))
    return DeployResult(triggered, skipped)


# ---- alerts -----------------------------------------------------------------------------------------------------


def monitor_alert_send(*, event_id: int) -> None:
    """Deliver an event's alert once: claimed pending -> sending, then sent or failed with a log."""
    from evaluations.monitors import alerts

    if not MonitorEvent.objects.filter(pk=event_id, alert_state=AlertState.PENDING).update(
        alert_state=AlertState.SENDING
    ):
        return
    event = MonitorEvent.objects.select_related("monitor", "monitor__account", "monitor__agent").get(pk=event_id)
    ok, log = alerts.alert_deliver(event)  # network: outside any transaction
    MonitorEvent.objects.filter(pk=event_id).update(
        alert_state=AlertState.SENT if ok else AlertState.FAILED, alert_log="\n".join(log)
    )


# ---- YAML import ------------------------------------------------------------------------------------------------

YAML_DEFAULTS: dict[str, Any] = {
    "agent": None,
    "endpoint_url": "",
    "protocol": MonitorProtocol.CHAT,
    "model_name": "",
    "auth_secret": "",
    "interval_minutes": 60,
    "samples_per_case": 3,
    "min_passing_samples": 2,
    "target_pass_rate": 90,
    "alert_emails": "",
    "webhook_url": "",
    "monthly_token_budget": 200_000,
    "storage_mode": StorageMode.ANSWERS,
    "judge_model": "sonnet",
    "judge_strictness": "balanced",
}


@transaction.atomic
def monitors_import_yaml(*, account: Account, text: str, user: Any = None) -> tuple[list[Monitor], list[Monitor]]:
    """Create or update (by name) every monitor declared in ``text``; all or nothing.

    The file is the source of truth: a setting it leaves out gets its default. Cases are matched by question,
    so a case keeps its history across imports. Raises ``yaml_io.YamlImportError`` (every problem, by line).
    """
    from evaluations.monitors.yaml_io import parse_monitors

    created: list[Monitor] = []
    updated: list[Monitor] = []
    for declaration in parse_monitors(text, account_id=account.pk):
        data = {**YAML_DEFAULTS, **declaration.data}
        existing = Monitor.objects.filter(account=account, name=data["name"]).first()
        if existing is None:
            created.append(monitor_create(account=account, data=data, cases=declaration.cases, user=user))
        else:
            updated.append(monitor_update(monitor=existing, data=data, cases=declaration.cases))
    return created, updated
