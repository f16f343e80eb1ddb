"""The one service that launches a run, from the web form and the CI API alike: check the request, plan it
(unless the caller already did, for the same request), refuse what cannot run, and create the run with its
frozen settings, its credit hold and its encrypted key in one transaction (docs/runs.md). A launch key (the API's
Idempotency-Key, the form's one-time token) makes a retried launch answer its first run (docs/ci.md)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare

from billing.audit import AuditAction, audit_record
from billing.services import InsufficientCredits, account_lock
from evaluations.gate.rules.confirmation import MAX_CONFIRMATION_RUNS
from evaluations.launches.estimate import launch_estimate
from evaluations.launches.plan import LaunchPlan, launch_plan
from evaluations.launches.request import (
    LAUNCH_KEY_HOURS,
    MAX_ACTIVE_RUNS_PER_ACCOUNT,
    MAX_PARALLEL,
    MAX_RUNS_PER_SCENARIO,
    AlreadyLaunched,
    LaunchError,
    LaunchKeyReused,
    LaunchRequest,
    TooManyRuns,
)
from evaluations.llm.clients import judge_provider
from evaluations.runs import selectors as run_selectors
from evaluations.runs import services as run_services
from evaluations.runs.snapshot import GENERATED, SAVED_SUITE, CiSource, GateOptions, RunSettings
from evaluations.scoring.rules.engine import rules_can_score

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun

# Refused when rules can neither decide nor fail any scenario (docs/scoring.md, Rules decide, or only fail).
RULES_ONLY_REFUSAL = (
    "Every scenario of this run needs the LLM judge, and no model provider is configured (rules only), so the run "
    "would score nothing. Configure a model provider, or add scenarios rules can decide alone: required or "
    "forbidden phrases or tool-call checks, without an expected outcome or correct answer."
)


def run_launch(
    *, user: Any, request: LaunchRequest, plan: LaunchPlan | None = None, launch_key: str = ""
) -> EvaluationRun:
    """Freeze every setting and scenario, keep the key encrypted until the run ends, and enqueue it.

    ``plan`` is ``launch_plan(request)`` when the caller has it already (it showed the plan's warnings). Raises
    TooManyRuns (a LaunchError) when the workspace already has MAX_ACTIVE_RUNS_PER_ACCOUNT runs in progress,
    LaunchPlanError as ``launch_plan`` does, and LaunchError for any other refusal; then nothing was created.

    With ``launch_key`` (checked by ``launch_key_problem``) the workspace launches once per key for
    LAUNCH_KEY_HOURS: raises AlreadyLaunched with the first run when the key launched this same request, even if
    the launch would now be refused, and LaunchKeyReused (a LaunchError) when it launched another; then nothing
    was created or charged. A refused launch leaves its key free.
    """
    try:
        return _launch(user=user, request=request, plan=plan, launch_key=launch_key)
    except IntegrityError:
        if not launch_key:
            raise
        _launch_key_check(request, launch_key)  # lost the race for the key: answer the launch that won it
        raise


@transaction.atomic
def _launch(*, user: Any, request: LaunchRequest, plan: LaunchPlan | None, launch_key: str) -> EvaluationRun:
    plan = plan or launch_plan(request)
    if launch_key:
        # Before any refusal, so a retry answers its first run even when the workspace is now at its run limit or
        # out of credits. The account row stays locked until this launch commits, so a second launch with the key
        # waits here and then finds it (on SQLite the IMMEDIATE transaction mode serializes them the same way).
        account_lock(account_id=request.agent.account_id)
        _launch_key_check(request, launch_key)
    _refusal_check(request, plan)
    agent, suite, frozen, settings = request.agent, request.suite, plan.frozen, plan.settings
    estimate = launch_estimate(request=request, plan=plan)
    config = agent.to_config(endpoint_url=request.endpoint_url or None)
    contacts = settings.allowed_contacts if settings.allowed_contacts is not None else agent.allowed_contact_list
    run_settings = RunSettings(
        mode=GENERATED if request.generate_kinds else SAVED_SUITE,
        knowledge=agent.knowledge,
        allowed_contacts=tuple(contacts),
        secret_markers=tuple(agent.secret_marker_list),
        suite_kinds=request.generate_kinds,
        canary=frozen.canary,
        judge_provider=frozen.judge_provider,
        redteam_depth=frozen.redteam_depth,
        redteam_library_version=frozen.redteam_library_version,
        redteam_strategies=frozen.redteam_strategies,
        redteam_seed=settings.redteam_seed if frozen.redteam_strategies else 0,
        redteam_attacker_model=frozen.redteam_attacker_model,
        compare_with_endpoint=request.compare_with_endpoint
        if request.compare_with_endpoint != config.endpoint_url
        else "",
        launch_warnings=plan.warnings,
        launched_via="api" if request.ci is not None else "",
        gate_options=request.ci.options if request.ci is not None else GateOptions(),
        ci_source=request.ci.source if request.ci is not None else CiSource(),
        confirmation_runs=estimate.confirmation_runs,
    )
    _active_runs_check(account_id=agent.account_id)
    fields = {
        "agent_name": agent.name,
        "suite_name": suite.name if suite is not None else "Generated from the policy" if request.generate_kinds
        else "Red team",
        "suite_version": suite.version if suite is not None else None,
        "endpoint_url": config.endpoint_url,
        "agent_snapshot": config.to_dict(),
        "scenarios": [spec.to_dict() for spec in frozen.specs],
        "runs_per_scenario": settings.runs_per_scenario,
        "parallel": settings.parallel,
        "judge_model": frozen.judge_model,
        "judge_prompt_version": frozen.judge_prompt_version,
        "judge_strictness": frozen.judge_strictness,
    }  # fmt: skip
    try:
        run = run_services.run_create(
            user=user, agent=agent, suite=suite, settings=run_settings, fields=fields,
            api_key=request.api_key, hold=estimate.credits.max_credits,
        )  # fmt: skip
    except InsufficientCredits as exc:
        refused = LaunchError(str(exc))
        refused.payment_required = True
        raise refused from exc  # rolls back this transaction: no run is created
    if request.ci is not None:
        _launch_audit(run, user=user, source=request.ci.source)
    if launch_key:  # the unique (workspace, key) row: of two launches that both missed the check, one commits
        run_services.run_launch_key_record(
            run=run, key=launch_key, fingerprint=request.fingerprint(), since=_launch_key_since()
        )
    return run


def _launch_audit(run: EvaluationRun, *, user: Any, source: CiSource) -> None:
    """The audit line of a launch from the CI API, with what its CI step sent (docs/ci.md#ci-metadata): which
    commit, branch or pull request a run in the workspace's history was for."""
    sent = source.describe()
    summary = (
        f"{user.get_username()} launched run #{run.pk} of {run.suite_name} on {run.agent_name} from CI"
        f"{f' ({sent})' if sent else ''}."
    )
    audit_record(account_id=run.account_id, actor=user, action=AuditAction.RUN_LAUNCH, target=f"run #{run.pk}",
                 summary=summary)  # fmt: skip


def _launch_key_since() -> datetime:
    return timezone.now() - timedelta(hours=LAUNCH_KEY_HOURS)


def _launch_key_check(request: LaunchRequest, launch_key: str) -> None:
    """Raise AlreadyLaunched when the key launched this request within LAUNCH_KEY_HOURS, LaunchKeyReused when it
    launched another."""
    found = run_selectors.run_launch_key_get(
        account_id=request.agent.account_id, key=launch_key, since=_launch_key_since()
    )
    if found is None:
        return
    if not constant_time_compare(found.fingerprint, request.fingerprint()):
        raise LaunchKeyReused(launch_key, found.run_id)
    raise AlreadyLaunched(found.run)


def _refusal_check(request: LaunchRequest, plan: LaunchPlan) -> None:
    settings, specs = plan.settings, plan.frozen.specs
    if not 1 <= settings.runs_per_scenario <= MAX_RUNS_PER_SCENARIO:
        raise LaunchError(f"Runs per scenario must be between 1 and {MAX_RUNS_PER_SCENARIO}.")
    if settings.confirmation_runs is not None and not 0 <= settings.confirmation_runs <= MAX_CONFIRMATION_RUNS:
        raise LaunchError(f"Confirmation runs must be between 0 (off) and {MAX_CONFIRMATION_RUNS}.")
    if not 1 <= settings.parallel <= MAX_PARALLEL:
        raise LaunchError(f"Parallel conversations must be between 1 and {MAX_PARALLEL}.")
    suite, kinds, agent = request.suite, request.generate_kinds, request.agent
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
    if any(spec.attacker for spec in specs) and judge_provider() == "rules_only":
        raise LaunchError(
            "The attacker strategy needs a model to write each attack turn, and none is configured on this "
            "Trustgate. Set ANTHROPIC_API_KEY (or TRUSTGATE_JUDGE_PROVIDER for Bedrock or a self-hosted model), or "
            "leave the attacker strategy out; the other strategies need no model."
        )
    if kinds and not agent.knowledge.strip():
        raise LaunchError(
            "Generate new writes scenarios from the agent's knowledge; add the policy text to the agent first."
        )
    if judge_provider() == "rules_only" and not any(rules_can_score(spec) for spec in specs):
        raise LaunchError(RULES_ONLY_REFUSAL)  # before any credit is held: such a run would score nothing


def _active_runs_check(*, account_id: int) -> None:
    """Refuse a launch past the per-workspace limit. The account row stays locked until the launch commits, so
    two launches at once cannot both take the last slot (on SQLite the IMMEDIATE transaction mode serializes
    them the same way)."""
    account_lock(account_id=account_id)
    active = run_selectors.active_run_count(account_id=account_id)
    if active >= MAX_ACTIVE_RUNS_PER_ACCOUNT:
        raise TooManyRuns(
            f"This workspace already has {active} runs in progress; at most {MAX_ACTIVE_RUNS_PER_ACCOUNT} "
            f"may run at once. Try again when one has finished."
        )
