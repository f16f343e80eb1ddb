"""Runs: create (snapshot + encrypted key + enqueue; planned by evaluations/launches/) and execute (Connect →
Generate → Execute → Judge → Score).

``run_execute`` is safe to call twice and resumes after a worker dies: finished attempts are kept, each
scenario × repeat is written once (unique constraint), and only the missing ones are driven. The worker holds
the run by a lease (evaluations/core/jobs.py); the one lease sweep enqueues a run whose worker is gone again.
"""

from __future__ import annotations

import threading
import time
from datetime import datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from django.db import IntegrityError, transaction
from django.utils import timezone
from django_q.tasks import async_task

from billing.services import run_hold, run_settle
from evaluations.connectors.base import AgentConfig, Protocol
from evaluations.core.bridge import run_sync
from evaluations.core.jobs import job_execute
from evaluations.core.lease import Lease, lease_deadline
from evaluations.core.specs import ScenarioSpec
from evaluations.core.verdicts import confirmation_plan, verdict_record_later
from evaluations.llm.clients import close_clients
from evaluations.outbound.client import OutboundError, connect_check
from evaluations.outbound.guard import EndpointBlocked, validate_endpoint_url
from evaluations.outbound.masking import mask_key, redact
from evaluations.outbound.websocket import guard_url
from evaluations.runs.attempts import AttemptScorer
from evaluations.runs.choices import ACTIVE_STATUSES, RunStage, RunStatus
from evaluations.runs.errors import AgentDownWatch, all_errors_message
from evaluations.runs.executor import ConversationResult, Job, run_conversations
from evaluations.runs.keys import KeyUnavailable, run_secret_delete, run_secret_read, run_secret_store
from evaluations.runs.metrics import attempt_verdict_set as attempt_verdict_set  # re-exported for review
from evaluations.runs.metrics import run_metrics
from evaluations.runs.metrics import run_metrics_refresh as run_metrics_refresh  # re-exported for review
from evaluations.runs.models import Attempt, EvaluationRun, RunLaunchKey
from evaluations.runs.selectors import run_usage
from evaluations.runs.simulated_user import generation_model
from evaluations.runs.snapshot import RunSettings
from evaluations.runs.text import storable
from evaluations.scoring.choices import JudgeModel
from evaluations.scoring.judge import EARLY_STOP_AFTER, fails_for_unscored
from evaluations.scoring.verdicts import Verdict
from suites.generation import GenerationError, agenerate

if TYPE_CHECKING:
    from evaluations.agents.models import Agent


def run_create(
    *, user: Any, agent: Agent, suite: Any, settings: RunSettings, fields: dict[str, Any], api_key: str, hold: int
) -> EvaluationRun:
    """Write the run the launch service planned (``evaluations.launches.services.run_launch``, its one caller, which
    holds the transaction): the row, its credit hold, its encrypted key, and the task enqueued on commit.

    Raises InsufficientCredits when the balance is below ``hold``; the caller's transaction then rolls back."""
    run = EvaluationRun.objects.create(
        account=agent.account,
        agent=agent,
        suite=suite,
        created_by=user,
        api_key_masked=mask_key(api_key) if api_key else "",
        settings_snapshot=settings.to_json(),
        lease_expires_at=lease_deadline(),  # the task has this long to start before the lease sweep enqueues another
        **fields,
    )
    run_hold(run=run, amount=hold, user=user)  # Credits: locks the account row (docs/credits.md)
    run_secret_store(run=run, api_key=api_key)
    transaction.on_commit(lambda: async_task("evaluations.runs.tasks.run_execute", run.pk, task_name=f"run-{run.pk}"))
    return run


def run_launch_key_record(*, run: EvaluationRun, key: str, fingerprint: str, since: datetime) -> None:
    """Tie the launch key to the run, in the launch's transaction; the key's row from before ``since`` has expired
    and makes way. Raises IntegrityError when another launch wrote the key meanwhile (one key per workspace)."""
    RunLaunchKey.objects.filter(account_id=run.account_id, key=key, created_at__lt=since).delete()
    RunLaunchKey.objects.create(account_id=run.account_id, key=key, fingerprint=fingerprint, run=run)


def run_execute(*, run_id: int) -> None:
    """The whole run. Safe to call again: it resumes where it stopped and never runs an attempt twice. A run that
    another worker holds (its lease is alive) is left to that worker; one that raises is started again a bounded
    number of times, then fails with the error's sentence (``job_execute``, evaluations/core/jobs.py)."""
    stop = threading.Event()  # set to start no new conversation: a judge outage, the lease lost, the worker stopping
    job_execute(EvaluationRun, run_id, lambda lease: _execute_held(run_id, lease, stop), stop=stop)


