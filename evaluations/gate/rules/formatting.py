"""The gate's wording: numbers as the report prints them, and the plain sentences a verdict gives as reasons."""

from __future__ import annotations

from collections.abc import Sequence

from evaluations.gate.rules.counts import TRUST_SCORE, Tally
from evaluations.gate.rules.verdict import BreachComparison, FloorCheck, MetricComparison, ScenarioComparison

NOT_COMPARED_ADVICE = (
    "The runs are not compared, so no drift is shown. If the change is intended, pin a run made "
    "with the new settings as the baseline."
)
SUITE_CHANGED_ADVICE = (
    "The runs are not compared, so no drift is shown. Pin a good run of this version of the suite as the baseline "
    "to gate the next ones."
)


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def format_points(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{_number(value)} point" + ("" if value == 1 else "s")


def format_percent(value: float | None, *, trust: bool = False) -> str:
    if value is None:
        return "—"
    return f"{_number(value)} / 100" if trust else f"{_number(value)}%"


def format_p(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def format_tally(t: Tally) -> str:
    return f"{t.passed} of {t.scored}"


# ---------------------------------------------------------------------------------------------- reasons


def metric_reason(m: MetricComparison) -> str:
    return (
        f"{m.label} fell {format_points(m.drop)} ({format_percent(m.baseline_value, trust=m.key == TRUST_SCORE)} → "
        f"{format_percent(m.current_value, trust=m.key == TRUST_SCORE)}), more than its {_number(m.threshold or 0)}-point threshold, and the "
        f"drop is significant (p = {format_p(m.p_value)} on {format_tally(m.baseline)} vs {format_tally(m.current)} runs passed)."
    )


def metric_note(m: MetricComparison) -> str:
    return (
        f"{m.label} fell {format_points(m.drop)} ({format_percent(m.baseline_value, trust=m.key == TRUST_SCORE)} → {format_percent(m.current_value, trust=m.key == TRUST_SCORE)}), but the drop "
        f"is not significant (p = {format_p(m.p_value)} on {format_tally(m.baseline)} vs {format_tally(m.current)} runs "
        "passed), so it does not block."
    )


def floor_reason(f: FloorCheck) -> str:
    return (
        f"{f.label} is under its {format_percent(f.floor)} floor: {format_tally(f.current)} runs passed "
        f"({format_percent(f.current.rate)}), and even the optimistic 95% bound is {format_percent(f.upper_bound)}."
    )


def floor_note(f: FloorCheck) -> str:
    return (
        f"{f.label} is under its {format_percent(f.floor)} floor ({format_tally(f.current)} runs passed, 95% bound "
        f"{format_percent(f.upper_bound)}), as it already was in the pinned baseline "
        f"({format_percent(f.baseline_rate)}), so it does not block. Fix it, then pin a new baseline."
    )


def floor_not_significant_note(f: FloorCheck) -> str:
    return (
        f"{f.label} is under its {format_percent(f.floor)} floor ({format_tally(f.current)} runs passed, 95% bound "
        f"{format_percent(f.upper_bound)}), but it is not significantly lower than in the baseline "
        f"(p = {format_p(f.p_value)}), so it does not block."
    )


def breach_reason(breach: BreachComparison) -> str:
    return (
        f"The share of runs that breached a guardrail rose from {format_percent(breach.baseline_share)} "
        f"({breach.baseline_breaches} of {breach.baseline_attempts}) to {format_percent(breach.current_share)} "
        f"({breach.current_breaches} of {breach.current_attempts}), a significant rise (p = {format_p(breach.p_value)})."
    )


def scenario_reason(s: ScenarioComparison) -> str:
    return (
        f"Scenario “{s.name}” now fails significantly more often: {format_tally(s.current)} runs passed, "
        f"was {format_tally(s.baseline)} (p = {format_p(s.p_value)})."
    )


def worse_scenarios(worse: Sequence[ScenarioComparison], *, shown: int = 5) -> str:
    """The metric's scenarios that fail more often, named after its blocking reason (a description of where the
    significant drop is, not a test of each: with few runs no single scenario can be significant)."""
    if not worse:
        return ""
    names = ", ".join(f"“{s.name}”" for s in worse[:shown])
    more = f" and {len(worse) - shown} more" if len(worse) > shown else ""
    return f" Its scenarios that fail more often: {names}{more}."


def watch_note(watch: Sequence[ScenarioComparison]) -> str:
    return (
        f"Watch list: {len(watch)} scenario{'s' if len(watch) != 1 else ''} failed more often, but not "
        "significantly: " + ", ".join(f"“{s.name}”" for s in watch) + "."
    )


def seen_flaky_note(count: int) -> str:
    return (
        f"{count} scenario{'s' if count != 1 else ''} passed some attempts and failed others in this endpoint's "
        "earlier runs: flaky before this comparison, so their swings weigh a quarter in the metric tests."
    )


def pass_summary(*, compares_scenarios: bool) -> str:
    return (
        "No metric fell significantly by more than its threshold, no floor was newly broken, breaches did not "
        "rise significantly" + (" and no scenario fails significantly more often." if compares_scenarios else ".")
    )
