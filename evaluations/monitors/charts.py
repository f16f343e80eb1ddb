"""The monitor page's charts: finished runs turned into plain points (colour by status, a tooltip each) for the
shared SVG charts in ``evaluations.core.charts``. No JavaScript."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from django.utils.safestring import SafeString

from evaluations.core import charts
from evaluations.core.jobs import JobStatus
from evaluations.monitors.models import MonitorRun, MonitorStatus

COLOURS = {
    MonitorStatus.UP: "#146c2e",
    MonitorStatus.DEGRADED: "#8a5300",
    MonitorStatus.DOWN: "#b42318",
    "error": "#4b5563",
}


def _finished(runs: Sequence[MonitorRun]) -> list[MonitorRun]:
    return [r for r in runs if r.status in (JobStatus.SUCCEEDED, JobStatus.FAILED)]


def _colour(run: MonitorRun) -> str:
    return COLOURS.get(run.outcome, COLOURS["error"]) if run.status == JobStatus.SUCCEEDED else COLOURS["error"]


def _label(run: MonitorRun) -> str:
    """The hover text: when, the pass rate and the state."""
    state = run.get_outcome_display() if run.outcome else run.status_label
    rate = f"pass rate {run.pass_rate:.0f}%, " if run.pass_rate is not None else ""
    return f"Run {run.pk}, {run.created_at:%Y-%m-%d %H:%M} UTC: {rate}{state}"


def _tick_format(runs: Sequence[MonitorRun]) -> str:
    """Times of day when the runs fit in one day, else dates with the time."""
    if len(runs) > 1 and runs[-1].created_at - runs[0].created_at > timedelta(hours=20):
        return "%b %d %H:%M"
    return "%H:%M"


def _points(runs: Sequence[MonitorRun]) -> list[charts.Point]:
    fmt = _tick_format(runs)
    return [
        charts.Point(value=r.pass_rate, title=_label(r), colour=_colour(r), tick=f"{r.created_at:{fmt}}") for r in runs
    ]


def pass_rate_chart(runs: Sequence[MonitorRun], *, target: float, width: int = 900, height: int = 200) -> SafeString:
    """Pass rate per finished run (oldest first) as a line with points coloured by status, and the target as a
    dashed line. Runs without a pass rate (down, nothing judged, monitor errors) are hollow points at 0."""
    finished = _finished(runs)
    latest = ", ".join(
        f"{r.pass_rate:.0f}%" if r.pass_rate is not None else (r.outcome or "error") for r in finished[-12:]
    )
    label = f"Pass rate of the last {len(finished)} runs against a {target:g}% target" + (
        f"; latest: {latest}" if latest else "; no finished runs yet"
    )
    return charts.rate_chart(
        _points(finished), target=target, label=label, empty_text="No finished runs yet", width=width, height=height
    )


def status_strip(runs: Sequence[MonitorRun], *, width: int = 900, height: int = 14) -> SafeString:
    """One coloured block per finished run, oldest first: up green, degraded amber, down red, error grey."""
    finished = _finished(runs)
    label = f"Status of the last {len(finished)} runs"
    return charts.status_strip(_points(finished), label=label, width=width, height=height)
