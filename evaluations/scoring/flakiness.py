"""Flakiness as a result: per scenario, the pass rate over its scored runs, pass^k (the chance that all k runs
pass) and whether it is passing, flaky or failing. Pure: the report, the JSON and JUnit downloads, the CI API and
the drift section all read it from here, so they never disagree.

A scenario is **flaky** when some scored runs passed and some failed; **failing** when every scored run failed;
**passing** when every scored run passed. Not-scored and errored runs are left out, as in every other count: a
scenario with no scored run has no pass rate and no stability.
"""

from __future__ import annotations

import dataclasses
from typing import Any

PASSING, FLAKY, FAILING = "passing", "flaky", "failing"
STABILITY_LABELS = {PASSING: "Passing", FLAKY: "Flaky", FAILING: "Failing", "": "Not scored"}


@dataclasses.dataclass(frozen=True)
class Flakiness:
    passed: int
    failed: int
    k: int  # the runs per scenario of the run: pass^k is the chance that all k of them pass
    pass_rate: float | None  # percent of scored runs that passed, one decimal; None when none was scored
    pass_k: float | None  # percent, one decimal: (pass rate)^k, the plug-in estimate
    stability: str  # PASSING, FLAKY, FAILING or "" (no scored run)

    @property
    def is_flaky(self) -> bool:
        return self.stability == FLAKY

    @property
    def label(self) -> str:
        return STABILITY_LABELS[self.stability]

    @property
    def summary(self) -> str:
        """One line a user reads, e.g. "Flaky: 2 of 3 scored runs passed (67%); all 3 runs pass 30% of the time."."""
        return f"{self.label}: {self.detail}"

    @property
    def detail(self) -> str:
        """The summary without its label: "2 of 3 scored runs passed (67%); all 3 runs pass 30% of the time."."""
        if not self.stability:
            return "no run of this scenario was scored."
        scored = self.passed + self.failed
        return (
            f"{self.passed} of {scored} scored run{'s' if scored != 1 else ''} passed ({_percent(self.pass_rate)}); "
            f"all {self.k} run{'s' if self.k != 1 else ''} pass "
            f"{'under 0.1%' if self.passed and self.pass_k == 0 else _percent(self.pass_k)} of the time."
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "pass_rate": self.pass_rate,
            "pass_k": self.pass_k,
            "k": self.k,
            "stability": self.stability,
            "stability_label": self.label,
            "is_flaky": self.is_flaky,
        }


def scenario_flakiness(*, passed: int, failed: int, runs_per_scenario: int) -> Flakiness:
    """The flakiness of one scenario from its scored run counts. ``runs_per_scenario`` is k (at least 1).

    pass^k is estimated as p̂^k: with k equal to the runs made, the unbiased estimator C(passed, k) / C(n, k)
    would be 1 or 0 and say nothing a pass/fail status does not already say.
    """
    k = max(int(runs_per_scenario), 1)
    scored = passed + failed
    if scored <= 0:
        return Flakiness(passed, failed, k, None, None, "")
    rate = passed / scored
    if passed and failed:
        stability = FLAKY
    elif passed:
        stability = PASSING
    else:
        stability = FAILING
    return Flakiness(passed, failed, k, round(100.0 * rate, 1), round(100.0 * rate**k, 1), stability)


def _percent(value: float | None) -> str:
    """Whole percents where that is exact enough; one decimal under 10% and wherever rounding would show a flaky
    scenario as 0% or 100%."""
    if value is None:
        return "—"
    if float(value).is_integer():
        return f"{value:.0f}%"
    whole = f"{value:.0f}"
    return f"{value:.1f}%" if value < 10 or whole == "100" else f"{whole}%"
