"""Runs: launch (snapshot + encrypted key + enqueue) and execute (Connect → Generate → Execute → Judge → Score).

``run_execute`` is safe to call twice and resumes after a worker dies: finished attempts are kept, each
scenario × repeat is written once (unique constraint), and only the missing ones are driven. The worker holds
the run by a lease (evaluations/core/lease.py); the lease sweep enqueues a run whose worker is gone again.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django_q.models import Schedule
from django_q.tasks import async_task

from billing.services import CostEstimate, InsufficientCredits, account_lock, run_cost_estimate, run_hold, run_settle
from evaluations.connectors.base import AgentConfig, Protocol
from evaluations.core.bridge import run_sync
from evaluations.core.lease import Lease, lease_claim, lease_deadline, lease_sweep_schedule_sync, leases_expired_requeue
from evaluations.core.specs import ScenarioSpec
from evaluations.llm.clients import close_clients, judge_provider
from evaluations.outbound.guard import EndpointBlocked, validate_endpoint_url
from evaluations.outbound.masking import mask_key
from evaluations.runs.attempts import AttemptScorer
from evaluations.runs.choices import ACTIVE_STATUSES, RunStage, RunStatus
from evaluations.runs.errors import all_errors_message
from evaluations.runs.executor import ConversationResult, Job, run_conversations
from evaluations.runs.keys import KeyUnavailable, run_secret_delete, run_secret_read, run_secret_store
from evaluations.runs.metrics import attempt_verdict_set as attempt_verdict_set  # re-exported for review
from evaluations.runs.metrics import run_metrics
from evaluations.runs.metrics import run_metrics_refresh as run_metrics_refresh  # re-exported for review
from evaluations.runs.models import Attempt, EvaluationRun
from evaluations.runs.selectors import run_usage
from evaluations.runs.simulated_user import generation_model
from evaluations.runs.text import storable
from evaluations.scoring.choices import JudgeModel
from evaluations.scoring.judge import EARLY_STOP_AFTER, JUDGE_PROMPT_VERSION, fails_for_unscored
from evaluations.scoring.rules.engine import rules_can_score
from evaluations.scoring.verdicts import Verdict
from redteam.library import LIBRARY_VERSION
from redteam.services import attack_specs
from suites.generation import DEFAULT_COUNTS, MAX_TURNS_PER_SCENARIO, GenerationError, agenerate

logger = logging.getLogger(__name__)


if TYPE_CHECKING:
    from evaluations.agents.models import Agent


GENERATED_KINDS = ("accuracy", "guardrails", "tool_calls", "pii")  # what Generate new can write (docs/suites.md)


class LaunchError(Exception):
    """A run could not be launched; the message says why. Nothing was created."""

    payment_required: bool = False  # True when refused for credits (the API answers 402)


MAX_ACTIVE_RUNS_PER_ACCOUNT = 5  # queued or running at once per workspace, launched from the web or the API


RULES_ONLY_REFUSAL = (
    "Every scenario of this run needs the LLM judge, and no model provider is configured (rules only), so the run "
    "would score nothing. Configure a model provider, or add scenarios with required or forbidden phrases, an "
    "expected tool call or red-team attacks."
)


class TooManyRuns(LaunchError):
    """The account already has MAX_ACTIVE_RUNS_PER_ACCOUNT runs queued or running. Nothing was created."""


def new_canary() -> str:
    return "CANARY-" + secrets.token_hex(4).upper()


def suite_specs(*, suite: Any, canary: str) -> list[ScenarioSpec]:
    return [
        scenario.to_spec(canary=canary)
        for scenario in suite.scenarios.filter(is_active=True).order_by("position", "pk")
    ]


def planned_specs(*, suite: Any, redteam_depth: str, canary: str) -> list[ScenarioSpec]:
    """The scenarios a launch drives: the suite's active ones, then the red-team attacks of the depth."""
    specs = suite_specs(suite=suite, canary=canary) if suite is not None else []
    if redteam_depth:
        specs += [ScenarioSpec.from_dict(data) for data in attack_specs(redteam_depth, canary)]
    return specs


