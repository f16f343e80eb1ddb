"""Runs: launch (snapshot + encrypted key + enqueue) and execute (Connect → Generate → Execute → Judge → Score).

``run_execute`` is safe to call twice and resumes after a worker dies: finished attempts are kept, each
scenario × repeat is written once (unique constraint), and only the missing ones are driven.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django_q.tasks import async_task

from evaluations.connectors.base import AgentConfig, Protocol
from evaluations.connectors.ssrf import EndpointBlocked, validate_endpoint_url
from evaluations.masking import mask_key, redact
from evaluations.models import (
    ACTIVE_STATUSES,
    Agent,
    Attempt,
    EvaluationRun,
    JudgeModel,
    RunStage,
    RunStatus,
    Verdict,
)
from evaluations.pii import mask_pii
from evaluations.rules import evaluate_rules
from evaluations.scoring import compute_metrics
from evaluations.services.executor import ConversationResult, Job, run_conversations
from evaluations.services.keys import KeyUnavailable, run_secret_delete, run_secret_read, run_secret_store
from evaluations.specs import ScenarioKind, ScenarioSpec

logger = logging.getLogger(__name__)

BREACH_KINDS = (ScenarioKind.RED_TEAM, ScenarioKind.GUARDRAILS, ScenarioKind.PII)
NO_JUDGE_RATIONALE = "Not scored: this reply needs the LLM judge, and the run is rules-only (no judge configured)."


class LaunchError(Exception):
    """A run could not be launched; the message says why. Nothing was created."""


def new_canary() -> str:
    return "CANARY-" + secrets.token_hex(4).upper()


def suite_specs(*, suite: Any, canary: str) -> list[ScenarioSpec]:
    return [scenario.to_spec(canary=canary) for scenario in suite.scenarios.filter(is_active=True).order_by("position", "pk")]


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
) -> EvaluationRun:
    """Freeze every setting and scenario, keep the key encrypted until the run ends, and enqueue it."""
    if not 1 <= runs_per_scenario <= 10:
        raise LaunchError("Runs per scenario must be between 1 and 10.")
    if not 1 <= parallel <= 8:
        raise LaunchError("Parallel conversations must be between 1 and 8.")
    specs = suite_specs(suite=suite, canary=new_canary())
    if not specs:
        raise LaunchError(f"The suite “{suite.name}” has no active scenarios; add one first.")
    config = agent.to_config(endpoint_url=endpoint_url or None)
    contacts = list(allowed_contacts) if allowed_contacts is not None else agent.allowed_contact_list
    run = EvaluationRun.objects.create(
        account=agent.account,
        agent=agent,
        suite=suite,
        created_by=user,
        agent_name=agent.name,
        suite_name=suite.name,
        suite_version=suite.version,
        endpoint_url=config.endpoint_url,
        api_key_masked=mask_key(api_key) if api_key else "",
        agent_snapshot=config.to_dict(),
        settings_snapshot={"knowledge": agent.knowledge, "allowed_contacts": contacts, "mode": "saved_suite"},
        scenarios=[spec.to_dict() for spec in specs],
        runs_per_scenario=runs_per_scenario,
        parallel=parallel,
        judge_model=judge_model or JudgeModel.RULES_ONLY,
        judge_strictness=judge_strictness or agent.judge_strictness,
    )
    run_secret_store(run=run, api_key=api_key)
    transaction.on_commit(lambda: async_task("evaluations.tasks.run_execute", run.pk, task_name=f"run-{run.pk}"))
    return run


def run_execute(*, run_id: int) -> None:
    """The whole run. Safe to call again: it resumes where it stopped and never runs an attempt twice."""
    claimed = EvaluationRun.objects.filter(pk=run_id, status__in=ACTIVE_STATUSES).update(
        status=RunStatus.RUNNING, started_at=timezone.now()
    )
    if not claimed:
        return  # finished or cancelled meanwhile
    run = EvaluationRun.objects.get(pk=run_id)
    try:
        api_key = run_secret_read(run=run)
    except KeyUnavailable as exc:
        _run_fail(run, str(exc))
        return
    try:
        _execute(run, api_key)
    except Exception:
        logger.exception("Run %s stopped on an internal error", run_id)
        _run_fail(run, "The run stopped on an internal error. It was logged; launch the run again.")
        raise
    finally:
        del api_key


def _execute(run: EvaluationRun, api_key: str) -> None:
    config = AgentConfig.from_dict(run.agent_snapshot)
    _set_stage(run, RunStage.CONNECT)
    if config.protocol != Protocol.BEDROCK:
        try:
            validate_endpoint_url(config.endpoint_url)
        except EndpointBlocked as exc:
            _run_fail(run, f"Trustgate did not connect: {exc}")
            return
    _set_stage(run, RunStage.GENERATE)  # saved suites were frozen at launch: nothing to write
    specs = [ScenarioSpec.from_dict(data) for data in run.scenarios]
    done = set(run.attempts.values_list("scenario_key", "repeat"))
    jobs = [
        Job(spec, repeat)
        for repeat in range(1, run.runs_per_scenario + 1)
        for spec in specs
        if (spec.key, repeat) not in done
    ]
    _set_stage(run, RunStage.EXECUTE)
    knowledge = run.settings_snapshot.get("knowledge", "")
    contacts = run.settings_snapshot.get("allowed_contacts", [])
    last_check = time.monotonic()
    for result in run_conversations(jobs, config, api_key=api_key, parallel=run.parallel):
        attempt_save(run=run, result=result, knowledge=knowledge, allowed_contacts=contacts, api_key=api_key)
        if time.monotonic() - last_check > 1.0:
            last_check = time.monotonic()
            if EvaluationRun.objects.filter(pk=run.pk, status=RunStatus.CANCELLED).exists():
                return  # leaving the loop stops new conversations; the cancel already closed the run
    _set_stage(run, RunStage.JUDGE)  # rules-only until the judge lands: judge-needing replies are Not scored
    _set_stage(run, RunStage.SCORE)
    run_score(run=run)


def attempt_fields(
    *, spec: ScenarioSpec, result: ConversationResult, knowledge: str, allowed_contacts: Sequence[str], api_key: str
) -> dict[str, Any]:
    """Score one finished conversation by rules. PII values and the key are masked in what is stored."""
    turns = list(result.turns)
    base: dict[str, Any] = {
        "tool_calls": [call.to_dict() for call in result.tool_calls],
        "latency_ms": result.mean_latency_ms,
        "started_at": result.started_at,
        "finished_at": result.finished_at,
    }
    if result.error is not None:
        error = result.error
        return {
            **base,
            "transcript": _masked_transcript(turns, api_key),
            "verdict": Verdict.ERROR,
            "error_kind": error.kind.value,
            "error_message": redact(error.message, api_key) if api_key else error.message,
            "rationale": "The agent gave no reply, so this run is an error, not a pass or a fail.",
        }
    outcome = evaluate_rules(
        spec, turns=turns, tool_calls=result.tool_calls, knowledge=knowledge, allowed_contacts=allowed_contacts
    )
    findings = [
        {"rule": f.rule, "passed": f.passed, "hard": f.hard, "message": f.message} for f in outcome.findings
    ]
    if outcome.verdict == "fail":
        verdict, rationale = Verdict.FAIL, "; ".join(f.message for f in outcome.findings if not f.passed and f.hard)
    elif outcome.verdict == "pass":
        verdict, rationale = Verdict.PASS, "Every rule passed and nothing needed the judge."
    elif outcome.rules_verdict == "pass":  # rules-only: the deterministic checks this scenario has all passed
        verdict, rationale = Verdict.PASS, "Rules only: every deterministic check of this scenario passed."
    else:
        verdict, rationale = Verdict.NOT_SCORED, NO_JUDGE_RATIONALE
    return {
        **base,
        "transcript": _masked_transcript(turns, api_key),
        "rule_findings": findings,
        "verdict": verdict,
        "score": {Verdict.PASS: 100.0, Verdict.FAIL: 0.0}.get(verdict),
        "rationale": rationale,
        "is_refusal": outcome.is_refusal,
        "is_breach": verdict == Verdict.FAIL and (spec.kind in BREACH_KINDS or bool(outcome.pii_findings)),
    }


def _masked_transcript(turns: Sequence[Any], api_key: str) -> list[dict[str, str]]:
    masked = []
    for turn in turns:
        content = mask_pii(turn.content, withhold_contacts=False) if turn.role == "assistant" else turn.content
        masked.append({"role": turn.role, "content": redact(content, api_key) if api_key else content})
    return masked


def attempt_save(
    *, run: EvaluationRun, result: ConversationResult, knowledge: str, allowed_contacts: Sequence[str], api_key: str
) -> bool:
    """Write one attempt; False when it was already there (a redelivered task)."""
    fields = attempt_fields(
        spec=result.job.spec, result=result, knowledge=knowledge, allowed_contacts=allowed_contacts, api_key=api_key
    )
    try:
        with transaction.atomic():
            Attempt.objects.create(
                run=run,
                scenario_key=result.job.spec.key,
                repeat=result.job.repeat,
                judge_model=run.judge_model,
                judge_prompt_version=run.judge_prompt_version,
                judge_strictness=run.judge_strictness,
                **fields,
            )
    except IntegrityError:
        return False
    return True


def run_score(*, run: EvaluationRun) -> None:
    specs = [ScenarioSpec.from_dict(data) for data in run.scenarios]
    attempts = list(run.attempts.only("scenario_key", "verdict", "is_refusal", "is_breach", "latency_ms", "error_message"))
    summary = compute_metrics(specs, attempts)
    errors = [a for a in attempts if a.verdict == Verdict.ERROR]
    is_down = bool(attempts) and len(errors) == len(attempts)
    status, message = RunStatus.SUCCEEDED, ""
    if is_down:
        reason, _ = Counter(a.error_message for a in errors).most_common(1)[0]
        status = RunStatus.FAILED
        message = f"The agent is down: none of the {len(attempts)} conversations got a reply. Most common reason: {reason}"
    with transaction.atomic():
        EvaluationRun.objects.filter(pk=run.pk).update(
            metrics=summary,
            trust_score=summary["trust_score"],
            is_agent_down=is_down,
            status=status,
            stage=RunStage.DONE,
            error_message=message,
            finished_at=timezone.now(),
        )
        run_secret_delete(run_id=run.pk)


def _run_fail(run: EvaluationRun, message: str) -> None:
    with transaction.atomic():
        EvaluationRun.objects.filter(pk=run.pk).update(
            status=RunStatus.FAILED, error_message=message, finished_at=timezone.now()
        )
        run_secret_delete(run_id=run.pk)


def run_cancel(*, run: EvaluationRun) -> None:
    with transaction.atomic():
        EvaluationRun.objects.filter(pk=run.pk, status__in=ACTIVE_STATUSES).update(
            status=RunStatus.CANCELLED, error_message="Cancelled by a user.", finished_at=timezone.now()
        )
        run_secret_delete(run_id=run.pk)


def _set_stage(run: EvaluationRun, stage: str) -> None:
    run.stage = stage
    EvaluationRun.objects.filter(pk=run.pk).update(stage=stage)

