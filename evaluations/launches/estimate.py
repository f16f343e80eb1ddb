"""What a launch will cost and score, before it is made: the planned scenarios and conversations, the most
credits it can take (the same figure the launch holds, docs/credits.md) and, for a rules-only run, how many
scenarios the rules alone can score. Computed once per request, from the plan."""

from __future__ import annotations

import dataclasses

from billing.services import CostEstimate, run_cost_estimate
from evaluations.launches.plan import LaunchPlan
from evaluations.launches.request import LaunchRequest
from evaluations.scoring.rules.engine import rules_can_score
from suites.generation import DEFAULT_COUNTS, MAX_TURNS_PER_SCENARIO


@dataclasses.dataclass(frozen=True)
class RulesCoverage:
    scorable: int
    total: int

    @property
    def rest(self) -> int:
        return self.total - self.scorable


@dataclasses.dataclass(frozen=True)
class LaunchEstimate:
    scenarios: int  # planned: the suite's and the attacks, and for Generate new the most the model may write
    runs_per_scenario: int
    credits: CostEstimate
    rules_coverage: RulesCoverage | None  # a rules-only run of frozen scenarios: how many the rules can score

    @property
    def conversations(self) -> int:
        return self.scenarios * self.runs_per_scenario


def launch_estimate(*, request: LaunchRequest, plan: LaunchPlan) -> LaunchEstimate:
    """Exact for saved suites; for generated kinds an upper bound: every scenario the model may write, at the most
    turns it may give, and two generation calls (the proposal and its one retry)."""
    frozen, runs = plan.frozen, plan.settings.runs_per_scenario
    planned = [spec.to_dict() for spec in frozen.specs]
    for kind in request.generate_kinds:
        planned += [{"turns": [""] * MAX_TURNS_PER_SCENARIO}] * DEFAULT_COUNTS[kind]
    credits = run_cost_estimate(
        scenarios=planned,
        runs_per_scenario=runs,
        judge_enabled=frozen.judge_enabled,
        generation_calls=2 if request.generate_kinds else 0,
    )
    coverage = None
    if not frozen.judge_enabled and not request.generate_kinds:
        coverage = RulesCoverage(sum(rules_can_score(spec) for spec in frozen.specs), len(frozen.specs))
    return LaunchEstimate(len(planned), runs, credits, coverage)