def run_rules_coverage(*, suite: Any, redteam_depth: str) -> tuple[int, int]:
    """(how many, of how many) planned scenarios a rules-only run can score: the launch form says it."""
    specs = planned_specs(suite=suite, redteam_depth=redteam_depth, canary="CANARY-ESTIMATE")
    return sum(rules_can_score(spec) for spec in specs), len(specs)


@transaction.atomic
def run_launch(
    *,
    user: Any,
    agent: Agent,
    suite: Any,
    api_key: str = "",
    runs_per_scenario: int = 3,
    parallel: int = 4,
    judge_model: str | None = None,
    judge_strictness: str | None = None,
    allowed_contacts: Sequence[str] | None = None,
    endpoint_url: str = "",
    redteam_depth: str = "",
    generate_kinds: Sequence[str] = (),
    compare_with_endpoint: str = "",
    launch_warnings: Sequence[str] = (),
) -> EvaluationRun:
    """Freeze every setting and scenario, keep the key encrypted until the run ends, and enqueue it.

    Raises TooManyRuns (a LaunchError) when the workspace already has MAX_ACTIVE_RUNS_PER_ACCOUNT runs in
    progress, and LaunchError for any other refusal.

    Either ``suite`` (run a saved suite) or ``generate_kinds`` (Generate new: the generation model writes
    scenarios of those kinds from the agent's knowledge at the Generate stage). ``redteam_depth`` ("",
    "quick", "standard", "deep") adds that many attacks from the red-team library, with one fresh canary for
    the whole run. The judge falls back to rules only when no provider is set up. ``compare_with_endpoint``
    gates the run against the baseline of that endpoint of the agent instead of its own (checked by the caller);
    ``launch_warnings`` are what the launch was told (low power, not comparable), kept for the CI API.
    """
    if not 1 <= runs_per_scenario <= 10:
        raise LaunchError("Runs per scenario must be between 1 and 10.")
    if not 1 <= parallel <= 8:
        raise LaunchError("Parallel conversations must be between 1 and 8.")
    canary = new_canary()
    kinds = [kind for kind in GENERATED_KINDS if kind in set(generate_kinds)]
    specs = planned_specs(suite=suite, redteam_depth=redteam_depth, canary=canary)
    if suite is None and not kinds and not specs:
        raise LaunchError("Choose a saved suite, or the kinds of scenarios to generate, or a red-team depth.")
    if suite is not None and not specs:
        raise LaunchError(f"The suite “{suite.name}” has no active scenarios; add one first.")
    if (kinds or any(spec.persona for spec in specs)) and judge_provider() == "rules_only":
        raise LaunchError(
            "Generating scenarios and simulated users need a model, and none is configured on this Trustgate. "
            "Set ANTHROPIC_API_KEY (or TRUSTGATE_JUDGE_PROVIDER for Bedrock or a self-hosted model), or run a saved "
            "suite without a persona."
        )
    if kinds and not agent.knowledge.strip():
        raise LaunchError(
            "Generate new writes scenarios from the agent's knowledge; add the policy text to the agent first."
        )
    judge, provider = _judge_for(agent, judge_model)
    if provider == "rules_only" and not any(rules_can_score(spec) for spec in specs):
        raise LaunchError(RULES_ONLY_REFUSAL)  # before any credit is held: such a run would score nothing
    # Credits: the most this run can cost, held below in this transaction (docs/credits.md).
    estimate = _estimate(specs, kinds, runs_per_scenario, judge)
    config = agent.to_config(endpoint_url=endpoint_url or None)
    contacts = list(allowed_contacts) if allowed_contacts is not None else agent.allowed_contact_list
    _active_runs_check(account_id=agent.account_id)
    run = EvaluationRun.objects.create(
        account=agent.account,
        agent=agent,
        suite=suite,
        created_by=user,
        agent_name=agent.name,
        suite_name=suite.name if suite is not None else "Generated from the policy" if kinds else "Red team",
        suite_version=suite.version if suite is not None else None,
        endpoint_url=config.endpoint_url,
        api_key_masked=mask_key(api_key) if api_key else "",
        agent_snapshot=config.to_dict(),
        settings_snapshot={
            "knowledge": agent.knowledge,
            "allowed_contacts": contacts,
            "secret_markers": agent.secret_marker_list,
            "mode": "generated" if kinds else "saved_suite",
            "suite_kinds": kinds,
            "canary": canary,
            "judge_provider": provider if judge != JudgeModel.RULES_ONLY else "rules_only",
            "redteam_depth": redteam_depth,
            "redteam_library_version": LIBRARY_VERSION if redteam_depth else "",
            "compare_with_endpoint": compare_with_endpoint if compare_with_endpoint != config.endpoint_url else "",
            "launch_warnings": list(launch_warnings),
        },
        scenarios=[spec.to_dict() for spec in specs],
        runs_per_scenario=runs_per_scenario,
        parallel=parallel,
        judge_model=judge,
        judge_prompt_version=JUDGE_PROMPT_VERSION if judge != JudgeModel.RULES_ONLY else "",
        judge_strictness=judge_strictness or agent.judge_strictness,
        lease_expires_at=lease_deadline(),  # the task has this long to start before the lease sweep enqueues another
    )
    try:  # Credits: locks the account row, so two launches at once cannot both spend the same balance
        run_hold(run=run, amount=estimate.max_credits, user=user)
    except InsufficientCredits as exc:
        refused = LaunchError(str(exc))
        refused.payment_required = True
        raise refused from exc  # rolls back this transaction: no run is created
    run_secret_store(run=run, api_key=api_key)
    transaction.on_commit(lambda: async_task("evaluations.runs.tasks.run_execute", run.pk, task_name=f"run-{run.pk}"))
    return run