def _execute_held(run_id: int, lease: Lease, stop: threading.Event) -> None:
    run = EvaluationRun.objects.get(pk=run_id)
    try:
        api_key = run_secret_read(run=run)
    except KeyUnavailable as exc:
        _run_fail(run, str(exc))
        return
    try:
        _execute(run, api_key, lease, stop)
    finally:
        del api_key


def _execute(run: EvaluationRun, api_key: str, lease: Lease, stop: threading.Event) -> None:
    config = AgentConfig.from_dict(run.agent_snapshot)
    _set_stage(run, RunStage.CONNECT)
    if config.protocol != Protocol.BEDROCK:
        try:
            validate_endpoint_url(guard_url(config.endpoint_url))
        except EndpointBlocked as exc:
            _run_fail(run, f"Trustgate did not connect: {exc}")
            return
        if unreachable := _connect_problem(config):
            _run_fail(run, unreachable, is_agent_down=True)  # nothing sent: the hold is released in full
            return
    _set_stage(run, RunStage.GENERATE)  # saved suites were frozen at launch: nothing to write
    if run.settings.is_generated and not run.settings.generated:
        if not _generate(run):
            return
    specs = [ScenarioSpec.from_dict(data) for data in run.scenarios]
    done = set(run.attempts.values_list("scenario_key", "repeat"))
    jobs = [
        Job(spec, repeat)
        for repeat in range(1, run.runs_per_scenario + 1)
        for spec in specs
        if (spec.key, repeat) not in done
    ]
    _set_stage(run, RunStage.EXECUTE)
    scorer = AttemptScorer(run=run, api_key=api_key, stop=stop)
    down = AgentDownWatch()
    if not _drive(run, jobs, config, api_key=api_key, scorer=scorer, stop=stop, down=down):
        return  # cancelled
    if not (lease.should_stop or down.tripped or scorer.judge_outage):
        more = _confirmation_jobs(run, specs)
        if more and not _drive(run, more, config, api_key=api_key, scorer=scorer, stop=stop, down=down):
            return
    if lease.should_stop:
        return  # presumed dead and taken over (that worker ends it), or asked to stop (the sweep resumes it)
    if down.tripped:  # scored what did come back (charged as usual), and failed: the rest was never sent
        total = len(specs) * run.runs_per_scenario
        run_score(run=run, agent_down=down.message(done=run.attempts.count(), total=total))
        return
    if scorer.judge_outage:
        _run_fail(
            run,
            f"Stopped early: {_judge_outage(scorer.judge_failed_calls)} "
            f"({scorer.last_judge_problem or 'no reason given'}), so no further call was made. Check the judge "
            "settings and run again; this run is refunded.",
            refund_reason="judge outage (early stop)",
        )
        return
    _set_stage(run, RunStage.JUDGE)  # verdicts were written as each conversation ended
    _set_stage(run, RunStage.SCORE)
    run_score(run=run)


def _drive(
    run: EvaluationRun,
    jobs: list[Job],
    config: AgentConfig,
    *,
    api_key: str,
    scorer: AttemptScorer,
    stop: threading.Event,
    down: AgentDownWatch,
) -> bool:
    """Drive ``jobs``, writing each attempt as its conversation ends; False when the run was cancelled meanwhile."""
    last_check = time.monotonic()
    for result, fields in run_conversations(
        jobs,
        config,
        api_key=api_key,
        parallel=run.parallel,
        finish=scorer.finish,
        stop=stop,
        score_apart=scorer.judge_enabled,
        down=down,
        judge=scorer.judge_reply if scorer.judge_enabled else None,
    ):
        attempt_save(run=run, result=result, fields=fields)
        if time.monotonic() - last_check > 1.0:
            last_check = time.monotonic()
            if EvaluationRun.objects.filter(pk=run.pk, status=RunStatus.CANCELLED).exists():
                return False  # leaving the loop stops new conversations; the cancel already closed the run
    return True


