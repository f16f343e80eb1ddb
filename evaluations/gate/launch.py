"""Launch plans: the settings a run will use before it is launched (and paid for), defaulting to those of the
pinned baseline of its endpoint + suite so the normal path is comparable by construction, and the warnings a
launch is told (an override that breaks comparability, runs per scenario too few for the gate). A read: the web
form, "Run again", the CI API and the Use in CI page all plan through here."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from evaluations.gate import rules as gate
from evaluations.gate.profile import DEFAULT_LAUNCH_SETTINGS, profile_from_plan, run_profile
from evaluations.gate.selectors import BASELINE, launch_defaults
from evaluations.runs.services import run_launch_profile

LAUNCH_KEYS = tuple(DEFAULT_LAUNCH_SETTINGS)  # the run settings a launch may set


class LaunchPlanError(Exception):
    """The launch cannot be planned; ``field`` names the input at fault and the message says why."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


@dataclasses.dataclass(frozen=True)
class LaunchPlan:
    """The settings a launch will use (defaults from the pinned baseline, then the overrides) and what the launch
    must be told before it is paid for: whether it will be comparable with the baseline, and low power."""

    settings: dict[str, Any]
    source: str  # where the defaults came from: "baseline", "profile" or "defaults"
    baseline_run_id: int | None
    baseline_endpoint: str
    differences: tuple[str, ...]  # each setting that makes the run not comparable with the baseline
    warnings: tuple[str, ...]

    @property
    def comparable(self) -> bool | None:
        """None when there is no baseline to compare with."""
        return None if self.baseline_run_id is None else not self.differences

    def to_dict(self) -> dict[str, Any]:
        return {
            "settings": dict(self.settings),
            "defaults_from": self.source,
            "baseline_run_id": self.baseline_run_id,
            "baseline_endpoint_url": self.baseline_endpoint,
            "comparable": self.comparable,
            "warnings": list(self.warnings),
        }


def launch_plan(
    *,
    agent: Any,
    suite: Any,
    endpoint_url: str = "",
    compare_with_endpoint: str = "",
    overrides: dict[str, Any] | None = None,
) -> LaunchPlan:
    """The settings of a launch of ``suite`` (None: red-team only) on ``agent``: those of the pinned baseline of
    the endpoint + suite (or of ``compare_with_endpoint``'s) when there is one, else the suite's run profile, else
    the defaults; ``overrides`` (only the settings the user set) win. A read: nothing is launched or charged.

    Raises LaunchPlanError when ``compare_with_endpoint`` is another endpoint without a baseline to compare with.
    """
    overrides = {k: v for k, v in (overrides or {}).items() if k in LAUNCH_KEYS}
    endpoint = endpoint_url or agent.endpoint_url
    other = compare_with_endpoint if compare_with_endpoint and compare_with_endpoint != endpoint else ""
    depth = str(overrides.get("redteam_depth") or "")
    defaults = launch_defaults(
        agent=agent, suite=suite, endpoint_url=endpoint, compare_with_endpoint=other, redteam_depth=depth
    )
    if other and defaults.source != BASELINE:
        what = f"suite “{suite.name}”" if suite is not None else "these red-team attacks"
        raise LaunchPlanError(
            "compare_with_endpoint",
            f"No baseline is pinned for {agent.name} at {other} with {what}, so there is nothing to compare with "
            "there. Pin a run of that endpoint first, or leave this empty to use this endpoint's own baseline.",
        )
    settings = {**defaults.settings, **overrides}
    baseline_run = defaults.baseline.run if defaults.baseline is not None else None
    differences: tuple[str, ...] = ()
    warnings: list[str] = []
    if baseline_run is not None:
        planned = run_launch_profile(
            agent=agent,
            suite=suite,
            judge_model=settings["judge_model"],
            judge_strictness=settings["judge_strictness"],
            redteam_depth=settings["redteam_depth"] or "",
        )
        differences = gate.profile_differences(run_profile(baseline_run), profile_from_plan(planned))
        warnings += [
            f"Not comparable with baseline run #{baseline_run.pk}: {difference} The release gate will fail this "
            "run; leave the setting out to use the baseline's."
            for difference in differences
        ]
    low = low_power_warning(
        runs_per_scenario=int(settings["runs_per_scenario"]),
        baseline_runs=baseline_run.runs_per_scenario if baseline_run is not None else None,
    )
    warnings += [low] if low else []
    return LaunchPlan(
        settings, defaults.source, baseline_run.pk if baseline_run is not None else None, defaults.endpoint_url,
        differences, tuple(warnings),
    )  # fmt: skip


def low_power_warning(*, runs_per_scenario: int, baseline_runs: int | None) -> str:
    """A sentence when no scenario could ever reach significance: even a scenario that passed every baseline run
    and failed every current one gives Fisher's one-sided p = 1 / C(b + c, c), which must be at most the
    gate's alpha (the gate's correction over the rules only raises a p, so this is the most the rule can ever
    reach). Empty when the runs give the scenario rule a chance."""
    baseline = baseline_runs or runs_per_scenario
    if math.comb(baseline + runs_per_scenario, runs_per_scenario) * gate.ALPHA >= 1:
        return ""
    if runs_per_scenario == 1:
        return "With 1 run per scenario the gate cannot detect scenario regressions; use 3 or more."
    if baseline_runs is not None and baseline_runs < 3:
        return (
            f"With {runs_per_scenario} runs per scenario against a baseline of {baseline_runs}, the gate cannot "
            "detect scenario regressions; pin a baseline with 3 or more runs per scenario and use 3 or more."
        )
    return f"With {runs_per_scenario} runs per scenario the gate cannot detect scenario regressions; use 3 or more."