def _active_runs_check(*, account_id: int) -> None:
    """Refuse a launch past the per-workspace limit. The account row stays locked until the launch commits, so
    two launches at once cannot both take the last slot (on SQLite the IMMEDIATE transaction mode serializes
    them the same way)."""
    account_lock(account_id=account_id)
    active = EvaluationRun.objects.filter(account_id=account_id, status__in=ACTIVE_STATUSES).count()
    if active >= MAX_ACTIVE_RUNS_PER_ACCOUNT:
        raise TooManyRuns(
            f"This workspace already has {active} runs in progress; at most {MAX_ACTIVE_RUNS_PER_ACCOUNT} "
            f"may run at once. Try again when one has finished."
        )


def run_launch_profile(
    *, agent: Agent, suite: Any, judge_model: str | None, judge_strictness: str | None, redteam_depth: str
) -> dict[str, Any]:
    """What a launch of ``suite`` with these settings would freeze that decides comparability (the fields the
    gate's profile reads off a run), without launching anything."""
    specs = planned_specs(suite=suite, redteam_depth=redteam_depth, canary="CANARY-PLAN")
    judge, provider = _judge_for(agent, judge_model)
    return {
        "suite_id": suite.pk if suite is not None else None,
        "suite_version": suite.version if suite is not None else None,
        "scenario_keys": [spec.key for spec in specs],
        "judge_model": judge,
        "judge_provider": provider if judge != JudgeModel.RULES_ONLY else "rules_only",
        "judge_prompt_version": JUDGE_PROMPT_VERSION if judge != JudgeModel.RULES_ONLY else "",
        "judge_strictness": judge_strictness or agent.judge_strictness,
        "redteam_depth": redteam_depth,
        "redteam_library_version": LIBRARY_VERSION if redteam_depth else "",
    }


def _judge_for(agent: Agent, judge_model: str | None) -> tuple[str, str]:
    """(judge model, provider): rules only when no judge provider is set up."""
    judge = judge_model or agent.judge_model
    provider = judge_provider()
    if provider == "rules_only":
        judge = JudgeModel.RULES_ONLY
    return judge, provider


