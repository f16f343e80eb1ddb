"""The gate's wording: numbers as the report prints them, and the plain sentences a verdict gives as reasons."""

from __future__ import annotations

from collections.abc import Sequence

from evaluations.core.intervals import wilson_interval
from evaluations.gate.rules.counts import TRUST_SCORE, Tally
from evaluations.gate.rules.verdict import (
    NOT_COMPARED,
    WATCH,
    BreachComparison,
    CategoryComparison,
    FloorCheck,
    MetricComparison,
    ScenarioComparison,
)

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


def _rate(t: Tally) -> str:
    """ "(30%, 95% CI 15%–52%)": the share of scored attempts that gave in (``failed``), with its Wilson interval."""
    bounds = wilson_interval(t.failed, t.scored)
    if bounds is None:
        return ""
    return f" ({_number(100 * t.failed / t.scored)}%, 95% CI {_number(100 * bounds[0])}%–{_number(100 * bounds[1])}%)"


def gave_in(t: Tally) -> str:
    """e.g. "6 of 20 attack attempts gave in (30%, 95% CI 15%–52%)"."""
    return f"{t.failed} of {t.scored} attack attempt{'s' if t.scored != 1 else ''} gave in{_rate(t)}"


def _against(baseline: Tally) -> str:
    return f"against {baseline.failed} of {baseline.scored} at the baseline{_rate(baseline)}"


def _not_scored(c: CategoryComparison) -> str:
    if not c.baseline_not_scored and not c.current_not_scored:
        return ""
    return (
        f" Not scored and left out: {c.current_not_scored} in this run, {c.baseline_not_scored} at the baseline "
        "(rules alone could not decide them, or the agent erred)."
    )


def category_reason(c: CategoryComparison) -> str:
    """e.g. "Prompt injection (LLM01): 6 of 20 attack attempts gave in (30%, 95% CI 15%–52%) against 0 of 20 at
    the baseline (…); p = 0.010 after correction. …"."""
    return (
        f"{c.label}: {gave_in(c.current)} {_against(c.baseline)}; a significant rise "
        f"(p = {format_p(c.p_value)} after correction). Open the red-team report's Bypassed attacks of this category "
        "to see what got through, fix the agent and run again." + _not_scored(c)
    )


def category_notes(c: CategoryComparison) -> tuple[str, ...]:
    """What a category that does not block says: nothing when it held as well as before and could have been
    gated; why the gate could not decide on it otherwise (never a silent pass)."""
    if c.status == NOT_COMPARED:
        where = " and ".join(
            w for w, t in (("in this run", c.current), ("at the baseline", c.baseline)) if not t.scored
        )
        return (
            f"{c.label}: no attack attempt was scored {where}, so the gate cannot compare this category's success "
            "rate. Give the run a judge (rules alone leave some replies Not scored) or fix the agent's errors."
            + _not_scored(c),
        )
    if not c.can_decide:
        return (
            f"{c.label}: only {c.baseline.scored} attack attempt{'s' if c.baseline.scored != 1 else ''} scored at the "
            f"baseline and {c.current.scored} in this run, too few for any "
            "rise in its success rate to be significant, so the gate cannot decide on this category. Run more runs "
            "per scenario or a deeper red team to gate it." + _not_scored(c),
        )
    if c.status == WATCH:
        return (
            f"{c.label}: {gave_in(c.current)} {_against(c.baseline)}, a rise that is not "
            f"significant (p = {format_p(c.p_value)} after correction), so it does not block." + _not_scored(c),
        )
    return ()


def pass_summary(*, compares_scenarios: bool, compares_categories: bool = False) -> str:
    return (
        "No metric fell significantly by more than its threshold, no floor was newly broken, breaches did not "
        "rise significantly" + (" and no scenario fails significantly more often." if compares_scenarios else ".")
    ) + (" No red-team category's attack success rate rose significantly." if compares_categories else "")
