"""Monitor runs: queue one (Run now, the schedule, a deploy), claim and execute it, and fail it with a reason."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django_q.tasks import async_task

from evaluations.connectors.base import AgentConfig, ConversationIdSource, Protocol
from evaluations.core.jobs import JOB_ACTIVE, JobStatus, job_execute
from evaluations.core.lease import Lease, lease_deadline
from evaluations.llm.status import judge_model_unavailable
from evaluations.monitors import engine
from evaluations.monitors.models import (
    Monitor,
    MonitorProtocol,
    MonitorRun,
    PauseReason,
    RunTrigger,
)
from evaluations.monitors.selectors import monitor_budget_exhausted, monitor_paused_message
from evaluations.monitors.services.events import monitor_budget_pause
from evaluations.monitors.services.monitors import MonitorActionError, monitor_resume
from evaluations.monitors.services.results import run_finish
from evaluations.monitors.validators import SECRET_ENV_PREFIX


class MonitorConfigError(Exception):
    """The monitor cannot run as configured (a missing secret, no endpoint); a sentence for the user."""


def resolve_secret(name: str) -> str:
    """The value of ``secret.NAME`` from the worker's environment. Raises MonitorConfigError when missing."""
    if not name:
        return ""
    value = settings.TRUSTGATE_SECRETS.get(name, "")
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
    if monitor.protocol == MonitorProtocol.RESPONSES:
        return AgentConfig(
            protocol=Protocol.OPENAI_RESPONSES, endpoint_url=monitor.endpoint_url, model_name=monitor.model_name
        )
    if monitor.protocol == MonitorProtocol.A2A:
        return AgentConfig(protocol=Protocol.A2A, endpoint_url=monitor.endpoint_url)
    if monitor.protocol == MonitorProtocol.WEBSOCKET:
        # The chat endpoint's body as a text frame; the reply is the first frame with text, whole (docs/monitors.md).
        # Other framings (reply paths, an end marker, a first message with the key): save the agent, monitor it.
        return AgentConfig(
            protocol=Protocol.WEBSOCKET, endpoint_url=monitor.endpoint_url, request_template='{"message": {{message}}}'
        )
    # Streamed or session agents: save the agent and monitor it by name (agent: "...").
    return AgentConfig(
        protocol=Protocol.SIMPLE_CHAT,
        endpoint_url=monitor.endpoint_url,
        conversation_id_source=ConversationIdSource.GENERATED,
    )


def _stale_before() -> Any:
    return timezone.now() - timedelta(seconds=int(settings.Q_CLUSTER.get("timeout", 3600)) + 60)


def _expire_stale_runs(monitor_id: int) -> None:
    """A run whose worker died long ago no longer blocks new runs."""
    MonitorRun.objects.filter(monitor_id=monitor_id, status__in=JOB_ACTIVE).filter(
        Q(started_at__lt=_stale_before()) | Q(started_at__isnull=True, created_at__lt=_stale_before())
    ).update(status=JobStatus.FAILED, error_message="The worker stopped during this run.", finished_at=timezone.now())


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
                lease_expires_at=lease_deadline(),  # its task has this long to start before the sweep enqueues another
            )
    except IntegrityError:
        active = MonitorRun.objects.filter(monitor=monitor, status__in=JOB_ACTIVE).first()
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
        raise MonitorActionError(monitor_paused_message(monitor=monitor))
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
        if monitor_budget_exhausted(monitor=monitor):
            return None
        monitor = monitor_resume(monitor=monitor, note="A new month's token budget is available.")
    run, created = _queue_run(monitor, trigger=RunTrigger.SCHEDULE)
    if not created:
        return None  # the previous run is still going
    monitor_run_execute(run_id=run.pk)
    return run


def _fail_run(run_id: int, message: str) -> None:
    with transaction.atomic():
        run = MonitorRun.objects.select_for_update().get(pk=run_id)
        run.status = JobStatus.FAILED
        run.error_message = message
        run.finished_at = timezone.now()
        run.save(update_fields=["status", "error_message", "finished_at"])
        Monitor.objects.filter(pk=run.monitor_id).update(last_error=message, last_run_at=run.finished_at)


def _plan(monitor: Monitor) -> engine.RunPlan:
    if reason := judge_model_unavailable(monitor.judge_model):
        raise MonitorConfigError(f"{reason} Edit the monitor to choose another judge model.")
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
        allowed_contacts=(*monitor.allowed_contact_list, *(agent.allowed_contact_list if agent else ())),
        secret_markers=(*monitor.secret_marker_list, *(agent.secret_marker_list if agent else ())),
    )


def monitor_run_execute(*, run_id: int) -> None:
    """Run a queued run: ask every case, score, then decide the status and alert. Safe to call again. A run that
    another worker holds (its lease is alive) is left to that worker; one that raises is started again a bounded
    number of times, then ends as a monitor error with the error's sentence (``job_execute``,
    evaluations/core/jobs.py), so a run is never left running to block Run now."""
    job_execute(MonitorRun, run_id, lambda lease: _execute(run_id, lease))


def _execute(run_id: int, lease: Lease) -> None:
    run = MonitorRun.objects.select_related("monitor", "monitor__agent").get(pk=run_id)
    monitor = run.monitor
    if monitor_budget_exhausted(monitor=monitor):
        _fail_run(run_id, "This month's token budget is used up; the run was not started.")
        with transaction.atomic():
            locked = Monitor.objects.select_for_update().get(pk=monitor.pk)
            monitor_budget_pause(monitor=locked, run=run)
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
    if lease.should_stop:
        return  # presumed dead and taken over (that worker ends it), or asked to stop (the sweep resumes it)
    run_finish(run_id=run_id, plan=plan, results=results)


def monitor_run_give_up(*, run_id: int, attempts: int, reason: str = "") -> None:
    """End a monitor run that kept failing (the lease sweep or its last attempt, evaluations/core/jobs.py): a
    monitor error with its sentence. ``reason``: the last attempt's error ("" when its workers died holding it),
    of which only the kind is shown: its text may quote an answer, which a results-only monitor never stores."""
    if reason:
        kind = reason.split(":", 1)[0]
        _fail_run(
            run_id,
            f"The run stopped on an unexpected error ({kind}) {attempts} times, so it was not started again; "
            "the next run will try again.",
        )
        return
    _fail_run(run_id, f"The worker stopped {attempts} times during this run, so it was not started again.")


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