def run_estimate(
    *,
    agent: Agent,
    suite: Any,
    runs_per_scenario: int,
    judge_model: str | None = None,
    redteam_depth: str = "",
    generate_kinds: Sequence[str] = (),
) -> CostEstimate:
    """Credits: the most a launch with these settings can cost (the same figure ``run_launch`` holds)."""
    specs = planned_specs(suite=suite, redteam_depth=redteam_depth, canary="CANARY-ESTIMATE")
    judge, _ = _judge_for(agent, judge_model)
    kinds = [kind for kind in GENERATED_KINDS if kind in set(generate_kinds)]
    return _estimate(specs, kinds, runs_per_scenario, judge)


def _estimate(specs: Sequence[ScenarioSpec], kinds: Sequence[str], runs_per_scenario: int, judge: str) -> CostEstimate:
    """Exact for saved suites; for generated kinds an upper bound: every scenario the model may write, at the
    most turns it may give, and two generation calls (the proposal and its one retry)."""
    planned = [spec.to_dict() for spec in specs]
    for kind in kinds:
        planned += [{"turns": [""] * MAX_TURNS_PER_SCENARIO}] * DEFAULT_COUNTS[kind]
    return run_cost_estimate(
        scenarios=planned,
        runs_per_scenario=runs_per_scenario,
        judge_enabled=judge != JudgeModel.RULES_ONLY,
        generation_calls=2 if kinds else 0,
    )


def run_execute(*, run_id: int) -> None:
    """The whole run. Safe to call again: it resumes where it stopped and never runs an attempt twice. A run that
    another worker holds (its lease is alive) is left to that worker."""
    lease = lease_claim(
        EvaluationRun,
        run_id,
        where=Q(status__in=ACTIVE_STATUSES),
        status=RunStatus.RUNNING,
        started_at=timezone.now(),
    )
    if lease is None:
        return  # finished, cancelled, or held by a live worker
    run = EvaluationRun.objects.get(pk=run_id)
    stop = threading.Event()  # set to start no new conversation: a judge outage, or the lease lost
    with lease.kept_alive(stop=stop):
        try:
            api_key = run_secret_read(run=run)
        except KeyUnavailable as exc:
            _run_fail(run, str(exc))
            return
        try:
            _execute(run, api_key, lease, stop)
        except Exception:
            logger.exception("Run %s stopped on an internal error", run_id)
            _run_fail(run, "The run stopped on an internal error. It was logged; launch the run again.")
            raise
        finally:
            del api_key


def _execute(run: EvaluationRun, api_key: str, lease: Lease, stop: threading.Event) -> None:
    config = AgentConfig.from_dict(run.agent_snapshot)
    _set_stage(run, RunStage.CONNECT)
    if config.protocol != Protocol.BEDROCK:
        try:
            validate_endpoint_url(config.endpoint_url)
        except EndpointBlocked as exc:
            _run_fail(run, f"Trustgate did not connect: {exc}")
            return
    _set_stage(run, RunStage.GENERATE)  # saved suites were frozen at launch: nothing to write
    if run.settings_snapshot.get("mode") == "generated" and not run.settings_snapshot.get("generated"):
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
    last_check = time.monotonic()
    for result, fields in run_conversations(
        jobs,
        config,
        api_key=api_key,
        parallel=run.parallel,
        finish=scorer.finish,
        stop=stop,
        score_apart=scorer.judge_enabled,
    ):
        attempt_save(run=run, result=result, fields=fields)
        if time.monotonic() - last_check > 1.0:
            last_check = time.monotonic()
            if EvaluationRun.objects.filter(pk=run.pk, status=RunStatus.CANCELLED).exists():
                return  # leaving the loop stops new conversations; the cancel already closed the run
    if lease.lost.is_set():
        return  # this worker was presumed dead and another took the run over: that one ends it
    if scorer.judge_outage:
        _run_fail(
            run,
            f"Stopped early: {EARLY_STOP_AFTER} replies needed the judge and it could score none of them "
            f"({scorer.last_judge_problem or 'no reason given'}). Check the judge settings and run again; "
            "this run is refunded.",
            refund_reason="judge outage (early stop)",
        )
        return
    _set_stage(run, RunStage.JUDGE)  # verdicts were written as each conversation ended
    _set_stage(run, RunStage.SCORE)
    run_score(run=run)


