"""Confirmation runs in the gate room (docs/gate.md, *Confirmation runs*): which scenarios a run's first pass leaves
open, and the verdict of a run that had them. The statistics are the pure ``rules.confirmation``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from evaluations.gate import rules as gate
from evaluations.gate.profile import run_counts, run_mode, run_profile
from evaluations.gate.rules import confirmation
from evaluations.gate.topups import baseline_counts
from evaluations.runs.selectors import run_first_pass_summary

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun


def first_pass_counts(run: EvaluationRun) -> gate.RunCounts:
    """The run's counts over its first pass alone (its runs per scenario, before any confirmation attempt)."""
    summary = (run.metrics or {}).get("first_pass") if run.metrics else None
    if summary is None:
        summary = run.metrics if run.metrics and not run.settings.confirmation_open else run_first_pass_summary(run=run)
    return gate.counts_from_summary(
        summary, scenarios=run.scenarios or [], profile=run_profile(run), run_id=run.pk,
        runs_per_scenario=run.runs_per_scenario,
    )  # fmt: skip


def open_for_run(
    *,
    run: EvaluationRun,
    baseline_run: EvaluationRun,
    seen_flaky: frozenset[str],
    topups: Sequence[EvaluationRun] = (),
) -> tuple[str, ...]:
    """The scenarios to drive again after ``run``'s first pass: none when the pair is not comparable or the first
    look already blocks; else those the first pass left open (``rules.confirmation.open_scenarios``), against the
    baseline as it stands, its counted top-ups (``topups``) included."""
    if run_mode(run) != gate.SAVED:
        return ()
    base, first = baseline_counts(baseline_run, topups), first_pass_counts(run)
    if confirmation.first_look(base, first, seen_flaky=seen_flaky).state != gate.PASS:
        return ()
    return confirmation.open_scenarios(base, first, seen_flaky=seen_flaky)


def run_verdict(
    *,
    baseline_run: EvaluationRun,
    run: EvaluationRun,
    seen_flaky: frozenset[str],
    topups: Sequence[EvaluationRun] = (),
) -> gate.GateVerdict:
    """The gate's verdict of a finished run against ``baseline_run`` and its counted top-ups (``topups``). A run with
    confirmation runs planned against this very baseline looks twice (``rules.confirmation.confirmed_compare``),
    against the baseline as it stood when they were planned: a top-up counted later is left out, since the second
    look's null is exact only given the selection that was made. Against another baseline (re-pinned since, or none
    pinned at the time) the first pass alone is compared at the full level: its attempts were not chosen by looking
    at it."""
    settings = run.settings
    if not settings.confirmation_runs or run_mode(run) != gate.SAVED:
        return gate.compare(baseline_counts(baseline_run, topups), run_counts(run), seen_flaky=seen_flaky)
    first = first_pass_counts(run)
    if settings.confirmation_baseline != baseline_run.pk or settings.confirmation_open is None:
        return gate.compare(baseline_counts(baseline_run, topups), first, seen_flaky=seen_flaky)
    planned = set(settings.confirmation_topups)
    base = baseline_counts(baseline_run, [topup for topup in topups if topup.pk in planned])
    opened = settings.confirmation_open
    combined = run_counts(run) if opened else None
    return confirmation.confirmed_compare(
        base, first, combined, opened, confirmation_runs=settings.confirmation_runs, seen_flaky=seen_flaky
    )
