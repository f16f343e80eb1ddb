"""Topping up a baseline when it is pinned (docs/gate.md, "Stronger baselines"): a run of exactly the scenarios the
baseline froze (its canary, judge and strictness), launched, estimated, held and charged like any run, whose
attempts the gate counts with the baseline's once it has succeeded. The baseline run itself, its report and its
verdict record are never changed."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from django.db import transaction

from evaluations.core.specs import ScenarioSpec
from evaluations.gate import rules as gate
from evaluations.gate.profile import launch_settings_of_run, run_mode
from evaluations.gate.selectors import baseline_pin_refusal
from evaluations.gate.services import BaselineError, baseline_pin, baseline_topup_record
from evaluations.gate.topups import baseline_size, topups_of_run
from evaluations.launches.estimate import LaunchEstimate, launch_estimate
from evaluations.launches.plan import Frozen, LaunchPlan, launch_plan
from evaluations.launches.request import MAX_RUNS_PER_SCENARIO, LaunchError, LaunchRequest
from evaluations.launches.services import run_launch
from evaluations.llm.clients import judge_provider
from evaluations.runs.choices import ACTIVE_STATUSES
from evaluations.scoring.judge import JUDGE_PROMPT_VERSION

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun

TOPUP_TARGETS = (5, 10, 15, 20)  # the baseline sizes (runs per scenario, top-ups included) the pin page offers


class TopUpError(LaunchError):
    """The baseline cannot be topped up; the message says why. Nothing was pinned, launched or charged."""


@dataclasses.dataclass(frozen=True)
class TopUpOffer:
    """What the pin confirmation offers: the baseline's size now, the sizes it can be topped up to with what each
    costs at most, or why it cannot be topped up."""

    size: int
    options: tuple[tuple[int, LaunchEstimate], ...]  # (size after the top-up, the top-up's estimate)
    refusal: str
    pending: tuple[int, ...]  # top-up runs still in progress


def topup_refusal(*, run: EvaluationRun) -> str:
    """Why ``run`` cannot be topped up, in a sentence; "" when it can."""
    if refusal := baseline_pin_refusal(run=run):
        return refusal
    if run_mode(run) == gate.GENERATED:
        return (
            "A run of generated scenarios cannot be topped up (the gate compares generated runs on pooled rates): "
            "pin it as it is, or launch it with more runs per scenario."
        )
    if run.agent is None or run.agent.is_archived:
        return "The agent of this run is archived, so it cannot be run again to top up this baseline."
    if not run.is_rules_only:
        if judge_provider() == "rules_only":
            return (
                "This run was scored by the LLM judge, and no model provider is configured now, so more runs could "
                "not be scored the same way: configure the provider again, or pin the run as it is."
            )
        if run.judge_prompt_version != JUDGE_PROMPT_VERSION:
            return (
                f"The judge prompt changed since this run (version {run.judge_prompt_version}, now "
                f"{JUDGE_PROMPT_VERSION}), so more runs would be scored differently: pin the run as it is, or pin a "
                "new run with more runs per scenario."
            )
    return ""


def _request(run: EvaluationRun, extra: int, api_key: str) -> LaunchRequest:
    if run.agent is None:  # not reached: ``topup_refusal`` said so first
        raise TopUpError("The agent of this run was deleted, so the run cannot be topped up.")
    settings = launch_settings_of_run(run)
    overrides = {**settings.to_dict(), "runs_per_scenario": extra}
    return LaunchRequest(
        agent=run.agent, suite=run.suite, overrides=overrides, api_key=api_key, endpoint_url=run.endpoint_url
    )


def _plan(run: EvaluationRun, request: LaunchRequest) -> LaunchPlan:
    """The plan of a top-up: the baseline's frozen scenarios, canary and judge, not the suite's as it is now."""
    plan = launch_plan(request, against_baseline=False)
    settings = run.settings
    frozen = Frozen(
        canary=settings.canary,
        specs=tuple(ScenarioSpec.from_dict(data) for data in run.scenarios or []),
        judge_model=run.judge_model,
        judge_provider=settings.judge_provider,
        judge_prompt_version=run.judge_prompt_version,
        judge_strictness=run.judge_strictness,
        redteam_depth=settings.redteam_depth,
        redteam_library_version=settings.redteam_library_version,
        redteam_strategies=settings.redteam_strategies,
    )
    return dataclasses.replace(plan, frozen=frozen, warnings=())


def topup_offer(*, run: EvaluationRun) -> TopUpOffer:
    """The pin page's offer (estimates only: nothing is held)."""
    size = baseline_size(run)
    pending = tuple(t.topup_run_id for t in topups_of_run(run=run) if t.topup_run.status in ACTIVE_STATUSES)
    refusal = topup_refusal(run=run)
    if refusal:
        return TopUpOffer(size, (), refusal, pending)
    options = []
    for target in TOPUP_TARGETS:
        extra = target - size
        if 1 <= extra <= MAX_RUNS_PER_SCENARIO:
            request = _request(run, extra, "")
            options.append((target, launch_estimate(request=request, plan=_plan(run, request))))
    return TopUpOffer(size, tuple(options), "", pending)


def baseline_topup(*, user: Any, run: EvaluationRun, target: int, api_key: str = "", launch_key: str = "") -> Any:
    """Pin ``run`` (if it is not the baseline already) and launch a run of its frozen scenarios that brings it to
    ``target`` runs per scenario, in one transaction: a refusal (the top-up's credits, the run limit) pins nothing.
    The Publish role (pin) and Write (launch) are checked by the caller. Returns the top-up run. Raises TopUpError,
    LaunchError as ``run_launch`` does, and AlreadyLaunched for a form submitted twice."""
    if refusal := topup_refusal(run=run):
        raise TopUpError(refusal)
    size = baseline_size(run)
    extra = target - size
    if not 1 <= extra <= MAX_RUNS_PER_SCENARIO:
        raise TopUpError(
            f"This baseline has {size} runs per scenario: choose a size above it, at most "
            f"{size + MAX_RUNS_PER_SCENARIO} (a top-up adds 1 to {MAX_RUNS_PER_SCENARIO} runs per scenario)."
        )
    request = _request(run, extra, api_key)
    plan = _plan(run, request)
    with transaction.atomic():
        try:
            baseline_pin(run=run, user=user, note=f"A top-up to {target} runs per scenario was launched.")
        except BaselineError as exc:
            raise TopUpError(str(exc)) from exc
        topup = run_launch(user=user, request=request, plan=plan, launch_key=launch_key)
        baseline_topup_record(run=run, topup_run=topup, user=user)
    return topup