def _confirmation_jobs(run: EvaluationRun, specs: list[ScenarioSpec]) -> list[Job]:
    """The confirmation attempts still to drive (docs/gate.md, *Confirmation runs*): once the first pass is done,
    the gate says which scenarios it left open (decided once and kept in the run's settings, so a resumed run drives
    the same ones); each runs ``confirmation_runs`` more times, as repeats after the run's own."""
    settings = run.settings
    if not settings.confirmation_runs:
        return []
    if settings.confirmation_open is None:
        chosen, baseline_run_id, topup_ids = confirmation_plan(run_id=run.pk)
        run.settings = settings = settings.replace(
            confirmation_open=chosen, confirmation_baseline=baseline_run_id, confirmation_topups=topup_ids
        )
        EvaluationRun.objects.filter(pk=run.pk).update(settings_snapshot=run.settings_snapshot)
    opened = set(settings.confirmation_open or ())
    done = set(run.attempts.values_list("scenario_key", "repeat"))
    first = run.runs_per_scenario
    return [
        Job(spec, repeat)
        for repeat in range(first + 1, first + settings.confirmation_runs + 1)
        for spec in specs
        if spec.key in opened and (spec.key, repeat) not in done
    ]


def _judge_outage(failed_calls: int) -> str:
    """What stopped a run early (docs/scoring.md#the-judge): failed judge calls, or replies the judge left unscored."""
    if failed_calls >= EARLY_STOP_AFTER:
        return f"the judge failed {failed_calls} calls and scored no reply"
    return f"{EARLY_STOP_AFTER} replies needed the judge and it could score none of them"


CONNECT_TIMEOUT = 10.0  # seconds, at most: the agent's own timeout when it is shorter


def _connect_problem(config: AgentConfig) -> str:
    """The Connect stage really connects (docs/runs.md, "When the agent is down"): a TCP connection to the agent's
    checked address, opened and closed, nothing sent. The run's sentence when nothing listens there, else ""."""
    timeout = min(CONNECT_TIMEOUT, config.timeout_seconds or CONNECT_TIMEOUT)
    try:
        run_sync(connect_check(guard_url(config.endpoint_url), timeout=timeout))
    except (OutboundError, EndpointBlocked) as exc:
        where = urlsplit(config.endpoint_url.strip()).netloc
        return (
            f"The agent is down: Trustgate could not connect to {where} ({_reason(exc)}), so no conversation was "
            "started and nothing is charged. Check that it is running and reachable from Trustgate (its Test "
            "request tries it), then run again."
        )
    return ""


def _reason(exc: Exception) -> str:
    return exc.reason if isinstance(exc, OutboundError) else str(exc).rstrip(".")


def _generate(run: EvaluationRun) -> bool:
    """Write the run's scenarios from the agent's knowledge (Generate new). On failure the run stops before any
    message is sent, refundable. Done once: a resumed run keeps what was generated."""
    settings = run.settings
    try:
        outcome = run_sync(
            agenerate(knowledge=settings.knowledge, kinds=list(settings.suite_kinds), model=generation_model()),
            cleanup=close_clients,
        )
    except GenerationError as exc:
        run.settings = settings.replace(generation_calls=exc.calls)
        EvaluationRun.objects.filter(pk=run.pk).update(settings_snapshot=run.settings_snapshot)
        _run_fail(
            run,
            f"Trustgate could not write scenarios from the policy: {exc.message} Nothing was sent to the agent; "
            "this run is refunded.",
            refund_reason="generation failed",
        )
        return False
    generated = [
        ScenarioSpec.from_dict({**data, "key": f"g{i}"}).to_dict() for i, data in enumerate(outcome.scenarios, 1)
    ]
    run.scenarios = generated + list(run.scenarios)  # red-team attacks, frozen at launch, come after
    usage = {"model": generation_model(), "calls": outcome.calls, "input_tokens": outcome.input_tokens}
    usage |= {"output_tokens": outcome.output_tokens, "cached_input_tokens": outcome.cached_input_tokens}
    usage["cache_write_tokens"] = outcome.cache_write_tokens
    # the generation usage is read by runs.selectors.run_model_usage
    run.settings = settings.replace(generated=True, generation_calls=outcome.calls, generation_usage=usage)
    EvaluationRun.objects.filter(pk=run.pk).update(scenarios=run.scenarios, settings_snapshot=run.settings_snapshot)
    return True


def attempt_save(*, run: EvaluationRun, result: ConversationResult, fields: dict[str, Any]) -> bool:
    """Write one attempt; False when it was already there (a redelivered task)."""
    try:
        with transaction.atomic():
            Attempt.objects.create(
                run=run,
                scenario_key=result.job.spec.key,
                repeat=result.job.repeat,
                judge_model=run.judge_model,
                judge_prompt_version=run.judge_prompt_version,
                judge_strictness=run.judge_strictness,
                **storable(fields),
            )
    except IntegrityError:
        return False
    return True


