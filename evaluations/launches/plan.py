"""The plan of a launch, before it is made (and paid for): the settings it will use, defaulting to those of the
pinned baseline of its endpoint + suite so the normal path is comparable by construction; everything the run
will freeze (scenarios, judge, red-team library), computed once; and what the launch must be told (an override
that breaks comparability, runs per scenario too few for the gate). A read: nothing is launched or charged.
docs/gate.md explains the comparability rules and the low-power figures."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from evaluations.connectors.capability import capability_warnings
from evaluations.core.specs import ScenarioSpec, scenario_identity
from evaluations.gate import rules as gate
from evaluations.gate.planner import planner_query, planner_setting, power_summary, power_warning
from evaluations.gate.profile import run_profile
from evaluations.gate.rules.confirmation import DEFAULT_CONFIRMATION_RUNS
from evaluations.gate.selectors import BASELINE, DEFAULTS, launch_baselines, launch_defaults
from evaluations.gate.topups import baseline_size
from evaluations.launches.request import LaunchPlanError, LaunchRequest
from evaluations.llm.clients import judge_provider
from evaluations.runs.attacker import attacker_model
from evaluations.runs.snapshot import LaunchSettings
from evaluations.scoring.choices import JudgeModel
from evaluations.scoring.judge import JUDGE_PROMPT_VERSION
from redteam.encoders import new_canary
from redteam.selectors import redteam_library_version
from redteam.services import attack_specs
from redteam.strategies import ATTACKER
from suites.selectors import suite_specs


def planned_specs(
    *,
    suite: Any,
    redteam_depth: str,
    canary: str,
    strategies: Sequence[str] = (),
    seed: int = 0,
    account_id: int | None = None,
) -> list[ScenarioSpec]:
    """The scenarios a launch drives: the suite's active ones, then the red-team attacks of the depth, the
    workspace's custom attacks (docs/redteam.md, Custom attacks) and those the chosen strategies compose from them
    (docs/redteam.md, Strategies)."""
    specs = suite_specs(suite=suite, canary=canary) if suite is not None else []
    if redteam_depth:
        made = attack_specs(
            redteam_depth, canary, strategies=strategies, seed=seed, account_id=account_id,
            attacker_model=attacker_model() if ATTACKER in strategies else "",
        )  # fmt: skip
        specs += [ScenarioSpec.from_dict(data) for data in made]
    return specs


@dataclasses.dataclass(frozen=True)
class Frozen:
    """What a launch with these settings freezes on the run: its scenarios (with the run's one canary), the judge
    it is scored with and the red-team library. Computed once per request; the plan, the estimate and the run
    itself all read this one value."""

    canary: str
    specs: tuple[ScenarioSpec, ...]
    judge_model: str
    judge_provider: str  # "rules_only" when no judge scores the run
    judge_prompt_version: str
    judge_strictness: str
    redteam_depth: str
    redteam_library_version: str
    redteam_strategies: tuple[str, ...] = ()
    redteam_attacker_model: str = ""  # the attacker strategy's model (docs/redteam.md, The attacker model)

    @property
    def judge_enabled(self) -> bool:
        return self.judge_model != JudgeModel.RULES_ONLY

    @property
    def redteam_counts(self) -> tuple[int, int, int]:
        """(attacks from the library, attacks the offline strategies composed from them, attack goals the attacker
        model works on) among the specs."""
        attacks = [spec for spec in self.specs if spec.attack_id]
        adaptive = sum(1 for spec in attacks if spec.attacker)
        composed = sum(1 for spec in attacks if spec.strategy) - adaptive
        return len(attacks) - composed - adaptive, composed, adaptive

    def profile(self, *, suite: Any) -> gate.Profile:
        """The gate profile of this launch (a saved suite's run, or red-team attacks alone)."""
        return gate.Profile(
            mode=gate.SAVED,
            suite_id=suite.pk if suite is not None else None,
            suite_version=suite.version if suite is not None else None,
            scenario_keys=frozenset(spec.key for spec in self.specs),
            judge_model=self.judge_model,
            judge_provider=self.judge_provider,
            judge_prompt_version=self.judge_prompt_version,
            judge_strictness=self.judge_strictness,
            redteam_library_version=self.redteam_library_version,
            redteam_depth=self.redteam_depth,
            redteam_strategies=self.redteam_strategies,
            redteam_attacker_model=self.redteam_attacker_model,
        )


def launch_frozen(*, agent: Any, suite: Any, settings: LaunchSettings) -> Frozen:
    """The judge falls back to rules only when no provider is set up on this Trustgate."""
    canary = new_canary()
    provider = judge_provider()
    judge = JudgeModel.RULES_ONLY if provider == "rules_only" else settings.judge_model or agent.judge_model
    enabled = judge != JudgeModel.RULES_ONLY
    return Frozen(
        canary=canary,
        specs=tuple(
            planned_specs(
                suite=suite,
                redteam_depth=settings.redteam_depth,
                canary=canary,
                strategies=settings.redteam_strategies,
                seed=settings.redteam_seed,
                account_id=agent.account_id,
            )
        ),  # fmt: skip
        judge_model=judge,
        judge_provider=provider if enabled else "rules_only",
        judge_prompt_version=JUDGE_PROMPT_VERSION if enabled else "",
        judge_strictness=settings.judge_strictness or agent.judge_strictness,
        redteam_depth=settings.redteam_depth,
        redteam_library_version=redteam_library_version(account_id=agent.account_id) if settings.redteam_depth else "",
        redteam_strategies=settings.redteam_strategies if settings.redteam_depth else (),
        redteam_attacker_model=attacker_model()
        if settings.redteam_depth and ATTACKER in settings.redteam_strategies
        else "",
    )


@dataclasses.dataclass(frozen=True)
class LaunchPlan:
    """The settings a launch will use (defaults from the pinned baseline, then the overrides), what it freezes,
    and what the launch must be told before it is paid for: whether it will be comparable with the baseline, and
    low power."""

    settings: LaunchSettings
    frozen: Frozen
    source: str  # where the defaults came from: "baseline", "profile" or "defaults"
    baseline_run_id: int | None
    baseline_endpoint: str
    differences: tuple[str, ...]  # each setting that makes the run not comparable with the baseline
    warnings: tuple[str, ...]
    is_gated: bool  # False for Generate new: no baseline scope to plan against, nothing shown
    baseline_runs: int | None = None  # the baseline's runs per scenario, a top-up's included (None: no baseline)
    has_suite: bool = False  # a saved suite's run (not red-team attacks alone)

    @property
    def planner_query(self) -> str:
        """The power planner's query for this launch's settings ("" when it is not gated)."""
        if not self.is_gated or not self.frozen.specs:
            return ""
        kinds = [spec.kind for spec in self.frozen.specs]
        return planner_query(
            runs=self.settings.runs_per_scenario,
            baseline_runs=self.baseline_runs,
            kinds=kinds,
            confirmation_runs=self.confirmation_runs,
        )

    @property
    def comparable(self) -> bool | None:
        """None when there is no baseline to compare with."""
        return None if self.baseline_run_id is None else not self.differences

    @property
    def confirmation_runs(self) -> int:
        """The most confirmation runs per open scenario this run may drive (docs/gate.md, *Confirmation runs*): the
        setting, by default ``DEFAULT_CONFIRMATION_RUNS``, on a saved suite compared with a pinned baseline; else 0."""
        if not self.is_gated or not self.comparable:
            return 0
        return confirmation_runs_for(self.settings, has_suite=self.has_suite, comparable=True)

    def to_dict(self) -> dict[str, Any]:
        return {
            "settings": self.settings.to_dict(),
            "confirmation_runs": self.confirmation_runs,
            "defaults_from": self.source,
            "baseline_run_id": self.baseline_run_id,
            "baseline_endpoint_url": self.baseline_endpoint,
            "comparable": self.comparable,
            "warnings": list(self.warnings),
        }


def launch_plan(request: LaunchRequest, *, against_baseline: bool = True) -> LaunchPlan:
    """The plan of ``request``: the settings of the pinned baseline of the endpoint + suite (or of
    ``compare_with_endpoint``'s) when there is one, else the suite's run profile, else the defaults; the overrides
    win. Generate new has no baseline to start from: its overrides over the defaults, and so has a plan made
    ``against_baseline=False`` (the live estimate's, when the baseline to compare with is missing).

    Raises LaunchPlanError when ``compare_with_endpoint`` is another endpoint without a baseline to compare with.
    """
    agent, suite = request.agent, request.suite
    if not request.is_gated or not against_baseline:
        settings = LaunchSettings.from_dict(request.overrides)
        frozen = launch_frozen(agent=agent, suite=suite, settings=settings)
        return LaunchPlan(settings, frozen, DEFAULTS, None, "", (), _capability(request, frozen), is_gated=False)
    endpoint = request.endpoint_url or agent.endpoint_url
    other = request.compare_with_endpoint if request.compare_with_endpoint != endpoint else ""
    defaults = launch_defaults(
        agent=agent, suite=suite, endpoint_url=endpoint, compare_with_endpoint=other,
        redteam_depth=request.redteam_depth,
    )  # fmt: skip
    what = f"suite “{suite.name}”" if suite is not None else "these red-team attacks"
    if other and defaults.source != BASELINE:
        raise LaunchPlanError(
            "compare_with_endpoint",
            f"No baseline is pinned for {agent.name} at {other} with {what}, so there is nothing to compare with "
            "there. Pin a run of that endpoint first, or leave this empty to use this endpoint's own baseline.",
        )
    if defaults.source != BASELINE and request.ci is not None and request.ci.options.fail_on_no_baseline:
        elsewhere = _elsewhere(request, endpoint)
        raise LaunchPlanError(  # decided here, before anything is held or charged (docs/ci.md)
            "fail_on_no_baseline",
            f"fail_on_no_baseline is set and no baseline is pinned for {agent.name} at {endpoint} with {what}, so "
            "the release gate could not run: nothing was launched or charged." + (elsewhere or " Pin a good run as "
            "the baseline first, or leave fail_on_no_baseline off for the run you will pin."),
        )  # fmt: skip
    settings = LaunchSettings.from_dict({**defaults.settings.to_dict(), **request.overrides})
    frozen = launch_frozen(agent=agent, suite=suite, settings=settings)
    baseline_run = defaults.baseline.run if defaults.baseline is not None else None
    differences: tuple[str, ...] = ()
    warnings: list[str] = []
    if baseline_run is not None:
        differences, said = _comparability(request, defaults.settings, baseline_run, frozen)
        warnings += said
    elif request.endpoint_url and endpoint != agent.endpoint_url:
        warnings.append(
            f"Not gated: this run goes to {endpoint} (an endpoint override), where no baseline is pinned with "
            f"{what}, and compare_with_endpoint is not set, so the release gate will not compare it with anything "
            "and a regression would pass." + _elsewhere(request, endpoint)
        )
    baseline_runs = baseline_size(baseline_run) if baseline_run is not None else None
    low = low_power_warning(
        runs_per_scenario=settings.runs_per_scenario,
        baseline_runs=baseline_runs,
        kinds=[spec.kind for spec in frozen.specs],
        confirmation_runs=confirmation_runs_for(settings, has_suite=suite is not None, comparable=not differences)
        if baseline_run is not None
        else 0,
    )
    warnings += [low] if low else []
    warnings += _capability(request, frozen)
    return LaunchPlan(
        settings, frozen, defaults.source, baseline_run.pk if baseline_run is not None else None,
        defaults.endpoint_url, differences, tuple(warnings), is_gated=True, baseline_runs=baseline_runs,
        has_suite=suite is not None,
    )  # fmt: skip


def _elsewhere(request: LaunchRequest, endpoint: str) -> str:
    """A sentence naming the agent's baselines at other endpoints for what the launch runs, and how to be
    compared with one; empty without any."""
    pins = [pin for pin in launch_baselines(agent=request.agent, suite=request.suite,
                                            redteam_depth=request.redteam_depth) if pin.endpoint_url != endpoint]  # fmt: skip
    if not pins:
        return ""
    named = "; ".join(f"{pin.endpoint_url} (run #{pin.run_id})" for pin in pins)
    return (
        f" {request.agent.name} has a baseline at {named}: to gate this run against it, set "
        f"compare_with_endpoint: {pins[0].endpoint_url} (TRUSTGATE_COMPARE_WITH_ENDPOINT in the Use in CI step, "
        "“Gate against the baseline of” on the New evaluation page)."
    )


_SETTABLE = {
    "judge_model",
    "judge_strictness",
    "redteam_depth",
    "redteam_strategies",
}  # the gate profile's fields a launch can set


def _comparability(
    request: LaunchRequest, baseline_settings: LaunchSettings, baseline_run: Any, frozen: Frozen
) -> tuple[tuple[str, ...], list[str]]:
    """What makes the launch not comparable with ``baseline_run`` (empty: comparable) and the warnings to show:
    each difference with what to do about it ("leave the setting out" only for one this launch set), and what a
    changed suite means for the comparison (docs/gate.md, "When the suite changes")."""
    base_profile, profile = run_profile(baseline_run), frozen.profile(suite=request.suite)
    differences: list[str] = []
    warnings: list[str] = []
    lead = f"Not comparable with baseline run #{baseline_run.pk}:"
    for field, difference in gate.setting_difference_fields(base_profile, profile):
        differences.append(difference)
        was_set = field in _SETTABLE and field in request.overrides and (
            request.overrides[field] != getattr(baseline_settings, field)
        )  # fmt: skip
        if was_set:
            advice = "The release gate will fail this run; leave the setting out to use the baseline's."
        else:
            advice = (
                "No setting of this launch causes it (it changed on this Trustgate since the baseline was pinned), "
                "so the release gate will fail this run; if the change is intended, pin a good run made this way "
                "as the baseline."
            )
        warnings.append(f"{lead} {difference} {advice}")
    if not differences and gate.scenario_set_difference(base_profile, profile):
        change = gate.match_scenarios(
            [_change_scenario(data) for data in baseline_run.scenarios or []],
            [_change_scenario(spec.to_dict()) for spec in frozen.specs],
            baseline_version=base_profile.suite_version,
            current_version=profile.suite_version,
        )
        if not change.matched:
            differences.append(change.sentence())
            warnings.append(
                f"{lead} {change.sentence()} The release gate will fail this run; pin a good run of this version "
                "of the suite as the baseline to gate the next ones."
            )
        else:
            warnings.append(
                f"Compared with baseline run #{baseline_run.pk} on what did not change: {change.sentence()}"
            )
    return tuple(differences), warnings


def _change_scenario(data: dict[str, Any]) -> gate.ChangeScenario:
    return gate.ChangeScenario(
        str(data.get("key", "")), str(data.get("name") or data.get("key")), scenario_identity(data)
    )


def _capability(request: LaunchRequest, frozen: Frozen) -> tuple[str, ...]:
    """The scenarios the agent's protocol or settings cannot exercise, which the run will not score."""
    return capability_warnings(request.agent.to_config(endpoint_url=request.endpoint_url or None), frozen.specs)


def confirmation_runs_for(settings: LaunchSettings, *, has_suite: bool, comparable: bool) -> int:
    """``LaunchPlan.confirmation_runs`` from its parts: the launch plan's warning is said before the plan exists, and
    the pin page models what later runs of a saved suite bring against a baseline."""
    if not has_suite or not comparable:
        return 0
    runs = settings.confirmation_runs
    return DEFAULT_CONFIRMATION_RUNS if runs is None else runs


def low_power_warning(
    *, runs_per_scenario: int, baseline_runs: int | None, kinds: Sequence[str], confirmation_runs: int = 0
) -> str:
    """The low-power warning for these settings: the planner's figure (``gate.planner.power_warning``, the one
    sentence every page, the CI API and the CI logs quote; docs/gate.md, "The power planner"), with the run's
    ``confirmation_runs`` modelled."""
    setting = planner_setting(
        runs=runs_per_scenario, baseline_runs=baseline_runs, kinds=kinds, confirmation_runs=confirmation_runs
    )
    return power_warning(setting=setting, has_baseline=baseline_runs is not None)


def launch_power(plan: LaunchPlan) -> dict[str, Any] | None:
    """The planner's figures for a gated launch (the CI API's ``power``, docs/ci.md); None when not gated."""
    if not plan.is_gated or not plan.frozen.specs:
        return None
    setting = planner_setting(
        runs=plan.settings.runs_per_scenario,
        baseline_runs=plan.baseline_runs,
        kinds=[spec.kind for spec in plan.frozen.specs],
        confirmation_runs=plan.confirmation_runs,
    )
    return power_summary(setting=setting, has_baseline=plan.baseline_runs is not None)