def _generate(run: EvaluationRun) -> bool:
    """Write the run's scenarios from the agent's knowledge (Generate new). On failure the run stops before any
    message is sent, refundable. Done once: a resumed run keeps what was generated."""
    snapshot = run.settings_snapshot
    try:
        outcome = run_sync(
            agenerate(knowledge=snapshot.get("knowledge", ""), kinds=snapshot["suite_kinds"], model=generation_model()),
            cleanup=close_clients,
        )
    except GenerationError as exc:
        run.settings_snapshot = {**snapshot, "generation_calls": exc.calls}
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
    run.settings_snapshot = {
        **snapshot,
        "generated": True,
        "generation_calls": outcome.calls,
        "model_usage": {"generation": usage},  # read by runs.selectors.run_model_usage
    }
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


def runs_resume_stalled() -> int:
    """The lease sweep (a django-q2 schedule, every minute): enqueue again every active run whose lease ran out,
    so a run whose worker was killed resumes without waiting for the task timeout. Returns how many were."""
    return leases_expired_requeue(
        EvaluationRun.objects.filter(status__in=ACTIVE_STATUSES),
        enqueue=lambda run_id: async_task(
            "evaluations.runs.tasks.run_execute", run_id, task_name=f"run-{run_id}-resumed"
        ),
        give_up=lambda run_id, deaths: _run_fail(
            EvaluationRun.objects.get(pk=run_id),
            f"The worker running this run stopped {deaths} times (killed, or out of memory or time), so it was "
            "not resumed again. Launch the run again.",
        ),
    )


def runs_sweep_schedule_sync() -> Schedule:
    """Create or repair the lease sweep's schedule row (``manage.py schedules``). Idempotent."""
    return lease_sweep_schedule_sync(
        name="trustgate-lease-sweep-runs", func="evaluations.runs.tasks.runs_resume_stalled"
    )


def run_score(*, run: EvaluationRun) -> None:
    summary, attempts = run_metrics(run=run, fields=("error_kind", "error_message"))
    errors = [a for a in attempts if a.verdict == Verdict.ERROR]
    is_down = bool(attempts) and len(errors) == len(attempts)
    status, message, refund_reason = RunStatus.SUCCEEDED, "", ""
    scorable = len(attempts) - len(errors)  # replies received
    unscored = sum(1 for a in attempts if a.verdict == Verdict.NOT_SCORED)
    if is_down:
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
        EvaluationRun.objects.filter(pk=run.pk).update(
            refund_reason=refund_reason,
            metrics=summary,
            trust_score=summary["trust_score"],
            is_agent_down=is_down,
            status=status,
            stage=RunStage.DONE,
            error_message=message,
            finished_at=timezone.now(),
        )
        run_secret_delete(run_id=run.pk)
        # Credits: charge what was used, release the rest (refund when refund_reason).
        run_settle(run=run, usage=run_usage(run_id=run.pk))


def _run_fail(run: EvaluationRun, message: str, *, refund_reason: str = "") -> None:
    with transaction.atomic():
        EvaluationRun.objects.filter(pk=run.pk).update(
            status=RunStatus.FAILED, error_message=message, refund_reason=refund_reason, finished_at=timezone.now()
        )
        run_secret_delete(run_id=run.pk)
        # Credits: charge what was used, release the rest (refund when refund_reason).
        run_settle(run=run, usage=run_usage(run_id=run.pk))


def run_cancel(*, run: EvaluationRun) -> None:
    with transaction.atomic():
        EvaluationRun.objects.filter(pk=run.pk, status__in=ACTIVE_STATUSES).update(
            status=RunStatus.CANCELLED, error_message="Cancelled by a user.", finished_at=timezone.now()
        )
        run_secret_delete(run_id=run.pk)
        # Credits: a no-op when the run had already ended and settled.
        run_settle(run=run, usage=run_usage(run_id=run.pk))


def _set_stage(run: EvaluationRun, stage: str) -> None:
    run.stage = stage
    EvaluationRun.objects.filter(pk=run.pk).update(stage=stage)
