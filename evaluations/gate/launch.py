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
# bench/gate_simulation.py, 3 runs: "one scenario always failing" (a scenario that passed every run now fails every
# run), the share of simulated pairs the gate blocks — 24.9 % of 2,000 (docs/gate.md, How the gate decides).
SINGLE_FLIP_CAUGHT_AT_3_RUNS = 25


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
    """A sentence when the runs per scenario leave the gate little power, empty when they do not.

    A scenario that passed every baseline run and failed every current one gives Fisher's one-sided
    p = 1 / C(b + c, c), the smallest its table can reach. Over the level, no scenario can ever block; over the
    level times the scenario rules' weight in the gate's correction, a lone scenario's table cannot block either,
    and only a metric that shows the drop can (how often: ``bench/gate_simulation.py``, docs/gate.md)."""
    baseline = baseline_runs or runs_per_scenario
    smallest = 1 / math.comb(baseline + runs_per_scenario, runs_per_scenario)
    if gate.is_significant(smallest, gate.ALPHA * gate.SCENARIO_WEIGHT):
        return ""
    if not gate.is_significant(smallest):
        if runs_per_scenario == 1:
            return "With 1 run per scenario the gate cannot detect scenario regressions; use 3 or more."
        if baseline_runs is not None and baseline_runs < 3:
            return (
                f"With {runs_per_scenario} runs per scenario against a baseline of {baseline_runs}, the gate cannot "
                "detect scenario regressions; pin a baseline with 3 or more runs per scenario and use 3 or more."
            )
        return f"With {runs_per_scenario} runs per scenario the gate cannot detect scenario regressions; use 3 or more."
    if runs_per_scenario == baseline == 3:
        return (
            "With 3 runs per scenario a single scenario going from 3/3 to 0/3 is caught about "
            f"{SINGLE_FLIP_CAUGHT_AT_3_RUNS}% of the time (when its metric shows the drop); use 5 or more to gate "
            "single scenarios."
        )
    against = f" against a baseline of {baseline_runs}" if baseline_runs and baseline_runs != runs_per_scenario else ""
    return (
        f"With {runs_per_scenario} runs per scenario{against} a single scenario that stops passing is caught only "
        "when its metric shows the drop; use 5 or more to gate single scenarios."
    )
