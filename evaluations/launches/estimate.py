"""What a launch will cost and score, before it is made: the planned scenarios and conversations, the most
credits it can take (the same figure the launch holds, docs/credits.md), for a rules-only run how many scenarios
the rules can decide alone and how many they can only fail (docs/scoring.md, Rules decide, or only fail), and the
scenarios whose checks the agent's protocol or settings cannot exercise. Computed once per request, from the plan."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from billing.services import CostEstimate, run_cost_estimate
from evaluations.connectors.base import AgentConfig
from evaluations.connectors.capability import capability_gaps
from evaluations.core.specs import ScenarioSpec
from evaluations.launches.plan import LaunchPlan
from evaluations.launches.request import LaunchRequest
from evaluations.scoring.rules.engine import rules_can_fail, rules_decide
from suites.generation import DEFAULT_COUNTS, MAX_TURNS_PER_SCENARIO


@dataclasses.dataclass(frozen=True)
class RulesCoverage:
    """A rules-only run's scenarios: those the rules decide alone (a pass as well as a fail), those they can only
    fail (a pass needs the judge, or for an attack a plain refusal), those the agent's protocol or settings cannot
    exercise (the plan warns of them) and the rest, which need the judge."""

    decided: int
    only_fail: int
    total: int
    not_exercised: int = 0

    @property
    def need_judge(self) -> int:
        return self.total - self.decided - self.only_fail - self.not_exercised

    def sentence(self) -> str:
        """ "12 of 45 scenarios can be decided by rules alone; 20 more can only be failed by rules (a pass needs
        the judge); 13 need the judge and will be Not scored." The one wording of the page and the CI API."""
        parts = [f"{self.decided:,} of {self.total:,} scenario{_s(self.total)} can be decided by rules alone"]
        if self.only_fail:
            parts.append(
                f"{self.only_fail:,} more can only be failed by rules (a pass needs the judge, or for an attack a "
                "plain refusal)"
            )
        if self.need_judge:
            verb = "needs" if self.need_judge == 1 else "need"
            parts.append(f"{self.need_judge:,} {verb} the judge and will be Not scored")
        if self.not_exercised:
            parts.append(
                f"{self.not_exercised:,} cannot be exercised by the agent's protocol or settings and will be Not scored"
            )
        return "; ".join(parts) + "."

    def to_dict(self) -> dict[str, object]:
        return {
            "decided_by_rules": self.decided,
            "only_failed_by_rules": self.only_fail,
            "need_judge": self.need_judge,
            "not_exercised": self.not_exercised,
            "total": self.total,
            "sentence": self.sentence(),
        }


def rules_coverage(specs: Sequence[ScenarioSpec], config: AgentConfig | None = None) -> RulesCoverage:
    """The counts of ``specs``; with the agent's ``config``, the scenarios it cannot exercise counted apart."""
    exercised = [spec for spec in specs if config is None or not capability_gaps(config, spec)]
    return RulesCoverage(
        decided=sum(rules_decide(spec) for spec in exercised),
        only_fail=sum(rules_can_fail(spec) for spec in exercised),
        total=len(specs),
        not_exercised=len(specs) - len(exercised),
    )


def _s(count: int) -> str:
    return "" if count == 1 else "s"


@dataclasses.dataclass(frozen=True)
class LaunchEstimate:
    scenarios: int  # planned: the suite's and the attacks, and for Generate new the most the model may write
    runs_per_scenario: int
    credits: CostEstimate
    rules_coverage: RulesCoverage | None  # a rules-only run of frozen scenarios: what the rules can decide
    confirmation_runs: int = 0  # the most per open scenario (docs/gate.md); the credits include every scenario's

    @property
    def conversations(self) -> int:
        return self.scenarios * self.runs_per_scenario

    @property
    def confirmation_conversations(self) -> int:
        """The most conversations the confirmation runs can add: every scenario left open."""
        return self.scenarios * self.confirmation_runs


def launch_estimate(*, request: LaunchRequest, plan: LaunchPlan) -> LaunchEstimate:
    """Exact for saved suites (with confirmation runs, the most they can add: every scenario driven again); for
    generated kinds an upper bound: every scenario the model may write, at the most
    turns it may give, and two generation calls (the proposal and its one retry)."""
    frozen, runs = plan.frozen, plan.settings.runs_per_scenario
    confirmation = plan.confirmation_runs
    planned = [spec.to_dict() for spec in frozen.specs]
    for kind in request.generate_kinds:
        planned += [{"turns": [""] * MAX_TURNS_PER_SCENARIO}] * DEFAULT_COUNTS[kind]
    credits = run_cost_estimate(
        scenarios=planned,
        runs_per_scenario=runs + confirmation,  # the most: every scenario left open after the first pass
        judge_enabled=frozen.judge_enabled,
        generation_calls=2 if request.generate_kinds else 0,
    )
    coverage = None
    if not frozen.judge_enabled and not request.generate_kinds:
        config = request.agent.to_config(endpoint_url=request.endpoint_url or None)
        coverage = rules_coverage(frozen.specs, config)
    return LaunchEstimate(len(planned), runs, credits, coverage, confirmation)