def run_give_up(*, run_id: int, attempts: int, reason: str = "") -> None:
    """End a run that kept failing (the lease sweep or the last attempt, evaluations/core/jobs.py): failed with
    its sentence, its key deleted and its credits settled (what was used is charged, the rest of the hold
    released). ``reason``: the last attempt's error; "" when its workers died holding it."""
    run = EvaluationRun.objects.get(pk=run_id)
    if reason:
        try:
            reason = redact(reason, run_secret_read(run=run))
        except KeyUnavailable:
            reason = redact(reason)
        message = (
            f"The run stopped on an error {attempts} times, so it was not started again: {reason.rstrip('.')}. "
            "It was logged; launch the run again."
        )
    else:
        message = (
            f"The worker running this run stopped {attempts} times (killed, or out of memory or time), so it was "
            "not resumed again. Launch the run again."
        )
    _run_fail(run, message)


def run_score(*, run: EvaluationRun, agent_down: str = "") -> None:
    """Store the metrics and end the run. ``agent_down``: the run stopped early because the agent could not be
    reached (``errors.AgentDownWatch``); it fails with that message, whatever came back before."""
    summary, attempts = run_metrics(run=run, fields=("error_kind", "error_message"))
    errors = [a for a in attempts if a.verdict == Verdict.ERROR]
    is_down = bool(agent_down) or (bool(attempts) and len(errors) == len(attempts))
    status, message, refund_reason = RunStatus.SUCCEEDED, "", ""
    scorable = len(attempts) - len(errors)  # replies received
    unscored = sum(1 for a in attempts if a.verdict == Verdict.NOT_SCORED)
    if agent_down:
        status, message = RunStatus.FAILED, agent_down
    elif is_down:
        status = RunStatus.FAILED
        message = all_errors_message([(a.error_kind, a.error_message) for a in errors])
    elif run.judge_model != JudgeModel.RULES_ONLY and fails_for_unscored(scorable, unscored):
        status = RunStatus.FAILED
        message = (
            f"The judge could not score {unscored} of {scorable} replies (half or more), so this run's results "
            "are not reliable. Check the judge settings and run again; this run is refunded."
        )
        refund_reason = "half or more of the replies unscored"
    with transaction.atomic():
        # Only an active run ends here: a cancel that landed after the last check of _drive has closed it already
        # (and settled its credits); scoring must not turn it back into a finished run.
        ended = EvaluationRun.objects.filter(pk=run.pk, status__in=ACTIVE_STATUSES).update(
            refund_reason=refund_reason,
            metrics=summary,
            trust_score=summary["trust_score"],
            is_agent_down=is_down,
            status=status,
            stage=RunStage.DONE,
            error_message=message,
            finished_at=timezone.now(),
        )
        if not ended:
            return
        run_secret_delete(run_id=run.pk)
        # Credits: charge what was used, release the rest (refund when refund_reason).
        run_settle(run=run, usage=run_usage(run_id=run.pk))
        verdict_record_later(run_id=run.pk)  # its verdict at finish, stored by the gate (docs/gate.md)


def _run_fail(run: EvaluationRun, message: str, *, refund_reason: str = "", is_agent_down: bool = False) -> None:
    with transaction.atomic():
        EvaluationRun.objects.filter(pk=run.pk).update(
            status=RunStatus.FAILED, error_message=message, refund_reason=refund_reason, finished_at=timezone.now(),
            is_agent_down=is_agent_down,
        )  # fmt: skip
        run_secret_delete(run_id=run.pk)
        # Credits: charge what was used, release the rest (refund when refund_reason).
        run_settle(run=run, usage=run_usage(run_id=run.pk))
        verdict_record_later(run_id=run.pk)  # its verdict at finish, stored by the gate (docs/gate.md)


def run_cancel(*, run: EvaluationRun) -> None:
    with transaction.atomic():
        EvaluationRun.objects.filter(pk=run.pk, status__in=ACTIVE_STATUSES).update(
            status=RunStatus.CANCELLED, error_message="Cancelled by a user.", finished_at=timezone.now()
        )
        run_secret_delete(run_id=run.pk)
        # Credits: a no-op when the run had already ended and settled.
        run_settle(run=run, usage=run_usage(run_id=run.pk))
        verdict_record_later(run_id=run.pk)  # kept as it was if the run had already ended


def _set_stage(run: EvaluationRun, stage: str) -> None:
    run.stage = stage
    EvaluationRun.objects.filter(pk=run.pk).update(stage=stage)
